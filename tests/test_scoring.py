"""Scoring and matches: the `scoring` section compiled, each term scored on real final positions,
matches dealt and totalled, and `touring play` / `touring simulate` playing them."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from touring_dsl.language.archive import load
from touring_dsl.bots.players import make_bot, play
from touring_dsl.cli.app import app
from touring_dsl.language.compiler import compile_text
from touring_dsl.engine import Move, build_position, run_random
from touring_dsl.engine.match import MAX_RACES, Match, play_match, race_seed
from touring_dsl.engine.rules.scoring import RaceScore, ScoreLine, in_play, score_race
from touring_dsl.language.errors import TouringError
from touring_dsl.language.model import ScoreTerm
from touring_dsl.base.rng import Rng
from touring_dsl.rulebook.blocks import Paragraph, plain
from touring_dsl.rulebook.scoring import scoring_section

ROOT = Path(__file__).resolve().parents[1]
HOUSE = ROOT / "editions" / "house" / "match-1937.touring"
runner = CliRunner()


def variant(parent: str, scoring: str, name: str = "scored") -> object:
    """A variant of an archive edition that adds the given scoring terms (to the parent's, if it scores)."""
    if load(parent).scoring:
        head, scoring = "change scoring", "\n".join(f"add {line}" for line in scoring.splitlines())
    else:
        head = "add scoring"
    return compile_text(f'edition "{name}" extends "{parent}" {{\n}}\n{head} {{\n{scoring}\n}}\n',
                        f"{name}.touring", ROOT / "editions")


def finished_1937(ruleset, side2: dict, deck_empty: bool = False, side1_go=("Go",)):
    """Side 1 lays its sixteenth mileage card (the last 30) and completes the 1937 race."""
    game = build_position(ruleset, sides={
        0: {"go": side1_go, "zone": ["Country"],
            "piles": [("1 Mile", 8), ("3 Miles", 4), ("15 Miles", 2), ("30 Miles", 1)]},
        1: side2}, hands={0: ["30 Miles"]}, deck_empty=deck_empty)
    game.apply(next(m for m in game.legal_moves() if m.card == "30 Miles"))
    assert game.is_over and game.outcome == "completed" and game.winner == 0
    return game


def points(score: RaceScore) -> dict[str, int]:
    return {line.term.what + (f":{line.term.card or line.term.kind}" if line.term.card or line.term.kind else ""):
            line.points for line in score.lines}


# compiling ---------------------------------------------------------------------------------------------------

def test_the_house_rule_compiles_its_scoring_in_order():
    scoring = load(str(HOUSE)).scoring
    assert [(t.what, t.points) for t in scoring.terms] == [
        ("distance", 1), ("completing", 50), ("completing-exhausted", 30), ("shut-out", 50)]
    assert scoring.match == 500
    assert scoring.match_provenance.assumptions and scoring.provenance.assumptions


def test_mille_bornes_scores_as_its_rules_say():
    scoring = load("mille-bornes").scoring
    assert {(t.what, t.points, t.card, t.kind) for t in scoring.terms} == {
        ("distance", 1, None, None), ("in-play", 100, None, "safety"), ("all-in-play", 300, None, "safety"),
        ("countered", 300, None, "hazard"), ("completing", 400, None, None),
        ("completing-without", 300, "200 km", None), ("completing-exhausted", 300, None, None),
        ("extension-called", 200, None, None), ("shut-out", 500, None, None)}
    assert scoring.match == 5000


def test_editions_without_scoring_have_none():
    assert load("touring-1937").scoring is None


def test_a_variant_can_change_one_term():
    text = ('edition "x" extends "match-1937" {\n}\nchange scoring {\n    change 60 points for completing the race\n'
            '    remove match to 500 points\n}\n')
    ruleset = compile_text(text, "x.touring", ROOT / "editions" / "house")
    assert [(t.what, t.points) for t in ruleset.scoring.terms][:2] == [("distance", 1), ("completing", 60)]
    assert ruleset.scoring.match is None


@pytest.mark.parametrize("body, code, words", [
    ('100 points per hazard in play', "E295", "no side keeps hazard cards in play"),
    ('100 points per "Puncture" in play', "E295", '"Puncture" is a hazard card'),
    ('300 points per hazard countered', "E295", "no card in the deck cancels a hazard"),
    ('300 points per remedy countered', "E296", "only hazards are countered"),
    ('match to 500 points', "E297", "the scoring gives no points"),
    ('1 point per km', "E298", "the race is run in miles"),
    ('0 points per mile', "E223", "at least 1 point"),
    ('1 point per mile\nmatch to 0 points', "E223", "a match must be worth at least 1 point"),
    ('5 points for completing the race without "Hauld In"', "E200", 'unknown card "Hauld In"'),
])
def test_scoring_errors(body, code, words):
    with pytest.raises(TouringError) as caught:
        variant("touring-1937", body)
    text = str(caught.value)
    assert f"error[{code}]" in text and words in text


# scoring real final positions ----------------------------------------------------------------------------------

def test_completing_scores_miles_and_the_bonus_and_the_loser_its_miles():
    game = finished_1937(load(str(HOUSE)), {"go": ["Go"], "piles": [("1 Mile", 8), ("3 Miles", 2)]})
    first, second = score_race(game)
    assert points(first) == {"distance": 110, "completing": 50}
    assert (first.total, second.total) == (160, 14)
    assert [(line.count, line.points) for line in second.lines] == [(14, 14)]


def test_a_shut_out_and_an_empty_draw_pile_add_their_bonuses():
    ruleset = load(str(HOUSE))
    shut_out = finished_1937(ruleset, {"go": ["Go", "Collision"]})
    assert points(score_race(shut_out)[0]) == {"distance": 110, "completing": 50, "shut-out": 50}
    delayed = finished_1937(ruleset, {"go": ["Go"], "piles": [("15 Miles", 1)]}, deck_empty=True)
    assert not delayed.draw
    assert points(score_race(delayed)[0]) == {"distance": 110, "completing": 50, "completing-exhausted": 30}


def test_cards_in_play_count_a_sides_own_cards_but_not_hazards_laid_on_it():
    ruleset = variant("touring-1937", '5 points per "Go" in play\n7 points per zone in play\n'
                      '20 points for all zones in play\n40 points for completing the race without "Hauled In"')
    game = finished_1937(ruleset, {"go": ["Go", "Collision", "Hauled In"], "zone": ["Country", "City Limits"]},
                         side1_go=("Go", "Puncture", "Go"))
    assert in_play(game, 0)["Go"] == 2 and in_play(game, 0)["Puncture"] == 0
    assert in_play(game, 1) == {"Go": 1, "Hauled In": 1, "Country": 1, "City Limits": 1}
    first, second = score_race(game)
    assert points(first) == {"in-play:Go": 10, "in-play:zone": 7, "completing-without:Hauled In": 40}
    assert points(second) == {"in-play:Go": 5, "in-play:zone": 14, "all-in-play:zone": 20}


def test_zone_cards_played_only_on_opponents_are_not_their_victims_own():
    ruleset = variant("mille-bornes", "10 points per zone in play")
    game = build_position(ruleset, sides={0: {"zone": ["End of Limit", "Speed Limit"]}})
    assert in_play(game, 0) == {"End of Limit": 1}
    with pytest.raises(TouringError) as caught:
        variant("mille-bornes", '10 points per "Speed Limit" in play')
    assert 'error[E295]: "Speed Limit" is only ever played on an opponent' in str(caught.value)


def test_a_countered_hazard_scores_for_the_side_that_countered_it():
    ruleset = variant("touring-reprint", "300 points per hazard countered\n1 point per mile")
    game = build_position(ruleset, sides={0: {"go": ["Go"]},
                                          1: {"go": ["Go"], "piles": [("20 Miles", 2), ("35 Miles", 1)]}},
                          hands={0: ["Flat Tire"], 1: ["Mechanic"]})
    game.apply(next(m for m in game.legal_moves() if m.card == "Flat Tire"))
    game.apply(next(m for m in game.legal_moves() if m.action == "counter"))
    assert game.countered == [0, 1]
    twin = game.copy()  # the count survives a copy (bots that look ahead copy the game)
    assert twin.countered == [0, 1]
    game.is_over, game.outcome = True, "exhausted"  # score the table as it stands
    assert [points(s) for s in score_race(game)] == [{}, {"distance": 75, "countered:hazard": 300}]


def test_mille_bornes_coup_fourre_and_safeties_score_as_the_french_example():
    """FR "La marque" example 2 (a coup fourre on top of safeties, the trip completed), on a 700 km race."""
    ruleset = load("mille-bornes")
    game = build_position(ruleset, sides={
        0: {"go": ["Roll"], "piles": [("200 km", 1), ("25 km", 2)]},
        1: {"go": ["Roll"], "piles": [("100 km", 5), ("75 km", 2)], "safeties": ["Driving Ace"]}},
        hands={0: ["Flat Tire"], 1: ["Puncture-Proof", "50 km"]})
    game.apply(next(m for m in game.legal_moves() if m.card == "Flat Tire"))
    game.apply(next(m for m in game.legal_moves() if m.action == "counter"))
    assert game.to_act == 1  # the responder plays next
    game.apply(next(m for m in game.legal_moves() if m.card == "50 km"))
    game.apply(Move("stop"))  # at 700 km the Extension is offered: the trip ends here, with no extension
    first, second = score_race(game)
    assert points(second) == {"distance": 700, "in-play:safety": 200, "countered:hazard": 300, "completing": 400,
                              "completing-without:200 km": 300}
    assert (first.total, second.total) == (250, 1900)


# matches -------------------------------------------------------------------------------------------------------

def test_race_seeds_start_from_the_match_seed_and_differ():
    assert race_seed(42, 0) == 42
    seeds = [race_seed(42, i) for i in range(50)]
    assert len(set(seeds)) == 50 and seeds == [race_seed(42, i) for i in range(50)]


def fake_race(*totals: int) -> tuple[RaceScore, ...]:
    term = ScoreTerm(what="distance", points=1)
    return tuple(RaceScore(side, (ScoreLine(term, total),) if total else ()) for side, total in enumerate(totals))


def test_the_highest_total_wins_once_a_side_reaches_the_target_and_equal_leaders_race_again():
    match = Match(load(str(HOUSE)), 2, 1)
    match.races.append(fake_race(300, 200))
    assert match.winner is None and not match.is_over
    match.races.append(fake_race(250, 330))
    assert match.totals == (550, 530) and match.winner == 0 and match.is_over
    tied = Match(load(str(HOUSE)), 2, 1, [fake_race(500, 500)])
    assert tied.winner is None and not tied.is_over
    tied.races.append(fake_race(0, 1))
    assert tied.winner == 1


def test_a_match_that_cannot_be_decided_stops_at_the_race_limit():
    match = Match(load(str(HOUSE)), 2, 1, [fake_race(0, 0)] * MAX_RACES)
    assert match.is_over and match.winner is None


def test_without_a_match_rule_one_race_is_scored():
    ruleset = variant("touring-1937", "1 point per mile")
    match = play_match(ruleset, 2, 5, lambda game: run_random(game, Rng(game.seed)))
    assert len(match.races) == 1 and match.winner is None


def random_match(seed: int):
    return play_match(load(str(HOUSE)), 2, seed, lambda game: run_random(game, Rng(game.seed)))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32))
