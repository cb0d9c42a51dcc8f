"""Mechanics, the race, its words: explain's refusal of a mileage card, `touring show`'s line, and the differ's
comparison of two races, two endings and two setups' own races (diff.compare calls compare_race,
compare_ending and compare_setup_race) with their sentences (DIFF_PHRASES, which diff.describe reads
through mechanics.core: the race's kind, length, caps and piles, a setup's race, the ending).
"""
from __future__ import annotations

from ...base.i18n import _, ngettext, pgettext
from ...base.wording import distance, distance_said, flag_changed, quoted, quoted_counts, seating_said, unit_said
from ..vocabulary import RUNNING
from ..zones import ZONES


def refusal(game, s: int, c: int, target_now) -> str:
    """Why side s may not lay mileage card c now (explain): no go card showing, its pile full or its cap
    reached, a zone's limit (mechanics.zones), or (an exact race) past the target, which `target_now()`
    gives as it stands on this table."""
    t = game.t
    card = t.names[c]
    if game.go_state[s] != RUNNING:
        return _("mileage needs a {go} showing on your side's {pile}").format(go=t.go_name, pile=t.go_pile_name)
    if game.mileage_counts[s][c] >= t.need[c]:
        if t.distance:
            return _("a side may lay at most {n} {card} in a race").format(n=t.need[c], card=card)
        return _("your {card} pile is already complete").format(card=card)
    zoned = ZONES.mileage_refusal(game, s, c)
    if zoned:
        return zoned
    target = target_now()
    if t.distance and t.exact and game.miles[s] + t.miles[c] > target:
        return _("{card} would take your side past {target} {unit}: the race ends at exactly {target} {unit} "
                 "(your side has {miles})").format(card=card, target=target, unit=unit_said(t.unit), miles=game.miles[s])
    return _("{card} cannot be played now").format(card=card)


def show(r) -> str:
    """The race in one line (`touring show`)."""
    race, unit = r.race, unit_said(r.race.unit)
    if race.is_distance:
        said = _("Race: {miles} {unit} exactly, any mileage counting") if race.exact else \
            _("Race: {miles} {unit}, any mileage counting")
        return (said.format(miles=race.miles, unit=unit)
                + "".join(_("; at most {n} x {card}").format(n=n, card=c) for c, n in race.caps))
    piles = ", ".join((_("{n} x {card} (safe)") if p.protected else pgettext("counted cards", "{n} x {card}"))
                      .format(n=p.needs, card=p.card) for p in race.piles)
    return _("Race: {miles} {unit} in {n} mileage cards: {piles}").format(
        miles=race.miles, unit=unit, n=sum(p.needs for p in race.piles), piles=piles)


def race_kind(race) -> str:
    """How a race is run, as a Change holds it: on piles, on distance, or on distance exactly."""
    return ("distance-exact" if race.exact else "distance") if race.is_distance else "piles"


def cards_needed(race) -> int:
    """The mileage cards that complete a race of piles."""
    return sum(pile.needs for pile in race.piles)


def length(race) -> int | str:
    """A race length as a Change holds it: miles as a number, another unit written out ("700 km")."""
    return race.miles if race.unit == "miles" else f"{race.miles} {race.unit}"


def compare_race(c) -> None:
    """The race's differences (c: the differ's Comparison, whose `a` and `b` are the two rulesets, and
    `t` translates a card's name in `a` to its name in `b`)."""
    a, b = c.a.race, c.b.race
    c.value("race", "race-kind", race_kind(a), race_kind(b))
    if a.unit != b.unit or a.miles != b.miles:
        c.value("race", "race-miles", length(a), length(b))
    if not (a.is_distance or b.is_distance):
        c.value("race", "race-cards", cards_needed(a), cards_needed(b))
    if a.is_distance and b.is_distance:
        c.value("race", "race-exact", a.exact, b.exact)
    c.keyed("race", "race-cap", dict(a.caps), dict(b.caps), c.t)
    old = {p.card: p for p in a.piles}
    new = {p.card: p for p in b.piles}
    for card, pile in old.items():
        partner = new.get(c.t(card))
        if partner is None:
            c.emit("race", "removed", "pile", (card, None), pile.needs, None)
            continue
        for aspect, field in (("pile-needs", "needs"), ("protected", "protected"),
                              ("face-down", "face_down"), ("tally", "tally")):
            c.value("race", aspect, getattr(pile, field), getattr(partner, field),
                    subject=(card, partner.card))
    for card, pile in new.items():
        if card not in {c.t(x) for x in old}:
            c.emit("race", "added", "pile", (None, card), None, pile.needs)


def race_key(race) -> tuple:
    """A race by meaning: its length and what each pile needs (not where, nor in what order, it was written)."""
    return (race.miles, tuple(sorted((p.card, p.needs) for p in race.piles)))


def setup_length(setup, ruleset) -> int | str | None:
    """A setup's own race length as a Change holds it (length), or None where it runs the edition's race."""
    return None if race_key(setup.race) == race_key(ruleset.race) else length(setup.race)


