"""Diff stage tests: golden reports, empty self-diffs, mirror symmetry, renames, and `touring diff`."""
from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from golden_files import UPDATE, golden_path, write_golden  # tests/golden_files.py

from touring_dsl.language.archive import load

from touring_dsl.language.locate import archive_ids
from touring_dsl.cli.app import app
from touring_dsl.diff import diff_rulesets, render_json, render_markdown, render_text

ROOT = Path(__file__).resolve().parents[1]

GOLDEN = golden_path("golden", "diff")
GOLDEN_PAIRS = [("touring-1906", "touring-1937"), ("touring-1937", "touring-1937-penalties"),
                ("touring-1937", "touring-1965"), ("touring-1965", "touring-reprint")]
ARCHIVE = archive_ids()


def _check_golden(path: Path, text: str) -> None:
    if UPDATE or not path.exists():
        write_golden(path, text)
        if not UPDATE:
            pytest.fail(f"golden file {path.name} was missing and has been written; check it and rerun")
    assert text == path.read_text(encoding="utf-8"), \
        f"{path.name} differs; rerun with TOURING_UPDATE_GOLDEN=1 if the change is intended"


@pytest.mark.parametrize("a,b", GOLDEN_PAIRS, ids=[f"{a}--{b}" for a, b in GOLDEN_PAIRS])
def test_golden_diffs(a: str, b: str) -> None:
    result = diff_rulesets(load(a), load(b))
    _check_golden(GOLDEN / f"{a}--{b}.md", render_markdown(result))
    _check_golden(GOLDEN / f"{a}--{b}.json", json.dumps(render_json(result), indent=2, ensure_ascii=False) + "\n")


@pytest.mark.parametrize("edition", ARCHIVE)
def test_an_edition_against_itself_has_no_difference(edition: str) -> None:
    result = diff_rulesets(load(edition), load(edition))
    assert result.same and not result.changes and not result.renames
    assert "the same rules" in render_text(result)


def _canonical(diff) -> tuple:
    return (sorted(map(repr, diff.changes)), sorted(diff.renames))


@pytest.mark.parametrize("a,b", list(itertools.combinations(ARCHIVE, 2)))
def test_diff_both_ways_mirror_each_other(a: str, b: str) -> None:
    forward, backward = diff_rulesets(load(a), load(b)), diff_rulesets(load(b), load(a))
    assert _canonical(forward.mirrored()) == _canonical(backward)
    actions = lambda d, act: sorted(c.name for c in d.changes if c.action == act and c.aspect == "card")  # noqa: E731
    assert actions(forward, "added") == actions(backward, "removed")
    assert actions(forward, "removed") == actions(backward, "added")


def _renames(a: str, b: str) -> dict[str, str]:
    return {old: new for _, old, new in diff_rulesets(load(a), load(b)).renames}


def test_first_to_second_edition_renames_the_fast_mileage_cards() -> None:
    assert _renames("touring-1906", "touring-1937") == {"5 Miles": "15 Miles", "10 Miles": "30 Miles"}


def test_the_sixties_renames_are_recognised_by_role() -> None:
    renames = _renames("touring-1937", "touring-1965")
    expected = {"Hauled In": "Tow Truck", "Country": "Freeway", "City Limits": "Speed Limit",
                "Collision": "Accident", "Out of Gasoline": "Out of Gas", "Gasoline": "Gas"}
    assert expected.items() <= renames.items()
    assert "Puncture" not in renames  # its role (a delay mended by a Go alone) is gone in the 1960s


def _aspects(a: str, b: str) -> set[tuple[str, str, str]]:
    return {(c.topic, c.action, c.aspect) for c in diff_rulesets(load(a), load(b)).changes}


def test_a_renamed_chain_is_not_a_changed_chain() -> None:
    changes = diff_rulesets(load("touring-1937"), load("touring-1965")).changes
    chains = [c for c in changes if c.aspect == "chain"]
    assert [(c.action, c.subject) for c in chains] == [("removed", ("Puncture", None))]
    assert not any(c.aspect == "zone-play" and c.name == "Freeway" for c in changes)  # own side both times


