"""`touring play` with a person at the keyboard: scripted input, wrong entries, end of input, resuming."""
from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from touring_dsl.cli.app import app

runner = CliRunner()

# An answer that always makes progress: plays and discards share one numbering, so there is always a move 1.
PROGRESS = "1\n"


def touring(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input, env={"NO_COLOR": "1"})


def log_lines(path):
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines()]


def play_1937(log, answers, *extra):
    return touring("play", "touring-1937", "--bots", "greedy", "--seed", 3, "--log", log, *extra, input=answers)


def test_table_shows_piles_hand_and_moves(tmp_path):
    result = play_1937(tmp_path / "g.jsonl", "q\n")
    out = result.stdout
    assert result.exit_code == 0
    for expected in ("Side 1: player 1 (you)", "Side 2: player 2 (greedy)", "Go pile: empty; needs Go",
                     "Zone: empty (City Limits applies)", "15 Miles 0/2", "Miles: 0 of 110", "Draw pile:",
                     "Your hand (player 1):", "1. ", "iscard: "):
        assert expected in out, expected
    assert "cannot play:" in out or "play: 1" in out
    assert "\x1b[" not in out


def test_wrong_entries_get_a_message_and_the_prompt_again(tmp_path):
    log = tmp_path / "g.jsonl"
    result = play_1937(log, "hello\n99\nd 9\nd\n?\n")
    assert result.exit_code == 0
    out = result.stdout
    assert "I did not understand 'hello'" in out
    assert "There is no move 99: choose 1 to " in out
    assert out.count("Discards are numbered with the plays") == 2
    assert "How to play:" in out
    assert out.count("Your move [") == 6  # five answers, then the prompt met end of input
    # end of input: stopped cleanly, the game is in the log, and the user is told how to go on
    assert "Input ended after 0 moves" in result.stderr
    assert f"--resume {log}" in result.stderr
    assert "Traceback" not in result.output
    assert len(log_lines(log)) == 1


def test_end_of_input_without_a_log_saves_automatically(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("touring-1937-seed3.jsonl", "touring-1937-seed3-2.jsonl"):
        result = touring("play", "touring-1937", "--seed", 3, input=PROGRESS * 3)
        assert result.exit_code == 0
        assert f"--resume {name}" in result.stderr  # a second save never overwrites the first
        lines = log_lines(tmp_path / name)
        assert lines[0]["bots"] == ["human", "greedy"] and len(lines) > 3


def test_quit_saves_and_tells_how_to_resume(tmp_path):
    log = tmp_path / "g.jsonl"
    result = play_1937(log, PROGRESS * 2 + "q\n")
    assert result.exit_code == 0
    assert "Stopped after" in result.stderr and "--resume" in result.stderr
    assert all("result" not in line for line in log_lines(log))


def test_human_game_plays_to_the_end(tmp_path):
    log = tmp_path / "g.jsonl"
    result = play_1937(log, PROGRESS * 3000)
    assert result.exit_code == 0, result.stderr
    assert "Game over after" in result.stdout
    assert "result" in log_lines(log)[-1]
    assert touring("replay", log).exit_code == 0


def test_resume_reaches_the_same_end_as_playing_straight_through(tmp_path):
    straight, split = tmp_path / "straight.jsonl", tmp_path / "split.jsonl"
    answers = PROGRESS * 3000
    assert play_1937(straight, answers).exit_code == 0
    first_part = PROGRESS * 6
    stopped = play_1937(split, first_part)
    assert stopped.exit_code == 0 and "Input ended" in stopped.stderr
    saved = log_lines(split)
    assert "result" not in saved[-1] and len(saved) > 5
    resumed = touring("play", "touring-1937", "--resume", split, input=answers[len(first_part):])
    assert resumed.exit_code == 0, resumed.stderr
    assert "Resuming touring-1937" in resumed.stdout
    assert log_lines(split) == log_lines(straight)


def test_resume_of_an_all_bot_game_cut_anywhere(tmp_path):
    full = tmp_path / "full.jsonl"
    assert touring("play", "touring-1965", "--humans", "none", "--seed", 4, "--log", full).exit_code == 0
    lines = log_lines(full)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(json.dumps(line) + "\n" for line in lines[: len(lines) // 2]), encoding="utf-8")
    resumed = touring("play", "--resume", cut)  # the log names its edition: no need to say it again
    assert resumed.exit_code == 0, resumed.stderr
    assert "Resuming touring-1965" in resumed.stdout
    assert log_lines(cut) == lines


def test_resume_refuses_a_finished_game_and_other_options(tmp_path):
    log = tmp_path / "g.jsonl"
    assert touring("play", "touring-1937", "--humans", "none", "--seed", 2, "--log", log).exit_code == 0
    finished = touring("play", "touring-1937", "--resume", log)
    assert finished.exit_code == 1 and "finished game" in finished.stderr
    clash = touring("play", "touring-1937", "--resume", log, "--seed", 5)
    assert clash.exit_code == 2 and "--seed cannot be combined with --resume" in clash.stderr
    other = touring("play", "touring-1965", "--resume", log)
    assert other.exit_code == 2 and "is a game of touring-1937" in other.stderr


def test_resume_refuses_a_corrupt_log(tmp_path):
    log = tmp_path / "g.jsonl"
    log.write_text('{"format": "touring-log"\n', encoding="utf-8")
    result = touring("play", "touring-1937", "--resume", log)
    assert result.exit_code == 1
    assert "cannot resume" in result.stderr and ":1:" in result.stderr
    assert "Traceback" not in result.output


def test_play_without_an_edition_or_a_saved_game_is_a_usage_error():
    result = touring("play")
    assert result.exit_code == 2
    assert "name the edition to play" in result.stderr and "--resume" in result.stderr


def test_the_stop_message_resumes_without_naming_the_edition(tmp_path):
    log = tmp_path / "g.jsonl"
    result = play_1937(log, "q\n")
    assert f"Continue it with: touring play --resume {log}" in result.stderr


def test_moves_are_counted_as_moves_and_the_end_screen_says_how_to_watch(tmp_path):
    log = tmp_path / "g.jsonl"
    result = touring("play", "touring-1937", "--humans", "none", "--seed", 2, "--log", log)
    assert result.exit_code == 0
    moves = len([line for line in log_lines(log) if "move" in line])
    assert f"Game over after {moves} moves:" in result.stdout and " turns" not in result.stdout
    assert f"touring replay --step {log}" in result.stdout
    watch = touring("replay", "--step", log)  # the command the end screen gives works as said
    assert watch.exit_code == 0 and watch.stdout.startswith("1. player 1: play ") and f"\n{moves}. " in watch.stdout
    table = play_1937(tmp_path / "h.jsonl", "q\n")
    assert "move 1: player 1 (you) to act" in table.stdout
