"""Presentation stage: the Pygments lexer for the language and the ANSI line highlighter."""
from __future__ import annotations

import re

import pytest
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Comment, Error, Keyword, Name, Number, Operator, String

from touring_dsl.language.locate import archive_files
from touring_dsl.language.lexer import TouringLexer, highlight_line

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def tokens(source: str) -> list[tuple[object, str]]:
    return [(kind, value) for kind, value in TouringLexer().get_tokens(source) if value.strip()]


def test_registered_as_pygments_plugin():
    assert isinstance(get_lexer_by_name("touring"), TouringLexer)
    assert isinstance(get_lexer_for_filename("x.touring"), TouringLexer)


def test_keywords_strings_numbers_comments():
    found = tokens('race 110 miles {  # the long race\n    pile "1 Mile" needs 8 protected\n}')
    assert found[0] == (Keyword.Declaration, "race")
    assert (Number.Integer, "110") in found and (Keyword, "miles") in found
    assert (Comment.Single, "# the long race") in found
    assert (String.Double, '"1 Mile"') in found and (Keyword, "protected") in found


def test_card_kinds_and_variant_operations():
    found = tokens('add card "Mechanic" counter cancels "Flat Tire" count 2\nremove penalties')
    assert (Operator.Word, "add") in found and (Operator.Word, "remove") in found
    assert (Keyword.Type, "counter") in found and (Keyword.Declaration, "penalties") in found


def test_annotations_cite_and_assume():
    found = tokens('turn cite sheet "Playing" {\n hand 5\n}\n'
                   'card "Puncture" hazard count 2 hours 2\n'
                   '    assume "Two hours" because "The card says so." on cards')
    assert (Name.Decorator, "cite") in found and (Name.Label, "sheet") in found
    assert (Name.Decorator, "assume") in found and (Name.Decorator, "because") in found
    assert (Name.Label, "cards") in found


def test_plays_on_sides_are_not_source_names():
    found = tokens('play "Collision" on side 2\nplay "Country" on own side\nplay "City Limits" on any side')
    assert not any(kind is Name.Label for kind, _ in found)


@pytest.mark.parametrize("path", archive_files(), ids=lambda p: p.stem)
def test_archive_files_lex_without_errors(path):
    text = path.read_text(encoding="utf-8")
    pieces = list(TouringLexer().get_tokens(text))
    assert not [v for k, v in pieces if k is Error]
    assert "".join(v for _, v in pieces) == text if text.endswith("\n") else text + "\n"


def test_highlight_line_colours_and_keeps_the_text():
    line = 'chain "Collision" then "Hauled In" then "Go"   # repair'
    coloured = highlight_line(line)
    assert "\x1b[" in coloured and "\n" not in coloured
    assert ANSI.sub("", coloured) == line


def test_highlight_line_survives_broken_input():
    for line in ['card "unterminated', "@@@ {{{", ""]:
        assert ANSI.sub("", highlight_line(line)) == line


def keyword_terminals() -> list[str]:
    """Every word the parser knows as a keyword: its string terminals (the grammar as Lark builds it)."""
    from touring_dsl.language.syntax import parser

    return sorted({t.pattern.value for t in parser().terminals
                   if t.pattern.type == "str" and t.pattern.value.isalpha()})


def test_every_keyword_of_the_grammar_is_coloured():
    """Trap: "new keywords must be added by hand to the lexer's WORDS, and leaving them out fails no test".
    The lexer reads its words from the grammar; every keyword the parser knows is coloured as one (a
    keyword, section, card kind, variant operation or annotation), and any that is not is named here."""
    coloured = (Keyword, Operator.Word, Name.Decorator)
    plain = [word for word in keyword_terminals()
             if not any(kind in token for kind, _ in tokens(word) for token in coloured)]
    assert keyword_terminals() and not plain, f"grammar keywords the lexer leaves plain: {plain}"


def test_a_keyword_added_to_the_grammar_is_a_word_of_the_lexer(monkeypatch):
    """The lexer's words follow the grammar's text, comments aside: a new statement's words join them."""
    from touring_dsl.language import lexer

    grammar = lexer.grammar_text() + '\n?extra_rule: "skid" "twice" -> skid  // "commented"\n'
    monkeypatch.setattr(lexer, "grammar_text", lambda: grammar)
    assert {"skid", "twice"} <= set(lexer.grammar_words()) and "commented" not in lexer.grammar_words()
