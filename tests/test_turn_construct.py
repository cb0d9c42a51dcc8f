"""Issue 30: the turn (`turn { hand, draw ... before play, before go }`, `reshuffle { ... }`) is one construct,
touring_dsl/mechanics/turn/: its model part, its compile step, its tables and kernel lines, and its words.

Before, the turn was spread over language/compiler.py, language/model.py, engine/rules/hands.py,
engine/tables.py, engine/explain.py, rulebook/document.py and rulebook/variant.py, diff/compare.py and
diff/describe.py and cli/show.py. These tests hold that what is the turn's is written in the construct
only, and that the kernel's turn lines are the construct's (their origin notes name it).
"""
from __future__ import annotations

import re
import subprocess
import sys

import pytest
from construct_support import grammar_aliases, written_in, written_outside  # tests/construct_support.py

from touring_dsl.engine.codegen import source
from touring_dsl.engine.tables import Tables
from touring_dsl.language import model
from touring_dsl.language.archive import load
from touring_dsl.mechanics.turn import model as turn_model
from touring_dsl.mechanics.phrases import GoPile
from touring_dsl.mechanics.turn import TURN
from touring_dsl.base.wording import listed
from touring_dsl.mechanics.turn.rulebook import in_prose

CONSTRUCT = "mechanics/turn"

# words only the turn says: the rulebook's turn, the reshuffle's event, explain, show, the differ, the compiler
TURN_WORDS = ("Players take turns round the table", "shuffle them well, and lay them face down",
              "shuffled into a new draw pile", "reshuffled into a new draw pile", "discard down first", "Turn: hand of", "A hand holds",
              "At a reshuffle, go piles", "At a reshuffle the starting piles", "the edition says no hand size",
              "a turn must draw at least one card", "A bigger hand: ")


@pytest.mark.parametrize("words", TURN_WORDS)
def test_the_turns_words_are_written_only_in_the_construct(words):
    outside = written_outside(CONSTRUCT, [words])
    assert written_in(CONSTRUCT, words), f"{words!r} is no longer written in mechanics/turn"
    assert not outside, f"{words!r} is written outside mechanics/turn, in {outside}"


def test_no_stage_reads_the_turn_or_reshuffle_sections_but_the_construct():
    reads = re.compile(r"""\b(one|stmts)\(\s*["'](turn|reshuffle)["']""")
    found = [hit for hit in written_outside(CONSTRUCT, [reads]) if not hit.startswith("mechanics/")]
    assert not found, f"the turn's sections are read outside mechanics/turn: {found}"


def test_the_models_turn_and_reshuffle_are_the_constructs():
    assert model.Turn is turn_model.Turn and model.Reshuffle is turn_model.Reshuffle
    assert model.Ruleset.model_fields["turn"].annotation is turn_model.Turn


def test_the_kernels_turn_lines_are_written_by_the_construct():
    ruleset = load("mille-bornes")
    annotated = source(Tables(ruleset, ruleset.setup_for(3, None), 3), annotated=True)
    origin_of = {}
    for line in annotated.splitlines():
        code, _, origin = line.partition("  # <- ")
        origin_of.setdefault(code.strip(), origin.strip())
    assert origin_of["d = draw.pop()"] == "mechanics.turn.kernel.draw_one"
    assert origin_of["self.rng.shuffle(new)"] == "mechanics.turn.kernel.reshuffle"
    assert origin_of["hand.remove(c)"] == "mechanics.turn.kernel.leave_hand"
    assert not any("rules.hands" in o for o in origin_of.values())


def test_the_engine_import_of_the_construct_loads_no_pydantic_model():
    # the kernel's writer imports the package; its model part (pydantic) is loaded only by the model and the compile step
    probe = ("import sys, touring_dsl.mechanics.turn as t; t.TURN.tables; "
             "print('touring_dsl.mechanics.turn.model' in sys.modules, 'touring_dsl.mechanics.turn.compile' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "False"]


def test_the_rulebooks_phrases_join_as_prose():
    assert in_prose([("a",), ("b", GoPile()), ("c",)]) == ("a", ", ", "b", GoPile(), " and ", "c")
    assert in_prose([("a",)]) == ("a",)
    assert listed(["hazards"]) == "hazards" and listed(["a", "b", "c"]) == "a, b and c"


def test_the_constructs_statements_are_every_alias_of_its_grammar_lines():
    aliases = grammar_aliases("turn_rule", "reshuffle_rule", "pile_group", "keep", mechanics=False)
    assert aliases and aliases <= set(TURN.statements)


def test_the_syntax_parses_no_turn_statement_itself():
    from touring_dsl.language.syntax import ToRaw

    own = [alias for alias in TURN.statements if alias in vars(ToRaw)]
    assert not own, f"language.syntax parses {own} itself: they are the turn construct's (TURN.parse)"