def test_totals_add_up_and_the_winner_passed_the_target(seed):
    match = random_match(seed)
    for race in match.races:
        for score in race:
            assert score.total == sum(line.term.points * line.count for line in score.lines)
            assert all(line.count > 0 for line in score.lines)
        completers = [s.side for s in race if any(line.term.what == "completing" for line in s.lines)]
        assert len(completers) <= 1
    assert match.totals == tuple(sum(race[side].total for race in match.races) for side in range(2))
    assert match.winner is not None and match.totals[match.winner] >= 500
    assert max(match.totals[:]) == match.totals[match.winner]
    before = tuple(sum(race[side].total for race in match.races[:-1]) for side in range(2))
    assert max(before) < 500 or len(set(before)) == 1  # the match did not run past its end


def test_a_match_is_the_same_for_the_same_seed():
    assert [[s.total for s in race] for race in random_match(9).races] == \
           [[s.total for s in race] for race in random_match(9).races]


def test_the_distance_term_scores_exactly_the_miles_each_side_laid():
    ruleset = load(str(HOUSE))
    bots = [make_bot("greedy", ruleset), make_bot("random", ruleset)]
    games = []
    match = play_match(ruleset, 2, 3, lambda game: games.append(play(game, bots, Rng(game.seed))))
    assert len(games) == len(match.races) >= 2
    for game, race in zip(games, match.races):
        for side, score in enumerate(race):
            distance = [line.count for line in score.lines if line.term.what == "distance"]
            assert distance == ([game.miles[side]] if game.miles[side] else [])


