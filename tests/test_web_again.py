"""Web stage, the end of a game: the result the page shows (the goal the race really had, each side's
distance and points) and "play again" (web/again.py): a new table, same edition and seats, a new deal."""
from __future__ import annotations

import json

import pytest

from touring_dsl.web.again import AgainRefused, again_message, again_path, following, play_again
from touring_dsl.web.store import TableStore
from web_support import finish, first_move, local_client

pytest.importorskip("starlette")


@pytest.fixture()
def store(tmp_path):
    return TableStore(tmp_path / "tables")


def test_a_finished_table_is_played_again_with_the_same_edition_and_seats_and_a_new_deal(store):
    old = finish(store.create(2, ["human", "greedy"], "mille-bornes", seed=11))
    new = play_again(store, old)
    assert new.id != old.id and new.ruleset.id == old.ruleset.id and new.kinds == ["human", "greedy"]
    assert new.players == 2 and not new.game.is_over and len(new.record.moves) == 0
    assert new.record.header["seed"] != old.record.header["seed"]  # a new deal (a fresh shuffle)
    assert set(new.meta["tokens"]).isdisjoint(old.meta["tokens"])  # new links: the old ones open the old table
    assert store.find(new.meta["tokens"][0]).table is new


def test_every_player_who_presses_lands_at_their_own_seat_of_the_same_new_table(store, tmp_path):
    old = finish(store.create(2, ["human", "human"], "touring-1937", seed=2))
    first = play_again(store, old)
    assert play_again(store, old) is first  # the second player's press finds the table the first one made
    assert again_path(first, store.find(old.meta["tokens"][1])) == f"/s/{first.meta['tokens'][1]}"
    assert again_path(first, store.find(old.meta["spectator"])) == f"/w/{first.meta['spectator']}"
    assert again_path(first, store.find(old.meta["host"])) == f"/h/{first.meta['host']}"
    reloaded = TableStore(tmp_path / "tables")  # after a restart the new table is still the one that follows
    reloaded.load_all()
    assert following(reloaded, reloaded.tables[old.id]).id == first.id


def test_a_house_rule_is_played_again_from_its_own_text(store):
    text = 'edition "ours" extends "touring-1937" {\n  title "Our Touring"\n}\n'
    old = finish(store.create(2, ["human", "human"], upload=text, seed=4))
    new = play_again(store, old)
    assert new.ruleset.title == "Our Touring" and new.meta["edition"]["file"]


def test_a_game_in_play_or_a_partys_table_is_not_played_again(store):
    table = store.create(2, ["human", "human"], "touring-1937", seed=2)
    with pytest.raises(AgainRefused, match="not over"):
        play_again(store, table)
    finish(table)
    named = finish(store.create(2, ["human", "human"], "touring-1937", seed=2,
                                names=lambda game: ["Ann", "Bob"]))  # as a party seats its tables
    with pytest.raises(AgainRefused, match="party"):
        play_again(store, named)


def test_the_end_shows_the_goal_the_race_had_after_an_extension(store):
    """Mille Bornes, seed 11: side 2 extends the race from 700 to 1000 km and completes it. The end said
    "1000 of 700 km" (the goal before the Extension)."""
    table = finish(store.create(2, ["human", "human"], "mille-bornes", seed=11))
    assert any(e["kind"] == "extend" for e in table.events)
    result = table.state(0)["result"]
    assert result["goal"] == 1000 and result["unit"] == "km" and result["winner"] == 1
    assert [side["miles"] for side in result["sides"]] == [600, 1000]
    assert "Side 2 - player 2: 1000 of 1000 km" in "\n".join(result["lines"])
    assert [side["won"] for side in result["sides"]] == [False, True]
    points = [side["points"] for side in result["sides"]]
    assert points[1] > points[0] >= 600  # Mille Bornes scores: at least a point a km, more for the winner


def test_an_edition_without_scoring_shows_no_points(store):
    table = finish(store.create(2, ["human", "human"], "touring-1937", seed=2))
    assert all(side["points"] is None for side in table.state(None)["result"]["sides"])


def test_the_last_play_is_the_last_card_laid_whatever_follows_it(store):
    """The page marks the card just played: a draw never counts (only its drawer may know it), and a counter
    offer declined leaves the hazard the last card laid."""
    from touring_dsl.web.views import last_play

    log = [{"kind": "play", "seat": 0, "side": 0, "card": "Roll"},
           {"kind": "draw", "seat": 1, "side": 1, "card": "Stop"},
           {"kind": "hazard", "seat": 1, "side": 0, "card": "Stop"},
           {"kind": "decline", "seat": 0, "side": 0, "card": None},
           {"kind": "draw", "seat": 0, "side": 0, "card": "Accident"}]
    assert last_play(log) == {"kind": "hazard", "seat": 1, "side": 0, "card": "Stop", "at": 2}
    assert last_play(log[:2]) == {"kind": "play", "seat": 0, "side": 0, "card": "Roll", "at": 0}
    assert last_play(log[1:2]) is None


# -- the route a page's "play again" button posts to --------------------------------------------------------

