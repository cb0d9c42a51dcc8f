"""Compile and examples stages: what a house-rule author meets (cites, new example lines and checks)."""
from __future__ import annotations

from pathlib import Path

import pytest

from touring_dsl.language.archive import load
from touring_dsl.language.compiler import compile_text
from touring_dsl.language.errors import TouringError
from touring_dsl.play.scenarios import run_examples

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = ROOT / "editions"


def variant(body: str, parent: str = "touring-1937") -> str:
    return f'edition "house" extends "{parent}" {{\n    title "House"\n}}\n' + body


def compiled(body: str, parent: str = "touring-1937"):
    return compile_text(variant(body, parent), "house.touring", EDITIONS)


def errors(body: str, parent: str = "touring-1937") -> list[str]:
    with pytest.raises(TouringError) as caught:
        compiled(body, parent)
    return [f"{d.code} {d.span.line if d.span else 0}: {d.message}" for d in caught.value.diagnostics]


def results(body: str, parent: str = "touring-1937") -> list[tuple[bool, list[str]]]:
    return [(r.passed, [f.message for f in r.failures]) for r in run_examples(compiled(body, parent))]


def test_outside_source_is_cited_by_name_alone():
    ruleset = compile_text('edition "house" extends "touring-1937" {\n    title "House"\n'
                           '    outside source faces "Card faces" "What the cards print"\n}\n'
                           'deck {\n    change card "Go" count 16 cite faces\n}\n', "house.touring", EDITIONS)
    go = ruleset.card("Go")
    assert go.count == 16 and [(c.source, c.section) for c in go.provenance.cites] == [("faces", "")]


def test_a_heading_that_restates_the_parent_is_a_container():
    ruleset = compiled('zones per side {\n    change speeding forfeits the card\n}\n')
    assert ruleset.zones.scope == "side" and ruleset.zones.speeding == "forfeit-card"


def test_a_changed_race_heading_without_change_is_an_error():
    assert errors("race 90 miles {\n    change pile \"30 Miles\" needs 1\n}\n") == [
        "E255 4: this heading says race 90 miles, but the parent's says race 110 miles, and a heading without "
        "`change` changes nothing"]


def test_whole_game_zones_with_sided_plays_written_in_the_file():
    assert errors('change zones for the whole game {\n    play "Country" on own side\n'
                  '    play "City Limits" on any side\n}\n') == [
        'E256 5: "on own side" cannot apply: zones govern the whole game, so "Country" goes on the one shared '
        "zone pile"]


def test_whole_game_zones_with_every_play_on_any_side_compile():
    ruleset = compiled('change zones for the whole game {\n    play "Country" on any side\n}\n')
    assert ruleset.zones.scope == "game" and {p.reach for p in ruleset.zones.plays} == {"any"}


def test_given_side_zone_under_whole_game_zones_fails_at_check_on_its_line():
    found = errors('example "x" {\n    given {\n        side 1 go "Go"\n        side 1 zone "Country"\n    }\n'
                   '    play "Country"\n    expect {\n        zone count 1\n    }\n}\n', "touring-1906")
    assert found == ["E282 7: zones govern the whole game here, so a side has no zone of its own"]


def test_game_zone_under_per_side_zones_is_refused_where_checked():
    found = errors('example "x" {\n    given {\n        hand 1 "Country"\n    }\n    play "Country"\n'
                   '    expect {\n        zone "Country"\n    }\n}\n')
    assert found == ["E282 10: zones are per side here, so there is no zone for the whole game"]


EXAMPLE = '''example "x" {{
    given {{
        side 1 go "Go"
        side 2 go "Go"
        hand 1 "Collision", "Go"
        hand 2 "Hauled In"
        deck "Gasoline"
        {deck}
        discards "Puncture"
    }}
    play "Collision" on side 2
    expect {{
        {checks}
    }}
}}
'''


def run(checks: str, deck: str = "deck 3") -> tuple[bool, list[str]]:
    [(passed, failures)] = results(EXAMPLE.format(deck=deck, checks=checks))
    return passed, failures


def test_new_checks_hold_in_a_real_position():
    passed, failures = run('race not over\n hand 1 lacks "Collision"\n discards "Puncture"\n'
                           'side 2 go count 2\n side 1 go count 1\n deck 2\n can play "Hauled In"\n'
                           'hand 1 has "Go"')
    assert passed, failures


