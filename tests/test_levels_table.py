"""The levels table in docs/bots.md is generated (benchmarks/levels.py): the section between its markers
is the render of the committed results file, the results file is the summary of the committed rows,
every archive edition has all its match-ups, and each level was played as the bot it is today (so a
level that changes makes these tests fail until its rows are played again). No games are played here."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from touring_dsl.bots.players import LEVELS
from touring_dsl.language.locate import archive_ids

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import levels  # noqa: E402
from results_file import results_rows  # noqa: E402


@pytest.fixture(scope="module")
def results() -> dict:
    return json.loads(levels.RESULTS.read_text(encoding="utf-8"))


def test_the_docs_section_is_the_render_of_the_results_file(results):
    page = levels.DOCS.read_text(encoding="utf-8")
    assert levels.section_of(page) == levels.render(results)


def test_every_archive_edition_has_every_match_up_on_every_deal(results):
    assert list(results["editions"]) == archive_ids()
    assert results["deals"] > 0 and results["search_deals"] > 0
    for edition, entry in results["editions"].items():
        names = entry["bots"]
        assert [(u["bot"], u["against"]) for u in entry["match_ups"]] == levels.match_ups(), edition
        for up in entry["match_ups"]:
            search = levels.searches(names[up["bot"]]) or levels.searches(names[up["against"]])
            deals = results["search_deals"] if search else results["deals"]
            assert (up["deals"], up["games"]) == (deals, 2 * deals), (edition, up)
        assert all(entry["cpu"][level]["moves"] > 0 for level in LEVELS), edition
        assert [up["bot"] for up in entry["pilot"]] == results["pilot"], edition
        for up in entry["pilot"]:
            deals = results["search_deals"] if levels.searches(up["bot"]) else results["deals"]
            assert up["deals"] == deals and up["cpu"]["moves"] > 0, (edition, up)


def test_each_level_was_played_as_the_bot_it_is_today(results):
    for edition, entry in results["editions"].items():
        assert entry["bots"] == levels.bot_names(edition), edition


def test_the_results_file_is_the_summary_of_the_committed_rows(results):
    rows = results_rows(levels.ROWS) + results_rows(levels.SEARCH_ROWS)
    deals = range(results["first"], results["first"] + results["deals"])
    search_deals = range(results["first"], results["first"] + results["search_deals"])
    made = levels.summary(rows, list(results["editions"]), deals, search_deals, results["command"], results["pilot"])
    assert json.loads(json.dumps(made)) == results


def test_the_command_shown_names_the_deals_it_summarizes(results):
    command = results["command"].split()
    assert command[:2] == ["python", "benchmarks/levels.py"]
    assert command[command.index("--deals") + 1] == str(results["deals"])
    assert command[command.index("--first") + 1] == str(results["first"])
    assert command[command.index("--search-deals") + 1] == str(results["search_deals"])
    assert [command[i + 1] for i, word in enumerate(command) if word == "--pilot"] == results["pilot"]


def small_results(deals: int) -> dict:
    up = {"bot": "medium", "against": "easy", "wins": 3, "games": 4, "deals": deals, "share": 0.75,
          "low": 0.3, "high": 0.95}
    timed = {"moves": 10, "mean": 0.0001, "slowest": 0.001}
    return {"command": "python benchmarks/levels.py --deals 2 --first 7", "first": 7, "deals": 2,
            "search_deals": 1, "pilot": [],
            "editions": {"e": {"bots": {"easy": "random", "medium": "greedy", "hard": "expert", "expert": "expert"},
                               "matches": False, "match_ups": [up], "cpu": {level: timed for level in LEVELS}}}}


def test_a_cell_short_of_deals_says_how_many_it_has():
    assert "75.0% (30.0% to 95.0%) |" in levels.render(small_results(2))
    assert "75.0% (30.0% to 95.0%), 1 deal |" in levels.render(small_results(1))


def test_the_section_is_replaced_between_its_markers_and_refused_without_them():
    page = f"before\n{levels.START}\nold\n{levels.END}\nafter\n"
    assert levels.replaced_section(page, "NEW") == "before\nNEW\nafter\n"
    with pytest.raises(ValueError, match="markers"):
        levels.replaced_section("no markers here", "NEW")
    with pytest.raises(ValueError, match="markers"):
        levels.replaced_section(page + levels.START, "NEW")


def test_an_unknown_edition_or_pilot_bot_is_a_usage_error():
    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "levels.py", *args], capture_output=True, text=True,
                              cwd=ROOT / "benchmarks", timeout=120)
    done = run("--edition", "no-such-edition")
    assert done.returncode == 2 and "--edition no-such-edition" in done.stderr, done.stderr
    done = run("--pilot", "strongest")
    assert done.returncode == 2 and "strongest" in done.stderr, done.stderr
    done = run("--deals", "5", "--search-deals", "6")
    assert done.returncode == 2 and "--search-deals" in done.stderr, done.stderr
