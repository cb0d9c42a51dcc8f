"""CLI stage, `touring check`: compile files and report every error, located."""
from __future__ import annotations

import sys
from pathlib import Path

import typer

from ..language.errors import InternalError, TouringError
from ..language.ruleset_cache import view_cached
from .common import EXIT_USER, edition_files, print_json, report_bug, use_color


def check(paths: list[Path] = typer.Argument(..., help="Edition files or folders of them."),
          as_json: bool = typer.Option(False, "--json", help="Report as JSON.")) -> None:
    """Compile edition files and report every error; exit 1 if any file has errors."""
    files = edition_files(paths, "check")
    results, failed = [], 0
    for path in files:
        try:
            # an unchanged file is not compiled again: its id and warnings are read from the cache
            view = view_cached(path, str(path), "checked", _checked)
            results.append({"file": str(path), "ok": True, "id": view["id"], "errors": [],
                            "warnings": view["warnings"]})
            if not as_json:
                print(f"ok   {path} ({view['id']})", file=sys.stderr)
                for warning in view["rendered"]:
                    print(warning, file=sys.stderr)
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


def _checked(ruleset) -> dict:
    """What `check` reports of a file that compiles: its id and any warnings, as plain data to cache."""
    from ..language.advice import warnings_for

    warnings = warnings_for(ruleset)
    return {"id": ruleset.id, "warnings": [w.as_json() for w in warnings],
            "rendered": [w.render() for w in warnings]}


def register(app: typer.Typer) -> None:
    app.command("check")(check)
