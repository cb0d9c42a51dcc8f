"""Web stage, through the server: what seat 1 receives over HTTP and its live channel, refusals of bad
links and bad messages, and a real `touring serve` killed mid-game and started again."""
from __future__ import annotations

import contextlib
import json
import re
import subprocess
import sys

import pytest

pytest.importorskip("starlette")
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from touring_dsl.engine import Move  # noqa: E402
from touring_dsl.base.rng import Rng  # noqa: E402
from touring_dsl.bots.search.determinize import Belief  # noqa: E402
from touring_dsl.web.views import state_message  # noqa: E402
from touring_dsl.web.app import MAX_MESSAGE, create_app  # noqa: E402
from web_support import local_client, Server, first_move, make_table, web_first_move  # noqa: E402

SEED = 3141592653  # long enough that its digits cannot turn up by chance


@pytest.fixture
def client(tmp_path):
    app = create_app(tmp_path, bot_delay=0)
    with local_client(app) as running:
        running.store = app.app.state.store
        yield running


def new_table(client, edition, kinds, seed=SEED):
    response = client.post("/tables", data={"edition": edition, "players": str(len(kinds)), "seed": str(seed),
                                            **{f"seat{s}": k for s, k in enumerate(kinds)}},
                           follow_redirects=False)
    assert response.status_code == 303, response.text
    return next(t for t in client.store.tables.values() if response.headers["location"].endswith(t.meta["host"]))


def receive(ws):
    return json.loads(ws.receive_text())


def test_seat_one_never_receives_another_hand_the_draw_order_or_the_seed(client):
    """Four people play whole games; everything sent to seat 1 is kept and checked, message by message."""
    for edition, players in (("touring-1937", 4), ("mille-bornes", 2)):
        table = new_table(client, edition, ["human"] * players)
        tokens = table.meta["tokens"]
        secrets_of_others = [str(SEED), table.meta["host"], table.meta["spectator"], *tokens[1:]]
        seen = [client.get(f"/s/{tokens[0]}").text, client.get("/static/table.js").text,
                client.get(f"/rules/{tokens[0]}").text]
        sockets = [client.websocket_connect(f"/ws/{token}") for token in tokens]
        channels = [ws.__enter__() for ws in sockets]
        try:
            for ws in channels:
                receive(ws), receive(ws)  # the card list, the position
            moves = 0
            while not table.game.is_over and moves < 400:
                game = table.game
                seat = game.to_act
                channels[seat].send_text(json.dumps({"type": "move", "move": first_move(game).to_json(),
                                                     "confirm": True}))
                for other, ws in enumerate(channels):
                    message = receive(ws)
                    assert message["type"] == "state", message
                    if other == 0:
                        seen.append(json.dumps(message))
                        check_seat_one(message, game, table, moves)
                moves += 1
            assert table.game.is_over
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
        for text in seen:
            for secret in secrets_of_others:
                assert secret not in text


def check_seat_one(message, game, table, moves):
    """Seat 1's own hand, and nothing of the others' but their sizes; a draw is named only when it is its own;
    and the very message another deal of the cards seat 1 cannot see would have given."""
    if not game.is_over:
        other_deal = Belief(game.view(0)).sample(Rng(moves + 1))
        assert message == state_message(other_deal, 0, table.events, table.kinds, len(table.record.moves),
                                        match=table.match_state())  # the scores of races over: public
    assert message["hand"] == sorted(game.view(0).hand, key=[c.name for c in game.ruleset.deck].index)
    assert [s["hand_size"] for s in message["seats"]] == list(game.view(0).hand_sizes)
    assert set(message) == {"type", "seat", "players", "moves_made", "edition", "seats", "sides", "zone",
                            "discard_top", "discard_size", "draw_size", "turns", "to_act", "pending", "over",
                            "result", "log", "hand", "moves", "why", "status", "question", "last",
                            "match"}
    assert all(line.startswith("you drew") for line in message["log"] if "drew" in line)
    if game.to_act != 0:
        assert message["moves"] == []


def test_a_wrong_or_missing_token_is_refused_alike(client):
    table = new_table(client, "touring-1937", ["human", "human"])
    pages = [client.get(path) for path in ("/s/", "/s", "/ws/", "/h/", "/s/nothing", "/s/" + "x" * 24, "/s/" + table.meta["spectator"],
                                           "/h/" + table.meta["tokens"][0], "/w/" + table.meta["tokens"][0], "/r/" + table.meta["host"],
                                           "/rules/nothing")]
    assert {p.status_code for p in pages} == {404}
    assert len({p.text for p in pages}) == 1
    assert "touring-1937" not in pages[0].text and table.id not in pages[0].text
    for token in ("nothing", table.meta["host"], "a" * 5000):
        with pytest.raises(WebSocketDisconnect):
            with client.websocket_connect(f"/ws/{token}") as ws:
                ws.receive_text()
    assert client.get("/api/replay/" + table.meta["host"]).status_code == 404
    assert client.get("/api/replay/" + table.meta["tokens"][0]).status_code == 409  # not over: watch it live


