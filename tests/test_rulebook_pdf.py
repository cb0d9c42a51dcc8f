"""Rulebook stage, PDF: every edition's rule sheet compiles offline with Typst and reads back correctly."""
from __future__ import annotations

import io
import re
import time

import pytest

pytest.importorskip("typst")
from pypdf import PdfReader  # noqa: E402

from touring_dsl.language.archive import load  # noqa: E402
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


def headings(book) -> set[str]:
    found = set()
    for section in book.sections:
        found.add(section.title)
        found |= {sub.title for sub in section.subsections}
    return found


@pytest.mark.parametrize("paper", ["a4", "us-letter"])
@pytest.mark.parametrize("edition,flavour", [("touring-1937", "rules"), ("touring-1937", "family"),
                                             ("touring-1906", "family"), ("touring-1965", "family")])
def test_no_page_ends_with_a_heading(edition, flavour, paper):
    """A heading goes over the page with its text: the last line of a page (before its footer) is never one,
    and a short subsection (hazards and remedies) is never split from its heading."""
    book = build(load(edition), edition=flavour)
    reader = PdfReader(io.BytesIO(render(book, paper)))
    titles = headings(book)
    pages = [[line.strip() for line in page.extract_text().splitlines() if line.strip()] for page in reader.pages]
    for number, lines in enumerate(pages[:-1], start=1):
        body = [line for line in lines if not re.fullmatch(r"\d+ of \d+", line)]
        assert body[-1] not in titles, f"page {number} ends with the heading {body[-1]!r}"
    where = {title: next(i for i, lines in enumerate(pages) if title in lines) for title in ("Hazards and remedies",)}
    later = next(i for i, lines in enumerate(pages) if any(line.startswith("Such a hazard") for line in lines))
    assert later == where["Hazards and remedies"]


def test_the_family_pdf_says_a_scholarly_edition_exists_on_its_first_page():
    reader = PdfReader(io.BytesIO(render(build(load("touring-1937"), edition="family"), "a4")))
    first = re.sub(r"\s+", " ", reader.pages[0].extract_text())
    assert "touring rulebook --scholarly prints it" in first
    assert "EDITORIAL ASSUMPTION" not in "".join(page.extract_text() for page in reader.pages)


def test_headings_are_sticky_and_short_subsections_unbreakable():
    """The layout rules the page test relies on, checked in the Typst source (a page test may pass by luck)."""
    source, strings = typst_source(build(load("touring-1937"), edition="rules"), "a4")
    assert source.count("sticky: true") == 2  # both heading levels
    # the heading's text is passed as data: found by its index among the strings
    hazards = f"S.at({strings.index('Hazards and remedies')})"
    assert f'#block(breakable: false)[\n#heading(level: 2, {hazards})' in source


@pytest.mark.parametrize("edition", ["touring-1937", "stacking-mille-bornes"])
def test_the_running_head_keeps_title_and_byline_apart_on_one_line(edition):
    """The head of page 2 holds the title and the byline on one line, apart (a house rule's whole byline
    once pushed them together: "Touring: our-rulesA house rule by our table", over two lines)."""
    book = build(load(edition))
    head = PdfReader(io.BytesIO(render(book, "a4"))).pages[1].extract_text().splitlines()[0]
    assert head.startswith(book.title) and head.endswith(book.running or book.byline)
    assert head[len(book.title)] == " " and "based on" not in head
