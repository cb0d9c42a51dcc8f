"""Mechanics, stacking hazards: a hazard may be played on a side that another hazard already holds up.

Construct: in the `delays` section, `stack hazards` or `stack hazards remedied in turn`. A chain's
hazard may then be played on a side whose go pile shows a hazard not yet remedied (as well as on a side
showing go); the new hazard goes on top and only it counts: the side must answer it first. What lies
beneath:

    stack hazards                    the top hazard's remedy corrects the side: the hazards beneath
                                     stay buried under it and never count again. A safety that lifts
                                     the top hazard off the pile uncovers the one beneath, which holds
                                     the side up again (unless a safety of the side shields from it).
    stack hazards remedied in turn   each hazard beneath counts again, where it was left, once the one
                                     above it is remedied or lifted; the side's go card comes last.

The hazards under the top one are kept, as the go states they left, in `held_under` (derived from the
go pile, which is public: engine.rebuild and a given position replay the pile by go_pile_state below).
A reshuffle that gives go pile cards back cannot be used with it (a buried hazard would be drawn
again while it still counts): E234.

Every piece is declared below; docs/language.md, "Adding a mechanic", walks through the Extension's.
"""
from __future__ import annotations

from ..base.i18n import _

from typing import Literal

from .base import Mechanic, model_on_first_use
from .vocabulary import DERIVED, EMPTY, GO, HAZARD, LISTS, REMEDY, RUNNING, SIDE, StateField

PARKER, IN_TURN = "top-remedy-corrects", "in-turn"


# the part of the model: hazards stack on a held-up side; `beneath` says what the top one's remedy does
# to those under it (PARKER: they stay buried; IN_TURN: each counts again in turn)
__getattr__ = model_on_first_use(
    __name__, "Stacking",
    "Hazards stack on a side already held up; `beneath`: what the top one's remedy does to the others.",
    lambda: {"beneath": (Literal["top-remedy-corrects", "in-turn"], PARKER)})


def held_states(t) -> list[int]:
    """The go pile states in which a hazard, not yet remedied, holds the side up."""
    return [g for g in range(2, len(t.onto)) if t.state_hazard[g] >= 0]


def replay(t, pile: list[int], shield: int, beneath: str) -> tuple[int, list[int]]:
    """The go state a pile implies with stacked hazards, and the states held under the top one: the pile
    replayed bottom first (as the kernel lays it), then any top hazard the shield covers lifted."""
    state, under = EMPTY, []
    for c in pile:
        kind = t.kind[c]
        if kind == HAZARD and t.haz_state[c] >= 0:
            if t.state_hazard[state] >= 0:
                under.append(state)
            state = t.haz_state[c]
            continue
        if kind == GO:
            state = RUNNING
        elif kind == REMEDY:
            nxt = t.after[state][c]
            state = nxt if nxt >= 0 else next((t.after[st][c] for st in range(2, len(t.onto))
                                               if t.after[st][c] >= 0), state)
        else:
            continue
        if t.state_hazard[state] < 0 and under:
            if beneath == PARKER:
                under.clear()
            else:
                state = _uncover(t, under, shield, state)
    if t.state_hazard[state] >= 0 and shield >> t.state_hazard[state] & 1:  # lifted by a safety
        state = _uncover(t, under, shield, RUNNING)
    return state, under


def _uncover(t, under: list[int], shield: int, state: int) -> int:
    while under:
        below = under.pop()
        if not shield >> t.state_hazard[below] & 1:
            return below
    return state


