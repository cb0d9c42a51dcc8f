"""The balance page: its plain sentences read the numbers right, its figures are drawn, and the page
committed in docs/ shows figures that exist."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import balance  # noqa: E402
import balance_plots  # noqa: E402


def seat_row(edge: float, low: float, high: float, fair: float = 0.5) -> dict:
    return {"first_seat_advantage": {"edge": edge, "fair_share": fair, "win_rate": fair + edge,
                                     "ci95": [fair + low, fair + high]},
            "length": {"mean": 100, "median": 98, "p10": 60, "p25": 80, "p75": 120, "p90": 150}}


def test_plain_findings_name_a_favoured_seat_and_a_clear_skill_gap():
    runs = {("e", 2, "self"): seat_row(0.04, 0.02, 0.06), ("e", 3, "self"): seat_row(-0.01, -0.03, 0.01, 1 / 3)}
    checks = [("expert vs greedy", 0.6, 0.58, 0.62, 2000), ("greedy vs random", 0.51, 0.48, 0.54, 2000)]
    text = " ".join(balance.plain_findings("e", runs, "expert", "expert", checks, None))
    assert "The first seat is favoured with 2 players (+4%)" in text
    assert "3 players" not in text  # within chance: not named
    assert "expert wins 60% of two-player games against greedy (58%-62%): skill clearly pays" in text
    assert "greedy wins 51% of two-player games against random (48%-54%): no clear difference" in text
    assert "about 98 turns (half of them between 80 and 120)" in text


def test_plain_findings_report_matches_with_the_lead_rotating():
    runs = {("m", 2, "self"): seat_row(0.0, -0.02, 0.02)}
    match = {"to": 5000, "races_per_match": 5.2, "seat_share": 0.52, "seat_ci": [0.49, 0.55]}
    checks = [("scorer vs greedy, matches", 0.7, 0.67, 0.73, 1000)]
    text = " ".join(balance.plain_findings("m", runs, "expert", "expert", checks, match))
    assert "neither favoured nor handicapped" in text
    assert "scorer wins 70% of two-player matches against greedy" in text
    assert "a match to 5000 points with the lead rotating, a match lasts 5.2 races" in text


def test_figures_are_written(tmp_path):
    pytest.importorskip("matplotlib")
    balance_plots.win_shares({"a": [("x vs y", 0.6, 0.55, 0.65, 100)], "b": [("x vs y", 0.5, 0.45, 0.55, 100)]},
                             tmp_path / "w.png")
    balance_plots.first_seat({"a": [(2, 0.03, 0.01, 0.05), (3, 0.0, -0.02, 0.02)]}, "expert", tmp_path / "f.png")
    balance_plots.race_lengths({"a": {"expert": seat_row(0, 0, 0)["length"]}}, tmp_path / "r.png")
    for name in ("w", "f", "r"):
        assert (tmp_path / f"{name}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_committed_page_shows_figures_that_exist():
    page = (ROOT / "docs" / "balance.md").read_text(encoding="utf-8")
    images = re.findall(r"!\[[^\]]*\]\(([^)]+\.png)\)", page)
    assert len(images) >= 4
    for image in images:
        assert (ROOT / "docs" / image).exists(), image
    assert "python benchmarks/balance.py" in page


def test_the_page_is_not_stale():
    """Trap: "docs/balance.md goes stale with no test noticing". The page records each edition's rules and
    golden games (benchmarks/balance.py's stamp); an edition whose rules or games have changed since is
    named here, unless the page already says it is known to be stale (a page not yet made again)."""
    from touring_dsl.language.locate import archive_ids

    recorded = balance.read_stamp((ROOT / "docs" / "balance.md").read_text(encoding="utf-8"))
    assert recorded.get("editions"), "docs/balance.md records no stamp: make it with benchmarks/balance.py"
    stale = balance.stale_editions(recorded, balance.stamp(archive_ids()))
    unsaid = [edition for edition in stale if edition not in recorded.get("known_stale", [])]
    assert not unsaid, (f"docs/balance.md is stale for {unsaid}: their rules or golden games changed since it was "
                        "made; make it again (its first paragraph has the command)")


def test_known_stale_editions_are_said_on_the_page():
    """An edition the stamp lists as known to be stale is named in the page's words too, not only in its stamp."""
    page = (ROOT / "docs" / "balance.md").read_text(encoding="utf-8")
    for edition in balance.read_stamp(page).get("known_stale", []):
        assert f"`{edition}`" in page.split("## At a glance")[0], edition


def test_the_stamp_written_is_read_back_and_names_a_changed_edition():
    """A page stamped now is current; change one edition's rules or games and that edition alone is stale."""
    from touring_dsl.language.locate import archive_ids

    ids = archive_ids()
    now = balance.stamp(ids)
    page = "# Balance findings\n\n" + "\n".join(balance.stamp_lines(ids))
    recorded = balance.read_stamp(page)
    assert balance.stale_editions(recorded, now) == [] and set(recorded["editions"]) == set(ids)
    recorded["editions"]["touring-1937"] = {**recorded["editions"]["touring-1937"], "games": "0" * 16}
    assert balance.stale_editions(recorded, now) == ["touring-1937"]
    assert balance.stale_editions({}, now) == sorted(ids)


def test_the_stamp_ignores_words_and_follows_play():
    """Citations, titles and where a rule is written do not change an edition's stamp; its rules do."""
    from touring_dsl.language.archive import load

    data = load("touring-1937").model_dump(mode="json")
    worded = {**data, "title": "Another title", "race": {**data["race"], "provenance": {"cites": []}}}
    assert balance.rules_played(worded) == balance.rules_played(data)
    longer = {**data, "race": {**data["race"], "miles": data["race"]["miles"] + 10}}
    assert balance.rules_played(longer) != balance.rules_played(data)
