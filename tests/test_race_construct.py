"""Issue 30: the race (`race N miles { pile ... }`, a distance race `race N km [exact] { at most ... }`, the
`ending` section) moves onto the core-construct contract, touring_dsl/mechanics/race/: its statements'
parse and keys, its model part (Pile, Ending), and its kernel lines.

Before, its parse was language/syntax.py's own methods, its kernel lines engine/rules/races.py (reaching
legality by import), and its model classes language/model.py's. These tests hold that the race is a
construct of CORE, that no other module parses its lines or writes its kernel lines, and that its kernel
lines reach the other rules only through the Emitter.
"""
from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

import touring_dsl
from touring_dsl.engine.codegen import source
from touring_dsl.engine.tables import Tables
from touring_dsl.language import model
from touring_dsl.language.archive import load
from touring_dsl.language.syntax import ToRaw
from touring_dsl.mechanics import core
from touring_dsl.mechanics.race import RACE
from touring_dsl.mechanics.race import model as race_model

PACKAGE = Path(touring_dsl.__file__).parent
CONSTRUCT = PACKAGE / "mechanics" / "race"


def grammar_aliases(*rules: str) -> set[str]:
    """The aliases (-> name) of the grammar's alternatives of these rules; a rule with no alias is its own."""
    text = (PACKAGE.parent / "grammar" / "touring.lark").read_text(encoding="utf-8")
    found, current = set(), None
    for line in text.splitlines():
        head = re.match(r"\??(\w+):", line)
        if head:
            current = head.group(1)
            if current in rules and "->" not in line:
                found.add(current)
        alias = re.search(r"->\s*(\w+)", line)
        if alias and current in rules and "mechanics/" not in line:
            found.add(alias.group(1))
    return found


def test_the_race_is_a_core_construct():
    assert RACE in core.CORE
    for alias in ("pile", "cap", "race", "exact", "ending", "win", "exhausted", "turn_limit"):
        assert core.construct_of(alias) is RACE, alias


def test_the_constructs_statements_are_every_alias_of_its_grammar_lines():
    aliases = grammar_aliases("race", "exact", "pile", "pile_flag", "cap", "ending", "ending_rule")
    assert {"pile", "cap", "protected", "face_down", "tally", "win", "exhausted", "turn_limit"} <= aliases
    assert aliases <= set(RACE.statements)


def test_the_syntax_parses_no_race_statement_itself():
    own = [alias for alias in RACE.statements if alias in vars(ToRaw)]
    assert not own, f"language.syntax parses {own} itself: they are the race construct's (RACE.parse)"


def test_a_pile_and_a_cap_are_keyed_by_their_card():
    """Two piles (or two caps) of one race are told apart by their card, so a variant's `change pile "25"` finds it."""
    assert core.rule_key("pile", {"card": _Name("25"), "needs": 4, "flags": {}}) == ("pile", "25")
    assert core.rule_key("cap", {"card": _Name("200"), "most": 2}) == ("cap", "200")
    assert core.rule_key("turn_limit", {"turns": 9}) == ("turn_limit",)


class _Name:
    def __init__(self, value):
        self.value = value


def test_the_engine_has_no_race_rule_module_of_its_own():
    assert not (PACKAGE / "engine" / "rules" / "races.py").exists()


def test_the_models_pile_and_ending_are_the_constructs():
    assert model.Pile is race_model.Pile and model.Ending is race_model.Ending
    assert model.Ruleset.model_fields["ending"].annotation is race_model.Ending


def test_the_constructs_kernel_imports_nothing_of_the_engine_or_the_language():
    for path in CONSTRUCT.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = "." * node.level + (node.module or "")
                assert "engine" not in module and "language" not in module, f"{path.name} imports {module}"