class StackingMechanic(Mechanic):
    name = "stacking"
    means = "a hazard may be played on a side that another hazard already holds up; only the top one counts"
    place = "ruleset"
    topic = "delays"
    model = property(lambda self: __getattr__("Stacking"))  # made on first use (base.model_on_first_use)
    statements = {"stacking": "delays"}
    errors = {"E234": "stacked hazards with no chain hazard to stack, or with go piles a reshuffle gives back"}
    kernel_names = {}
    constants = ()

    # the compiler ------------------------------------------------------------------------------
    def parse(self, rule: str, children: list) -> dict:
        return {"beneath": IN_TURN if any(child is not None for child in children) else PARKER}

    def compile(self, stmts: list, context, build):
        if not stmts:
            return None
        stmt = stmts[-1]
        chained = [s for s in build.stmts("delays") if s.kind == "chain"]
        if not chained:
            build.c.error("E234", "hazards are stacked, but no chain says which hazards hold a side up",
                          stmt.span, 'add a `chain "Hazard" then ... then "Go"`, or leave out `stack hazards`')
            return None
        go_back = build.one("reshuffle", "return_group", "go")
        if go_back is not None and go_back.data.get("keep", "none") != "none":
            build.c.error("E234", "hazards are stacked, but a reshuffle gives go pile cards back: a buried "
                          "hazard could be drawn again while it still counts", stmt.span,
                          "return go piles none, or leave out `stack hazards`")
            return None
        return self.model(beneath=stmt.data["beneath"], provenance=build.provenance(stmt, "stacking hazards"))

    # the engine --------------------------------------------------------------------------------
    def state(self) -> tuple:
        return (StateField("held_under", "each side's go states under its top hazard, bottom first (hazards "
                           "stacked on a side already held up)", SIDE, "[]", LISTS, DERIVED, derive="go piles",
                           local=True),)

    def tables(self, t, part) -> None:
        t.stack_beneath = part.beneath
        for g in held_states(t):  # a held-up side is open to every chain hazard, as a running one is
            t.expo_gz[g] = [m | t.chain_hazards for m in t.expo_gz[g]]

    def before_cover(self, e) -> None:
        with e.w.block("if STATE_HAZARD[go_state[v]] >= 0:  # stacked: the hazard it covers waits beneath"):
            e.w("held_under[v].append(go_state[v])")

    def go_shown(self, e, v: str, by: str) -> None:
        """After a remedy or go: buried hazards stay buried (PARKER) or the next counts again (IN_TURN);
        after a safety lifted the top hazard: the one beneath counts again."""
        w, t = e.w, e.t
        if by == "card" and t.stack_beneath == PARKER:
            with w.block(f"if held_under[{v}] and STATE_HAZARD[_g] < 0:  # remedied: those beneath stay buried"):
                w(f"held_under[{v}].clear()")
            return
        with w.block(f"if held_under[{v}] and STATE_HAZARD[go_state[{v}]] < 0:  # the hazard beneath counts again"):
            w(f"_st = held_under[{v}]")
            with w.block("while _st:"):
                w("_u = _st.pop()")
                if t.safety_mask:
                    with w.block(f"if not immune[{v}] >> STATE_HAZARD[_u] & 1:  # (one a safety shields from is lifted)"):
                        w(f"_g = go_state[{v}] = _u", "break")
                else:
                    w(f"_g = go_state[{v}] = _u", "break")

    def hazard_targets(self, t) -> str:
        return _("is held up by a hazard not yet remedied")

    def go_pile_state(self, game, s: int) -> int:
        t = game.t
        shield = 0
        for c in game.safety_piles[s]:
            shield |= t.immune[c]
        state, under = replay(t, game.go_piles[s], shield, t.stack_beneath)
        game.held_under[s] = under
        return state

    def title(self) -> str:
        return _("Stacking")

    # words -------------------------------------------------------------------------------------
    def rulebook(self, part, unit: str) -> list[str]:
        said = [_("A hazard may also be played on a side that another hazard already holds up: it goes on top, "
                  "and only the top hazard counts; the side must answer it first.")]
        if part.beneath == PARKER:
            said.append(_("Its remedy puts the side right: the hazards beneath stay buried and do not count "
                          "again. A safety that lifts the top hazard off the pile uncovers the one beneath, which "
                          "holds the side up again unless a safety shields from it."))
        else:
            said.append(_("Once the top hazard is remedied (or lifted by a safety), the one beneath counts again, "
                          "where it was left; the side's go card comes after the last of them."))
        return said

    def variant_lines(self, old, new, unit: str) -> list[str]:
        """The differ's words (diff below), in the reader's language for the rulebook."""
        if old == new or (old is not None and new is not None and old.beneath == new.beneath):
            return []
        if new is None:
            return [_("a hazard may not be played on a side already held up (was: hazards stack)")]
        beneath = {PARKER: _("the top one's remedy buries those beneath"), IN_TURN: _("those beneath are remedied in turn")}
        if old is None:
            return [_("hazards stack on a side already held up; {rule} (was: only on a side showing go)").format(
                rule=beneath[new.beneath])]
        return [_("stacked hazards: {rule} (was: {was})").format(rule=beneath[new.beneath], was=beneath[old.beneath])]

    def diff(self, old, new, unit: str) -> list[str]:
        if old == new or (old is not None and new is not None and old.beneath == new.beneath):
            return []
        if new is None:
            return [_("a hazard may not be played on a side already held up (was: hazards stack)")]
        if old is None:
            return [_("hazards stack on a side already held up; {beneath} (was: only on a side showing go)").format(
                beneath=self._beneath(new))]
        return [_("stacked hazards: {new} (was: {old})").format(new=self._beneath(new), old=self._beneath(old))]

    @staticmethod
    def _beneath(part) -> str:
        return (_("the top one's remedy buries those beneath") if part.beneath == PARKER
                else _("those beneath are remedied in turn"))

    def show(self, part, unit: str) -> str:
        return _("stack hazards remedied in turn") if part.beneath == IN_TURN else _("stack hazards")

    def status(self, game) -> str | None:
        """The rule, and for each side with hazards under its top one, which (the table shows only the top)."""
        t = game.t
        said = [_("hazards stack: those beneath are remedied in turn") if t.stack_beneath == IN_TURN else
                _("hazards stack: the top one's remedy buries those beneath")]
        for s, under in enumerate(game.held_under):
            if under:
                cards = [t.names[t.state_hazard[g]] for g in under]
                listed = cards[0]
                for card in cards[1:]:
                    listed = _("{cards} and {card}").format(cards=listed, card=card)
                said.append(_("side {number} has {cards} under its top hazard").format(number=s + 1, cards=listed))
        return "; ".join(said)


MECHANIC = StackingMechanic()
