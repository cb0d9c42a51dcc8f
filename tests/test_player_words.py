"""Play stage, words a player reads (issue 28, point 14): counts that agree with their nouns, sentences that
start with a capital, refusal reasons that are true of the table, lines broken between words, and a save
prompt that does not take "q" for a file name."""
from __future__ import annotations

import io
import json
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from touring_dsl.play import gamelog
from touring_dsl.language.archive import load
from touring_dsl.cli.app import app
from touring_dsl.cli.play import HELP, Seats, Session
from touring_dsl.engine import build_position, new_game
from touring_dsl.play.table_view import render_table
from touring_dsl.base.wording import counted, distance, plural, sentence, sentences

runner = CliRunner()


def touring(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input, env={"NO_COLOR": "1", "COLUMNS": "80"})


# counted nouns ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("n, noun, said", [(1, "card", "1 card"), (0, "card", "0 cards"), (2, "move", "2 moves"),
                                           (1, "safety", "1 safety"), (3, "safety", "3 safeties")])
def test_a_count_agrees_with_its_noun(n, noun, said):
    assert counted(n, noun) == said


@pytest.mark.parametrize("n, unit, said", [(1, "miles", "1 mile"), (25, "miles", "25 miles"), (1, "km", "1 km"),
                                           (700, "km", "700 km")])
def test_a_distance_agrees_with_its_unit(n, unit, said):
    assert distance(n, unit) == said


def test_plural_keeps_a_given_plural():
    assert plural(2, "Mile", "Miles") == "Miles" and plural(1, "Mile", "Miles") == "Mile"


def test_the_engine_says_one_mile_and_one_card():
    """A 1906 table: side 1 lays its first 1 Mile with the draw pile empty and one card on the discards."""
    game = build_position(load("touring-1906"), sides={0: {"go": ["Go"]}, 1: {"go": ["Go"]}},
                          hands={0: ["1 Mile", "Go", "Go", "Go", "Go"], 1: ["Go"] * 5}, deck_size=0,
                          discard=("3 Miles",))
    move = next(m for m in game.legal_moves() if m.card == "1 Mile")
    said = [str(event) for event in game.apply(move)]
    assert "player 1 lays 1 Mile (side 1 now has 1 mile)" in said
    assert "1 card is shuffled into a new draw pile" in said


def test_the_table_says_one_card():
    game = build_position(load("mille-bornes"), sides={0: {"go": ["Roll"]}}, hands={0: ["Spare Tire"]})
    text = "\n".join(line.plain for line in render_table(game, 0, game.legal_moves(), [], lambda s: f"player {s + 1}"))
    assert "Battle pile: Roll (1 card)" in text
    assert "(1 cards)" not in text


def test_a_party_of_one_table_says_so(tmp_path):
    result = touring("party", "touring-1937", "--players", 4, "--rounds", 1, "--seed", 5, "--save",
                     tmp_path / "p.json", input="")
    assert "4 players at 1 table, 1 round, seed 5." in result.stdout
    assert "1 tables" not in result.stdout and "1 rounds" not in result.stdout


def test_a_replay_of_one_move_says_one_move(tmp_path):
    log = tmp_path / "g.jsonl"
    assert touring("play", "touring-1937", "--humans", "none", "--seed", 3, "--log", log).exit_code == 0
    log.write_text("\n".join(log.read_text(encoding="utf-8").splitlines()[:2]) + "\n", encoding="utf-8")
    result = touring("replay", log)
    assert result.exit_code == 0, result.output
    assert "OK: 1 move of touring-1937 replay identically" in result.stdout


# sentences start with a capital ---------------------------------------------------------------------

def test_each_sentence_starts_with_a_capital():
    assert sentences("on side 2. the race is 700 km; it may be extended") == \
        "On side 2. The race is 700 km; it may be extended"
    assert sentences("a 2.5 mile race, e.g. here") == "A 2.5 mile race, e.g. here"
    assert sentence("the race is extended to 1000 km") == "The race is extended to 1000 km."
    assert sentence("Stopped. go on!") == "Stopped. Go on!"


def test_the_extension_status_is_a_sentence():
    game = new_game(load("mille-bornes"), players=2, seed=7)
    text = "\n".join(line.plain for line in render_table(game, 0, game.legal_moves(), [], lambda s: f"player {s + 1}"))
    assert "  The race is 700 km; it may be extended to 1000 km.\n" in text


