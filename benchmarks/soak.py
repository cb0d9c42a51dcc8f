"""Reliability soak: tens of thousands of hostile inputs through the generators of tests/test_reliability.py.

Usage: python benchmarks/soak.py [--cases 40000] [--minutes 12] [--seed 1] [--json]

Each kind of input (mutated editions, text drawn from the grammar, arbitrary bytes, corrupted game logs,
corrupted party saves, hostile strings into the Markdown and HTML renderers, and a few into the PDF)
gets its share of the cases and of the time; a kind stops early when its time is up, so the run is
bounded. A case passes when it gives a clear error (TouringError, LogError, PartyError) or a good
result; an edition the compiler accepts must also deal, play and print. Anything else is a failure,
counted by exception type with its first example kept. Exit status 1 if any case failed.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import test_reliability as rel  # noqa: E402  (the generators and properties the CI suite uses)

# kind -> (share of the cases, share of the time)
SHARES = {"mutated editions": (0.40, 0.35), "grammar text": (0.08, 0.07), "arbitrary bytes": (0.12, 0.05),
          "corrupted logs": (0.15, 0.15), "corrupted party saves": (0.12, 0.10),
          "markdown and html": (0.13, 0.13), "pdf": (0.01, 0.15)}


class TimeUp(Exception):
    """A kind's share of the time is spent."""


class Kind:
    def __init__(self, name: str, cases: int, seconds: float) -> None:
        self.name, self.cases, self.seconds = name, max(1, int(cases)), seconds
        self.run = 0
        self.outcomes: Counter = Counter()
        self.failures: Counter = Counter()
        self.first_failure: dict[str, str] = {}
        self.started = time.perf_counter()

    def out_of_time(self) -> bool:
        return time.perf_counter() - self.started > self.seconds

    def case(self, check, value) -> None:
        if self.out_of_time():
            raise TimeUp  # ends the kind's run: generating the cases left would take time of its own
        self.run += 1
        try:
            self.outcomes[check(value) or "ok"] += 1
        except Exception as exc:  # noqa: BLE001 - a failure is counted and kept, and the soak goes on
            name = type(exc).__name__
            self.failures[name] += 1
            self.first_failure.setdefault(name, f"{value!r:.400}\n{traceback.format_exc(limit=6)}")

    def figures(self) -> dict:
        return {"cases": self.run, "seconds": round(time.perf_counter() - self.started, 1),
                "outcomes": dict(self.outcomes), "failures": dict(self.failures),
                "first_failure": self.first_failure}


def drive(kind: Kind, strategy, check, seed: int) -> None:
    @settings(max_examples=kind.cases, deadline=None, suppress_health_check=list(HealthCheck), database=None,
              phases=[Phase.generate])
    @given(strategy)
    def each(value) -> None:
        kind.case(check, value)

    each._hypothesis_internal_use_seed = seed
    try:
        each()
    except TimeUp:
        pass


def edition_check(text: str) -> str:
    ruleset = rel.compiles_or_says_why(text)
    if ruleset is None:
        return "refused"
    rel.plays_and_prints(ruleset, moves=60)
    return "compiled, played and printed"


def grammar_check(text: str) -> str:
    return "compiled" if rel.compiles_or_says_why(text) is not None else "refused"


def log_check(text: str) -> str:
    try:
        record = rel.gamelog.parse(text, "corrupt.jsonl")
    except rel.LogError:
        return "refused"
    try:
        rel.gamelog.rebuild(record, rel.load(record.header["edition"]))
    except (rel.LogError, rel.gamelog.Mismatch, rel.TouringError):
        return "read, then refused on replay"
    return "read and replayed"


def save_check(text: str, folder=Path(os.environ.get("TMPDIR", "/tmp"))) -> str:
    path = folder / f"touring-soak-{os.getpid()}.json"
    path.write_text(text, encoding="utf-8")
    try:
        party = rel.party_save.load(path)
    except rel.PartyError:
        return "refused"
    finally:
        path.unlink(missing_ok=True)
    from touring_dsl.party.sheet import build as sheet

    rel.render_markdown(sheet(party, rel.load("touring-1937")))
    return "loaded and printed"


def render_check(book) -> str:
    assert rel.render_markdown(book)
    page = rel.render_html(book)
    assert "<script>alert(1)</script>" not in page
    return "rendered"


def pdf_check(book) -> str:
    from touring_dsl.rulebook.pdf import render

    assert render(book).startswith(b"%PDF-")
    return "rendered"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=40_000, help="cases in all, shared among the kinds")
    parser.add_argument("--minutes", type=float, default=12, help="time in all, shared among the kinds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    log_text, save_text = rel.a_log_text(), rel.a_party_json()
    plan = {
        "mutated editions": (rel.mutated_editions(), edition_check),
        "grammar text": (rel.grammar_strategy(), grammar_check),
        "arbitrary bytes": (st.binary(max_size=400).map(lambda b: b.decode("utf-8", "replace")), grammar_check),
        "corrupted logs": (rel.corrupted_logs(log_text), log_check),
        "corrupted party saves": (rel.corrupted_saves(save_text), save_check),
        "markdown and html": (rel.hostile_books(), render_check),
        "pdf": (rel.hostile_books(), pdf_check),
    }
    load = os.getloadavg()[0]
    started = time.perf_counter()
    kinds = []
    for name, (strategy, check) in plan.items():
        case_share, time_share = SHARES[name]
        kind = Kind(name, max(20, options.cases * case_share), options.minutes * 60 * time_share)
        drive(kind, strategy, check, options.seed)
        kinds.append(kind)
        if not options.json:
            print(f"{name:<24} {kind.run:>7,} cases in {time.perf_counter() - kind.started:6.1f} s  "
                  f"{dict(kind.outcomes)}  failures: {dict(kind.failures) or 'none'}", flush=True)
    total = sum(k.run for k in kinds)
    failed = sum(sum(k.failures.values()) for k in kinds)
    elapsed = time.perf_counter() - started
    if options.json:
        print(json.dumps({"cases": total, "failures": failed, "seconds": round(elapsed, 1), "load_average": load,
                          "kinds": {k.name: k.figures() for k in kinds}}, indent=2))
    else:
        print(f"{total:,} cases, {failed} failures, {elapsed:.0f} s; load average {load:.1f} at the start, "
              f"{os.getloadavg()[0]:.1f} at the end")
        for k in kinds:
            for name, example in k.first_failure.items():
                print(f"\n{k.name}: first {name}:\n{example}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
