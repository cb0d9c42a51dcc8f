"""Party stage: seating, recording and movement scenarios for both editions' Progressive Touring rules."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from touring_dsl.language.archive import load
from touring_dsl.language.compiler import compile_text
from touring_dsl.party.host import enter, player_names, replan, start
from touring_dsl.party.movement import next_round
from touring_dsl.party.record import PartyError, Round, Table
from touring_dsl.party.scores import parse_games, record
from touring_dsl.party.seating import table_sizes
from touring_dsl.party.standings import standings

R1906, R1937 = load("touring-1906"), load("touring-1937")
EIGHT = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def party_of(ruleset, players=EIGHT, rounds=3, size=None, seed=1):
    return start(ruleset, ruleset.id, list(players), rounds, None, size, seed, shuffle=False)


def sides(rnd: Round) -> list[list[list[str]]]:
    return [t.sides for t in rnd.tables]


def test_seats_in_order_put_partners_opposite():
    party = party_of(R1937)
    assert sides(party.rounds[0]) == [[["Ann", "Cat"], ["Bob", "Dan"]], [["Eve", "Gus"], ["Fay", "Hal"]]]


def test_1937_winners_move_up_and_every_pair_separates():
    party = party_of(R1937)
    head, foot = party.rounds[0].tables
    enter(party, R1937, head, [[45], [30]])  # Ann & Cat win at the head table and stay
    enter(party, R1937, foot, [[20], [60]])  # Fay & Hal win at the foot and move up
    assert sides(party.rounds[1]) == [
        [["Ann", "Fay"], ["Cat", "Hal"]],  # each new pair: one who stayed, one who arrived
        [["Eve", "Bob"], ["Gus", "Dan"]],  # the head table's losers went down to the foot
    ]


def test_1937_each_partner_keeps_the_pairs_miles():
    party = party_of(R1937)
    for table, miles in zip(party.rounds[0].tables, ([[45], [30]], [[20], [60]])):
        enter(party, R1937, table, miles)
    totals = {s.player: s.total for s in standings(party, 1)}
    assert totals == {"Ann": 45, "Cat": 45, "Bob": 30, "Dan": 30, "Eve": 20, "Gus": 20, "Fay": 60, "Hal": 60}


def test_1906_partners_move_together():
    party = party_of(R1906)
    head, foot = party.rounds[0].tables
    enter(party, R1906, head, [[10], [30]])  # Bob & Dan win the head table: Ann & Cat go down
    enter(party, R1906, foot, [[40], [20]])  # Eve & Gus move up together
    assert sides(party.rounds[1]) == [[["Bob", "Dan"], ["Eve", "Gus"]], [["Fay", "Hal"], ["Ann", "Cat"]]]


def test_1906_single_players_fill_tables_of_two_then_three():
    assert table_sizes(R1906, 7, 2) == [2, 2, 3]
    assert table_sizes(R1906, 8, 2) == [2, 2, 2, 2]
    assert table_sizes(R1906, 9, 3) == [3, 3, 3]
    party = party_of(R1906, EIGHT[:7], size=2)
    assert [len(t.players) for t in party.rounds[0].tables] == [2, 2, 3]


def test_three_at_a_table_race_thirty_miles():
    party = party_of(R1906, EIGHT[:7], size=2)
    three = party.rounds[0].tables[2]
    with pytest.raises(PartyError, match="35 miles for Eve is beyond the race of 30 miles"):
        record(R1906, three, [[35], [0], [0]], 1, 1)
    record(R1906, three, [[30], [10], [10]], 1, 1)
    assert three.winner == 0 and three.last in (1, 2) and three.cut  # 10 v 10: a cut chose who goes down


def test_tables_of_four_cannot_seat_ten():
    with pytest.raises(PartyError, match="10 players cannot all sit at tables of 4: bring 2 more"):
        table_sizes(R1937, 10)
    with pytest.raises(PartyError, match="bring 2 more; or try --table-size 2"):
        table_sizes(R1906, 10, 4)


def test_a_won_game_and_the_next_are_added():
    party = party_of(R1937)
    head = party.rounds[0].tables[0]
    enter(party, R1937, head, [parse_games("110+20"), parse_games("60+35")])
    assert head.totals() == [130, 95] and head.winner == 0


@pytest.mark.parametrize("entry, message", [
    ([[110, 20], [60]], "every side must list the same number of games"),
    ([[100, 20], [60, 35]], "game 1 of the round was not finished"),
    ([[110], [110]], "two sides reached 110 miles"),
    ([[111], [0]], "111 miles for Ann & Cat is beyond the race of 110 miles"),
])
def test_bad_table_entries_are_refused_and_change_nothing(entry, message):
    party = party_of(R1937)
    head = party.rounds[0].tables[0]
    with pytest.raises(PartyError, match=message):
        enter(party, R1937, head, entry)
    assert not head.recorded and len(party.rounds) == 1


def test_without_restarts_a_table_gives_one_game():
    text = (load_text("touring-1937").replace("    finished games restart\n", ""))
    ruleset = compile_text(text, "no-restart.touring", base_dir="editions")
    party = party_of(ruleset)
    with pytest.raises(PartyError, match="plays one game a round"):
        enter(party, ruleset, party.rounds[0].tables[0], [[110, 5], [60, 5]])


def test_without_winners_moving_everyone_keeps_their_table():
    text = load_text("touring-1937").replace("    winners move up\n", "")
    ruleset = compile_text(text, "stay.touring", base_dir="editions")
    party = party_of(ruleset)
    for table in party.rounds[0].tables:
        enter(party, ruleset, table, [[50], [10]])
    assert sides(party.rounds[1]) == sides(party.rounds[0])


def test_a_tie_is_cut_the_same_way_every_time():
    winners = set()
    for _ in range(3):
        party = party_of(R1937, seed=7)
        head = party.rounds[0].tables[0]
        enter(party, R1937, head, [[40], [40]])
        assert head.cut
        winners.add(head.winner)
    assert len(winners) == 1


def test_the_host_can_lengthen_the_evening_but_not_undo_rounds():
    party = party_of(R1937, rounds=1)
    for table in party.rounds[0].tables:
        enter(party, R1937, table, [[50], [10]])
    assert party.finished
    replan(party, R1937, 2)
    assert not party.finished and len(party.rounds) == 2
    with pytest.raises(PartyError, match="2 rounds have already begun"):
        replan(party, R1937, 1)


def test_player_names_from_a_count_or_a_list():
    assert player_names("3") == ["Player 1", "Player 2", "Player 3"]
    assert player_names(" Ann, Bob ") == ["Ann", "Bob"]
    with pytest.raises(PartyError, match="Ann is named twice"):
        player_names("Ann,Bob,Ann")


def test_places_are_shared_and_prizes_follow_places():
    party = party_of(R1906, rounds=1)
    head, foot = party.rounds[0].tables
    enter(party, R1906, head, [[50], [30]])
    enter(party, R1906, foot, [[50], [20]])
    rows = standings(party, 3)
    assert [(r.place, r.total, r.prize) for r in rows] == [
        (1, 50, True), (1, 50, True), (1, 50, True), (1, 50, True),
        (5, 30, False), (5, 30, False), (7, 20, False), (7, 20, False)]


def load_text(edition: str) -> str:
    from pathlib import Path

    return (Path(__file__).resolve().parents[1] / "editions" / f"{edition}.touring").read_text(encoding="utf-8")


def one_finisher(miles: list[int], race: int) -> list[int]:
    """A game's miles as a table can record them: the first side to reach the race ends the game, so any
    later side that the draw gave the whole race had one mile less."""
    first = miles.index(race) if race in miles else None
    return [m - 1 if m == race and side != first else m for side, m in enumerate(miles)]


@settings(max_examples=40, deadline=None)
@given(edition=st.sampled_from(["touring-1906", "touring-1937"]), tables=st.integers(1, 5),
       miles=st.lists(st.integers(0, 50), min_size=60, max_size=60), rounds=st.integers(2, 5))
def test_movement_keeps_every_table_full_and_everyone_seated(edition, tables, miles, rounds):
    ruleset = load(edition)
    names = [f"P{i}" for i in range(tables * 4)]
    party = party_of(ruleset, names, rounds=rounds)
    draw = iter(miles * 4)
    while not party.finished:
        before = party.current
        for table in before.tables:
            race = ruleset.setup_for(len(table.players)).race.miles
            enter(party, ruleset, table, [[m] for m in one_finisher([next(draw) for _ in table.sides], race)])
        if party.current is None:
            break
        after = party.current
        assert sorted(p for t in after.tables for p in t.players) == sorted(names)
        assert [len(t.players) for t in after.tables] == [4] * tables
        for old, new in zip(before.tables, after.tables):
            arrived = set(new.players) - set(old.players)
            assert len(arrived) == (2 if tables > 1 else 0)
            for side in new.sides:
                if ruleset.progressive.partners_stay:
                    assert any(side == s for t in before.tables for s in t.sides)  # pairs never split
                elif tables > 1:
                    assert len(set(side) & arrived) == 1  # one arrival and one who stayed


def test_a_saved_party_reads_back_the_same(tmp_path):
    from touring_dsl.party.save import load as load_party
    from touring_dsl.party.save import save

    party = party_of(R1906, EIGHT[:7], size=2, rounds=3)
    for table in party.rounds[0].tables:
        enter(party, R1906, table, [[10 * (s + 1)] for s in range(len(table.sides))])
    party.umpire = None
    save(tmp_path / "p.json", party)
    assert load_party(tmp_path / "p.json") == party


def test_a_save_that_seats_someone_twice_is_damaged(tmp_path):
    import json

    from touring_dsl.party.save import load as load_party
    from touring_dsl.party.save import save

    party = party_of(R1937)
    save(tmp_path / "p.json", party)
    data = json.loads((tmp_path / "p.json").read_text())
    data["rounds"][0]["tables"][1]["sides"][0][0] = "Ann"
    (tmp_path / "p.json").write_text(json.dumps(data))
    with pytest.raises(PartyError, match="is damaged: round 1 does not seat every player exactly once"):
        load_party(tmp_path / "p.json")


@settings(max_examples=60, deadline=None)
@given(edition=st.sampled_from(["touring-1906", "touring-1937"]), players=st.integers(2, 40),
       first=st.sampled_from([None, 2, 3, 4]))
def test_table_sizes_seat_everyone_at_allowed_tables_or_say_why(edition, players, first):
    ruleset = load(edition)
    try:
        sizes = table_sizes(ruleset, players, first)
    except PartyError as exc:
        assert "cannot all sit" in str(exc) or "at a table, not" in str(exc)
        return
    assert sum(sizes) == players
    assert set(sizes) <= set(ruleset.progressive.sizes())
    partnered = {ruleset.setup_for(n).side_size > 1 for n in sizes}
    assert len(partnered) == 1  # partner tables and single tables never mix