def test_bad_messages_get_clear_errors_and_the_table_plays_on(client):
    table = new_table(client, "touring-1937", ["human", "human"])
    tokens = table.meta["tokens"]
    with client.websocket_connect(f"/ws/{tokens[0]}") as me, client.websocket_connect(f"/ws/{tokens[1]}") as other:
        for ws in (me, other):
            receive(ws), receive(ws)
        hand = table.game.view(1).hand
        cases = {
            "{not json": "not JSON",
            '{"type": "move", "move": ' + "[" * 1500 + "]" * 1500 + "}": "nested too deeply",
            "x" * (MAX_MESSAGE + 1): "longer than",
            json.dumps([1, 2]): "expected",
            json.dumps({"type": "shout"}): "expected",
            json.dumps({"type": "move", "move": {"action": 7}}): "not a move",
            json.dumps({"type": "move", "move": {"action": "play", "card": "Nothing", "target": 0}}): "no Nothing",
            json.dumps({"type": "move", "move": {"action": "play", "card": "Go", "target": 99}}): "there is no side 100",
        }
        for text, expected in cases.items():
            me.send_text(text)
            error = receive(me)
            assert error["type"] == "error" and expected in error["message"], (text[:40], error)
        me.send_bytes(b"\x00\x01binary")
        assert "not binary" in receive(me)["message"]
        # seat 2 cannot move for seat 1, whatever the message says
        other.send_text(json.dumps({"type": "move", "seat": 0, "move": Move("discard", hand[0]).to_json()}))
        assert receive(other) == {"type": "error", "message": "it is player 1's turn, not yours"}
        assert len(table.record.moves) == 0
        me.send_text(json.dumps({"type": "move", "move": first_move(table.game).to_json()}))
        assert receive(me)["moves_made"] == 1 and receive(other)["moves_made"] == 1


def test_the_host_form_offers_every_bot_the_server_accepts(client):
    from touring_dsl.bots.players import BOTS

    offered = set(re.findall(r'<select id="seat0" name="seat0">(.*?)</select>', client.get("/").text)[0]
                  .split("</option>"))
    for kind in BOTS:
        assert any(f'value="{kind}"' in option for option in offered), kind


def test_the_host_form_refuses_bad_tables_with_the_reason(client):
    bad = {"edition": "touring-1937", "players": "5", "seat0": "human"}
    response = client.post("/tables", data=bad)
    assert response.status_code == 400 and "not 5" in response.text
    response = client.post("/tables", data={"players": "2", "seat0": "human", "seat1": "human",
                                            "source": 'edition "x" extends "../editions/touring-1937.touring" {\n}'})
    assert response.status_code == 400 and "error[E205]" in response.text and "&quot;../editions" in response.text
    response = client.post("/tables", data={"players": "2", "seat0": "robot", "seat1": "human",
                                            "edition": "touring-1937"})
    assert response.status_code == 400 and "no player kind" in response.text
    response = client.post("/tables", data={"players": "2", "seat0": "human", "seat1": "human"},
                           files={"upload": ("big.touring", b"#" * (64 * 1024 + 1))})
    assert response.status_code == 400 and "larger than 64 KB" in response.text
    response = client.post("/tables", content=b"x" * 300_000, headers={"content-type": "multipart/form-data; b=1"})
    assert response.status_code == 413 and "too large" in response.text
    response = client.post("/tables", data={"players": "2", "edition": "touring-1937"},
                           headers={"origin": "http://elsewhere.example"})
    assert response.status_code == 403
    assert client.store.tables == {}
    page = client.get("/")
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert "<script>" not in page.text


