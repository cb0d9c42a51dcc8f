"""Web stage, a match at the table (issue 28, point 13): a table of an edition that plays a match deals race
after race as the terminal's match does (engine.match: each race's seed and lead, the totals), shows every seat
the score sheet after each race (the rows score_sheet.py gives the terminal too), keeps each race's log beside
the first and comes back at its current race after a restart."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from touring_dsl.language.archive import load
from touring_dsl.cli.app import app as cli
from touring_dsl.engine import new_game
from touring_dsl.engine.match import Match, lead_seat, race_seed
from touring_dsl.engine.rules.scoring import score_race
from touring_dsl.web.store import TableStore
from web_support import finish, first_move, local_client

pytest.importorskip("starlette")

SEED = 11
ROOT = Path(__file__).resolve().parents[1]


def terminal_match(seed: int, races: int) -> Match:
    """The match engine.match plays (as `touring play` does) from the same seed, each race played by first_move."""
    ruleset = load("mille-bornes")
    match = Match(ruleset, 2, seed, players=2)
    for _ in range(races):
        game = new_game(ruleset, players=2, seed=match.next_seed(), first=match.next_first())
        while not game.is_over:
            game.apply(first_move(game))
        match.add(game)
    return match


@pytest.fixture()
def store(tmp_path):
    return TableStore(tmp_path / "tables")


def test_a_mille_bornes_table_deals_race_2_with_the_terminals_seed_lead_and_totals(store):
    table = finish(store.create(2, ["human", "human"], "mille-bornes", seed=SEED, match=True))
    terminal = terminal_match(SEED, 2)
    state = table.state(0)["match"]
    assert state["next"] == 2 and state["sheet"]["race"] == 1 and not table.is_done
    assert state["sheet"]["totals"] == [s.total for s in terminal.races[0]]
    assert state["sheet"]["match_totals"] == [s.total for s in terminal.races[0]]
    assert table.next_race(2) is True
    header = table.record.header
    assert header["seed"] == race_seed(SEED, 1) and header.get("first", 0) == lead_seat(table.ruleset, 2, 1) == 1
    assert table.game.to_act == 1  # the rules pass the lead to the left: seat 2 plays first in race 2
    dealt = new_game(table.ruleset, players=2, seed=race_seed(SEED, 1), first=1)
    assert [table.game.view(s).hand for s in (0, 1)] == [dealt.view(s).hand for s in (0, 1)]
    assert table.next_race(2) is False  # a second player's press finds it dealt
    finish(table)
    sheet = table.state(None)["match"]["sheet"]
    assert sheet["race"] == 2 and sheet["match_totals"] == list(terminal.totals)
    assert sheet["totals"] == [s.total for s in terminal.races[1]]


def test_the_score_sheet_has_a_row_for_every_term_of_the_edition_in_the_terminals_words(store):
    from touring_dsl.cli.scored_races import sheet_lines
    from touring_dsl.play.score_sheet import score_sheet

    table = finish(store.create(2, ["human", "human"], "mille-bornes", seed=SEED, match=True))
    rows = table.state(1)["match"]["sheet"]["rows"]
    terms = [row["term"] for row in rows]
    assert terms == ["1 point per km", "100 points per safety in play", "300 points for all safeties in play",
                     "300 points per coup fourré", "400 points for completing the race",
                     '300 points for completing the race without "200 km"',
                     "300 points for completing the race after the draw pile runs out",
                     "200 points for an extension, to its caller who completes it, else to each opponent of the caller",
                     "500 points for completing the race while no opponent has any mileage"]
    scores = score_race(table.game)
    assert [sum(row["cells"][side] or 0 for row in rows) for side in (0, 1)] == [s.total for s in scores]
    text = "\n".join(sheet_lines(score_sheet(table.match), 80))  # the terminal renders the very same rows
    assert all(line.rstrip() == line and len(line) <= 80 for line in text.splitlines())
    assert "1 point per km" in text and "Match total (to 5000 points)" in text


def test_one_race_is_one_race_and_a_match_is_not_played_again_before_its_end(store):
    from touring_dsl.web.again import AgainRefused, play_again
    from touring_dsl.web.table import MoveRefused

    single = finish(store.create(2, ["human", "human"], "mille-bornes", seed=SEED))
    assert single.is_done and single.state(0)["match"]["next"] is None
    assert single.state(0)["match"]["sheet"]["match_totals"] is None  # scored on its own
    with pytest.raises(MoveRefused, match="one race"):
        single.next_race(2)
    match = finish(store.create(2, ["human", "human"], "mille-bornes", seed=SEED, match=True))
    with pytest.raises(AgainRefused, match="match is not over"):
        play_again(store, match)
    with pytest.raises(MoveRefused, match="not the next"):
        match.next_race(5)


def test_a_restart_mid_match_comes_back_at_its_race_with_the_earlier_scores(store, tmp_path):
    table = finish(store.create(2, ["human", "human"], "mille-bornes", seed=SEED, match=True))
    table.next_race(2)
    for _ in range(7):
        table.commit(table.game.to_act, first_move(table.game))
    before = table.state(0)
    store.close()
    again = TableStore(tmp_path / "tables")
    again.load_all(report=lambda text: pytest.fail(text))
    back = again.tables[table.id]
    assert back.race == 2 and back.state(0) == before
    assert back.match.totals == terminal_match(SEED, 1).totals
    finish(back)
    assert back.state(0)["match"]["sheet"]["match_totals"] == list(terminal_match(SEED, 2).totals)
    back.next_race(3)
    assert sorted(p.name for p in back.folder.glob("*.jsonl")) == ["game-race2.jsonl", "game-race3.jsonl", "game.jsonl"]
    runner = CliRunner()
    for log in sorted(back.folder.glob("*.jsonl")):  # each race's log is a game log `touring replay` verifies
        result = runner.invoke(cli, ["replay", str(log)], env={"NO_COLOR": "1"})
        assert result.exit_code == 0 and "replay identically" in result.stdout, result.output


def test_any_seat_deals_the_next_race_once_and_the_spectator_cannot(tmp_path):
    from touring_dsl.web.app import create_app

    application = create_app(tmp_path, bot_delay=0)
    store = application.app.state.store
    table = finish(store.create(2, ["human", "human"], "mille-bornes", seed=SEED, match=True))
    tokens = table.meta["tokens"]
    with local_client(application) as client, client.websocket_connect(f"/ws/{tokens[0]}") as me, \
            client.websocket_connect(f"/ws/{tokens[1]}") as other, \
            client.websocket_connect(f"/ws/{table.meta['spectator']}") as screen:
        for ws in (me, other, screen):
            ws.receive_text()
            assert json.loads(ws.receive_text())["match"]["next"] == 2
        screen.send_text(json.dumps({"type": "next", "race": 2}))
        assert "spectator" in json.loads(screen.receive_text())["message"]
        me.send_text(json.dumps({"type": "next", "race": 2}))
        other.send_text(json.dumps({"type": "next", "race": 2}))  # pressed at the same moment: no third race
        for ws in (me, other, screen):
            state = json.loads(ws.receive_text())
            assert state["match"]["race"] == 2 and not state["over"] and state["to_act"] == 1
        other.send_text(json.dumps({"type": "ping"}))
        assert table.race == 2 and len(list(table.folder.glob("*.jsonl"))) == 2
        me.send_text(json.dumps({"type": "next", "race": "two"}))
        assert "expected" in json.loads(me.receive_text())["message"]


def test_a_table_of_bots_alone_deals_its_races_by_itself(tmp_path):
    import asyncio

    from touring_dsl.web.channel import Hub

    store = TableStore(tmp_path)
    upload = (ROOT / "editions" / "house" / "match-1937.touring").read_text(encoding="utf-8")
    table = store.create(2, ["greedy", "greedy"], upload=upload, seed=SEED, match=True)
    assert table.deals_itself is False  # not between races yet
    asyncio.run(Hub(store, 0).play_on(table))
    assert table.is_done and table.match.winner is not None and table.race >= 2
    assert table.match.target == 500 and max(table.match.totals) >= 500


def test_a_next_race_the_disk_cannot_take_is_refused_in_words_and_the_table_stays_between_races(store, monkeypatch):
    import errno

    from touring_dsl.play import gamelog
    from touring_dsl.web.table import DiskRefused

    table = finish(store.create(2, ["human", "human"], "mille-bornes", seed=SEED, match=True))
    before = table.state(0)

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(gamelog, "save", full)
    with pytest.raises(DiskRefused, match="the server's disk is full: the next race was not dealt"):
        table.next_race(2)
    assert table.state(0) == before and sorted(p.name for p in table.folder.glob("*.jsonl*")) == ["game.jsonl"]
    monkeypatch.undo()
    assert table.next_race(2) and table.race == 2


def test_the_host_form_makes_a_match_unless_one_race_is_chosen(tmp_path):
    from touring_dsl.web.app import create_app

    application = create_app(tmp_path, bot_delay=0)
    store = application.app.state.store
    fields = {"edition": "mille-bornes", "players": "2", "seat0": "human", "seat1": "human", "seed": "11"}
    with local_client(application) as client:
        assert 'name="length" value="match" checked' in client.get("/").text
        made = []
        for length in (None, "match", "race"):
            response = client.post("/tables", data={**fields, **({"length": length} if length else {})},
                                   follow_redirects=False)
            assert response.status_code == 303
            made.append(next(t for t in store.tables.values() if response.headers["location"].endswith(t.meta["host"])))
        assert [table.plays_match for table in made] == [True, True, False]
        refused = client.post("/tables", data={**fields, "length": "forever"})
        assert refused.status_code == 400 and "a match or one race" in refused.text
