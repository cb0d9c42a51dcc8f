"""CLI stage, start-up: summary commands and `--help` load little, and parameters convert as Typer would."""
from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.core import TyperCommand
from typer.testing import CliRunner

from touring_dsl.cli.app import PlainCommand

ROOT = Path(__file__).resolve().parents[1]
# what a summary command used to spend most of its start-up on
HEAVY = ("pydantic", "typer._adapters", "touring_dsl.language.model", "touring_dsl.language.compiler", "touring_dsl.cli.play",
         "touring_dsl.cli.simulate")
REPORT_MODULES = ("import atexit, sys; atexit.register(lambda: print('LOADED', sorted(sys.modules), file=sys.stderr));"
                  "from touring_dsl.cli.app import main; main()")


def run_fresh(args: list[str], cache: Path) -> tuple[subprocess.CompletedProcess, set[str]]:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "NO_COLOR": "1", "COLUMNS": "80"}
    env.pop("TOURING_NO_CACHE", None)
    result = subprocess.run([sys.executable, "-c", REPORT_MODULES, *args], env=env, cwd=ROOT,
                            capture_output=True, text=True)
    report = next(line for line in result.stderr.splitlines() if line.startswith("LOADED"))
    return result, set(ast.literal_eval(report.removeprefix("LOADED ")))


@pytest.mark.parametrize("args", [["show", "touring-1937"], ["check", "editions/"], ["editions"], ["--help"]])
def test_a_warm_summary_loads_no_pydantic_model_or_other_command(args: list[str], tmp_path: Path) -> None:
    cold, _ = run_fresh(args, tmp_path)
    warm, loaded = run_fresh(args, tmp_path)
    assert (warm.returncode, warm.stdout) == (cold.returncode, cold.stdout) == (0, cold.stdout)
    assert warm.stdout.strip() or "ok   editions/touring-1937.touring (touring-1937)" in warm.stderr
    heavy = sorted(name for name in loaded if name.startswith(HEAVY))
    assert heavy == [], f"`touring {' '.join(args)}` loaded {heavy[:5]}"


def test_help_from_the_cache_lists_what_the_built_commands_say(tmp_path: Path) -> None:
    cold, _ = run_fresh(["--help"], tmp_path)
    warm, _ = run_fresh(["--help"], tmp_path)
    assert warm.stdout == cold.stdout
    for name in ("check", "show", "simulate", "compare", "test"):
        assert f"│ {name} " in warm.stdout


def test_a_command_that_ends_sets_its_heap_aside_from_the_last_collection(tmp_path: Path) -> None:
    """The CLI freezes what is left when a command ends (gc.freeze): the interpreter's last full collection,
    which would walk every object only for the exit to free them (a quarter of a second once numba is
    loaded), walks none of them. Seen from an exit handler, which runs after main() has returned."""
    probe = ("import atexit, gc, sys; atexit.register(lambda: print('FROZEN', gc.get_freeze_count(), file=sys.stderr));"
             "from touring_dsl.cli.app import main; main()")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    for args in (["show", "touring-1937"], ["show", "no-such-edition"]):  # success and a user's failure alike
        result = subprocess.run([sys.executable, "-c", probe, *args], env=env, cwd=ROOT, capture_output=True, text=True)
        frozen = next(line for line in result.stderr.splitlines() if line.startswith("FROZEN"))
        assert int(frozen.split()[1]) > 10_000, (args, result.returncode)


# Plain parameters: a command of PlainCommand converts exactly as Typer's own TyperCommand does.

def received(command_class: type, args: list[str], loud: str | None = None) -> tuple[int, str, str]:
    """What a small command with one parameter of each plain kind receives (or the error it reports)."""
    app = typer.Typer(add_completion=False, pretty_exceptions_enable=False)

    @app.command(cls=command_class)
    def main(name: str, paths: list[Path], label: str | None = typer.Option(None, "--label"),
             where: Path = typer.Option(Path("."), "--where"),
             must: Path | None = typer.Option(None, "--must", exists=True, dir_okay=False),
             flag: bool = typer.Option(False, "--flag"),
             loud: bool = typer.Option(False, "--loud", envvar="TOURING_TEST_LOUD"),
             count: int = typer.Option(1, "--count"),
             jobs: int = typer.Option(2, "--jobs", min=1),
             seed: int | None = typer.Option(None, "--seed")) -> None:
        values = [name, paths, label, where, must, flag, loud, count, jobs, seed]
        print(repr([(type(value).__name__, value) for value in values]))

    env = {"NO_COLOR": "1", "COLUMNS": "80"} | ({"TOURING_TEST_LOUD": loud} if loud is not None else {})
    result = CliRunner().invoke(app, args, env=env)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("args", [
    ["a", "b"],
    ["a", "b", "c", "--label", "x y", "--where", "editions", "--flag"],
    ["a", "b", "--must", "pyproject.toml"],
    ["a", "b", "--must", "no-such-file"],
    ["a", "b", "--must", "editions"],
    ["a"],
    ["--flag"],
    ["a", "b", "--label"],
    ["a", "b", "--count", "12", "--jobs", "1", "--seed", "-4"],
    ["a", "b", "--count", "007", "--seed", "0"],
    ["a", "b", "--jobs", "0"],
    ["a", "b", "--jobs", "-3"],
    ["a", "b", "--count", "x"],
    ["a", "b", "--count", "²"],
    ["a", "b", "--count", "1.5"],
    ["a", "b", "--count", " 3"],
    ["a", "b", "--count", "+3"],
    ["a", "b", "--count", "1_000"],
    ["a", "b", "--count", "9" * 30],
    ["a", "b", "--count", ""],
])
def test_plain_parameters_convert_as_typer_does(args: list[str], monkeypatch) -> None:
    monkeypatch.chdir(ROOT)
    assert received(PlainCommand, args) == received(TyperCommand, args)


@pytest.mark.parametrize("loud", ["yes", "0", "maybe"])
def test_values_that_are_not_plain_go_to_typer(loud: str) -> None:
    # a flag from the environment is text, not a bool: Typer's own converter reads it
    args = ["a", "b", "--count", "3"]
    assert received(PlainCommand, args, loud) == received(TyperCommand, args, loud)


@settings(max_examples=40, deadline=None)
@given(st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), min_size=1)
       .filter(lambda text: not text.startswith("-")))
def test_any_text_converts_as_typer_does(text: str) -> None:
    args = [text, text, "--label", text, "--where", text]
    assert received(PlainCommand, args) == received(TyperCommand, args)


@settings(max_examples=40, deadline=None)
@given(st.one_of(st.integers(-10**20, 10**20).map(str),
                 st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), min_size=1))
       .filter(lambda text: not text.startswith("--")))
def test_any_number_converts_as_typer_does(text: str) -> None:
    args = ["a", "b", "--count", text, "--jobs", text]
    assert received(PlainCommand, args) == received(TyperCommand, args)
