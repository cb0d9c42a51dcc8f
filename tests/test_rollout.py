"""The rollout bot (search.pimc): it plays every edition to the end, reads no hidden card, takes a won
race, keeps the expert rule's move unless rollouts clearly beat it, and is reachable by name."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from touring_dsl.language.archive import load

from touring_dsl.language.locate import archive_ids
from touring_dsl.bots.players import make_bot, play
from touring_dsl.bots.rule_bots import ExpertBot
from touring_dsl.cli.app import app
from touring_dsl.engine import Move, new_game
from touring_dsl.base.rng import Rng
from touring_dsl.bots.search.pimc import RolloutBot

from test_ismcts import Always, about_to_lose, hide_differently, one_mile_from_winning, positions


@pytest.mark.parametrize("edition", sorted(archive_ids()))
def test_it_plays_every_edition_to_the_end(edition):
    ruleset = load(edition)
    players = min(ruleset.player_counts())
    bots = [make_bot("rollout:2", ruleset)] + [make_bot("greedy", ruleset)] * (players - 1)
    game = play(new_game(ruleset, players, 6), bots, Rng(6))
    assert game.is_over and game.outcome in ("completed", "exhausted", "turn-limit")


@pytest.mark.parametrize("edition", ["touring-1937", "mille-bornes"])
def test_it_never_reads_hidden_cards(edition):
    """Two games that differ only in cards the seat cannot see get the same move from the same generator."""
    ruleset = load(edition)
    bot = RolloutBot(ruleset, "6", guard=0.0)  # no guard: every difference in the rollouts would show
    compared = 0
    for game in positions(ruleset, 2, seeds=range(5)):
        if game.pending is not None:
            continue
        twin = hide_differently(game, Rng(99))
        seat = game.to_act
        assert twin.hands != game.hands or twin.draw != game.draw
        assert game.view(seat) == twin.view(seat)
        move = bot.choose(game.view(seat), game.legal_moves(), Rng(5))
        assert bot.choose(twin.view(seat), twin.legal_moves(), Rng(5)) == move
        compared += 1
    assert compared >= 2


def test_it_lays_the_card_that_wins_the_race():
    ruleset = load("touring-1937")
    game = one_mile_from_winning(ruleset)
    wasteful = RolloutBot(ruleset, "4", prior=Always(Move("discard", "Country")))
    assert wasteful.choose(game.view(0), game.legal_moves(), Rng(2)) == Move("play", "1 Mile")


def test_rollouts_overrule_a_prior_that_lets_the_rival_finish():
    """The rival needs one card and shows go: discarding lets it finish in most dealt tables, a hazard stops it."""
    ruleset = load("touring-1937")
    game = about_to_lose(ruleset)
    careless = Move("discard", "Gasoline")
    bot = RolloutBot(ruleset, "200", prior=Always(careless))
    move = bot.choose(game.view(0), game.legal_moves(), Rng(3))
    assert move != careless and move.action == "play"


def test_with_an_endless_guard_it_plays_the_expert_rule():
    ruleset = load("touring-1937")
    bot, expert = RolloutBot(ruleset, "4", guard=float("inf")), ExpertBot(ruleset)
    for game in positions(ruleset, 2, seeds=range(4)):
        view, legal = game.view(game.to_act), game.legal_moves()
        assert bot.choose(view, legal, Rng(1)) == expert.choose(view, legal, Rng(1))


def test_a_move_must_beat_the_rule_by_more_than_the_noise():
    bot = RolloutBot(None, "4", guard=2.0)
    assert bot.clearly_better([1.0] * 20, [0.0] * 20)  # better on every table
    assert not bot.clearly_better([1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 0.0])  # one table ahead in four
    assert not bot.clearly_better([0.5] * 8, [0.5] * 8)  # level


def test_budgets_in_tables_or_seconds():
    assert make_bot("rollout:12").samples == 12
    assert make_bot("rollout:0.05s").seconds == 0.05
    assert make_bot("rollout").samples == RolloutBot(None).samples
    for bad in ("abc", "0", "-3", "0s", "nans", "1.5"):
        with pytest.raises(ValueError, match="rollout budget"):
            make_bot(f"rollout:{bad}")


def test_touring_play_refuses_a_bad_rollout_budget():
    result = CliRunner().invoke(app, ["play", "touring-1937", "--humans", "none", "--bots", "rollout:fast"],
                                input="", env={"NO_COLOR": "1"})
    assert result.exit_code == 2
    assert "rollout budget 'fast'" in result.output


@pytest.mark.parametrize("edition", sorted(archive_ids()))
def test_the_fast_playout_plays_the_moves_of_the_stepped_rule(edition):
    """bots.playout.rule_playout (the rollouts' inner loop) ends every position where stepping the rule's
    kernel policy move by move ends it: same miles, hands, piles, turns and winner."""
    from touring_dsl.bots.greedy import EXPERT
    from touring_dsl.bots.search.infer import policy
    from touring_dsl.bots.playout import rule_playout

    ruleset = load(edition)
    for players in sorted(ruleset.player_counts())[:2]:
        for game in positions(ruleset, players, seeds=range(4)):
            t = game.t
            stepped, fast = game.clone(Rng(41)), game.clone(Rng(41))
            rule = policy(t, EXPERT)
            while not stepped.is_over:
                seat = stepped.to_act
                stepped.apply_code(rule(stepped, seat, t.side_of[seat], stepped.play_codes()))
            rule_playout(t)(fast)
            assert fast.is_over
            for field in FINAL_FIELDS:
                assert getattr(fast, field) == getattr(stepped, field), (edition, players, field)
            over = [getattr(fast, field) for field in FINAL_FIELDS]
            rule_playout(t)(fast)  # a race already over (an answer may end it) is left as it is
            assert [getattr(fast, field) for field in FINAL_FIELDS] == over


FINAL_FIELDS = ("miles", "hands", "discard", "draw", "turns", "winner", "outcome", "go_state")
