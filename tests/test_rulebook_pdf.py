"""Rulebook stage, PDF: every edition's rule sheet compiles offline with Typst and reads back correctly."""
from __future__ import annotations

import io
import re
import time

import pytest

pytest.importorskip("typst")
from pypdf import PdfReader  # noqa: E402

from touring_dsl.archive import load  # noqa: E402
from touring_dsl.rulebook import build  # noqa: E402
from touring_dsl.rulebook.pdf import render, typst_source  # noqa: E402

EDITIONS = ["touring-1906", "touring-1937", "touring-1937-penalties", "touring-1965", "touring-reprint"]
PAGES = range(4, 15)  # a rule sheet with examples and sources: more than a leaflet, less than a booklet


@pytest.fixture(scope="module", params=EDITIONS)
def printed(request):
    ruleset = load(request.param)
    started = time.perf_counter()
    pdf = render(build(ruleset))
    seconds = time.perf_counter() - started
    reader = PdfReader(io.BytesIO(pdf))
    text = "\n".join(page.extract_text() for page in reader.pages)
    return ruleset, pdf, reader, text, seconds


def test_pdf_is_a_pdf_of_expected_length(printed):
    ruleset, pdf, reader, _, seconds = printed
    assert pdf.startswith(b"%PDF-")
    assert len(reader.pages) in PAGES, len(reader.pages)
    assert seconds < 20


def test_pdf_text_has_title_race_and_cards(printed):
    ruleset, _, reader, text, _ = printed
    assert reader.metadata.title == ruleset.title
    squeezed = re.sub(r"\s+", "", text)
    assert ruleset.title.upper().replace(" ", "") in squeezed  # the spaced capitals of the title block
    assert f"race of {ruleset.race.miles} miles" in text
    assert str(ruleset.year) in text
    for card in ruleset.deck:
        assert card.name in text, card.name


def test_pdf_marks_every_assumption(printed):
    ruleset, _, _, text, _ = printed
    for number in range(1, len(ruleset.assumptions()) + 1):
        assert f"EDITORIAL ASSUMPTION A{number}" in text


def test_edition_text_is_passed_as_data_not_markup():
    source, strings = typst_source(build(load("touring-1937")))
    assert "Hauled In" not in source and "Hauled In" in strings
    assert f"#card(S.at({strings.index('Hauled In')}))" in source


def test_cli_writes_pdf(tmp_path):
    from typer.testing import CliRunner

    from touring_dsl.cli.app import app

    target = tmp_path / "sheet.pdf"
    result = CliRunner().invoke(app, ["rulebook", "touring-1965", "-o", str(target)])
    assert result.exit_code == 0
    assert len(PdfReader(str(target)).pages) in PAGES
