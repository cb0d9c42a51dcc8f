"""Mechanics, counters: a card shown out of turn that cancels a hazard as it is played (the coup fourré).

The construct, in plain words. In the deck, `card "C" counter cancels "Hazard", ... [responder plays next]`
is a counter card, and a safety may say `cancels "Hazard", ...` too (mechanics/safeties.py keeps it once
shown). When such a hazard (or a zone card played on another side) is played on a side, every seat of that
side is asked in turn order after the attacker, whatever it holds, whether it shows a counter or lets the
hazard pass; the first to show one cancels the hazard. An edition may name the moment as it names its
piles: `piles { counter is called "coup fourré" }`.

Every piece of the construct is in this package; to change counters, open it:

    model.py    Counter, its part of the compiled Ruleset (touring_dsl.language.model re-exports it)
    compile.py  a card's `cancels` and `responder plays next` -> Card fields, their checks, the Ruleset's
                counters, and the check of the counter's name in `piles`
    kernel.py   its state, tables and kernel lines: the counter question (asked of every seat of the
                side attacked, so a pause tells nothing of a hand), the answers, a hazard let pass
    words.py    the players' words (the question, "let it pass", a counter move's label, the log line),
                `touring show`, explain's refusals, the differ's comparison and sentences, a house rule's changes
    book.py     the rulebook's section on cards played out of turn, a counter's role, its sources rows

COUNTERS below is what the stages call, each at one point: language.syntax (parse, through mechanics.core),
the compiler (card_fields, card_attributes, check_card, compile_fields: its loops), language.model (Counter),
engine.schema (state, CounterOffer), engine.tables (tables), engine.codegen and engine.emitter (flags,
waits, features, kernel_names, kernel_constants, constant_names, offer, responses, respond), engine.explain (answer_refusal,
refusal), the rulebook through its loops over mechanics.core.CORE (card_chapter, card_role,
hazard_cure, provenance_rows, new_card, card_change, example_answer, events; book.py's phrases), the bots
and the examples (cancelling), cli.show (show_lines) and the differ (compare, card_summary,
diff_phrases). The players' words (the question, "let it pass", a counter move's label) are words.py's,
which play.table_view and the web read. The grammar lines are grammar/touring.lark's `cancels` and
`responder_next` card attributes and the `counter_name` pile name. This package imports only
touring_dsl.base and touring_dsl.mechanics.

Still outside it, each shared with other constructs: the `counter` card kind (language.syntax, like every
kind), the Card fields `counters` and `responder_next` and PileNames.counter (language.model: moving them
would reorder the compiled JSON), the moves `counter` and `decline` (engine.codec numbers them; an
example's `counter with` and `decline` are parsed by language.syntax), the zones' test of whether a
counter may answer a zone card (mechanics.zones.kernel.against_zones: this package imports the zones), and
the `per hazard countered` scoring term (mechanics.scoring).
"""
from __future__ import annotations

from ...base.i18n import _

from ..construct import Construct, on_first_call
from . import kernel, words
from . import book as book_words  # (the stage methods' `book` argument is the rulebook's)
from .kernel import CounterOffer
from ..vocabulary import COUNTER


