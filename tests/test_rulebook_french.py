"""Rulebook stage, words by language: the French rulebook of mille-bornes-fr (Markdown, HTML, PDF), its
golden, French typography, and `touring rulebook --lang`.

A French page may hold no English word of tests/english_words.py, except the names the rulebook quotes
from the English parent edition in "Ce qui change dans cette variante" (its title, its card names and its
seatings' labels: names, which are never translated) and the command a reader types (touring rulebook
--scholarly).
"""
from __future__ import annotations

import ast
import importlib.util
import io
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from english_words import english_words_in  # tests/english_words.py
from golden_files import UPDATE, golden_path, write_golden  # tests/golden_files.py
from touring_dsl.base.i18n import NARROW_NBSP, NBSP, reading
from touring_dsl.cli.app import app
from touring_dsl.language.archive import load, load_parent
from touring_dsl.rulebook import build
from touring_dsl.rulebook.html import render as to_html
from touring_dsl.rulebook.markdown import render as to_markdown

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = golden_path("golden", "rulebook", "fr")
COMMAND = frozenset({"rulebook"})  # "touring rulebook --scholarly", in the closing line: a command, typed as is
runner = CliRunner()


def quoted_names(ruleset) -> list[str]:
    """What the French rulebook quotes of its English parent as names: its title, subtitle, card names and
    seating labels (longest first, so that "Speed Limit" goes before "Limit")."""
    parent = load_parent(ruleset)
    names = [parent.title, parent.subtitle, *(c.name for c in parent.deck), *(s.label for s in parent.setups)]
    return sorted((n for n in names if n), key=len, reverse=True)


def without_names(page: str, ruleset) -> str:
    for name in quoted_names(ruleset):
        page = page.replace(name, " ")
    return page


class _Text(HTMLParser):
    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self.skip = False

    def handle_starttag(self, tag, attrs):
        self.skip = tag in ("style", "script")

    def handle_endtag(self, tag):
        self.skip = False

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def html_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return " ".join(parser.parts)


@pytest.fixture(scope="module")
def french():
    ruleset = load("mille-bornes-fr")
    with reading("fr"):
        family, scholarly = build(ruleset, edition="family"), build(ruleset, edition="scholarly")
        return ruleset, to_markdown(family), to_html(family), to_markdown(scholarly)


def test_the_french_markdown_rulebook_matches_its_golden(french):
    markdown = french[1]
    golden = GOLDEN / "mille-bornes-fr.md"
    if UPDATE:
        write_golden(golden, markdown)
    assert golden.exists(), f"no golden file; run with TOURING_UPDATE_GOLDEN=1 to create {golden}"
    assert markdown == golden.read_text(encoding="utf-8"), (
        "the French rulebook of mille-bornes-fr changed; if intended, regenerate with TOURING_UPDATE_GOLDEN=1")


def test_the_french_markdown_holds_no_english_word(french):
    ruleset, markdown = french[0], french[1]
    assert english_words_in(without_names(markdown, ruleset), COMMAND) == []


def test_the_french_html_holds_no_english_word_and_says_it_is_french(french):
    ruleset, html = french[0], french[2]
    assert '<html lang="fr">' in html
    assert english_words_in(without_names(html_text(html), ruleset), COMMAND) == []


def test_the_scholarly_edition_s_own_sentences_are_french_too(french):
    """The scholarly edition adds the sources, the history and the editors' assumptions: its headings and
    labels are French (the assumptions' texts are the edition file's, quoted as written)."""
    scholarly = french[3]
    assert "## Exemples commentés" in scholarly
    for english in ("## Worked examples", "## Sources and assumptions", "**Assumption", "*Why:*", "## History"):
        assert english not in scholarly


def test_french_typography(french):
    markdown = french[1]
    assert f"{NBSP}:" in markdown and f"{NARROW_NBSP};" in markdown
    assert f"«{NBSP}" in markdown and f"{NBSP}»" in markdown
    # no ordinary space (nor none) before a colon or semicolon that ends a phrase, no doubled space
    assert not re.search(r"(?<=\w) [;:!?](?=\s)", markdown)
    assert not re.search(r"\w[;!?](?=\s)", markdown)
    assert f"{NARROW_NBSP}{NARROW_NBSP}" not in markdown and f"{NBSP}{NBSP}" not in markdown
    assert f"la course est de 700{NBSP}km" in markdown  # a figure and its unit stay on one line


