"""Language server stage, formatting: the whole document laid out as `touring fmt` lays it out.

HOOK: `touring fmt` (touring_dsl/language/format.py) is being written separately. Until it lands,
`formatted` returns None and formatting makes no edits; when it lands, `formatted` calls it, and the
server already answers textDocument/formatting with one edit replacing the text.
"""
from __future__ import annotations

from lsprotocol import types as t

from .analysis import Analysis
from .text import utf16_column


def formatted(text: str) -> str | None:
    """The canonical layout of an edition's text, or None while no formatter exists (the hook)."""
    return None


def format_edits(analysis: Analysis) -> list[t.TextEdit]:
    """One edit replacing the document by its canonical layout; none when it is already so, or no formatter."""
    if analysis.too_large:
        return []
    new = formatted(analysis.text)
    if new is None or new == analysis.text:
        return []
    last = analysis.lines[-1] if analysis.lines else ""
    end = t.Position(line=max(len(analysis.lines) - 1, 0), character=utf16_column(last, len(last)))
    return [t.TextEdit(range=t.Range(start=t.Position(line=0, character=0), end=end), new_text=new)]
