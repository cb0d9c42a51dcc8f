"""Start-up time: wall and CPU seconds (median of N runs) of commands that do little, such as `touring show`.

Usage: python benchmarks/bench_startup.py [--runs 7] [--code DIR] [--against DIR] [--source] [--json]
Each command runs as a fresh process, as a user would run it. The compiled-ruleset cache lives in a
temporary folder: one untimed run fills it ("warm", the usual case), and `show` is also timed with the
cache turned off ("no cache", what every first run of an edition pays). --code DIR runs the touring
code found in DIR (another checkout, say the commit before a change) with this Python; --against DIR
times DIR's code beside it, run for run in turn, so that a burst of load on a shared machine falls on
both alike. CPU seconds (the child's user + system time) are the steadier figure under load; the load
average is printed with them. A warm `show` or `check` reads its summary or id straight from the
cache, a warm `--help` its command list, and a warm one-game `simulate` its compiled tables, kernel and
measuring loop; measured figures: benchmarks/results/README.md.

Each code's package is byte-compiled first, as installing it does (as benchmarks/bench_simulate.py
does): where PYTHONDONTWRITEBYTECODE is set and the package is installed editable, every run would
otherwise compile its modules from source, a cost no installed copy pays. --source skips that, to time
the runs from source.
"""
from __future__ import annotations

import argparse
import compileall
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = {  # simulate first: the seating it keeps in the entry is there for the others to read past
    "touring simulate touring-1937 --games 1": ["simulate", "touring-1937", "--games", "1", "--players", "2", "--bots",
                                                "random,random", "--jobs", "1"],
    "touring show touring-1937": ["show", "touring-1937"],
    "touring check editions/": ["check", "editions/"],
    "touring editions": ["editions"],
    "touring --help": ["--help"],
}


def timed(command: list[str], env: dict) -> tuple[float, float]:
    """(wall, CPU) seconds of one run of a command; CPU is the child's user + system time."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, env=env, cwd=ROOT, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def touring(args: list[str]) -> list[str]:
    # -P: the working folder (ROOT, for `check editions/`) must not shadow the code under test
    return [sys.executable, "-P", "-c", "from touring_dsl.cli.app import main; main()", *args]


def code_env(cache: str, code: str | None, cached: bool = True) -> dict:
    env = {**os.environ, "XDG_CACHE_HOME": cache, "NO_COLOR": "1", "COLUMNS": "80"}
    env.pop("TOURING_NO_CACHE", None)
    if not cached:
        env["TOURING_NO_CACHE"] = "1"
    if code:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [code, env.get("PYTHONPATH")]))
    return env


def medians(samples: list[tuple[float, float]]) -> dict:
    return {"wall": statistics.median(w for w, _ in samples), "cpu": statistics.median(c for _, c in samples)}


def measure(runs: int, codes: list[str | None]) -> dict[str, dict[str, dict]]:
    """Command -> code (or "this code") -> median wall and CPU seconds; the codes take turns run by run."""
    cases = [(name, touring(args), True) for name, args in COMMANDS.items()]
    cases.append(("touring show touring-1937 (no cache)", touring(COMMANDS["touring show touring-1937"]), False))
    cases.append(("python -c pass", [sys.executable, "-c", "pass"], True))
    results: dict[str, dict[str, dict]] = {}
    with tempfile.TemporaryDirectory() as folder:
        caches = {code: tempfile.mkdtemp(dir=folder) for code in codes}
        for name, command, cached in cases:
            envs = {code: code_env(caches[code], code, cached) for code in codes}
            for env in envs.values():
                subprocess.run(command, env=env, cwd=ROOT, capture_output=True)  # untimed: fills the cache
            samples: dict = {code: [] for code in codes}
            for _ in range(runs):
                for code in codes:
                    samples[code].append(timed(command, envs[code]))
            results[name] = {code or "this code": medians(samples[code]) for code in codes}
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs per command (the median is reported)")
    parser.add_argument("--code", help="a checkout whose touring_dsl to run instead of this one")
    parser.add_argument("--against", help="a checkout whose touring_dsl to time beside it, run for run")
    parser.add_argument("--source", action="store_true", help="do not byte-compile the packages first")
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    codes = [options.code] + ([options.against] if options.against else [])
    if not options.source:
        for code in codes:
            compileall.compile_dir(str(Path(code or ROOT) / "touring_dsl"), quiet=1)
    load = os.getloadavg()[0]
    results = measure(options.runs, codes)
    if options.json:
        print(json.dumps({"load_average": load, "load_average_end": os.getloadavg()[0], "runs": options.runs,
                          "byte_compiled": not options.source, "results": results}, indent=2))
        return
    labels = [code or "this code" for code in codes]
    compiled = "run from source" if options.source else "packages byte-compiled first"
    print(f"median of {options.runs} runs, wall / CPU seconds, {compiled}; load average {load:.1f} at the start, "
          f"{os.getloadavg()[0]:.1f} at the end")
    print(f"  {'':<42}" + "".join(f"{label[-24:]:>26}" for label in labels))
    for name, by_code in results.items():
        cells = "".join(f"{by_code[label]['wall']:.3f} / {by_code[label]['cpu']:.3f}".rjust(26) for label in labels)
        print(f"  {name:<42}{cells}")


if __name__ == "__main__":
    main()
