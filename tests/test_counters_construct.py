"""The counters construct is one package, touring_dsl/mechanics/counters/: a card shown out of turn that cancels
a hazard (`cancels`, the coup fourré), the counter question asked of every seat of the side attacked,
`responder plays next`, the counter's name (`piles { counter is called "..." }`) and their words.

Issue 30: a core construct moves onto the construct contract, so that a change to counters touches one
place. Before, the counters were a branch in the compiler, the model, the tables, engine/rules/counters.py,
language/counter_words.py, explain, the rulebook, the variant section, `touring show` and the differ. These
tests hold the new line: the construct is in CORE and parses its own grammar aliases, the model's class is
its own, the kernel lines of the question name it as their origin (`touring show ID --kernel`), and the
counters' sentences and tables are written or read nowhere else in the package.
"""
from __future__ import annotations

from construct_support import PACKAGE, attribute_reads, grammar_aliases, written_in, written_outside

from touring_dsl.engine.codegen import source
from touring_dsl.engine.tables import Tables
from touring_dsl.language import model
from touring_dsl.language.archive import load
from touring_dsl.mechanics import core

CONSTRUCT = "mechanics/counters"


def test_the_construct_is_in_core_and_parses_its_own_aliases() -> None:
    from touring_dsl.mechanics.counters import COUNTERS

    assert COUNTERS in core.CORE
    aliases = {"cancels", "responder_next", "counter_name"}  # the card attributes and the `piles` name
    assert aliases <= grammar_aliases("card_attr", "pile_name")
    assert set(COUNTERS.statements) == aliases
    assert all(core.construct_of(alias) is COUNTERS for alias in aliases)


def test_the_models_counter_class_is_the_constructs() -> None:
    from touring_dsl.mechanics.counters import model as counters_model

    assert model.Counter is counters_model.Counter
    assert model.Ruleset.model_fields["counters"].annotation == tuple[counters_model.Counter, ...]


def test_the_old_homes_of_counters_are_gone() -> None:
    """engine/rules/counters.py moved into the construct's kernel.py, language/counter_words.py into its words.py."""
    assert not (PACKAGE / "engine" / "rules" / "counters.py").exists()
    assert not (PACKAGE / "language" / "counter_words.py").exists()


def origins_of(edition: str, players: int, needle: str) -> set[str]:
    ruleset = load(edition)
    text = source(Tables(ruleset, ruleset.setup_for(players, None), players), annotated=True)
    return {line.rsplit("# <- ", 1)[1] for line in text.splitlines() if needle in line and "# <- " in line}


def test_the_counter_question_is_written_by_the_construct() -> None:
    """mille-bornes in partners (4 players): the question, its answers and the seat asked after a partner lets it pass."""
    assert origins_of("mille-bornes", 4, "pending = CounterOffer(seat, c, v, code)") == {
        "mechanics.counters.kernel.offer"}
    assert origins_of("mille-bornes", 4, "COUNTERS_FOR[pending.hazard]") == {"mechanics.counters.kernel.responses"}
    assert origins_of("mille-bornes", 4, 'event("decline"') == {"mechanics.counters.kernel.respond"}
    assert origins_of("mille-bornes", 4, "responder = other") == {"mechanics.counters.kernel.next_responder"}


# one sentence of each stage's counter words: each must be written in the construct and nowhere else
SENTENCES = (
    "is only shown when a hazard it cancels",  # explain: a counter card in turn
    "(or letting it pass) answers the",  # explain: while a hazard waits
    "then its owner draws back up",  # touring show
    "can be shown to cancel",  # touring diff
    "Name of turning a hazard away out of turn",  # touring diff, the counter's name
    "its holder takes the next turn",  # touring diff, responder plays next
    "is the one card you play when it is not your turn",  # the rulebook's section
    "so that the pause",  # the rulebook: every seat of the side is asked alike
    "; or turn it away with ",  # the rulebook's hazards table
    "shown out of turn\")",  # the rulebook's equipment table
    '"{card} now cancels {cards}."',  # the rulebook's variant section
    "card played out of turn",  # the variant section: an added counter card
    "out of turn\").format(card=c.card), c.provenance)",  # the rulebook's sources rows
    "cancels nothing'",  # the compile step's E260
    "so there is no counter",  # the compile step's E256
    "what a counter cancels",  # the compile step's name check
    "waiting for an answer (played by player",  # the table's words
    "takes the next turn for showing",  # the table's words, responder plays next
    "at once calls",  # a worked example's counter shown
    "A hazard was let through although",  # a worked example's event
)


def test_the_counter_words_of_every_stage_are_in_the_construct_only() -> None:
    outside = {sentence: hits for sentence in SENTENCES if (hits := written_outside(CONSTRUCT, [sentence]))}
    assert outside == {}, f"counter words outside mechanics/counters/: {outside}"
    gone = [sentence for sentence in SENTENCES if not written_in(CONSTRUCT, sentence)]
    assert not gone, f"a sentence this test looks for is gone: {gone}"


# what only the construct reads: its tables on the Tables and the compiled counters' fields
COUNTER_ONLY = ("counters_for", "responder_next", "redraw", "counter_code", "decline_code", "counter_name")
ALLOWED = {
    ("mechanics/zones/kernel.py", "counters_for"): "whether a counter may answer a zone card (zones' kernel "
                                                   "lines decide whether a zone card asks the question)",
}


def test_only_the_construct_reads_the_counter_tables() -> None:
    assert written_outside(CONSTRUCT, [attribute_reads(*COUNTER_ONLY)], allowed=ALLOWED) == []


# the compiled counters (`Ruleset.counters`) and what a card cancels (`Card.counters`): who else reads them
CARD_READS = {
    ("mechanics/safeties.py", "counters"): "a safety's own words: it may be laid out of turn, the hazards it guards",
    ("mechanics/scoring/terms.py", "counters"): "E295: a `per hazard countered` term where no card cancels",
    ("web/views.py", "counters"): "the card catalogue the web faces read: every card field, as compiled",
    ("diff/match.py", "counters"): "matching a renamed card across two rulesets by what it cancels",
}


def test_only_the_construct_reads_what_a_card_cancels() -> None:
    assert written_outside(CONSTRUCT, [attribute_reads("counters", "cancels")],
                           allowed={*CARD_READS, ("bots/strategy/scorer.py", "cancels")}) == []
