"""Check stage, for editors: every error and warning of an edition's text, as a list (never raised).

`diagnostics` is what `touring check` reports for a file, for a text that need not be saved: the
syntax errors (every one, recovery.py), then the compile errors of what parsed, then, when it compiles,
the warnings (advice.py). A language server turns each into an editor's diagnostic:

- `severity`: "error" or "warning"; `code` (E100..., W100; docs/errors.md explains each), `message`, `hint`;
- `span`: `file`, `line` and `column` (both from 1) and `length` (characters, on that one line): the range
  is line - 1, column - 1 to line - 1, `span.end_column` - 1 in an editor's 0-based terms;
- `notes`: other places that explain it (where an unclosed block opened, where the parser noticed), each a
  `Note` with its own span and message.
A bug in touring raises InternalError (errors.py), as everywhere: it is never the author's mistake.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from .errors import Diagnostic, TouringError


def diagnostics(text: str, file: str = "<text>", base_dir: str | Path = ".") -> list[Diagnostic]:
    """Every error of `text` (an edition file's contents, named `file`, its `extends` looked up beside
    base_dir, then in the archive) in the order written; or, when it compiles, its warnings."""
    from .advice import warnings_for
    from .compiler import compile_text

    try:
        ruleset = compile_text(text, file, base_dir)
    except TouringError as exc:
        return list(exc.diagnostics)
    lines = text.splitlines()
    return [_with_line(w, file, lines) for w in warnings_for(ruleset)]


def _with_line(diagnostic: Diagnostic, file: str, lines: list[str]) -> Diagnostic:
    """A warning's excerpt from the text given (the file on disk may not hold it yet)."""
    span = diagnostic.span
    if span is None or span.file != file or not 0 < span.line <= len(lines):
        return diagnostic
    return replace(diagnostic, source_line=lines[span.line - 1])
