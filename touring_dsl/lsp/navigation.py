"""Language server stage, navigation: go to a card's declaration, to the parent edition's rule that a
`change` or `remove` modifies (in the archive's file, which the editor opens for reading), and find a
card's uses."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from lsprotocol import types as t

from ..language.errors import Span
from ..language.locate import find_parent
from ..language.syntax import Document, Name
from .analysis import Analysis, uri_of
from .text import span_range, word_at

PARENTS_DEEP = 8  # an `extends` chain is followed this far at most (a cycle is the compiler's error to report)


def definition(analysis: Analysis, pos: t.Position) -> list[t.Location]:
    doc = analysis.document
    if doc is None:
        return []
    word = word_at(analysis.lines, pos)
    if word is not None and word.quoted:
        if doc.extends is not None and doc.extends.span.line == word.line + 1:
            parent = find_parent(doc.extends.value, analysis.base_dir)
            return [_at(parent, 1, 1, 1)] if parent is not None else []
        own = [s for s in doc.stmts if s.kind == "card" and s.data["name"].value == word.value and s.op != "remove"
               and s.op != "change"]
        if own:
            return [t.Location(uri=analysis.uri, range=_name_range(analysis, s.data["name"])) for s in own]
        found = _in_parents(analysis, ("deck", "card", word.value), doc)
        if found:
            return found
    stmt = _stmt_on(doc, pos.line + 1)
    if stmt is not None and stmt.op in ("change", "remove"):
        return _in_parents(analysis, stmt.key, doc)
    head = next((s for s in doc.stmts if stmt is not None and s.key == stmt.section and s.section is None), None)
    if head is not None and head.op == "change":  # a rule restated inside a changed section
        return _in_parents(analysis, stmt.key, doc) or _in_parents(analysis, head.key, doc)
    return []


def references(analysis: Analysis, pos: t.Position, with_declaration: bool = True) -> list[t.Location]:
    """Every place this file names the card under the cursor (its declaration too, when asked)."""
    doc = analysis.document
    word = word_at(analysis.lines, pos)
    if doc is None or word is None or not word.quoted:
        return []
    known = analysis.known
    cards = {c.name for c in known.deck} if known is not None else set()
    cards |= {s.data["name"].value for s in doc.stmts if s.kind == "card"}
    if word.value not in cards:
        return []
    found = []
    for name, declares in card_names(doc):
        if name.value == word.value and (with_declaration or not declares):
            found.append(t.Location(uri=analysis.uri, range=_name_range(analysis, name)))
    return found


def card_names(doc: Document) -> list[tuple[Name, bool]]:
    """Every quoted name in the file's rules and examples that can name a card, and whether it declares one.
    A setup's name, a note, a pile's given name and an example's title are never cards."""
    found: list[tuple[Name, bool]] = []
    for stmt in doc.stmts:
        if stmt.kind in ("setup", "note", "pile_name"):
            continue
        for key, value in stmt.data.items():
            declares = stmt.kind == "card" and key == "name"
            found += [(n, declares) for n in _names(value)]
    for example in doc.examples:
        found += [(n, False) for n in _names(example["items"])]
    return sorted(found, key=lambda f: (f[0].span.line, f[0].span.column))


def _names(value) -> list[Name]:
    if isinstance(value, Name):
        return [value] if isinstance(value.value, str) else []
    if isinstance(value, dict):
        return [n for v in value.values() for n in _names(v)]
    if isinstance(value, (list, tuple)):
        return [n for v in value for n in _names(v)]
    return []


def _stmt_on(doc: Document, line: int):
    """The statement written on a line, else the nearest one starting before it (none inside an example)."""
    found, start = None, 0
    for stmt in doc.stmts:
        if start <= stmt.span.line <= line:
            found, start = stmt, stmt.span.line
    if any(start < example["span"].line <= line for example in doc.examples):
        return None
    return found


def _in_parents(analysis: Analysis, key: tuple, doc: Document) -> list[t.Location]:
    """The nearest ancestor's statement that sets this key (written plainly, added or changed there)."""
    ref, base = doc.extends.value if doc.extends is not None else None, analysis.base_dir
    for _ in range(PARENTS_DEEP):
        if ref is None:
            return []
        path = find_parent(ref, base)
        if path is None:
            return []
        parent = _parsed(str(path.resolve()), path.stat().st_mtime_ns)
        if parent is None:
            return []
        for stmt in parent.stmts:
            if stmt.key == key and stmt.op != "remove":
                name = stmt.data.get("name")
                if isinstance(name, Name) and stmt.kind == "card":
                    return [_at(path, name.span.line, name.span.column, name.span.length)]
                return [_at(path, stmt.span.line, stmt.span.column, None)]
        ref, base = (parent.extends.value if parent.extends is not None else None), path.parent
    return []


@lru_cache(maxsize=32)
def _parsed(path: str, mtime: int) -> Document | None:
    from ..language.syntax import parse

    try:
        return parse(Path(path).read_text(encoding="utf-8"), path)
    except Exception:  # noqa: BLE001 - a parent that does not parse has nothing to go to
        return None


def _at(path: Path, line: int, column: int, length: int | None) -> t.Location:
    """A place in another file; length None: to the end of its line (a statement's first line)."""
    try:
        lines = path.read_text(encoding="utf-8").split("\n")
    except (OSError, UnicodeDecodeError):
        lines = []
    if length is None and 0 < line <= len(lines):
        length = max(1, len(lines[line - 1].rstrip()) - column + 1)
    return t.Location(uri=uri_of(path), range=span_range(lines, line, column, length) if lines else
                      t.Range(start=t.Position(line=line - 1, character=0), end=t.Position(line=line - 1, character=0)))


def _name_range(analysis: Analysis, name: Name) -> t.Range:
    span: Span = name.span
    return span_range(analysis.lines, span.line, span.column, span.length)
