"""The simulate stage end to end: seeded, --jobs-independent reports, compare, plots and bad flags."""
import json

import pytest
from typer.testing import CliRunner

from touring_dsl.language.archive import load
from touring_dsl.cli.app import app
from touring_dsl.simulate import Plan, report, run
from touring_dsl.simulate.plan import CHUNK

runner = CliRunner()


def simulate_json(*args: str) -> dict:
    result = runner.invoke(app, ["simulate", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_jobs_do_not_change_any_number():
    games = CHUNK + 40  # two chunks, so two workers really split the work
    plan = Plan(edition="touring-1937-penalties", players=2, setup=None, bots=("greedy", "random"), seed=7,
                games=games)
    one = report(run(plan, jobs=1), [0, 1])
    two = report(run(plan, jobs=2), [0, 1])
    assert one == two
    assert one["games"] == games


def test_same_seed_same_report_and_another_seed_differs():
    first = simulate_json("touring-1937", "--games", "60", "--seed", "3", "--jobs", "1")
    again = simulate_json("touring-1937", "--games", "60", "--seed", "3", "--jobs", "1")
    other = simulate_json("touring-1937", "--games", "60", "--seed", "4", "--jobs", "1")
    assert first == again
    assert first["length_histogram"] != other["length_histogram"]


def test_report_is_consistent_with_the_games_played():
    data = simulate_json("touring-1906", "--games", "80", "--bots", "random", "--jobs", "1")
    assert data["games"] == 80
    assert sum(s["wins"] for s in data["seats"]) + data["ties"] == 80
    assert sum(v["games"] for v in data["outcomes"].values()) == 80
    assert sum(data["length_histogram"].values()) == 80
    assert data["length"]["min"] <= data["length"]["median"] <= data["length"]["max"]
    assert data["plays_per_game"]["Go"] > 0  # every completed race needs at least one Go
    penalties = load("touring-1906").penalties
    assert penalties is not None and data["penalty_miles_per_game"] > 0  # delays cost mileage in 1906
    assert 0 < data["decisiveness"]["mean"] <= 1 and data["decisiveness"]["games"] == 80 - data["ties"]
    assert data["drama"]["race_miles"] > 0 and data["drama"]["winner_behind_mean"] >= 0
    assert data["branching"]["plays_per_turn"] > 0 and 0 < data["branching"]["stuck_share"] < 1
    assert data["first_seat_advantage"]["bots"] == "equal"


def test_penalties_show_up_only_where_the_edition_has_them():
    basic = simulate_json("touring-1937", "--games", "40", "--jobs", "1")
    harsh = simulate_json("touring-1937-penalties", "--games", "40", "--jobs", "1")
    assert basic["penalty_miles_per_game"] == 0
    assert harsh["penalty_miles_per_game"] > 0


def test_partnership_seats_share_their_side_wins():
    data = simulate_json("touring-1937", "--games", "30", "--players", "4", "--jobs", "1")
    seats = data["seats"]
    assert [s["side"] for s in seats] == [1, 2, 1, 2]
    assert seats[0]["wins"] == seats[2]["wins"] and seats[1]["wins"] == seats[3]["wins"]


def test_text_report_and_plot(tmp_path):
    plot = tmp_path / "run.png"
    result = runner.invoke(app, ["simulate", "touring-1965", "--games", "20", "--jobs", "1", "--plot", str(plot)])
    assert result.exit_code == 0, result.output
    assert "Wins by seat" in result.stdout and "Game length in turns" in result.stdout
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_compare_shows_editions_side_by_side():
    result = runner.invoke(app, ["compare", "touring-1937", "touring-1937-penalties", "--games", "30", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    header = result.stdout.splitlines()[2]
    assert "touring-1937" in header and "touring-1937-penalties" in header
    assert "penalty miles per game" in result.stdout


def test_fast_and_public_paths_make_the_same_report():
    args = ["touring-reprint", "--games", "40", "--players", "3", "--bots", "greedy,random", "--jobs", "1"]
    assert simulate_json(*args) == simulate_json(*args, "--public")


def test_different_bots_are_not_read_as_a_seat_advantage():
    result = runner.invoke(app, ["simulate", "touring-1937", "--games", "40", "--bots", "greedy,random", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert "First-seat advantage" not in result.stdout
    assert "say nothing of a first-seat advantage" in result.stdout
    assert "Skill check: greedy takes" in result.stdout
    rotating = simulate_json("touring-1937", "--games", "40", "--bots", "greedy,random", "--rotate", "--jobs", "1")
    assert rotating["first_seat_advantage"]["bots"] == "rotating"
    assert {b["bot"]: b["seat_games"] for b in rotating["bots"]} == {"greedy": 40, "random": 40}


def test_records_file_has_one_row_per_game(tmp_path):
    import csv

    path = tmp_path / "games.csv"
    data = simulate_json("touring-1937", "--games", "30", "--bots", "random", "--jobs", "2", "--records", str(path))
    rows = list(csv.DictReader(path.open()))
    assert [int(r["game"]) for r in rows] == list(range(30))
    assert sum(int(r["turns"]) for r in rows) == sum(int(k) * v for k, v in data["length_histogram"].items())
    assert sum(r["winner_side"] == "1" for r in rows) == data["seats"][0]["wins"]


@pytest.mark.parametrize("args, message", [
    (["--bots", "clever"], "unknown bot 'clever'"),
    (["--players", "5"], "is not played by 5"),
    (["--games", "0"], "--games must be at least 1"),
    (["--backend", "cloud"], "--backend must be local or ray"),
    (["--setup", "nonsense"], "has no setup 'nonsense'"),
])
def test_bad_flags_are_usage_errors(args, message):
    result = runner.invoke(app, ["simulate", "touring-1937", *args])
    assert result.exit_code == 2
    assert message in result.stderr


def test_records_file_that_cannot_be_written_is_the_users_error(tmp_path):
    target = tmp_path / "no-such-folder" / "games.csv"
    result = runner.invoke(app, ["simulate", "touring-1937", "--games", "5", "--jobs", "1", "--records", str(target)])
    assert result.exit_code == 1
    assert f"touring: cannot write {target}: No such file or directory" in result.stderr


def test_unknown_edition_is_the_users_error():
    result = runner.invoke(app, ["simulate", "touring-1899"])
    assert result.exit_code == 1
    assert 'no edition "touring-1899"' in result.stderr


def test_compare_needs_two_editions():
    result = runner.invoke(app, ["compare", "touring-1937"])
    assert result.exit_code == 2


def test_ray_backend_without_ray_says_how_to_install(hide_package):
    hide_package("ray")
    result = runner.invoke(app, ["simulate", "touring-1937", "--games", "5", "--backend", "ray"])
    assert result.exit_code == 1
    assert "pip install 'touring-dsl[ray]'" in result.stderr


def test_a_kernel_bot_simulation_starts_without_what_it_does_not_need():
    """Start-up is part of a simulation's time: kernel bots need no bot classes (nor the search behind
    them), a plain report needs no console library, and a run without matches no match code."""
    import subprocess
    import sys
    from pathlib import Path

    code = ("import sys; sys.argv = ['touring', 'simulate', 'touring-1937', '--games', '20', '--bots', 'greedy,random',"
            " '--jobs', '1', '--matches', '0']\n"
            "from touring_dsl.cli.app import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "loaded = [m for m in ('touring_dsl.bots.players', 'touring_dsl.bots.rule_bots', 'touring_dsl.bots.search',"
            " 'rich.console') if m in sys.modules]\n"
            "print('LOADED', loaded)")
    result = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[1],
                            capture_output=True, text=True)
    assert "touring-1937: 20 games" in result.stdout, result.stderr
    assert "LOADED []" in result.stdout, result.stdout + result.stderr