def test_an_extended_race_ends_at_its_new_length():
    """Seed 3's first race is extended: its end says 1000 of 1000 km, never 1000 of 700."""
    result = touring("play", "mille-bornes", "--humans", "none", "--seed", 3)
    assert "player 1 extends the race to 1000 km" in result.stdout
    assert "Side 1 - player 1 (greedy): 1000 of 1000 km" in result.stdout
    assert not re.search(r"\b1000 of 700 km", result.stdout)


# refusal reasons that are true of the table ------------------------------------------------------------

def mille_bornes_held_by(*battle: str, hand: tuple[str, ...]):
    return build_position(load("mille-bornes"), sides={0: {"go": ["Roll", *battle]}}, hands={0: list(hand)})


@pytest.mark.parametrize("card, remedy_for", [("Spare Tire", "Flat Tire"), ("Repairs", "Accident"),
                                              ("Gasoline", "Out of Gas")])
def test_a_remedy_for_another_hazard_under_stop_says_stop_needs_roll(card, remedy_for):
    """Stop on top of the battle pile, unrepaired: its remedy is Roll, the go card itself."""
    game = mille_bornes_held_by("Stop", hand=(card, "Roll"))
    reason = game.why_not(0, card)
    assert reason == f"Stop is holding your side up: it needs Roll (the remedy for Stop), not {card} " \
                     f"(the remedy for {remedy_for})"
    assert "already repaired" not in reason
    assert game.why_not(0, "Roll") is None  # and the reason names the card that is legal


def test_a_remedy_for_another_hazard_names_the_remedy_wanted():
    game = mille_bornes_held_by("Flat Tire", hand=("Repairs", "Spare Tire"))
    assert game.why_not(0, "Repairs") == \
        "Flat Tire is holding your side up: it needs Spare Tire, not Repairs (the remedy for Accident)"
    assert game.why_not(0, "Spare Tire") is None


def test_a_repaired_hazard_still_says_it_is_repaired():
    """Flat Tire with its Spare Tire on it: only Roll is missing, and the reason says so."""
    game = mille_bornes_held_by("Flat Tire", "Spare Tire", hand=("Spare Tire", "Roll"))
    assert game.why_not(0, "Spare Tire") == "Flat Tire is already repaired: your side needs a Roll now, not Spare Tire"


def test_the_go_card_under_an_unrepaired_hazard_names_the_remedy():
    game = mille_bornes_held_by("Flat Tire", hand=("Roll", "Spare Tire"))
    assert game.why_not(0, "Roll") == "Flat Tire is holding your side up: it needs Spare Tire before a Roll"


# lines broken between words on a terminal -------------------------------------------------------------------

def session_at(width: int):
    """Seed 7's first Mille Bornes move, whose hand holds long reasons, shown on a terminal `width` wide."""
    ruleset = load("mille-bornes")
    game = new_game(ruleset, players=2, seed=7)
    header = gamelog.make_header(ruleset, 2, game.setup.id, 7, ["human", "greedy"])
    session = Session(game, gamelog.GameRecord(header=header), Seats(kinds=["human", "greedy"]), "mille-bornes",
                      None, None)
    # as cli.common.out() makes it (soft_wrap: rich leaves the breaking to the terminal, which breaks mid-word)
    session.console = Console(width=width, force_terminal=True, no_color=True, soft_wrap=True, record=True,
                              file=io.StringIO())
    return session


def words_of(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize("width", [80, 40])
def test_the_table_and_its_reasons_fit_between_words(width):
    session = session_at(width)
    seat, numbered = 0, session.game.legal_moves()
    session.show_table(seat, numbered, {})
    shown = session.console.export_text()
    whole = "\n".join(line.plain for line in render_table(session.game, seat, numbered, [], session.seats.name, {}))
    assert "cannot play: Spare Tire is the remedy for Flat Tire" in whole  # the long reason is there to be fitted
    assert max(len(line) for line in shown.splitlines()) <= width
    assert words_of(shown) == words_of(whole)  # every word whole, in order: none cut at the margin


@pytest.mark.parametrize("width", [80, 40])
def test_the_help_fits_between_words(width):
    session = session_at(width)
    session.say(HELP)
    shown = session.console.export_text()
    assert max(len(line) for line in shown.splitlines()) <= width
    assert words_of(shown) == words_of(HELP)
    if width == 80:  # a help entry's words continue under its words, not under its key
        assert "  N        make the move numbered N: every play and every discard has its own\n           number" in shown


def test_a_reason_continues_under_the_reason():
    session = session_at(80)
    session.show_table(0, session.game.legal_moves(), {})
    lines = session.console.export_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("    Spare Tire "))
    assert lines[at + 1].startswith(" " * 24) and lines[at + 1].strip()