def test_a_killed_server_brings_every_game_back_at_its_last_move(tmp_path):
    """A real `touring serve`, killed (SIGKILL) in the middle of two games, then started again."""
    websockets = pytest.importorskip("websockets.sync.client")
    server = Server(tmp_path).start()
    try:
        tables = [make_table(server.base, "touring-1937", ["human", "human"], seed=21),
                  make_table(server.base, "mille-bornes", ["human", "greedy"], seed=22)]
        before = []
        for table, moves in zip(tables, (9, 4)):
            states = play_over_the_wire(websockets, table["seats"], moves)
            before.append(states)
    finally:
        server.kill()
    server = Server(tmp_path, server.port).start()
    try:
        for table, states in zip(tables, before):
            for seat, url in enumerate(table["seats"]):
                if url is None:
                    continue
                with websockets.connect(ws_url(url)) as ws:
                    json.loads(ws.recv(timeout=20))
                    again = json.loads(ws.recv(timeout=20))
                    assert again == states[seat]
        play_over_the_wire(websockets, tables[0]["seats"], 1)  # and the game goes on
    finally:
        output = server.stop()
    assert "table" in output
    logs = sorted(tmp_path.glob("*/game.jsonl"))
    assert len(logs) == 2
    for log in logs:
        checked = subprocess.run([sys.executable, "-c", "from touring_dsl.cli.app import main; main()", "replay",
                                  str(log)], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr


def ws_url(seat_url: str) -> str:
    return seat_url.replace("http://", "ws://").replace("/s/", "/ws/")


def play_over_the_wire(websockets, seat_urls, moves: int) -> list:
    """Play `moves` moves of the people's seats with first_move (bots answer on their own); returns each
    seat's last position."""
    from touring_dsl.language.archive import load
    from touring_dsl.engine import new_game

    with contextlib.ExitStack() as stack:
        channels = {seat: stack.enter_context(websockets.connect(ws_url(url)))
                    for seat, url in enumerate(seat_urls) if url}
        last = {}
        for seat, ws in channels.items():
            json.loads(ws.recv(timeout=20))
            last[seat] = json.loads(ws.recv(timeout=20))
        for _ in range(moves):
            state = last[min(channels)]
            actor = state["to_act"]
            while actor not in channels:  # a bot's turn: wait for its move
                for seat, ws in channels.items():
                    last[seat] = json.loads(ws.recv(timeout=20))
                actor = last[min(channels)]["to_act"]
            move = web_first_move(last[actor])
            channels[actor].send(json.dumps({"type": "move", "move": move, "confirm": True}))
            for seat, ws in channels.items():
                last[seat] = json.loads(ws.recv(timeout=20))
        while not last[min(channels)]["over"] and last[min(channels)]["to_act"] not in channels:
            for seat, ws in channels.items():  # the bots' answers, up to a person's turn
                last[seat] = json.loads(ws.recv(timeout=20))
        return [last.get(seat) for seat in range(len(seat_urls))]


def test_serve_opened_to_the_network_says_so_with_the_address(tmp_path):
    from web_support import free_port

    port = free_port()
    process = subprocess.Popen([sys.executable, "-c", "from touring_dsl.cli.app import main; main()", "serve",
                                "--host", "0.0.0.0", "--port", str(port), "--data", str(tmp_path)],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        first = process.stdout.readline()
    finally:
        process.terminate()
        process.wait(timeout=30)
    assert first.startswith("Open to the local network") and f":{port}" in first


def test_serve_refuses_a_data_folder_that_is_a_file(tmp_path):
    from typer.testing import CliRunner

    from touring_dsl.cli.app import app

    target = tmp_path / "a-file"
    target.write_text("x")
    result = CliRunner().invoke(app, ["serve", "--data", str(target)])
    assert result.exit_code == 2 and "is not a folder" in result.output


def test_serve_on_a_port_in_use_says_so(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run([sys.executable, "-c", "from touring_dsl.cli.app import main; main()", "serve",
                                 "--port", str(port), "--data", str(tmp_path)], capture_output=True, text=True,
                                timeout=120)
    assert result.returncode == 1 and "is another server using it?" in result.stderr


def test_the_spectator_sees_every_move_and_no_hand_and_cannot_move(client):
    table = new_table(client, "touring-1937", ["human", "greedy"])
    with client.websocket_connect(f"/ws/{table.meta['spectator']}") as screen, \
            client.websocket_connect(f"/ws/{table.meta['tokens'][0]}") as me:
        receive(screen), receive(me), receive(me)
        shown = receive(screen)
        assert shown["seat"] is None and shown["hand"] == [] and shown["moves"] == [] and shown["why"] == {}
        screen.send_text(json.dumps({"type": "move", "move": first_move(table.game).to_json()}))
        assert receive(screen) == {"type": "error", "message": "a spectator cannot make moves"}
        me.send_text(json.dumps({"type": "move", "move": first_move(table.game).to_json()}))
        assert receive(screen)["moves_made"] == 1
        assert receive(screen)["moves_made"] == 2  # the bot's answer reaches the screen too
