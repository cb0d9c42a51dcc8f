"""Rulebook stage: golden Markdown rulebooks, wording rules, HTML and the `touring rulebook` command."""
from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from touring_dsl.language.archive import load

from touring_dsl.language.locate import archive_files
from touring_dsl.cli.app import app
from touring_dsl.rulebook import build
from touring_dsl.rulebook.blocks import Assumed, Worked, plain
from touring_dsl.rulebook.html import render as to_html
from touring_dsl.rulebook.markdown import render as to_markdown
from golden_files import UPDATE, golden_path, write_golden  # tests/golden_files.py

EDITIONS = ["touring-1906", "touring-1937", "touring-1937-penalties", "touring-1965", "touring-reprint"]
GOLDEN = golden_path("golden", "rulebook")
RULEBOOK_CODE = Path(__file__).parent.parent / "touring_dsl" / "rulebook"


@pytest.fixture(scope="module", params=EDITIONS)
def edition(request):
    ruleset = load(request.param)
    return ruleset, build(ruleset), to_markdown(build(ruleset))


def test_markdown_matches_golden(edition):
    ruleset, _, markdown = edition
    golden = GOLDEN / f"{ruleset.id}.md"
    if UPDATE:
        write_golden(golden, markdown)
    assert golden.exists(), f"no golden file; run with TOURING_UPDATE_GOLDEN=1 to create {golden}"
    assert markdown == golden.read_text(encoding="utf-8"), (
        f"rulebook for {ruleset.id} changed; if intended, regenerate with TOURING_UPDATE_GOLDEN=1")


@pytest.mark.parametrize("edition_id", EDITIONS)
def test_family_markdown_matches_golden(edition_id):
    """The family edition, what `touring rulebook` prints by default: its own goldens, beside the scholarly ones."""
    markdown = to_markdown(build(load(edition_id), edition="family"))
    golden = GOLDEN / "family" / f"{edition_id}.md"
    if UPDATE:
        write_golden(golden, markdown)
    assert golden.exists(), f"no golden file; run with TOURING_UPDATE_GOLDEN=1 to create {golden}"
    assert markdown == golden.read_text(encoding="utf-8"), (
        f"family rulebook for {edition_id} changed; if intended, regenerate with TOURING_UPDATE_GOLDEN=1")


def test_title_block_and_essentials(edition):
    ruleset, book, markdown = edition
    assert markdown.startswith(f"# {ruleset.title}\n")
    assert ruleset.publisher in book.byline and str(ruleset.year) in book.byline
    assert f"race of {ruleset.race.miles} miles" in markdown
    for card in ruleset.deck:
        assert f"| **{card.name}** |" in markdown, card.name  # every card in the equipment table
    for chain in ruleset.delays.chains:
        assert chain.hazard in markdown and all(step in markdown for step in chain.steps)


def test_no_empty_sections_and_no_raw_identifiers(edition):
    ruleset, book, markdown = edition
    for section in book.sections:
        assert section.blocks or section.subsections, section.title
        for sub in section.subsections:
            assert sub.blocks, sub.title
    raw = ["None", "True", "False", "forfeit-card", "forfeit-all", "showing-go", "all-but-top",
           "complete-all-piles", "play-out-hands", "most-miles", "{", "}"]
    raw += [s.id for s in ruleset.setups if "-" in s.id]
    for token in raw:
        assert not re.search(rf"(?<![\w-]){re.escape(token)}(?![\w-])", markdown), token


def test_sections_follow_the_ruleset(edition):
    ruleset, book, _ = edition
    titles = [s.title for s in book.sections]
    assert ("Penalties" in titles) == (ruleset.penalties is not None)
    assert ("How this variant differs" in titles) == (ruleset.parent is not None)
    assert ("Progressive play" in titles) == (ruleset.progressive is not None)
    assert ("Worked examples" in titles) == bool(ruleset.examples)
    assert titles[-1] == "Sources and assumptions"


def test_every_assumption_is_listed_and_marked(edition):
    ruleset, book, markdown = edition
    listed = [b for s in book.sections for b in s.blocks if isinstance(b, Assumed)]
    assert [plain(b.body).rstrip(".") for b in listed] == [a.text.rstrip(".") for a in ruleset.assumptions()]
    for block in listed:
        assert f"**Assumption A{block.number}.**" in markdown
        assert f"[A{block.number}](#assumption-{block.number})" in markdown  # marked where it applies


