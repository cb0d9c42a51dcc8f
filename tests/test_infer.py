"""The search bot's inference of a rival's hand from the plays it was seen to make: it reads only the seat's
views and its own moves, it never rules out the hand a rule-playing rival really holds, it moves the sampled
hands towards the real one, and it starts afresh when it cannot follow the game."""
from __future__ import annotations

from collections import Counter

import pytest

from touring_dsl.language.archive import load
from touring_dsl.bots.players import make_bot
from touring_dsl.engine import new_game
from touring_dsl.engine.tables import HAZARD, RUNNING
from touring_dsl.base.rng import Rng
from touring_dsl.bots.search import Belief
from touring_dsl.bots.search.infer import Record, table_cards

from test_ismcts import hide_differently


def seat_zero_decisions(ruleset, rival: str, seed: int, budget: str = "ismcts:10"):
    """Play a two-seat game, the search bot in seat 0 against `rival`; yield (game, bot) at each decision
    of seat 0 after the bot has chosen there (so its record holds the rival turns seen so far)."""
    game = new_game(ruleset, 2, seed)
    me, other = make_bot(budget, ruleset), make_bot(rival, ruleset)
    me.infer = True
    rng = Rng(seed)
    while not game.is_over:
        seat = game.to_act
        bot = me if seat == 0 else other
        move = bot.choose(game.view(seat), game.legal_moves(), rng)
        if seat == 0:
            yield game, me
        game.apply(move)


@pytest.mark.parametrize("rival", ["greedy", "expert"])
def test_the_hand_a_rule_player_holds_is_never_ruled_out(rival):
    ruleset = load("touring-1937")
    judged = 0
    for seed in range(3):
        for game, bot in seat_zero_decisions(ruleset, rival, seed):
            record = bot.records[0]
            if record.turns:
                record.explained = {}
                assert record._explains(0, list(game.hands[1]), 1)
                judged += 1
    assert judged > 100


def overlap(hand, truth) -> int:
    return sum((Counter(hand) & Counter(truth)).values())


def test_inferred_hands_share_more_cards_with_the_real_one():
    """Averaged over a game's decisions, hands sampled with inference hold more of the rival's real
    cards than hands sampled uniformly (the rival plays greedy's rule)."""
    ruleset = load("touring-1937")
    uniform = inferred = decisions = 0
    for game, bot in seat_zero_decisions(ruleset, "greedy", 11):
        belief = Belief(game.view(0))
        belief.infer(bot.records[0], Rng(game.turns))
        if not belief.rival_hands:
            continue
        plain = Belief(game.view(0))
        for i in range(20):
            inferred += overlap(belief.sample(Rng(i)).hands[1], game.hands[1])
            uniform += overlap(plain.sample(Rng(i)).hands[1], game.hands[1])
        decisions += 1
    assert decisions > 20
    assert inferred > uniform * 1.1


def test_a_rival_that_discarded_while_it_could_delay_the_seat_holds_fewer_hazards():
    """After the rival discarded while both sides showed go (so a hazard could have been played on the
    seat's side), the hands kept hold fewer hazards than hands dealt uniformly."""
    ruleset = load("touring-1937")
    kept = uniform = decisions = 0
    for seed in range(4):
        for game, bot in seat_zero_decisions(ruleset, "greedy", 30 + seed):
            record = bot.records[0]
            if not record.turns or not record.turns[-1].discarded:
                continue
            before = record.turns[-1].before.seen
            if before.go_state != [RUNNING, RUNNING]:
                continue
            belief, plain = Belief(game.view(0)), Belief(game.view(0))
            belief.infer(record, Rng(seed))
            if not belief.rival_hands:
                continue
            is_hazard = [k == HAZARD for k in game.t.kind]
            for i in range(20):
                kept += sum(is_hazard[c] for c in belief.sample(Rng(i)).hands[1])
                uniform += sum(is_hazard[c] for c in plain.sample(Rng(i)).hands[1])
            decisions += 1
    assert decisions > 10
    assert kept < uniform * 0.7


@pytest.mark.parametrize("edition", ["touring-1937", "touring-1906"])
def test_inference_never_reads_hidden_cards(edition):
    """Two bots that saw the same game so far, shown two tables that differ only in cards the seat cannot
    see, keep the same rival hands and choose the same move."""
    ruleset = load(edition)
    compared = 0
    game = new_game(ruleset, 2, 21)
    one, two, rival = make_bot("ismcts:10", ruleset), make_bot("ismcts:10", ruleset), make_bot("greedy", ruleset)
    one.infer = two.infer = True
    rng = Rng(21)
    while not game.is_over and compared < 6:
        seat = game.to_act
        view, legal = game.view(seat), game.legal_moves()
        if seat == 1:
            game.apply(rival.choose(view, legal, rng))
            continue
        if one.records.get(0) and one.records[0].turns and len(legal) > 1:
            twin = hide_differently(game, Rng(compared))
            assert twin.hands[1] != game.hands[1]
            mine = one.choose(view, legal, Rng(compared))
            assert two.choose(twin.view(0), twin.legal_moves(), Rng(compared)) == mine
            assert one.records[0].last[0].rival_hands == two.records[0].last[0].rival_hands != []
            compared += 1
        else:
            mine = one.choose(view, legal, Rng(99))
            assert two.choose(view, legal, Rng(99)) == mine
        game.apply(mine)
    assert compared == 6


def test_a_hazard_awaiting_a_counter_is_counted_once_on_the_table():
    """The face-up cards plus every hidden one make the deck, even while a counter is offered."""
    ruleset = load("touring-reprint")
    for seed in range(40):
        game, rng = new_game(ruleset, 2, seed=seed), Rng(seed)
        while not game.is_over:
            view = game.view(game.to_act)
            if view.pending is not None:
                belief = Belief(view)
                hidden = sum(n for _, n in belief.hidden_hands) + belief.draw_size
                seen = sum(table_cards(belief).values()) + len(view.hand)
                assert seen + hidden == len(belief.seen.t.deck_codes)
                return
            legal = game.legal_moves()
            game.apply(legal[rng.below(len(legal))])
    pytest.fail("no counter was offered in 40 random games")


def test_a_view_it_cannot_follow_starts_the_record_afresh():
    ruleset = load("touring-1937")
    seen = [(game.view(0), bot) for game, bot in seat_zero_decisions(ruleset, "greedy", 3)][:30]
    record = seen[-1][1].records[0]
    assert record.turns
    record.observe(Belief(new_game(ruleset, 2, 4).view(0)))  # another game's first decision
    assert record.turns == []


def test_with_inference_the_same_seed_plays_the_same_game():
    ruleset = load("touring-1906")
    games = []
    for _ in range(2):
        bot = make_bot("ismcts:10", ruleset)
        bot.infer = True
        game = new_game(ruleset, 2, 8)
        moves = []
        rng = Rng(8)
        while not game.is_over:
            seat = game.to_act
            move = (bot if seat == 0 else make_bot("expert", ruleset)).choose(game.view(seat), game.legal_moves(), rng)
            moves.append(move)
            game.apply(move)
        games.append((moves, game.winner))
    assert games[0] == games[1]
    assert bot.records[0].turns  # inference was at work
