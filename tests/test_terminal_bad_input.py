"""CLI stage, bad input at the terminal (issue 28, point 9): a save, a log, a name or a link that once made an
internal error (exit 3) now gets a message saying where and what, with a user's exit status."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from touring_dsl.cli.app import app
from touring_dsl.base.json_input import BadJSON, loads

runner = CliRunner()
LONG = "a" * 300  # a file system takes at most 255 bytes in one name
SECRET = "SECRET-first-line-of-my-notes"


def touring(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input, env={"NO_COLOR": "1", "COLUMNS": "80"})


def assert_refused(result, code: int, *said: str) -> None:
    assert result.exit_code == code, result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
    for words in said:
        assert words in result.stderr


# a party saved between a round's last table and the next round's seats ---------------------------

def _party_with_one_round(tmp_path: Path) -> Path:
    """Four players, two rounds planned, round 1 recorded, and no round 2 in the file."""
    save = tmp_path / "party.json"
    touring("party", "touring-1937", "--players", "Ann,Bob,Cat,Dan", "--rounds", 2, "--in-order", "--seed", 5,
            "--save", save, input="45\n30\n")
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["rounds"][0]["tables"][0]["games"] == [[45, 30]]
    data["rounds"] = data["rounds"][:1]
    save.write_text(json.dumps(data), encoding="utf-8")
    return save


def test_a_party_saved_before_its_next_round_was_seated_resumes_at_that_round(tmp_path):
    """The next round's seats follow from the recorded results alone, so resuming seats it and goes on."""
    save = _party_with_one_round(tmp_path)
    result = touring("party", "--resume", save, input="20\n60\n")
    assert result.exit_code == 0, result.output
    assert "1 of 2 rounds recorded" in result.stderr
    assert "Round 2 of 2" in result.stdout and "Final standings:" in result.stdout
    rounds = json.loads(save.read_text(encoding="utf-8"))["rounds"]
    assert [r["tables"][0]["games"] for r in rounds] == [[[45, 30]], [[20, 60]]]


