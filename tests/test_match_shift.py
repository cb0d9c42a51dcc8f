"""benchmarks/match_shift.py: the share of matches a bot would win with more points a race, from kept rows."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"
sys.path.insert(0, str(BENCH))

from match_shift import matches_of, share_with  # noqa: E402

KEY = ("mille-bornes", "scorer", "greedy")


def row(deal: int, margins: list[float], races: list[int]) -> dict:
    return {"edition": KEY[0], "bot": KEY[1], "against": KEY[2], "deal": deal, "scores": [0, 0],
            "margins": margins, "races": races}


def test_points_added_to_every_race_turn_close_matches_first():
    # totals: -100 over 4 races, -1000 over 2, +50 over 5, and 0 (a tie) over 3
    matches = matches_of([row(1, [-25, -500], [4, 2]), row(2, [10, 0], [5, 3])], KEY)
    assert sorted(matches) == [(-1000, 2), (-100, 4), (0, 3), (50, 5)]
    assert share_with(matches, 0) == 1.5 / 4
    assert share_with(matches, 25) == 2.5 / 4  # -100 + 25 * 4 = 0: a tie; the tie of 0 now won
    assert share_with(matches, 501) == 1.0


def test_other_pairs_are_left_out_and_an_empty_file_is_refused(tmp_path):
    other = dict(row(3, [900, 900], [1, 1]), against="expert")
    assert matches_of([other], KEY) == []
    path = tmp_path / "rows.jsonl"
    path.write_text(json.dumps(other) + "\n")
    done = subprocess.run([sys.executable, str(BENCH / "match_shift.py"), str(path), "--bot", "scorer",
                           "--against", "greedy"], capture_output=True, text=True, cwd=BENCH)
    assert done.returncode == 1 and "no matches of scorer against greedy" in done.stderr
    done = subprocess.run([sys.executable, str(BENCH / "match_shift.py"), str(tmp_path / "none.jsonl"),
                           "--bot", "scorer", "--against", "greedy"], capture_output=True, text=True, cwd=BENCH)
    assert done.returncode == 2 and "no such results file" in done.stderr
