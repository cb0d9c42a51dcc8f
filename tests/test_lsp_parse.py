"""Language server stage, parsing as the author types (touring_dsl/lsp/incremental.py): the Document made
from pieces, some kept from the text before an edit, is the one syntax.parse makes of the whole text,
and a text that does not parse gives the errors the whole text's parse gives."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from touring_dsl.language.errors import TouringError
from touring_dsl.language.syntax import parse

pytest.importorskip("lsprotocol")

from touring_dsl.lsp.incremental import cut, parse_reusing  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted((ROOT / "editions").rglob("*.touring")) + [
    p for p in sorted((ROOT / "tests" / "bad").glob("*.touring")) if p.stem != "not_utf8"]


def outcome(parser, text: str, file: str):
    try:
        doc = parser(text, file)
    except TouringError as error:
        return ("error", [d.render() for d in error.diagnostics])
    return ("doc", doc.id, doc.extends, doc.meta, doc.sources, doc.stmts, doc.examples, doc.text)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_file_parsed_in_pieces_is_the_file_parsed_whole(path):
    text = path.read_text(encoding="utf-8")
    assert outcome(parse_reusing, text, str(path)) == outcome(parse, text, str(path))


def test_the_archive_is_cut_into_many_pieces():
    text = (ROOT / "editions" / "touring-1937.touring").read_text(encoding="utf-8")
    pieces = cut(text)
    assert len(pieces) > 10
    assert "".join(p.text for p in pieces) == text


EDITED = (ROOT / "editions" / "house" / "short-race-1937.touring").read_text(encoding="utf-8")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(at=st.integers(0, len(EDITED)), cut_out=st.integers(0, 12),
       typed=st.text(alphabet='ab1 "{}\n#', max_size=6))
def test_an_edit_parses_as_the_whole_text_parses(at, cut_out, typed):
    """An edit anywhere, after the text before it was parsed in pieces (so pieces are reused)."""
    parse_reusing(EDITED, "edited.touring")
    text = EDITED[:at] + typed + EDITED[at + cut_out:]
    assert outcome(parse_reusing, text, "edited.touring") == outcome(parse, text, "edited.touring")


def compiled(text: str, path: Path, **options):
    from touring_dsl.language.compiler import compile_text

    try:
        return ("ruleset", compile_text(text, str(path), path.parent, **options))
    except TouringError as error:
        return ("error", [d.render() for d in error.diagnostics])


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_compile_with_the_reused_parse_is_the_compile(path):
    from touring_dsl.lsp.incremental import reused_document

    text = path.read_text(encoding="utf-8")
    reused_document(text, str(path))  # its pieces kept: the compile below reuses them
    assert compiled(text, path, parse_with=reused_document) == compiled(text, path)
