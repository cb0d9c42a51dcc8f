"""Every construct of the grammar that changes how the game is played has a worked example, in an
archive edition or in tests/coverage/, showing the engine playing it as the rulebook says.

A new grammar rule fails test_every_construct_is_accounted_for until it is given an example below
(or, if it does not change play, a reason in NOT_PLAYED)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from touring_dsl.language.compiler import compile_file
from touring_dsl.play.scenarios import run_examples
from touring_dsl.language.syntax import parser

ROOT = Path(__file__).resolve().parents[1]
FILES = {p.stem: p for p in [*ROOT.glob("editions/**/*.touring"), *(ROOT / "tests" / "coverage").glob("*.touring")]}

# construct (a grammar rule or alias) -> (file stem, title of an example that shows it played)
PLAYED = {
    # deck
    "mileage": ("touring-1937", "The sixteenth mileage card wins"),
    "go": ("touring-1937", "A Puncture needs only a Go to repair"),
    "remedy": ("touring-1937", "A Collision must be towed before Go"),
    "hazard": ("touring-1937", "A Collision must be towed before Go"),
    "zone": ("touring-1937", "A 30 needs the side's own Country"),
    "counter": ("touring-reprint", "A Mechanic cancels a Flat Tire and its owner draws back to five"),
    "safety": ("mille-bornes", "A safety shields a rolling car from its hazard (posva 58, BSD 226-228)"),
    "count": ("two-decks-1965", "Five players draw from two packs"),
    "hours": ("touring-1906", "A one-hour delay in the city takes a 5"),
    "removes": ("touring-1965", "Burning Oil takes a 75"),
    "cancels": ("touring-reprint", "Declining the Mechanic lets the hazard through"),
    "responder_next": ("mille-bornes",
                       "Coup fourre: Puncture-Proof answers a Flat Tire and its holder plays next (posva 297, nf)"),
    "against": ("mille-bornes", "Right of Way shields from Stop (posva 204)"),
    "acts_as_go": ("mille-bornes", "Right of Way lets a car advance with no Roll (posva 243)"),
    "extra_turn": ("mille-bornes", "A safety laid in turn gives its player another turn (posva 292, game.coffee 160)"),
    "rename": ("touring-1958", "Stop to Refuel needs Gasoline, then a Go"),
    # race
    "pile": ("touring-1937", "A full pile takes no more cards"),
    "protected": ("touring-1906", "The 1 and 3 Miles piles are never taken"),
    "miles_unit": ("touring-1937", "The sixteenth mileage card wins"),
    "km_unit": ("mille-bornes", "At 975 km a 25 reaches 1000 exactly and wins (posva 267)"),
    "exact": ("mille-bornes", "At 975 km a 50 would pass the goal (posva 267)"),
    "cap": ("mille-bornes", "A third 200 is refused (posva 258, BSD 175-177)"),
    # setups
    "players": ("touring-1965", "Partners build on one set of piles"),
    "individuals": ("touring-1965", "Three players race 400 miles"),
    "sides": ("touring-1965", "Partners build on one set of piles"),
    "decks": ("two-decks-1965", "Five players draw from two packs"),
    "without": ("touring-1965", "Three players race 400 miles"),
    "setup_race": ("touring-1965", "Three players race 400 miles"),
    # turn
    "hand": ("touring-reprint", "A Mechanic cancels a Flat Tire and its owner draws back to five"),
    "draw": ("touring-reprint", "A Mechanic cancels a Flat Tire and its owner draws back to five"),
    "before_go": ("touring-1937", "Delays may be served before one's own Go"),
    # delays
    "chain": ("touring-1937", "A Collision must be towed before Go"),
    "showing_go": ("touring-1937", "A side not yet started cannot be delayed"),
    "any_side": ("delays-any-1937", "A delay may be laid on a side that has not started"),
    # zones
    "per_side": ("per-side-zones-1906", "Country frees only the side that lays it"),
    "whole_game": ("touring-1906", "One Country card lets every side run fast"),
    "zone_def": ("touring-1937", "A 30 needs the side's own Country"),
    "allowed_names": ("touring-1937", "A 30 needs the side's own Country"),
    "allowed_all": ("touring-1937", "City Limits on the opponent's Country stops their 30s"),
    "start_zone": ("touring-1937", "A 30 needs the side's own Country"),
    "zone_play": ("touring-1937", "City Limits on the opponent's Country stops their 30s"),
    "own": ("per-side-zones-1906", "Country frees only the side that lays it"),
    "opponent": ("touring-1965", "A Speed Limit goes on an opponent's Freeway"),
    "any_reach": ("touring-1937", "City Limits on the opponent's Country stops their 30s"),
    "forbidden": ("touring-1937", "A 30 needs the side's own Country"),
    "zone_must_change": ("touring-1906", "A zone card that would change nothing is discarded, not played"),
    "zone_may_repeat": ("lenient-1937", "A City Limits card may be laid on City Limits"),
    "forfeit_card": ("touring-1965", "Speeding past a Speed Limit forfeits the card"),
    "forfeit_all": ("touring-1906", "Speeding in the city costs every mile laid"),
    # penalties
    "penalty": ("touring-1937-penalties", "A Collision in the country may take two 15s"),
    "per_hour": ("touring-1906", "In the country an hour may cost two 5s"),
    "take_from": ("touring-1906", "The 1 and 3 Miles piles are never taken"),
    "attacker_chooses": ("touring-1937-penalties", "The same forfeit taking nothing is allowed"),
    "never_larger": ("touring-1937-penalties", "A 15-mile forfeit against only 30s takes nothing"),
    "forfeit_full": ("touring-1937-penalties", "A 30-mile forfeit is not paid with one 15 while a 30 is there"),
    "forfeit_up_to": ("lenient-1937", "Under up-to forfeits one 15 may be taken while a 30 is there"),
    # reshuffle
    "return_discards": ("touring-1937", "The reshuffle leaves the top of each Go and zone pile"),
    "return_group": ("touring-1937", "The reshuffle leaves the top of each Go and zone pile"),
    "go_piles": ("touring-1937", "The reshuffle leaves the top of each Go and zone pile"),
    "zone_piles": ("touring-1937", "The reshuffle leaves the top of each Go and zone pile"),
    "keep_top": ("touring-1937", "The reshuffle leaves the top of each Go and zone pile"),
    "keep_all": ("delays-any-1937", "The reshuffle takes back whole go piles and leaves the zone piles"),
    "keep_none": ("delays-any-1937", "The reshuffle takes back whole go piles and leaves the zone piles"),
    # ending
    "win": ("touring-1937", "The sixteenth mileage card wins"),
    "exhausted": ("mille-bornes", "When the cards are gone and the hands played out, the longer trip wins"),
    "turn_limit": ("turn-limit-1937", "At the turn limit the side with the most miles wins"),
    # scoring
    "score_distance": ("mille-bornes", "When the cards are gone and the hands played out, the longer trip wins"),
    "per_km": ("mille-bornes", "When the cards are gone and the hands played out, the longer trip wins"),
    "per_mile": ("match-1937", "Completing the race scores its miles and the bonus"),
    "score_complete": ("match-1937", "Completing the race scores its miles and the bonus"),
    "finish_exhausted": ("match-1937", "Completing the race from an empty draw pile earns 30 more"),
    "finish_shut_out": ("match-1937", "A shut-out doubles the bonus"),
    "finish_without": ("mille-bornes", "A 200 km in the trip loses the safe-trip bonus"),
    "score_in_play": ("mille-bornes", "A trip of exactly 1000 km with two safeties and no 200s scores 1900 "
                                      "(after fr, Exemples de marques)"),
    "scored_kind": ("mille-bornes", "A trip of exactly 1000 km with two safeties and no 200s scores 1900 "
                                    "(after fr, Exemples de marques)"),
    "score_all_in_play": ("mille-bornes", "All four safeties, a delayed action and a shut-out"),
    "score_countered": ("mille-bornes", "A coup fourre scores 300 on top of the safety's 100 (fr, La marque)"),
    # mechanics (touring_dsl/mechanics/): the Extension
    "extension": ("mille-bornes", "Extended, the race goes on to exactly 1000 km and its completion earns 200 more"),
    "score_extension": ("mille-bornes", "Three players: another player completes the extended race, and both of the "
                                        "caller's opponents score the bonus"),
    "finish_extension": ("extension-completer-mille-bornes",
                         "Three players: only the side that completes the extended race scores the bonus"),
    "m_extend": ("mille-bornes", "Extended, the race goes on to exactly 1000 km and its completion earns 200 more"),
    "m_stop": ("mille-bornes", "Declining the Extension ends the race at 700 km, with no bonus for it"),
    # stacking hazards
    "stacking": ("stacking-mille-bornes", "A second hazard may go on a car already held up"),
    "stack_in_turn": ("stacking-in-turn-mille-bornes", "Once the top hazard is remedied the one beneath counts again"),
    # taking the top discard
    "discard_draw": ("discard-draw-mille-bornes", "The next player may take the card just discarded"),
    "m_take": ("discard-draw-mille-bornes", "The next player may take the card just discarded"),
    "m_draw": ("discard-draw-mille-bornes", "Or draw as always, leaving the discard where it lies"),
}

# constructs that do not change how a race is played, and why
NOT_PLAYED = {
    **dict.fromkeys(["title", "subtitle", "year", "year_range", "remove_year", "publisher", "summary", "source",
                     "outside_source", "extends", "note", "notes", "author", "history", "fact", "uncertain",
                     "language"],
                    "describes the edition, not its play"),
    **dict.fromkeys(["piles", "pile_name", "go_pile_name", "zone_pile_name"], "names the piles for the rulebook and the table "
                    "(tests/test_pile_names.py); no effect on play"),
    "counter_name": "names the counter for the rulebook, the table and the log (tests/test_pile_names.py); no effect "
                    "on play",
    **dict.fromkeys(["cite", "assume"], "records where a rule comes from"),
    **dict.fromkeys(["add", "change", "remove", "rename_entry"], "builds a variant from its parent (the rules it "
                    "yields are covered by their own constructs)"),
    **dict.fromkeys(["face_down", "tally"], "how a pile is laid out on the table; no effect on play"),
    "match_to": "joins races into a match (engine.match), tested in tests/test_scoring.py",
    "lead_rotates": "who leads each race of a match (a mechanic of the match, mechanics/lead_rotation.py, played "
                    "between races: no race's example can show it), tested in tests/test_match_lead.py",
    "scored_card": "a card counted in play, as scored_kind counts a kind; tested in tests/test_scoring.py",
    **dict.fromkeys(["tables", "partners", "rounds", "score_mileage", "progressive", "partner_move", "together",
                     "separate", "winners_move_up", "restart", "prizes", "umpire"],
                    "Progressive Touring, a tournament format around many races, not a rule of one race (played by "
                    "touring party: tests/test_party_*.py)"),
    **dict.fromkeys(["example", "ex_players", "ex_setup", "ex_given", "ex_expect", "move", "m_play", "m_discard",
                     "m_counter", "m_decline", "take_nothing", "take_cards", "check"],
                    "the syntax of examples themselves"),
}
# grammar rules that only group or wrap others
STRUCTURE = {"start", "edition", "item", "section", "op", "body", "entry", "annot", "kind", "card_attr", "names",
             "removal", "kinds", "kind_name", "setup_rule", "turn_rule", "delay_rule", "zone_rule", "penalty_rule",
             "reshuffle_rule", "ending_rule", "progressive_rule", "target", "allowed", "reach", "speeding",
             "pile_group", "keep", "scope", "unit", "pile_flag", "meta", "given", "taking", "ex_item", "card",
             "deck", "race", "setup", "turn", "delays", "zones", "penalties", "reshuffle", "ending", "scoring",
             "score_rule", "points", "distance_unit", "scored", "finish", "history_rule"}


def grammar_constructs() -> set[str]:
    grammar = (ROOT / "grammar" / "touring.lark").read_text(encoding="utf-8")
    names = set(re.findall(r"->\s*(\w+)", grammar)) | set(re.findall(r"^\??(\w+)\s*:", grammar, re.M))
    wrappers = {n for n in names if n.endswith(("_body", "_entry")) and n != "rename_entry"}
    # the given and expect lines of examples are checked by the examples themselves
    example_lines = {n for n in names if n.startswith(("g_", "c_"))}
    return {n for n in names if not n.isupper()} - wrappers - example_lines


def test_every_mechanic_is_played_by_a_worked_example():
    """Each registered mechanic (touring_dsl/mechanics/) writes every statement, score condition and decision
    it declares in the grammar, and each has a worked example above that plays it."""
    from touring_dsl.mechanics import REGISTERED

    constructs = grammar_constructs()
    for mechanic in REGISTERED:
        declared = [*mechanic.statements, *(f.grammar for f in mechanic.finishes), *(a.grammar for a in mechanic.awards),
                    *(f"m_{d.action}" for d in mechanic.decisions)]
        assert declared, f"mechanic {mechanic.name} declares no statement"
        for construct in declared:
            assert construct in constructs, f"mechanic {mechanic.name}: {construct} is not in the grammar"
            if mechanic.place == "match" and construct in NOT_PLAYED:
                continue  # played between the races of a match, which a worked example (one race) cannot show
            assert construct in PLAYED, f"mechanic {mechanic.name}: no worked example plays {construct}"


def effect_attributes() -> set[str]:
    """The card attributes of the hazard effects (touring_dsl/mechanics/effects/): that a worked example plays
    each effect is checked from the registry by tests/test_hazard_effects.py."""
    from touring_dsl.mechanics.effects import REGISTERED

    return {alias for effect in REGISTERED for alias in effect.attributes}


def test_every_construct_is_accounted_for():
    missing = grammar_constructs() - set(PLAYED) - set(NOT_PLAYED) - STRUCTURE - effect_attributes()
    assert missing == set(), f"constructs with no example showing them played: {sorted(missing)}"


_RESULTS: dict[str, dict] = {}


def _results(stem: str) -> dict:
    if stem not in _RESULTS:
        ruleset = compile_file(FILES[stem])
        _RESULTS[stem] = {r.title: r for r in run_examples(ruleset)}
    return _RESULTS[stem]


def _uses(stem: str, construct: str) -> bool:
    """Whether the file, or an edition it extends, writes the construct."""
    text = FILES[stem].read_text(encoding="utf-8")
    if any(t.data == construct for t in parser().parse(text).iter_subtrees()):
        return True
    parent = re.search(r'extends "([^"]+)"', text)
    return parent is not None and parent.group(1) in FILES and _uses(parent.group(1), construct)


@pytest.mark.parametrize("construct", sorted(PLAYED))
def test_the_example_plays_the_construct(construct):
    stem, title = PLAYED[construct]
    assert _uses(stem, construct), f"{stem} does not use {construct}"
    result = _results(stem).get(title)
    assert result is not None, f'{stem} has no example "{title}"'
    assert result.failures == (), result.failures
