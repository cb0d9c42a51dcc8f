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
    rulebook.document chapter(ruleset, slot, book), card_chapter(ruleset, slot, book), card_role(ruleset, card, book),
                    setup_lines(ruleset), setup_blocks(ruleset), partner_piles(ruleset), play_options(ruleset, book),
                    turn_blocks(ruleset), hindrances(ruleset), hazard_blocks(ruleset, book),
                    hazard_chain(ruleset, hazard), hazard_cure(ruleset, hazard, cure)
    rulebook.provenance provenance_rows(ruleset, slot) (and the attribute provenance_kinds)
    rulebook.variant  variant_lines(old, new, slot), new_card(ruleset, card), card_change(was, card)
    rulebook.examples example_answer(ruleset, action, card, holds_none, who) (and the attribute events)
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

    # rulebook (rulebook.document, rulebook.variant, rulebook.provenance, rulebook.examples) --------
    # Each gives phrases (mechanics.phrases), which rulebook/construct_words.py sets as the rulebook's
    # text. `book` is the rulebook's, like explain's `asking`: what a sentence owned by one construct
    # needs of the others, each a loop over CORE (book.hindrances(), book.play_options(),
    # book.mechanic_rules(), book.go, book.by_kind, book.kind_plural).
    events: dict[str, str] = {}  # the events its kernel lines report that a worked example may expect -> words
    provenance_kinds: tuple[str, ...] = ()  # its sources rows' kinds ("Piles: ...") that share a line when they cite alike

    def chapter(self, ruleset, slot: str, book):
        """Its chapter of the rulebook for one slot of ORDER["chapter"] (the slots it owns: its name or
        its `sections`), as a mechanics.phrases.Chapter, or None where the edition has none."""
        return None

    def card_chapter(self, ruleset, slot: str, book):
        """Its chapter within "The cards" for a slot of ORDER["card_chapter"], or None."""
        return None

    def card_role(self, ruleset, card, book) -> tuple | None:
        """What a card of its own does, a phrase for the equipment table (None for any other card)."""
        return None

    def setup_lines(self, ruleset) -> list[tuple]:
        """What each side keeps in front of it ("Setting up"'s list), phrases."""
        return []

    def setup_blocks(self, ruleset) -> list:
        """The blocks (Para, Items, Grid) said after "Setting up"'s list."""
        return []

    def partner_piles(self, ruleset) -> str:
        """The words of the piles partners share besides their go pile and mileage piles ("" for none)."""
        return ""

    def play_options(self, ruleset, book) -> list[tuple]:
        """The cards a turn may play, each a phrase ("Playing a turn"'s list)."""
        return []

    def turn_blocks(self, ruleset) -> list:
        """Blocks said in "Playing a turn" after what a side may play before its first go card."""
        return []

    def hindrances(self, ruleset) -> list[str]:
        """The means it gives sides of hindering others, for the object of the game's sentence."""
        return []

    def hazard_blocks(self, ruleset, book) -> list:
        """Blocks of the "Hazards and remedies" chapter said before its table."""
        return []

    def hazard_chain(self, ruleset, hazard: str):
        """The repair a hazard of its own waits for (what the hazard's effect says recovers it), or None."""
        return None

    def hazard_cure(self, ruleset, hazard: str, cure: tuple) -> tuple:
        """The hazards table's "To recover" cell of `hazard`, given the cell so far (a phrase); each step of
        ORDER["hazard_cure"] rewrites it in turn."""
        return cure

    def provenance_rows(self, ruleset, slot: str) -> list[tuple[str, object]]:
        """The sources table's rows (label, Provenance) of its rules, for one slot of ORDER["provenance_rows"]."""
        return []

    def variant_lines(self, old, new, slot: str) -> list[tuple]:
        """What a house rule (`new`) changes of its rules from the parent (`old`), phrases, for one slot of
        ORDER["variant_lines"]."""
        return []

    def new_card(self, ruleset, card) -> tuple[str, tuple] | None:
        """A card a house rule adds, of a kind of its own: its role's word and what more it says (a
        phrase), or None for another kind of card."""
        return None

    def card_change(self, was, card) -> tuple | None:
        """What changed of a card in what it owns, a phrase for the variant section, or None."""
        return None

    def example_answer(self, ruleset, action: str, card: str | None, holds_none: bool,
                       who: tuple = ()) -> tuple | None:
        """A worked example's out-of-turn answer by `who` (a phrase), as a phrase; None for an answer not its own."""
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
