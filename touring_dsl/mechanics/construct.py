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

    language.compiler
                    card_fields(data) (a union, no order), card_attributes(), check_card(build, stmt);
                    setup_race(build, setup, race); compile_fields(build, section)
    engine.tables   tables(t, ruleset, setup), then state_tables(t); targets(t, c)
    cli.show        show_lines(ruleset)
    cli.new         suggestions(ruleset, section)
    engine.explain  seat_refusal(game, seat), card_refusal(game, s, c, asking), shield_reason(game, who, v, c),
                    shielded_targets(game, s, c, side_name), running_refusal(game, s)
    bots.greedy, bots.strategy.knowledge
                    extra_turns(deck), run_free(deck), shields(deck), ends_wait(card, hazard, waits_for_go)
                    (the rule bots' facts: unions over CORE, in no order)
    diff.compare, diff.describe
                    compare(comparison, section); card_changes(old, new, in_b), card_summary(card),
                    card_said(summary, names), diff_words(q, names, yes_no) (a union, no order);
                    seating_changes(to_b, setup_a, ruleset_a, setup_b, ruleset_b), seating_summary(setup,
                    ruleset), seating_said(summary)

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
        """Whether a section of an edition (or a stage's slot of that name) is this construct's."""
        return section in (self.sections or (self.name,))

    # language.compiler (the compile steps: each reads the builder `build`, language.build.Build) --------
    def card_fields(self, data: dict) -> dict:
        """The model.Card fields a card statement's parsed data gives (its card attributes'); a union over
        CORE, in no order (each construct gives fields of its own)."""
        return {}

    def card_attributes(self) -> dict[str, tuple[tuple[str, ...], str]]:
        """Its card attributes (grammar aliases) -> (the card kinds that may carry one, how it is written):
        the compiler refuses one on a card of another kind (E271), in ORDER["card_attributes"]."""
        return {}

    def check_card(self, build, stmt) -> None:
        """Its checks of one card statement of the deck, once every card is known (build.cards); runs in
        ORDER["check_card"]."""

    def setup_race(self, build, setup, race):
        """A setup's race once its lines are read: `setup` is the compiler's language.build.SetupLines (its
        name, its lines by kind, its piles, the pack it deals), `race` the race so far (the edition's, or
        what a step before made of it); returns the race (`race` itself where it changes nothing). Runs in
        ORDER["setup_race"]."""
        return race

    def compile_fields(self, build, section: str) -> dict:
        """Its fields of the Ruleset (name -> value), compiled from one of its sections; runs in
        ORDER["compile_fields"], once for each of its slots there. A step reads what the steps before it
        compiled in build.compiled (build.race is the race's)."""
        return {}

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


    # diff.compare, diff.describe (the differ: `comparison` is diff.compare.Comparison) ------------------
    def compare(self, comparison, section: str) -> None:
        """Its changes between the two rulesets of `comparison` in one of its sections (comparison.value,
        comparison.keyed, comparison.emit), with every card name of A read in B's (comparison.t); runs in
        ORDER["compare"], once for each of its slots there."""

    def card_changes(self, old, new, in_b) -> list[tuple[str, object, object, object]]:
        """What the differ compares of a card matched across the rulesets: (aspect, old value, new value, the
        old value in B's card names or None); `in_b` renames a tuple of card names. In ORDER["card_changes"]."""
        return []

    def card_summary(self, card) -> dict:
        """Its part of the differ's summary of an added or removed card (plain data); in ORDER["card_summary"]."""
        return {}

    def card_said(self, summary: dict, names) -> str:
        """The words of its part of a card summary (", shielding from ..."; "" where it has none), `names`
        the differ's list of names; in ORDER["card_said"]."""
        return ""

    def diff_words(self, q, names, yes_no) -> dict:
        """Aspect -> the sentence of a change, made with the differ's helpers (q quotes a name, names lists
        them, yes_no(yes, no) words a flag); a union over CORE, like diff_phrases, which needs none."""
        return {}

    def seating_changes(self, to_b, setup_a, ruleset_a, setup_b, ruleset_b) -> list:
        """The changes between two setups that seat the same players: (action, aspect, before, after) each;
        in ORDER["seating_changes"]."""
        return []

    def seating_summary(self, setup, ruleset) -> dict:
        """Its part of the differ's summary of a way to seat players (plain data); in ORDER["seating_summary"]."""
        return {}

    def seating_said(self, summary: dict) -> list[str]:
        """The words of its part of a seating summary (each a piece of the sentence); in ORDER["seating_said"]."""
        return []


def on_first_call(module: str, name: str):
    """A construct's entry point whose module is imported when it is first called: a compile step needs
    pydantic, which the engine's import of a construct must never load."""
    def call(*args):
        return getattr(importlib.import_module(module), name)(*args)

    call.__name__, call.__doc__ = name, f"{module}.{name}, imported on first call"
    return staticmethod(call)