def test_piped_output_is_not_broken(tmp_path, monkeypatch):
    """Not a terminal: one line per line, for tools and transcripts."""
    monkeypatch.chdir(tmp_path)  # the game stopped is saved here
    result = touring("play", "mille-bornes", "--seed", 7, input="q\n")
    assert "cannot play: Spare Tire is the remedy for Flat Tire, and no Flat Tire is holding your side up" in result.stdout


# the save prompt ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("answer", ["q", "Q", "quit", "n", "no", "exit"])
def test_q_at_the_save_prompt_does_not_save(tmp_path, monkeypatch, answer):
    monkeypatch.chdir(tmp_path)
    session = session_at(80)
    session.interactive = True
    monkeypatch.setattr("builtins.input", lambda prompt="": answer)
    assert session.save_somewhere() is None
    assert list(tmp_path.iterdir()) == []
    said = " ".join(session.console.export_text().split())
    assert "n or q does not save it" in said and "Enter or y saves it to mille-bornes-seed7.jsonl" in said


@pytest.mark.parametrize("answer", ["", "y", "yes"])
def test_enter_or_y_at_the_save_prompt_saves_to_the_name_offered(tmp_path, monkeypatch, answer):
    monkeypatch.chdir(tmp_path)
    session = session_at(80)
    session.interactive = True
    monkeypatch.setattr("builtins.input", lambda prompt="": answer)
    assert str(session.save_somewhere()) == "mille-bornes-seed7.jsonl"
    assert json.loads((tmp_path / "mille-bornes-seed7.jsonl").read_text().splitlines()[0])["seed"] == 7


def test_a_folder_at_the_save_prompt_is_asked_again(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "games").mkdir()
    answers = iter(["games", "games/evening.jsonl"])
    session = session_at(80)
    session.interactive = True
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert str(session.save_somewhere()) == "games/evening.jsonl"
    assert "games is a folder: type a file name" in " ".join(session.console.export_text().split())
    assert (tmp_path / "games" / "evening.jsonl").is_file()


def test_a_list_of_moves_breaks_between_its_items():
    from rich.text import Text

    from touring_dsl.cli.fit_lines import fitted

    line = Text("  Or discard: 2. 100 km   3. Gasoline   4. Spare Tire   5. End of Limit   6. Speed Limit")
    for width in (80, 40):
        pieces = [piece.plain for piece in fitted(line, width)]
        assert all(not re.search(r"\d\.$", piece) for piece in pieces)  # never "6." at a line's end
        assert any(piece.strip() == "6. Speed Limit" for piece in pieces)


def test_a_long_prompt_is_fitted_and_ends_where_the_answer_is_typed():
    from touring_dsl.cli.fit_lines import fitted_prompt

    console = Console(width=40, force_terminal=True, no_color=True, soft_wrap=True, record=True, file=io.StringIO())
    prompt = "Move 2 forfeits every mileage card and its go pile. Make it anyway? [y/N]: "
    last = fitted_prompt(console, prompt)
    shown = console.export_text()
    assert last.endswith("[y/N]: ") and len(last) <= 40
    assert words_of(shown + last) == words_of(prompt)
    assert max(len(line) for line in shown.splitlines()) <= 40
    piped = Console(width=40, file=io.StringIO())
    assert fitted_prompt(piped, prompt) == prompt  # not a terminal: the prompt whole


@pytest.mark.parametrize("stop", [EOFError, KeyboardInterrupt])
def test_ctrl_d_or_ctrl_c_at_the_save_prompt_ends_its_line(tmp_path, monkeypatch, capsys, stop):
    """What became of the game is then said from the start of a line, not run on after the prompt and broken
    mid-word by the fitting to the terminal ("...saved in tou / ring-1937-seed5.jsonl")."""
    monkeypatch.chdir(tmp_path)
    session = session_at(80)
    session.interactive = True

    def stopped(prompt=""):
        print(prompt, end="")
        raise stop

    monkeypatch.setattr("builtins.input", stopped)
    assert str(session.save_somewhere()) == "mille-bornes-seed7.jsonl"
    assert capsys.readouterr().out.endswith("Save? [Y/n, or a file name]: \n")
