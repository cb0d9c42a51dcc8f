"""Start-up time: wall seconds (median of N runs) of commands that do little, such as `touring show`.

Usage: python benchmarks/bench_startup.py [--runs 7] [--code DIR] [--json]
Each command runs as a fresh process, as a user would run it. The compiled-ruleset cache lives in a
temporary folder: one untimed run fills it ("warm", the usual case), and `show` is also timed with the
cache turned off ("no cache", what every first run of an edition pays). --code DIR runs the touring
code found in DIR (another checkout, say the commit before a change) with this Python, to compare.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = {
    "touring show touring-1937": ["show", "touring-1937"],
    "touring check editions/": ["check", "editions/"],
    "touring --help": ["--help"],
}


def wall_times(args: list[str], env: dict, runs: int) -> list[float]:
    # -P: the working folder (ROOT, for `check editions/`) must not shadow the code under test
    command = [sys.executable, "-P", "-c", "from touring_dsl.cli.app import main; main()", *args]
    subprocess.run(command, env=env, cwd=ROOT, capture_output=True)  # untimed: fills the cache
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, env=env, cwd=ROOT, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def measure(runs: int, code: str | None) -> dict:
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "XDG_CACHE_HOME": cache, "NO_COLOR": "1", "COLUMNS": "80"}
        env.pop("TOURING_NO_CACHE", None)
        if code:
            env["PYTHONPATH"] = os.pathsep.join(filter(None, [code, env.get("PYTHONPATH")]))
        results = {name: statistics.median(wall_times(args, env, runs)) for name, args in COMMANDS.items()}
        cold = {**env, "TOURING_NO_CACHE": "1"}
        results["touring show touring-1937 (no cache)"] = statistics.median(
            wall_times(COMMANDS["touring show touring-1937"], cold, runs))
        results["python -c pass"] = statistics.median(
            [_time([sys.executable, "-c", "pass"], env) for _ in range(runs)])
    return results


def _time(command: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(command, env=env, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs per command (the median is reported)")
    parser.add_argument("--code", help="a checkout whose touring_dsl to run instead of this one")
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    results = measure(options.runs, options.code)
    if options.json:
        print(json.dumps(results, indent=2))
        return
    print(f"median wall time of {options.runs} runs" + (f", code from {options.code}" if options.code else ""))
    for name, seconds in results.items():
        print(f"  {name:<42} {seconds:6.3f} s")


if __name__ == "__main__":
    main()
