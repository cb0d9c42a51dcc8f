"""The workshop's check, timed: how long after an author pauses the editor has its diagnostics.

Usage: python benchmarks/bench_workshop.py [--lines N] [--checks N] [--pause S]
Starts `touring serve` on a free port (a data folder of its own, removed after), makes an edition of about
N lines (a house rule of the first archive edition with notes added until it is that long, and one
misspelt card name, so the check has an error to locate), and posts it to /workshop/api/check as the
editor does, `--checks` times, waiting `--pause` seconds between (an author typing, then pausing: the
server's spare child is ready again). Prints the round trip (request to JSON answer) p50, p95 and max, and
the compile alone (the same check in this process) for comparison.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import httpx  # noqa: E402

from web_support import Server  # noqa: E402
from touring_dsl.language.archive import load  # noqa: E402
from touring_dsl.language.locate import archive_ids  # noqa: E402
from touring_dsl.web.workshop_tasks import check  # noqa: E402


def edition_of(lines: int) -> str:
    parent = load(archive_ids()[0])
    card = parent.deck[0].name
    head = [f'edition "bench" extends "{parent.id}" {{', '    title "Bench"', "}", "deck {",
            f'    change card "{card}x" count 3', "}", "notes {"]
    notes = [f'    add note "Note {n}: our table says so."' for n in range(lines)]
    return "\n".join(head + notes[:max(0, lines - len(head) - 1)] + ["}"]) + "\n"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lines", type=int, default=1000)
    parser.add_argument("--checks", type=int, default=40)
    parser.add_argument("--pause", type=float, default=1.0)
    args = parser.parse_args()
    text = edition_of(args.lines)
    with tempfile.TemporaryDirectory() as folder:
        alone = []
        for _ in range(5):
            start = time.perf_counter()
            answer = check(text, Path(folder), {})
            alone.append(time.perf_counter() - start)
        assert answer["diagnostics"], "the edition should have one error to locate"
        server = Server(Path(folder) / "data").start()
        try:
            trips = []
            with httpx.Client(base_url=server.base, headers={"origin": server.base}, timeout=60) as client:
                for _ in range(args.checks):
                    time.sleep(args.pause)
                    start = time.perf_counter()
                    response = client.post("/workshop/api/check", content=json.dumps({"text": text}))
                    trips.append(time.perf_counter() - start)
                    assert response.status_code == 200 and response.json()["diagnostics"], response.text
        finally:
            server.stop()
    milliseconds = lambda s: f"{s * 1000:.0f} ms"  # noqa: E731
    print(f"edition: {len(text.splitlines())} lines, {len(text.encode()) // 1024} KB; {args.checks} checks, "
          f"{args.pause} s apart")
    print(f"compile alone (in process, warm): median {milliseconds(statistics.median(alone[1:]))}")
    print(f"round trip through the server: p50 {milliseconds(percentile(trips, 0.5))}, "
          f"p95 {milliseconds(percentile(trips, 0.95))}, max {milliseconds(max(trips))}")


if __name__ == "__main__":
    main()
