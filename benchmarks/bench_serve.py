"""Benchmark (not a test): `touring serve` under 50 tables of 4 seats driven by simulated WebSocket clients.

Starts a real server (a subprocess on 127.0.0.1), makes the tables through its form, opens one WebSocket
per seat and plays every table at once: the seat to act sends its move (the first play of the page's
order, as tests/web_support.first_move), and the time runs until every seat of the table has received
the new position. Prints the median and 99th percentile of that time, and the server's CPU and memory.
Bounded: each table plays at most --moves moves, then everything stops.

--upload: while the tables play, a 64 KB house rule with two long card names is uploaded again and again
(each is checked in a child process; the server's answer is awaited before the next is sent).
--slow-reader: a spectator of the first table does the WebSocket handshake and never reads again.

    .venv/bin/python benchmarks/bench_serve.py --tables 50 --seats 4 --moves 40 --think 1
    .venv/bin/python benchmarks/bench_serve.py --tables 50 --seats 4 --upload --slow-reader
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from web_support import Server, make_table, web_first_move  # noqa: E402


async def play_table(seat_urls: list[str], moves: int, think: float, latencies: list[float], rng) -> int:
    urls = [url.replace("http://", "ws://").replace("/s/", "/ws/") for url in seat_urls]
    channels = [await websockets.connect(url, max_size=1 << 22) for url in urls]
    try:
        last = []
        for ws in channels:
            await ws.recv()  # the card list
            last.append(json.loads(await ws.recv()))
        made = 0
        while made < moves and not last[0]["over"]:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))  # the player looks at the table first
            actor = last[0]["to_act"]
            move = web_first_move(last[actor])
            start = time.perf_counter()
            await channels[actor].send(json.dumps({"type": "move", "move": move, "confirm": True}))
            received = await asyncio.gather(*(receive(ws) for ws in channels))
            latencies.append(max(at for at, _ in received) - start)
            last = [state for _, state in received]
            made += 1
        return made
    finally:
        for ws in channels:
            await ws.close()


def long_names_edition() -> str:
    """A 62 KB house rule: a card with a long name and an example naming another long name (the "did you mean"
    hint compares the two), as tests/test_web_trust.py uploads."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from test_web_trust import long_names_edition as made

    return made()


async def keep_uploading(base: str, stop: asyncio.Event, answers: list[float]) -> None:
    text = long_names_edition()
    form = {"edition": "touring-1937", "players": "2", "seat0": "human", "seat1": "human", "source": text}
    async with httpx.AsyncClient(timeout=120) as client:
        while not stop.is_set():
            start = time.perf_counter()
            response = await client.post(base + "/tables", data=form, files={"upload": ("", b"")},
                                         headers={"origin": base})
            if response.status_code != 400 or "unknown card" not in response.text:
                raise RuntimeError(f"the upload was not checked as expected: {response.status_code}")
            answers.append(time.perf_counter() - start)


def stalled_reader(base: str, spectator_url: str) -> socket.socket:
    """A WebSocket handshake on the spectator's link, then nothing read ever again (a small receive buffer)."""
    host, port = base.split("://", 1)[1].split(":")
    reader = socket.socket()
    reader.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    reader.connect((host, int(port)))
    path = spectator_url.split(base, 1)[1].replace("/w/", "/ws/")
    reader.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    return reader


async def receive(ws) -> tuple[float, dict]:
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == "state":
            return time.perf_counter(), message
        raise RuntimeError(f"the server refused a move: {message}")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def main_async(args) -> None:
    with tempfile.TemporaryDirectory() as data:
        server = Server(Path(data)).start()
        try:
            with httpx.Client() as client:
                tables = [make_table(server.base, args.edition, ["human"] * args.seats, seed=1000 + i, client=client)
                          for i in range(args.tables)]
            pid = server.process.pid
            idle_rss = rss_mb(pid)
            latencies: list[float] = []
            cpu_before, wall_before = cpu_seconds(pid), time.perf_counter()
            rng = random.Random(1)
            reader = stalled_reader(server.base, tables[0]["spectator"]) if args.slow_reader else None
            stop, uploads = asyncio.Event(), []
            uploading = asyncio.create_task(keep_uploading(server.base, stop, uploads)) if args.upload else None
            client_cpu = time.process_time()
            played = await asyncio.gather(*(play_table(t["seats"], args.moves, args.think, latencies, rng)
                                            for t in tables))
            client_cpu = time.process_time() - client_cpu
            stop.set()
            if uploading is not None:
                await uploading
            if reader is not None:
                reader.close()
            wall = time.perf_counter() - wall_before
            cpu = cpu_seconds(pid) - cpu_before
            peak_rss = rss_mb(pid)
        finally:
            server.stop()
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
    print(f"{args.tables} tables x {args.seats} seats of {args.edition}, thinking {args.think} s a move: {sum(played)} moves in {wall:.1f} s "
          f"({sum(played) / wall:.0f} moves/s, {args.tables * args.seats} WebSockets)")
    print(f"move sent -> new position received by every seat: median {statistics.median(latencies) * 1000:.1f} ms, "
          f"p99 {p99 * 1000:.1f} ms, max {latencies[-1] * 1000:.1f} ms")
    print(f"server: {cpu:.1f} s CPU in {wall:.1f} s ({100 * cpu / wall:.0f}% of one core); "
          f"memory {idle_rss:.0f} MB with the tables made, {peak_rss:.0f} MB after play")
    print(f"clients (one process on the same machine): {client_cpu:.1f} s CPU")
    if args.upload:
        print(f"uploads of a 64 KB house rule checked meanwhile: {len(uploads)}, each answered in "
              f"{min(uploads):.1f} to {max(uploads):.1f} s" if uploads else "no upload was answered")
    if args.slow_reader:
        print("one spectator of the first table never read its channel")
    print("load:", Path("/proc/loadavg").read_text().strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--moves", type=int, default=40, help="moves per table at most")
    parser.add_argument("--edition", default="touring-1937")
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds a player looks before moving, on average (0: every table moves flat out)")
    parser.add_argument("--upload", action="store_true",
                        help="upload a 64 KB house rule over and over while the tables play")
    parser.add_argument("--slow-reader", action="store_true",
                        help="connect a spectator that never reads to the first table")
    args = parser.parse_args()
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
