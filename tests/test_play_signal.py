"""One table of a party at the terminal: the signal stops the game (by turns or by the clock) and the
miles laid are what the table records; Game.stop is the engine's public way to end a game there."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from touring_dsl.language.archive import load
from touring_dsl.cli.app import app
from touring_dsl.engine import IllegalMove, new_game
from touring_dsl.party.signal import RoundSignal

runner = CliRunner()


def touring(*args, input=""):
    return runner.invoke(app, [str(a) for a in args], input=input, env={"NO_COLOR": "1"})


def play_until(game, turns):
    while game.turns < turns and not game.is_over:
        game.apply(game.legal_moves()[0])


def test_stop_ends_the_game_with_each_sides_miles():
    game = new_game(load("touring-1937"), players=4, seed=2)
    play_until(game, 40)
    miles = game.side_miles()
    events = game.stop()
    assert game.is_over and game.outcome == "signal" and game.side_miles() == miles
    assert events[-1].kind == "signal"
    assert game.winner == (None if miles[0] == miles[1] else miles.index(max(miles)))
    assert game.legal_moves() == []
    with pytest.raises(IllegalMove):
        game.stop()


def test_signal_by_turns_and_by_clock():
    game = new_game(load("touring-1906"), seed=1)
    now = [100.0]
    by_clock = RoundSignal(minutes=10, clock=lambda: now[0])
    by_turns = RoundSignal(turns=3)
    assert not by_clock.due(game) and not by_turns.due(game)
    play_until(game, 3)
    assert by_turns.due(game) and not by_clock.due(game)
    now[0] += 600
    assert by_clock.due(game)


def test_play_stops_at_the_signal_and_reports_the_miles(tmp_path):
    log = tmp_path / "table.jsonl"
    result = touring("play", "touring-1937", "--players", 4, "--humans", "none", "--seed", 4,
                     "--round-turns", 30, "--log", log)
    assert result.exit_code == 0, result.output
    assert "Game over after 30 moves: the signal stopped play." in result.stdout
    assert "The signal sounded after 30 moves: play stops. Miles to record: side 1 " in result.stdout
    last = json.loads(log.read_text().splitlines()[-1])
    assert last["result"] == {"outcome": "signal", "winner": last["result"]["winner"], "turns": 30}
    replay = touring("replay", log)
    assert replay.exit_code == 0 and "(signal, 30 turns)" in replay.stdout


def test_a_race_won_before_the_signal_says_another_game_follows():
    result = touring("play", "touring-1937", "--humans", "none", "--seed", 4, "--round-turns", 300)
    assert "The race was won before the signal (77 moves)" in result.stdout  # the greedy bots of seed 4
    assert "touring play touring-1937 --round-turns 223" in result.stdout


def test_a_move_typed_after_the_bell_is_not_played(monkeypatch):
    clock = iter([0.0, 0.0, 1000.0] + [1000.0] * 50)  # set, checked before the move, checked after it
    monkeypatch.setattr("touring_dsl.party.signal.time.monotonic", lambda: next(clock))
    result = touring("play", "touring-1937", "--seed", 4, "--round-minutes", 1, input="1\n")
    assert result.exit_code == 0, result.output
    assert "Game over after 0 moves: the signal stopped play." in result.stdout


@pytest.mark.parametrize("args", [["--round-turns", 5, "--round-minutes", 1], ["--round-turns", 0],
                                  ["--round-minutes", -1]])
def test_bad_signals_are_usage_errors(args):
    result = touring("play", "touring-1937", "--humans", "none", *args)
    assert result.exit_code == 2 and "--round-" in result.stderr
