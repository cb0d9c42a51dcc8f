"""Rulebook stage, PDF: text from an edition or a party reaches Typst as data, never as markup (issue 19, hole 3).

Hostile titles, publishers, card names, notes, assumptions and player names print literally, and no
file is read: the PDF's text (read back with pypdf) shows each string as written, nothing of a planted
file, and the Typst source holds none of the strings.
"""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

pytest.importorskip("typst")
from pypdf import PdfReader  # noqa: E402

from touring_dsl.language.compiler import compile_text  # noqa: E402
from touring_dsl.party.host import start  # noqa: E402
from touring_dsl.party.sheet import build as build_sheet  # noqa: E402
from touring_dsl.rulebook import build  # noqa: E402
from touring_dsl.rulebook.blocks import (Assumed, Bullets, CardName, Paragraph, Rulebook, Section, Strong,  # noqa: E402
                                         Table, Worked)
from touring_dsl.rulebook.pdf import markup, render  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SECRET = "PLANTED-SECRET-4711"
# an edition's strings cannot hold a double quote or a line break; everything else is fair game
HOSTILE = [
    'BOOK-TITLE BOOK-PAPER BOOK-BYLINE',
    '#read("secret.txt")',
    '" + read("secret.txt") + "',
    'a \\ b \\" c \\\\',
    '] [ ) ( } { #strong[x] <lbl> @lbl',
    '$x^2$ *not bold* _not em_ // no comment /* no',
    '#let x = 1 #set page(paper: "a6") ` raw `',
]
EDITION_SAFE = [h.replace('"', "'") for h in HOSTILE]


def pdf_text(pdf: bytes) -> str:
    reader = PdfReader(io.BytesIO(pdf))
    return "\n".join(page.extract_text() for page in reader.pages)


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.fixture
def planted(tmp_path: Path, monkeypatch) -> Path:
    """A file a Typst read() relative to the working folder would find."""
    (tmp_path / "secret.txt").write_text(SECRET + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def hostile_rulebook() -> Rulebook:
    items = tuple((h,) for h in HOSTILE)
    blocks = (
        Paragraph(tuple(HOSTILE)),
        Paragraph(tuple(CardName(h) for h in HOSTILE)),
        Paragraph(tuple(Strong(h) for h in HOSTILE)),
        Bullets(items), Bullets(items, ordered=True),
        Table(("Card", HOSTILE[0]), tuple(((h,), (h,)) for h in HOSTILE), numeric=()),
        Assumed(1, (HOSTILE[1],), HOSTILE[2], HOSTILE[3], HOSTILE[4]),
        Worked(1, HOSTILE[5], items[:2], items[2:4], items[4:], source=HOSTILE[6]),
    )
    return Rulebook(title=HOSTILE[0], subtitle=HOSTILE[2], byline=HOSTILE[1], summary=HOSTILE[3],
                    sections=(Section(HOSTILE[4], 'x> #read("secret.txt") <y', blocks,
                                      (Section(HOSTILE[5], "sub", (Paragraph((HOSTILE[6],)),)),)),),
                    kicker=HOSTILE[6])


def test_every_kind_of_block_shows_hostile_text_literally(planted: Path) -> None:
    book = hostile_rulebook()
    text = pdf_text(render(book))
    assert SECRET not in text
    flat = squeezed(text)
    for hostile in HOSTILE:
        assert squeezed(hostile) in flat, hostile
    assert PdfReader(io.BytesIO(render(book))).metadata.title == HOSTILE[0]


def test_the_typst_source_holds_no_user_text() -> None:
    source = markup(hostile_rulebook())
    for hostile in HOSTILE:
        assert hostile not in source
    assert "secret" not in source


def hostile_edition() -> str:
    text = (ROOT / "editions" / "touring-1937.touring").read_text(encoding="utf-8")
    text = text.replace('title "Touring"', f'title "{EDITION_SAFE[0]} {EDITION_SAFE[1]}"', 1)
    text = text.replace('"Parker Brothers, Inc., Salem, Massachusetts"', f'"{EDITION_SAFE[2]} BOOK-TITLE"', 1)
    text = text.replace('"Hauled In"', f'"{EDITION_SAFE[3]}"')
    text = text.replace('note "Shuffle the whole pack well before dealing."', f'note "{EDITION_SAFE[4]}"', 1)
    return text.replace('note "The player to the dealer\'s left takes the first turn."',
                        f'note "{EDITION_SAFE[5]} {EDITION_SAFE[6]}"', 1)


def test_a_hostile_house_rule_prints_its_text_and_reads_no_file(planted: Path) -> None:
    ruleset = compile_text(hostile_edition(), "hostile.touring", ROOT / "editions")
    assert ruleset.title.startswith("BOOK-TITLE")
    text = pdf_text(render(build(ruleset)))
    assert SECRET not in text
    flat = squeezed(text)
    for hostile in EDITION_SAFE:
        assert squeezed(hostile) in flat, hostile


def test_hostile_player_names_print_literally_on_the_score_sheet(planted: Path) -> None:
    from touring_dsl.language.archive import load

    ruleset = load("touring-1937")
    players = [h.replace(",", ";") for h in HOSTILE] + ['"]; #read("secret.txt"); ["']
    party = start(ruleset, "touring-1937", players, rounds=2, minutes=None, table_size=None, seed=3)
    text = pdf_text(render(build_sheet(party, ruleset)))
    assert SECRET not in text
    flat = squeezed(text)
    for name in players:
        assert squeezed(name) in flat, name