# rulebook and diff ---------------------------------------------------------------------------------------------

def section_text(ruleset) -> str:
    section = scoring_section(ruleset, lambda *provenances: ())
    return "\n".join(plain(block.body) if isinstance(block, Paragraph) else
                     "\n".join(plain(item) for item in block.items) for block in section.blocks)


def test_the_rulebook_explains_the_scoring_and_the_match():
    section = section_text(load("mille-bornes"))
    for words in ("1 point for every km it has travelled", "100 points for every safety it has in play",
                  "300 points when it has all of", "300 points for every coup fourré it called",
                  "400 points for completing it", "300 points more if it has no 200 km card in play",
                  "300 points more if the draw pile was empty", "500 points more if no opponent has any mileage",
                  "has reached 5000 points", "if the highest totals are equal, another race is dealt"):
        assert words in section, words


def test_the_house_rule_rulebook_has_its_scoring_section_with_marks():
    result = runner.invoke(app, ["rulebook", str(HOUSE), "--scholarly"], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    section = result.stdout[result.stdout.index("## Scoring"):result.stdout.index("## Progressive")]
    assert "- 1 point for every mile it has travelled" in section
    assert "- 50 points more if no opponent has any mileage (a shut-out)" in section
    assert "A card is in a side's play" not in section  # no term counts cards in play here
    assert section.count("[A") == 2  # the scoring's assumption, and the match's


def test_a_scoring_without_a_match_says_each_race_stands_alone():
    assert "Each race is scored on its own" in section_text(variant("touring-1937", "1 point per mile"))


def test_the_diff_tells_what_the_scoring_adds():
    result = runner.invoke(app, ["diff", "touring-1937", str(HOUSE)], env={"NO_COLOR": "1"})
    assert result.exit_code == 1  # as diff(1): the editions differ
    assert "Scoring and the match" in result.stdout
    assert "+ Races are now scored (a match is played to 500 points)" in result.stdout
    assert "+ New score: 1 point per mile" in result.stdout
    assert "+ New score: 50 points for completing the race while no opponent has any mileage" in result.stdout


def test_the_diff_compares_two_scorings_term_by_term():
    result = runner.invoke(app, ["diff", str(HOUSE), "mille-bornes"], env={"NO_COLOR": "1"})
    assert "~ Scoring: a match to 5000 points (was a match to 500 points)" in result.stdout
    assert "~ Points for completing the race: 400 (was 50)" in result.stdout
    assert '+ New score: 300 points for completing the race without "200 km"' in result.stdout
    assert "per km" not in result.stdout.split("Scoring and the match")[1].split("\n\n")[0]  # 1 per unit: unchanged


# the command line ----------------------------------------------------------------------------------------------

def test_play_plays_the_match_to_its_end_and_logs_every_race(tmp_path):
    log = tmp_path / "m.jsonl"
    result = runner.invoke(app, ["play", str(HOUSE), "--humans", "none", "--seed", "3", "--log", str(log)],
                           env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    races = out.count("Scores for race ")
    assert races >= 2 and "wins the match" in out
    assert f"after {races} races" in out.splitlines()[-1]
    # the score sheet (score_sheet.py, as the web table shows it): a row per term, a column per side, the totals
    assert re.search(r"^  1 point per mile +(-|\d+) +(-|\d+)$", out, re.M)
    assert re.search(r"^  50 points for completing the race +(-|50) +(-|50)$", out, re.M)
    assert re.search(r"^  Match total \(to 500 points\) +\d+ +\d+$", out, re.M)
    logs = sorted(p.name for p in tmp_path.iterdir())
    assert logs == sorted(["m.jsonl"] + [f"m-race{n}.jsonl" for n in range(2, races + 1)])
    second = json.loads((tmp_path / "m-race2.jsonl").read_text().splitlines()[0])
    assert second["seed"] == race_seed(3, 1)


def test_play_of_an_unscored_edition_prints_no_scores():
    result = runner.invoke(app, ["play", "touring-1937", "--humans", "none", "--seed", "3"], env={"NO_COLOR": "1"})
    assert result.exit_code == 0 and "Scores for race" not in result.stdout


def test_simulate_reports_match_win_rates_and_races_per_match():
    result = runner.invoke(app, ["simulate", str(HOUSE), "-n", "20", "--matches", "12", "-j", "1", "--json"])
    assert result.exit_code == 0, result.output
    match = json.loads(result.stdout)["match"]
    assert match["matches"] == 12 and match["to"] == 500
    assert sum(s["wins"] for s in match["sides"]) + match["undecided"] == 12
    assert 1 <= match["races_per_match"]["min"] <= match["races_per_match"]["mean"] <= match["races_per_match"]["max"]
    again = runner.invoke(app, ["simulate", str(HOUSE), "-n", "20", "--matches", "12", "-j", "2", "--json"])
    assert json.loads(again.stdout)["match"] == match  # --jobs changes no number
    text = runner.invoke(app, ["simulate", str(HOUSE), "-n", "20", "--matches", "12", "-j", "1"]).stdout
    assert "Matches to 500 points: 12 played" in text and "Match wins by side" in text


def test_simulate_without_matches_or_scoring_reports_none():
    result = runner.invoke(app, ["simulate", str(HOUSE), "-n", "10", "--matches", "0", "-j", "1", "--json"])
    assert "match" not in json.loads(result.stdout)
    result = runner.invoke(app, ["simulate", "touring-1937", "-n", "10", "-j", "1", "--json"])
    assert "match" not in json.loads(result.stdout)
    bad = runner.invoke(app, ["simulate", str(HOUSE), "--matches", "-1"])
    assert bad.exit_code == 2


def test_input_ending_in_a_later_race_saves_that_race(tmp_path):
    log = tmp_path / "h.jsonl"
    result = runner.invoke(app, ["play", str(HOUSE), "--seed", "5", "--log", str(log)], input="1\n" * 90,
                           env={"NO_COLOR": "1"})
    assert result.exit_code == 0
    assert result.stdout.count("Scores for race ") == 1 and "Race 2 of the match" in result.stdout
    assert f"the game is saved in {tmp_path / 'h-race2.jsonl'}" in result.stderr
    lines = (tmp_path / "h-race2.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["seed"] == race_seed(5, 1) and "result" not in json.loads(lines[-1])


def test_show_lists_the_scoring():
    result = runner.invoke(app, ["show", str(HOUSE)], env={"NO_COLOR": "1"})
    assert ("Scoring: 1 point per mile, 50 points for completing the race, 30 points for completing the race "
            "after the draw pile runs out") in result.stdout
    assert "; match to 500 points" in result.stdout
