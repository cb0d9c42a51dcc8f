"""CLI stage, `touring check`: compile files and report every error, located."""
from __future__ import annotations

import sys
from pathlib import Path

import typer

from ..compiler import SUFFIX, compile_file
from ..errors import InternalError, TouringError
from .common import EXIT_BUG, EXIT_USAGE, EXIT_USER, print_json, report_bug, use_color


def _expand(paths: list[Path]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(path.rglob(f"*{SUFFIX}")))
        else:
            files.append(path)
    return files


def check(paths: list[Path] = typer.Argument(..., help="Edition files or folders of them."),
          as_json: bool = typer.Option(False, "--json", help="Report as JSON.")) -> None:
    """Compile edition files and report every error; exit 1 if any file has errors."""
    files = _expand(paths)
    missing = [p for p in files if not p.exists()]
    if missing:
        print(f"touring check: no such file: {missing[0]}", file=sys.stderr)
        raise typer.Exit(EXIT_USAGE)
    results, failed = [], 0
    for path in files:
        try:
            ruleset = compile_file(path)
            results.append({"file": str(path), "ok": True, "id": ruleset.id, "errors": []})
            if not as_json:
                print(f"ok   {path} ({ruleset.id})", file=sys.stderr)
        except TouringError as exc:
            failed += 1
            results.append({"file": str(path), "ok": False, "errors": [d.as_json() for d in exc.diagnostics]})
            if not as_json:
                print(exc.render(color=use_color(sys.stderr)), file=sys.stderr)
        except InternalError as exc:
            report_bug(exc)
    if as_json:
        print_json(results)
    elif len(files) > 1:
        print(f"{len(files) - failed} of {len(files)} files compiled", file=sys.stderr)
    raise typer.Exit(EXIT_USER if failed else 0)


def register(app: typer.Typer) -> None:
    app.command("check")(check)
