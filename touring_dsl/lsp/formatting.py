"""Language server stage, formatting: the whole document laid out as `touring fmt` lays it out.

HOOK: `touring fmt` (touring_dsl/language/format.py, its `format_text`) is being written separately.
Where it is not yet in the package, `formatted` returns None and formatting makes no edits; once it
lands, the server answers textDocument/formatting with one edit replacing the text by its layout. A
text that does not parse is left as written (its errors are already underlined).
"""
from __future__ import annotations

from lsprotocol import types as t

from ..language.errors import TouringError
from .analysis import Analysis
from .text import utf16_column


def formatted(text: str, file: str) -> str | None:
    """The canonical layout of an edition's text; None while no formatter exists, or the text does not parse."""
    try:
        from ..language.format import format_text  # `touring fmt`'s layout, once it lands
    except ImportError:
        return None
    try:
        return format_text(text, file)
    except TouringError:
        return None


def format_edits(analysis: Analysis) -> list[t.TextEdit]:
    """One edit replacing the document by its canonical layout; none when it is already so, or no formatter."""
    if analysis.too_large:
        return []
    new = formatted(analysis.text, analysis.file)
    if new is None or new == analysis.text:
        return []
    last = analysis.lines[-1] if analysis.lines else ""
    end = t.Position(line=max(len(analysis.lines) - 1, 0), character=utf16_column(last, len(last)))
    return [t.TextEdit(range=t.Range(start=t.Position(line=0, character=0), end=end), new_text=new)]
