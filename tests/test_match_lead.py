"""The lead of a match: `lead rotates` compiled, described, dealt race by race and logged (issue 17)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from touring_dsl.play import gamelog
from touring_dsl.language.archive import load
from touring_dsl.cli.app import app
from touring_dsl.language.compiler import compile_text
from touring_dsl.diff import diff_rulesets, render_text
from touring_dsl.engine import new_game, run_random
from touring_dsl.engine.match import lead_seat, play_match
from touring_dsl.base.rng import Rng
from touring_dsl.rulebook.blocks import plain
from touring_dsl.rulebook.scoring import scoring_section

ROOT = Path(__file__).resolve().parents[1]
HOUSE = ROOT / "editions" / "house" / "match-1937.touring"
runner = CliRunner()

ROTATING = '''
edition "rotating-1937" extends "match-1937" { title "Touring: a match with the lead passed on" }
scoring {
    add lead rotates
}
'''


@pytest.fixture(scope="module")
def rotating():
    return compile_text(ROTATING, "rotating-1937.touring", HOUSE.parent)


def test_mille_bornes_passes_the_lead_and_says_why():
    part = load("mille-bornes").mechanics.lead_rotation
    assert part is not None
    assert part.provenance.assumptions and part.provenance.cites
    assert part.provenance.assumptions[0].subject == "the lead"


def test_the_lead_is_a_mechanic_of_the_match_and_no_part_of_a_race():
    """One module (touring_dsl/mechanics/lead_rotation.py): it is not among a seating's mechanics, so
    the race's kernel is written as if it were absent."""
    from touring_dsl.engine.tables import tables_for
    from touring_dsl.mechanics import match_parts

    ruleset = load("mille-bornes")
    assert [m.name for m, _ in match_parts(ruleset)] == ["lead_rotation"]
    t = tables_for(ruleset, 2)
    assert "lead_rotation" not in [m.name for m in t.mechanics]


def test_a_match_without_it_keeps_the_lead_on_the_first_seat(rotating):
    house = load(str(HOUSE))
    assert house.mechanics.lead_rotation is None and rotating.mechanics.lead_rotation is not None
    assert [lead_seat(rotating, 0, race) for race in range(3)] == [0, 0, 0]  # players not known
    assert [lead_seat(house, 3, race) for race in range(4)] == [0, 0, 0, 0]
    assert [lead_seat(rotating, 3, race) for race in range(5)] == [0, 1, 2, 0, 1]


def test_each_race_is_dealt_from_and_opened_by_its_leader(rotating):
    leaders = []

    def play_race(game):
        leaders.append(game.to_act)
        other = 1 - game.to_act
        assert len(game.hands[game.to_act]) == len(game.hands[other]) + 1  # the leader has drawn for its turn
        run_random(game, Rng(game.seed))

    match = play_match(rotating, 2, 11, play_race)
    assert len(match.races) >= 2
    assert leaders == [race % 2 for race in range(len(match.races))]


def test_the_first_seat_dealt_to_gets_the_first_cards():
    """Dealing from seat 2 gives seat 2 the hand seat 1 gets when dealing from seat 1: the same cards
    go round the table from the leader, and seat 1's deal is the deal it always was."""
    ruleset = load("touring-1937")
    plain_deal, from_two = new_game(ruleset, 3, seed=4), new_game(ruleset, 3, seed=4, first=1)
    assert from_two.to_act == 1
    assert sorted(from_two.hands[1]) == sorted(plain_deal.hands[0])  # the leader's hand, its draw included
    assert list(from_two.hands[2]) == list(plain_deal.hands[1])
    assert list(from_two.hands[0]) == list(plain_deal.hands[2])
    with pytest.raises(ValueError):
        new_game(ruleset, 3, seed=4, first=3)


def test_rotating_the_lead_changes_no_first_race_and_stays_deterministic(rotating):
    def leaders_and_totals(ruleset):
        match = play_match(ruleset, 2, 21, lambda game: run_random(game, Rng(game.seed)))
        return match.races[0], match.totals

    first_race, totals = leaders_and_totals(rotating)
    assert first_race == leaders_and_totals(load(str(HOUSE)))[0]
    assert (first_race, totals) == leaders_and_totals(rotating)


def test_the_rulebook_and_the_diff_tell_the_lead(rotating):
    house = load(str(HOUSE))
    said = plain(scoring_section(rotating, lambda *provenances: ()).blocks[-1].body)
    assert "passes to the left" in said
    kept = plain(scoring_section(house, lambda *provenances: ()).blocks[-1].body)
    assert "same player leads every race" in kept
    text = render_text(diff_rulesets(house, rotating))
    assert "In the match the lead passes to the left from race to race (was: the same player leads every race)" in text


def test_play_logs_the_leader_of_each_later_race_and_replays_it(tmp_path, rotating):
    source = tmp_path / "rotating-1937.touring"
    source.write_text(ROTATING.replace('extends "match-1937"', f'extends "{HOUSE.stem}"'), encoding="utf-8")
    (tmp_path / HOUSE.name).write_text(HOUSE.read_text(encoding="utf-8"), encoding="utf-8")
    log = tmp_path / "m.jsonl"
    result = runner.invoke(app, ["play", str(source), "--humans", "none", "--seed", "3", "--log", str(log)],
                           env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    assert "Race 2 of the match (seed" in result.stdout and "player 2 (greedy) leads" in result.stdout
    first = json.loads(log.read_text().splitlines()[0])
    second = json.loads((tmp_path / "m-race2.jsonl").read_text().splitlines()[0])
    assert "first" not in first and second["first"] == 1
    replayed = runner.invoke(app, ["replay", str(tmp_path / "m-race2.jsonl")], env={"NO_COLOR": "1"})
    assert replayed.exit_code == 0, replayed.output


def test_a_log_header_with_a_seat_that_does_not_exist_is_refused():
    header = {"format": gamelog.LOG_FORMAT, "version": gamelog.LOG_VERSION, "edition": "touring-1937",
              "source_hash": "x", "players": 2, "setup": "two players", "seed": 1, "bots": ["greedy", "greedy"],
              "engine": "touring-dsl", "first": 2}
    with pytest.raises(gamelog.LogError, match='"first" should be a seat from 0 to 1'):
        gamelog.parse(json.dumps(header))
