"""Presentation stage: a Pygments lexer for the Touring language, used by the docs and coloured error excerpts."""
from __future__ import annotations

import re

from pygments import highlight
from pygments.formatters import TerminalFormatter
from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Text, Whitespace

from ..base.resources import grammar_text

# Words that open a block of the file, or a part of an example.
SECTIONS = ("edition", "extends", "deck", "race", "setup", "turn", "delays", "zones", "penalties", "reshuffle",
            "ending", "progressive", "scoring", "notes", "history", "piles", "example", "given", "expect")
# The prefixes a variant uses on what it takes from its parent.
CHANGES = ("add", "change", "remove")
CARD_KINDS = ("mileage", "go", "remedy", "hazard", "zone", "counter", "safety", "mileages", "gos", "remedies",
              "hazards", "zones", "counters", "safeties")
# The annotations' words, coloured by rules of their own below.
ANNOTATIONS = ("cite", "assume", "because")


def grammar_words() -> tuple[str, ...]:
    """Every literal word of the grammar (grammar/touring.lark, its comments left out), a mechanic's too."""
    text = re.sub(r"//[^\n]*", "", grammar_text())
    return tuple(sorted(set(re.findall(r'"([A-Za-z]+)"', text))))


# Every other word of the language, read from the grammar: a keyword added there is coloured here.
WORDS = tuple(word for word in grammar_words() if word not in SECTIONS + CHANGES + CARD_KINDS + ANNOTATIONS)

_NAME = r"[a-z][a-z0-9_-]*"


class TouringLexer(RegexLexer):
    """Edition files of the Touring rules language (.touring)."""

    name = "Touring"
    aliases = ["touring"]
    filenames = ["*.touring"]
    mimetypes = ["text/x-touring"]
    url = "https://github.com/touring-dsl"

    tokens = {
        "root": [
            (r"\s+", Whitespace),
            (r"#[^\n]*", Comment.Single),
            # Annotations: where a rule comes from, and the editors' assumptions.
            (rf"\b(cite)(\s+)({_NAME})\b", bygroups(Name.Decorator, Whitespace, Name.Label)),
            (r"\b(cite|assume|because)\b", Name.Decorator),
            (rf"\b(outside)(\s+)(source)(\s+)({_NAME})\b",
             bygroups(Keyword, Whitespace, Keyword, Whitespace, Name.Label)),
            (rf"\b(source)(\s+)({_NAME})\b", bygroups(Keyword, Whitespace, Name.Label)),
            # `... because "reason" on SOURCE`; `on own side`, `on an opponent`, `on side 2` are plays.
            (rf'("[^"\n]*")(\s+)(on)(\s+)(?!(?:own|an|any|side)\b)({_NAME})\b',
             bygroups(String.Double, Whitespace, Name.Decorator, Whitespace, Name.Label)),
            (words(SECTIONS, suffix=r"\b"), Keyword.Declaration),
            (words(CHANGES, prefix=r"\b", suffix=r"\b"), Operator.Word),
            (words(CARD_KINDS, prefix=r"\b", suffix=r"\b"), Keyword.Type),
            (words(WORDS, prefix=r"\b", suffix=r"\b"), Keyword),
            (r'"[^"\n]*"', String.Double),
            (r'"[^"\n]*$', String.Double),  # an unterminated string still reads as one in an error excerpt
            (r"[0-9]+", Number.Integer),
            (r"[{}]", Punctuation),
            (r",", Punctuation),
            (r"[A-Za-z_][A-Za-z0-9_-]*", Text),
            (r".", Text),
        ],
    }


# Plain text and spaces stay uncoloured, so an excerpt reads cleanly on any terminal background.
COLOURS = {
    Whitespace: ("", ""), Text: ("", ""),
    Comment: ("gray", "brightblack"),
    Keyword: ("blue", "brightblue"),
    Keyword.Declaration: ("*magenta*", "*brightmagenta*"),
    Keyword.Type: ("cyan", "brightcyan"),
    Operator.Word: ("*red*", "*brightred*"),
    Name.Decorator: ("green", "brightgreen"),
    Name.Label: ("_green_", "_brightgreen_"),
    String: ("yellow", "yellow"),
    Number: ("magenta", "brightmagenta"),
    Punctuation: ("", ""),
}
_FORMATTER = TerminalFormatter(colorscheme=COLOURS)
_LEXER = TouringLexer()


def highlight_line(text: str) -> str:
    """One line of Touring source with ANSI colours, for error excerpts on a terminal."""
    coloured = highlight(text, _LEXER, _FORMATTER)
    return coloured[:-1] if coloured.endswith("\n") and not text.endswith("\n") else coloured
