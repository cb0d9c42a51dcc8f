"""Language server stage, completion: what may be written at the cursor.

The keywords are the parser's own: Lark's interactive parser reads the text before the cursor and says
which words it accepts next (`accepts()`). Where a quoted name may come, the names that fit: the
archive's ids after `extends`, the parent's setups after `setup`, else the edition's cards; where a
source's id may come (after `cite`), the sources the edition declares. When the text
before the cursor does not parse (a mistake higher up), the words are those that may start a line of
the block the cursor is in.
"""
from __future__ import annotations

import re

from lsprotocol import types as t

from ..language.locate import archive_ids
from .analysis import Analysis
from .text import code_part, offset_at

# the opening line of each kind of block, written so it always parses: the context a broken file falls back on
_HEADS = {"deck": "deck {", "race": "race 1 miles {", "setup": 'setup "s" {', "turn": "turn {", "delays": "delays {",
          "zones": "zones {", "penalties": "penalties {", "reshuffle": "reshuffle {", "ending": "ending {",
          "progressive": "progressive {", "scoring": "scoring {", "notes": "notes {", "piles": "piles {",
          "example": 'example "e" {', "given": "given {", "expect": "expect {"}
_HEADER = 'edition "e" {\n}\n'
_PARTIAL = re.compile(r"[A-Za-z0-9_-]*$")


def completions(analysis: Analysis, pos: t.Position) -> list[t.CompletionItem]:
    """What may be written at the cursor: keywords, names, source ids (none inside a comment)."""
    if analysis.too_large:
        return []
    row, index = offset_at(analysis.lines, pos)
    line = analysis.lines[row][:index]
    if line.count('"') % 2:  # inside a quoted name: the names that fit, from its opening quote
        opening = line.rfind('"')
        before = "\n".join(analysis.lines[:row] + [line[:opening]])
        closed = analysis.lines[row][index:index + 1] == '"'  # the editor closed the quote already
        return _names(analysis, before, _replacing(analysis, row, opening + 1, index), closed)
    if "#" in code_part(line):
        return []
    before = "\n".join(analysis.lines[:row] + [_PARTIAL.sub("", line)])
    expected = _accepted(before) or _accepted_in_block(analysis.lines[:row], _PARTIAL.sub("", line))
    items = [t.CompletionItem(label=word, kind=t.CompletionItemKind.Keyword) for word in _words(expected)]
    if "STRING" in expected:
        typed = len(line) - len(_PARTIAL.sub("", line))
        items += _names(analysis, before, _replacing(analysis, row, index - typed, index), None)
    if "NAME" in expected:  # a source's id: after `cite`, or `on` at the end of an assumption
        items += [t.CompletionItem(label=name, kind=t.CompletionItemKind.Reference, detail="source")
                  for name in _sources(analysis)]
    return items


def _sources(analysis: Analysis) -> list[str]:
    """The ids of the sources the header declares, else those of the edition it extends."""
    written = re.findall(r"^\s*(?:outside\s+)?source\s+([a-z][a-z0-9_-]*)", analysis.text, re.M)
    known = analysis.known_or_parent
    inherited = [s.id for s in known.sources] if known is not None else []
    return list(dict.fromkeys(written + inherited))


def _accepted(text: str) -> set[str]:
    """The terminals the parser accepts after `text`, or an empty set when the text does not parse."""
    from ..language.syntax import parser

    try:
        interactive = parser().parse_interactive(text)
        interactive.exhaust_lexer()
        return set(interactive.accepts())
    except Exception:  # noqa: BLE001 - any parse error: the caller falls back on the block's context
        return set()


def _accepted_in_block(lines: list[str], current: str) -> set[str]:
    """The words that may come here inside the innermost open block, read from the blocks' opening words alone."""
    heads = _open_heads(lines)
    opened = [_HEADS.get(head, 'edition "e" {') for head in heads]
    start = "" if heads and heads[0] == "edition" else _HEADER
    prefix = start + "".join(line + "\n" for line in opened)
    return _accepted(prefix + current) or _accepted(prefix)


def _open_heads(lines: list[str]) -> list[str]:
    """The first word of each block still open at the end of these lines, outermost first."""
    from .text import blocks

    heads = []
    for block in blocks(lines):
        if block.close_line is not None:
            continue
        head = _head_word(lines, block.open_line, block.open_char)
        if head is not None:
            heads.append(head)
    return heads


def _head_word(lines: list[str], row: int, char: int) -> str | None:
    """The block-opening word nearest before a `{` (looking back a few lines for a long heading)."""
    text = " ".join(lines[max(0, row - 6):row] + [lines[row][:char]])
    words = re.findall(r"\b(edition|deck|race|setup|turn|delays|zones|penalties|reshuffle|ending|progressive|"
                       r"scoring|notes|piles|example|given|expect)\b", re.sub(r'"[^"\n]*"', '""', text))
    return words[-1] if words else None


def _words(expected: set[str]) -> list[str]:
    """The literal words among the accepted terminals, as the author writes them."""
    from ..language.syntax import parser

    literal = {term.name: term.pattern.value for term in parser().terminals if term.pattern.type == "str"}
    found = {literal[name] for name in expected if name in literal}
    if "KIND_WORD" in expected:
        found |= {"mileage", "go", "remedy", "hazard", "zone", "counter", "safety"}
    return sorted(found)


def _replacing(analysis: Analysis, row: int, start: int, end: int) -> t.Range:
    """The range of a line (character indexes) a completion replaces, in the protocol's units."""
    from .text import utf16_column

    text = analysis.lines[row]
    return t.Range(start=t.Position(line=row, character=utf16_column(text, start)),
                   end=t.Position(line=row, character=utf16_column(text, end)))


def _names(analysis: Analysis, before: str, where: t.Range, closed: bool | None) -> list[t.CompletionItem]:
    """Quoted names that fit: archive ids after `extends`, setups after `setup`, else the cards. Each
    replaces what was typed of the name (a name has spaces: the editor's own word would be its last
    word); closed is None where no quote was typed yet, else whether the closing quote is there."""
    last = re.findall(r"[A-Za-z]+", before[-40:])
    previous = last[-1] if last else ""
    if previous == "extends":
        names, kind = archive_ids(), t.CompletionItemKind.Module
    elif previous == "setup":
        known = analysis.known_or_parent
        names, kind = ([s.label for s in known.setups] if known is not None else []), t.CompletionItemKind.Struct
    else:
        names, kind = _card_names(analysis), t.CompletionItemKind.Constant
    items = []
    for name in dict.fromkeys(names):
        written = f'"{name}"' if closed is None else name if closed else f'{name}"'
        items.append(t.CompletionItem(label=name, kind=kind, filter_text=name if closed is not None else f'"{name}"',
                                      sort_text=f"0{name}", text_edit=t.TextEdit(range=where, new_text=written)))
    return items


def _card_names(analysis: Analysis) -> list[str]:
    known = analysis.known_or_parent
    names = [c.name for c in known.deck] if known is not None else []
    written = re.findall(r'\bcard\s+"([^"\n]+)"', analysis.text)
    return names + [n for n in written if n not in names]
