"""Strategy: the scorer bot plays for what an edition's scoring pays, read from the compiled rules; levels."""
from __future__ import annotations

import pytest

from touring_dsl.language.archive import load
from touring_dsl.bots.players import make_bot, play
from touring_dsl.bots.rule_bots import ExpertBot, GreedyBot, RandomBot
from touring_dsl.engine import Move, build_position, new_game
from touring_dsl.base.rng import Rng
from touring_dsl.bots.search.pimc import RolloutBot
from touring_dsl.bots.strategy import ScorerBot, knowledge_for

RIVAL_RUNNING = {"go": ["Roll"], "piles": [("100 km", 1)]}


def mille():
    return load("mille-bornes")


def choose(bot, game):
    return bot.choose(game.view(game.to_act), game.legal_moves(), Rng(1))


def test_knowledge_reads_the_scoring_terms_and_the_safeties():
    k = knowledge_for(mille(), 2, None)
    assert k.points.scored and k.target == 700 and k.exact
    assert k.points.without == {"200 km": 300} and k.points.countered == 300 and k.points.shut_out == 500
    assert k.points.per_safety == 100 and k.points.all_safeties == 300
    assert k.shields["Accident"] == {"Driving Ace"} and "Speed Limit" in k.cancels["Right of Way"]
    assert k.mends["Repairs"] == {"Accident"} and k.total["Stop"] == 4  # the two-player deck lacks one
    assert not knowledge_for(load("touring-1937"), 2, None).points.scored


def test_a_safety_is_kept_for_its_coup_fourre_while_its_hazards_are_unseen():
    hand = ["Driving Ace", "Gasoline", "Gasoline", "Spare Tire", "Repairs", "Repairs"]
    game = build_position(mille(), sides={0: {"go": ["Roll"]}, 1: {"go": []}}, hands={0: hand})
    assert choose(ExpertBot(mille()), game) == Move("play", "Driving Ace")
    move = choose(ScorerBot(mille()), game)
    assert move.action == "discard" and move.card in ("Gasoline", "Repairs")  # a second copy goes


def test_a_safety_is_laid_at_once_when_every_hazard_it_answers_is_in_sight():
    hand = ["Driving Ace", "Gasoline", "100 km", "Spare Tire", "Repairs", "75 km"]
    game = build_position(mille(), sides={0: {"go": ["Roll"]}, 1: RIVAL_RUNNING}, hands={0: hand},
                          discard=("Accident", "Accident"))
    assert choose(ScorerBot(mille()), game) == Move("play", "Driving Ace")
    live = build_position(mille(), sides={0: {"go": ["Roll"]}, 1: RIVAL_RUNNING}, hands={0: hand})
    assert choose(ScorerBot(mille()), live) == Move("play", "100 km")


def test_the_200_is_held_back_for_the_safe_trip_until_the_rival_nears_the_end():
    hand = ["200 km", "100 km", "Gasoline", "Spare Tire", "Repairs", "Roll"]
    far = build_position(mille(), sides={0: {"go": ["Roll"]}, 1: {"go": ["Roll"], "piles": [("25 km", 1)]}},
                         hands={0: hand})
    assert choose(GreedyBot(mille()), far) == Move("play", "200 km")
    assert choose(ScorerBot(mille()), far) == Move("play", "100 km")
    near = build_position(mille(), sides={0: {"go": ["Roll"]}, 1: {"go": ["Roll"], "piles": [("100 km", 5)]}},
                          hands={0: hand})
    assert choose(ScorerBot(mille()), near) == Move("play", "200 km")


def test_a_hazard_the_rival_is_shielded_from_is_discarded_first():
    hand = ["Accident", "Out of Gas", "100 km", "75 km", "Roll", "Spare Tire"]
    sides = {0: {"go": ["Stop"]}, 1: {"go": [], "safeties": ["Driving Ace"]}}
    game = build_position(mille(), sides=sides, hands={0: hand})
    # stopped, with a Roll: first it plays the Roll; with none, it can only discard
    assert choose(ScorerBot(mille()), game) == Move("play", "Roll")
    hand[4] = "Gasoline"
    game = build_position(mille(), sides=sides, hands={0: hand})
    assert choose(ScorerBot(mille()), game) == Move("discard", "Accident")
    assert choose(ExpertBot(mille()), game) != Move("discard", "Accident")


def test_every_safety_is_laid_before_the_race_can_end():
    hand = ["Driving Ace", "Extra Tank", "100 km", "Gasoline", "Spare Tire", "Repairs"]
    game = build_position(mille(), sides={0: {"go": ["Roll"], "piles": [("100 km", 6)]}, 1: RIVAL_RUNNING},
                          hands={0: hand})
    assert choose(ScorerBot(mille()), game).card in ("Driving Ace", "Extra Tank")  # then completes


def test_where_nothing_scores_the_scorer_plays_the_expert_rule():
    ruleset = load("touring-1937")
    for seed in range(5):
        a = play(new_game(ruleset, 2, seed), [ScorerBot(ruleset), GreedyBot(ruleset)], Rng(seed))
        b = play(new_game(ruleset, 2, seed), [ExpertBot(ruleset), GreedyBot(ruleset)], Rng(seed))
        assert (a.turns, a.winner, a.miles) == (b.turns, b.winner, b.miles)


def test_scorer_plays_mille_bornes_to_the_end_at_every_player_count():
    ruleset = mille()
    for players in ruleset.player_counts():
        for seed in range(3):
            bots = [ScorerBot(ruleset) if seat % 2 == 0 else GreedyBot(ruleset) for seat in range(players)]
            game = play(new_game(ruleset, players, seed), bots, Rng(seed))
            assert game.is_over