def test_first_to_second_edition_names_what_a_reader_of_both_sheets_would() -> None:
    changes = diff_rulesets(load("touring-1906"), load("touring-1937")).changes
    found = {(c.aspect, c.name, _plain(c.old), _plain(c.new)) for c in changes}
    for expected in [("year", None, 1906, 1937), ("race-miles", None, 50, 110), ("deck-size", None, 100, 99),
                     ("count", "1 Mile", 20, 19), ("miles", "15 Miles", 5, 15), ("miles", "30 Miles", 10, 30),
                     ("setup-race", "3 players as individuals", 30, 70), ("scope", None, "game", "side"),
                     ("zone-play", "Country", "shared", "own"), ("speeding", None, "forfeit-all", "forbidden"),
                     ("reshuffle-zone", None, "none", "all-but-top"), ("minutes", None, 10, 20),
                     ("tally", "1 Mile", 5, None), ("hours", "Puncture", 2, None)]:
        assert expected in found, expected
    assert any(c.aspect == "penalties" and c.action == "removed" for c in changes)
    assert not any(c.aspect in ("chain", "zone-allows", "hand", "pile-needs") for c in changes)
    # 1906 lays every zone card on the one shared pile: no "on any side" that the engine never reads
    assert {c.old for c in changes if c.aspect == "zone-play"} == {"shared"}


def test_pile_order_is_no_change_for_the_race_or_its_setups(tmp_path) -> None:
    """The same edition with its race's piles listed in another order: neither the race nor a setup with
    piles of its own (which follow the race's order) has changed."""
    from touring_dsl.language.compiler import compile_file

    source = (ROOT / "editions" / "touring-1937.touring").read_text(encoding="utf-8")
    piles = ('    pile "1 Mile"   needs 8 protected face down\n    pile "3 Miles"  needs 4 protected face down\n'
             '    pile "15 Miles" needs 2\n    pile "30 Miles" needs 2\n')
    assert piles in source
    reordered = tmp_path / "reordered.touring"
    reordered.write_text(source.replace(piles, "".join(reversed(piles.splitlines(keepends=True)))),
                         encoding="utf-8")
    changes = diff_rulesets(load("touring-1937"), compile_file(reordered)).changes
    assert [c for c in changes if c.topic in ("race", "players")] == []


def _plain(value):
    return value if not isinstance(value, (list, tuple, dict)) else str(value)


def test_the_penalty_variant_shows_exactly_its_changes() -> None:
    assert _aspects("touring-1937", "touring-1937-penalties") == {
        ("metadata", "changed", "subtitle"), ("metadata", "changed", "summary"),
        ("zones", "changed", "speeding"), ("penalties", "added", "penalties"), ("penalties", "added", "penalty")}


def test_the_reprint_shows_exactly_its_changes() -> None:
    assert _aspects("touring-1965", "touring-reprint") == {
        ("metadata", "changed", "subtitle"), ("metadata", "changed", "summary"), ("cards", "added", "card"),
        ("cards", "changed", "deck-size"), ("removals", "added", "counter")}


def test_reports_group_changes_under_topic_headings() -> None:
    text = render_text(diff_rulesets(load("touring-1906"), load("touring-1937")))
    headings = [line for line in text.splitlines()[2:] if line and not line.startswith(" ")]
    assert headings == ["Metadata", "Cards", "Race", "Players and setups", "Zones", "Penalties", "Reshuffle",
                        "Progressive touring", "Notes"]
    assert '"5 Miles" is now called "15 Miles"' in text


# the command -------------------------------------------------------------------------------------------
runner = CliRunner()


def test_cli_exit_status_says_whether_editions_differ() -> None:
    same = runner.invoke(app, ["diff", "touring-1937", "touring-1937"])
    assert same.exit_code == 0 and "the same rules" in same.stdout
    different = runner.invoke(app, ["diff", "touring-1906", "touring-1937"])
    assert different.exit_code == 1
    assert "Zones govern each side separately" in different.stdout


def test_cli_bad_edition_is_a_usage_error_with_the_located_message() -> None:
    result = runner.invoke(app, ["diff", "touring-1937", "tourng-1937"])
    assert result.exit_code == 2
    assert 'no edition "tourng-1937"' in result.stderr and "touring-1937" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_cli_bad_file_reports_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.touring"
    bad.write_text('edition "bad" extends "touring-1937" {\n}\ndeck {\n    change card "Nothing" go count 1\n}\n')
    result = runner.invoke(app, ["diff", "touring-1937", str(bad)])
    assert result.exit_code == 2
    assert "bad.touring:4:" in result.stderr


def test_cli_json_and_markdown() -> None:
    as_json = runner.invoke(app, ["diff", "touring-1965", "touring-reprint", "--json"])
    assert as_json.exit_code == 1
    data = json.loads(as_json.stdout)
    assert data["same"] is False and data["a"]["id"] == "touring-1965"
    assert [t["topic"] for t in data["topics"]] == ["metadata", "cards", "removals"]
    markdown = runner.invoke(app, ["diff", "touring-1965", "touring-reprint", "--format", "markdown"])
    assert markdown.exit_code == 1 and markdown.stdout.startswith("# touring-1965 → touring-reprint")
    assert "## Removal hazards and counters" in markdown.stdout
