"""Test support for the web tests: a real `touring serve` in a subprocess, tables made through its form,
and the "first move" policy both the browser players and the engine follow (so a seed sets up a scene)."""
from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from touring_dsl.play.table_view import sorted_hand


LOCAL = "http://127.0.0.1:8000"  # create_app's default address: the Host and Origin an in-process client uses


def local_client(app, **options):
    """A TestClient that asks for the server by the address it serves and posts from its own pages (the Host
    and Origin checks of web.security refuse TestClient's default "testserver")."""
    import warnings

    with warnings.catch_warnings():  # starlette's note that a newer httpx package exists
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    class LocalClient(TestClient):
        def websocket_connect(self, url: str, *args, **kwargs):  # TestClient names "testserver" unless told
            return super().websocket_connect(url if "://" in url else LOCAL.replace("http", "ws") + url, *args, **kwargs)

    return LocalClient(app, base_url=LOCAL, headers={"origin": LOCAL}, **options)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """`touring serve` on a free port of 127.0.0.1, keeping its tables in data."""

    def __init__(self, data: Path, port: int | None = None):
        self.data, self.port = data, port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None

    def start(self) -> "Server":
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from touring_dsl.cli.app import main; main()", "serve", "--port", str(self.port), "--data",
             str(self.data), "--bot-delay", "0"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, "NO_COLOR": "1"})
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"touring serve stopped: {self.process.stdout.read()}")
            try:
                httpx.get(self.base + "/", timeout=2)
                return self
            except httpx.HTTPError:
                time.sleep(0.2)
        raise RuntimeError("touring serve did not start within a minute")

    def kill(self) -> None:
        """Killed at once (SIGKILL): no chance to tidy anything, as in a power cut."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=30)

    def stop(self) -> str:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
        return self.process.stdout.read() if self.process and self.process.stdout else ""


def make_table(base: str, edition: str, kinds: list[str], seed: int | None = None,
               client: httpx.Client | None = None, length: str | None = None) -> dict:
    """A table made through the host's form: {"host": url, "seats": [url or None], "spectator": url}. length:
    "race" or "match" as the form's choice (None: not sent, and the form's default, a match, is made)."""
    client = client or httpx.Client()
    fields = {"edition": edition, "players": str(len(kinds)), "seed": "" if seed is None else str(seed)}
    if length is not None:
        fields["length"] = length
    fields.update({f"seat{seat}": kind for seat, kind in enumerate(kinds)})
    response = client.post(base + "/tables", data=fields, files={"upload": ("", b"")}, follow_redirects=False,
                           headers={"origin": base})
    assert response.status_code == 303, response.text
    host = base + response.headers["location"]
    page = client.get(host).text
    seats: list[str | None] = [None] * len(kinds)
    for url, seat in re.findall(r'<a href="([^"]+)" data-seat="(\d+)"', page):
        seats[int(seat)] = url
    spectator = re.search(r'<a href="([^"]+)" id="spectator-link"', page).group(1)
    return {"host": host, "seats": seats, "spectator": spectator, "page": page}


def first_move(game):
    """The move the browser test players make: a counter (or any other decision) first; else the first card
    of the hand, in the page's order, that can be played, with its first play; else discard the first card."""
    legal = game.legal_moves()
    decisions = [m for m in legal if m.action not in ("play", "discard")]
    if decisions:
        return ([m for m in decisions if m.action == "counter"] or decisions)[0]
    hand = sorted_hand(game.view(game.to_act), game.ruleset)
    for card in dict.fromkeys(hand):
        plays = [m for m in legal if m.card == card and m.action != "discard"]
        if plays:
            return plays[0]
    return next(m for m in legal if m.action == "discard" and m.card == hand[0])


def finish(table, limit=2000):
    """Plays a web table's game (race) to its end with first_move, every seat as a person would (no bot acts on
    its own); returns the table."""
    for _ in range(limit):
        if table.game.is_over:
            return table
        table.commit(table.game.to_act, first_move(table.game))
    raise AssertionError("the game did not end")


def web_first_move(state: dict) -> dict:
    """first_move as a page sees it: from the seat's own state message (its hand and legal moves)."""
    moves = state["moves"]
    decisions = [m for m in moves if m["action"] not in ("play", "discard")]
    if decisions:
        return ([m for m in decisions if m["action"] == "counter"] or decisions)[0]
    for card in dict.fromkeys(state["hand"]):
        plays = [m for m in moves if m["card"] == card and m["action"] != "discard"]
        if plays:
            return plays[0]
    return next(m for m in moves if m["action"] == "discard" and m["card"] == state["hand"][0])
