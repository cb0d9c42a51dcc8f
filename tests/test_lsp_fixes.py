"""Language server stage, quick fixes for a block left open, as the parser reports it today (at the line
where it noticed) and as a recovering parser reports it (E103 and E102 at the block's opening, with a
note where it noticed or where the file ended): each is a `}` inserted where the block's rules end."""
from __future__ import annotations

import pytest

from touring_dsl.language.errors import Diagnostic, Note, Span

pytest.importorskip("lsprotocol")

from touring_dsl.lsp.analysis import Analysis  # noqa: E402
from touring_dsl.lsp.diagnostics import fixes  # noqa: E402

TEXT = 'edition "x" {\n}\nturn {\n    hand 5\n\nzones {\n    start in "A"\n}\n'
OPEN = 'edition "x" {\n}\ndeck {\n    card "Go" go count 2\n'


def analysis(text: str) -> Analysis:
    return Analysis("file:///tmp/x.touring", text, "x.touring", None)


def applied(text: str, fix) -> str:
    lines = text.split("\n")
    lines[fix.line] = lines[fix.line][:fix.start] + fix.new + lines[fix.line][fix.end:]
    return "\n".join(lines)


def test_a_block_reported_where_it_opened_is_closed_before_the_line_noticed():
    d = Diagnostic("E103", "this block is never closed: a `}` is missing", Span("x.touring", 3, 6),
                   "close it with `}` where its rules end, before line 6, where the parser noticed",
                   notes=(Note(Span("x.touring", 6, 1, 5), "noticed here, at line 6: the word 'zones' cannot come "
                                                           "inside the block"),))
    [fix] = fixes(analysis(TEXT), d)
    assert applied(TEXT, fix) == TEXT.replace("\nzones {", "\n}\nzones {")


def test_a_block_reported_at_the_line_noticed_is_closed_before_it():
    d = Diagnostic("E100", "unexpected word 'zones'", Span("x.touring", 6, 1, 5),
                   "a `}` is missing before this line: the block opened on line 3 is still open")
    [fix] = fixes(analysis(TEXT), d)
    assert applied(TEXT, fix) == TEXT.replace("\nzones {", "\n}\nzones {")


@pytest.mark.parametrize("d", [
    Diagnostic("E102", "the file ends before this block is finished", Span("x.touring", 3, 6),
               "a `}` is missing: add it where the block's rules end",
               notes=(Note(Span("x.touring", 4, 25), "the file ends here, at line 4, with the block still open"),)),
    Diagnostic("E102", "the file ends before this block is finished", Span("x.touring", 5, 1),
               'expected one of "}", "add", "card"',
               notes=(Note(Span("x.touring", 3, 6), "the block opened here is never closed: a `}` is missing"),)),
], ids=["at its opening", "at the end"])
def test_a_file_ending_inside_a_block_is_closed_at_its_end(d):
    [fix] = fixes(analysis(OPEN), d)
    assert applied(OPEN, fix) == OPEN.rstrip("\n") + "\n}\n"
