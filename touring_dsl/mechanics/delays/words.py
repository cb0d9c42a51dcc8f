"""Mechanics, delays, the plain words: explain's refusal of a go or remedy card, `touring show`'s lines,
the differ's comparison of two `delays` sections with its sentences (diff.compare calls compare;
diff.describe reads DIFF_PHRASES), `touring new`'s suggested chain, the rulebook's list of sources, and what
the table says of a chain (the steps still to come, play.table_view; the first step's hazards, the web
table's card faces).
"""
from __future__ import annotations

from ...base.i18n import _
from ...base.seat_words import either_of
from ..vocabulary import GO, RUNNING


# explain -------------------------------------------------------------------------------------------
def refusal(game, s: int, c: int, runs_free) -> str:
    """Why a go card or a remedy cannot go on side s's go pile: what holds the side up, and what it needs
    (`runs_free()`: why a side whose safety acts as go needs no go card, or None: mechanics.safeties)."""
    t = game.t
    card, state = t.names[c], game.go_state[s]
    if t.kind[c] == GO and state == RUNNING:
        return runs_free() or _("your side already shows a {go}").format(go=t.go_name)
    if state < 2:  # nothing holds the side up: a remedy has nothing to repair
        repaired = hazards_remedied_by(t, c)
        if not repaired:
            return _("{card} follows no hazard in this edition").format(card=card)
        if len(repaired) == 1:
            return _("{card} is the remedy for {hazard}, and no {hazard} is holding your side up").format(
                card=card, hazard=repaired[0])
        return _("{card} is the remedy for {hazards}, and none of them is holding your side up").format(
            card=card, hazards=either_of(repaired))
    hazard = hazard_of_state(t, state)
    wanted = either_of([t.names[x] for x in t.bits[t.onto[state]]])
    repaired = t.chain_of_state[state][1] > 0  # a remedy is laid on the hazard: the pile shows that remedy
    if repaired and t.onto[state] & t.go_mask:  # every remedy is laid: only the go card is missing
        return _("{hazard} is already repaired: your side needs a {go} now, not {card}").format(
            hazard=hazard, go=t.go_name, card=card)
    if t.kind[c] == GO:
        return _("{hazard} is holding your side up: it needs {cards} before a {go}").format(
            hazard=hazard, cards=wanted, go=t.go_name)
    if t.onto[state] & t.go_mask:  # the go card itself is this hazard's remedy: say so, not that it is repaired
        wanted = _("{cards} (the remedy for {hazard})").format(cards=wanted, hazard=hazard)
    other = [name for name in hazards_remedied_by(t, c) if name != hazard]
    if other:
        return _("{hazard} is holding your side up: it needs {cards}, not {card} (the remedy for {others})").format(
            hazard=hazard, cards=wanted, card=card, others=either_of(other))
    return _("{hazard} is holding your side up: it needs {cards}, not {card}").format(
        hazard=hazard, cards=wanted, card=card)


def hazard_of_state(t, state: int) -> str:
    """The hazard whose chain a go pile state belongs to (the state p steps after the hazard's own)."""
    _, step = t.chain_of_state[state]
    first = state - step
    return next((t.names[h] for h in range(t.K) if t.haz_state[h] == first), "a hazard")


def hazards_remedied_by(t, c: int) -> list[str]:
    """The hazards whose chains card c is a step of."""
    found = []
    for state in range(2, len(t.onto)):
        if t.onto[state] >> c & 1:
            name = hazard_of_state(t, state)
            if name not in found:
                found.append(name)
    return found


# the table's words (play.table_view, the web table's card faces) ------------------------------------
def rest_of_chain(r, top: str | None, next_card: str) -> list[str]:
    """The steps of the delay chain after next_card, when the go pile's top is the step before it."""
    for chain in r.delays.chains:
        sequence = (chain.hazard, *chain.steps)
        for before, after in zip(sequence, sequence[1:]):
            if before == top and after == next_card:
                return list(chain.steps[chain.steps.index(next_card) + 1:])
    return []


def first_steps(r) -> dict[str, list[str]]:
    """card -> the hazards whose chain it is the first step of (a go card: the hazards only go lifts)."""
    found: dict[str, list[str]] = {}
    for chain in r.delays.chains:
        if chain.steps:
            found.setdefault(chain.steps[0], []).append(chain.hazard)
    return found


# `touring show` ------------------------------------------------------------------------------------
def show_lines(r) -> list[str]:
    """One line per chain."""
    return [f"Delay: {chain.hazard} -> " + " -> ".join(chain.steps) for chain in r.delays.chains]


# the rulebook's list of sources -------------------------------------------------------------------
def provenance_rows(r) -> list[tuple[str, object]]:
    """The section (what a hazard may be laid on), then each chain."""
    return [("Hazards and their targets", r.delays.provenance)] + [
        (f"Recovery: {c.hazard}", c.provenance) for c in r.delays.chains]


# `touring new`: a house rule to try ----------------------------------------------------------------
def house_rule(r) -> tuple[str, tuple[str, ...]] | None:
    """Make the quickest repair need a remedy too (one borrowed from another chain): (what it does, the
    lines that do it), or None when every delay already needs a remedy or no remedy can be borrowed."""
    if not r.delays.chains:
        return None
    shortest = min(r.delays.chains, key=lambda c: len(c.steps))
    if len(shortest.steps) > 1:
        return None  # every delay already needs a remedy
    remedy = next((s for c in r.delays.chains for s in c.steps
                   if r.card(s).kind == "remedy" and s not in shortest.steps), None)
    if remedy is None:
        return None
    steps = " then ".join(_q(s) for s in (remedy,) + shortest.steps)
    return (f"After {_q(shortest.hazard)} a side needs {_q(remedy)} before it can go again.",
            ("delays {", f"    change chain {_q(shortest.hazard)} then {steps}", "}"))


# the differ ----------------------------------------------------------------------------------------
TOPIC = "delays"


def compare(cmp) -> None:
    """Emit the changes from cmp.a's delays to cmp.b's (cmp: diff.compare.Comparison; cmp.t reads A's card
    names in B's, cmp.ts a tuple of them)."""
    cmp.keyed(TOPIC, "chain", {c.hazard: c.steps for c in cmp.a.delays.chains},
              {c.hazard: c.steps for c in cmp.b.delays.chains}, cmp.t, cmp.ts)
    cmp.value(TOPIC, "delay-target", cmp.a.delays.target, cmp.b.delays.target)


def _q(name) -> str:
    return f'"{name}"'


def _steps(steps) -> str:
    return " then ".join(_q(s) for s in steps)


def _chain(c) -> str:
    if c.action == "added":
        return f"New delay {_q(c.name)}: the side recovers with {_steps(c.new)}"
    if c.action == "removed":
        return f"No delay chain for {_q(c.name)} any more (it was recovered with {_steps(c.old)})"
    return f"{_q(c.name)} is recovered with {_steps(c.new)} (was {_steps(c.old)})"


# `target showing go` / `target any`, in the differ's words
TARGET = {"showing-go": "only on a side showing an undelayed go card", "any": "on any side"}

# the differ's aspects -> a Change (diff.changes.Change) in one sentence
DIFF_PHRASES = {
    "chain": _chain,
    "delay-target": lambda c: f"Delays are laid {TARGET[c.new]} (was {TARGET[c.old]})",
}
