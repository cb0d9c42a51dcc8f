"""Web stage, a party's evening links: one private link per player leads them to their seat at every round; the
host's signal asks to be confirmed; after it every open seat page of the round is moved on, each to its own
player's link alone."""
from __future__ import annotations

import json
import re
from html import unescape

import pytest

pytest.importorskip("starlette")

from touring_dsl.web.app import create_app  # noqa: E402
from web_support import first_move, local_client  # noqa: E402

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def a_party(tmp_path, rounds: int = 2):
    app = create_app(tmp_path, bot_delay=0)
    client = local_client(app)
    response = client.post("/parties", data={"edition": "touring-1937", "names": ", ".join(NAMES),
                                             "rounds": str(rounds)}, follow_redirects=False)
    assert response.status_code == 303, response.text
    return app, client, response.headers["location"], next(iter(app.app.state.parties.values()))


def evening_links(page: str) -> dict[str, str]:
    """Each player's evening link as the host's page shows it (the path, without the server's address)."""
    return {unescape(name): re.sub(r"^https?://[^/]+", "", unescape(url))
            for url, name in re.findall(r'<a href="([^"]+)" data-evening="([^"]+)"', page)}


def seat_link(page: str) -> str:
    return unescape(re.search(r'<a class="button-link primary" id="take-seat" href="([^"]+)"', page).group(1))


def seat_of(app, party, name: str, round_number: int) -> str:
    """The seat path the party gives name in a round, worked out from the party's own record."""
    store = app.app.state.store
    table = party.party.rounds[round_number - 1].table_of(name)
    game = party.games_of(store, round_number, table.number)[-1]
    return f"/s/{game.meta['tokens'][party.seat_names(table, game).index(name)]}"


def signal(client, host: str, round_number: int):
    return client.post(host + "/signal", data={"confirm": "yes", "round": str(round_number)}, follow_redirects=False)


def test_a_players_evening_link_leads_to_their_seat_in_round_one_then_in_round_two(tmp_path):
    app, client, host, party = a_party(tmp_path)
    links = evening_links(client.get(host).text)
    assert sorted(links) == sorted(NAMES) and len(set(links.values())) == len(NAMES)
    page = client.get(links["Ann"])
    assert page.status_code == 200
    text = unescape(page.text)
    table = party.party.current.table_of("Ann")
    assert "Ann" in text and f"Round 1 of 2: table {table.number}" in text
    assert seat_link(page.text) == seat_of(app, party, "Ann", 1)
    seat_page = client.get(seat_link(page.text))
    assert seat_page.status_code == 200  # and it leads back to Ann's evening, and to nobody else's
    assert f'href="{links["Ann"]}"' in seat_page.text and f"Round 1, table {table.number}" in seat_page.text
    assert [path for path in links.values() if path in seat_page.text] == [links["Ann"]]
    assert signal(client, host, 1).status_code == 303
    page = client.get(links["Ann"])
    text = unescape(page.text)
    table = party.party.current.table_of("Ann")
    assert f"Round 2 of 2: table {table.number}" in text and "Round 1 is over" in text
    assert 'id="standings"' in page.text
    partners = [n for n in table.sides[table.side_of("Ann")] if n != "Ann"]
    assert all(partner in text for partner in partners)
    assert seat_link(page.text) == seat_of(app, party, "Ann", 2) != seat_of(app, party, "Ann", 1)
    # the links are kept with the party and come back with the server
    again = local_client(create_app(tmp_path, bot_delay=0))
    assert seat_link(again.get(links["Ann"]).text) == seat_of(app, party, "Ann", 2)
    assert signal(client, host, 2).status_code == 303
    assert "The party is over" in client.get(links["Ann"]).text
    assert client.get("/pl/" + "x" * 24).status_code == 404


def test_the_signal_sounds_only_once_confirmed(tmp_path):
    app, client, host, party = a_party(tmp_path)
    page = client.get(host).text
    assert "round 1 ends" in unescape(page) and "round 2 is seated" in unescape(page)
    asked = client.post(host + "/signal", follow_redirects=False)
    assert asked.status_code == 200
    text = unescape(asked.text)
    assert "Sound the signal for round 1?" in text and 'name="confirm" value="yes"' in asked.text
    assert text.count("is being played: 0 moves made") == len(party.party.current.tables)
    assert not party.party.rounds[0].complete and len(party.party.rounds) == 1
    assert client.post(host + "/signal", data={"confirm": "no"}).status_code == 200
    assert not party.party.rounds[0].complete
    assert signal(client, host, 1).status_code == 303 and party.party.rounds[0].complete
    again = signal(client, host, 1)  # a second press of the same confirmation does not end round 2
    assert again.status_code == 409 and "already sounded" in unescape(again.text)
    assert not party.party.rounds[1].complete
    foreign = client.post(host + "/signal", data={"confirm": "yes", "round": "2"},
                          headers={"origin": "http://evil.example"})
    assert foreign.status_code == 404 and not party.party.rounds[1].complete


