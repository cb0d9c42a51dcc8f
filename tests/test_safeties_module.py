"""The safety cards are one module (touring_dsl/mechanics/safeties.py): no other module reads what only a
safety card says (`against`, `acts as go`, `extra turn`: Card.against, Card.acts_as_go, Card.extra_turn)
or the tables made of it (Tables.immune, Tables.acts_as_go, Tables.extra_turn). A stage that needs a safety's part calls SAFETIES (issue 30)."""
from __future__ import annotations

from construct_support import attribute_reads, written_outside  # tests/construct_support.py

from touring_dsl.language.errors import CODES

SAFETY_ONLY = ("against", "acts_as_go", "extra_turn", "immune")
# reads of those names that are not a safety card's or the Tables': each with why it may stay
ALLOWED = {
    ("bots/strategy/scorer.py", "acts_as_go"): "Knowledge.acts_as_go: the names SAFETIES.run_free gave",
    ("bots/strategy/scorer.py", "extra_turn"): "Knowledge.extra_turn: the names SAFETIES.extra_turns gave",
    ("web/views.py", "against"): "the card catalogue the web faces read: every card field, as compiled",
    ("mechanics/stacking.py", "immune"): "a mechanic's kernel lines: a stacked hazard lifted by a shield",
}


def test_only_the_safeties_module_reads_what_a_safety_says():
    assert written_outside("mechanics/safeties.py", [attribute_reads(*SAFETY_ONLY)], allowed=ALLOWED) == []


def test_the_safeties_error_codes_are_the_modules():
    from touring_dsl.mechanics.safeties import SAFETIES

    assert SAFETIES.errors and all(CODES[code] == summary for code, summary in SAFETIES.errors.items())
