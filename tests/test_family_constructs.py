"""The constructs Touring's family needs (issue 10): year ranges, renamed cards, distance races and
safeties, compiled, played and compared."""
from __future__ import annotations

from pathlib import Path

import pytest

from touring_dsl.language.archive import load
from touring_dsl.bots.rule_bots import RandomBot
from touring_dsl.language.compiler import compile_text
from touring_dsl.diff import diff_rulesets
from touring_dsl.engine import Move, new_game, run_random
from touring_dsl.language.errors import TouringError
from touring_dsl.base.rng import Rng
from touring_dsl.play.scenarios import example_position, run_examples

EDITIONS = Path(__file__).resolve().parents[1] / "editions"


def _compile(text: str):
    return compile_text(text, "<test>", base_dir=EDITIONS)


def test_a_year_range_and_its_removal():
    assert (load("touring-1958").year, load("touring-1958").year_end) == (1958, 1975)
    undated = _compile('edition "undated" extends "touring-1958" { remove year }')
    assert (undated.year, undated.year_end) == (None, None)


def test_remove_year_is_for_variants_only():
    with pytest.raises(TouringError, match="E254"):
        _compile('edition "x" { remove year title "x" }')


def test_a_rename_reaches_every_rule_that_names_the_card():
    ruleset = load("touring-1958")
    assert "Tow Truck" not in {c.name for c in ruleset.deck}
    assert any(chain.steps[0] == "Wrecker" for chain in ruleset.delays.chains)
    assert ("Stop to Refuel", 1) in ruleset.setup_for(3).removals
    renames = {(c.subject[0], c.subject[1]) for c in diff_rulesets(load("touring-1965"), ruleset).changes
               if c.action == "renamed"}
    assert ("Tow Truck", "Wrecker") in renames


DISTANCE = '''
edition "distance-1937" extends "touring-1937" { title "Touring by distance" }
change race 100 miles {
    remove pile "1 Mile" needs 8
    remove pile "3 Miles" needs 4
    remove pile "15 Miles" needs 2
    remove pile "30 Miles" needs 2
}
setup "three players" {
    change race 100 miles
    remove pile "1 Mile" needs 4
    remove pile "3 Miles" needs 2
    remove pile "15 Miles" needs 2
    remove pile "30 Miles" needs 1
}
example "Passing the target wins a race that is not exact" {
    given {
        side 1 go "Go"
        side 1 zone "Country"
        side 1 pile "30 Miles" 3
        hand 1 "30 Miles"
    }
    play "30 Miles"
    expect {
        side 1 miles 120
        winner side 1
    }
}
'''


def test_a_distance_race_that_is_not_exact_may_be_passed():
    ruleset = _compile(DISTANCE)
    assert ruleset.race.is_distance and not ruleset.race.exact
    assert [r.failures for r in run_examples(ruleset)] == [()]


def test_an_exact_race_never_passes_its_target_in_random_games():
    ruleset = load("mille-bornes")
    for players in ruleset.player_counts():
        for seed in range(30):
            game = new_game(ruleset, players, seed)
            run_random(game, Rng(seed))
            target = game.race_target  # the setup's race, or the Extension's longer one if it was called
            assert target in (game.setup.race.miles, getattr(game.t, "extend_to", None))
            assert max(game.miles) <= target
            assert all(counts[game.t.code["200 km"]] <= 2 for counts in game.mileage_counts)
            if game.outcome == "completed":
                assert game.miles[game.winner] == target


def test_a_shielded_side_is_never_hit_by_what_it_is_shielded_from():
    ruleset = load("mille-bornes")
    for seed in range(30):
        game = new_game(ruleset, 2, seed)
        rng, bot = Rng(seed), RandomBot()
        while not game.is_over:
            move = bot.choose(game.view(game.to_act), game.legal_moves(), rng)
            if move.action == "play" and move.target is not None:
                assert not game.immune[move.target] >> game.t.code[move.card] & 1, (seed, move)
            game.apply(move)


def test_a_safety_lifts_the_delay_it_shields_from():
    ruleset = load("mille-bornes")
    example = next(e for e in ruleset.examples if e.title.startswith("A safety laid on its own hazard"))
    game = example_position(ruleset, example)
    game.apply(Move("play", "Extra Tank"))
    assert game.go_piles[0] == [game.t.code["Roll"]] and game.to_act == 0  # lifted, and an extra turn
    assert game.t.code["Out of Gas"] in game.discard
