"""Mechanics, zones, the words: why a zone card (or a mileage card its zone forbids) cannot be played now
(engine.explain), the zones' lines in `touring show`, and their differences (diff.compare, diff.describe).

Plain strings from the compiled Zones and, for explain, the game the seat is at; nothing here imports
the engine or the faces.
"""
from __future__ import annotations

from ...base.i18n import _
from ...base.wording import capital, quoted, quoted_names, reasons_said
from ...base.wording import flag_changed

from typing import Any, Callable

from ..vocabulary import MILEAGE

# explain -----------------------------------------------------------------------------------------
def mileage_refusal(game, s: int, c: int) -> str | None:
    """Why mileage card c is refused for side s by its zone, or None when the zone allows it."""
    t = game.t
    if not t.mile_ok[game.zone_state[s]] >> c & 1:
        return _("{zone} does not allow {card}").format(zone=t.zone_names[game.zone_state[s]], card=t.names[c])
    return None


def refusal(game, s: int, c: int, shield_reason: Callable[[str, int, int], str | None],
            side_name: Callable[[int], str]) -> str:
    """Why zone card c cannot be played: where it may go, each side is already in it or shielded from it
    (`shield_reason(who, v, c)`: why side v, named `who`, is shielded from c (the safeties' words), or
    None; `side_name(v)`: how v is named)."""
    t, card = game.t, game.t.names[c]
    if c not in t.reach:
        return _("{card} has no play rule in this edition").format(card=card)
    if t.game_scope:
        return (_("the whole table is already in {card}") if game.zone_state[0] == c else
                _("{card} would not change the table's zone")).format(card=card)
    reach = t.reach[c]
    reasons = []
    victims = ([s] if reach in ("own", "any") else []) + ([v for v in t.others[s]] if reach != "own" else [])
    for v in victims:
        who = _("your side") if v == s else side_name(v)
        shielded = shield_reason(who, v, c)
        if shielded is not None:
            reasons.append(shielded)
        elif game.zone_state[v] == c and lifts_every_limit(t, c):  # a remedy with nothing to lift
            reasons.append((_("{who} has no limit to lift") if v == s else _("{who} has no limit")).format(who=who))
        elif game.zone_state[v] == c:
            reasons.append(_("{who} is already in {card}").format(who=who, card=card))
    return reasons_said(reasons) or _("{card} would not change any zone it may be played on").format(card=card)


def lifts_every_limit(t, c: int) -> bool:
    """Whether zone card c allows every mileage card: a zone that sets no limit at all."""
    return all(t.mile_ok[c] >> m & 1 for m in range(t.K) if t.kind[m] == MILEAGE)


# touring show ------------------------------------------------------------------------------------



def show_lines(zones) -> list[str]:
    """The zones in `touring show`'s summary (none for an edition without zones)."""
    if not zones.zones:
        return []
    said = _("Zones govern each side separately; the race starts in {zone}") if zones.scope == "side" else \
        _("Zones govern the whole game at once; the race starts in {zone}")
    lines = [said.format(zone=zones.start)]
    for zone in zones.zones:
        lines.append("  " + _("{zone} allows {mileage}").format(zone=zone.name, mileage=", ".join(zone.allows)))
    if zones.scope == "side":  # on the one shared pile of a whole-game zone, no side is chosen
        for play in zones.plays:
            lines.append("  " + show_reach(play.reach).format(card=play.card))
    else:
        lines.append("  " + _("{cards}: played on the shared zone pile").format(
            cards=", ".join(p.card for p in zones.plays)))
    lines.append("  " + (_("A zone card must change the zone") if zones.change_only else
                         _("A zone card may be played even where it changes nothing")))
    lines.append("  " + show_speeding(zones.speeding))
    return lines


def show_reach(reach: str) -> str:
    """Where a zone card is laid, as `touring show` says it ({card} to fill in)."""
    return {"own": _("{card} is played on one's own side"), "opponent": _("{card} is played on an opponent"),
            "any": _("{card} is played on any side")}[reach]


def show_speeding(speeding: str) -> str:
    return {"forbidden": _("Speeding is not allowed"),
            "forfeit-card": _("Speeding is allowed, but the card is forfeited"),
            "forfeit-all": _("Speeding is allowed, but the side forfeits all its mileage and restarts")}[speeding]


