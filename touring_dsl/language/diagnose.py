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

from pathlib import Path

from .errors import Diagnostic, TouringError


def diagnostics(text: str, file: str = "<text>", base_dir: str | Path = ".") -> list[Diagnostic]:
    """Every error of `text` (an edition file's contents, named `file`, its `extends` looked up beside
    base_dir, then in the archive) in the order written; or, when it compiles, its warnings."""
    from .advice import variant_warnings
    from .compiler import compile_text

    try:
        ruleset = compile_text(text, file, base_dir)
    except TouringError as exc:
        return list(exc.diagnostics)
    return variant_warnings(ruleset, _parent(ruleset.parent, Path(base_dir)), text.splitlines())


def _parent(parent: str | None, base_dir: Path):
    """The parent edition, found as the compile found it (beside base_dir, then in the archive)."""
    from .archive import load
    from .locate import find_edition

    path = find_edition(parent, base_dir) if parent else None
    try:
        return load(str(path)) if path else None
    except TouringError:  # (it compiled a moment ago: only a file changed since would fail)
        return None
