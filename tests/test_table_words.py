"""Play stage, words after a user's QA run over issue 28: the closing line of every log, the reason a hazard
is refused where a safety stands, the terminal's start line, hand counts, speed pile and score sheet
headings, a save prompt that asks again when a file cannot be written, the questions worded for their
reader, the web's replies to forged moves, and an upload's errors under its own file name."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from touring_dsl.play import gamelog
from touring_dsl.language.archive import load
from touring_dsl.cli import scored_races
from touring_dsl.cli.app import app
from touring_dsl.cli.play import Seats, Session
from touring_dsl.engine import Move, build_position, new_game
from touring_dsl.play.table_view import offer_question, render_table

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def table_text(game, seat: int = 0) -> str:
    return "\n".join(line.plain for line in render_table(game, seat, game.legal_moves(), [], lambda s: f"player {s + 1}"))


# the closing line (QA point 8) ----------------------------------------------------------------------------

def test_a_completed_race_ends_with_a_whole_sentence():
    game = build_position(load("mille-bornes"), sides={0: {"go": ["Roll"], "piles": [("100 km", 6), ("75 km", 1)]},
                                                       1: {"go": ["Roll"]}},
                          hands={0: ["25 km", "Roll"]})
    extend = [m for m in game.legal_moves() if m.card == "25 km" and m.action == "play"]
    said = [str(event) for event in game.apply(extend[0])]
    if not game.is_over:  # the Extension's question at 700 km: stop here and win
        said = [str(event) for event in game.apply(next(m for m in game.legal_moves() if m.action != "extend"))]
    assert said[-1] == "Side 1 completes the race and wins."


@pytest.mark.parametrize("edition, piles, said", [
    ("mille-bornes", ("75 km", "50 km"), "The draw pile is exhausted: side 1 wins with 75 km to 50."),
    ("touring-1937", ("30 Miles", "15 Miles"), "The turn limit is reached: side 1 wins with 30 miles to 15."),
])
def test_a_race_not_completed_says_how_it_ended_and_who_wins_by_how_much(edition, piles, said):
    ruleset = load(edition)
    go = "Roll" if edition == "mille-bornes" else "Go"
    game = build_position(ruleset, sides={0: {"go": [go], "piles": [(piles[0], 1)]}, 1: {"go": [go], "piles": [(piles[1], 1)]}},
                          hands={0: [go, go], 1: [go, go]}, deck_size=0)
    events = []
    while not game.is_over:
        move = next(m for m in game.legal_moves() if m.action == "discard")
        events += [str(event) for event in game.apply(move)]
    assert events[-1] == said
    assert "the game ends" not in " ".join(events) and "(exhausted)" not in " ".join(events)


def test_a_game_stopped_level_is_a_tie_in_words():
    game = new_game(load("mille-bornes"), 2, seed=11)
    assert str(game.stop("signal")[-1]) == "The game is stopped: a tie at 0 km."


# a hazard refused where a safety stands (QA point 7) ------------------------------------------------------

@pytest.mark.parametrize("hazard, safety", [("Flat Tire", "Puncture-Proof"), ("Stop", "Right of Way")])
def test_a_hazard_against_a_safety_says_the_safety_is_the_reason(hazard, safety):
    game = build_position(load("mille-bornes"), sides={0: {"go": ["Roll"]}, 1: {"go": ["Roll"], "safeties": [safety]}},
                          hands={0: [hazard, "25 km"]})
    assert game.why_not(0, hazard) == f"player 2 is shielded from {hazard} by {safety}"


def test_three_sides_name_the_shield_and_the_side_with_no_roll():
    game = build_position(load("mille-bornes"), 3, sides={0: {"go": ["Roll"]},
                                                          1: {"go": ["Roll"], "safeties": ["Puncture-Proof"]}},
                          hands={0: ["Flat Tire", "25 km"]})
    assert game.why_not(0, "Flat Tire") == "player 2 is shielded from Flat Tire by Puncture-Proof, and player 3 shows no Roll"


def test_a_hazard_with_no_roll_to_delay_still_says_so():
    game = build_position(load("mille-bornes"), sides={0: {"go": ["Roll"]}}, hands={0: ["Flat Tire"]})
    assert game.why_not(0, "Flat Tire") == "no other side shows a Roll to delay"


# the terminal's words (QA points 17, 18) ------------------------------------------------------------------

def test_the_start_line_does_not_repeat_the_setup(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["play", "mille-bornes", "--seed", "11"], input="q\nn\n",
                           env={"NO_COLOR": "1", "COLUMNS": "80"})
    first = result.stdout.splitlines()[0]
    assert first == "Mille Bornes, 2 players, seed 11. Type ? for help."


def test_a_setup_is_named_where_another_seats_as_many_players():
    result = runner.invoke(app, ["play", "touring-1937", "--players", "4", "--humans", "none", "--seed", "2"],
                           env={"NO_COLOR": "1", "COLUMNS": "80"})
    first = result.stdout.splitlines()[0]
    assert first.startswith("Touring, 4 players on 2 sides") and first.endswith("seed 2.")


def test_hand_counts_and_an_empty_speed_pile_read_plainly():
    game = build_position(load("mille-bornes"), sides={0: {"go": ["Roll"]}}, hands={0: ["End of Limit"], 1: ["Roll"] * 6})
    text = table_text(game)
    assert "Cards in hand: 6 (player 2)" in text
    assert "Speed pile: empty (no limit)" in text and "applies" not in text


def test_end_of_limit_with_no_limit_to_lift_says_so():
    for zone in ([], ["Speed Limit", "End of Limit"]):
        game = build_position(load("mille-bornes"), sides={0: {"go": ["Roll"], "zone": zone}}, hands={0: ["End of Limit"]})
        assert game.why_not(0, "End of Limit") == "your side has no limit to lift"


def test_a_speed_limit_in_force_is_still_named():
    game = build_position(load("mille-bornes"), sides={0: {"go": ["Roll"], "zone": ["Speed Limit"]}}, hands={0: ["Roll"]})
    assert "Speed pile: Speed Limit" in table_text(game)


def test_the_score_sheet_heading_has_no_brackets_in_brackets():
    result = runner.invoke(app, ["play", str(ROOT / "editions" / "house" / "match-1937.touring"), "--humans", "none",
                                 "--seed", "3"], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    assert "  Side 1: player 1 (greedy); side 2: player 2 (greedy)." in result.stdout.splitlines()
    assert "(player 1 (" not in result.stdout and "side 1 (" not in result.stdout.lower()
    assert "  Race 1 total" in result.stdout


def test_the_score_sheet_calls_the_one_person_you():
    ruleset = load("mille-bornes")
    game = new_game(ruleset, 2, seed=7)
    header = gamelog.make_header(ruleset, 2, game.setup.id, 7, ["human", "greedy"])
    session = Session(game, gamelog.GameRecord(header=header), Seats(kinds=["human", "greedy"]), "mille-bornes", None, None)
    assert scored_races.side_players(session, 0) == "you" and scored_races.side_name(session, 0) == "side 1 (you)"
    assert scored_races.side_players(session, 1) == "player 2 (greedy)" and scored_races.side_name(session, 1) == "side 2"


# a failed save at the prompt (QA point 16) ----------------------------------------------------------------

def saving_session():
    ruleset = load("mille-bornes")
    game = new_game(ruleset, players=2, seed=7)
    header = gamelog.make_header(ruleset, 2, game.setup.id, 7, ["human", "greedy"])
    session = Session(game, gamelog.GameRecord(header=header), Seats(kinds=["human", "greedy"]), "mille-bornes",
                      None, None)
    session.console = Console(width=80, no_color=True, record=True, file=io.StringIO())
    session.interactive = True
    return session


def test_a_file_that_cannot_be_written_at_the_prompt_is_asked_again(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    answers = iter([str(tmp_path / "nonexistent" / "x.jsonl"), "kept.jsonl"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    session = saving_session()
    assert str(session.save_somewhere()) == "kept.jsonl"
    said = " ".join(session.console.export_text().split())
    assert "(No such file or directory): type another file name" in said
    assert list((tmp_path / "home").iterdir()) == []  # nothing saved elsewhere behind the person's back
    assert (tmp_path / "kept.jsonl").is_file()


def test_a_failed_save_may_still_be_declined(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    answers = iter([str(tmp_path / "nonexistent" / "x.jsonl"), "n"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert saving_session().save_somewhere() is None
    assert list(tmp_path.iterdir()) == []


def test_without_a_person_a_failed_save_still_goes_elsewhere(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    session = saving_session()
    session.interactive = False
    monkeypatch.setattr("touring_dsl.cli.play.free_name",
                        lambda name, folder=None: (folder or tmp_path / "nonexistent") / name)
    saved = session.save_somewhere()
    assert saved == tmp_path / "home" / "mille-bornes-seed7.jsonl" and saved.is_file()


# questions worded for their reader (QA point 5) -----------------------------------------------------------

def test_the_extension_question_says_your_side_to_the_side_asked_only():
    game = build_position(load("mille-bornes"), sides={0: {"go": ["Roll"], "piles": [("100 km", 6)]},
                                                       1: {"go": ["Roll"]}}, hands={0: ["100 km", "Roll"]})
    game.apply(next(m for m in game.legal_moves() if m.card == "100 km" and m.action == "play"))
    assert offer_question(game, 0).startswith("Your side reached 700 km: extend the race to 1000 km")
    assert offer_question(game, 1).startswith("Side 1 reached 700 km: extend the race to 1000 km")
    assert offer_question(game).startswith("Side 1 reached 700 km")  # a spectator
    assert "your side completes" not in offer_question(game, 1)


def test_the_counter_question_to_a_partner_names_the_seat_asked():
    """Four players in two teams: Stop on side 1 asks one of its seats; the partner reads who is asked."""
    game = build_position(load("mille-bornes"), 4, sides={0: {"go": ["Roll"]}, 1: {"go": ["Roll"]}},
                          hands={1: ["Stop", "25 km"]}, to_act=1)
    game.apply(Move("play", "Stop", 0))
    asked = game.to_act
    partner = next(seat for seat in range(4) if game.side_of(seat) == 0 and seat != asked)
    assert game.side_of(asked) == 0
    seen = {seat: table_text(game, seat) for seat in range(4)}
    assert "Player 2 played Stop on your side: you may call a coup fourré now" in seen[asked]
    assert f"Player 2 played Stop on your side: player {asked + 1} may call a coup fourré now" in seen[partner]
    assert "Player 2 played Stop on side 1: side 1 may call a coup fourré now" in seen[1]
    for text in seen.values():  # the Stop waits on side 1's pile, not the Roll beneath it
        assert "Battle pile: Stop, waiting for an answer (played by player 2)" in text


# the web's replies to forged moves (QA point 21) ----------------------------------------------------------

@pytest.fixture
def web_table(tmp_path):
    pytest.importorskip("starlette")
    from touring_dsl.web.store import TableStore

    return TableStore(tmp_path).create(2, ["human", "human"], "mille-bornes", seed=11)


@pytest.mark.parametrize("move, said", [
    ({"action": "cheat"}, "not a move: unknown action 'cheat'"),
    ({"action": "x" * 500}, "not a move: unknown action '" + "x" * 40 + "'..."),
    ({"action": "play"}, "not a move: a play move needs a card"),
    ({"action": "play", "card": "Stop", "target": 99}, "there is no side 100"),
    ({"action": "play", "card": "Stop", "target": -1}, "there is no side 0"),
])
def test_a_forged_move_is_answered_in_plain_words(web_table, move, said):
    from touring_dsl.web.table import MoveRefused

    with pytest.raises(MoveRefused) as refused:
        web_table.apply(0, move)
    assert str(refused.value) == said
    assert "None" not in str(refused.value)


# an upload's errors under its own name (QA point 15) ------------------------------------------------------

@pytest.mark.parametrize("sent, shown", [
    ("grandmas-rules.touring", "grandmas-rules.touring"),
    ("../../etc/grandmas.touring", "grandmas.touring"),
    ("C:\\Users\\ann\\ours.touring", "ours.touring"),
    ("<script>.touring", "script.touring"),
    ("", "house-rules.touring"),
    ("a" * 300 + ".touring", None),
])
def test_an_uploaded_file_is_named_by_its_own_safe_base_name(sent, shown):
    from touring_dsl.web.editions import LONGEST_NAME, upload_name

    name = upload_name(sent)
    if shown is not None:
        assert name == shown
    assert len(name) <= LONGEST_NAME and "/" not in name and "\\" not in name and name.endswith(".touring")


def test_an_uploads_errors_are_located_in_its_own_file(tmp_path):
    pytest.importorskip("starlette")
    from touring_dsl.web.app import create_app
    from web_support import local_client

    client = local_client(create_app(tmp_path, bot_delay=0))
    bad = b'edition "x" extends "touring-1937" {\n  title "x"\n}\ndeck {\n  add card "Q" nonsense\n}\n'
    form = {"edition": "touring-1937", "players": "2", "seat0": "human", "seat1": "human"}
    with client:
        refused = client.post("/tables", data=form, files={"upload": ("grandmas-rules.touring", bad)})
    assert refused.status_code == 400
    assert "grandmas-rules.touring:5:" in refused.text and "house-rules.touring" not in refused.text
