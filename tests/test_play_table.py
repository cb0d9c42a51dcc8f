"""The table as `touring play` shows it: Go piles and what they need, zones, piles, hand and why not."""
from __future__ import annotations

import re

from rich.console import Console

from touring_dsl.language.archive import load
from touring_dsl.engine import build_position, new_game
from touring_dsl.play.table_view import render_table, result_lines


def _name(seat: int) -> str:
    return "you" if seat == 0 else f"player {seat + 1} (greedy)"


def _text(game, seat: int = 0, recent=()) -> str:
    legal = game.legal_moves()
    console = Console(no_color=True, width=200, record=True, file=open("/dev/null", "w"))
    for line in render_table(game, seat, legal, list(recent), _name):
        console.print(line)
    return console.export_text()


def test_a_delayed_side_shows_the_rest_of_its_chain():
    ruleset = load("touring-1937")
    game = build_position(ruleset, 2, sides={0: {"go": ["Go", "Collision"], "piles": [("15 Miles", 1), ("1 Mile", 3)]},
                                             1: {"go": ["Go"], "zone": ["Country"]}},
                          hands={0: ["Hauled In", "30 Miles", "Go", "Country", "City Limits"]})
    text = _text(game, recent=["player 2 plays Collision on side 1"])
    assert "Go pile: Collision (2 cards); needs Hauled In, then Go" in text
    assert "Go pile: Go (1 card); rolling: may lay mileage" in text
    assert "15 Miles 1/2" in text and "1 Mile 3/8" in text and "30 Miles 0/2" in text
    assert "Miles: 18 of 110" in text
    assert "Zone: empty (City Limits applies)" in text and "Zone: Country" in text  # no card laid, and one laid
    assert "player 2 plays Collision on side 1" in text
    # every card of the hand: the numbers of the moves that play it, or the engine's reason why not
    hauled_in = next(l for l in text.splitlines() if re.match(r"\s+Hauled In\s+play: \d", l))
    number = int(hauled_in.split("play: ")[1])
    assert f"    {number}. play Hauled In" in text
    for card in ("30 Miles", "Go"):
        line = next(l for l in text.splitlines() if re.match(rf"\s+{card}\s+cannot", l))
        assert f"cannot play: {game.why_not(0, card)}" in line
    # the discards share the numbering, after the plays
    assert re.search(r"Or discard: 4\. .*\d\. Hauled In", text)


def test_a_game_wide_zone_is_shown_once():
    game = new_game(load("touring-1906"), players=3, seed=4)
    text = _text(game)
    assert text.count("Zone for every side: City Limits") == 1
    assert "    Zone:" not in text
    assert "Miles: 0 of 30" in text  # the three-player race is shorter
    assert "Side 3: player 3 (greedy)" in text
    assert "Draw pile:" in text and "Discard pile: empty" in text


def test_the_result_names_the_winner():
    ruleset = load("touring-1937")
    game = build_position(ruleset, 2, sides={0: {"go": ["Go"], "zone": ["Country"], "piles": [("1 Mile", 8), ("3 Miles", 4),
                                                                          ("15 Miles", 2), ("30 Miles", 1)]}},
                          hands={0: ["30 Miles"]}, zone=None)
    game.apply(next(m for m in game.legal_moves() if m.card == "30 Miles" and m.action == "play"))
    assert game.is_over
    lines = result_lines(game, _name, me=0)
    assert lines[0].startswith("Game over after") and "the race was completed" in lines[0]
    assert "  Side 1 - you: 110 of 110 miles" in lines
    assert lines[-1] == "You win (side 1)!"


def test_a_bonus_turn_after_a_safety_is_labelled():
    from touring_dsl.engine import Move
    from touring_dsl.play.table_view import bonus_turn_line

    ruleset = load("mille-bornes")
    game = build_position(ruleset, 2, hands={0: ["Driving Ace", "25 km"], 1: ["Stop"]})
    events = game.apply(Move("play", "Driving Ace"))
    assert bonus_turn_line(game, 0, events, _name) == "you takes a bonus turn for laying Driving Ace"
    events = game.apply(Move("discard", "25 km"))
    assert bonus_turn_line(game, 0, events, _name) is None  # play passes on as usual


def test_the_next_turn_won_by_a_coup_fourre_is_labelled():
    from touring_dsl.engine import Move
    from touring_dsl.play.table_view import bonus_turn_line

    ruleset = load("mille-bornes")
    game = build_position(ruleset, 2, sides={1: {"go": ["Roll"]}}, hands={0: ["Flat Tire"], 1: ["Puncture-Proof"]})
    assert bonus_turn_line(game, 0, game.apply(Move("play", "Flat Tire", 1)), _name) is None
    events = game.apply(Move("counter", "Puncture-Proof"))
    assert bonus_turn_line(game, 1, events, _name) == "player 2 (greedy) takes the next turn for showing Puncture-Proof"


def test_play_says_when_a_bot_plays_again_after_its_safety():
    from typer.testing import CliRunner

    from touring_dsl.cli.app import app

    result = CliRunner().invoke(app, ["play", "mille-bornes", "--humans", "none", "--seed", "1"], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    at = lines.index("  player 2 (greedy) takes a bonus turn for laying Driving Ace")
    assert lines[at - 1] == "  player 2 lays Driving Ace in front of side 2"
