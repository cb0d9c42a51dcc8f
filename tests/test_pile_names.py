"""Language stage, `piles`: an edition names its piles, and the rulebook, the table and the differ use the names."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from touring_dsl.language.archive import load
from touring_dsl.cli.app import app
from touring_dsl.language.compiler import compile_text
from touring_dsl.language.errors import TouringError
from touring_dsl.rulebook import build
from touring_dsl.rulebook.markdown import render as to_markdown

NAMED = '''edition "named-1937" extends "touring-1937" { title "Named piles" }
add piles {
    go pile is called "battle pile"
    zone pile is called "speed pile"
}
'''


def test_mille_bornes_names_its_battle_and_speed_piles():
    names = load("mille-bornes").pile_names
    assert (names.go, names.zone) == ("battle pile", "speed pile")
    assert names.provenance.cites  # where the names come from is recorded like any rule
    assert load("touring-1937").pile_names.go == ""


def test_the_rulebook_says_the_names_and_not_the_defaults():
    named = to_markdown(build(compile_text(NAMED, "named.touring", ".")))
    plain = to_markdown(build(load("touring-1937")))
    assert "- a battle pile, on which it lays its **Go** cards" in named
    assert "a speed pile for its **City Limits** and **Country** cards" in named
    assert "**Go** pile" not in named and "zone pile" not in named
    assert "**Go** pile" in plain and "zone pile" in plain


def test_the_table_shows_the_names(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # quitting saves the game in the current folder
    result = CliRunner().invoke(app, ["play", "mille-bornes", "--seed", "3"], input="q\n", env={"NO_COLOR": "1"})
    assert "    Battle pile: empty; needs Roll" in result.stdout and "    Speed pile: empty (no limit)" in result.stdout
    assert "Go pile:" not in result.stdout and "Zone:" not in result.stdout


def test_diff_notices_a_renamed_pile():
    result = CliRunner().invoke(app, ["diff", "touring-1965", "mille-bornes"], env={"NO_COLOR": "1"})
    assert '~ Name of the pile a go card is laid on: "battle pile" (was none)' in result.stdout
    assert '~ Name of the zone pile: "speed pile" (was none)' in result.stdout


def test_a_zone_pile_needs_zones():
    text = '''edition "nozones" extends "touring-1937" { title "No zones" }
remove zones
add piles {
    zone pile is called "speed pile"
}
'''
    with pytest.raises(TouringError) as caught:
        compile_text(text, "nozones.touring", ".")
    assert any(d.code == "E256" and "no zone pile to name" in d.message for d in caught.value.diagnostics)


def test_a_refusal_names_the_pile_as_the_edition_does():
    from touring_dsl.engine import new_game

    for edition, pile in (("mille-bornes", "battle pile"), ("touring-1937", "go pile")):
        game = new_game(load(edition), players=2, seed=3)
        mileage = next(c.name for c in game.ruleset.deck if c.kind == "mileage")
        assert game.why_not(0, mileage).endswith(f"showing on your side's {pile}")


# -- the counter's name ("coup fourré"), declared beside the piles' -----------------------------------

def test_mille_bornes_names_its_counter_and_cites_it():
    names = load("mille-bornes").pile_names
    assert names.counter == "coup fourré"
    assert any(c.section == "Coup Fourre" for c in names.provenance.cites)
    assert load("touring-reprint").pile_names.counter == ""


def test_a_counter_name_needs_a_card_that_cancels():
    text = '''edition "nocounter" extends "touring-1937" { title "No counter" }
add piles {
    counter is called "coup fourré"
}
'''
    with pytest.raises(TouringError) as caught:
        compile_text(text, "nocounter.touring", ".")
    assert any(d.code == "E256" and "no counter to name" in d.message for d in caught.value.diagnostics)


def test_a_variant_names_the_reprints_mechanic():
    text = '''edition "named-reprint" extends "touring-reprint" { title "Named counter" }
add piles {
    counter is called "save"
}
'''
    ruleset = compile_text(text, "named.touring", ".")
    assert ruleset.pile_names.counter == "save"
    book = to_markdown(build(ruleset))
    assert "Played out of turn: the save" in book and "is called a save." in book
    plain = to_markdown(build(load("touring-reprint")))
    assert "is called" not in plain and "### Played out of turn\n" in plain


def test_the_log_and_score_sheet_use_the_name():
    from touring_dsl.engine import Move, build_position
    from touring_dsl.play.score_sheet import term_words

    ruleset = load("mille-bornes")
    game = build_position(ruleset, sides={0: {"go": ["Roll"]}, 1: {"go": ["Roll"]}},
                          hands={0: ["Stop"], 1: ["Right of Way"]})
    game.apply(Move("play", "Stop", 1))
    events = game.apply(Move("counter", "Right of Way"))
    assert str(events[0]) == "player 2 calls a coup fourré with Right of Way: Stop is cancelled"
    term = next(t for t in ruleset.scoring.terms if t.what == "countered")
    assert term_words(term, "km", ruleset.pile_names.counter) == "300 points per coup fourré"  # the score sheet's row
    assert term_words(term, "km") == "300 points per hazard countered"  # an edition that names no counter


def test_diff_notices_a_named_counter():
    result = CliRunner().invoke(app, ["diff", "touring-1965", "mille-bornes"], env={"NO_COLOR": "1"})
    assert '~ Name of turning a hazard away out of turn: "coup fourré" (was none)' in result.stdout
