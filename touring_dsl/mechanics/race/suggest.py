"""Mechanics, the race, `touring new`'s suggestions: a shorter race, and a turn limit, each as rule lines
(cli.new comments them out in the house rule it starts, keeping the first way of writing one that compiles).
"""
from __future__ import annotations


def q(text: str) -> str:
    return f'"{text}"'


def pile_rule(card: str, needs: int, protected: bool, face_down: bool, tally: int | None) -> str:
    flags = (" protected" if protected else "") + (" face down" if face_down else "") + \
        (f" tally {tally}" if tally else "")
    return f"pile {q(card)} needs {needs}{flags}"


def suggest_race(r) -> list[tuple[str, tuple[str, ...]]]:
    """A shorter race: halve every pile, or else only the piles each setup with a race of its own
    sets for itself (such a setup takes its other piles from the main race)."""
    everything = {p.card for p in r.race.piles}
    own = set(everything)
    for setup in (s for s in r.setups if s.race != r.race):
        own &= _overridden(setup, r)
    # a setup's file may restate every pile or only those it changes; only one of the two compiles
    return [s for s in (_shorter_race(r, halve, every) for halve in (everything, own) for every in (True, False)) if s]


def _shorter_race(r, halve: set[str], restated: bool = False) -> tuple[str, tuple[str, ...]] | None:
    piles = [(p, max(1, p.needs // 2) if p.card in halve else p.needs) for p in r.race.piles]
    miles = sum(needs * (r.card(p.card).miles or 0) for p, needs in piles)
    if miles == r.race.miles:
        return None
    lines = [f"change race {miles} miles {{"]
    lines += [f"    {pile_rule(p.card, needs, p.protected, p.face_down, p.tally)}" for p, needs in piles]
    lines.append("}")
    setups = _shorter_setups(r, halve, dict((p.card, needs) for p, needs in piles), restated)
    for _, _, _, setup_lines in setups:
        lines += setup_lines
    shortened = [f'"{label}" from {was} to {now} miles' for label, was, now, _ in setups]
    also = (" A setup with a race of its own keeps it unless changed too, so these lines shorten "
            + ("the race of " if len(shortened) == 1 else "the races of ") + ", ".join(shortened) + " as well."
            if setups else "")
    return (f"A shorter race of {miles} miles (was {r.race.miles}). A changed pile replaces the "
            f"parent's pile whole: keep its `protected` and `face down`.{also}", tuple(lines))


def _shorter_setups(r, halve: set[str], new_needs: dict[str, int],
                    restated: bool) -> list[tuple[str, int, int, list[str]]]:
    """For each setup that runs a race of its own, its label, its race's miles before and after, and the
    lines that shorten it alike: the piles it sets for itself (every pile, when `restated`) halved, the
    others taken from the new main race."""
    found = []
    for setup in (s for s in r.setups if s.race != r.race and not s.race.is_distance):
        own = {p.card for p in setup.race.piles} if restated else _overridden(setup, r)
        needs = {p.card: (max(1, p.needs // 2) if p.card in halve else p.needs) if p.card in own
                 else new_needs[p.card] for p in setup.race.piles}
        miles = sum(n * (r.card(card).miles or 0) for card, n in needs.items())
        lines = [f"setup {q(setup.label)} {{", f"    change race {miles} miles"]
        lines += [f"    change pile {q(card)} needs {needs[card]}" for card in needs if card in own]
        found.append((setup.label, setup.race.miles, miles, lines + ["}"]))
    return found


def _needs(r, card: str) -> int:
    return next(p.needs for p in r.race.piles if p.card == card)


def _overridden(setup, r) -> set[str]:
    """Piles a setup sets for itself (its needs differ from the main race's)."""
    return {p.card for p in setup.race.piles if p.needs != _needs(r, p.card)}


def suggest_turn_limit(r) -> list[tuple[str, tuple[str, ...]]]:
    """A turn limit half as long, changed or added (the parent may or may not write one)."""
    limit = max(1, r.ending.turn_limit // 2)
    about = f"Stop an endless race after {limit} turns (now {r.ending.turn_limit})."
    return [(about, ("ending {", f"    {op} turn limit {limit}", "}")) for op in ("change", "add")]
