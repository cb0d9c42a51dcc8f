"""Simulate stage, the fast path: whole games with kernel policies, measured inside the generated loop.

The loop is the rule bots' game loop on the generated kernel (bots.playout): each seat played by the
random policy or the greedy rule in one of its Styles, every event the public API would report
updating the measures of docs/balance.md instead of making an Event. Here the plan's games are dealt
and played in it, and the measures it returns fold into GameRecords and a Tally; card counts go
straight into per-chunk lists.
"""
from __future__ import annotations

from ..engine.game import game_class
from ..engine.tables import Tables, tables_for
from ..bots.greedy import STYLE_NAMES, STYLES
from ..bots.playout import tables_loop
from ..base.rng import Rng
from .plan import BOT_SALT, game_seed
from .stats import GameRecord, Tally

POLICIES = ("random", "greedy", "expert")


def loop_for(ruleset, plan, trace: bool = False):
    """The compiled measuring loop for the plan's seating (bots.playout.tables_loop)."""
    t = tables_for(ruleset, plan.players, plan.setup)
    return tables_loop(t, any(name in STYLES for name in plan.bots), trace)


def seat_rules(rules: dict, names: tuple[str, ...]) -> tuple:
    """The loop's `rules`: per seat, the number of the Style its bot follows (-1 for a random seat)."""
    return tuple(STYLE_NAMES.index(name) if name in rules else -1 for name in names)


class Cards:
    """Per-card counts of a run of games on the fast path, by card code (folded into names at the end)."""

    def __init__(self, t: Tables):
        self.names = t.names
        self.plays, self.hits, self.paid = [0] * t.K, [0] * t.K, [0] * t.K

    def into(self, tally: Tally) -> Tally:
        for counts, target in ((self.plays, tally.plays), (self.hits, tally.hazard_hits),
                               (self.paid, tally.penalties_paid)):
            target.update({self.names[c]: n for c, n in enumerate(counts) if n})
        return tally


def play_games(ruleset, plan, start: int, stop: int, cards: Cards | None = None, traces: list | None = None):
    """Games start..stop-1 of the plan on the fast path: yields (GameRecord, finished game) one by one.

    Card counts go into `cards`; with `traces`, each game's move codes are appended to it as a list."""
    t, loop, rules, _ = loop_for(ruleset, plan, trace=traces is not None)
    cls = game_class(t)
    cards = cards or Cards(t)
    counts = (cards.plays, cards.hits, cards.paid)
    seats_of = t.seats_of
    masks: dict = {}
    for index in range(start, stop):
        seed = game_seed(plan.seed, index)
        game = cls(t, seed)
        game.deal()
        names = plan.bots_for(index)
        found = masks.get(names)
        if found is None:
            found = masks[names] = (sum(1 << seat for seat, name in enumerate(names) if name in STYLES),
                                    seat_rules(rules, names))
        mask, by_seat = found
        if traces is None:
            out = loop(game, Rng(seed ^ BOT_SALT), mask, by_seat, *counts)
        else:
            traces.append([])
            out = loop(game, Rng(seed ^ BOT_SALT), mask, by_seat, *counts, traces[-1])
        changes, since, leader, behind, offered, stuck, reshuffles, pmiles = out
        winner = game.winner
        yield GameRecord(
            index=index, bots=names, winner_side=winner, winner_seats=() if winner is None else seats_of[winner],
            outcome=game.outcome, turns=game.turns, reshuffles=reshuffles, lead_changes=changes,
            behind=None if winner is None else behind[winner],
            decided_at=None if winner is None else (since if leader == winner else game.turns),
            plays_offered=offered, stuck_turns=stuck, plays=None, hazard_hits=None, penalties_paid=None,
            penalty_miles=pmiles), game


def play_chunk(ruleset, plan, start: int, stop: int) -> tuple[Tally, list]:
    """Games start..stop-1 of the plan on the fast path: (their Tally, their compact records if asked)."""
    t = tables_for(ruleset, plan.players, plan.setup)
    cards = Cards(t)
    tally = Tally(players=plan.players, bots=plan.bots)
    rows = []
    for record, _ in play_games(ruleset, plan, start, stop, cards):
        tally.add(record)
        if plan.records:
            rows.append(record.row())
    return cards.into(tally), rows
