"""Game logs: writing, reading back, and clear refusals of damaged files."""
from __future__ import annotations

import json

import pytest

from touring_dsl.play import gamelog
from touring_dsl.play.gamelog import GameRecord, LogError, MoveEntry

HEADER = {"format": "touring-log", "version": 1, "edition": "touring-1937", "source_hash": "abc123",
          "players": 2, "setup": "two players", "seed": 3, "bots": ["human", "greedy"],
          "engine": "touring-dsl 0.1.0"}


def _record(moves: int = 2, result: bool = True) -> GameRecord:
    record = GameRecord(header=dict(HEADER))
    for n in range(1, moves + 1):
        record.moves.append(MoveEntry(n=n, seat=(n - 1) % 2, move={"action": "discard", "card": "Go"},
                                      events=[{"kind": "discard", "seat": (n - 1) % 2, "card": "Go"}]))
    if result:
        record.result = {"outcome": "completed", "winner": 0, "turns": moves}
    return record


def _text(record: GameRecord) -> str:
    return "".join(json.dumps(line) + "\n" for line in record.lines())


def _error(text: str) -> LogError:
    with pytest.raises(LogError) as caught:
        gamelog.parse(text, "game.jsonl")
    return caught.value


def test_save_and_read_round_trip(tmp_path):
    path = tmp_path / "game.jsonl"
    gamelog.save(path, _record())
    back = gamelog.read(path)
    assert back.header == HEADER
    assert [m.to_json() for m in back.moves] == [m.to_json() for m in _record().moves]
    assert [m.line for m in back.moves] == [2, 3]
    assert back.result == {"outcome": "completed", "winner": 0, "turns": 2}


def test_writer_appends_line_by_line(tmp_path):
    path = tmp_path / "game.jsonl"
    record = _record(moves=0, result=False)
    writer = gamelog.LogWriter(path, record)
    writer.move(MoveEntry(n=1, seat=0, move={"action": "discard", "card": "Go"}, events=[]))
    # the move is on disk before the writer is closed: an interrupted game is not lost
    assert len(gamelog.read(path).moves) == 1
    writer.result({"outcome": "exhausted", "winner": None, "turns": 1})
    writer.close()
    assert gamelog.read(path).result["outcome"] == "exhausted"


def test_unfinished_game_has_no_result():
    assert gamelog.parse(_text(_record(result=False))).result is None


def test_empty_log():
    assert "empty" in str(_error(""))


def test_truncated_last_line_names_its_line():
    text = _text(_record())
    cut = text[: text.rindex("\n", 0, len(text) - 1) + 15]  # the result line, cut in the middle
    error = _error(cut)
    assert error.line == 4 and "cut short" in error.problem


def test_garbage_line_in_the_middle():
    lines = _text(_record()).splitlines(keepends=True)
    lines[1] = '{"n": 1, "seat": 0, "move": \n'
    error = _error("".join(lines))
    assert error.line == 2 and "not valid JSON" in error.problem


def test_not_a_log_at_all():
    error = _error('{"hello": "world"}\n')
    assert error.line == 1 and "header" in error.problem


@pytest.mark.parametrize("key", ["edition", "source_hash", "seed", "bots"])
def test_header_missing_a_field(key):
    header = {k: v for k, v in HEADER.items() if k != key}
    error = _error(json.dumps(header) + "\n")
    assert error.line == 1 and f'"{key}"' in error.problem


def test_header_with_a_wrong_type():
    error = _error(json.dumps({**HEADER, "seed": "three"}) + "\n")
    assert "whole number" in error.problem


def test_header_bots_must_cover_every_seat():
    error = _error(json.dumps({**HEADER, "bots": ["greedy"]}) + "\n")
    assert "each of the 2 seats" in error.problem


def test_missing_move_line():
    lines = _text(_record(moves=3)).splitlines(keepends=True)
    del lines[2]
    error = _error("".join(lines))
    assert error.line == 3 and "move 2 was expected" in error.problem


def test_move_for_a_seat_that_does_not_exist():
    lines = _text(_record()).splitlines(keepends=True)
    lines[1] = lines[1].replace('"seat": 0', '"seat": 7')
    error = _error("".join(lines))
    assert error.line == 2 and "seat 7" in error.problem


def test_line_after_the_result():
    text = _text(_record()) + json.dumps({"n": 3, "seat": 0, "move": {"action": "discard"}, "events": []}) + "\n"
    error = _error(text)
    assert error.line == 5 and "already over" in error.problem


def test_not_utf8(tmp_path):
    path = tmp_path / "game.jsonl"
    path.write_bytes(b"\xff\xfe\x00binary")
    with pytest.raises(LogError) as caught:
        gamelog.read(path)
    assert "UTF-8" in caught.value.problem


def test_missing_file(tmp_path):
    with pytest.raises(LogError) as caught:
        gamelog.read(tmp_path / "nope.jsonl")
    assert "cannot read" in caught.value.problem


def test_hash_problem_names_both_hashes():
    from touring_dsl.language.archive import load

    ruleset = load("touring-1937")
    record = _record()
    problem = gamelog.hash_problem(record, ruleset)
    assert "abc123" in problem and ruleset.source_hash in problem
    record.header["source_hash"] = ruleset.source_hash
    assert gamelog.hash_problem(record, ruleset) is None
