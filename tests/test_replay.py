"""`touring replay`: a log replays identically; altered, foreign or damaged logs are refused with exit 1."""
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


def write_lines(path, lines):
    Path(path).write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")


@pytest.fixture(scope="module")
def game_log(tmp_path_factory):
    log = tmp_path_factory.mktemp("replay") / "game.jsonl"
    result = touring("play", "touring-1937-penalties", "--humans", "none", "--bots", "greedy,random",
                     "--seed", 21, "--log", log)
    assert result.exit_code == 0, result.output
    return log


def test_a_log_replays_identically(game_log):
    result = touring("replay", game_log)
    assert result.exit_code == 0, result.output
    moves = len(log_lines(game_log)) - 2
    assert f"OK: {moves} moves of touring-1937-penalties replay identically" in result.stdout


def test_json_summary(game_log):
    result = touring("replay", game_log, "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    last = log_lines(game_log)[-1]["result"]
    assert data["ok"] is True and data["finished"] is True
    assert (data["outcome"], data["winner"], data["turns"]) == (last["outcome"], last["winner"], last["turns"])


def test_step_shows_every_move(game_log):
    result = touring("replay", game_log, "--step")
    assert result.exit_code == 0
    moves = log_lines(game_log)[1:-1]
    assert f"{len(moves)}. player " in result.stdout and "1. player 1: " in result.stdout


def _first_play(lines):
    return next(i for i, line in enumerate(lines) if line.get("move", {}).get("action") == "play")


def test_a_changed_move_is_refused(game_log, tmp_path):
    lines = log_lines(game_log)
    index = _first_play(lines)
    lines[index]["move"]["card"] = "No Such Card"
    altered = tmp_path / "altered.jsonl"
    write_lines(altered, lines)
    result = touring("replay", altered)
    assert result.exit_code == 1
    assert f"altered.jsonl:{index + 1}: mismatch: move {index}" in result.stderr


def test_a_move_by_the_wrong_player_is_refused(game_log, tmp_path):
    lines = log_lines(game_log)
    lines[1]["seat"] = 1 - lines[1]["seat"]
    altered = tmp_path / "altered.jsonl"
    write_lines(altered, lines)
    result = touring("replay", altered)
    assert result.exit_code == 1 and ":2: mismatch: move 1 is logged for player" in result.stderr


def test_a_changed_event_is_refused(game_log, tmp_path):
    lines = log_lines(game_log)
    index = _first_play(lines)
    lines[index]["events"][-1]["detail"] = "something else happened"
    altered = tmp_path / "altered.jsonl"
    write_lines(altered, lines)
    result = touring("replay", altered, "--json")
    assert result.exit_code == 1
    assert f":{index + 1}: mismatch: move {index}: event" in result.stderr
    assert json.loads(result.stdout) == {"ok": False, "line": index + 1, "error": result.stderr.strip()}


def test_a_changed_result_is_refused(game_log, tmp_path):
    lines = log_lines(game_log)
    lines[-1]["result"]["turns"] += 1
    altered = tmp_path / "altered.jsonl"
    write_lines(altered, lines)
    result = touring("replay", altered)
    assert result.exit_code == 1 and "the log's result says turns" in result.stderr


def test_a_different_edition_text_is_refused_naming_both_hashes(game_log, tmp_path):
    lines = log_lines(game_log)
    current = lines[0]["source_hash"]
    lines[0]["source_hash"] = "0" * 64
    altered = tmp_path / "altered.jsonl"
    write_lines(altered, lines)
    result = touring("replay", altered)
    assert result.exit_code == 1
    assert "0" * 64 in result.stderr and current in result.stderr
    assert "different text of touring-1937-penalties" in result.stderr


def test_a_truncated_log_is_refused(game_log, tmp_path):
    text = Path(game_log).read_text(encoding="utf-8")
    cut = tmp_path / "cut.jsonl"
    cut.write_text(text[: len(text) // 2], encoding="utf-8")
    line = text[: len(text) // 2].count("\n") + 1
    result = touring("replay", cut)
    assert result.exit_code == 1
    assert f"corrupt log: {cut}:{line}: the log is cut short" in result.stderr
    assert "Traceback" not in result.output


def test_a_corrupt_line_is_refused(game_log, tmp_path):
    lines = Path(game_log).read_text(encoding="utf-8").splitlines(keepends=True)
    lines[3] = "this is not json\n"
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(lines), encoding="utf-8")
    result = touring("replay", bad)
    assert result.exit_code == 1 and f"{bad}:4: not valid JSON" in result.stderr


def test_an_unfinished_log_replays(game_log, tmp_path):
    lines = log_lines(game_log)[:10]
    part = tmp_path / "part.jsonl"
    write_lines(part, lines)
    result = touring("replay", part)
    assert result.exit_code == 0 and "the game is not finished" in result.stdout


def test_a_missing_file():
    result = touring("replay", "no-such-log.jsonl")
    assert result.exit_code == 2 and "no such file: no-such-log.jsonl" in result.stderr
    assert "corrupt" not in result.stderr
