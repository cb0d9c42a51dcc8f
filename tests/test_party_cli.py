"""`touring party`: a host runs a party at the prompt or from a CSV; bad entries are refused and nothing is lost."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from touring_dsl.cli.app import app

runner = CliRunner()
NAMES = "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal"


def touring(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input, env={"NO_COLOR": "1"})


def new_party(tmp_path, *extra, input="", edition="touring-1937"):
    save = tmp_path / "party.json"
    result = touring("party", edition, "--players", NAMES, "--rounds", 2, "--in-order", "--seed", 5,
                     "--save", save, *extra, input=input)
    return result, save


def test_two_rounds_for_eight_players_at_the_prompt(tmp_path):
    # round 1: Ann & Cat beat Bob & Dan at the head; Fay & Hal beat Eve & Gus at the foot
    # round 2: Ann & Fay v Cat & Hal at the head; Eve & Bob v Gus & Dan at the foot
    result, save = new_party(tmp_path, "-o", tmp_path / "sheet.md",
                             input="45\n30\n20+5\n110+15\n10\n40\n25\n5\n")
    assert result.exit_code == 0, result.output
    assert "Table 1 (head table): Ann & Cat v Bob & Dan" in result.stdout
    assert "Table 1 (head table): Ann & Fay v Cat & Hal" in result.stdout
    assert "Bob, Dan move down from table 1 to table 2." in result.stdout
    assert "Fay, Hal move up from table 2 to table 1." in result.stdout
    assert "Final standings:" in result.stdout
    assert "1. Hal    165 miles  2 won, 1 move  prize" in result.stdout
    data = json.loads(save.read_text())
    assert [t["games"] for t in data["rounds"][1]["tables"]] == [[[10, 40]], [[25, 5]]]
    sheet = (tmp_path / "sheet.md").read_text()
    assert "| 1 | Hal | 165 | 2 | 1 | first |" in sheet
    assert "| 2 | Eve & Gus v Fay & Hal | 20+5 v 110+15 | Fay & Hal |" in sheet


def test_input_ending_mid_round_keeps_every_table_entered(tmp_path):
    result, save = new_party(tmp_path, input="45\n30\n20+5\n")  # Fay & Hal's miles never typed
    assert result.exit_code == 0
    assert "every table entered is saved" in result.stderr
    data = json.loads(save.read_text())
    assert data["rounds"][0]["tables"][0]["games"] == [[45, 30]]
    assert data["rounds"][0]["tables"][1]["games"] is None
    resumed = touring("party", "--resume", save, input="20+5\n110+15\n10\n40\n25\n5\n")
    assert resumed.exit_code == 0, resumed.output
    assert "1. Hal    165 miles" in resumed.stdout


def test_a_bad_entry_at_the_prompt_is_asked_again(tmp_path):
    result, save = new_party(tmp_path, input="lots\n150\n²\n４５\n45\n30\n")
    assert "'lots' is not a number of miles" in result.stdout
    # a score beyond the race is caught as typed, before the other side is asked
    assert "150 miles for Ann & Cat is beyond the race of 110 miles" in result.stdout
    assert result.stdout.index("beyond the race") < result.stdout.index("miles for Bob & Dan?")
    # digits other than 0-9 are refused clearly, never an internal error nor read as numbers
    assert "'²' is not a number of miles" in result.stdout and "'４５' is not a number" in result.stdout
    assert "digits 0 to 9" in result.stdout and result.exit_code == 0
    assert json.loads(save.read_text())["rounds"][0]["tables"][0]["games"] == [[45, 30]]


def write_csv(path: Path, rows: str) -> Path:
    path.write_text("round,table,player,miles\n" + rows, encoding="utf-8")
    return path


ROUND_1 = "1,1,Ann,45\n1,1,Cat,45\n1,1,Bob,30\n1,1,Dan,30\n1,2,Eve,20+5\n1,2,Gus,20+5\n1,2,Fay,110+15\n1,2,Hal,110+15\n"


def test_scores_from_a_csv(tmp_path):
    _, save = new_party(tmp_path)
    result = touring("party", "--resume", save, "--scores", write_csv(tmp_path / "r1.csv", ROUND_1), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert not data["finished"]
    assert [(r["player"], r["total"]) for r in data["standings"][:2]] == [("Fay", 125), ("Hal", 125)]


@pytest.mark.parametrize("rows, message", [
    (ROUND_1.replace("Hal,", "Hall,"), "r.csv:9: no player named 'Hall' at this party; did you mean \"Hal\"?"),
    (ROUND_1.replace(",45", ",145"), "r.csv: round 1, table 1: 145 miles for Ann & Cat is "
                                                   "beyond the race of 110 miles"),
    (ROUND_1.replace("1,1,Cat,45", "1,1,Cat,40"), "Ann & Cat are partners and laid their miles together"),
    (ROUND_1.replace("1,2,Gus,20+5\n", ""), "round 1, table 2: no miles for Gus"),
    (ROUND_1.replace("1,1,Ann", "1,2,Ann"), "r.csv:2: Ann sat at table 1 in round 1, not table 2"),
    (ROUND_1 + "".join(f"2,,{name},500\n" for name in NAMES.split(",")), "round 2, table 1: 500 miles"),
])
def test_a_bad_csv_is_refused_and_the_party_is_unchanged(tmp_path, rows, message):
    _, save = new_party(tmp_path)
    before = save.read_bytes()
    result = touring("party", "--resume", save, "--scores", write_csv(tmp_path / "r.csv", rows))
    assert result.exit_code == 1
    assert message in result.stderr
    assert save.read_bytes() == before


def test_a_corrupt_save_is_reported_plainly(tmp_path):
    save = tmp_path / "party.json"
    save.write_text('{"kind": "touring-party", "format": 1, "players": ', encoding="utf-8")
    result = touring("party", "--resume", save)
    assert result.exit_code == 1
    assert "is not a saved party" in result.stderr and "Traceback" not in result.output
    save.write_text(json.dumps({"kind": "touring-party", "format": 1}), encoding="utf-8")
    result = touring("party", "--resume", save)
    assert result.exit_code == 1 and "is damaged" in result.stderr


def test_a_save_of_a_changed_edition_is_refused(tmp_path):
    _, save = new_party(tmp_path)
    data = json.loads(save.read_text())
    data["source_hash"] = "0" * 64
    save.write_text(json.dumps(data))
    result = touring("party", "--resume", save)
    assert result.exit_code == 1 and "have changed since the party began" in result.stderr


@pytest.mark.parametrize("args, code, message", [
    (["touring-1937", "--players", "10"], 1, "10 players cannot all sit at tables of 4: bring 2 more"),
    (["touring-1906", "--players", "8", "--umpire", "Zoe"], 1, "touring-1906 has no umpire"),
    (["touring-1937", "--players", "8", "--table-size", "2"], 1, "touring-1937 seats 4 at a table, not 2"),
    (["touring-1965", "--players", "8"], 1, "touring-1965 describes no progressive play"),
    (["touring-1937"], 2, "say who comes with --players"),
    ([], 2, "name an edition, or continue a party with --resume FILE"),
])
def test_parties_that_cannot_begin(tmp_path, args, code, message):
    result = touring("party", *args, "--save", tmp_path / "p.json", input="")
    assert result.exit_code == code
    assert message in result.stderr
    assert not (tmp_path / "p.json").exists()


def test_umpire_is_named_on_the_sheet(tmp_path):
    _, save = new_party(tmp_path, "--umpire", "Zoe")
    result = touring("party", "--resume", save, "-o", "-", "-f", "md", input="")
    assert "as recorded by the umpire, Zoe." in result.stdout


def test_sheet_as_html_and_pdf(tmp_path):
    pytest.importorskip("typst")
    _, save = new_party(tmp_path, input="45\n30\n20\n60\n")
    for name in ("sheet.html", "sheet.pdf"):
        result = touring("party", "--resume", save, "-o", tmp_path / name, input="")
        assert result.exit_code == 0, result.output
    assert "<h2" in (tmp_path / "sheet.html").read_text() and "Score cards" in (tmp_path / "sheet.html").read_text()
    assert (tmp_path / "sheet.pdf").read_bytes().startswith(b"%PDF")
