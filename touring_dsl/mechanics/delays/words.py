"""Mechanics, delays, the plain words: explain's refusal of a go or remedy card, `touring show`'s lines,
the differ's comparison of two `delays` sections with its sentences (diff.compare calls compare;
diff.describe reads DIFF_PHRASES), `touring new`'s suggested chain, the rulebook's list of sources, and what
the table says of a chain (the steps still to come, play.table_view; the first step's hazards, the web
table's card faces).
"""
from __future__ import annotations

from ...base.i18n import _
from ...base.wording import either, quoted
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
        said = _("{card} is the remedy for {hazard}, and no {hazard} is holding your side up") \
            if len(repaired) == 1 else _("{card} is the remedy for {hazards}, and none of them is holding your side up")
        return said.format(card=card, hazard=repaired[0], hazards=either(repaired))
    hazard = hazard_of_state(t, state)
    wanted = either(t.names[x] for x in t.bits[t.onto[state]])
    repaired = t.chain_of_state[state][1] > 0  # a remedy is laid on the hazard: the pile shows that remedy
    if repaired and t.onto[state] & t.go_mask:  # every remedy is laid: only the go card is missing
        return _("{hazard} is already repaired: your side needs a {go} now, not {card}").format(
            hazard=hazard, go=t.go_name, card=card)
    if t.kind[c] == GO:
        return _("{hazard} is holding your side up: it needs {wanted} before a {go}").format(
            hazard=hazard, wanted=wanted, go=t.go_name)
    if t.onto[state] & t.go_mask:  # the go card itself is this hazard's remedy: say so, not that it is repaired
        wanted = _("{wanted} (the remedy for {hazard})").format(wanted=wanted, hazard=hazard)
    other = [name for name in hazards_remedied_by(t, c) if name != hazard]
    said = _("{hazard} is holding your side up: it needs {wanted}, not {card} (the remedy for {others})") if other \
        else _("{hazard} is holding your side up: it needs {wanted}, not {card}")
    return said.format(hazard=hazard, wanted=wanted, card=card, others=either(other))


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
    return [_("Delay: {chain}").format(chain=" -> ".join((chain.hazard, *chain.steps))) for chain in r.delays.chains]


# the rulebook's list of sources -------------------------------------------------------------------
def provenance_rows(r) -> list[tuple[str, object]]:
    """The section (what a hazard may be laid on), then each chain."""
    return [(_("Hazards and their targets"), r.delays.provenance)] + [
        (_("Recovery: {hazard}").format(hazard=c.hazard), c.provenance) for c in r.delays.chains]


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


def _q(name) -> str:
    return f'"{name}"'  # `touring new`'s suggestion, written into an edition file: English, as the files are


# the differ ----------------------------------------------------------------------------------------
TOPIC = "delays"


def compare(cmp) -> None:
    """Emit the changes from cmp.a's delays to cmp.b's (cmp: diff.compare.Comparison; cmp.t reads A's card
    names in B's, cmp.ts a tuple of them)."""
    cmp.keyed(TOPIC, "chain", {c.hazard: c.steps for c in cmp.a.delays.chains},
              {c.hazard: c.steps for c in cmp.b.delays.chains}, cmp.t, cmp.ts)
    cmp.value(TOPIC, "delay-target", cmp.a.delays.target, cmp.b.delays.target)


def _steps(steps) -> str:
    said = quoted(steps[0]) if steps else ""
    for step in steps[1:]:
        said = _("{first} then {then}").format(first=said, then=quoted(step))
    return said


def _chain(c) -> str:
    if c.action == "added":
        return _("New delay {hazard}: the side recovers with {steps}").format(hazard=quoted(c.name),
                                                                             steps=_steps(c.new))
    if c.action == "removed":
        return _("No delay chain for {hazard} any more (it was recovered with {steps})").format(
            hazard=quoted(c.name), steps=_steps(c.old))
    return _("{hazard} is recovered with {steps} (was {old})").format(hazard=quoted(c.name), steps=_steps(c.new),
                                                                     old=_steps(c.old))


def _target(target: str) -> str:
    """`target showing go` / `target any`, in the differ's words."""
    return {"showing-go": _("only on a side showing an undelayed go card"), "any": _("on any side")}[target]


# the differ's aspects -> a Change (diff.changes.Change) in one sentence
DIFF_PHRASES = {
    "chain": _chain,
    "delay-target": lambda c: _("Delays are laid {new} (was {old})").format(new=_target(c.new), old=_target(c.old)),
}
