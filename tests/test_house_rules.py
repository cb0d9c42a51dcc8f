"""House rules (editions/house/): each is a variant that compiles, plays, and differs from its parent
by exactly what it says it changes."""
from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from touring_dsl.language.archive import load
from touring_dsl.cli.app import app
from touring_dsl.language.compiler import compile_file
from touring_dsl.diff import diff_rulesets

HOUSE = Path(__file__).resolve().parents[1] / "editions" / "house"
FILES = sorted(HOUSE.glob("*.touring"))
runner = CliRunner()

# What each house rule should change in its parent, as (topic, action, aspect) of the diff.
EXPECTED = {
    "short-race-1937": {("metadata", "changed", "title"), ("metadata", "changed", "author"), ("metadata", "changed", "summary"),
                        ("race", "changed", "race-miles"), ("race", "changed", "race-cards"),
                        ("race", "changed", "pile-needs"), ("players", "changed", "setup-race"),
                        ("players", "changed", "setup-piles")},
    "per-side-zones-1906": {("metadata", "changed", "title"), ("metadata", "changed", "author"), ("metadata", "changed", "summary"),
                            ("zones", "changed", "scope"), ("zones", "changed", "zone-play"),
                            ("reshuffle", "changed", "reshuffle-zone")},
    "harsh-penalties-reprint": {("metadata", "changed", "title"), ("metadata", "changed", "author"), ("metadata", "changed", "summary"),
                                ("penalties", "added", "penalties"), ("penalties", "added", "penalty")},
    "match-1937": {("metadata", "changed", "title"), ("metadata", "changed", "author"), ("metadata", "changed", "summary"),
                   ("scoring", "added", "scoring"), ("scoring", "added", "score-term")},
    "stacking-mille-bornes": {("metadata", "changed", "title"), ("metadata", "changed", "author"),
                              ("metadata", "changed", "summary"), ("delays", "changed", "mechanic:stacking")},
    "discard-draw-mille-bornes": {("metadata", "changed", "title"), ("metadata", "changed", "author"),
                                  ("metadata", "changed", "summary"), ("turn", "changed", "mechanic:discard_draw")},
    "stacking-in-turn-mille-bornes": {("metadata", "changed", "title"), ("metadata", "changed", "author"),
                                      ("metadata", "changed", "summary"), ("delays", "changed", "mechanic:stacking")},
    "police-stop-mille-bornes": {("metadata", "changed", "title"), ("metadata", "changed", "author"),
                                 ("metadata", "changed", "summary"), ("cards", "added", "card"),
                                 ("cards", "changed", "against"), ("cards", "changed", "deck-size"),
                                 ("cards", "added", "loses-turn"), ("removals", "changed", "counter")},
}


def test_every_house_rule_is_listed() -> None:
    assert sorted(p.stem for p in FILES) == sorted(EXPECTED)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_house_rule_is_a_checked_variant_with_examples_and_reasons(path: Path) -> None:
    ruleset = compile_file(path)
    assert ruleset.parent is not None and ruleset.changes
    assert len(ruleset.examples) >= 3
    assert any(a.text for a in ruleset.assumptions())
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 0, result.stderr


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_house_rule_differs_from_its_parent_by_exactly_its_changes(path: Path) -> None:
    ruleset = load(str(path))
    found = {(c.topic, c.action, c.aspect) for c in diff_rulesets(load(ruleset.parent), ruleset).changes}
    assert found == EXPECTED[path.stem]


def test_the_short_race_is_55_miles_for_two_and_three() -> None:
    ruleset = load(str(HOUSE / "short-race-1937.touring"))
    assert ruleset.race.miles == 55 and sum(p.needs for p in ruleset.race.piles) == 8
    assert all(p.protected for p in ruleset.race.piles[:2])  # restated, not lost, by the change
    assert ruleset.setup_for(3).race.miles == 55


def test_the_1906_house_rule_keeps_zones_per_side_and_its_own_speeding() -> None:
    ruleset = load(str(HOUSE / "per-side-zones-1906.touring"))
    assert ruleset.zones.scope == "side" and ruleset.zones.speeding == "forfeit-all"


def test_the_harsh_reprint_charges_more_on_the_freeway() -> None:
    ruleset = load(str(HOUSE / "harsh-penalties-reprint.touring"))
    table = {(p.hazard, p.zone): p.miles for p in ruleset.penalties.table}
    assert table[("Accident", "Freeway")] > table[("Accident", "Speed Limit")]
    assert ruleset.counters  # the Mechanic is still in the game


def _play_out(ruleset, players: int, seed: int) -> str:
    from touring_dsl.engine import new_game
    from touring_dsl.base.rng import Rng

    game, rng = new_game(ruleset, players=players, seed=seed), Rng(seed)
    while not game.is_over:
        moves = game.legal_moves()
        plays = [m for m in moves if m.action != "discard"] or moves
        game.apply(plays[rng.below(len(plays))])
    return game.outcome


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_house_rule_plays_to_the_end(path: Path) -> None:
    ruleset = load(str(path))
    for players in ruleset.player_counts()[:2]:
        assert _play_out(ruleset, players, seed=7) in ("completed", "exhausted", "turn-limit")


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_house_rule_passes_touring_test(path: Path) -> None:
    result = runner.invoke(app, ["test", str(path)])
    assert result.exit_code == 0, result.stdout + result.stderr


def test_show_of_a_variant_says_what_changed_as_diff_does():
    from typer.testing import CliRunner

    from touring_dsl.cli.app import app

    result = CliRunner().invoke(app, ["show", "touring-1937-penalties"], env={"NO_COLOR": "1"})
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[1] == "Extends touring-1937, changing:"
    assert "  ~ Speeding forfeits the card that was laid (was: speeding is not allowed" in result.stdout
    assert '  + "Collision" in "Country" costs the victim 30 miles (new)' in result.stdout
    assert "add penalties" not in result.stdout and "take from;" not in result.stdout
    house = CliRunner().invoke(app, ["show", "editions/house/short-race-1937.touring"], env={"NO_COLOR": "1"})
    assert house.stdout.splitlines()[0].endswith("(a house rule by the touring project)")
