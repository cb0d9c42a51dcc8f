"""`touring play` never crashes on odd input, never loses a game, and says plainly what a move costs."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from touring_dsl.play import gamelog
from touring_dsl.language.archive import load
from touring_dsl.cli.app import app
from touring_dsl.cli.play import Seats, Session, Stop
from touring_dsl.engine import build_position

runner = CliRunner()


def touring(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input, env={"NO_COLOR": "1"})


def test_odd_numbers_at_the_prompt_are_answered_not_crashed_on(tmp_path):
    log = tmp_path / "g.jsonl"
    huge = "7" * 5000
    result = touring("play", "touring-1937", "--seed", 4, "--log", log, input=f"²\nd ²\n{huge}\n٣\n1\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "I did not understand '²'" in out
    assert "Discards are numbered with the plays" in out
    assert "There is no move 777777...: choose 1 to " in out
    assert "I did not understand '٣'" in out
    assert f"no move {huge}" not in out  # the echo of the answer aside, the number is not repeated
    assert "internal error" not in result.output
    assert "Input ended after 2 moves" in result.stderr  # my move and the bot's


def test_a_failure_during_play_still_saves_the_game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    class Broken:
        def __init__(self):
            self.turns = 0

        def choose(self, view, legal, rng):
            self.turns += 1
            if self.turns > 3:
                raise RuntimeError("the bot fell over")
            return legal[0]

    monkeypatch.setattr("touring_dsl.bots.players.make_bot", lambda kind, ruleset: Broken())
    result = touring("play", "touring-1937", "--seed", 4, input="1\n" * 20)
    assert result.exit_code == 3
    assert "internal error" in result.stderr and "the bot fell over" in result.stderr
    assert "the game is saved in touring-1937-seed4.jsonl" in result.stderr
    assert "--resume touring-1937-seed4.jsonl" in result.stderr
    lines = [json.loads(line) for line in (tmp_path / "touring-1937-seed4.jsonl").read_text().splitlines()]
    assert len(lines) > 3  # the header and the moves made before the failure


def _speeding_session():
    ruleset = load("touring-1906")
    game = build_position(ruleset, 2, sides={0: {"go": ["Go"], "piles": [("5 Miles", 2)]}, 1: {"go": ["Go"]}},
                          hands={0: ["10 Miles", "1 Mile", "1 Mile", "Go", "Country"]})
    header = gamelog.make_header(ruleset, 2, game.setup.id, 1, ["human", "greedy"])
    seats = Seats(kinds=["human", "human"])
    return Session(game, gamelog.GameRecord(header=header), seats, "touring-1906", None, None)


def test_a_move_that_forfeits_is_marked_and_needs_a_yes(monkeypatch, capsys):
    session = _speeding_session()
    monkeypatch.setattr("sys.stdin", io.StringIO("2\nn\n2\ny\n"))
    with pytest.raises(Stop):
        session.run()
    out = capsys.readouterr().out
    assert "2. play 10 Miles   ! forfeits every mileage card and its go pile" in out
    assert "1. play 1 Mile\n" in out  # a harmless move carries no mark
    assert re.search(r"10 Miles\s+play: 2 !", out)  # nor does the hand hide it
    assert "Move 2 forfeits every mileage card and its go pile. Make it anyway? [y/N]" in out
    assert "Not made: choose again." in out
    # the first "n" kept the miles; the "y" made the move, and the side lost them
    assert [entry.move["card"] for entry in session.record.moves] == ["10 Miles"]
    assert session.game.view(0).sides[0].miles == 0


def test_one_numbering_for_plays_and_discards(monkeypatch, capsys):
    session = _speeding_session()
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    with pytest.raises(Stop):
        session.run()
    out = capsys.readouterr().out
    hand = out[out.index("Your hand"):out.index("Your moves")]
    assert "1 Mile x2" in hand  # two copies of a card are one line, not two lines saying the same move
    numbers = re.findall(r"(\d+)\. ", out[out.index("Your moves"):])
    assert numbers == [str(n) for n in range(1, len(numbers) + 1)]  # 1..N once each, plays then discards
    assert re.search(r"Or discard: 4\. 1 Mile   5\. 10 Miles", out)


def test_the_log_says_player_n_throughout(tmp_path):
    result = touring("play", "touring-1937", "--seed", 4, "--log", tmp_path / "g.jsonl", input="1\n" * 12)
    out = result.stdout
    assert "player 1 (you) drew" in out and "player 1 discards" in out
    assert not re.search(r"\b[Yy]ou (drew|plays|lays|discards)", out)
    # one capitalisation in the move feed: the draws read like the engine's events beside them
    assert not re.search(r"^ +Player \d", out, re.MULTILINE)


def test_no_help_hint_when_no_one_plays(tmp_path):
    result = touring("play", "touring-1937", "--humans", "none", "--seed", 2, "--log", tmp_path / "g.jsonl")
    assert result.exit_code == 0
    assert "Type ? for help" not in result.stdout
    person = touring("play", "touring-1937", "--seed", 2, "--log", tmp_path / "h.jsonl", input="q\n")
    assert "Type ? for help" in person.stdout


def test_log_does_not_overwrite_a_saved_game(tmp_path):
    log = tmp_path / "saved.jsonl"
    assert touring("play", "touring-1937", "--seed", 3, "--log", log, input="1\n" * 5).exit_code == 0
    saved = log.read_text()
    again = touring("play", "touring-1937", "--seed", 9, "--log", log, input="q\n")
    assert again.exit_code == 1
    assert "the file exists" in again.stderr and f"--resume {log}" in again.stderr and "--force" in again.stderr
    assert log.read_text() == saved
    other = tmp_path / "other.jsonl"
    assert touring("play", "touring-1937", "--seed", 5, "--log", other, input="1\n" * 3).exit_code == 0
    onto = touring("play", "touring-1937", "--resume", other, "--log", log, input="q\n")
    assert onto.exit_code == 1 and "the file exists" in onto.stderr
    assert log.read_text() == saved
    forced = touring("play", "touring-1937", "--seed", 9, "--log", log, "--force", input="q\n")
    assert forced.exit_code == 0
    assert json.loads(log.read_text().splitlines()[0])["seed"] == 9


@pytest.mark.parametrize("count", ["0", "-1"])
def test_players_must_be_at_least_one(count):
    result = touring("play", "touring-1937", "--players", count, "--humans", "none")
    assert result.exit_code == 2
    assert "--players" in result.stderr
