"""Statistics of the simulate stage: intervals, percentiles, and merging that never changes a number."""
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from touring_dsl.simulate.stats import GameRecord, Tally, percentile, report, wilson


def record(winner, turns, outcome="completed", seats=2, behind=None, decided_at=None, lead_changes=None):
    return GameRecord(index=turns, bots=("greedy", "random"), winner_side=winner,
                      winner_seats=(winner,) if winner is not None else (), outcome=outcome, turns=turns,
                      reshuffles=turns // 50, lead_changes=turns % 3 if lead_changes is None else lead_changes,
                      behind=(turns % 40 if behind is None else behind) if winner is not None else None,
                      decided_at=(turns // 2 if decided_at is None else decided_at) if winner is not None else None,
                      plays_offered=turns, stuck_turns=turns // 3,
                      plays=Counter({"a": turns % 5, "b": 1}), hazard_hits=Counter({"h": turns % 2}),
                      penalties_paid=Counter({"p": turns % 4}), penalty_miles=turns % 7)


def test_wilson_interval_contains_rate_and_narrows_with_more_games():
    low, high = wilson(50, 100)
    assert low < 0.5 < high
    low2, high2 = wilson(5000, 10000)
    assert high2 - low2 < (high - low) / 5


def test_wilson_at_the_edges_stays_inside_zero_and_one():
    assert wilson(0, 10)[0] == 0.0 and wilson(0, 10)[1] > 0
    assert wilson(10, 10)[1] == 1.0 and wilson(10, 10)[0] < 1
    assert wilson(0, 0) == (0.0, 0.0)


def test_percentiles_of_a_histogram_use_nearest_rank():
    lengths = Counter({10: 1, 20: 1, 30: 1, 40: 1})
    assert percentile(lengths, 0.5) == 20
    assert percentile(lengths, 0.75) == 30
    assert percentile(lengths, 1.0) == 40
    assert percentile(lengths, 0.01) == 10


games = st.lists(st.tuples(st.sampled_from([0, 1, None]), st.integers(1, 400)), min_size=1, max_size=60)


@settings(max_examples=200, deadline=None)
@given(games, st.integers(0, 60))
def test_merging_split_tallies_equals_tallying_all_games(played, cut):
    whole = Tally(players=2, bots=("greedy", "random"))
    first = Tally(players=2, bots=("greedy", "random"))
    second = Tally(players=2, bots=("greedy", "random"))
    for i, (winner, turns) in enumerate(played):
        whole.add(record(winner, turns))
        (first if i < cut else second).add(record(winner, turns))
    assert report(first.merge(second), [0, 1]) == report(whole, [0, 1])


def test_report_counts_wins_ties_and_outcomes():
    tally = Tally(players=2, bots=("greedy", "random"))
    for winner, turns, outcome in [(0, 100, "completed"), (0, 120, "completed"), (1, 90, "completed"),
                                   (None, 300, "exhausted")]:
        tally.add(record(winner, turns, outcome))
    data = report(tally, [0, 1])
    assert data["games"] == 4
    assert [s["wins"] for s in data["seats"]] == [2, 1]
    assert data["ties"] == 1
    assert data["outcomes"]["exhausted"]["share"] == 0.25
    assert data["length"]["median"] == 100
    assert data["first_seat_advantage"] is None  # the bots differ: seat 1's wins are not the seat's
    assert data["bots_differ"] and data["skill"]["stronger"] == "greedy"
    assert {b["bot"]: b["wins"] for b in data["bots"]} == {"greedy": 2, "random": 1}


def test_equal_bots_measure_the_first_seat():
    tally = Tally(players=2, bots=("random", "random"))
    for winner in (0, 0, 0, 1):
        tally.add(GameRecord(index=0, bots=("random", "random"), winner_side=winner, winner_seats=(winner,),
                             outcome="completed", turns=100, reshuffles=0, lead_changes=0, behind=0,
                             decided_at=50, plays_offered=0, stuck_turns=0, plays=None, hazard_hits=None,
                             penalties_paid=None, penalty_miles=0))
    data = report(tally, [0, 1])
    assert data["first_seat_advantage"]["edge"] == 0.75 - 0.5
    assert data["skill"] is None


def test_lead_drama_and_decisiveness_measures():
    tally = Tally(players=2, bots=("greedy", "random"))
    tally.add(record(0, 100, behind=0, decided_at=10, lead_changes=0))  # led from turn 10: wire to wire
    tally.add(record(1, 200, behind=40, decided_at=180, lead_changes=3))  # a comeback, decided late
    tally.add(record(None, 300, outcome="turn-limit", lead_changes=2))  # no winner: no drama or decisiveness
    data = report(tally, [0, 1], race_miles=110)
    assert data["wire_to_wire_share"] == 1 / 3
    assert data["lead_changes_per_game"] == (0 + 3 + 2) / 3
    assert data["drama"]["winner_behind_mean"] == 20
    assert data["drama"]["comeback_share"] == 0.5  # 40 miles is over a quarter of 110
    assert data["decisiveness"]["games"] == 2
    assert data["decisiveness"]["mean"] == pytest.approx((0.10 + 0.90) / 2)
    assert data["completed_share"] == 2 / 3
    assert data["branching"]["plays_per_turn"] == 1.0
    assert data["branching"]["stuck_share"] == pytest.approx((33 + 66 + 100) / 600)
