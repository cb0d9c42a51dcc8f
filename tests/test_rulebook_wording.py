"""Rulebook stage: wording that must match the rules (speeding, payments, penalties, counters, setups)
and the rules-only, A4/Letter printing options."""
from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from touring_dsl.language.archive import load
from touring_dsl.cli.app import app
from touring_dsl.language.compiler import compile_text
from touring_dsl.rulebook import build
from touring_dsl.rulebook.markdown import render as to_markdown

POCKET = '''
edition "pocket" {
    title "Pocket"
    publisher "Our table"
    source notes "pocket.txt" "The card in the lid"
}
deck {
    card "5 Miles"   mileage 5  count 12
    card "10 Miles"  mileage 10 count 8
    card "Go"        go         count 10
    card "Hauled In" remedy     count 4
    card "Collision" hazard     count 4
    card "Flat"      hazard     count 2 removes "10 Miles"
    card "Spare"     counter    count 2 cancels "Flat"
    card "Jack"      counter    count 2 cancels "Flat"
}
race 30 miles {
    pile "5 Miles"  needs 2
    pile "10 Miles" needs 2
}
setup "two players" {
    players 2
    individuals
}
setup "three players" {
    players 3
    individuals
    race 20 miles
        assume "Three race only twenty miles" because "The lid card says so in pencil."
    pile "10 Miles" needs 1
}
turn {
    hand 5
}
delays {
    chain "Collision" then "Hauled In" then "Go"
}
reshuffle {
    return discards
}
ending {
    win by completing every pile
}
'''


def markdown(edition_id: str, **options) -> str:
    return to_markdown(build(load(edition_id), **options))


@pytest.mark.parametrize("edition", ["touring-1906", "touring-1937-penalties"])
def test_speeding_mileage_is_not_said_to_be_forbidden(edition):
    text = markdown(edition)
    assert "may be laid only in" not in text
    assert "; only in **Country**" not in text
    assert "keeps within the speed limit only in **Country**. Laid anywhere else, it is speeding" in text


def test_forbidden_speeding_still_says_only():
    assert "**30 Miles** may be laid only in **Country**." in markdown("touring-1937")


def test_payments_listed_fit_the_piles():
    text = markdown("touring-1906")
    assert "four 5 Miles" not in text  # the 5 Miles pile holds two
    assert ("a penalty of 20 miles may be paid with two 10 Miles cards or with one 10 Miles card and two 5 Miles "
            "cards") in text


def test_penalties_do_not_claim_every_hazard_costs_mileage():
    text = markdown("touring-1937-penalties")
    assert "A hazard also costs its victim mileage" not in text
    assert "Some hazards also cost their victim mileage; the table shows which, and where." in text
    assert "| **Out of Gasoline** | nothing | nothing |" in text
    assert "A hazard also costs its victim mileage." in markdown("touring-1906")  # every delay costs there


def test_go_kind_is_labelled_go():
    text = markdown("touring-1937")
    assert "| **Go** | Go | 15 |" in text and "Right of way" not in text


def pocket_markdown(**options) -> str:
    ruleset = compile_text(POCKET, "pocket.touring")
    return to_markdown(build(ruleset, **options))


def test_several_counters_are_not_each_the_one_card():
    text = pocket_markdown()
    assert "the one card" not in text
    assert text.count("is one of the cards you may play when it is not your turn") == 2


def test_assumption_on_a_setup_race_is_linked():
    text = pocket_markdown()
    row = next(line for line in text.splitlines() if line.startswith("| Three |"))
    assert "20 miles [A1](#assumption-1)" in row


def test_rules_only_leaves_out_examples_sources_and_simulator_rules():
    full, rules = markdown("touring-1906"), markdown("touring-1906", rules_only=True)
    assert "## Worked examples" in full and "computer play" in full and "[A1]" in full
    assert "## Worked examples" not in rules
    assert "computer" not in rules
    assert not re.search(r"\[A\d+\]", rules)
    assert "## Sources" not in rules and "assumption" not in rules.lower()
    assert "## Penalties" in rules and "## Zones" in rules


@pytest.mark.parametrize("edition", ["touring-1906", "touring-1937", "touring-reprint", "mille-bornes"])
def test_no_edition_tells_people_the_simulators_safeguard_as_a_rule(edition):
    """The limit of moves guards bot games only: the family edition never mentions it, the scholarly one
    says it as a note for computer play, in its sources section and not among the rules of winning."""
    ruleset = load(edition)
    limit = str(ruleset.ending.turn_limit)
    family, scholarly = markdown(edition, edition="family"), markdown(edition)
    assert not re.search(rf"{limit} (moves|turns)", family) and "computer" not in family
    rules, sources = scholarly.split("## Sources and assumptions")
    assert "computer" not in rules
    assert f"A note for computer play: when programs play each other, a race still running after {limit} moves" in sources


