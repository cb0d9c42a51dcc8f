"""Three rules the engine, its explanations and the differ got wrong (issue 17, "Fix on the way"):
each test sets up the real position or editions and fails without its fix."""
from __future__ import annotations

import pytest

from touring_dsl.language.archive import load
from touring_dsl.language.compiler import compile_text
from touring_dsl.diff import diff_rulesets, render_text
from touring_dsl.engine import IllegalMove, Move, build_position


@pytest.fixture(scope="module")
def mille():
    return load("mille-bornes")


def test_a_safety_on_a_repaired_hazard_still_leaves_the_side_waiting_for_its_roll(mille):
    """Accident repaired, Roll not yet laid: Driving Ace shields from the next Accident but is no Roll."""
    game = build_position(mille, sides={0: {"go": ["Roll", "Accident", "Repairs"]}},
                          hands={0: ["Driving Ace", "100 km", "Roll"]})
    game.apply(Move("play", "Driving Ace"))  # an extra turn: the same player plays again
    assert game.to_act == 0
    assert Move("play", "100 km") not in game.legal_moves()
    assert Move("play", "Roll") in game.legal_moves()
    assert "Roll" in game.why_not(0, "100 km")
    with pytest.raises(IllegalMove):
        game.apply(Move("play", "100 km"))
    game.apply(Move("play", "Roll"))
    assert game.go_piles[0][-1] == game.t.code["Roll"]


def test_a_safety_on_its_hazard_still_lifts_it(mille):
    """The rule the fix keeps: an Accident not yet repaired is lifted by Driving Ace, the car runs."""
    game = build_position(mille, sides={0: {"go": ["Roll", "Accident"]}}, hands={0: ["Driving Ace", "100 km"]})
    game.apply(Move("play", "Driving Ace"))
    assert Move("play", "100 km") in game.legal_moves()


def test_a_card_past_an_exact_finish_is_refused_for_the_finish_not_the_zone(mille):
    game = build_position(mille, sides={0: {"go": ["Roll"], "piles": [("100 km", 6), ("25 km", 1)]}},
                          hands={0: ["100 km", "75 km"]})
    assert game.miles[0] == 625
    reason = game.why_not(0, "100 km")
    assert "End of Limit" not in reason
    assert "700 km" in reason and "exactly" in reason
    assert game.why_not(0, "75 km") is None


def test_a_zone_that_forbids_the_card_is_still_the_reason(mille):
    game = build_position(mille, sides={0: {"go": ["Roll"], "zone": ["Speed Limit"]}}, hands={0: ["100 km"]})
    assert "Speed Limit" in game.why_not(0, "100 km")


def test_a_capped_card_says_how_many_a_side_may_lay(mille):
    game = build_position(mille, sides={0: {"go": ["Roll"], "piles": [("200 km", 2)]}}, hands={0: ["200 km"]})
    assert "at most 2" in game.why_not(0, "200 km")


LONGER = '''
edition "longer-mille" extends "mille-bornes" { title "A longer short race" }
setup "two or three players" {
    change race 800 km
}
'''


def test_the_diff_gives_a_setup_race_in_its_own_unit(mille):
    longer = compile_text(LONGER, "longer.touring")
    lines = [line for line in render_text(diff_rulesets(mille, longer)).splitlines() if "800" in line]
    assert lines, "the diff does not mention the 800 km race"
    assert all("miles" not in line for line in lines), lines
    assert any("800 km" in line and "700 km" in line for line in lines), lines


# issue 20: why a remedy, a go card or a zone card cannot be played, as a player would say it -----------------

@pytest.fixture(scope="module")
def r1937():
    return load("touring-1937")


def test_a_remedy_with_nothing_to_repair_names_what_it_repairs(mille):
    game = build_position(mille, sides={0: {"go": ["Roll"]}}, hands={0: ["Gasoline"]})
    reason = game.why_not(0, "Gasoline")
    assert "Out of Gas" in reason and "already shows" not in reason
    empty = build_position(mille, hands={0: ["Repairs"]})
    assert "Accident" in empty.why_not(0, "Repairs")


def test_a_wrong_remedy_names_the_hazard_and_the_remedy_it_needs(mille):
    game = build_position(mille, sides={0: {"go": ["Roll", "Flat Tire"]}}, hands={0: ["Gasoline", "Roll"]})
    reason = game.why_not(0, "Gasoline")
    assert "Flat Tire" in reason and "Spare Tire" in reason
    assert "Spare Tire" in game.why_not(0, "Roll") and "Flat Tire" in game.why_not(0, "Roll")


def test_a_remedy_after_the_repair_says_the_go_card_is_what_is_missing(mille):
    game = build_position(mille, sides={0: {"go": ["Roll", "Accident", "Repairs"]}}, hands={0: ["Repairs"]})
    reason = game.why_not(0, "Repairs")
    assert "Accident" in reason and "Roll" in reason


def test_a_go_card_under_a_safety_that_acts_as_go_names_the_safety(mille):
    game = build_position(mille, sides={0: {"safeties": ["Right of Way"]}}, hands={0: ["Roll"]})
    assert "Right of Way" in game.why_not(0, "Roll")


def test_a_zone_card_says_where_each_side_already_is(mille):
    game = build_position(mille, sides={0: {"go": ["Roll"]}, 1: {"go": ["Roll"], "zone": ["Speed Limit"]}},
                          hands={0: ["Speed Limit", "End of Limit"]})
    assert game.why_not(0, "Speed Limit") == "player 2 is already in Speed Limit"
    assert game.why_not(0, "End of Limit") == "your side has no limit to lift"  # a remedy with nothing to lift (QA point 18)


def test_a_zone_card_against_a_shielded_side_names_the_safety(mille):
    game = build_position(mille, sides={1: {"safeties": ["Right of Way"]}}, hands={0: ["Speed Limit"]})
    assert game.why_not(0, "Speed Limit") == "player 2 is shielded from Speed Limit by Right of Way"


def test_a_zone_card_for_the_whole_table_says_the_table_is_in_it():
    ruleset = load("touring-1906")
    game = build_position(ruleset, sides={0: {"go": ["Go"]}}, hands={0: ["City Limits"]})
    assert game.why_not(0, "City Limits") == "the whole table is already in City Limits"


@pytest.mark.parametrize("path", sorted(p.stem for p in __import__("touring_dsl.language.locate", fromlist=["x"]).archive_files()))
def test_every_card_in_hand_is_playable_or_has_a_reason(path):
    """Along random games of every edition, why_not answers None exactly for the cards the engine would
    play, and a reason (never an exception) for every other card in the hand of the seat to act."""
    from touring_dsl.language.locate import archive_files
    from touring_dsl.engine import new_game
    from touring_dsl.base.rng import Rng

    ruleset = load(str(next(p for p in archive_files() if p.stem == path)))
    for seed in range(3):
        game = new_game(ruleset, ruleset.player_counts()[0], seed=seed)
        rng = Rng(seed)
        while not game.is_over and game.turns < 400:
            seat = game.to_act
            playable = {m.card for m in game.legal_moves() if m.action in ("play", "counter")}
            for card in {game.t.names[c] for c in game.hands[seat]}:
                reason = game.why_not(seat, card)
                assert (reason is None) == (card in playable), (card, reason, game)
            moves = game.legal_moves()
            game.apply(rng.choice(moves))
