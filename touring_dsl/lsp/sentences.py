"""Language server stage, the rulebook's sentence for each rule: what hover shows on a statement.

The rulebook is written from the compiled Ruleset, part by part, and marks each sentence with the
provenance of the rules it rests on (rulebook.document's refs: the [A1] marks of the scholarly edition).
So the map is read from the rulebook itself: every located provenance is given one marker assumption
of its own in place of its assumptions, the scholarly rulebook is written, and each paragraph, list item or table row
carrying a marker is the sentence printed for the rule written at that marker's place. Nothing is worded
twice: a rule the rulebook words as part of its section (a turn's `hand 5`) is found through its section.
"""
from __future__ import annotations

from pydantic import BaseModel

from ..language.model import Assumption, Provenance
from ..rulebook.blocks import Bullets, CardName, Paragraph, Ref, Section, Strong, Table, Worked

_MARK = "\x00lsp-rule-at\x00"


def rulebook_sentences(ruleset, file: str) -> dict[int, list[tuple[str, str]]]:
    """{line (1-based) in `file`: [(rulebook section title, sentence)]} for every rule the rulebook prints."""
    from ..rulebook.document import build

    marked = _mark(ruleset)
    try:
        book = build(marked, edition="scholarly")
    except Exception:  # noqa: BLE001 - hover then shows the rule without its sentence, never an error
        return {}
    numbers = {i + 1: a for i, a in enumerate(marked.assumptions())}  # as the scholarly rulebook numbers them
    found: dict[int, list[tuple[str, str]]] = {}
    for title, body in _texts(book.sections):
        for part in body:
            if not isinstance(part, Ref):
                continue
            mark = numbers.get(part.number)
            if mark is None or not mark.text.startswith(_MARK) or mark.subject != file:
                continue
            line = int(mark.text[len(_MARK):].split(":")[0])
            entry = (title, _plain(body))
            if entry not in found.setdefault(line, []):
                found[line].append(entry)
    return found


def _mark(node):
    """The ruleset (or a part of it) with each located provenance's assumptions replaced by one marker
    naming its place."""
    if isinstance(node, Provenance):
        if node.location is None:
            return node
        where = node.location
        marker = Assumption(text=f"{_MARK}{where.line}:{where.column}", reason="", subject=where.file)
        return node.model_copy(update={"assumptions": (marker,)})
    if isinstance(node, BaseModel):
        update = {}
        for name in type(node).model_fields:
            value = getattr(node, name)
            new = _mark(value)
            if new is not value:
                update[name] = new
        return node.model_copy(update=update) if update else node
    if isinstance(node, tuple):
        new = tuple(_mark(item) for item in node)
        return new if any(a is not b for a, b in zip(new, node)) else node
    return node


def _texts(sections: tuple[Section, ...]):
    """(section title, text) for every paragraph, list item, table row and worked example's line."""
    for section in sections:
        if section.anchor == "sources":  # the table of sources lists rules by label: no sentence of the rules
            continue
        for block in section.blocks:
            if isinstance(block, Paragraph):
                yield section.title, block.body
            elif isinstance(block, Bullets):
                for item in block.items:
                    yield section.title, item
            elif isinstance(block, Table):
                for row in block.rows:
                    cells = [cell for cell in row]
                    joined: tuple = ()
                    for i, cell in enumerate(cells):
                        joined += (("; " if i else ""),) + tuple(cell)
                    yield section.title, joined
            elif isinstance(block, Worked):
                for line in (*block.position, *block.moves, *block.outcome):
                    yield section.title, line
        yield from _texts(section.subsections)


def _plain(body) -> str:
    out = []
    for part in body:
        if isinstance(part, str):
            out.append(part)
        elif isinstance(part, (CardName, Strong)):
            out.append(part.text)
    return " ".join("".join(out).split())