def test_the_family_edition_is_rules_a_few_examples_and_a_pointer_to_the_scholarly_one():
    family, scholarly = markdown("touring-1906", edition="family"), markdown("touring-1906")
    assert not re.search(r"\[A\d+\]", family) and "Assumption" not in family and "## Sources" not in family
    assert family.count("**Example ") == 3 < scholarly.count("**Example ")
    assert "*(from " not in family  # an example's citation is the scholar's
    assert family.rstrip().endswith("every worked example: touring rulebook --scholarly prints it.*")
    assert "touring rulebook --scholarly prints it" not in scholarly
    for heading in re.findall(r"^## (.+)$", scholarly, re.M):
        if heading not in ("Worked examples", "History", "Sources and assumptions"):  # (the scholar's own)
            assert f"## {heading}" in family, heading


def test_no_rule_uses_an_undefined_parking_space():
    for edition in ("touring-1937", "touring-1937-penalties"):
        assert "parking" not in markdown(edition, edition="family")


def test_a_house_rule_credits_its_author_and_what_it_is_based_on():
    book = build(load("short-race-1937"))
    parent = load("touring-1937")
    assert book.byline == ("A house rule by the touring project · based on Touring: The Great Automobile Card "
                           "Game (Parker Brothers, Inc., Salem, Massachusetts, 1937)")
    assert "first published" not in book.byline and parent.publisher == "Parker Brothers, Inc., Salem, Massachusetts"
    # a published variant that names no author keeps its publisher's credit
    assert build(load("touring-1937-penalties")).byline.startswith("Parker Brothers")


def test_an_author_is_not_inherited(tmp_path):
    (tmp_path / "ours.touring").write_text('edition "ours" extends "short-race-1937" { title "Ours" }\n',
                                           encoding="utf-8")
    from touring_dsl.language.archive import load as load_path

    child = load_path(str(tmp_path / "ours.touring"))
    assert child.author == "" and load("short-race-1937").author == "the touring project"


def test_cli_default_is_the_family_edition_and_scholarly_is_one_flag_away():
    family = CliRunner().invoke(app, ["rulebook", "touring-1937"])
    scholarly = CliRunner().invoke(app, ["rulebook", "touring-1937", "--scholarly"])
    assert family.exit_code == scholarly.exit_code == 0
    assert "[A1]" not in family.stdout and "## Sources and assumptions" not in family.stdout
    assert "## Worked examples" in family.stdout and "[A1]" in scholarly.stdout
    both = CliRunner().invoke(app, ["rulebook", "touring-1937", "--scholarly", "--rules-only"])
    assert both.exit_code == 2 and "cannot be combined" in both.stderr


def test_cli_rules_only_markdown():
    result = CliRunner().invoke(app, ["rulebook", "touring-1937", "--rules-only"])
    assert result.exit_code == 0
    assert "## Worked examples" not in result.stdout and "## Zones" in result.stdout


def test_cli_paper_sizes(tmp_path):
    pytest.importorskip("typst")
    sizes = {}
    for paper in ("a4", "letter"):
        out = tmp_path / f"{paper}.pdf"
        result = CliRunner().invoke(app, ["rulebook", "touring-1937", "--rules-only", "--paper", paper,
                                          "-o", str(out)])
        assert result.exit_code == 0, result.output
        sizes[paper] = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)", out.read_bytes()).groups()
    assert [round(float(x)) for x in sizes["a4"]] == [595, 842]
    assert [round(float(x)) for x in sizes["letter"]] == [612, 792]


@pytest.mark.parametrize("args", [["--paper", "a5", "-o", "x.pdf"], ["--paper", "a4"]])
def test_cli_paper_usage_errors(args):
    result = CliRunner().invoke(app, ["rulebook", "touring-1937", *args])
    assert result.exit_code == 2


def test_rule_questions_are_printed():
    text = markdown("touring-1906")
    assert "A zone card may be played only when it changes the zone. [A" in text
    assert "The whole penalty must be taken if the victim's piles can pay it" in text
    assert "| Five | each for themselves |" in text and "More than six players do not share one table" in text
    assert "with three or five players (each for themselves) the race is 30 miles" in text
    assert "A zone card may be laid on a side only when that side is in a different zone. [A" in markdown(
        "touring-1937")


def test_assumption_on_a_setup_seating_line_is_listed_and_linked():
    text = markdown("touring-1906")
    row = next(line for line in text.splitlines() if line.startswith("| Six |"))
    number = re.search(r"\[A(\d+)\]", row).group(1)
    assert f"**Assumption A{number}.** Six players race as two sides of three." in text


def test_a_zone_that_may_repeat_is_printed_so():
    ruleset = compile_text('edition "house" extends "touring-1937" {\n    title "House"\n}\n'
                           'zones {\n    change zone cards may repeat the zone\n}\n', "house.touring", "editions")
    text = to_markdown(build(ruleset))
    assert "A zone card may be laid even on a side already in that zone; it then changes nothing." in text
