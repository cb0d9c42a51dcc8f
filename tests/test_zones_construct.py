"""The zones construct is one package, touring_dsl/mechanics/zones/: its model part, kernel lines and words.

Issue 30: a core construct moves onto the mechanic contract, so that a change to zones touches one place.
These tests hold that: the model's zone classes are the construct's own, the kernel lines that play a
zone card and speeding name the construct as their origin (`touring show ID --kernel`), and the zone
sentences of every stage (explain, show, diff, rulebook) are written nowhere else in the package.
"""
from __future__ import annotations

from pathlib import Path

import touring_dsl
from touring_dsl.engine.codegen import source
from touring_dsl.engine.tables import Tables
from touring_dsl.language import model
from touring_dsl.language.archive import load
from touring_dsl.mechanics.zones import model as zones_model

PACKAGE = Path(touring_dsl.__file__).parent
CONSTRUCT = PACKAGE / "mechanics" / "zones"


def test_the_models_zone_classes_are_the_constructs() -> None:
    assert (model.Zones, model.Zone, model.ZonePlay) == (zones_model.Zones, zones_model.Zone, zones_model.ZonePlay)


def origins_of(edition: str, players: int, needle: str) -> set[str]:
    ruleset = load(edition)
    text = source(Tables(ruleset, ruleset.setup_for(players, None), players), annotated=True)
    return {line.rsplit("# <- ", 1)[1] for line in text.splitlines() if needle in line and "# <- " in line}


def test_a_zone_card_and_speeding_are_written_by_the_construct() -> None:
    """touring-1965: zones per side, speeding that forfeits."""
    assert origins_of("touring-1965", 2, "zone_state[v] = c") == {"mechanics.zones.kernel.change_zone"}
    assert origins_of("touring-1965", 2, '"speeding"') == {"mechanics.zones.kernel.speeding"}
    assert origins_of("touring-1965", 2, 'event("zone"') == {"mechanics.zones.kernel.event"}


# one sentence of each stage's zone words: each must be written in the construct and nowhere else
SENTENCES = (
    "would not change the table's zone",  # explain
    "Speeding is ",  # touring show
    "Zones govern {",  # touring diff
    "simply cannot be laid",  # the rulebook's Zones section
    "Zone cards, whoever plays them",  # the rulebook's setting up
    "Zones now govern",  # the rulebook's variant section
    "zone card \"{card}\" has no zone saying what it allows",  # the compile step's E260
)


def test_the_zone_words_of_every_stage_are_in_the_construct_only() -> None:
    where: dict[str, list[str]] = {sentence: [] for sentence in SENTENCES}
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for sentence in SENTENCES:
            if sentence in text:
                where[sentence].append(str(path.relative_to(PACKAGE)))
    outside = {s: files for s, files in where.items() if any(not f.startswith("mechanics/zones/") for f in files)}
    assert outside == {}, f"zone words outside mechanics/zones/: {outside}"
    assert all(where.values()), f"a sentence this test looks for is gone: {[s for s, f in where.items() if not f]}"
