"""Web stage, a Progressive Touring party hosted from `touring serve`: the host's page seats each round at
web tables, the signal stops them and records every side's miles, and the evening survives a restart."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette")

from touring_dsl.web.app import create_app  # noqa: E402
from web_support import local_client, first_move  # noqa: E402

NAMES = "Ann, Bob, Cat, Dan, Eve, Fay, Gus, Hal"


def start(tmp_path):
    app = create_app(tmp_path, bot_delay=0)
    return app, local_client(app)


def test_a_party_round_is_played_at_web_tables_and_ended_by_the_signal(tmp_path):
    app, client = start(tmp_path)
    response = client.post("/parties", data={"edition": "touring-1937", "names": NAMES, "rounds": "2"},
                           follow_redirects=False)
    assert response.status_code == 303, response.text
    host = response.headers["location"]
    page = client.get(host).text
    assert "Round 1 of 2" in page and page.count('class="party-table"') == 2
    links = re.findall(r'<a href="([^"]+)" data-player="([^"]+)"', page)
    assert sorted(name for _, name in links) == sorted(n.strip() for n in NAMES.split(","))
    store = app.app.state.store
    party = next(iter(app.app.state.parties.values()))
    tables = [party.games_of(store, 1, t.number)[0] for t in party.party.current.tables]
    for _ in range(12):  # some moves at the first table, none at the second
        game = tables[0].game
        tables[0].apply(game.to_act, first_move(game).to_json(), confirm=True)
    miles = tables[0].game.side_miles()
    response = client.post(host + "/signal", data={"confirm": "yes"}, follow_redirects=False)
    assert response.status_code == 303
    recorded = party.party.rounds[0].tables[0]
    assert recorded.games == [list(miles)]
    assert all(t.game.is_over and t.game.outcome == "signal" for t in tables)
    page = client.get(host).text
    assert "Round 2 of 2" in page and 'id="standings"' in page
    # the evening comes back with the server
    again, client2 = start(tmp_path)
    restored = next(iter(again.app.state.parties.values()))
    assert restored.party.rounds[0].tables[0].games == [list(miles)]
    assert "Round 2 of 2" in client2.get(host).text


def test_a_party_is_refused_with_the_reason(tmp_path):
    _, client = start(tmp_path)
    response = client.post("/parties", data={"edition": "touring-1937", "names": "Ann", "rounds": "2"})
    assert response.status_code == 400 and "at least two players" in response.text
    response = client.post("/parties", data={"edition": "touring-1937", "names": "Ann, Ann", "rounds": "2"})
    assert response.status_code == 400 and "named twice" in response.text
    assert client.get("/p/nothing").status_code == 404
    assert client.post("/p/nothing/signal").status_code == 404


def test_the_editions_clock_sounds_the_signal(tmp_path):
    import asyncio

    app, client = start(tmp_path)
    response = client.post("/parties", data={"edition": "touring-1937", "names": NAMES, "rounds": "2",
                                             "clock": "yes"}, follow_redirects=False)
    assert response.status_code == 303, response.text
    party = next(iter(app.app.state.parties.values()))
    assert "The signal sounds at" in client.get(response.headers["location"]).text
    asyncio.run(app.app.state.sound_due_signals())
    assert not party.party.rounds[0].complete  # not yet: twenty minutes a round
    party.meta["deadline"] -= party.party.minutes * 60 + 1
    asyncio.run(app.app.state.sound_due_signals())
    assert party.party.rounds[0].complete and len(party.party.rounds) == 2


def test_a_party_table_calls_its_players_by_name(tmp_path):
    """A seat's page at a party's table names every player as the host's sheet does, and so does the result."""
    app, client = start(tmp_path)
    client.post("/parties", data={"edition": "touring-1937", "names": NAMES, "rounds": "2"}, follow_redirects=False)
    store, party = app.app.state.store, next(iter(app.app.state.parties.values()))
    table = party.party.current.tables[0]
    web_table = party.games_of(store, 1, table.number)[0]
    expected = party.seat_names(table, web_table)
    message = web_table.state(0)
    assert [seat["name"] for seat in message["seats"]] == expected
    assert set(expected) <= {n.strip() for n in NAMES.split(",")}
    again, _ = start(tmp_path)  # kept with the table over a restart
    assert again.app.state.store.tables[web_table.id].names == expected
    while not web_table.game.is_over:
        game = web_table.game
        web_table.apply(game.to_act, first_move(game).to_json(), confirm=True)
    lines = " ".join(web_table.state(None)["result"]["lines"])
    assert any(name in lines for name in expected), lines


def test_a_table_made_from_the_form_numbers_its_seats(tmp_path):
    app, client = start(tmp_path)
    client.post("/tables", data={"edition": "touring-1937", "players": "2", "seat0": "human", "seat1": "greedy"})
    table = next(iter(app.app.state.store.tables.values()))
    assert table.names is None and [s["name"] for s in table.state(0)["seats"]] == [None, None]


def test_a_refused_clock_leaves_no_party_folder(tmp_path, monkeypatch):
    """An edition whose progressive section sets no minutes has no clock (every archive edition with a
    progressive section sets them, so one is made here by leaving them out)."""
    from touring_dsl.language import archive
    from touring_dsl.party.record import PartyError
    from touring_dsl.web import party as web_party
    from touring_dsl.web.party import PARTIES, WebParty

    real = archive.load("touring-1937")
    untimed = real.model_copy(update={"progressive": real.progressive.model_copy(update={"minutes": None})})
    monkeypatch.setattr(web_party, "load_archive", lambda edition: untimed)
    with pytest.raises(PartyError, match="sets no time for a round"):
        WebParty.create(tmp_path, "touring-1937", ["Ann", "Bob", "Cat", "Dan"], 2, clock=True)
    assert not (tmp_path / PARTIES).exists() or not any((tmp_path / PARTIES).iterdir())
