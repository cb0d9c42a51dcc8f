"""Language server stage, text positions: the compiler's 1-based character columns <-> the protocol's
0-based UTF-16 positions, the word or quoted name under the cursor, and the file's braced blocks."""
from __future__ import annotations

import re
from dataclasses import dataclass

from lsprotocol import types as t


def utf16_column(line: str, index: int) -> int:
    """The UTF-16 offset of character `index` in a line (a character beyond the BMP counts two)."""
    head = line[:max(0, index)]
    return len(head) + sum(1 for ch in head if ord(ch) > 0xFFFF)


def char_index(line: str, column: int) -> int:
    """The character index of a UTF-16 offset in a line."""
    units = 0
    for i, ch in enumerate(line):
        if units >= column:
            return i
        units += 2 if ord(ch) > 0xFFFF else 1
    return len(line)


def lines_of(text: str) -> list[str]:
    """The lines as the compiler numbers them (a final newline opens no extra line to point at)."""
    return text.split("\n")


def position(lines: list[str], line: int, column: int) -> t.Position:
    """A compiler's (1-based line, 1-based character column) as a protocol position, clamped to the text."""
    row = min(max(line - 1, 0), max(len(lines) - 1, 0))
    text = lines[row] if lines else ""
    return t.Position(line=row, character=utf16_column(text, max(column - 1, 0)))


def span_range(lines: list[str], line: int, column: int, length: int) -> t.Range:
    return t.Range(start=position(lines, line, column), end=position(lines, line, column + max(1, length)))


def offset_at(lines: list[str], pos: t.Position) -> tuple[int, int]:
    """(line index, character index) of a protocol position, clamped to the text."""
    row = min(max(pos.line, 0), max(len(lines) - 1, 0))
    return row, char_index(lines[row] if lines else "", pos.character)


@dataclass(frozen=True)
class Word:
    """The quoted name or bare word at a position: its text (unquoted), where it is, and whether quoted."""

    value: str
    line: int  # 0-based
    start: int  # character index of its first character (the opening quote for a quoted name)
    end: int
    quoted: bool


_WORD = re.compile(r'"[^"\n]*"?|[A-Za-z0-9_-]+')


def word_at(lines: list[str], pos: t.Position) -> Word | None:
    row, index = offset_at(lines, pos)
    text = lines[row] if lines else ""
    code = text.split("#", 1)[0] if '"' not in text else code_part(text)
    for match in _WORD.finditer(code):
        if match.start() <= index <= match.end() and (index < match.end() or match.end() > match.start()):
            found = match.group()
            if found.startswith('"'):
                return Word(found.strip('"'), row, match.start(), match.end(), True)
            return Word(found, row, match.start(), match.end(), False)
    return None


def code_part(line: str) -> str:
    """A line without its comment (a `#` inside a quoted name is no comment)."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted:
            return line[:i]
    return line


def word_range(lines: list[str], word: Word) -> t.Range:
    text = lines[word.line]
    return t.Range(start=t.Position(line=word.line, character=utf16_column(text, word.start)),
                   end=t.Position(line=word.line, character=utf16_column(text, word.end)))


@dataclass(frozen=True)
class Block:
    """A `{ ... }` of the file: where it opens and closes (0-based line, character index), and its depth."""

    open_line: int
    open_char: int
    close_line: int | None  # None: never closed
    close_char: int | None
    depth: int


def blocks(lines: list[str]) -> list[Block]:
    """Every braced block, in the order they open, skipping quoted names and comments."""
    found: list[Block] = []
    stack: list[tuple[int, int, int]] = []
    for row, text in enumerate(lines):
        code = code_part(text)
        quoted = False
        for i, ch in enumerate(code):
            if ch == '"':
                quoted = not quoted
            elif quoted:
                continue
            elif ch == "{":
                stack.append((row, i, len(found)))
                found.append(Block(row, i, None, None, len(stack) - 1))
            elif ch == "}" and stack:
                open_row, open_i, at = stack.pop()
                found[at] = Block(open_row, open_i, row, i, len(stack))
    return found


def comment_runs(lines: list[str]) -> list[tuple[int, int]]:
    """Runs of two or more whole-line comments, as (first line, last line)."""
    runs, start = [], None
    for row, text in enumerate(lines + [""]):
        if text.lstrip().startswith("#"):
            start = row if start is None else start
        else:
            if start is not None and row - 1 > start:
                runs.append((start, row - 1))
            start = None
    return runs