def test_worked_examples_tell_position_moves_and_outcome(edition):
    ruleset, book, _ = edition
    worked = [b for s in book.sections for b in s.blocks if isinstance(b, Worked)]
    assert [w.title for w in worked] == [e.title for e in ruleset.examples]
    for block, example in zip(worked, ruleset.examples):
        assert block.position and block.outcome
        assert len(block.moves) == len(example.moves)


def test_wording_differs_where_the_rules_do():
    game_wide, per_side = (to_markdown(build(load(e))) for e in ("touring-1906", "touring-1937"))
    assert "One zone governs the whole table" in game_wide and "Each side has its own zone" in per_side
    assert "counted in hours" in game_wide and "counted in hours" not in per_side
    assert "reckoned by the hour" in game_wide
    assert "must start again" in game_wide  # speeding costs everything there
    assert "simply cannot be laid" in per_side
    assert "the card is lost" in to_markdown(build(load("touring-1937-penalties")))
    reprint = to_markdown(build(load("touring-reprint")))
    assert "when it is not your turn" in reprint and "when it is not your turn" not in to_markdown(
        build(load("touring-1965")))


def test_variant_names_what_changed():
    penalties = to_markdown(build(load("touring-1937-penalties")))
    section = penalties.split("## How this variant differs")[1].split("\n## ")[0]
    assert "Adds penalties" in section and "Speeding" in section
    reprint = to_markdown(build(load("touring-reprint")))
    assert "Adds two **Mechanic** cards" in reprint


@pytest.mark.parametrize("path", archive_files(), ids=lambda p: p.stem)
def test_every_archive_file_gets_a_rulebook(path):
    markdown = to_markdown(build(load(str(path))))
    assert "## Sources and assumptions" in markdown and "None" not in markdown.split()


def test_rulebook_code_names_no_card_edition_or_year():
    code = "\n".join(p.read_text(encoding="utf-8") for p in RULEBOOK_CODE.glob("*.py"))
    rulesets = [load(str(p)) for p in archive_files()]
    names = {c.name for r in rulesets for c in r.deck} | {r.id for r in rulesets}
    for name in names:
        assert not re.search(rf'(?<![\w-]){re.escape(name)}(?![\w-])', code), name
    assert not re.search(r"\b(18|19|20)\d\d\b", code)


def test_html_is_standalone():
    ruleset = load("touring-reprint")
    page = to_html(build(ruleset))
    assert page.startswith("<!DOCTYPE html>") and "<style>" in page
    assert not re.search(r"<(script|link|img|iframe)\b", page)
    assert not re.search(r"(src|href)=\"(?!#)", page)  # every link stays inside the page

    class Check(HTMLParser):
        ids, targets, stack = set(), set(), []

        def handle_starttag(self, tag, attrs):
            attrs = dict(attrs)
            if "id" in attrs:
                self.ids.add(attrs["id"])
            if tag == "a" and "href" in attrs:
                self.targets.add(attrs["href"][1:])
            if tag not in ("meta", "br"):
                self.stack.append(tag)

        def handle_endtag(self, tag):
            assert self.stack and self.stack.pop() == tag, tag

    checker = Check()
    checker.feed(page)
    assert not checker.stack and checker.targets <= checker.ids
    assert "Mechanic" in page and ruleset.title in page


runner = CliRunner()


def test_cli_markdown_to_stdout():
    result = runner.invoke(app, ["rulebook", "touring-1937", "-o", "-"])
    assert result.exit_code == 0 and result.stdout.startswith("# Touring\n")


def test_cli_writes_html_by_suffix(tmp_path):
    target = tmp_path / "book.html"
    result = runner.invoke(app, ["rulebook", "touring-1906", "-o", str(target)])
    assert result.exit_code == 0
    assert target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_cli_format_option_overrides_suffix(tmp_path):
    target = tmp_path / "book.txt"
    result = runner.invoke(app, ["rulebook", "touring-1906", "-o", str(target), "--format", "html"])
    assert result.exit_code == 0 and "<html" in target.read_text(encoding="utf-8")


@pytest.mark.parametrize("args, code", [
    (["rulebook", "touring-1937", "-o", "book.txt"], 2),
    (["rulebook", "touring-1937", "-o", "-", "--format", "pdf"], 2),
    (["rulebook", "touring-1937", "-o", "-", "--format", "rtf"], 2),
    (["rulebook", "no-such-edition", "-o", "-"], 1),
])
def test_cli_failures(args, code):
    result = runner.invoke(app, args)
    assert result.exit_code == code
    assert "Traceback" not in (result.stdout + result.stderr)