def test_french_headings_take_a_capital_on_their_first_word_only(french):
    headings = [line.lstrip("# ") for line in french[1].splitlines() if line.startswith("##")]
    assert "But du jeu" in headings and "Le matériel" in headings and "La marque" in headings
    for heading in headings:
        words = heading.split()
        assert all(not w[:1].isupper() for w in words[1:] if w not in ("Feu", "Bornes")), heading


def test_french_numbers_agree_with_their_noun(french):
    markdown = french[1]
    assert "en distribue six à chaque joueur" in markdown
    assert "une carte **Feu rouge**" in markdown  # "carte" is feminine, whatever the card's name
    assert "deux cartes **200 km**" in markdown
    assert "de dix-neuf sortes" in markdown


def test_the_french_pdf_holds_no_english_word(tmp_path):
    pytest.importorskip("typst")
    pypdf = pytest.importorskip("pypdf")
    out = tmp_path / "règles.pdf"
    result = runner.invoke(app, ["rulebook", "mille-bornes-fr", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(out.read_bytes())).pages)
    assert "Règles du jeu".upper() in text.upper() and "But du jeu".upper() in text.upper()
    # the PDF's text may break a word at a line's end ("adver-saire"): join them back before looking
    text = re.sub(r"-\s*\n\s*", "", text)
    assert english_words_in(without_names(text, load("mille-bornes-fr")), COMMAND) == []


def test_the_pdf_is_set_in_the_reader_s_language():
    from touring_dsl.rulebook.pdf import typst_source

    ruleset = load("mille-bornes-fr")
    with reading("fr"):
        source, strings = typst_source(build(ruleset, edition="family"))
    assert "lang: S.at(" in source and "fr" in strings and "1 sur 1" in strings
    source, strings = typst_source(build(ruleset, edition="family"))
    assert "en" in strings and "1 of 1" in strings


def test_lang_chooses_the_reader_s_language():
    """mille-bornes-fr is French unless the reader asks for English; an English edition read in French keeps
    its card names."""
    french = runner.invoke(app, ["rulebook", "mille-bornes-fr"])
    english = runner.invoke(app, ["rulebook", "mille-bornes-fr", "--lang", "en"])
    translated = runner.invoke(app, ["rulebook", "mille-bornes", "--lang", "FR"])
    assert french.exit_code == english.exit_code == translated.exit_code == 0
    assert "## But du jeu" in french.stdout and "## Object of the game" in english.stdout
    assert "## But du jeu" in translated.stdout and "**Right of Way**" in translated.stdout
    assert "**Véhicule prioritaire**" in english.stdout  # the edition's card names, in either language


def test_an_unknown_language_is_refused_as_a_usage_error():
    result = runner.invoke(app, ["rulebook", "mille-bornes", "--lang", "de"])
    assert result.exit_code == 2
    assert "--lang" in result.output and "'de'" in result.output and "fr (Français)" in result.output
    assert "Traceback" not in result.output


def test_every_message_call_is_one_the_extractor_finds():
    """A _() inside an f-string is invisible to gettext's extractor (scripts/messages.py), so its sentence
    would never reach a catalogue and would print in English: none in the code."""
    found = []
    for path in sorted((ROOT / "touring_dsl").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                found += [f"{path.relative_to(ROOT)}:{call.lineno}" for call in ast.walk(node)
                          if isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                          and call.func.id in ("_", "ngettext", "pgettext", "npgettext")]
    assert found == []


def test_the_rulebook_s_messages_are_all_translated():
    spec = importlib.util.spec_from_file_location("messages", ROOT / "scripts" / "messages.py")
    messages = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(messages)
    wrong = [p for p in messages.problems("fr") if "rulebook" in p]
    assert wrong == []
