"""Language server stage, semantic tokens: each word of the file by its part in the language.

The words are read by the Pygments lexer the docs and error excerpts colour with (language.lexer, whose
keyword lists come from grammar/touring.lark), so the editor, the docs and the terminal agree; a quoted
name that is a card of the edition is marked as one. The TextMate grammar (scripts/textmate.py) is made
from the same lists.
"""
from __future__ import annotations

from functools import lru_cache

from lsprotocol import types as t
from pygments.token import Comment, Keyword, Name, Number, Operator, String

from ..language.lexer import TouringLexer
from .analysis import Analysis
from .text import utf16_column

TYPES = ["keyword", "modifier", "type", "decorator", "label", "string", "number", "comment", "enumMember"]
MODIFIERS = ["declaration"]
LEGEND = t.SemanticTokensLegend(token_types=TYPES, token_modifiers=MODIFIERS)

# a Pygments token type -> (semantic token type, modifier bits)
_KINDS = [
    (Keyword.Declaration, ("keyword", 1)),  # the words that open a section or a part of an example
    (Keyword.Type, ("type", 0)),  # kinds of card
    (Keyword, ("keyword", 0)),
    (Operator.Word, ("modifier", 0)),  # add, change, remove
    (Name.Decorator, ("decorator", 0)),  # cite, assume, because, on
    (Name.Label, ("label", 0)),  # a source's id
    (String, ("string", 0)),
    (Number, ("number", 0)),
    (Comment, ("comment", 0)),
]
_LEXER = TouringLexer()


def kind_of(token_type) -> tuple[str, int] | None:
    """The semantic token type and modifiers for a Pygments token type, or None for plain text."""
    for pygments_type, kind in _KINDS:
        if token_type in pygments_type:
            return kind
    return None


def semantic_tokens(analysis: Analysis) -> t.SemanticTokens:
    """Every coloured word, encoded as the protocol asks (relative line and start, length, type, modifiers)."""
    if analysis.too_large:
        return t.SemanticTokens(data=[])
    known = analysis.known
    cards = {f'"{c.name}"' for c in known.deck} if known is not None else set()
    data: list[int] = []
    last_line = last_start = 0
    for row, line in enumerate(analysis.lines):
        for column, length, name, modifiers, value in line_tokens(line):
            if name == "string" and value in cards:
                name = "enumMember"
            data += [row - last_line, column - (last_start if row == last_line else 0), length,
                     TYPES.index(name), modifiers]
            last_line, last_start = row, column
    return t.SemanticTokens(data=data)


@lru_cache(maxsize=50_000)
def line_tokens(line: str) -> tuple[tuple[int, int, str, int, str], ...]:
    """(UTF-16 start, UTF-16 length, token type, modifier bits, text) of each coloured word of a line; kept,
    since an edit leaves most lines as they were."""
    found = []
    for start, token_type, value in _LEXER.get_tokens_unprocessed(line):
        kind = kind_of(token_type)
        if kind is None or not value.strip():
            continue
        column = utf16_column(line, start)
        found.append((column, utf16_column(line, start + len(value)) - column, kind[0], kind[1], value))
    return tuple(found)
