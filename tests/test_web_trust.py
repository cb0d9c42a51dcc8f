"""Trust at a shared server (issue 28): a lone surrogate in a move is refused in words; Host and Origin are
checked and links are made from the configured address; no server path is shown; the bounds on parties,
tables and signals; half-sent requests and unreadable handshakes are ended; a reader that stops reading
never holds up its table; an upload is checked in a child process while other tables play on."""
from __future__ import annotations

import asyncio
import contextlib
import json
import re
import socket
import time

import pytest

pytest.importorskip("starlette")

from touring_dsl.web.app import create_app  # noqa: E402
from touring_dsl.web.limits import Limits, PaceLimit  # noqa: E402
from web_support import LOCAL, Server, local_client, make_table, web_first_move  # noqa: E402

FORM = {"edition": "touring-1937", "players": "2", "seat0": "human", "seat1": "human"}
NAMES = "Ann, Bob, Cat, Dan"


def ws_url(seat_url: str) -> str:
    return seat_url.replace("http://", "ws://").replace("/s/", "/ws/").replace("/w/", "/ws/")


@pytest.fixture
def server(tmp_path):
    running = Server(tmp_path).start()
    yield running
    running.stop()


# -- a lone surrogate ------------------------------------------------------------------------------------------

def test_a_lone_surrogate_in_a_move_is_refused_in_words_and_the_channel_stays(server):
    websockets = pytest.importorskip("websockets.sync.client")
    table = make_table(server.base, "touring-1937", ["human", "human"], seed=5)
    with websockets.connect(ws_url(table["seats"][0])) as ws:
        ws.recv(timeout=20), ws.recv(timeout=20)
        for text in ('{"type": "move", "move": {"action": "play", "card": "\\ud800"}}',
                     '{"type": "move\\udfff", "move": {}}', '{"type": "ping", "x": "\\ud800"}'):
            ws.send(text)
            reply = json.loads(ws.recv(timeout=20))
            assert reply == {"type": "error", "message": reply["message"]} and "not Unicode" in reply["message"]
        ws.send(json.dumps({"type": "ping"}))
        ws.send("not json")
        assert "not JSON" in json.loads(ws.recv(timeout=20))["message"]  # the channel is still open
    assert "Traceback" not in server.stop()


# -- Host and Origin ------------------------------------------------------------------------------------------

def make_client(tmp_path, **options):
    app = create_app(tmp_path, bot_delay=0, **options)
    return app, local_client(app)


def test_a_request_for_another_host_is_refused(tmp_path):
    app, client = make_client(tmp_path)
    with client:
        assert client.get("/").status_code == 200
        for host in ("evil.example", "evil.example:8000", "127.0.0.1:9999", "127.0.0.1.evil.example:8000", ""):
            response = client.get("/", headers={"host": host})
            assert response.status_code == 400, host
        # DNS rebinding: the foreign page posts to its own (spoofed) name, Origin and Host agreeing
        response = client.post("/tables", data=FORM, headers={"host": "evil.example", "origin": "http://evil.example"})
        assert response.status_code == 400
        assert client.get("/", headers={"host": "localhost:8000"}).status_code == 200
        assert not app.app.state.store.tables


def test_a_state_changing_request_must_come_from_this_servers_page(tmp_path):
    app, client = make_client(tmp_path)
    with client:
        bare = client.post("/tables", data=FORM, headers={"origin": ""}, follow_redirects=False)
        assert bare.status_code == 403 and "only from this server" in bare.text
        null = client.post("/tables", data=FORM, headers={"origin": "null"}, follow_redirects=False)
        foreign = client.post("/parties", data={"edition": "touring-1937", "names": NAMES, "rounds": "1"},
                              headers={"origin": "http://evil.example"}, follow_redirects=False)
        assert null.status_code == 403 and foreign.status_code == 403
        assert not app.app.state.store.tables and not app.app.state.parties
        referred = client.post("/tables", data=FORM, follow_redirects=False,
                               headers={"origin": "", "referer": f"{LOCAL}/"})
        assert referred.status_code == 303


