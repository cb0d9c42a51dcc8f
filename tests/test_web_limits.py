"""Limits that keep a shared server usable: the pace limit on making tables and parties (web.limits), by which
a visitor from the network is refused after its burst, with the wait in words, and the refusal makes nothing,
while the host's own machine is never limited; and a thinking bot, which never holds up the server."""
from __future__ import annotations

import json
import threading

import pytest

pytest.importorskip("starlette")

from touring_dsl.web.app import create_app  # noqa: E402
from touring_dsl.web.limits import PaceLimit, is_loopback, refusal_words  # noqa: E402
from web_support import local_client, first_move  # noqa: E402

FORM = {"edition": "touring-1937", "players": "2", "seat0": "human", "seat1": "greedy"}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def app_with(tmp_path, clock, address):
    app = create_app(tmp_path, bot_delay=0, pace=PaceLimit(burst=3, per_minute=2, clock=clock))
    return app, local_client(app, client=(address, 40000))


def test_a_network_visitor_is_refused_after_its_burst_and_may_make_more_later(tmp_path):
    clock = Clock()
    app, client = app_with(tmp_path, clock, "203.0.113.7")
    with client:
        made = [client.post("/tables", data=FORM, follow_redirects=False).status_code for _ in range(3)]
        refused = client.post("/tables", data=FORM, follow_redirects=False)
        assert made == [303, 303, 303]
        assert refused.status_code == 429
        assert "too many tables made from your address; try again in 30 seconds" in refused.text
        assert len(app.app.state.store.tables) == 3  # the refusal made nothing
        clock.now += 31  # two a minute: one more after half a minute
        assert client.post("/tables", data=FORM, follow_redirects=False).status_code == 303
        assert client.post("/tables", data=FORM, follow_redirects=False).status_code == 429


def test_parties_count_against_the_same_bucket(tmp_path):
    clock = Clock()
    _, client = app_with(tmp_path, clock, "198.51.100.2")
    with client:
        for _ in range(3):
            assert client.post("/tables", data=FORM, follow_redirects=False).status_code == 303
        party = client.post("/parties", data={"edition": "touring-1937", "names": "Ann\nBob\nCy\nDi", "rounds": "2"},
                            follow_redirects=False)
        assert party.status_code == 429 and "too many tables" in party.text


def test_the_hosts_own_machine_is_never_limited(tmp_path):
    _, client = app_with(tmp_path, Clock(), "127.0.0.1")
    with client:
        assert {client.post("/tables", data=FORM, follow_redirects=False).status_code for _ in range(6)} == {303}


def test_one_address_does_not_spend_anothers_bucket():
    clock = Clock()
    pace = PaceLimit(burst=1, per_minute=1, clock=clock)
    assert pace.wait("192.0.2.1") == 0 and pace.wait("192.0.2.1") == pytest.approx(60)
    assert pace.wait("192.0.2.2") == 0


@pytest.mark.parametrize("host, loop", [("127.0.0.1", True), ("::1", True), ("10.0.0.1", False),
                                        ("testclient", False), (None, False)])
def test_loopback(host, loop):
    assert is_loopback(host) is loop


def test_the_wait_is_said_in_minutes_when_long():
    assert refusal_words(600) == "too many tables made from your address; try again in 10 minutes"


def test_a_thinking_bot_leaves_the_server_free(tmp_path):
    """Any bot thinks off the event loop: a page is served while the bot to act is still choosing."""
    release, finished = threading.Event(), threading.Event()
    app = create_app(tmp_path, bot_delay=0)
    with local_client(app) as client:
        store = app.app.state.store
        original = None

        def slow_choose(view, legal, rng):
            release.wait(timeout=10)  # a long search, until the test lets it go
            move = original(view, legal, rng)
            finished.set()
            return move

        # the bot seat is given its slow mind before it is woken: seat 1 acts after the person's first move
        response = client.post("/tables", data={"edition": "touring-1937", "players": "2", "seat0": "human",
                                                "seat1": "greedy"}, follow_redirects=False)
        table = next(iter(store.tables.values()))
        original = table.bots[1].choose
        table.bots[1].choose = slow_choose
        with client.websocket_connect(f"/ws/{table.meta['tokens'][0]}") as ws:
            ws.receive_text()
            ws.send_text(json.dumps({"type": "move", "move": first_move(table.game).to_json()}))
            served = client.get(response.headers["location"])
            assert served.status_code == 200 and not finished.is_set()
            release.set()
        assert finished.wait(timeout=10)
