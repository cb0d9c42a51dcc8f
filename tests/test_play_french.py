"""`touring play` in French: a whole match of mille-bornes-fr at the terminal reads no English word, a person's
prompts and table included; --lang chooses the reader's language and refuses one the project does not speak;
the English table of an English edition is unchanged (tests/golden, tests/test_play_human.py)."""
from __future__ import annotations

import re

from typer.testing import CliRunner

from english_words import english_words_in
from touring_dsl.base.i18n import language
from touring_dsl.cli.app import app

runner = CliRunner()


def touring(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input, env={"NO_COLOR": "1", "COLUMNS": "100"})


def test_a_whole_french_match_of_bots_reads_no_english_word():
    result = touring("play", "mille-bornes-fr", "--humans", "none", "--seed", 3)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Points de la manche 1" in out and "gagne la partie" in out  # a whole match, to its end
    assert english_words_in(out) == [], out
    assert language() == "en"  # the command's language is not left behind for the next reader


def test_a_french_person_plays_a_whole_race_in_french(tmp_path):
    answers = "?\nbonjour\n99\n" + "1\n" * 600  # help, two wrong entries, then always the first move
    result = touring("play", "mille-bornes-fr", "--seed", 7, "--bots", "greedy", "--log", tmp_path / "partie.jsonl",
                     input=answers)
    out = result.stdout
    assert "À vous de jouer [" in out and "Comment jouer" in out
    assert "Je n'ai pas compris 'bonjour'" in out and "Il n'y a pas de coup 99" in out
    assert "Votre main (Joueur 1)" in out and "Pioche" in out and "Défausse" in out
    assert "Fin de la manche après" in out
    files = re.sub(r"\S+\.jsonl", "FILE", out)  # the logs' file names (partie-race2.jsonl) are names, not words
    assert english_words_in(files) == [], files


def test_lang_chooses_the_reader_language_either_way():
    english = touring("play", "mille-bornes-fr", "--humans", "none", "--seed", 3, "--lang", "en")
    assert english.exit_code == 0
    assert "Game over after" in english.stdout and "Fin de la manche" not in english.stdout
    french = touring("play", "mille-bornes", "--humans", "none", "--seed", 3, "--lang", "fr")
    assert french.exit_code == 0
    assert "Fin de la manche" in french.stdout
    # an English edition's own names (its cards: "Out of Gas", "Right of Way") stay its own; no other English
    assert english_words_in(french.stdout, edition_words("mille-bornes")) == [], french.stdout


def edition_words(edition: str) -> frozenset[str]:
    """The words of an edition's card names, lower case."""
    from touring_dsl.cli.common import load_edition

    return frozenset(word.lower() for card in load_edition(edition).deck for word in card.name.replace("-", " ").split())


def test_a_language_nobody_speaks_is_a_usage_error():
    result = touring("play", "mille-bornes-fr", "--humans", "none", "--lang", "klingon")
    assert result.exit_code == 2
    assert "--lang" in result.output and "fr (Français)" in result.output


def test_a_party_host_reads_french_with_lang_fr(tmp_path):
    answers = "?\n45\n30\n50\n20\n"
    result = touring("party", "touring-1937", "--players", "Anne,Bruno,Chloé,Denis", "--rounds", 2, "--seed", 4,
                     "--lang", "fr", "--save", tmp_path / "soiree.json", input=answers)
    assert result.exit_code == 0, result.output
    out = re.sub(r"\S+\.json", "FILE", result.output)
    assert "Classement final" in out and "Tapez les milles" in out
    # the edition's title and id ("Touring", touring-1937) are its names; the sides are "Anne & Chloé v Bruno & Denis"
    assert english_words_in(out, frozenset({"touring", "v"})) == [], out


def test_replay_steps_through_a_french_game_in_french_and_its_log_stays_english(tmp_path):
    log = tmp_path / "partie.jsonl"
    played = touring("play", "mille-bornes-fr", "--humans", "none", "--seed", 3, "--log", log)
    assert played.exit_code == 0
    assert '"detail":"player 1 plays' in log.read_text(encoding="utf-8")  # the log keeps the engine's words
    result = touring("replay", "--step", log)
    assert result.exit_code == 0, result.output
    assert "se rejouent à l’identique" in result.stdout and "Joueur 1\xa0: jouer Feu vert" in result.stdout  # (a no-break space before the colon)
    assert english_words_in(re.sub(r"\S+\.jsonl", "FILE", result.stdout)) == [], result.stdout
    english = touring("replay", log, "--lang", "en")
    assert "replay identically" in english.stdout


def test_a_french_score_sheet_of_players_alone_names_players_not_teams():
    result = touring("play", "mille-bornes-fr", "--humans", "none", "--bots", "hard,medium", "--seed", 3)
    assert result.exit_code == 0, result.output
    out = result.stdout
    heads = [line for line in out.splitlines() if line.split() == ["Joueur", "1", "Joueur", "2"]]
    assert len(heads) == out.count("Points de la manche") > 0, out  # each sheet's columns named by their player
    assert "Équipe" not in out and "équipe" not in out, out  # two playing alone are no teams


def test_an_english_score_sheet_still_heads_its_columns_by_side():
    result = touring("play", "mille-bornes", "--humans", "none", "--bots", "hard,medium", "--seed", 3)
    assert result.exit_code == 0, result.output
    assert "Side 1: player 1 (hard); side 2: player 2 (medium)." in result.stdout
    assert any(line.split() == ["Side", "1", "Side", "2"] for line in result.stdout.splitlines())
