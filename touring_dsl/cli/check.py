"""CLI stage, `touring check`: compile files and report every error, located."""
from __future__ import annotations

import sys
from pathlib import Path

import typer

from ..errors import InternalError, TouringError
from ..ruleset_cache import view_cached
from .common import EXIT_USER, edition_files, print_json, report_bug, use_color


def check(paths: list[Path] = typer.Argument(..., help="Edition files or folders of them."),
          as_json: bool = typer.Option(False, "--json", help="Report as JSON.")) -> None:
    """Compile edition files and report every error; exit 1 if any file has errors."""
    files = edition_files(paths, "check")
    results, failed = [], 0
    for path in files:
        try:
            edition_id = view_cached(path, str(path), "id", _edition_id)  # an unchanged file is not compiled again
            results.append({"file": str(path), "ok": True, "id": edition_id, "errors": []})
            if not as_json:
                print(f"ok   {path} ({edition_id})", file=sys.stderr)
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


def _edition_id(ruleset) -> str:
    return ruleset.id


def register(app: typer.Typer) -> None:
    app.command("check")(check)
