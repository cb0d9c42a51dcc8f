"""The zones construct is one package, touring_dsl/mechanics/zones/: its model part, kernel lines and words.

Issue 30: a core construct moves onto the mechanic contract, so that a change to zones touches one place.
These tests hold that: the model's zone classes are the construct's own, the kernel lines that play a
zone card and speeding name the construct as their origin (`touring show ID --kernel`), and the zone
sentences of every stage (explain, show, diff, rulebook) are written nowhere else in the package.
"""
from __future__ import annotations

from construct_support import written_in, written_outside  # tests/construct_support.py

from touring_dsl.engine.codegen import source
from touring_dsl.engine.tables import Tables
from touring_dsl.language import model
from touring_dsl.language.archive import load
from touring_dsl.mechanics.zones import model as zones_model

CONSTRUCT = "mechanics/zones"


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
    outside = {sentence: hits for sentence in SENTENCES if (hits := written_outside(CONSTRUCT, [sentence]))}
    assert outside == {}, f"zone words outside mechanics/zones/: {outside}"
    gone = [sentence for sentence in SENTENCES if not written_in(CONSTRUCT, sentence)]
    assert not gone, f"a sentence this test looks for is gone: {gone}"