def test_the_kernels_race_lines_are_written_by_the_construct():
    for edition, line, origin in (("touring-1937", "counts = mileage_counts[s]", "lay_mileage"),  # a pile race
                                  ("mille-bornes", "counts = mileage_counts[s]", "lay_distance"),  # a distance race
                                  ("mille-bornes", "_counts, _left, _open = mileage_counts[v], self.race_target - miles[v], 0", "reopen"),
                                  ("mille-bornes", "self.is_over = True", "settle")):
        ruleset = load(edition)
        annotated = source(Tables(ruleset, ruleset.setup_for(2, None), 2), annotated=True)
        origin_of = {}
        for text in annotated.splitlines():
            code, _, where = text.partition("  # <- ")
            origin_of.setdefault(code.strip(), where.strip())
        assert origin_of[line] == f"mechanics.race.kernel.{origin}"
        assert not any("rules.races" in o for o in origin_of.values())


def test_the_engine_import_of_the_construct_loads_no_pydantic_model():
    probe = ("import sys, touring_dsl.mechanics.race as r; r.RACE.mileage; "
             "print('touring_dsl.mechanics.race.model' in sys.modules, 'touring_dsl.mechanics.race.compile' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "False"]


def test_the_compiler_builds_no_pile_and_no_ending_itself():
    """The piles, the caps and the ending are compiled by the construct (RACE.compile_*), not by language.compiler."""
    text = (PACKAGE / "language" / "compiler.py").read_text(encoding="utf-8")
    for own in ("m.Pile(", "m.Ending(", "def _pile(", "def _caps(", "def _ending("):
        assert own not in text, f"language.compiler still has {own}"


RACE_WORDS = ("any mileage counting", "mileage cards: ",  # `touring show`'s race line
              "pile is already complete", "the race ends at exactly", "A race is stopped after")  # explain, the differ


def test_the_races_show_words_are_written_only_in_the_construct():
    for words in RACE_WORDS:
        outside = [str(p.relative_to(PACKAGE)) for p in sorted(PACKAGE.rglob("*.py"))
                   if CONSTRUCT not in p.parents and words in p.read_text(encoding="utf-8")]
        assert not outside, f"{words!r} is written outside mechanics/race, in {outside}"


def test_show_says_a_pile_race_and_a_distance_race():
    assert RACE.show_lines(load("touring-1937"))[0].startswith("Race: ")
    assert "any mileage counting" in RACE.show_lines(load("mille-bornes"))[0]


def test_the_differs_race_sentences_are_the_constructs():
    from touring_dsl.diff.changes import Change
    from touring_dsl.diff.describe import describe

    assert {"pile-needs", "turn-limit", "race-kind"} <= set(RACE.diff_phrases)
    change = Change("ending", "changed", "turn-limit", (None, None), 5000, 300)
    assert describe(change) == RACE.diff_phrases["turn-limit"](change) == "A race is stopped after 300 turns (was 5000)"


# the parts that were left outside the package (issue 30, "Left: parts of the race") ------------------
from construct_support import written_in, written_outside  # noqa: E402 - tests/construct_support.py

from touring_dsl.diff.changes import Change  # noqa: E402
from touring_dsl.diff.describe import describe  # noqa: E402
from touring_dsl.language.errors import CODES  # noqa: E402


def test_the_race_model_class_is_the_constructs():
    """Race moved from language.model: the model imports it, and a setup's race is the construct's class too."""
    assert model.Race is race_model.Race and model.RaceMechanics is race_model.RaceMechanics
    assert model.Ruleset.model_fields["race"].annotation is race_model.Race
    assert model.Setup.model_fields["race"].annotation is race_model.Race
    assert "class Race(" not in (PACKAGE / "language" / "model.py").read_text(encoding="utf-8")


def test_a_races_mechanics_part_is_made_from_the_registry():
    """The race's `mechanics` field still holds one optional part per registered race mechanic."""
    from touring_dsl.mechanics import REGISTERED

    assert set(race_model.RaceMechanics.model_fields) == {m.name for m in REGISTERED if m.place == "race"}
    assert model.Race.model_fields["mechanics"].annotation is race_model.RaceMechanics


RACE_CODES = ('"E220"', '"E221"', '"E222"', '"E224"')


def test_the_race_whole_checks_and_their_codes_are_the_constructs():
    """E220 (the piles do not add up), E221, E222 (a pile the deck cannot fill) and E224 (a distance race's rule
    in a race of piles, a race in the wrong unit) are said and declared in mechanics/race alone."""
    assert written_outside("mechanics/race", RACE_CODES) == []
    assert {"E220", "E221", "E222", "E224"} <= set(RACE.errors) and all(code in CODES for code in RACE.errors)
    text = (PACKAGE / "language" / "compiler.py").read_text(encoding="utf-8")
    for own in ("m.Race(", "def _race(", "def _check_total(", "def _check_supply(", "def _setup_race(",
                "def _setup_distance(", "def _in_own_file("):
        assert own not in text, f"language.compiler still has {own}"


def test_a_setup_plays_the_races_own_shortfall_and_it_is_said_once(tmp_path):
    """E222 for the edition's race is said once, not again for each setup that plays that race (a setup's
    shortfall is the race's when its pack is the deck)."""
    from touring_dsl.language.compiler import compile_text
    from touring_dsl.language.errors import TouringError

    text = '''edition "short" {
    title "Short"
    publisher "test"
}
deck {
    card "Go" go count 2
    card "10 Miles" mileage 10 count 2
}
race 30 miles {
    pile "10 Miles" needs 3
}
setup "two" { players 2 individuals }
setup "three" { players 3 individuals }
turn { hand 2 draw 1 before play }
'''
    try:
        compile_text(text, "short.touring", base_dir=tmp_path)
    except TouringError as exc:
        said = [d.message for d in exc.diagnostics if d.code == "E222"]
    else:
        said = []
    assert said == ['pile "10 Miles" needs 3 cards but the deck holds 2']


RACE_SECTION_WORDS = ("covers the distance by laying mileage cards on",  # the object of a race of piles
                      "laying mileage cards of any value on its distance pile",  # a distance race
                      "The distance changes with the number of players",  # the shorter races
                      "wins the race at once", "then wins; equal")  # the Winning section


@pytest.mark.parametrize("words", RACE_SECTION_WORDS)
def test_the_rulebooks_race_sections_are_written_only_in_the_construct(words):
    assert written_in("mechanics/race", words), f"{words!r} is no longer written in mechanics/race"
    assert written_outside("mechanics/race", [words]) == []


def test_the_rulebook_calls_the_construct_for_the_object_and_the_winning_sections():
    from touring_dsl.rulebook.markdown import rulebook_markdown

    book = rulebook_markdown(load("mille-bornes"))
    assert "laying mileage cards of any value on its distance pile" in book
    assert "No side may lay more than" in book  # its caps, with their counts spelt out
    assert "The first side to complete every one of its mileage piles wins the race at once." in \
        rulebook_markdown(load("touring-1937"))


RACE_DIFF_ASPECTS = ('"race-miles"', '"race-cap"', '"setup-race"', '"setup-piles"')


def test_the_differs_race_length_cap_and_setup_race_sentences_are_the_constructs():
    """The race's length and caps, and a setup's own race, are compared and said by mechanics/race alone."""
    assert written_outside("mechanics/race", RACE_DIFF_ASPECTS) == []
    assert {"race-miles", "race-cap", "setup-race", "setup-piles"} <= set(RACE.diff_phrases)
    longer = Change("race", "changed", "race-miles", (None, None), 700, "1000 km")
    assert describe(longer) == "The race is 1000 km (was 700 miles)"
    cap = Change("race", "added", "race-cap", (None, "200 km"), None, 2)
    assert describe(cap) == 'A side may lay at most 2 "200 km" in a race (new)'


PILE_WORDS = ("one mileage pile for each of",  # setting up
              "a complete pile takes no more cards",  # a turn's mileage option
              "pile crosswise: it makes the pile quick to count", "face down to show that",  # the piles' flags
              "piles are safe: penalties never take cards")  # the mileage cards


@pytest.mark.parametrize("words", PILE_WORDS)
def test_what_the_other_sections_say_of_the_piles_is_the_constructs(words):
    assert written_in("mechanics/race", words), f"{words!r} is no longer written in mechanics/race"
    assert written_outside("mechanics/race", [words]) == []
