"""The simulator's fast path plays the very games of the public path: same moves, winners and measures.

For every archive edition, every player count, and random, greedy, expert and mixed seats, each seeded game
is played twice: inside the kernel (simulate.fast, kernel policies, measures kept by the generated
loop) and through the public Move/Event API (simulate.runner.play_one: bots reading Views, measures
read from Events). The two must agree move for move and measure for measure.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from touring_dsl.language.archive import load

from touring_dsl.language.locate import archive_ids
from touring_dsl.language.compiler import compile_text
from touring_dsl.simulate import Plan, seat_bots
from touring_dsl.simulate.fast import Cards, play_games
from touring_dsl.simulate.runner import play_one
from touring_dsl.engine import tables_for

CONFIGS = [(e, p) for e in archive_ids() for p in load(e).player_counts()]
EDITIONS = Path(__file__).resolve().parents[1] / "editions"
SEATINGS = [["random"], ["greedy"], ["greedy", "random"], ["expert", "greedy"]]
GAMES = 12


def fast_and_public(edition: str, players: int, bots: list[str], games: int, rotate: bool = False, ruleset=None):
    ruleset = ruleset or load(edition)
    plan = Plan(edition=edition, players=players, setup=None, bots=seat_bots(bots, players), seed=11, games=games,
                rotate=rotate)
    traces: list = []
    t = tables_for(ruleset, players)
    for record, game in play_games(ruleset, plan, 0, games, traces=traces):
        cards = Cards(t)
        # the card counts of this one game: replay it alone into fresh counters
        [(again, _)] = play_games(ruleset, plan, record.index, record.index + 1, cards)
        moves: list = []
        public = play_one(ruleset, plan, record.index, moves)
        yield record, again, cards, traces[-1], public, moves


def assert_same_games(games) -> tuple[int, int]:
    """Each game of fast_and_public agrees on both paths; returns (games completed, moves that were not turns)."""
    completed = not_turns = 0
    for fast, again, cards, fast_moves, public, public_moves in games:
        assert fast_moves == public_moves, f"game {fast.index}: the paths part at move {first_difference(fast_moves, public_moves)}"
        assert again == fast  # a game played alone is the same game
        by_name = lambda counts: Counter({cards.names[c]: n for c, n in enumerate(counts) if n})  # noqa: E731
        assert by_name(cards.plays) == +public.plays
        assert by_name(cards.hits) == +public.hazard_hits
        assert by_name(cards.paid) == +public.penalties_paid
        fast.plays, fast.hazard_hits, fast.penalties_paid = public.plays, public.hazard_hits, public.penalties_paid
        assert fast == public
        completed += fast.outcome == "completed"
        not_turns += len(public_moves) - public.turns
    return completed, not_turns


@pytest.mark.parametrize("edition,players", CONFIGS)
@pytest.mark.parametrize("bots", SEATINGS, ids=lambda b: "+".join(b))
def test_fast_path_plays_the_public_games(edition, players, bots):
    completed, _ = assert_same_games(fast_and_public(edition, players, bots, GAMES))
    games = GAMES
    while not completed and games < 4 * GAMES:  # many races run out of cards: where these all did, play on
        games *= 2
        completed, _ = assert_same_games(fast_and_public(edition, players, bots, games))
    assert completed > 0


def test_rotating_seats_moves_the_bots_and_stays_identical():
    seen = set()
    for fast, _, _, fast_moves, public, public_moves in fast_and_public("touring-1937", 3, ["greedy", "random"], 6,
                                                                         rotate=True):
        assert fast_moves == public_moves and fast.turns == public.turns
        seen.add(fast.bots)
    assert seen == {("greedy", "random", "greedy"), ("greedy", "greedy", "random"), ("random", "greedy", "greedy")}


def first_difference(a: list, b: list) -> int:
    return next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))


# Mechanics no archive edition uses yet, in variants: a turn that draws two (so a hand limit to
# discard down to), alone and beside safeties, coups fourrés and a distance race.
DRAW_TWO = {
    "touring-1937": 'edition "draw-two-1937" extends "touring-1937" { title "Touring, two cards a turn" }\n'
                    "turn { change draw 2 before play }\n",
    "mille-bornes": 'edition "draw-two-mille" extends "mille-bornes" { title "Mille Bornes, two cards a turn" }\n'
                    "turn { change draw 2 before play }\n",
}


@pytest.mark.parametrize("base", sorted(DRAW_TWO))
@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("bots", SEATINGS, ids=lambda b: "+".join(b))
def test_fast_path_plays_the_public_games_with_a_hand_limit(base, players, bots):
    ruleset = compile_text(DRAW_TWO[base], "<test>", base_dir=EDITIONS)
    assert ruleset.turn.draw == 2
    _, not_turns = assert_same_games(fast_and_public(ruleset.id, players, bots, 8, ruleset=ruleset))
    assert not_turns > 0  # some moves were not turns: discards down to the hand size (or coups fourrés)