def test_links_are_made_from_the_configured_address_never_the_host_header(tmp_path):
    app, client = make_client(tmp_path)
    with client:
        made = client.post("/tables", data=FORM, follow_redirects=False, headers={"host": "localhost:8000",
                                                                                  "origin": "http://localhost:8000"})
        assert made.status_code == 303 and made.headers["location"].startswith("/h/")
        page = client.get(made.headers["location"], headers={"host": "localhost:8000"}).text
        links = re.findall(r'<a href="([^"]+)" data-seat', page)
        assert len(links) == 2 and all(link.startswith(f"{LOCAL}/s/") for link in links)


def test_a_server_open_to_the_network_answers_its_share_address_and_this_machine(tmp_path):
    _, client = make_client(tmp_path, address="http://0.0.0.0:8000", share_base="http://192.168.1.5:8000")
    with client:
        assert client.get("/", headers={"host": "192.168.1.5:8000"}).status_code == 200
        assert client.get("/", headers={"host": "127.0.0.1:8000"}).status_code == 200
        assert client.get("/", headers={"host": "0.0.0.0:8000"}).status_code == 400
        made = client.post("/tables", data=FORM, follow_redirects=False,
                           headers={"host": "192.168.1.5:8000", "origin": "http://192.168.1.5:8000"})
        assert made.status_code == 303
        page = client.get(made.headers["location"]).text
        assert "http://192.168.1.5:8000/s/" in page
        # the codes carry the address a phone on the network reaches, and no warning that none can
        assert page.count('<figure class="qr"') == 2 and 'id="local-only"' not in page
        assert "or let them scan its code" in page


def test_a_server_on_this_machine_alone_says_so_and_how_to_let_the_phones_in(tmp_path):
    """Its links lead to 127.0.0.1, which no phone reaches: the page says so plainly, shows no QR code of that
    address, and names the command that opens the server to the local network."""
    _, client = make_client(tmp_path)
    with client:
        made = client.post("/tables", data=FORM, follow_redirects=False)
        page = client.get(made.headers["location"]).text
        assert 'id="local-only"' in page and "touring serve --host 0.0.0.0" in page
        assert '<figure class="qr"' not in page and page.count("data-seat=") == 2
        assert "scan its code" not in page  # no code to scan: the page does not offer one


def test_a_websocket_from_another_sites_page_is_refused(tmp_path):
    from starlette.websockets import WebSocketDisconnect

    app, client = make_client(tmp_path)
    with client:
        client.post("/tables", data=FORM)
        token = next(iter(app.app.state.store.tables.values())).meta["tokens"][0]
        with client.websocket_connect(f"/ws/{token}") as ws:  # this server's own page
            assert json.loads(ws.receive_text())["type"] == "cards"
        with pytest.raises(WebSocketDisconnect):
            with client.websocket_connect(f"/ws/{token}", headers={"origin": "http://evil.example"}) as ws:
                ws.receive_text()


# -- no server paths ---------------------------------------------------------------------------------------------

def test_the_host_page_and_upload_errors_show_no_server_path(tmp_path):
    app, client = make_client(tmp_path)
    with client:
        made = client.post("/tables", data=FORM, follow_redirects=False)
        page = client.get(made.headers["location"]).text
        table = next(iter(app.app.state.store.tables.values()))
        assert str(tmp_path) not in page  # the data folder was given as an absolute path: it is not shown
        assert f"touring replay &lt;data&gt;/{table.id}/game.jsonl" in page
        for source in ('edition "x" extends "touring-1937" {\n  title "x"\n}\ndeck {\n  add card "Q" nonsense\n}\n',
                       'edition "x" extends "../../etc/passwd" {\n}\n', "\x00garbage {{{"):
            refused = client.post("/tables", data={**FORM, "source": source})
            assert refused.status_code == 400, refused.text
            assert str(tmp_path) not in refused.text and "/tmp/" not in refused.text


