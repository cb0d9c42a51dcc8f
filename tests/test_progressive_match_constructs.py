"""Issue 30: Progressive Touring (the `progressive` section) and the match (`match to N points` in the
`scoring` section) are core constructs on the contract, touring_dsl/mechanics/progressive/ and
touring_dsl/mechanics/match/: their parse and statement keys, model part, compile step and error codes,
and their words for the rulebook, `touring show`, `touring new` and the differ.

Before, the progressive section was parsed by language/syntax.py's own methods, compiled by
language/compiler.py's `_progressive` (E290, E291 declared in language/errors.py), modelled in
language/model.py, compared in diff/compare.py and said in diff/describe.py, rulebook/document.py,
rulebook/variant.py and cli/new.py; the match was parsed by syntax.py, compiled by the scoring's compile
step, and said in rulebook/scoring.py, cli/show.py and diff/describe.py. These tests fail on that layout.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from construct_support import grammar_aliases, written_in, written_outside  # tests/construct_support.py

import touring_dsl
from touring_dsl.diff import diff_rulesets
from touring_dsl.diff.describe import describe
from touring_dsl.language import model
from touring_dsl.language.archive import load
from touring_dsl.language.compiler import compile_text
from touring_dsl.language.errors import CODES, TouringError
from touring_dsl.language.syntax import ToRaw
from touring_dsl.mechanics import core
from touring_dsl.mechanics.match import MATCH
from touring_dsl.mechanics.progressive import PROGRESSIVE
from touring_dsl.mechanics.progressive import model as progressive_model
from touring_dsl.mechanics.scoring import SCORING

PACKAGE = Path(touring_dsl.__file__).parent
PARTY = "touring-1937"  # an archive edition with a `progressive` section
MATCHED = "match-1937"  # the house rule that plays a match to 500 points


def compiled(text: str, tmp_path) -> model.Ruleset:
    return compile_text(text, "variant.touring", base_dir=tmp_path)


def errors_of(text: str, tmp_path) -> list[tuple[str, str]]:
    try:
        compiled(text, tmp_path)
    except TouringError as exc:
        return [(d.code, d.message) for d in exc.diagnostics]
    return []


# Progressive Touring --------------------------------------------------------------------------------
def test_progressive_is_a_core_construct_parsing_every_line_of_its_section():
    assert PROGRESSIVE in core.CORE
    aliases = grammar_aliases("progressive_rule", "partner_move") | {"progressive"}
    assert {"tables", "partners", "rounds", "winners_move_up", "prizes", "umpire", "separate"} <= aliases
    assert all(core.construct_of(alias) is PROGRESSIVE for alias in aliases), aliases
    assert not [alias for alias in aliases if alias in vars(ToRaw)], "language.syntax parses progressive lines itself"


def test_the_progressive_model_is_the_constructs():
    assert model.Progressive is progressive_model.Progressive
    assert "class Progressive(" not in (PACKAGE / "language" / "model.py").read_text(encoding="utf-8")
    assert load(PARTY).progressive.sizes()


def test_the_progressive_errors_are_declared_and_said_by_the_construct_alone():
    assert set(PROGRESSIVE.errors) == {"E290", "E291"} and all(code in CODES for code in PROGRESSIVE.errors)
    assert written_outside("mechanics/progressive", ['"E290"', '"E291"']) == []


def test_a_table_no_setup_seats_is_refused_by_the_construct(tmp_path):
    found = errors_of(f'edition "five" extends "{PARTY}" {{ }}\nprogressive {{\n    change tables of 5\n}}\n', tmp_path)
    assert ("E290", "no setup seats a table of 5") in found


PROGRESSIVE_WORDS = ("several tables play at the same time",  # the rulebook's section
                     "Nobody changes tables",
                     "Progressive touring:",  # the differ's sentences
                     "Changes progressive play",  # the rulebook's variant line
                     "Progressive touring in rounds of")  # `touring new`'s suggestion


@pytest.mark.parametrize("words", PROGRESSIVE_WORDS)
def test_progressives_words_are_written_only_in_the_construct(words):
    assert written_in("mechanics/progressive", words), f"{words!r} is no longer written in mechanics/progressive"
    assert written_outside("mechanics/progressive", [words]) == []


def test_a_change_to_the_rounds_is_compared_and_said_by_the_construct(tmp_path):
    party = load(PARTY)
    longer = party.progressive.minutes + 10 if party.progressive.minutes else 30
    variant = compiled(f'edition "longer" extends "{PARTY}" {{ }}\nprogressive {{\n    change rounds of {longer} minutes\n}}\n',
                       tmp_path)
    said = [describe(c) for c in diff_rulesets(party, variant).changes]
    assert f"Progressive touring: rounds of {longer} minutes (was {party.progressive.minutes or 'open'})" in said
    assert set(PROGRESSIVE.diff_phrases) >= {"progressive", "tables", "minutes", "prizes", "umpire"}


def test_the_rulebook_section_is_the_constructs_phrases():
    from touring_dsl.mechanics.phrases import plain

    chapter = PROGRESSIVE.section(load(PARTY))
    assert chapter.title == "Progressive play" and chapter.anchor == "progressive"
    assert plain(chapter.blocks[0].body).startswith("For a party, several tables play at the same time")
    assert PROGRESSIVE.section(load("mille-bornes")) is None  # an edition without the section


# the match ------------------------------------------------------------------------------------------
def test_the_match_is_a_core_construct_apart_from_the_scorings_terms():
    assert MATCH in core.CORE and core.construct_of("match_to") is MATCH
    assert "match_to" not in SCORING.statements and "match_to" not in vars(ToRaw)
    assert core.rule_key("match_to", {"points": None}) == ("match_to",)
    assert core.key_said(("match_to",)) == "the match"


def test_no_other_module_reads_the_match_line():
    """Only the construct reads `match to N points` (but the rotating lead, a mechanic of the match that must
    refuse itself without one: mechanics/lead_rotation.py, E299)."""
    found = written_outside("mechanics/match", ['"match_to"'])
    assert [hit for hit in found if not hit.startswith("mechanics/lead_rotation.py:")] == []


MATCH_WORDS = ("A match is played over several races",  # the rulebook's paragraph
               "The same player leads every race of the match",
               "each race scored on its own",  # `touring show` and the differ
               "a match to {v} points")


@pytest.mark.parametrize("words", MATCH_WORDS)
def test_the_matchs_words_are_written_only_in_the_construct(words):
    assert written_in("mechanics/match", words), f"{words!r} is no longer written in mechanics/match"
    assert written_outside("mechanics/match", [words]) == []


def test_the_match_compiles_shows_and_differs_through_the_construct(tmp_path):
    matched = load(MATCHED)
    assert matched.scoring.match == MATCH.target(matched) == 500
    assert MATCH.show(matched).startswith("; match to 500 points")
    shorter = compiled(f'edition "shorter" extends "{MATCHED}" {{ }}\nscoring {{\n    change match to 300 points\n}}\n',
                       tmp_path)
    said = [describe(c) for c in diff_rulesets(matched, shorter).changes]
    assert "Scoring: a match to 300 points (was a match to 500 points)" in said


def test_a_match_worth_nothing_is_refused(tmp_path):
    found = errors_of(f'edition "none" extends "{MATCHED}" {{ }}\nscoring {{\n    change match to 0 points\n}}\n', tmp_path)
    assert ("E223", "a match must be worth at least 1 point") in found


def test_the_match_named_in_a_message_by_its_construct(tmp_path):
    """A variant that changes a match its parent does not have is told so, naming "the match"."""
    found = errors_of('edition "more" extends "touring-1937" { }\nscoring {\n    change match to 300 points\n}\n',
                      tmp_path)
    assert any("the match" in message for _, message in found), found


def test_the_engine_import_of_the_constructs_loads_no_pydantic_model():
    probe = ("import sys, touring_dsl.mechanics.core; "
             "print(any(m.startswith('pydantic') for m in sys.modules), "
             "any(m.endswith(('.model', '.compile')) and m.startswith('touring_dsl.mechanics') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "False"]
