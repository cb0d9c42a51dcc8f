"""Mechanics, the race, its words: explain's refusal of a mileage card, `touring show`'s line, and the differ's comparison of two races and
two endings (diff.compare calls compare_race and compare_ending) with their sentences (DIFF_PHRASES, which
diff.describe reads through mechanics.core; the race's length and caps are still said there, beside a
setup's own race).
"""
from __future__ import annotations

from ..vocabulary import RUNNING
from ..zones import ZONES


def refusal(game, s: int, c: int, target_now) -> str:
    """Why side s may not lay mileage card c now (explain): no go card showing, its pile full or its cap
    reached, a zone's limit (mechanics.zones), or (an exact race) past the target, which `target_now()`
    gives as it stands on this table."""
    t = game.t
    card = t.names[c]
    if game.go_state[s] != RUNNING:
        return f"mileage needs a {t.go_name} showing on your side's {t.go_pile_name}"
    if game.mileage_counts[s][c] >= t.need[c]:
        if t.distance:
            return f"a side may lay at most {t.need[c]} {card} in a race"
        return f"your {card} pile is already complete"
    zoned = ZONES.mileage_refusal(game, s, c)
    if zoned:
        return zoned
    target = target_now()
    if t.distance and t.exact and game.miles[s] + t.miles[c] > target:
        return (f"{card} would take your side past {target} {t.unit}: the race ends at exactly "
                f"{target} {t.unit} (your side has {game.miles[s]})")
    return f"{card} cannot be played now"


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


def cards(n: int) -> str:
    return f"{n} card" + ("" if n == 1 else "s")


def yes_no(yes: str, no: str):
    return lambda c: f"{yes if c.new else no} (was: {yes if c.old else no})"


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
    "race-exact": yes_no("The target must be reached exactly: no card may pass it", "A side may pass the target"),
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
