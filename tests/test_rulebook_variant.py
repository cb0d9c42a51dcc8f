"""Rulebook stage, variants: the "How this variant differs" section says every mechanic the variant adds,
drops or changes, in that mechanic's own diff words (rulebook/variant.py)."""
from __future__ import annotations

import pytest

from touring_dsl.language.archive import load

from touring_dsl.language.locate import archive_files
from touring_dsl.language.compiler import compile_text
from touring_dsl.mechanics import REGISTERED
from touring_dsl.rulebook import build
from touring_dsl.rulebook.markdown import render

VARIANTS = [path for path in archive_files() if load(str(path)).parent]


def variant_section(ruleset, edition: str = "scholarly") -> str:
    return render(build(ruleset, edition=edition)).split("## How this variant differs")[1].split("\n## ")[0]


def mechanic_changes(ruleset, parent) -> list[str]:
    """Every line a mechanic's diff words give between the parent and the variant (a race's, per setup)."""
    unit, lines = ruleset.race.unit, []
    for mechanic in REGISTERED:
        if mechanic.place != "race":
            lines += mechanic.diff(getattr(parent.mechanics, mechanic.name, None),
                                   getattr(ruleset.mechanics, mechanic.name, None), unit)
            continue
        before = {s.label: getattr(s.race.mechanics, mechanic.name, None) for s in parent.setups}
        for s in ruleset.setups:
            lines += mechanic.diff(before.get(s.label), getattr(s.race.mechanics, mechanic.name, None), unit)
    return lines


@pytest.mark.parametrize("path", VARIANTS, ids=lambda p: p.stem)
def test_the_variant_section_lists_each_mechanic_change(path):
    """Trap: "the 'How this variant differs' section of a house rule's rulebook leaves mechanic changes out
    entirely (stacking-mille-bornes 'adds one rule' and lists only its examples)". Each line of each
    mechanic's diff words between the parent and the variant is a bullet of the section."""
    ruleset = load(str(path))
    section = variant_section(ruleset).lower()
    missing = [line for line in mechanic_changes(ruleset, load(ruleset.parent)) if line.lower() not in section]
    assert not missing, f"{path.stem}: the variant section leaves out {missing}"


def test_the_archive_has_house_rules_that_change_a_mechanic():
    """The test above is not empty: the stacking and discard-drawing house rules are said to change one."""
    said = {path.stem: mechanic_changes(load(str(path)), load(load(str(path)).parent)) for path in VARIANTS}
    assert said["stacking-mille-bornes"] and said["stacking-in-turn-mille-bornes"] and said["discard-draw-mille-bornes"]
    section = variant_section(load("stacking-mille-bornes"))
    assert "- Hazards stack on a side already held up; the top one's remedy buries those beneath" in section
    assert "hazards stack" in variant_section(load("stacking-mille-bornes"), "family").lower()


def test_a_race_mechanic_changed_for_some_seatings_names_them():
    """A race's mechanic (the Extension) is said for the seatings it changes in, by their players."""
    text = """edition "longer-extension" extends "mille-bornes" {
    title "Mille Bornes, extended further"
}

change setup "two or three players" {
    change extension to 1200 km
}
"""
    section = variant_section(compile_text(text, "longer-extension.touring", base_dir="editions"))
    assert "- With two or three players: the race may be extended to 1200 km (was 1000 km)." in section
    assert "six players" not in section
