"""Language server stage, parsing as the author types: the text parsed piece by piece, each piece kept.

An edition is its header block and then items (sections and worked examples), and any run of whole
items parses on its own after a header. So the text is cut after every `}` that closes a top-level
block, each piece is parsed after a stand-in header, padded so its lines and columns are the file's,
and the pieces' statements are joined into the file's Document. A piece unchanged since the last parse
(the same text, starting at the same column) is not parsed again, only moved to its new line when lines
were added or taken out above it: an edit inside one section costs the parse of that section alone. Should any piece not parse, the whole text is left to the parser (the compiler's,
when it compiles: compiler.compile_text's parse_with), so every syntax error is reported as
`touring check` reports it.
"""
from __future__ import annotations

import dataclasses
import re
import threading
from dataclasses import dataclass

from ..language.errors import Span, TouringError
from ..language.syntax import Annot, Document, Name, Stmt, parse

_STAND_IN = 'edition "piece" {}'  # on line 1: every piece after the header starts on line 2 or later
KEPT_FILES = 16  # files whose pieces are kept (the open documents and the editions they extend)


@dataclass(frozen=True)
class _Piece:
    line: int  # where its first character is, 1-based, as the file numbers it
    column: int
    text: str

    @property
    def key(self) -> tuple[str, int]:
        return self.text, self.column


_kept: dict[str, dict[tuple[str, int], tuple[int, list, list]]] = {}  # file -> piece -> (its line, statements, examples)
_whole: dict[str, tuple[str, Document]] = {}  # file -> its last text and Document
_lock = threading.Lock()


def parse_reusing(text: str, file: str) -> Document:
    """The Document of a text, as syntax.parse gives it (or its errors), re-parsing only the pieces an edit
    changed."""
    return reused_document(text, file) or parse(text, file)


def reused_document(text: str, file: str) -> Document | None:
    """The Document of a text made from its pieces, or None when it is one piece or a piece does not parse:
    then the whole text is the parser's to read (as the compiler does, reporting every error)."""
    with _lock:
        last = _whole.get(file)
    if last is not None and last[0] == text:
        return _copy(last[1])
    pieces = cut(text)
    if len(pieces) < 2 or pieces[1].line < 2:
        return None  # one piece, or items on the header's line: nothing to reuse
    with _lock:
        before = _kept.get(file, {})
    now: dict[tuple[str, int], tuple[int, list, list]] = {}
    try:
        header = parse(pieces[0].text, file)
        stmts, examples = list(header.stmts), list(header.examples)
        for piece in pieces[1:]:
            found = _moved(now.get(piece.key) or before.get(piece.key), piece.line) or _parsed(piece, file)
            now[piece.key] = found
            stmts += found[1]
            examples += found[2]
    except TouringError:
        return None
    document = Document(file, text, header.id, header.extends, dict(header.meta), list(header.sources), stmts,
                        examples)
    with _lock:
        _kept.pop(file, None)  # put back last: the files least recently parsed are dropped first
        _whole.pop(file, None)
        _kept[file] = now
        _whole[file] = (text, document)
        for old in list(_kept)[:-KEPT_FILES]:
            _kept.pop(old, None)
            _whole.pop(old, None)
    return _copy(document)


def forget_pieces(file: str) -> None:
    """Drop what is kept of a file's parse (its document closed, or a draft let go)."""
    with _lock:
        _kept.pop(file, None)
        _whole.pop(file, None)


def _parsed(piece: _Piece, file: str) -> tuple[int, list, list]:
    padded = _STAND_IN + "\n" * (piece.line - 1) + " " * (piece.column - 1) + piece.text
    document = parse(padded, file)
    return piece.line, document.stmts, document.examples


class _Unknown(Exception):
    """A parsed value of a kind the move does not know: the piece is parsed again rather than guessed at."""


def _moved(kept: tuple[int, list, list] | None, line: int) -> tuple[int, list, list] | None:
    """A kept piece's statements and examples, moved to start on `line`; None when nothing is kept."""
    if kept is None:
        return None
    if kept[0] == line:
        return kept
    try:
        return line, _shift(kept[1], line - kept[0]), _shift(kept[2], line - kept[0])
    except _Unknown:
        return None


def _copy(document: Document) -> Document:
    """A Document of its own (its lists and tables), so no reader can change what is kept."""
    return Document(document.file, document.text, document.id, document.extends, dict(document.meta),
                    list(document.sources), list(document.stmts), list(document.examples))


_PLAIN = (str, int, float, bool, type(None))


def _shift(value, lines: int):
    """A copy of a parsed value with every Span in it moved down by `lines` (the rest shared). The
    syntax's own classes are rebuilt directly (most of an edit's cost once lines move); any other
    dataclass field by field; anything else is not guessed at."""
    kind = type(value)
    if kind in _PLAIN or kind is tuple and not value:
        return value
    if kind is Span:
        return Span(value.file, value.line + lines, value.column, value.length)
    if kind is Name:
        span = value.span
        return Name(_shift(value.value, lines), Span(span.file, span.line + lines, span.column, span.length))
    if kind is Stmt:  # its op, key, kind and section are words
        return Stmt(value.op, value.key, value.kind, _shift(value.data, lines), _shift(value.annots, lines),
                    _shift(value.span, lines), value.section)
    if kind is Annot:
        return Annot(value.kind, _shift(value.source, lines), value.text, value.reason, _shift(value.span, lines))
    if kind is list:
        return [_shift(item, lines) for item in value]
    if kind is tuple:
        return tuple(_shift(item, lines) for item in value)
    if kind is dict:
        return {key: _shift(item, lines) for key, item in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.replace(value, **{f.name: _shift(getattr(value, f.name), lines)
                                             for f in dataclasses.fields(value) if f.init})
    raise _Unknown(kind.__name__)


_MARKS = re.compile(r'#[^\n]*|"[^"\n]*"|"|[{}]')


def cut(text: str) -> list[_Piece]:
    """The text in pieces: up to each `}` closing a top-level block, then the rest (quoted names and
    comments skipped, as the parser skips them)."""
    ends: list[int] = []
    depth = 0
    for mark in _MARKS.finditer(text):
        token = mark.group()
        if token == '"':  # a quoted name never closed on its line: the parser reports it
            return [_Piece(1, 1, text)]
        if token == "{":
            depth += 1
        elif token == "}":
            depth -= 1
            if depth < 0:
                return [_Piece(1, 1, text)]
            if depth == 0:
                ends.append(mark.end())
    if not ends or ends[-1] < len(text):
        ends.append(len(text))
    pieces, start, line = [], 0, 1
    for end in ends:
        column = start - (text.rfind("\n", 0, start) + 1) + 1
        pieces.append(_Piece(line, column, text[start:end]))
        line += text.count("\n", start, end)
        start = end
    return pieces
