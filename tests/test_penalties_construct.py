"""The penalties construct is one package, touring_dsl/mechanics/penalties/: no other module reads its parts.

Before, a change to penalties touched the compiler, the model, two engine modules, the tables, the rulebook,
the variant section, the differ's comparison and words, `touring show` and `touring new`. Every stage now
calls the package at one point; this test holds that line by reading the source: a field of the compiled
Penalties, the engine's penalty tables or the model classes named outside the package is a piece of the
construct that has strayed (a presence check, `ruleset.penalties is None`, is not).
"""
from __future__ import annotations

import re

from construct_support import grammar_aliases, written_outside  # tests/construct_support.py

from touring_dsl.language import model
from touring_dsl.mechanics.penalties import model as penalty_model

CONSTRUCT = "mechanics/penalties"
# what only the construct may read: the model's fields, the engine's tables of it, its model classes
STRAYED = re.compile(r"\.(per_hour|larger_card|chooser|pen_piles|pen_hazards)\b|\.forfeit\b(?!-)|\.pen\[|"
                     r"penalties\.(table|piles|provenance)\b|\bPenalt(y|ies)\(")


def test_no_module_outside_the_package_reads_the_penalties_parts() -> None:
    strayed = written_outside(CONSTRUCT, [STRAYED])
    assert not strayed, "penalty code outside touring_dsl/mechanics/penalties/:\n" + "\n".join(strayed)


def test_the_ruleset_holds_the_construct_s_own_model() -> None:
    """language.model re-exports the package's classes, so the Ruleset's JSON keeps its shape."""
    assert model.Penalties is penalty_model.Penalties and model.Penalty is penalty_model.Penalty
    assert model.Ruleset.model_fields["penalties"].annotation == penalty_model.Penalties | None


def test_every_line_of_the_section_is_parsed_by_the_construct() -> None:
    """Each alternative of the grammar's `penalty_rule` is a statement the construct parses, and no other:
    a line added to the grammar without its parse (or a parse left behind) is named here."""
    from touring_dsl.mechanics.penalties import PENALTIES

    aliases = grammar_aliases("penalty_rule")
    assert aliases and aliases == set(PENALTIES.statements)
