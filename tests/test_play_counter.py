"""`touring play` when a counter card may answer a hazard: the victim at the keyboard is asked, holding one or not."""
from __future__ import annotations

import io

import pytest

from touring_dsl.play import gamelog
from touring_dsl.language.archive import load
from touring_dsl.cli.play import Seats, Session, Stop
from touring_dsl.engine import build_position


class Scripted:
    """A bot that makes one given play, then discards."""

    name = "scripted"

    def __init__(self, card: str):
        self.card = card

    def choose(self, view, legal, rng):
        return next((m for m in legal if m.action == "play" and m.card == self.card),
                    next(m for m in legal if m.action == "discard"))


def hazard_session(edition: str, sides: dict, hands: dict, hazard: str) -> Session:
    """A two-player terminal game at a built position: player 1 at the keyboard, player 2 a bot about to
    play `hazard` on player 1's side."""
    ruleset = load(edition)
    game = build_position(ruleset, 2, sides=sides, hands=hands, to_act=1)
    header = gamelog.make_header(ruleset, 2, game.setup.id, 1, ["human", "scripted"])
    seats = Seats(kinds=["human", "scripted"], bots={1: Scripted(hazard)})
    return Session(game, gamelog.GameRecord(header=header), seats, edition, None, None)


def reprint_burning_oil(victim_hand: list[str]) -> Session:
    """touring-reprint: player 2 plays Burning Oil on player 1, who holds victim_hand."""
    return hazard_session("touring-reprint", {0: {"go": ["Go"], "piles": [("75 Miles", 1)]}, 1: {"go": ["Go"]}},
                          {0: victim_hand, 1: ["Burning Oil", "20 Miles", "Gas", "Go", "35 Miles", "Tow Truck"]},
                          "Burning Oil")


@pytest.fixture
def session():
    return reprint_burning_oil(["Mechanic", "20 Miles", "Gas", "Go", "35 Miles"])


def test_the_victim_is_offered_the_counter(session, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("d 1\n3\n1\n"))
    with pytest.raises(Stop):
        session.run()
    out = capsys.readouterr().out
    assert "Player 2 played Burning Oil on your side: you may counter it now, or let it pass." in out
    assert "1. counter with Mechanic" in out and "2. let it pass" in out
    assert "[1-2, ? help, q quit]" in out  # no discarding while a counter is offered
    assert "You cannot discard now" in out
    assert "There is no move 3: choose 1 to 2" in out
    moves = [entry.move["action"] for entry in session.record.moves]
    assert moves == ["play", "counter"]
    # countered: the 75 Miles stays, and the counter's owner drew back up to a full hand
    view = session.game.view(0)
    assert dict((card, laid) for card, laid, _ in view.sides[0].piles)["75 Miles"] == 1
    assert len(view.hand) == 6  # five after drawing back up, plus this turn's draw


def test_declining_lets_the_hazard_through(session, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("2\n"))
    with pytest.raises(Stop):
        session.run()
    view = session.game.view(0)
    assert dict((card, laid) for card, laid, _ in view.sides[0].piles)["75 Miles"] == 0
    assert [entry.move["action"] for entry in session.record.moves] == ["play", "decline"]


def test_a_victim_without_a_counter_is_asked_in_the_same_words(monkeypatch, capsys):
    """Player 1 holds no Mechanic: the same question, and its one answer is to let it pass."""
    session = reprint_burning_oil(["Gas", "20 Miles", "Gas", "Go", "35 Miles"])
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    with pytest.raises(Stop):
        session.run()
    out = capsys.readouterr().out
    assert "Player 2 played Burning Oil on your side: you may counter it now, or let it pass." in out
    assert "1. let it pass" in out and "[1, ? help, q quit]" in out
    assert [entry.move["action"] for entry in session.record.moves] == ["play", "decline"]
    assert [e["detail"] for e in session.record.moves[1].events][0] == "player 1 lets it pass"


def test_mille_bornes_words_the_question_as_a_coup_fourre(monkeypatch, capsys):
    session = hazard_session("mille-bornes", {0: {"go": ["Roll"]}, 1: {"go": ["Roll"]}},
                             {0: ["Right of Way", "25 km", "50 km", "75 km", "100 km", "Roll"],
                              1: ["Stop", "25 km", "50 km", "75 km", "100 km", "Roll", "Roll"]}, "Stop")
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    with pytest.raises(Stop):
        session.run()
    out = capsys.readouterr().out
    assert "Player 2 played Stop on your side: you may call a coup fourré now, or let it pass." in out
    # the Stop is on the table, waiting: not the Roll beneath it (QA point 4)
    assert "Battle pile: Stop, waiting for an answer (played by player 2)" in out
    assert "rolling: may lay mileage" not in out.split("Your move")[0].split("Side 2")[0]
    assert "1. coup fourré with Right of Way" in out and "2. let it pass" in out
    assert "calls a coup fourré with Right of Way: Stop is cancelled" in out