class CountersConstruct(Construct):
    """The counters construct as the stages call it: one object, each attribute a stage's piece."""

    name = "counters"  # the Ruleset field
    statements = ("cancels", "responder_next", "counter_name")  # its grammar aliases, each handed to parse
    # which card kinds each of its card attributes belongs to, with the words a message uses for it (E271)
    attribute_kinds = {"cancels": (("counter", "safety"), "cancels"),
                       "responder_next": (("counter", "safety"), "responder plays next")}

    # the language
    def parse(self, alias: str, children: list):
        """A card attribute's alias with its value, or the `piles` statement naming the counter."""
        if alias == "counter_name":
            return ("pile_name", {"role": "counter", "name": children[0]})
        return (alias, children[0] if children else True)  # `cancels` names; `responder plays next`

    def rule_key(self, kind: str, data: dict) -> None:
        return None  # its attributes are parts of a card statement; its name is a `piles` statement's (role)

    # the compiler (its loops over mechanics.core.CORE)
    card_fields = on_first_call(f"{__name__}.compile", "card_fields")  # (d): the Card fields of a card statement
    check_card = on_first_call(f"{__name__}.compile", "check_statement")  # (build, stmt): its card checks
    check_name = on_first_call(f"{__name__}.compile", "check_name")  # (build, stmt or None): E256
    compile_counters = on_first_call(f"{__name__}.compile", "compile_counters")  # (build): the Ruleset's counters

    def card_attributes(self) -> dict:
        return self.attribute_kinds  # (the compiler's E271)

    def compile_fields(self, build, section: str) -> dict:
        """The Ruleset's counters, and the check of the counter's name in `piles` (E256: no card cancels)."""
        self.check_name(build, build.one("piles", "pile_name", "counter"))
        return {"counters": self.compile_counters(build)}

    # the engine
    def state(self) -> tuple:
        return kernel.STATE  # its StateFields: each side's hazards countered (engine.schema)

    def kernel_names(self) -> dict[str, str]:
        return kernel.KERNEL_NAMES  # the kernel's run-time names of the question

    def tables(self, t, ruleset, setup) -> None:
        """The counter tables and the answers' codes on the Tables (engine.tables' loop)."""
        kernel.tables(t, ruleset)

    active = staticmethod(kernel.active)  # (t): whether the kernel asks the counter question
    features = staticmethod(kernel.features)  # (t): the kernel heading's words

    def flags(self, t) -> dict[str, bool]:
        return {"has_counters": kernel.active(t)}  # the Emitter's e.has_counters, which many rules read

    def waits(self, t) -> bool:
        return kernel.active(t)  # a hazard waits for the counter question's answer

    def kernel_constants(self, t, slot: str) -> list[str]:
        """Its constant lines: the counter tables, then (slot "counters.responders") who plays next."""
        return kernel.kernel_constants(t)[slot]

    def constant_names(self, slot: str) -> tuple[str, ...]:
        return kernel.CONSTANTS[slot]

    offer = staticmethod(kernel.offer)  # (e): before hazard c acts on side v, ask its seats
    responses = staticmethod(kernel.responses)  # (e): the asked seat's answers
    respond = staticmethod(kernel.respond)  # (e): an answer applied

    # words
    def answer_refusal(self, game, c: int) -> str | None:
        """explain, while a hazard waits for its answer: "" for a card that cancels it, else why c is none."""
        if game.counter_offer is None:
            return None
        return words.answer_refusal(game, c) or ""

    def card_refusal(self, game, s: int, c: int, asking) -> str | None:
        """explain: a counter card is never played in turn."""
        return words.refusal(game.t.names[c]) if game.t.kind[c] == COUNTER else None

    show_lines = staticmethod(words.show_lines)  # (ruleset): `touring show`'s lines
    card_change = staticmethod(words.card_change)  # (was, card): a card that now cancels others, or None
    events = words.EVENTS  # the events its kernel lines report, in words (a worked example may expect them)

    def events_read(self) -> dict[str, str]:
        """Its events' words in the reader's language (a worked example's \"What follows\")."""
        return {"counter": _("A hazard was turned away out of turn."),
                "decline": _("A hazard was let through although it could have been turned away.")}

    example_answer = staticmethod(words.example_answer)  # (ruleset, action, card, holds_none): a phrase
    cancelling = staticmethod(words.cancelling)  # (ruleset): card -> what it turns away (the bots, the examples)
    def compare(self, comparison, section: str) -> None:
        words.compare(comparison)  # the differ's changes (diff.compare's loop)

    card_summary = staticmethod(words.summary)  # (card): the differ's card summary's part
    diff_phrases = words.DIFF_PHRASES  # the differ's aspect -> sentence

    # the rulebook's loops (rulebook.document, rulebook.variant, rulebook.provenance, rulebook.examples):
    # book.py's phrases; card_change, example_answer and events above are stage members too
    def card_chapter(self, ruleset, slot: str, book):
        return book_words.section(ruleset)  # the cards played out of turn

    def card_role(self, ruleset, card, book) -> tuple | None:
        return book_words.role(card) if card.kind == "counter" else None

    def hazard_cure(self, ruleset, hazard: str, cure: tuple) -> tuple:
        """The hazard's cure, with the cards that turn it away out of turn."""
        counters = book_words.countered_by(ruleset, hazard)
        return book_words.turned_away(cure, counters) if counters else cure

    def provenance_rows(self, ruleset, slot: str) -> list[tuple[str, object]]:
        return book_words.provenance_rows(ruleset)

    def new_card(self, ruleset, card) -> tuple[str, tuple] | None:
        """A counter card a house rule adds ("card played out of turn"), or any card that cancels hazards."""
        if card.kind != "counter" and not card.counters:
            return None
        return words.new_card_role(card), words.new_card_extra(card)


COUNTERS = CountersConstruct()

__all__ = ["COUNTERS", "CountersConstruct", "CounterOffer"]
