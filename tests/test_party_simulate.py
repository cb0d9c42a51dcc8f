"""Simulated parties: bots play whole Progressive Touring evenings; same seed, same report."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from touring_dsl.language.archive import load
from touring_dsl.bots.players import make_bot
from touring_dsl.cli.app import app
from touring_dsl.party.record import Table
from touring_dsl.party.simulate import PartyPlan, play_party, play_table, seats_of, simulate

runner = CliRunner()


def touring(*args):
    return runner.invoke(app, [str(a) for a in args], env={"NO_COLOR": "1"})


def test_seat_order_puts_partners_opposite():
    assert seats_of(Table(1, [["A", "C"], ["B", "D"]])) == ["A", "B", "C", "D"]


def test_a_table_stops_at_the_signal_with_the_miles_laid():
    ruleset = load("touring-1937")
    bots = {n: make_bot("greedy", ruleset) for n in "ABCD"}
    by_side, games = play_table(ruleset, Table(1, [["A", "C"], ["B", "D"]]), bots, 12, seed=3)
    assert games == 1 and all(len(g) == 1 and 0 <= g[0] < 110 for g in by_side)


def test_a_long_round_restarts_finished_games_and_adds_their_miles():
    ruleset = load("touring-1906")
    bots = {n: make_bot("greedy", ruleset) for n in "AB"}
    by_side, games = play_table(ruleset, Table(1, [["A"], ["B"]]), bots, 2000, seed=1)
    assert games >= 2
    for game in zip(*by_side[:2]):
        assert max(game) <= 50
    assert all(50 in game for game in list(zip(*by_side))[:-1])  # every game but the last was won


def test_a_simulated_party_records_every_round():
    ruleset = load("touring-1937")
    party, kinds, counts = play_party(ruleset, PartyPlan(tables=3, rounds=4, round_turns=30, bots=("greedy", "random"),
                                                         seed=9, parties=1), 0)
    assert party.finished and len(party.rounds) == 4
    assert counts["table_rounds"] == 12 and sorted(set(kinds.values())) == ["greedy", "random"]


def test_same_seed_same_report_and_the_report_says_turns_stand_in_for_minutes():
    first = touring("simulate", "touring-1937", "--progressive", "--tables", 2, "--rounds", 3,
                    "--round-turns", 20, "--parties", 4, "--seed", 5, "--json")
    again = touring("simulate", "touring-1937", "--progressive", "--tables", 2, "--rounds", 3,
                    "--round-turns", 20, "--parties", 4, "--seed", 5, "--json")
    assert first.exit_code == 0, first.output
    assert first.stdout == again.stdout
    data = json.loads(first.stdout)
    assert data["round_turns"] == 20 and data["round_minutes_on_the_sheet"] == 20
    assert sum(b["rate"] for b in data["bots"]) == pytest.approx(1.0)
    assert data["moves_per_player_round"] == pytest.approx(0.5)  # one side of two moves at every table
    assert data["final_miles"]["min"] <= data["final_miles"]["median"] <= data["final_miles"]["max"]
    text = touring("simulate", "touring-1937", "--progressive", "--tables", 2, "--rounds", 3, "--round-turns", 20,
                   "--parties", 4, "--seed", 5).stdout
    assert "A round ends after 20 turns at each table, standing in for the sheet's 20 minutes." in text
    assert "The best bot," in text


def test_different_seeds_differ():
    plan = PartyPlan(tables=2, rounds=2, round_turns=20, bots=("greedy", "random"), seed=1, parties=3)
    ruleset = load("touring-1906")
    assert simulate(ruleset, plan) != simulate(ruleset, PartyPlan(**{**plan.__dict__, "seed": 2}))


@pytest.mark.parametrize("args, message", [
    (["touring-1965", "--progressive"], "touring-1965 describes no progressive play"),
    (["touring-1937", "--progressive", "--round-turns", 0], "--round-turns must be at least 1"),
    (["touring-1937", "--progressive", "--bots", "clever"], "unknown bot clever"),
])
def test_bad_progressive_simulations_are_refused(args, message):
    result = touring("simulate", *args)
    assert result.exit_code in (1, 2)
    assert message in result.stderr


def test_single_race_options_are_refused_with_progressive():
    result = touring("simulate", "touring-1937", "--progressive", "--games", 5, "--plot", "x.png")
    assert result.exit_code == 2
    assert "--games, --plot cannot be combined with --progressive" in result.stderr
    fine = touring("simulate", "touring-1937", "--progressive", "--parties", 1, "--rounds", 1, "--json")
    assert fine.exit_code == 0, fine.output
