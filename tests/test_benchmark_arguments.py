"""Benchmarks' command lines: a bad flag is a usage error that names it (exit 2), before any work starts;
an unknown edition once hung a pool of workers (its error could not cross the process boundary)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=BENCH, timeout=120)


@pytest.mark.parametrize("command", [
    ["duel_matches.py", "--bot", "scorer", "--against", "greedy", "--deals", "1"],
    ["oracle.py", "--deals", "1"],
    ["race_outcomes.py", "scorer", "greedy", "1"],
    ["score_terms.py", "scorer", "greedy", "1"],
    ["ismcts_vs_greedy.py", "--deals", "1"],
    ["ismcts_overrides.py"],
    ["tune_expert.py", "--deals", "1"],
])
def test_an_unknown_edition_is_a_usage_error(command):
    done = run(*command, "--edition", "no-such-edition")
    assert done.returncode == 2, done.stderr
    assert 'error: --edition no-such-edition: no edition "no-such-edition"' in done.stderr
    assert "Traceback" not in done.stderr


def test_negative_counts_and_a_results_file_without_a_folder_are_refused(tmp_path):
    done = run("duel_matches.py", "--bot", "scorer", "--against", "greedy", "--deals", "-2")
    assert done.returncode == 2 and "deals must be 0 or more, not -2" in done.stderr
    done = run("race_outcomes.py", "scorer", "greedy", "-3")
    assert done.returncode == 2 and "deals must be 0 or more, not -3" in done.stderr
    missing = tmp_path / "no-folder" / "rows.jsonl.gz"
    done = run("duel_matches.py", "--bot", "scorer", "--against", "greedy", "--deals", "1", "--results", str(missing))
    assert done.returncode == 2 and f"there is no folder {missing.parent}" in done.stderr
