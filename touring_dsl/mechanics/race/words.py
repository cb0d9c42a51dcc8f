"""Mechanics, the race, its words: explain's refusal of a mileage card, `touring show`'s line, and the differ's
comparison of two races, two endings and two setups' own races (diff.compare calls compare_race,
compare_ending and compare_setup_race) with their sentences (DIFF_PHRASES, which diff.describe reads
through mechanics.core: the race's kind, length, caps and piles, a setup's race, the ending).
"""
from __future__ import annotations

from ...base.i18n import _, ngettext
from ...base.wording import distance, flag_changed
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
                 "(your side has {miles})").format(card=card, target=target, unit=t.unit, miles=game.miles[s])
    return _("{card} cannot be played now").format(card=card)


def show(r) -> str:
    """The race in one line (`touring show`)."""
    race = r.race
    if race.is_distance:
        return (f"Race: {race.miles} {race.unit}{' exactly' if race.exact else ''}, any mileage counting"
                + "".join(f"; at most {n} x {c}" for c, n in race.caps))
    return (f"Race: {race.miles} {race.unit} in {sum(p.needs for p in race.piles)} mileage cards: "
            + ", ".join(f"{p.needs} x {p.card}" + (" (safe)" if p.protected else "") for p in race.piles))


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


# the differ's sentence for each aspect compare_race and compare_ending report (c: a diff Change)
RACE_KIND = {"piles": "by completing fixed mileage piles", "distance": "on distance: every mileage card counts",
             "distance-exact": "on distance, to be reached exactly: every mileage card counts, none may pass the "
                               "target"}


def quoted(name) -> str:
    return f'"{name}"'


def length_said(value) -> str:
    """A race length as a Change holds it (length), in words: miles as a number, another unit written out."""
    return value if isinstance(value, str) else distance(value, "miles")


def was(old, new) -> str:
    """The old race length: its unit written out only when it differs from the new one's."""
    return str(old) if isinstance(old, int) == isinstance(new, int) else length_said(old)


def counted_cards(items) -> str:
    return ", ".join(f"{n} x {quoted(card)}" for card, n in items) if items else "nothing"


def race_cap(c) -> str:
    """A distance race's cap on a card: added, gone, or changed."""
    if c.action == "added":
        return f"A side may lay at most {c.new} {quoted(c.name)} in a race (new)"
    if c.action == "removed":
        return f"No limit any more on {quoted(c.name)} (at most {c.old} a race)"
    return f"A side may lay at most {c.new} {quoted(c.name)} in a race (was {c.old})"


def cards(n: int) -> str:
    return f"{n} card" + ("" if n == 1 else "s")


def pile_flag(yes: str, no: str):
    return lambda c: f"The {quoted(c.name)} pile {yes if c.new else no}"


def tally(c) -> str:
    def show(v):
        return "no card is laid crosswise" if v is None else f"card number {v} is laid crosswise to help counting"
    return f"In the {quoted(c.name)} pile {show(c.new)} (was: {show(c.old)})"


def pile(c) -> str:
    if c.action == "added":
        return f"New pile: {c.new} x {quoted(c.name)}"
    return f"The {quoted(c.name)} pile is gone (it needed {c.old})"


DIFF_PHRASES = {
    "race-kind": lambda c: f"The race is run {RACE_KIND[c.new]} (was {RACE_KIND[c.old]})",
    "race-exact": flag_changed("The target must be reached exactly: no card may pass it", "A side may pass the target"),
    "race-miles": lambda c: f"The race is {length_said(c.new)} (was {was(c.old, c.new)})",
    "race-cap": race_cap,
    "setup-race": lambda c: f"{c.name}: a race of {length_said(c.new)} (was {was(c.old, c.new)})",
    "setup-piles": lambda c: f"{c.name}: piles of {counted_cards(c.new)} (was {counted_cards(c.old)})",
    "race-cards": lambda c: f"A side completes the race with {c.new} mileage cards (was {c.old})",
    "pile": pile,
    "pile-needs": lambda c: f"The {quoted(c.name)} pile needs {cards(c.new)} (was {c.old})",
    "protected": pile_flag("is safe from penalties (was open to them)", "is open to penalties (was safe from them)"),
    "face-down": pile_flag("is turned face down once complete (was left face up)",
                           "is left face up once complete (was turned face down)"),
    "tally": tally,
    "win": lambda c: f"Winning: {c.new} (was {c.old})",
    "exhausted": lambda c: f"When the cards run out: {c.new} (was {c.old})",
    "exhausted-winner": lambda c: f"When the cards run out the winner is by {c.new} (was {c.old})",
    "turn-limit": lambda c: f"A race is stopped after {c.new} turns (was {c.old})",
}
