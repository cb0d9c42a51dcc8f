"""CLI stage, robustness: every surprising input gets a clear message and the documented exit status."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from touring_dsl.cli.app import app
from touring_dsl.cli.editions import archive_table

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, [str(a) for a in args], env={"NO_COLOR": "1", "COLUMNS": "80"})


# editions ---------------------------------------------------------------------------------------------

def test_the_editions_table_fits_80_columns():
    rows = __import__("json").loads(run("editions", "--json").stdout)
    console = Console(width=80, record=True, force_terminal=True, no_color=True, file=open(os.devnull, "w"))
    console.print(archive_table(rows))
    text = console.export_text()
    assert max(len(line) for line in text.splitlines()) <= 80
    for row in rows:  # id, year, race (with its unit) and cards whole, on the edition's own line
        line = next(line for line in text.splitlines() if line.startswith(row["id"] + " "))
        assert f"{row['year']}" in line and f" {row['race']} {row['unit']} " in line and f" {row['cards']} " in line


def test_editions_piped_are_plain_rows():
    result = run("editions")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["id", "year", "race", "cards", "extends", "title"]
    assert not any(ch in result.stdout for ch in "│─┃━") and "\x1b[" not in result.stdout
    assert all(len(line.split()) >= 5 for line in lines[1:])  # one edition a line, nothing wrapped


# check and test -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["check", "test"])
def test_a_folder_without_editions_is_reported(command, tmp_path):
    result = run(command, tmp_path)
    assert result.exit_code == 1
    assert f"no edition files (*.touring) in {tmp_path}" in result.stderr


def test_test_warns_when_there_are_no_examples(tmp_path):
    text = (ROOT / "editions" / "touring-1937.touring").read_text()
    bare = text[: text.index("\nexample ")] + "\n" if "\nexample " in text else text
    path = tmp_path / "bare.touring"
    path.write_text(bare)
    assert run("check", path).exit_code == 0
    result = run("test", path)
    assert result.exit_code == 0
    assert f"warning: {path} has no worked examples to run" in result.stderr
    assert "0 passed, 0 failed (no examples were run)" in result.stdout


def test_a_huge_line_is_clipped_around_the_error(tmp_path):
    path = tmp_path / "big.touring"
    path.write_text('edition "x" { title "' + "a" * 2_000_000 + '" } oops')
    result = run("check", path)
    assert result.exit_code == 1
    assert len(result.stderr) < 2000
    excerpt, caret = [line for line in result.stderr.splitlines() if line.startswith(" 1 |") or line.startswith("   |")]
    assert excerpt.endswith('aaa" } oops') and excerpt.startswith(" 1 | ...")
    assert excerpt[caret.index("^")] == "o"  # the caret still points at the word the error is about


# simulate -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("jobs", ["0", "-3"])
def test_jobs_must_be_at_least_one(jobs):
    result = run("simulate", "touring-1937", "--games", "2", "--jobs", jobs)
    assert result.exit_code == 2 and "--jobs" in result.stderr


def test_plot_into_a_missing_folder_is_refused_before_simulating(tmp_path, monkeypatch):
    monkeypatch.setattr("touring_dsl.simulate.run", lambda *a, **k: pytest.fail("simulated anyway"))
    result = run("simulate", "touring-1937", "--plot", tmp_path / "nowhere" / "x.png")
    assert result.exit_code == 1
    assert f"no such folder {tmp_path / 'nowhere'}" in result.stderr
    assert "internal error" not in result.stderr


def test_plot_onto_a_folder_is_refused_before_simulating(tmp_path, monkeypatch):
    monkeypatch.setattr("touring_dsl.simulate.run", lambda *a, **k: pytest.fail("simulated anyway"))
    result = run("simulate", "touring-1937", "--plot", tmp_path)
    assert result.exit_code == 1 and "is a folder" in result.stderr


def test_plot_without_matplotlib_is_refused_before_simulating(tmp_path, monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "matplotlib" else real(name, *a))
    monkeypatch.setattr("touring_dsl.simulate.run", lambda *a, **k: pytest.fail("simulated anyway"))
    result = run("simulate", "touring-1937", "--plot", tmp_path / "x.png")
    assert result.exit_code == 1
    assert "--plot needs matplotlib: pip install 'touring-dsl[plot]'" in result.stderr


@pytest.mark.skipif(sys.platform != "linux", reason="signals sent to a process group")
def test_ctrl_c_during_simulate_says_so_and_leaves_no_workers(tmp_path):
    command = [sys.executable, "-c", "from touring_dsl.cli.app import main; main()",
               "simulate", "touring-1937", "--games", "1000000", "--jobs", "2"]
    # as from a terminal: Ctrl-C not ignored, even when the test run itself was started with nohup or `&`
    # (an ignored SIGINT is inherited, and touring rightly keeps ignoring it then)
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        _interrupt_and_check(process)
    finally:
        if process.poll() is None:  # never leave a run going when the test fails
            os.killpg(process.pid, signal.SIGKILL)


def _interrupt_and_check(process) -> None:
    time.sleep(4)  # long enough for the workers to be playing
    os.killpg(process.pid, signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "simulation interrupted" in stderr
    assert "Traceback" not in stderr and "ForkPoolWorker" not in stderr
    time.sleep(0.5)
    with pytest.raises(ProcessLookupError):
        os.killpg(process.pid, 0)  # nothing of the group is left


# the app ---------------------------------------------------------------------------------------------------

def test_a_misspelt_command_gets_a_suggestion():
    result = run("shw", "touring-1937")
    assert result.exit_code == 2
    assert "Did you mean 'show'?" in result.stderr


def test_show_does_not_load_the_other_commands():
    code = ("import sys; sys.argv = ['touring', 'show', 'touring-1937']\n"
            "from touring_dsl.cli.app import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "loaded = [m for m in ('touring_dsl.cli.play', 'touring_dsl.cli.simulate', 'touring_dsl.engine', 'rich')"
            " if m in sys.modules]\n"
            "print('LOADED', loaded)")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert "LOADED []" in result.stdout, result.stdout + result.stderr


def test_every_module_of_the_cli_is_a_command_or_a_listed_helper():
    """app.py offers as a command every module beside it that HELPERS does not name: a helper left off that
    list would be offered as a command that cannot be built, and a command listed there would vanish."""
    import ast

    from touring_dsl.cli import app as cli_app

    for path in sorted(Path(cli_app.__file__).parent.glob("*.py")):
        if path.stem == "__init__":
            continue
        defined = {node.name for node in ast.parse(path.read_text(encoding="utf-8")).body
                   if isinstance(node, ast.FunctionDef)}
        assert path.stem.startswith("_") is False, f"cli/{path.name}: a module shared by others has a public name"
        assert ("register" in defined) is (path.stem not in cli_app.HELPERS), (
            f"cli/{path.name}: a command's module defines register(app); a helper is listed in app.HELPERS")