def test_the_host_page_says_each_tables_state_in_words(tmp_path):
    app, client, host, party = a_party(tmp_path)
    store = app.app.state.store
    table = party.party.current.tables[0]
    game = party.games_of(store, 1, table.number)[0]
    while not game.game.is_over:
        game.apply(game.game.to_act, first_move(game.game).to_json(), confirm=True)
    text = unescape(client.get(host).text)
    assert "over: " not in text and "Game over" not in text
    won = " & ".join(table.sides[game.game.winner])
    assert f"The game was won by {won}." in text
    assert "The game is being played: 0 moves made." in text
    assert f"The game was won by {won}." in unescape(client.post(host + "/signal").text)  # and on the confirmation


def test_a_seat_page_is_moved_on_after_the_signal_with_its_own_link_alone(tmp_path):
    app, client, host, party = a_party(tmp_path)
    links = evening_links(client.get(host).text)
    tokens = {path.rsplit("/", 1)[1] for path in links.values()}
    store = app.app.state.store
    table = party.party.current.table_of("Ann")
    game = party.games_of(store, 1, table.number)[0]
    names = party.seat_names(table, game)
    seat = names.index("Ann")
    other = (seat + 1) % len(names)
    spectator = game.meta["spectator"]
    with client.websocket_connect(f"/ws/{game.meta['tokens'][seat]}") as ann, \
            client.websocket_connect(f"/ws/{game.meta['tokens'][other]}") as neighbour, \
            client.websocket_connect(f"/ws/{spectator}") as watcher:
        for ws in (ann, neighbour, watcher):
            assert [json.loads(text)["type"] for text in until_answered(ws)] == ["cards", "state", "error"]
        assert signal(client, host, 1).status_code == 303
        seen = {}
        for who, ws in (("Ann", ann), (names[other], neighbour)):
            texts = until_answered(ws)  # the game stopped, then the way on
            kinds = [json.loads(text) for text in texts]
            assert [k["type"] for k in kinds] == ["state", "moved", "error"] and kinds[0]["over"]
            assert kinds[1]["to"] == links[who]
            seen[who] = "".join(texts)
        assert [json.loads(text)["type"] for text in until_answered(watcher)] == ["state", "error"]
    for who, text in seen.items():  # no page is sent another player's evening link
        assert [t for t in tokens if t in text] == [links[who].rsplit("/", 1)[1]]
    # a seat page that opens after the signal is moved on as soon as it connects
    with client.websocket_connect(f"/ws/{game.meta['tokens'][seat]}") as late:
        kinds = [json.loads(text) for text in until_answered(late)]
        assert [k["type"] for k in kinds] == ["cards", "state", "moved", "error"] and kinds[2]["to"] == links["Ann"]
    # and the seat of round 2 is its player's own: nothing moves it
    table2 = party.party.current.table_of("Ann")
    game2 = party.games_of(store, 2, table2.number)[0]
    seat2 = party.seat_names(table2, game2).index("Ann")
    with client.websocket_connect(f"/ws/{game2.meta['tokens'][seat2]}") as current:
        assert [json.loads(text)["type"] for text in until_answered(current)] == ["cards", "state", "error"]


def until_answered(ws) -> list[str]:
    """Every message the channel has queued for a page, then the error a bad message is answered with: what
    came before that error is all the page was sent (nothing is waited for that may never come)."""
    ws.send_text("not a message")
    texts = [ws.receive_text()]
    while json.loads(texts[-1])["type"] != "error":
        texts.append(ws.receive_text())
    return texts


def test_a_party_set_up_before_evening_links_gets_them_when_the_server_starts(tmp_path):
    app, client, host, party = a_party(tmp_path)
    meta_file = party.folder / "meta.json"
    meta = json.loads(meta_file.read_text())
    del meta["players"]  # as an older touring wrote it
    meta_file.write_text(json.dumps(meta))
    again = local_client(create_app(tmp_path, bot_delay=0))
    links = evening_links(again.get(host).text)
    assert sorted(links) == sorted(NAMES)
    assert json.loads(meta_file.read_text())["players"]["Ann"] == links["Ann"].rsplit("/", 1)[1]  # kept
    assert again.get(links["Ann"]).status_code == 200


def test_another_game_at_a_table_moves_its_players_on_to_it(tmp_path):
    """A game won before the signal, and another begun at the table: its seat pages are led to the new game."""
    app, client, host, party = a_party(tmp_path)
    links = evening_links(client.get(host).text)
    store = app.app.state.store
    table = party.party.current.table_of("Ann")
    game = party.games_of(store, 1, table.number)[0]
    while not game.game.is_over:
        game.apply(game.game.to_act, first_move(game.game).to_json(), confirm=True)
    seat = party.seat_names(table, game).index("Ann")
    with client.websocket_connect(f"/ws/{game.meta['tokens'][seat]}") as ann:
        assert [json.loads(text)["type"] for text in until_answered(ann)] == ["cards", "state", "error"]
        made = client.post(f"{host}/again/{table.number}", follow_redirects=False)
        assert made.status_code == 303
        kinds = [json.loads(text) for text in until_answered(ann)]
        assert [k["type"] for k in kinds] == ["moved", "error"] and kinds[0]["to"] == links["Ann"]
    assert seat_link(client.get(links["Ann"]).text) == seat_of(app, party, "Ann", 1)
    assert seat_of(app, party, "Ann", 1) != f"/s/{game.meta['tokens'][seat]}"
