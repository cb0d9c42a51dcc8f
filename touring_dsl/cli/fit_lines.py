"""CLI stage, lines that fit the terminal: long lines broken between words, continued under their own column.

A terminal left to itself breaks a long line at the last column, mid-word ("no Flat T / ire is
holding..."). Here a line too wide is broken at the last space that fits, and its continuation is
indented under the column the line's text starts in: a hand's reason under the reason, a help entry's
words under its words. Only a terminal is fitted: piped output keeps one line per line, for tools.
"""
from __future__ import annotations

import re

from rich.console import Console
from rich.text import Text

# a gap of two or more spaces after some text: where a line's second column starts ("Spare Tire    cannot play")
_COLUMN_GAP = re.compile(r"\S( {2,})(?=\S)")


def fitted(line: Text, width: int) -> list[Text]:
    """`line` broken between words into lines of at most `width` cells (a word longer than a line is cut)."""
    result: list[Text] = []
    for part in line.split("\n", allow_blank=True):
        result += _fit_one(part, max(width, 8))
    return result


def _fit_one(line: Text, width: int) -> list[Text]:
    plain = line.plain
    if len(plain) <= width:
        return [line]
    hang = _hang(plain, width)
    pieces, start, room = [], 0, width
    while len(plain) - start > room:
        cut = _break_at(plain, start, room)
        piece = line[start:cut]
        piece.rstrip()
        pieces.append(piece)
        start = cut
        while start < len(plain) and plain[start] == " ":
            start += 1
        room = width - hang
    if start < len(plain):
        pieces.append(line[start:])
    return [pieces[0]] + [Text(" " * hang, style=line.style).append_text(piece) for piece in pieces[1:]]


def _break_at(plain: str, start: int, room: int) -> int:
    """Where to end the piece that starts at `start`: between two items of a list ("5. Roll   6. Speed Limit")
    when such a gap falls in the piece's second half, else at the last space that fits, else (one long word)
    at `room`."""
    indent = len(plain[start:]) - len(plain[start:].lstrip(" "))
    gap = plain.rfind("  ", start + indent + room // 2, start + room + 1)
    if gap > 0:
        return gap
    space = plain.rfind(" ", start + indent + 1, start + room + 1)
    return space if space > start + indent else start + room


def _hang(plain: str, width: int) -> int:
    """The column a continuation starts in: the line's second column when it has one in its first half,
    else two spaces in from the line's own indent (none for a paragraph that starts at the margin)."""
    indent = len(plain) - len(plain.lstrip(" "))
    gap = _COLUMN_GAP.search(plain, indent)
    if gap is not None and gap.end() <= width // 2:
        return gap.end()
    return indent + 2 if indent else 0


def print_fitted(console: Console, text: str | Text, style: str | None = None) -> None:
    """Print `text` (markup never read); on a terminal, each line fitted to its width between words."""
    line = text if isinstance(text, Text) else Text(text, style=style or "")
    if not console.is_terminal:
        console.print(line, markup=False, highlight=False)
        return
    for piece in fitted(line, console.width):
        console.print(piece, markup=False, highlight=False)


def fitted_prompt(console: Console, prompt: str) -> str:
    """A prompt for input(): on a terminal too narrow for it, its first lines are printed fitted, and the
    last line, where the answer is typed, is returned."""
    if not console.is_terminal or len(prompt) <= console.width:
        return prompt
    *before, last = fitted(Text(prompt), console.width)
    for piece in before:
        console.print(piece, markup=False, highlight=False)
    return last.plain
