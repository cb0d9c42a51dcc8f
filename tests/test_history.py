"""The `history` section (issue 32, point 5): what the sources settle about an edition's making and
publishing, and what they leave uncertain, said by `touring show`, the scholarly rulebook and the diff."""
from __future__ import annotations

from typer.testing import CliRunner

from touring_dsl.cli.app import app
from touring_dsl.diff import diff_rulesets, render_text
from touring_dsl.language.archive import load
from touring_dsl.language.compiler import compile_text
from touring_dsl.rulebook.markdown import rulebook_markdown

VARIANT = '''
edition "touring-1906-history" extends "touring-1906" {
    title "Touring, its history revised"
}

history {
    change uncertain "The game was devised by William Roche." because "A test doubts it."
    remove fact "The rule sheet prints the United States patent number 836,537 under its title."
    add fact "A fact of the variant's own."
}
'''


def test_the_1906_edition_tells_its_history_with_what_stays_uncertain() -> None:
    history = load("touring-1906").history
    settled = [f.text for f in history if not f.uncertain]
    doubtful = [f.text for f in history if f.uncertain]
    assert "The rule sheet prints the United States patent number 836,537 under its title." in settled
    assert any("1925" in text for text in settled)  # the Strong Museum's record
    assert any("20 November 1906" in text for text in doubtful)  # the patent's date: the patent was not read
    assert any("Wallie Dorr Company" in text and "first" in text for text in doubtful)  # first publisher
    assert all(f.provenance.cites for f in history if not f.uncertain)  # a settled fact names its sources


def test_show_prints_every_fact_and_marks_the_uncertain_ones() -> None:
    out = CliRunner().invoke(app, ["show", "touring-1906"]).output
    assert "History: The rule sheet prints the United States patent number 836,537 under its title. " \
           "[sheet, Rules for Playing (the title)]" in out
    assert "History (uncertain): The patent was granted on 20 November 1906. " in out
    assert out.count("History (uncertain): ") == 3


def test_the_scholarly_rulebook_has_a_history_section_and_its_sources() -> None:
    ruleset = load("touring-1906")
    scholarly = rulebook_markdown(ruleset)
    section = scholarly[scholarly.index("## History"):scholarly.index("## Worked examples")]
    assert "The patent was granted on 20 November 1906. Uncertain: " in section
    assert "Parker Brothers bought the rights to the game from the Wallie Dorr Company in 1925" in section
    assert "| History “Parker Brothers bought the rights to the ...” |" in scholarly  # the table of sources


def test_an_edition_without_history_compiles_as_before() -> None:
    ruleset = load("mille-bornes")
    assert ruleset.history == () and "history" not in ruleset.model_dump(mode="json")
    assert "## History" not in rulebook_markdown(ruleset)


def test_a_variant_may_doubt_drop_or_add_a_fact_and_the_diff_says_so() -> None:
    parent = load("touring-1906")
    variant = compile_text(VARIANT, "touring-1906-history.touring")
    facts = {f.text: f.uncertain for f in variant.history}
    assert facts["The game was devised by William Roche."] == "A test doubts it."
    assert "A fact of the variant's own." in facts and len(facts) == len(parent.history)
    said = render_text(diff_rulesets(parent, variant))
    assert "History, now uncertain: The game was devised by William Roche. (A test doubts it.)" in said
    assert "History drops: The rule sheet prints the United States patent number 836,537" in said
    assert "History adds: A fact of the variant's own." in said
