"""CLI stage, core commands: editions, check, show and compile, their output and exit statuses."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from touring_dsl.cli.app import app
from touring_dsl.language.model import Ruleset

ROOT = Path(__file__).resolve().parents[1]
EDITION_IDS = sorted(p.stem for p in (ROOT / "editions").glob("*.touring"))


def run(*args: str, columns: int = 200):
    return CliRunner().invoke(app, list(args), env={"NO_COLOR": "1", "COLUMNS": str(columns)})


# touring editions -----------------------------------------------------------------------------------

def test_editions_table_lists_every_edition() -> None:
    result = run("editions")
    assert result.exit_code == 0, result.stderr
    rows = {line.split()[0]: line.split() for line in result.stdout.splitlines()}
    assert rows["id"][:6] == ["id", "year", "race", "cards", "extends", "title"]
    for edition_id in EDITION_IDS:
        assert edition_id in rows
    assert rows["touring-1937"][1:5] == ["1937", "110", "miles", "99"]
    assert rows["touring-1906"][1:5] == ["1906", "50", "miles", "100"]
    assert rows["touring-reprint"][1:6] == ["1965", "550", "miles", "110", "touring-1965"]
    assert "\x1b[" not in result.stdout  # no colour when not a terminal


def test_editions_give_each_race_in_its_own_unit() -> None:
    result = run("editions")
    lines = {line.split()[0]: line for line in result.stdout.splitlines()}
    assert " 1000 km " in lines["mille-bornes"] and "mile" not in lines["mille-bornes"]
    assert " 110 miles " in lines["touring-1937"]
    rows = {row["id"]: row for row in json.loads(run("editions", "--json").stdout)}
    assert (rows["mille-bornes"]["race"], rows["mille-bornes"]["unit"]) == (1000, "km")
    assert (rows["touring-1937"]["race"], rows["touring-1937"]["unit"]) == (110, "miles")


def test_editions_json() -> None:
    result = run("editions", "--json")
    assert result.exit_code == 0, result.stderr
    rows = {row["id"]: row for row in json.loads(result.stdout)}
    assert set(EDITION_IDS) <= set(rows)
    assert (rows["touring-1906"]["race"], rows["touring-1906"]["cards"], rows["touring-1906"]["year"]) == (50, 100, 1906)
    assert (rows["touring-1937"]["race"], rows["touring-1937"]["cards"]) == (110, 99)
    assert (rows["touring-1965"]["race"], rows["touring-1965"]["cards"]) == (550, 108)
    assert rows["touring-reprint"]["cards"] == 110
    assert rows["touring-reprint"]["extends"] == "touring-1965"
    assert rows["touring-1937-penalties"]["extends"] == "touring-1937"
    assert rows["touring-1965"]["players"] == [2, 3, 4, 5, 6]


# touring check ---------------------------------------------------------------------------------------

def test_check_archive_folder_exits_0(monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    result = run("check", "editions/")
    assert result.exit_code == 0, result.stderr
    for edition_id in EDITION_IDS:
        assert f"({edition_id})" in result.stderr
    assert "files compiled" in result.stderr


def test_check_json(monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    result = run("check", "--json", "editions/touring-1937.touring")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == [
        {"file": "editions/touring-1937.touring", "ok": True, "id": "touring-1937", "errors": [], "warnings": []}]


def test_check_broken_file_exits_1(tmp_path) -> None:
    broken = tmp_path / "broken.touring"
    broken.write_text('edition "broken" {\n    title "Broken"\n}\n\ndeck {\n    card "Go" go count\n}\n',
                      encoding="utf-8")
    result = run("check", str(broken))
    assert result.exit_code == 1
    assert f"{broken}:7:1: error[E100]: unexpected symbol '}}'" in result.stderr
    assert "expected a whole number" in result.stderr
    assert "Traceback" not in result.stderr


def test_check_broken_file_json(tmp_path) -> None:
    broken = tmp_path / "broken.touring"
    broken.write_text('edition "broken" {\n    title "Broken"\n}\n', encoding="utf-8")
    result = run("check", "--json", str(broken))
    assert result.exit_code == 1
    [report] = json.loads(result.stdout)
    assert report["ok"] is False
    assert {e["code"] for e in report["errors"]} == {"E260"}


def test_check_missing_path_exits_2(tmp_path) -> None:
    result = run("check", str(tmp_path / "nowhere.touring"))
    assert result.exit_code == 2
    assert "no such file" in result.stderr


def test_check_mixed_files_reports_the_count(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    broken = tmp_path / "broken.touring"
    broken.write_text('edition "broken" {\n', encoding="utf-8")
    result = run("check", "editions/touring-1906.touring", str(broken))
    assert result.exit_code == 1
    assert "1 of 2 files compiled" in result.stderr


# touring show ----------------------------------------------------------------------------------------

def test_show_summary() -> None:
    result = run("show", "touring-1937")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert out.startswith("Touring: The Great Automobile Card Game (1937, Parker Brothers")
    assert "Race: 110 miles in 16 mileage cards" in out
    assert "Deck: 99 cards" in out
    assert "Setup three players: 3 players as individuals" in out and "race 70 miles" in out
    assert "Delay: Collision -> Hauled In -> Go" in out


def test_show_variant_lists_its_changes() -> None:
    result = run("show", "touring-reprint")
    assert result.exit_code == 0
    assert "Extends touring-1965, changing:\n  + New card \"Mechanic\": counter card, 2 in the deck" in result.stdout
    assert "Counter: Mechanic cancels Burning Oil, Flat Tire, Bad Brakes" in result.stdout


def test_show_json() -> None:
    result = run("show", "touring-1906", "--json")
    assert result.exit_code == 0
    ruleset = Ruleset.model_validate(json.loads(result.stdout))
    assert ruleset.id == "touring-1906" and ruleset.race.miles == 50


def test_show_a_path(monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    result = run("show", "editions/touring-1965.touring")
    assert result.exit_code == 0
    assert "Race: 550 miles" in result.stdout


@pytest.mark.parametrize("command", ["show", "compile"])
def test_unknown_edition_suggests_the_nearest(command: str) -> None:
    result = run(command, "touring-1973")
    assert result.exit_code == 1
    assert result.stderr.startswith('error[E205]: no edition "touring-1973" in the archive, and no such file')
    assert 'did you mean "touring-1937"?' in result.stderr
    assert result.stdout == ""


def test_unknown_edition_far_from_any_points_to_the_list() -> None:
    result = run("show", "monopoly")
    assert result.exit_code == 1
    assert "run `touring editions` to list the archive" in result.stderr


# touring compile -------------------------------------------------------------------------------------

@pytest.mark.parametrize("edition_id", EDITION_IDS)
def test_compile_json(edition_id: str) -> None:
    result = run("compile", edition_id, "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["id"] == edition_id
    assert Ruleset.model_validate(data).model_dump(mode="json") == data


def test_compile_without_edition_is_a_usage_error() -> None:
    result = run("compile")
    assert result.exit_code == 2
    assert "EDITION" in result.stderr


def test_compile_schema() -> None:
    result = run("compile", "--schema")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["title"] == "Ruleset"