# diff --------------------------------------------------------------------------------------------
def compare(differ) -> None:
    """The zones' changes from ruleset differ.a to differ.b, under the topic "zones" (diff.compare's
    `value` and `keyed` record them; `t` and `ts` translate card names across the two rulesets)."""
    a, b = differ.a.zones, differ.b.zones
    differ.value("zones", "scope", a.scope, b.scope)
    differ.value("zones", "start", a.start, b.start, differ.t(a.start))
    differ.keyed("zones", "zone-allows", {z.name: allowed(differ.a, z.allows) for z in a.zones},
                 {z.name: allowed(differ.b, z.allows) for z in b.zones}, differ.t,
                 lambda v: v if v == "all mileage" else differ.ts(v), as_set)
    if a.scope == "side" or b.scope == "side":  # on one shared pile, which side a card is laid on means nothing
        differ.keyed("zones", "zone-play", plays(a), plays(b), differ.t)
    differ.value("zones", "change-only", a.change_only, b.change_only)
    differ.value("zones", "speeding", a.speeding, b.speeding)


def allowed(ruleset, allows: tuple[str, ...]) -> Any:
    """A zone's allowed mileage: the words "all mileage" when it allows every mileage card."""
    mileage = {c.name for c in ruleset.deck if c.kind == "mileage"}
    return "all mileage" if set(allows) >= mileage else tuple(allows)


def as_set(value: Any) -> Any:
    return value if isinstance(value, str) else tuple(sorted(value))


def plays(zones) -> dict[str, str]:
    """Where each zone card is laid: a reach where each side has a zone pile, else the shared pile."""
    return {p.card: p.reach if zones.scope == "side" else "shared" for p in zones.plays}


def diff_reach(reach: str) -> str:
    return {"own": _("on the player's own side"), "opponent": _("on an opponent"), "any": _("on any side"),
            "shared": _("on the one zone pile shared by the whole game")}[reach]


def diff_speeding(speeding: str) -> str:
    return {"forbidden": _("speeding is not allowed (a fast card cannot be laid in a slow zone)"),
            "forfeit-card": _("speeding forfeits the card that was laid"),
            "forfeit-all": _("speeding forfeits all the side's mileage and its go pile, so it starts again")}[speeding]


def diff_scope(scope: str) -> str:
    return {"side": _("each side separately, on its own zone pile"), "game": _("the whole game at once")}[scope]


def three(added: Callable[[], str], removed: Callable[[], str], changed: Callable[[], str],
          show: Callable[[Any], str] = str) -> Callable:
    """A phrase from one template per action, each read when the phrase is (a function giving it in the
    reader's language); {name}, {new} and {old} are filled in."""
    templates = {"added": added, "removed": removed}

    def phrase(c) -> str:
        return templates.get(c.action, changed)().format(
            name=quoted(c.name), new="" if c.new is None else show(c.new), old="" if c.old is None else show(c.old))
    return phrase


def allowed_said(value) -> str:
    return _("all mileage") if value == "all mileage" else quoted_names(value)


DIFF_PHRASES: dict[str, Callable] = {  # the aspects `compare` records -> a change (diff.changes.Change) in words
    "scope": lambda c: _("Zones govern {new} (was {old})").format(new=diff_scope(c.new), old=diff_scope(c.old)),
    "start": lambda c: _("The race starts in {new} (was {old})").format(new=quoted(c.new), old=quoted(c.old)),
    "zone-allows": three(lambda: _("New zone {name}, allowing {new}"), lambda: _("Zone {name} is gone (it allowed {old})"),
                         lambda: _("Zone {name} allows {new} (was {old})"), show=allowed_said),
    "zone-play": three(lambda: _("{name} is played {new} (new)"),
                       lambda: _("No rule any more for playing {name} (it was played {old})"),
                       lambda: _("{name} is played {new} (was {old})"), show=diff_reach),
    "change-only": flag_changed(lambda: _("A zone card may be played only when it changes the zone"),
                                lambda: _("A zone card may be played even when it changes nothing")),
    "speeding": lambda c: _("{new} (was: {old})").format(new=capital(diff_speeding(c.new)), old=diff_speeding(c.old)),
}
