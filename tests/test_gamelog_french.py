"""A game log's problems (gamelog.LogError, gamelog.Mismatch) are said in the reader's language: French for a
French reader, the same English as before for an English one."""
from __future__ import annotations

import json

import pytest

from touring_dsl.base.i18n import reading
from touring_dsl.play import gamelog


def test_an_empty_log_is_said_in_french():
    with reading("fr"), pytest.raises(gamelog.LogError) as error:
        gamelog.parse("", "partie.jsonl")
    assert error.value.problem == "le journal est vide"
    with reading("en"), pytest.raises(gamelog.LogError) as error:
        gamelog.parse("", "game.jsonl")
    assert error.value.problem == "the log is empty"


def test_a_header_with_a_missing_field_is_said_in_french():
    with reading("fr"), pytest.raises(gamelog.LogError) as error:
        gamelog.parse(json.dumps({"format": gamelog.LOG_FORMAT}) + "\n", "partie.jsonl")
    assert error.value.problem.startswith("l'en-tête n'a pas de \""), error.value.problem
    assert str(error.value).startswith("partie.jsonl:1: ")


def test_a_move_for_the_wrong_player_is_a_mismatch_said_in_french():
    from touring_dsl.cli.common import load_edition
    from touring_dsl.engine import new_game

    ruleset = load_edition("mille-bornes-fr")
    game = new_game(ruleset, players=2, seed=3)
    record = gamelog.GameRecord(header=gamelog.make_header(ruleset, 2, game.setup.id, 3, ["greedy", "greedy"]))
    move = game.legal_moves()[0]
    record.moves.append(gamelog.MoveEntry(n=1, seat=1, move=move.to_json(), events=[], line=2))  # seat 1 leads
    with reading("fr"), pytest.raises(gamelog.Mismatch) as error:
        gamelog.rebuild(record, ruleset)
    assert str(error.value) == ("ligne 2 : le coup 1 est noté pour le joueur 2, mais c'est au joueur 1 de jouer")
    with reading("en"), pytest.raises(gamelog.Mismatch) as error:
        gamelog.rebuild(record, ruleset)
    assert str(error.value) == "line 2: move 1 is logged for player 2, but it is player 1 who must act"