def test_a_party_saved_before_its_next_round_reports_as_json(tmp_path):
    save = _party_with_one_round(tmp_path)
    result = touring("party", "--resume", save, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert len(data["party"]["rounds"]) == 2 and not data["finished"]


@pytest.mark.parametrize("damage, said", [
    (lambda data: data.update(rounds=[]), "no round is seated"),
    (lambda data: data["rounds"][0]["tables"][0].update(games=None, winner=None, last=None),
     "round 1 is not fully recorded, yet a later round is seated"),
])
def test_a_party_save_with_impossible_rounds_is_damaged(tmp_path, damage, said):
    save = tmp_path / "party.json"
    touring("party", "touring-1937", "--players", 4, "--rounds", 2, "--seed", 5, "--save", save, input="45\n30\n")
    data = json.loads(save.read_text(encoding="utf-8"))
    damage(data)
    save.write_text(json.dumps(data), encoding="utf-8")
    assert_refused(touring("party", "--resume", save), 1, f"{save} is damaged: {said}")


# half a surrogate pair in a log or a save ------------------------------------------------------------

def _log_with(tmp_path: Path, old: str, new: str, line: int) -> Path:
    log = tmp_path / "game.jsonl"
    assert touring("play", "touring-1937", "--humans", "none", "--seed", 3, "--log", log).exit_code == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    assert old in lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return log


@pytest.mark.parametrize("as_json", [False, True])
def test_replay_refuses_a_lone_surrogate_with_line_and_column(tmp_path, as_json):
    log = _log_with(tmp_path, '"player 1 discards', '"player \\ud800 discards', 2)
    result = touring("replay", log, *(["--json"] if as_json else []))
    where = f"{log}:2: not valid JSON: the string at column"
    assert_refused(result, 1, where, "holds \\ud800, half of a UTF-16 surrogate pair and not a character")
    if as_json:
        answer = json.loads(result.stdout)
        assert answer["ok"] is False and answer["line"] == 2 and "\\ud800" in answer["error"]


def test_play_resume_refuses_a_lone_surrogate(tmp_path):
    log = _log_with(tmp_path, '"card":"', '"card":"\\udfff', 2)
    assert_refused(touring("play", "--resume", log), 1, "cannot resume", ":2:", "holds \\udfff")


def test_party_resume_refuses_a_lone_surrogate(tmp_path):
    save = tmp_path / "party.json"
    touring("party", "touring-1937", "--players", 4, "--seed", 5, "--save", save, input="")
    save.write_text(save.read_text(encoding="utf-8").replace('"Player 1"', '"Player \\ud800"'), encoding="utf-8")
    assert_refused(touring("party", "--resume", save), 1, f"{save} is not a saved party", "holds \\ud800")


@pytest.mark.parametrize("text, column", [('{"a": "x\\ud800"}', 7), ('{"k\\udc00": 1}', 2), ('["ok", "\\uDBFF"]', 8)])
def test_the_column_of_the_string_holding_half_a_pair_is_named(text, column):
    with pytest.raises(BadJSON, match=f"the string at column {column} holds"):
        loads(text)


@pytest.mark.parametrize("text, value", [('"\\ud83d\\ude00"', "\U0001F600"), ('["\\\\ud800"]', ["\\ud800"])])
def test_a_whole_pair_and_an_escaped_backslash_are_read(text, value):
    assert loads(text) == value


# names the file system refuses --------------------------------------------------------------------------

TOO_LONG = "the name is too long for the file system (at most 255 bytes a name)"


@pytest.mark.parametrize("args", [
    ("check", f"{LONG}.touring"), ("test", f"{LONG}.touring"), ("replay", f"{LONG}.jsonl"),
    ("replay", "--json", f"{LONG}.jsonl"), ("play", "touring-1937", "--humans", "none", "--log", f"{LONG}.jsonl"),
    ("play", "--resume", f"{LONG}.jsonl"), ("simulate", "touring-1937", "--games", 2, "--plot", f"{LONG}.png"),
], ids=lambda a: " ".join(map(str, a))[:40])
def test_a_name_over_255_bytes_is_refused_as_usage(tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    result = touring(*args)
    assert_refused(result, 2, TOO_LONG, "(a name of ")
    assert LONG not in result.stderr  # shortened in the middle, not 300 characters of it


def test_a_loop_of_links_is_named(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    os.symlink("two", "one")
    os.symlink("one", "two")
    for args in (("check", "one"), ("replay", "one"), ("play", "--resume", "one"),
                 ("play", "touring-1937", "--humans", "none", "--log", "one")):
        assert_refused(touring(*args), 2, "one: Too many levels of symbolic links")


def test_a_folder_where_a_file_is_wanted_is_named(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "games").mkdir()
    assert_refused(touring("replay", "games"), 2, "touring replay: games is a folder; name a game log in it")
    assert_refused(touring("play", "touring-1937", "--humans", "none", "--log", "games"), 2,
                   "--log games is a folder; name the file to write the game to")


# extends: a link in the folder to a file that is no edition ---------------------------------------------

def test_extends_through_a_link_to_a_file_of_another_kind_never_opens_it(tmp_path):
    (tmp_path / "notes.txt").write_text(f"{SECRET}\n", encoding="utf-8")
    (tmp_path / "rules.touring").symlink_to("notes.txt")
    house = tmp_path / "house.touring"
    house.write_text('edition "house" extends "rules" {\n    title "House"\n}\n', encoding="utf-8")
    for target in ("rules", "rules.touring"):
        house.write_text(f'edition "house" extends "{target}" {{\n    title "House"\n}}\n', encoding="utf-8")
        result = touring("check", house)
        assert result.exit_code == 1
        assert SECRET not in result.output and "notes.txt" not in result.output
        assert "error[E205]" in result.stderr or "error[E206]" in result.stderr


def test_extends_through_a_link_to_an_edition_beside_it_still_works(tmp_path):
    base = (Path(__file__).resolve().parents[1] / "editions" / "touring-1937.touring").read_text(encoding="utf-8")
    (tmp_path / "real.touring").write_text(base.replace('"touring-1937"', '"base"', 1), encoding="utf-8")
    (tmp_path / "rules.touring").symlink_to("real.touring")
    house = tmp_path / "house.touring"
    house.write_text('edition "house" extends "rules" {\n    title "House"\n}\n', encoding="utf-8")
    assert touring("check", house).exit_code == 0


# arguments holding bytes that are no UTF-8 (a file name made elsewhere, a terminal not set to UTF-8) ----------

NOT_UTF8 = os.fsdecode(b"x\xff")  # Python keeps the byte as half a surrogate pair: "x\udcff"


@pytest.fixture
def odd_edition(tmp_path, monkeypatch) -> str:
    """An edition file whose name holds a byte that is no UTF-8."""
    monkeypatch.chdir(tmp_path)
    text = (Path(__file__).resolve().parents[1] / "editions" / "touring-1937.touring").read_text(encoding="utf-8")
    name = f"{NOT_UTF8}.touring"
    Path(name).write_text(text, encoding="utf-8")
    return name


def test_an_edition_file_whose_name_is_no_utf8_is_checked(odd_edition):
    result = touring("check", odd_edition)
    assert result.exit_code == 0, result.output
    assert "touring-1937" in result.stderr


@pytest.mark.parametrize("args", [("play", "EDITION", "--humans", "none"), ("party", "EDITION", "--players", 4),
                                  ("new", "house", "--from", "EDITION")], ids=lambda a: a[0])
def test_an_edition_named_in_no_utf8_is_refused_where_it_would_be_written(odd_edition, tmp_path, args):
    result = touring(*[odd_edition if a == "EDITION" else a for a in args])
    assert_refused(result, 2, "x\\udcff.touring is not UTF-8 text")
    assert sorted(p.name for p in tmp_path.iterdir()) == [odd_edition]  # nothing half written


@pytest.mark.parametrize("args, what", [(("--players", f"Ann,{NOT_UTF8},Cat,Dan"), "a player's name x\\udcff"),
                                        (("--players", 4, "--umpire", NOT_UTF8), "the umpire's name x\\udcff")])
def test_a_party_name_in_no_utf8_is_refused(tmp_path, args, what):
    save = tmp_path / "p.json"
    result = touring("party", "touring-1937", *args, "--save", save, input="")
    assert_refused(result, 1, f"{what} is not UTF-8 text")
    assert not save.exists()


def test_a_new_edition_id_in_no_utf8_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert_refused(touring("new", NOT_UTF8, "--from", "touring-1937"), 2, "the id x\\udcff is not UTF-8 text")
    assert list(tmp_path.iterdir()) == []
