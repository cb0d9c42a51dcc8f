"""Mechanics, the construct contract: what every core construct gives the language's and the engine's stages.

A core construct (the turn, the race, zones, penalties, safeties, scoring, the match, Progressive
Touring: mechanics.core.CORE) is a
mechanics.contract.Contract, like an optional mechanic: it parses its own grammar aliases, keys its own
statements within their section, names its keys in messages, and declares its error codes and the
differ's sentences. The parse (language.syntax), the statements' words (language.statements), the
errors' table (language.errors.CODES) and the differ's sentences (diff.describe) loop over CORE through
those members and never name a construct.

What a construct adds here are its stage methods, each with a do-nothing default. Each stage below is a
loop over CORE, in the order mechanics.core.ORDER declares for it (a stage whose output order matters),
and names no construct:

    engine.tables   tables(t, ruleset, setup), then state_tables(t); targets(t, c)
    cli.show        show_lines(ruleset)
    cli.new         suggestions(ruleset, section)
    engine.explain  seat_refusal(game, seat), card_refusal(game, s, c, asking), shield_reason(game, who, v, c),
                    shielded_targets(game, s, c, side_name), running_refusal(game, s)
    bots.greedy, bots.strategy.knowledge
                    extra_turns(deck), run_free(deck), shields(deck), ends_wait(card, hazard, waits_for_go)
                    (the rule bots' facts: unions over CORE, in no order)
    engine.schema   state()
    engine.codegen  kernel_names(), features(t), kernel_constants(t, slot), plays(t)
    engine.emitter  constant_names(slot); flags(t), waits(t) (the Emitter's flags: unions, in no order)

A slot `NAME.PART` of an order is a second place of construct NAME's in one stage (the counters' constant
lines sit in two places of the kernel); a method that takes `slot` is told which place it fills.
The steps the kernel's functions call of one construct by name (the turn's skeleton, the steps one
rule asks of another) are not stage methods: engine.codegen.NAMED_STEPS lists them, and says why.

A new core construct joins a stage by implementing its method and taking its place in that stage's
ORDER (tests/test_stage_loops.py fails naming a construct that implements a stage method and is missing
from the stage's order). Each construct adapts its own entry points to these methods.
"""
from __future__ import annotations

import importlib

from .contract import Contract


