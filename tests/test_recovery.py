"""Parse stage, recovery: every syntax error of a file in one run (language/recovery.py), and the list of
diagnostics an editor asks for (language/diagnose.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from touring_dsl.language.compiler import compile_text
from touring_dsl.language.diagnose import diagnostics
from touring_dsl.language.errors import TouringError
from touring_dsl.language.recovery import MOST_ERRORS

ROOT = Path(__file__).resolve().parents[1]
BAD = ROOT / "tests" / "bad"
HEAD = 'edition "mine" extends "touring-1937" {\n    title "Mine"\n}\n\n'


def errors(text: str) -> list:
    with pytest.raises(TouringError) as caught:
        compile_text(text, "mine.touring", ROOT / "editions")
    return caught.value.diagnostics


def places(text: str) -> list[tuple[str, int]]:
    return [(d.code, d.span.line) for d in errors(text)]


def test_a_misspelt_section_is_one_error_and_its_block_is_skipped_whole() -> None:
    """`chnage deck { ... }`: one error at the word; the block's lines are not errors of their own, and the
    cards it named are not reported unknown where the rest of the file uses them."""
    text = HEAD + ('chnage deck {\n    add card "Flat" hazard count 2\n    race 10 miles\n}\n\n'
                   'change delays {\n    add chain "Flat" then "Go"\n}\n\n'
                   'change setup "two players" {\n    add without 1 "Punctur"\n}\n')
    found = errors(text)
    assert [(d.code, d.span.line) for d in found] == [("E100", 5), ("E200", 15)]
    assert found[0].hint == 'did you mean "change"?'


def test_a_bad_line_in_a_block_is_dropped_and_the_next_lines_are_read() -> None:
    text = HEAD + 'change turn {\n    change hand six\n    shuffle twice\n    change draw 1 before play\n}\n'
    assert places(text) == [("E100", 6), ("E100", 7)]


def test_a_run_of_stray_characters_is_one_error() -> None:
    text = HEAD.replace('title "Mine"', 'title "Mine";;;')
    found = errors(text)
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("E101", 2, 17)]


def test_an_unterminated_name_drops_its_line_only() -> None:
    text = HEAD + 'change turn {\n    change hand "6\n    change draw 1 before play\n}\n'
    found = errors(text)
    assert [(d.code, d.span.line) for d in found] == [("E101", 6)]
    assert found[0].message == "this quoted name is never closed"


def test_blocks_open_at_the_end_are_each_reported_where_they_opened() -> None:
    text = HEAD + 'example "open" {\n    given {\n        hand 1 "Go"\n'
    found = errors(text)
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("E102", 5, 16), ("E102", 6, 11)]
    assert all(d.notes and d.notes[0].span.line == 7 for d in found)


def test_an_empty_file_and_a_broken_heading() -> None:
    assert places("") == [("E102", 1)]
    found = errors('edition "x" extnds "touring-1937" {\n}\nturn {\n    hand 5\n}\n')
    assert [(d.code, d.span.line) for d in found] == [("E100", 1)]  # nothing to go back to: the file stops


def test_a_file_of_mistakes_stops_at_the_most_errors_reported() -> None:
    text = HEAD + "change turn {\n" + "    shuffle twice\n" * (MOST_ERRORS * 3) + "}\n"
    found = errors(text)
    assert len(found) == MOST_ERRORS and all(d.code == "E100" for d in found)


def test_a_parent_that_does_not_parse_is_the_one_cause(tmp_path) -> None:
    (tmp_path / "base.touring").write_text('edition "base" {\n    title "Base";\n}\n', encoding="utf-8")
    text = 'edition "mine" extends "base.touring" {\n}\nchange turn {\n    change hand 6\n}\n'
    with pytest.raises(TouringError) as caught:
        compile_text(text, "mine.touring", tmp_path)
    assert [(d.code, Path(d.span.file).name) for d in caught.value.diagnostics] == [("E101", "base.touring")]


# the diagnostics an editor asks for ---------------------------------------------------------------------

def test_diagnostics_lists_every_error_with_its_range_hint_and_notes() -> None:
    text = (BAD / "several_syntax_errors.touring").read_text(encoding="utf-8")
    found = diagnostics(text, "several.touring")
    assert [(d.code, d.span.line) for d in found] == [("E101", 5), ("E100", 12), ("E100", 13), ("E220", 16),
                                                      ("E103", 26), ("E100", 32), ("E100", 36)]
    cuont = found[1]
    assert (cuont.span.column, cuont.span.end_column, cuont.severity) == (33, 38, "error")
    assert cuont.hint == 'did you mean "count"?'
    unclosed = found[4]
    assert unclosed.notes[0].span.line == 30 and "noticed here" in unclosed.notes[0].message
    assert all(d.span.file == "several.touring" for d in found)


def test_diagnostics_gives_the_warnings_of_a_text_that_compiles_with_excerpts_from_the_text() -> None:
    text = "# a line more than the file on disk\n" + (BAD / "warn_setup_left_behind.touring").read_text(encoding="utf-8")
    found = diagnostics(text, "not-saved.touring", BAD)
    assert [(d.code, d.severity, d.span.line) for d in found] == [("W100", "warning", 8)]
    assert found[0].source_line == "change race 55 miles {"


def test_diagnostics_of_an_archive_edition_is_empty() -> None:
    path = ROOT / "editions" / "touring-1937.touring"
    assert diagnostics(path.read_text(encoding="utf-8"), str(path), path.parent) == []


# a `}` left out anywhere in the archive ---------------------------------------------------------------

def braces(text: str) -> list[tuple[int, int]]:
    """(where each `}` is, where the `{` it closes is), outside quoted names and comments."""
    found, opened, i = [], [], 0
    while i < len(text):
        char = text[i]
        if char == "#":
            i = text.find("\n", i) if "\n" in text[i:] else len(text)
            continue
        if char == '"':
            i = text.find('"', i + 1) + 1
            continue
        if char == "{":
            opened.append(i)
        elif char == "}":
            found.append((i, opened.pop()))
        i += 1
    return found


def line_and_column(text: str, position: int) -> tuple[int, int]:
    return text.count("\n", 0, position) + 1, position - (text.rfind("\n", 0, position) + 1) + 1


@pytest.mark.parametrize("path", sorted((ROOT / "editions").rglob("*.touring")), ids=lambda p: p.stem)
def test_a_closing_brace_left_out_is_one_error_where_its_block_opens(path: Path) -> None:
    """Whichever `}` of an archive edition is left out (every third one here, the headings', sections',
    examples' and their `given` and `expect` blocks' alike), the file has exactly one error, E103 (or E102 at
    the end of the file), at the `{` of the block it closed: read from the indentation where the braces
    alone could mean either of two blocks."""
    from touring_dsl.language.syntax import parse_document

    text = path.read_text(encoding="utf-8")
    for close, opening in braces(text)[::3]:
        _, found, _ = parse_document(text[:close] + text[close + 1:], path.name)
        where = [(d.code, d.span.line, d.span.column) for d in found]
        assert len(where) == 1 and where[0][0] in ("E102", "E103"), (line_and_column(text, close), where)
        assert where[0][1:] == line_and_column(text, opening), (line_and_column(text, close), where)


def test_a_block_without_its_opening_brace_is_one_error_at_the_heading() -> None:
    from touring_dsl.language.syntax import parse_document

    text = ('edition "x" {\n}\n\nturn  # the brace is missing\n    hand 6\n    draw 1 before play\n}\n\n'
            'setup "two players" {\n    players 2\n}\n')
    doc, found, _ = parse_document(text, "x.touring")
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("E100", 4, 5)]
    assert found[0].message == "this heading's block has no `{`"
    assert found[0].hint.startswith("add `{` at the end of line 4")
    assert [s.kind for s in doc.stmts] == ["turn", "hand", "draw", "setup", "players"]  # read as meant
