"""Mechanics, zones, the words: why a zone card (or a mileage card its zone forbids) cannot be played now
(engine.explain), the zones' lines in `touring show`, and their differences (diff.compare, diff.describe).

Plain strings from the compiled Zones and, for explain, the game the seat is at; nothing here imports
the engine or the faces.
"""
from __future__ import annotations

from ...base.i18n import _
from ...base.seat_words import and_also
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
        return _("the whole table is already in {card}").format(card=card) if game.zone_state[0] == c else \
            _("{card} would not change the table's zone").format(card=card)
    reach = t.reach[c]
    reasons = []
    victims = ([s] if reach in ("own", "any") else []) + ([v for v in t.others[s]] if reach != "own" else [])
    for v in victims:
        who = _("your side") if v == s else side_name(v)
        shielded = shield_reason(who, v, c)
        if shielded is not None:
            reasons.append(shielded)
        elif game.zone_state[v] == c and lifts_every_limit(t, c):  # a remedy with nothing to lift
            reasons.append(_("your side has no limit to lift") if v == s else
                           _("{who} has no limit").format(who=who))
        elif game.zone_state[v] == c:
            reasons.append(_("{who} is already in {card}").format(who=who, card=card))
    return and_also(reasons) or _("{card} would not change any zone it may be played on").format(card=card)


def lifts_every_limit(t, c: int) -> bool:
    """Whether zone card c allows every mileage card: a zone that sets no limit at all."""
    return all(t.mile_ok[c] >> m & 1 for m in range(t.K) if t.kind[m] == MILEAGE)


# touring show ------------------------------------------------------------------------------------
SHOW_REACH = {"own": "on one's own side", "opponent": "on an opponent", "any": "on any side"}
SHOW_SPEEDING = {"forbidden": "not allowed", "forfeit-card": "allowed, but the card is forfeited",
                 "forfeit-all": "allowed, but the side forfeits all its mileage and restarts"}


def show_lines(zones) -> list[str]:
    """The zones in `touring show`'s summary (none for an edition without zones)."""
    if not zones.zones:
        return []
    scope = "each side separately" if zones.scope == "side" else "the whole game at once"
    lines = [f"Zones govern {scope}; the race starts in {zones.start}"]
    for zone in zones.zones:
        lines.append(f"  {zone.name} allows {', '.join(zone.allows)}")
    if zones.scope == "side":  # on the one shared pile of a whole-game zone, no side is chosen
        for play in zones.plays:
            lines.append(f"  {play.card} is played {SHOW_REACH[play.reach]}")
    else:
        lines.append(f"  {', '.join(p.card for p in zones.plays)}: played on the shared zone pile")
    lines.append("  A zone card " + ("must change the zone" if zones.change_only else
                                     "may be played even where it changes nothing"))
    lines.append(f"  Speeding is {SHOW_SPEEDING[zones.speeding]}")
    return lines


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


DIFF_REACH = {"own": "on the player's own side", "opponent": "on an opponent", "any": "on any side",
              "shared": "on the one zone pile shared by the whole game"}
DIFF_SPEEDING = {"forbidden": "speeding is not allowed (a fast card cannot be laid in a slow zone)",
                 "forfeit-card": "speeding forfeits the card that was laid",
                 "forfeit-all": "speeding forfeits all the side's mileage and its go pile, so it starts again"}
DIFF_SCOPE = {"side": "each side separately, on its own zone pile", "game": "the whole game at once"}


def q(name: Any) -> str:
    return f'"{name}"'


def names(items) -> str:
    return ", ".join(q(n) for n in items) if items else "nothing"


def three(added: str, removed: str, changed: str, show: Callable[[Any], str] = str) -> Callable:
    """A phrase from one template per action; {name}, {new} and {old} are filled in."""
    templates = {"added": added, "removed": removed}

    def phrase(c) -> str:
        return templates.get(c.action, changed).format(
            name=q(c.name), new="" if c.new is None else show(c.new), old="" if c.old is None else show(c.old))
    return phrase


DIFF_PHRASES: dict[str, Callable] = {  # the aspects `compare` records -> a change (diff.changes.Change) in words
    "scope": lambda c: f"Zones govern {DIFF_SCOPE[c.new]} (was {DIFF_SCOPE[c.old]})",
    "start": lambda c: f"The race starts in {q(c.new)} (was {q(c.old)})",
    "zone-allows": three("New zone {name}, allowing {new}", "Zone {name} is gone (it allowed {old})",
                         "Zone {name} allows {new} (was {old})",
                         show=lambda v: "all mileage" if v == "all mileage" else names(v)),
    "zone-play": three("{name} is played {new} (new)", "No rule any more for playing {name} (it was played {old})",
                       "{name} is played {new} (was {old})", show=DIFF_REACH.__getitem__),
    "change-only": flag_changed("A zone card may be played only when it changes the zone",
                          "A zone card may be played even when it changes nothing"),
    "speeding": lambda c: f"{DIFF_SPEEDING[c.new].capitalize()} (was: {DIFF_SPEEDING[c.old]})",
}