class Construct(Contract):
    """A core construct (subclassed by each construct's object): the shared contract (Contract) and the
    stage methods, each a no-op until the construct overrides it."""

    # the sections of an edition it is written in (`touring new` suggests changes section by section,
    # mechanics.core.ORDER["suggestions"]); by default its name's
    sections: tuple[str, ...] = ()

    def owns(self, section: str) -> bool:
        """Whether a section of an edition (or a stage's slot of that name, or a slot `NAME.PART` of a
        second place of its own in one stage) is this construct's."""
        return section.split(".", 1)[0] in (self.sections or (self.name,))

    # engine.tables -------------------------------------------------------------------------------
    def tables(self, t, ruleset, setup) -> None:
        """Put its constants on the Tables `t` of one seating of `ruleset` in `setup` (read the setup's race
        for what a setup may change); runs in ORDER["tables"], after the cards and the deck."""

    def state_tables(self, t) -> None:
        """Rewrite the legality tables of a go pile state and zone (t.own_gz, t.expo_gz) once they are made;
        runs in ORDER["state_tables"]."""

    def targets(self, t, c: int) -> bool:
        """Whether playing card c (of a kind it plays, not a hazard: every hazard names a side) names a
        side, so its move code carries a target."""
        return False

    # cli.show ------------------------------------------------------------------------------------
    def show_lines(self, ruleset) -> list[str]:
        """Its lines in `touring show`'s summary (none by default); placed by ORDER["show"]."""
        return []

    # cli.new -------------------------------------------------------------------------------------
    def suggestions(self, ruleset, section: str) -> list[list[tuple[str, tuple[str, ...]]]]:
        """`touring new`'s suggested changes to one of its sections: each a list of alternatives, (what it
        does, the rule lines that do it), of which the file keeps the first that compiles."""
        return []

    # engine.explain ------------------------------------------------------------------------------
    def seat_refusal(self, game, seat: int) -> str | None:
        """Why `seat`, whose turn it is, may play no card at all now (a wait it owns), or None."""
        return None

    def answer_refusal(self, game, c: int) -> str | None:
        """While a question of its own waits for its answer: "" where card c answers it, else why c is no
        answer; None where no question of its own waits (explain then asks on)."""
        return None

    def card_refusal(self, game, s: int, c: int, asking) -> str | None:
        """Why side s may not play card c now, for a card whose refusal is its own (None for any other card).
        `asking` is explain's: asking.target_now(), asking.side_name(v), asking.shield_reason(who, v, c)."""
        return None

    def shield_reason(self, game, who: str, v: int, c: int) -> str | None:
        """Why card c may not go on side v (named `who`) because of what shields it, or None."""
        return None

    def shielded_targets(self, game, s: int, c: int, side_name) -> str | None:
        """Why hazard c may go on none of side s's opponents because of what shields them, or None."""
        return None

    def running_refusal(self, game, s: int) -> str | None:
        """Why side s, already running, needs no go card (a go card laid now is refused), or None."""
        return None

    # the rule bots' facts (bots.greedy, bots.strategy.knowledge: each a union over CORE, no order) --
    def extra_turns(self, deck) -> set[str]:
        """The cards of the deck whose player plays again after laying one."""
        return set()

    def run_free(self, deck) -> set[str]:
        """The cards of the deck after which their side never needs a go card again."""
        return set()

    def shields(self, deck) -> dict[str, set[str]]:
        """Each hazard (or zone card) -> the cards of the deck whose side it cannot touch once laid."""
        return {}

    def cancelling(self, ruleset) -> dict[str, set[str]]:
        """Each card that may turn a hazard away out of turn -> the hazards (and zone cards) it turns away."""
        return {}

    def ends_wait(self, card, hazard: str | None, waits_for_go: bool) -> bool | None:
        """Whether laying `card` ends a side's wait: held up by `hazard` (None: no hazard), or waiting for a
        go card (`waits_for_go`); None for a card that is not its own."""
        return None


    # the kernel: engine.schema, engine.codegen, engine.emitter ------------------------------------
    def state(self) -> tuple:
        """Its StateFields (mechanics.vocabulary; what each means: engine.schema), every table's slots;
        placed among the kernel's state by ORDER["state"] (the order of the kernel's reset lines)."""
        return ()

    def kernel_names(self) -> dict[str, str]:
        """The run-time names its kernel lines use -> what each means, printed at the top of every kernel
        (ORDER["kernel_names"]; tests/test_engine_schema.py fails on a name nobody declares)."""
        return {}

    def features(self, t) -> list[str]:
        """Its words in the kernel's heading line for one seating ("zones per side", "no counters"...);
        ORDER["features"]."""
        return []

    def kernel_constants(self, t, slot: str) -> list[str]:
        """Its kernel constant lines (`NAME = literal`) for its place `slot` of ORDER["kernel_constants"]."""
        return []

    def constant_names(self, slot: str) -> tuple[str, ...]:
        """The module constants its kernel lines read (bound as keyword defaults of each kernel function
        that uses them: engine.emitter.function), for its place `slot` of ORDER["constant_names"]."""
        return ()

    def plays(self, t) -> list:
        """The card kinds it lays from the hand, each group with its rule: [(kind codes, rule(e))], where
        rule(e) writes card c of those kinds laid by `seat` of side s (c already out of the hand).
        engine.codegen.Emitter.play branches on the kind in ORDER["plays"], for the kinds the deck holds."""
        return []

    def flags(self, t) -> dict[str, bool]:
        """The Emitter attributes it sets for one seating, which its lines and the other rules read
        (e.has_counters, e.hand_limit...): a union over CORE, in no order; a flag set twice is refused."""
        return {}

    def waits(self, t) -> bool:
        """Whether a move of this seating may wait on a question of its own (the kernel then keeps `pending`)."""
        return False


def on_first_call(module: str, name: str):
    """A construct's entry point whose module is imported when it is first called: a compile step needs
    pydantic, which the engine's import of a construct must never load."""
    def call(*args):
        return getattr(importlib.import_module(module), name)(*args)

    call.__name__, call.__doc__ = name, f"{module}.{name}, imported on first call"
    return staticmethod(call)