def test_levels_name_calibrated_bots():
    assert isinstance(make_bot("easy", mille()), RandomBot)
    assert type(make_bot("medium", mille())) is GreedyBot
    assert isinstance(make_bot("hard", mille()), ScorerBot)
    assert type(make_bot("hard", load("touring-1937"))) is RolloutBot


@pytest.mark.parametrize("edition,bots,games", [("mille-bornes", "scorer,random", 2), ("touring-1937", "rollout,random", 1)])
def test_the_cli_takes_levels_and_plays_the_same_games_as_their_bots(edition, bots, games):
    import json

    from typer.testing import CliRunner

    from touring_dsl.cli.app import app

    def played(bots: str) -> dict:
        result = CliRunner().invoke(app, ["simulate", edition, "--games", str(games), "--jobs", "1",
                                          "--bots", bots, "--json"])
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    levels, named = played("hard,easy"), played(bots)
    assert levels["seats"][0]["wins"] == named["seats"][0]["wins"]
    assert levels["length_histogram"] == named["length_histogram"]
    refused = CliRunner().invoke(app, ["simulate", edition, "--games", "2", "--bots", "hardest,easy"])
    assert refused.exit_code == 2 and "hardest" in refused.output


HOUSE = '''edition "mille-no-safe-trip" extends "mille-bornes" {
    title "Mille Bornes without the safe trip"
}

change scoring {
    remove 300 points for completing the race without "200 km"
}
'''


def test_a_house_rule_without_the_safe_trip_bonus_lets_the_scorer_lay_its_200():
    from touring_dsl.language.compiler import compile_text

    house = compile_text(HOUSE, "house.touring", base_dir="editions")
    assert knowledge_for(house, 2, None).points.without == {}
    hand = ["200 km", "100 km", "Gasoline", "Spare Tire", "Repairs", "Roll"]
    sides = {0: {"go": ["Roll"]}, 1: {"go": ["Roll"], "piles": [("25 km", 1)]}}
    assert choose(ScorerBot(house), build_position(house, sides=sides, hands={0: hand})) == Move("play", "200 km")
    assert choose(ScorerBot(mille()), build_position(mille(), sides=sides, hands={0: hand})) == Move("play", "100 km")


def test_the_scorer_reads_the_longer_race_once_a_rival_extends():
    """In a race a rival extended the scorer counts the mileage still wanted against the new length, not
    the length dealt (it once discarded cards that still fitted); asked itself, it answers either way."""
    from touring_dsl.bots.strategy.scorer import Seen

    ruleset = mille()
    scorer, always = make_bot("scorer", ruleset), RandomBot(ruleset)
    offers = extended = 0
    for seed in range(60):
        game = new_game(ruleset, 2, seed)
        rng = Rng(seed)
        while not game.is_over:
            view, legal = game.view(game.to_act), game.legal_moves()
            if view.offer is not None and game.to_act == 0:
                offers += 1
                assert scorer.choose(view, legal, Rng(1)).action in ("stop", "extend")
            elif game.to_act == 0 and view.pending is None and view.extra.get("race_target", 700) > 700:
                extended += 1
                assert Seen(view, knowledge_for(ruleset, 2, None)).target == view.extra["race_target"]
            if view.offer is not None and game.to_act == 1:  # the rival extends whenever asked
                game.apply(next(m for m in legal if m.action == "extend"))
                continue
            game.apply((scorer if game.to_act == 0 else always).choose(view, legal, rng))
    assert offers >= 5 and extended >= 1


def at_the_extension(rival: dict, hand: list[str]):
    """A two-player race where seat 1 has just laid the card that reaches 700 km and is asked."""
    game = build_position(mille(), sides={0: {"go": ["Roll"], "piles": [("100 km", 6)]}, 1: rival}, hands={0: hand})
    game.apply(Move("play", "100 km"))
    assert game.view(0).offer == "extension"
    return game


def test_the_scorer_extends_only_when_playing_it_out_clearly_pays():
    """The scorer weighs the Extension by playing both answers out on dealt tables: with the rival stopped
    at 0 km and 300 km in hand it extends (the bonus and the distance outweigh the risk); with the rival
    rolling at 600 km it takes the race it has."""
    safe = at_the_extension({"go": ["Stop"]}, ["100 km", "100 km", "100 km", "100 km", "Roll", "Driving Ace"])
    assert choose(ScorerBot(mille()), safe) == Move("extend")
    close = at_the_extension({"go": ["Roll"], "piles": [("75 km", 8)]},
                             ["100 km", "25 km", "Gasoline", "Stop", "Roll", "Repairs"])
    assert choose(ScorerBot(mille()), close) == Move("stop")
    greedy = GreedyBot(mille())
    assert choose(greedy, safe) == Move("extend") and choose(greedy, close) == Move("stop")


def test_scorer_0_never_extends_and_a_bad_budget_is_refused():
    """`scorer:0` deals no tables and always takes the race it has; a budget that is no count is refused
    with the two forms it may take."""
    import pytest

    bot = make_bot("scorer:0", mille())
    assert bot.name == "scorer:0" and make_bot("scorer:8", mille()).extension_samples == 8
    safe = at_the_extension({"go": ["Stop"]}, ["100 km", "100 km", "100 km", "100 km", "Roll", "Driving Ace"])
    assert choose(bot, safe) == Move("stop")
    for bad in ("x", "-1", "0.5s", ""):
        with pytest.raises(ValueError, match="scorer:64.*scorer:0"):
            make_bot(f"scorer:{bad}", mille())
