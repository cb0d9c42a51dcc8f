"""`touring play` with bots only: games run to the end without input, and bad options are refused."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from touring_dsl.cli.app import app

runner = CliRunner()


def touring(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input, env={"NO_COLOR": "1"})


def log_lines(path):
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("edition, players, bots", [
    ("touring-1937", 2, "greedy"),
    ("touring-1906", 3, "random,greedy"),
    ("touring-reprint", 4, "greedy,random"),
    ("touring-1937-penalties", 2, "random"),
])
def test_all_bot_game_plays_to_the_end(tmp_path, edition, players, bots):
    log = tmp_path / "game.jsonl"
    result = touring("play", edition, "--players", players, "--humans", "none", "--bots", bots,
                     "--seed", 11, "--log", log, input="")
    assert result.exit_code == 0, result.output
    assert "Game over after" in result.stdout
    lines = log_lines(log)
    header, moves, last = lines[0], lines[1:-1], lines[-1]
    assert header["edition"] == edition and header["players"] == players and header["seed"] == 11
    assert "human" not in header["bots"] and len(header["bots"]) == players
    assert last["result"]["outcome"] in ("completed", "exhausted", "turn-limit")
    assert [m["n"] for m in moves] == list(range(1, len(moves) + 1))
    assert "\x1b[" not in result.stdout  # no colour when not a terminal


def test_bots_are_cycled_over_the_seats(tmp_path):
    log = tmp_path / "game.jsonl"
    result = touring("play", "touring-1937", "--players", 4, "--humans", "2", "--bots", "random,greedy",
                     "--seed", 1, "--log", log, input="")
    assert result.exit_code == 0  # input ends at once: stopped and saved
    assert log_lines(log)[0]["bots"] == ["random", "human", "greedy", "random"]


def test_same_seed_same_game(tmp_path):
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for log in (first, second):
        assert touring("play", "touring-1965", "--humans", "none", "--seed", 8, "--log", log).exit_code == 0
    assert log_lines(first)[1:] == log_lines(second)[1:]


@pytest.mark.parametrize("args, message", [
    (["--bots", "clever"], 'no bot named "clever"'),
    (["--bots", "human,ismcts"], '"human" is not a bot; seats played by people are chosen with --humans'),
    (["--humans", "5"], "not a seat number from 1 to 2"),
    (["--humans", "one"], "not a seat number"),
    (["--players", "9"], "not 9"),
    (["--setup", "nonsense"], 'no setup "nonsense"'),
])
def test_bad_options_are_usage_errors(args, message):
    result = touring("play", "touring-1937", *args, "--seed", 1, input="")
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_unknown_edition_is_refused():
    result = touring("play", "touring-1999", "--humans", "none")
    assert result.exit_code == 1
    assert "touring-1999" in result.stderr and "Traceback" not in result.output