def compare_setup_race(to_b, s_a, r_a, s_b, r_b):
    """The (action, aspect, old, new) changes of one way of seating between setup s_a of ruleset r_a and
    s_b of r_b: the length of its own race, and its piles (`to_b` puts a card of A in B's name)."""
    if race_key(s_a.race) == race_key(r_a.race) and race_key(s_b.race) == race_key(r_b.race):
        return  # both run their edition's own race, which the race topic compares
    if s_a.race.unit != s_b.race.unit or s_a.race.miles != s_b.race.miles:
        yield "changed", "setup-race", length(s_a.race), length(s_b.race)
    if s_a.race.is_distance or s_b.race.is_distance:
        return  # a distance race has no piles; the race topic says how the race is run
    piles_a = tuple((p.card, p.needs) for p in s_a.race.piles)
    piles_b = tuple((p.card, p.needs) for p in s_b.race.piles)
    if sorted((to_b(c), n) for c, n in piles_a) != sorted(piles_b):  # as for the race, order means nothing
        yield "changed", "setup-piles", piles_a, piles_b


def compare_ending(c) -> None:
    """The ending's differences (c as above)."""
    a, b = c.a.ending, c.b.ending
    for aspect, field in (("win", "win"), ("exhausted", "exhausted"),
                          ("exhausted-winner", "exhausted_winner"), ("turn-limit", "turn_limit")):
        c.value("ending", aspect, getattr(a, field), getattr(b, field))


# the differ's sentence for each aspect compare_race and compare_ending report (c: a diff Change), in the
# reader's language (base.i18n)
def race_kind_said(kind: str) -> str:
    return {"piles": _("by completing fixed mileage piles"),
            "distance": _("on distance: every mileage card counts"),
            "distance-exact": _("on distance, to be reached exactly: every mileage card counts, none may pass the "
                                "target")}[kind]


def length_said(value) -> str:
    """A race length as a Change holds it (length), in words: miles as a number, another unit written out."""
    return value if isinstance(value, str) else distance_said(value, "miles")


def was(old, new) -> str:
    """The old race length: its unit written out only when it differs from the new one's."""
    return str(old) if isinstance(old, int) == isinstance(new, int) else length_said(old)


def race_cap(c) -> str:
    """A distance race's cap on a card: added, gone, or changed."""
    if c.action == "added":
        return _("A side may lay at most {n} {card} in a race (new)").format(n=c.new, card=quoted(c.name))
    if c.action == "removed":
        return _("No limit any more on {card} (at most {n} a race)").format(card=quoted(c.name), n=c.old)
    return _("A side may lay at most {n} {card} in a race (was {old})").format(n=c.new, card=quoted(c.name),
                                                                              old=c.old)


def pile_flag(yes, no):
    """A pile's yes-or-no rule changed: `yes` and `no` give the sentence ({pile} to fill in) when it is read."""
    return lambda c: (yes() if c.new else no()).format(pile=quoted(c.name))


def tally(c) -> str:
    def show(v):
        return _("no card is laid crosswise") if v is None else \
            _("card number {n} is laid crosswise to help counting").format(n=v)
    return _("In the {pile} pile {now} (was: {before})").format(pile=quoted(c.name), now=show(c.new),
                                                                  before=show(c.old))


def pile(c) -> str:
    if c.action == "added":
        return _("New pile: {n} x {card}").format(n=c.new, card=quoted(c.name))
    return _("The {pile} pile is gone (it needed {n})").format(pile=quoted(c.name), n=c.old)


DIFF_PHRASES = {
    "race-kind": lambda c: _("The race is run {new} (was {old})").format(new=race_kind_said(c.new),
                                                                         old=race_kind_said(c.old)),
    "race-exact": flag_changed(lambda: _("The target must be reached exactly: no card may pass it"),
                               lambda: _("A side may pass the target")),
    "race-miles": lambda c: _("The race is {new} (was {old})").format(new=length_said(c.new), old=was(c.old, c.new)),
    "race-cap": race_cap,
    "setup-race": lambda c: _("{seating}: a race of {new} (was {old})").format(
        seating=seating_said(c), new=length_said(c.new), old=was(c.old, c.new)),
    "setup-piles": lambda c: _("{seating}: piles of {new} (was {old})").format(
        seating=seating_said(c), new=quoted_counts(c.new), old=quoted_counts(c.old)),
    "race-cards": lambda c: _("A side completes the race with {new} mileage cards (was {old})").format(
        new=c.new, old=c.old),
    "pile": pile,
    "pile-needs": lambda c: ngettext("The {pile} pile needs {n} card (was {old})",
                                     "The {pile} pile needs {n} cards (was {old})", c.new).format(
        pile=quoted(c.name), n=c.new, old=c.old),
    "protected": pile_flag(lambda: _("The {pile} pile is safe from penalties (was open to them)"),
                           lambda: _("The {pile} pile is open to penalties (was safe from them)")),
    "face-down": pile_flag(lambda: _("The {pile} pile is turned face down once complete (was left face up)"),
                           lambda: _("The {pile} pile is left face up once complete (was turned face down)")),
    "tally": tally,
    "win": lambda c: _("Winning: {new} (was {old})").format(new=c.new, old=c.old),
    "exhausted": lambda c: _("When the cards run out: {new} (was {old})").format(new=c.new, old=c.old),
    "exhausted-winner": lambda c: _("When the cards run out the winner is by {new} (was {old})").format(
        new=c.new, old=c.old),
    "turn-limit": lambda c: _("A race is stopped after {new} turns (was {old})").format(new=c.new, old=c.old),
}
