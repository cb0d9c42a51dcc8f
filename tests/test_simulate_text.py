"""Simulate stage, the text report: shares that add up, percentage points, cards in order, a labelled bar."""
from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.progress import Progress
from typer.testing import CliRunner

from touring_dsl.cli.app import app
from touring_dsl.cli.progress import progress_columns
from touring_dsl.cli.simulate import points, shares
from touring_dsl.simulate.stats import by_name


def percent(text: str) -> int:
    """ "29.4%" -> 294 tenths of a percent."""
    whole, tenth = text.rstrip("%").split(".")
    return int(whole) * 10 + int(tenth)


@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=6))
def test_shares_of_a_whole_add_up_to_exactly_100_percent(counts):
    total = sum(counts)
    if total == 0:
        return
    printed = shares(counts, total)
    assert sum(map(percent, printed)) == 1000
    for count, text in zip(counts, printed):  # each is its own share, off by less than a tenth
        assert abs(percent(text) - count * 1000 / total) < 1


def test_the_case_from_the_report_adds_up():
    printed = shares([7049, 2951, 0], 10_000)
    assert printed == ["70.5%", "29.5%", "0.0%"]


def test_edges_are_in_percentage_points():
    assert points(0.016) == "+1.6 pp" and points(-0.0049) == "-0.5 pp"


def test_card_names_run_by_value():
    names = ["30 Miles", "Go", "1 Mile", "15 Miles", "3 Miles", "City Limits", "200 km", "25 km"]
    assert [n for n, _ in by_name((n, 0) for n in names)] == [
        "1 Mile", "3 Miles", "15 Miles", "25 km", "30 Miles", "200 km", "City Limits", "Go"]


def test_the_progress_bar_labels_its_time_column():
    console = Console(record=True, width=100, force_terminal=False)
    with Progress(*progress_columns("touring-1937"), console=console, auto_refresh=False) as bar:
        task = bar.add_task("touring-1937", total=10)
        bar.advance(task, 3)
        bar.refresh()
    shown = console.export_text()
    assert "3/10" in shown and "time left" in shown


def test_the_report_adds_up_and_says_where_the_plot_went(tmp_path):
    plot = tmp_path / "balance.png"
    result = CliRunner().invoke(app, ["simulate", "touring-1937", "--games", "60", "--bots", "greedy,random",
                                      "--jobs", "1", "--plot", str(plot)], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    seats = re.findall(r"^  seat \d \(side \d, \w+\): ([\d.]+%)", result.stdout, re.M)
    ties = re.search(r"^  ties: ([\d.]+%) \((\d+) games?\)", result.stdout, re.M)
    assert ties and sum(map(percent, seats)) + percent(ties.group(1)) == 1000
    assert f"wrote the plot (game lengths and seat win rates) to {plot.resolve()}" in result.stderr
    cards = re.findall(r"^  (\d+) Miles?: ", result.stdout.split("Cards played per game:")[1], re.M)
    assert [int(c) for c in cards] == sorted(int(c) for c in cards) and len(cards) == 4


def test_first_seat_advantage_is_in_percentage_points():
    result = CliRunner().invoke(app, ["simulate", "touring-1937", "--games", "40", "--bots", "greedy",
                                      "--jobs", "1"], env={"NO_COLOR": "1"})
    assert result.exit_code == 0
    assert re.search(r"First-seat advantage \(equal bots\): .* \([+-]\d+\.\d pp, 95% interval", result.stdout)