def test_the_play_again_button_takes_each_player_to_their_own_seat_of_one_new_table(tmp_path):
    from touring_dsl.web.app import create_app

    app = create_app(tmp_path, bot_delay=0)
    store = app.app.state.store
    old = finish(store.create(2, ["human", "human"], "touring-1937", seed=2))
    with local_client(app) as client:
        early = client.post(f"/again/{store.create(2, ['human', 'human'], 'touring-1937', seed=3).meta['tokens'][0]}",
                            follow_redirects=False)
        assert early.status_code == 409 and "not over" in early.text  # a game still played is not played again
        first = client.post(f"/again/{old.meta['tokens'][0]}", follow_redirects=False)
        second = client.post(f"/again/{old.meta['tokens'][1]}", follow_redirects=False)
        made = following(store, old)
        assert first.status_code == second.status_code == 303
        assert first.headers["location"] == f"/s/{made.meta['tokens'][0]}"
        assert second.headers["location"] == f"/s/{made.meta['tokens'][1]}"
        assert client.post("/again/not-a-token", follow_redirects=False).status_code == 404
        foreign = client.post(f"/again/{old.meta['tokens'][0]}", headers={"origin": "http://evil.example"},
                              follow_redirects=False)
        assert foreign.status_code == 404 and len(store.tables) == 3  # another site's post makes nothing


# -- a house rule's text as a browser sends it ---------------------------------------------------------------

CRLF_RULE = 'edition "ours" extends "touring-1937" {\r\n  title "Our Touring"\r\n}\r\n'


def test_a_house_rule_pasted_with_crlf_lines_is_kept_over_a_restart_and_replays(tmp_path):
    """A browser sends a textarea's lines ending in \\r\\n. The table was made (and its log hashed) from that
    text, but read back with universal newlines after a restart: it was not loaded, its links were refused,
    and `touring replay` of its log failed."""
    from typer.testing import CliRunner

    from touring_dsl.cli.app import app
    from touring_dsl.web.app import create_app

    app_ = create_app(tmp_path, bot_delay=0)
    with local_client(app_) as client:
        made = client.post("/tables", data={"edition": "touring-1937", "source": CRLF_RULE, "players": "2",
                                            "seat0": "human", "seat1": "human", "seed": "4"}, follow_redirects=False)
        assert made.status_code == 303
        table = next(iter(app_.app.state.store.tables.values()))
        table.commit(table.game.to_act, first_move(table.game))
    again = TableStore(tmp_path)
    assert [t.id for t in again.load_all()] == [table.id]  # loaded after the restart, at its move
    assert len(again.tables[table.id].record.moves) == 1
    result = CliRunner().invoke(app, ["replay", str(tmp_path / table.id / "game.jsonl")])
    assert result.exit_code == 0, result.output


def test_a_table_kept_with_crlf_lines_by_an_older_server_still_loads(tmp_path):
    """Such a table's file holds the \\r\\n its log's hash was made of: it is read back exactly."""
    store = TableStore(tmp_path)
    table = store.create(2, ["human", "human"], upload=CRLF_RULE, seed=4)
    log = (table.folder / "game.jsonl").read_text(encoding="utf-8")
    old_hash = __import__("touring_dsl.web.editions", fromlist=["x"]).compile_upload(CRLF_RULE, tmp_path).source_hash
    (table.folder / "edition.touring").write_bytes(CRLF_RULE.encode("utf-8"))  # as an older server wrote it
    (table.folder / "game.jsonl").write_text(log.replace(table.ruleset.source_hash, old_hash), encoding="utf-8")
    store.close()
    again = TableStore(tmp_path)
    assert [t.id for t in again.load_all()] == [table.id]


def test_where_races_are_scored_the_end_names_the_side_with_more_points_and_who_completed_the_race(store):
    """Mille Bornes, seed 21, greedy against expert: side 1 completes the 700 km (1200 points) but side 2
    scores 1275. The page declared side 1 the winner over a higher score."""
    from touring_dsl.web.views import state_message

    table = store.create(2, ["greedy", "expert"], "mille-bornes", seed=21)
    while not table.game.is_over:
        seat, view, legal, rng = table.bot_choice()
        table.commit(seat, table.bots[seat].choose(view, legal, rng))
    assert table.game.outcome == "completed" and table.game.winner == 0
    result = state_message(table.game, None, table.events, table.kinds, len(table.record.moves))["result"]
    assert [side["points"] for side in result["sides"]] == [1200, 1275]
    assert result["winner"] == 1 and [side["won"] for side in result["sides"]] == [False, True]
    assert result["how"] == "player 1 (greedy) completed the race"


def test_the_other_seats_of_a_table_played_again_are_told_where_their_own_new_seat_is(store):
    old = finish(store.create(2, ["human", "human"], "touring-1937", seed=2))
    assert again_message(store, old, 1) is None  # nothing to say before anyone presses
    new = play_again(store, old, by=0)
    assert again_message(store, old, 0) is None  # the one who pressed is already there
    told = json.loads(again_message(store, old, 1))
    assert told == {"type": "again", "to": f"/s/{new.meta['tokens'][1]}", "words": "Player 1 started a new game: join it."}
    assert json.loads(again_message(store, old, None))["to"] == f"/w/{new.meta['spectator']}"