@pytest.mark.parametrize("check, message", [
    ('hand 1 lacks "Go"', 'expected hand 1 to hold "Go" no, found yes'),
    ('discards "Puncture", "Collision"', 'expected discard pile "Puncture", "Collision", found "Puncture"'),
    ("side 2 go count 1", "expected side 2 go pile size 1, found 2"),
    ('can play "Go"', 'expected "Go" legal yes, found no'),
    ('event "penalty"', 'expected a "penalty" event yes, found no'),
    ("deck 3", "expected draw pile size 3, found 2"),
])
def test_new_checks_fail_when_false(check, message):
    assert run(check) == (False, [message])


def test_a_draw_pile_of_exactly_n_cards():
    assert run("deck 9", deck="deck 10") == (True, [])
    assert run("deck 0", deck="deck 1") == (True, [])  # the named card was the whole pile


def test_draw_pile_size_and_named_top_cannot_disagree():
    found = errors(EXAMPLE.format(deck="deck empty", checks="deck 0"))
    assert found == ["E281 10: the draw pile is given as empty but 1 cards are named on top of it"]


def test_events_are_checked():
    body = '''example "speeding" {
    given {
        side 1 go "Go"
        hand 1 "30 Miles"
    }
    play "30 Miles"
    expect {
        event "speeding"
        race not over
        discards "30 Miles"
    }
}
'''
    assert results(body, "touring-1937-penalties") == [(True, [])]


def test_race_not_over_fails_after_the_winning_card():
    body = '''example "won" {
    given {
        side 1 go "Go"
        side 1 zone "Country"
        side 1 pile "1 Mile" 8
        side 1 pile "3 Miles" 4
        side 1 pile "15 Miles" 2
        side 1 pile "30 Miles" 1
        hand 1 "30 Miles"
    }
    play "30 Miles"
    expect {
        race not over
    }
}
'''
    assert results(body) == [(False, ["expected race over no, found yes"])]


def test_per_hour_penalties_need_hazards_with_hours():
    found = errors('add penalties {\n    take from "15 Miles"\n    per hour in "Country" take 15 miles\n}\n')
    assert found == ["E256 6: a `per hour` penalty cannot apply: no hazard in the deck has `hours`"]


def test_docs_and_touring_new_agree_with_the_compiler_on_change_card():
    ruleset = compiled('deck {\n    change card "Puncture" count 3\n}\n')
    puncture = ruleset.card("Puncture")
    assert (puncture.kind, puncture.count) == ("hazard", 3)  # the kind is kept from the parent
    house = (ROOT / "docs" / "house-rules.md").read_text(encoding="utf-8")
    language = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    assert "must restate everything the card has" not in house
    assert "A changed card restates only what changes" in language
    from touring_dsl.cli.new import suggest_deck

    assert suggest_deck(load("touring-1937")).lines[1] == '    change card "Puncture" count 3'


def test_the_forfeit_reading_is_data_the_engine_reads():
    from touring_dsl.engine import build_position

    position = dict(sides={0: {"go": ["Go"]}, 1: {"go": ["Go"], "zone": ["Country"],
                                                    "piles": [("15 Miles", 1), ("30 Miles", 1)]}},
                    hands={0: ["Collision"]})
    full = compiled('add penalties {\n    take from "15 Miles", "30 Miles"\n'
                    '    when "Collision" in "Country" take 30 miles\n    never a larger card\n}\n')
    up_to = compiled('add penalties {\n    take from "15 Miles", "30 Miles"\n'
                     '    when "Collision" in "Country" take 30 miles\n    take up to the forfeit\n'
                     '    never a larger card\n}\n')
    assert (full.penalties.forfeit, up_to.penalties.forfeit) == ("full", "up-to")

    def takes(ruleset):
        game = build_position(ruleset, **position)
        return sorted(m.take for m in game.legal_moves() if m.action == "play")
    assert takes(full) == [(("30 Miles", 1),)]
    assert takes(up_to) == [(), (("15 Miles", 1),), (("30 Miles", 1),)]


def test_whether_a_zone_card_may_repeat_the_zone_is_data():
    assert load("touring-1906").zones.change_only is True
    assert load("touring-1937").zones.change_only is True
    assert any("Rule 4 never reshuffles" in a.reason for a in load("touring-1906").zones.change_provenance.assumptions)
    assert compiled("zones {\n    change zone cards may repeat the zone\n}\n").zones.change_only is False


def test_show_prints_nothing_the_engine_ignores():
    from typer.testing import CliRunner

    from touring_dsl.cli.app import app

    whole_game = CliRunner().invoke(app, ["show", "touring-1906"]).stdout
    assert "is played on" not in whole_game  # no side is chosen on the one shared zone pile
    assert "City Limits, Country: played on the shared zone pile" in whole_game
    assert "A zone card must change the zone" in whole_game and "(in full)" in whole_game
    per_side = CliRunner().invoke(app, ["show", "touring-1937"]).stdout
    assert "Country is played on" in per_side
