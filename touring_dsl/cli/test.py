"""CLI stage, `touring test`: compile edition files and run their worked examples on the engine."""
from __future__ import annotations

import sys
from pathlib import Path

import typer

from ..language.compiler import compile_file
from ..language.errors import InternalError, TouringError
from .common import EXIT_USER, edition_files, print_json, report_bug, use_color


def _run_file(path: Path) -> dict:
    """One file's outcome: its examples' results, or its compile errors."""
    from ..play.scenarios import run_examples

    try:
        ruleset = compile_file(path)
    except TouringError as exc:
        return {"file": str(path), "compiled": False, "errors": [d.as_json() for d in exc.diagnostics],
                "rendered": exc.render(color=use_color(sys.stderr)), "examples": []}
    results = run_examples(ruleset)
    return {"file": str(path), "compiled": True, "id": ruleset.id, "errors": [],
            "examples": [r.to_json() for r in results]}


def _failure_line(file: str, example: dict, failure: dict) -> str:
    loc = failure["location"] or example["location"]
    where = f"{loc['file']}:{loc['line']}:{loc['column']}" if loc else file
    return f'{where}: example "{example["title"]}": {failure["message"]}'


def test_cmd(paths: list[Path] = typer.Argument(..., help="Edition files or folders of them."),
             as_json: bool = typer.Option(False, "--json", help="Report as JSON.")) -> None:
    """Run every worked example of the given editions; exit 1 if any fails or a file does not compile."""
    files = edition_files(paths, "test")
    try:
        reports = [_run_file(path) for path in files]
    except InternalError as exc:
        report_bug(exc)
    passed = sum(1 for r in reports for e in r["examples"] if e["passed"])
    failed = sum(1 for r in reports for e in r["examples"] if not e["passed"])
    broken = sum(1 for r in reports if not r["compiled"])
    if as_json:
        print_json({"files": [{k: v for k, v in r.items() if k != "rendered"} for r in reports],
                    "passed": passed, "failed": failed, "files_not_compiled": broken})
    else:
        for report in reports:
            if not report["compiled"]:
                print(report["rendered"], file=sys.stderr)
            for example in report["examples"]:
                for failure in example["failures"]:
                    print(_failure_line(report["file"], example, failure))
        for report in reports:
            if report["compiled"] and not report["examples"]:
                print(f"warning: {report['file']} has no worked examples to run", file=sys.stderr)
        summary = f"{passed} passed, {failed} failed"
        if not passed + failed:
            summary += " (no examples were run)"
        if broken:
            summary += f", {broken} file{'s' if broken > 1 else ''} not compiled"
        print(summary)
    raise typer.Exit(EXIT_USER if failed or broken else 0)


def register(app: typer.Typer) -> None:
    app.command("test")(test_cmd)