def test_the_host_page_names_the_log_by_the_data_folder_as_given(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = create_app("tables", bot_delay=0)
    with local_client(app) as client:
        page = client.get(client.post("/tables", data=FORM, follow_redirects=False).headers["location"]).text
        table = next(iter(app.app.state.store.tables.values()))
        assert f"touring replay tables/{table.id}/game.jsonl" in page


# -- limits -------------------------------------------------------------------------------------------------------

class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def network_client(tmp_path, pace=None, limits=None, address="198.51.100.9"):
    app = create_app(tmp_path, bot_delay=0, pace=pace or PaceLimit(), limits=limits)
    return app, local_client(app, client=(address, 40000))


def test_one_party_seats_a_bounded_number_of_players(tmp_path):
    app, client = network_client(tmp_path)
    with client:
        names = ", ".join(f"P{n}" for n in range(1000))
        response = client.post("/parties", data={"edition": "touring-1937", "names": names, "rounds": "1"})
        assert response.status_code == 400 and "at most 40 players" in response.text
        assert not app.app.state.store.tables and not app.app.state.parties


def test_the_hosts_signal_counts_against_the_pace_of_its_address(tmp_path):
    app, client = network_client(tmp_path, pace=PaceLimit(burst=3, per_minute=1, clock=Clock()))
    with client:
        made = client.post("/parties", data={"edition": "touring-1937", "names": NAMES, "rounds": "20"},
                           follow_redirects=False)
        assert made.status_code == 303
        host = made.headers["location"]
        assert [client.post(host + "/signal", data={"confirm": "yes"}, follow_redirects=False).status_code for _ in range(3)] == [303, 303, 429]
        party = next(iter(app.app.state.parties.values()))
        assert len(party.party.rounds) == 3  # the refused signal seated no round


def test_the_server_and_one_address_hold_a_bounded_number_of_tables(tmp_path):
    app, client = network_client(tmp_path, limits=Limits(tables=3))
    with client:
        assert [client.post("/tables", data=FORM, follow_redirects=False).status_code for _ in range(4)] == \
            [303, 303, 303, 429]
        refused = client.post("/tables", data=FORM)
        assert "this server is full" in refused.text and len(app.app.state.store.tables) == 3
    app, client = network_client(tmp_path / "b", limits=Limits(tables_per_address=2, parties_per_address=1))
    with client:
        assert [client.post("/tables", data=FORM, follow_redirects=False).status_code for _ in range(3)] == \
            [303, 303, 429]
        party = {"edition": "touring-1937", "names": NAMES, "rounds": "1"}
        assert client.post("/parties", data=party, follow_redirects=False).status_code == 429
        other = local_client(app, client=("198.51.100.10", 40000))
        assert other.post("/tables", data=FORM, follow_redirects=False).status_code == 303


def raw_connection(server, sent: bytes) -> socket.socket:
    connection = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    connection.sendall(sent)
    return connection


def ended_by_server(connection: socket.socket, within: float = 40.0) -> bytes:
    """Everything the server sent until it ended the connection; fails if it is still open after `within`."""
    connection.settimeout(within)
    received = b""
    try:
        while chunk := connection.recv(65536):
            received += chunk
    except ConnectionResetError:
        pass
    except TimeoutError:
        pytest.fail(f"the server kept the connection open; it sent {received[:200]!r}")
    finally:
        connection.close()
    return received


def test_idle_and_half_sent_requests_are_closed(server):
    silent = raw_connection(server, b"")
    half = raw_connection(server, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    body = raw_connection(server, b"POST /tables HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Length: 5000\r\n"
                                  b"Origin: http://127.0.0.1:%d\r\n"
                                  b"Content-Type: application/x-www-form-urlencoded\r\n\r\nedition=" % (server.port,
                                                                                                       server.port))
    for connection in (silent, half):
        assert ended_by_server(connection) == b""
    ended_by_server(body, within=60.0)  # a body never finished: ended too (BODY_SECONDS after its head)
    assert make_table(server.base, "touring-1937", ["human", "human"])["seats"][0]  # and the server serves


def test_a_websocket_handshake_with_a_long_request_line_is_answered_and_closed(server):
    handshake = (b"GET /ws/" + b"a" * 9000 + b" HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\n"
                 b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                 b"Sec-WebSocket-Version: 13\r\n\r\n" % server.port)
    answer = ended_by_server(raw_connection(server, handshake), within=20.0)
    assert re.match(rb"HTTP/1.1 4\d\d ", answer), answer[:200]


# -- a reader that stops reading --------------------------------------------------------------------------------

class Channel:
    """A WebSocket driven straight through the ASGI app, in the test's own event loop. A stalled channel
    never takes what the app sends it: its send waits for ever, as a browser that stopped reading does once
    the buffers between them are full."""

    def __init__(self, app, token: str, stalled: bool = False):
        self.to_app: asyncio.Queue = asyncio.Queue()
        self.from_app: asyncio.Queue = asyncio.Queue()
        self.stalled, self.sent = stalled, 0
        self.to_app.put_nowait({"type": "websocket.connect"})
        scope = {"type": "websocket", "path": f"/ws/{token}", "raw_path": f"/ws/{token}".encode(),
                 "headers": [(b"host", b"127.0.0.1:8000")], "query_string": b"", "scheme": "ws",
                 "server": ("127.0.0.1", 8000), "client": ("127.0.0.1", 50000), "root_path": "", "subprotocols": []}
        self.task = asyncio.create_task(app(scope, self.to_app.get, self.send))

    async def send(self, message) -> None:
        if message["type"] == "websocket.send" and self.stalled:
            self.sent += 1
            await asyncio.Event().wait()
        await self.from_app.put(message)

    async def receive(self) -> dict:
        while True:
            message = await asyncio.wait_for(self.from_app.get(), 20)  # a stalled table fails here
            if message["type"] == "websocket.send":
                return json.loads(message["text"])

    def move(self, state: dict) -> None:
        text = json.dumps({"type": "move", "move": web_first_move(state), "confirm": True})
        self.to_app.put_nowait({"type": "websocket.receive", "text": text})


def test_a_reader_that_never_reads_does_not_hold_up_its_table(tmp_path):
    """A spectator that never takes what it is sent: the four seats play a whole game, every position reaching
    every seat; the spectator's channel is closed once it falls behind (its page rejoins by its link)."""
    from touring_dsl.web.channel import QUEUE_LIMIT

    app = create_app(tmp_path, bot_delay=0)
    with local_client(app) as client:
        client.post("/tables", data={**FORM, "players": "4", "seat2": "human", "seat3": "human", "seed": "11"})
    table = next(iter(app.app.state.store.tables.values()))

    async def play() -> int:
        stalled = Channel(app, table.meta["spectator"], stalled=True)
        seats = [Channel(app, token) for token in table.meta["tokens"]]
        last = []
        for seat in seats:
            await seat.receive()
            last.append(await seat.receive())
        moves = 0
        while not last[0]["over"]:
            seats[last[0]["to_act"]].move(last[last[0]["to_act"]])
            last = [await seat.receive() for seat in seats]
            moves += 1
        connected = app.app.state.hub.connections[table.id]
        assert sorted(connection.seat for connection in connected) == [0, 1, 2, 3]  # the spectator was dropped
        for channel in seats:
            channel.to_app.put_nowait({"type": "websocket.disconnect", "code": 1000})
        await asyncio.wait_for(asyncio.gather(*(channel.task for channel in seats)), 20)
        stalled.task.cancel()
        return moves

    moves = asyncio.run(play())
    assert moves > QUEUE_LIMIT + 2 and table.game.is_over


def test_a_stalled_reader_over_a_real_socket_is_ended_and_its_table_plays_on(tmp_path):
    """The same over uvicorn and a real socket that never reads after its handshake. The server's buffers
    for it are made small here (as a long game on a phone that stopped reading fills them), so that its
    queue fills within one game."""
    websockets = pytest.importorskip("websockets.sync.client")
    import threading

    import httpx
    import uvicorn

    from touring_dsl.web.protocols import BoundedWebSocketProtocol, TimedHttpProtocol
    from web_support import free_port

    class SmallBuffers(BoundedWebSocketProtocol):
        def connection_made(self, transport) -> None:
            transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
            transport.set_write_buffer_limits(high=4096)
            super().connection_made(transport)

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    app = create_app(tmp_path, bot_delay=0, address=base)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, http=TimedHttpProtocol,
                                           ws=SmallBuffers, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.05)
        httpx.post(base + "/tables", headers={"origin": base},
                   data={**FORM, "players": "4", "seat2": "human", "seat3": "human", "seed": "11"})
        table = next(iter(app.app.state.store.tables.values()))
        stalled = socket.socket()
        stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
        stalled.connect(("127.0.0.1", port))
        stalled.sendall(f"GET /ws/{table.meta['spectator']} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                        f"Upgrade: websocket\r\nConnection: Upgrade\r\n"
                        f"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
        with contextlib.ExitStack() as opened:
            channels = [opened.enter_context(websockets.connect(f"ws://127.0.0.1:{port}/ws/{token}"))
                        for token in table.meta["tokens"]]
            last = []
            for ws in channels:
                ws.recv(timeout=20)
                last.append(json.loads(ws.recv(timeout=20)))
            while not last[0]["over"]:
                actor = last[0]["to_act"]
                channels[actor].send(json.dumps({"type": "move", "move": web_first_move(last[actor]),
                                                 "confirm": True}))
                last = [json.loads(ws.recv(timeout=20)) for ws in channels]  # a stalled table fails here
        assert not any(c.seat is None for c in app.app.state.hub.connections.get(table.id, ()))
        ended_by_server(stalled, within=20.0)  # ended by the server, long before its pings time out
    finally:
        server.should_exit = True
        thread.join(timeout=30)


# -- an upload while tables play ----------------------------------------------------------------------------------

def long_names_edition(length: int = 15500, alphabet: int = 160) -> str:
    """A house rule of about 62 KB: a card with a long name and an example naming another long name, unknown."""
    import random

    rng = random.Random(7)
    letters = [chr(c) for c in range(0x100, 0x100 + alphabet)]
    known = "".join(rng.choice(letters) for _ in range(length))
    unknown = "".join(rng.choice(letters) for _ in range(length))
    return (f'edition "long-names" extends "touring-1937" {{\n    title "Long names"\n}}\n\n'
            f'deck {{\n    add card "{known}" remedy count 1\n}}\n\n'
            f'example "x" {{\n    given {{\n        hand 1 "{unknown}"\n    }}\n}}\n')


def test_the_did_you_mean_hint_compares_only_bounded_names(monkeypatch):
    import difflib

    from touring_dsl.language.errors import SUGGESTED_AMONG, SUGGESTED_LENGTH, suggest

    compared = []
    real = difflib.get_close_matches
    monkeypatch.setattr(difflib, "get_close_matches",
                        lambda word, possibilities, **kw: compared.append((word, list(possibilities))) or
                        real(word, possibilities, **kw))
    assert suggest("x" * 20000, ["x" * 19999 + "y", "Go"]) is None
    suggest("Gasolene", ["y" * 20000, *(f"card {n}" for n in range(5000)), "Gasoline"])
    assert suggest("Gasolene", ["Gasoline", "Go"]) == 'did you mean "Gasoline"?'
    for word, candidates in compared:
        assert len(word) <= SUGGESTED_LENGTH and len(candidates) <= SUGGESTED_AMONG
        assert all(len(c) <= SUGGESTED_LENGTH for c in candidates)


def test_an_upload_is_checked_in_a_child_process_with_a_time_limit(tmp_path):
    from touring_dsl.web.editions import EditionRefused
    from touring_dsl.web.upload import TOO_LONG, UploadCompiler

    text = long_names_edition()
    assert 60_000 < len(text.encode()) <= 64 * 1024

    async def check(compiler):
        try:
            await compiler.check(text)
        except EditionRefused as exc:
            return str(exc)
        return "compiled"

    words = asyncio.run(check(UploadCompiler()))
    assert "error[E200]: unknown card" in words  # the located errors, as `touring check` shows them
    assert asyncio.run(check(UploadCompiler(seconds=0.01))) == TOO_LONG  # killed: a clear refusal


def test_tables_play_on_while_uploads_are_checked(server):
    """Two 62 KB uploads are sent at once; ten tables keep playing while they are checked: each table has
    moves answered between the uploads' sending and their answers (checked on the event loop, as before,
    the uploads let each table make 3 or 4 moves; checked in a child process, about 60)."""
    websockets = pytest.importorskip("websockets")
    httpx = pytest.importorskip("httpx")
    tables = [make_table(server.base, "touring-1937", ["human", "human"], seed=40 + n) for n in range(10)]
    text = long_names_edition()

    async def upload(client):
        response = await client.post(server.base + "/tables", data={**FORM, "source": text}, files={"upload": ("", b"")},
                                     headers={"origin": server.base}, timeout=120)
        assert response.status_code == 400 and "unknown card" in response.text, re.findall(r"<pre>(.*?)</pre>", response.text, re.S)

    async def play(seats, pending: asyncio.Event, counted: list):
        channels = [await websockets.connect(ws_url(url), max_size=1 << 22) for url in seats]
        try:
            last = []
            for ws in channels:
                await ws.recv()
                last.append(json.loads(await ws.recv()))
            pending.set()
            while not last[0]["over"]:
                actor = last[0]["to_act"]
                await channels[actor].send(json.dumps({"type": "move", "move": web_first_move(last[actor]),
                                                       "confirm": True}))
                last = [json.loads(await asyncio.wait_for(ws.recv(), 60)) for ws in channels]
                counted.append(time.monotonic())
                if uploads_done.is_set():
                    return
        finally:
            for ws in channels:
                await ws.close()

    async def main():
        global uploads_done
        uploads_done = asyncio.Event()
        ready = [asyncio.Event() for _ in tables]
        counts = [[] for _ in tables]
        players = [asyncio.create_task(play(t["seats"], r, c)) for t, r, c in zip(tables, ready, counts)]
        for event in ready:
            await event.wait()
        for count in counts:
            count.clear()
        async with httpx.AsyncClient() as client:
            await asyncio.gather(upload(client), upload(client))
        uploads_done.set()
        await asyncio.gather(*players)
        return counts

    counts = asyncio.run(main())
    assert all(len(count) >= 10 for count in counts), [len(count) for count in counts]


def test_an_uploaded_house_rule_that_compiles_makes_a_table(tmp_path):
    """The child process's Ruleset is the one the table plays (the store does not compile it again)."""
    from pathlib import Path

    from touring_dsl.web import editions

    source = (Path(__file__).parent.parent / "editions" / "house" / "short-race-1937.touring").read_text()
    app, client = make_client(tmp_path)
    with client:
        made = client.post("/tables", data={**FORM, "source": source}, follow_redirects=False)
        assert made.status_code == 303, made.text
        table = next(iter(app.app.state.store.tables.values()))
        assert table.ruleset is editions._CHECKED[editions._digest(source)]
        assert table.ruleset.id != "touring-1937"


def test_behind_a_reverse_proxy_the_public_address_is_answered_and_used(tmp_path):
    _, client = make_client(tmp_path, share_base="https://games.example.org")
    with client:
        public = {"host": "games.example.org", "origin": "https://games.example.org"}
        made = client.post("/tables", data=FORM, headers=public, follow_redirects=False)
        assert made.status_code == 303
        page = client.get(made.headers["location"], headers=public).text
        assert "https://games.example.org/s/" in page
        assert client.get("/", headers={"host": "games.example.org.evil.example"}).status_code == 400
        assert client.post("/tables", data=FORM, headers={**public, "origin": "http://games.example.org"},
                           follow_redirects=False).status_code == 403  # another scheme is another origin


def test_a_partys_evening_codes_follow_the_address_the_phones_can_reach(tmp_path):
    names = "Ann, Bob, Cat, Dan"
    for options, codes in (({}, 0), ({"address": "http://0.0.0.0:8000", "share_base": "http://192.168.1.5:8000"}, 4)):
        _, client = make_client(tmp_path / str(codes), **options)
        origin = options.get("share_base", LOCAL)
        with client:
            made = client.post("/parties", data={"edition": "touring-1937", "names": names, "rounds": "2"},
                               headers={"host": origin.split("//")[1], "origin": origin}, follow_redirects=False)
            page = client.get(made.headers["location"], headers={"host": origin.split("//")[1]}).text
        assert page.count('<figure class="qr"') == codes and page.count("data-evening=") == 4
        assert ('id="local-only"' in page) == (codes == 0)
        assert page.count(f'href="{origin}/pl/') == 4


def test_a_deal_number_too_long_is_called_too_long_not_not_whole(tmp_path):
    _, client = make_client(tmp_path)
    with client:
        page = client.post("/tables", data={**FORM, "seed": "9" * 23}).text
        assert "the deal number should have at most 12 digits" in page
        assert "whole number" not in page.split('class="error"')[1].split("</section>")[0]
        page = client.post("/tables", data={**FORM, "seed": "-1"}).text
        assert "the deal number should be a whole number" in page


def test_the_host_page_says_who_plays_together(tmp_path):
    """Four players in two partnerships: each seat's link says its side and its partner's seat."""
    _, client = make_client(tmp_path)
    with client:
        made = client.post("/tables", data={**FORM, "edition": "mille-bornes", "players": "4", "seat2": "human",
                                            "seat3": "human"}, follow_redirects=False)
        page = client.get(made.headers["location"]).text
    assert re.findall(r'class="partners">([^<]+)<', page) == [
        "Side 1, with seat 3", "Side 2, with seat 4", "Side 1, with seat 1", "Side 2, with seat 2"]
