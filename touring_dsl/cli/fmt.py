"""CLI stage, `touring fmt`: edition files rewritten in the one canonical layout (language/format.py).

A file that does not parse is never rewritten: its syntax errors are printed and the command exits 1.
"""
from __future__ import annotations

import difflib
import os
import sys
import tempfile
from pathlib import Path

import typer

from ..language.errors import InternalError, TouringError
from .common import EXIT_USAGE, EXIT_USER, edition_files, fail, report_bug, use_color

STDIN = Path("-")


def fmt(paths: list[Path] = typer.Argument(..., help="Edition files or folders of them; - reads standard input "
                                                        "and writes the result to standard output."),
        check: bool = typer.Option(False, "--check", help="Rewrite nothing; list the files that would change and "
                                                          "exit 1 if any would (for CI)."),
        diff: bool = typer.Option(False, "--diff", help="Rewrite nothing; show each change as a unified diff.")) -> None:
    """Rewrite edition files in the canonical layout (indentation, spacing, one statement a line)."""
    if STDIN in paths:
        if len(paths) > 1:
            fail("touring fmt: - (standard input) cannot be given with files", EXIT_USAGE)
        raise typer.Exit(_format_stdin(check, diff))
    files = edition_files(paths, "fmt")
    changed = failed = 0
    for path in files:
        outcome = _format_file(path, check, diff)
        changed += outcome == "changed"
        failed += outcome == "failed"
    unchanged = len(files) - changed - failed
    verb = "would be reformatted" if check or diff else "reformatted"
    print(f"{changed} file{'s' if changed != 1 else ''} {verb}, {unchanged} unchanged"
          + (f", {failed} not formatted (errors above)" if failed else ""), file=sys.stderr)
    raise typer.Exit(EXIT_USER if failed or (check and changed) else 0)


def _format_file(path: Path, check: bool, diff: bool) -> str:
    """Format one file: "changed", "same" or "failed" (its errors printed; the file left as it was)."""
    try:
        with open(path, encoding="utf-8", newline="") as file:
            text = file.read()
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else "it is not UTF-8 text"
        print(f"touring fmt: cannot read {path}: {reason}", file=sys.stderr)
        return "failed"
    formatted = _formatted(text, str(path))
    if formatted is None:
        return "failed"
    if formatted == text:
        return "same"
    if diff:
        sys.stdout.write(_diff(text, formatted, str(path)))
    if check:
        print(f"would reformat {path}", file=sys.stderr)
    if not check and not diff:
        _replace(path, formatted)
    return "changed"


def _format_stdin(check: bool, diff: bool) -> int:
    text = sys.stdin.read()
    formatted = _formatted(text, "<stdin>")
    if formatted is None:
        return EXIT_USER
    if diff:
        sys.stdout.write(_diff(text, formatted, "<stdin>"))
    elif not check:
        sys.stdout.write(formatted)
    if check and formatted != text:
        print("would reformat <stdin>", file=sys.stderr)
        return EXIT_USER
    return 0


def _formatted(text: str, name: str) -> str | None:
    """The text formatted, or None after printing why it cannot be (it does not parse)."""
    try:
        from ..language.format import format_text

        return format_text(text, name)
    except TouringError as exc:
        print(exc.render(color=use_color(sys.stderr)), file=sys.stderr)
        print(f"touring fmt: {name} is not formatted: it does not parse", file=sys.stderr)
        return None
    except InternalError as exc:
        report_bug(exc)


def _diff(before: str, after: str, name: str) -> str:
    return "".join(difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                        f"{name} (as written)", f"{name} (formatted)"))


def _replace(path: Path, text: str) -> None:
    """Write the file whole or not at all: a new file beside it, then renamed over it."""
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="") as file:
            file.write(text)
        os.chmod(temporary, path.stat().st_mode & 0o7777)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def register(app: typer.Typer) -> None:
    app.command("fmt")(fmt)
