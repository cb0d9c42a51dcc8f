"""Benchmarks' results files: a run stopped midway and resumed keeps every row it wrote."""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from results_file import open_results, results_rows  # noqa: E402


def test_a_run_stopped_midway_then_resumed_keeps_every_row(tmp_path):
    path, stopped = tmp_path / "rows.jsonl.gz", tmp_path / "stopped.jsonl.gz"
    out = open_results(path)
    for deal in range(3):
        out.write(json.dumps({"deal": deal}) + "\n")
        out.flush()
    shutil.copy(path, stopped)  # the file as a run killed now leaves it: its gzip member has no end
    out.close()
    assert [r["deal"] for r in results_rows(stopped)] == [0, 1, 2]
    resumed = open_results(stopped)
    resumed.write(json.dumps({"deal": 3}) + "\n")
    resumed.close()
    assert [r["deal"] for r in results_rows(stopped)] == [0, 1, 2, 3]
    again = open_results(path)  # a finished file resumed is left whole too
    again.write(json.dumps({"deal": 3}) + "\n")
    again.close()
    assert [r["deal"] for r in results_rows(path)] == [0, 1, 2, 3]
