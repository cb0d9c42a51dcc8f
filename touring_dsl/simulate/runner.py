"""Simulate stage, running: seeded chunks of bot games on local processes or Ray, merged in order."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterator

from ..model import Ruleset
from .stats import GameRecord, Tally

CHUNK = 250  # games per work unit: small enough for a smooth progress bar, big enough to amortise start-up
MILEAGE_EVENTS = frozenset({"play", "penalty", "remove", "speeding"})
PLAY_EVENTS = frozenset({"play", "zone", "hazard", "speeding", "counter"})  # a card laid, whatever its kind


@dataclass(frozen=True)
class Plan:
    """Everything a worker needs; plain data so it crosses process (and Ray) boundaries."""

    edition: str  # archive id or path, compiled again in each worker
    players: int
    setup: str | None
    bots: tuple[str, ...]  # one per seat
    seed: int
    games: int

    def chunks(self) -> list[tuple[int, int]]:
        return [(start, min(start + CHUNK, self.games)) for start in range(0, self.games, CHUNK)]


def game_seed(seed: int, index: int) -> int:
    """Each game's seed depends only on the run's seed and the game's index, never on --jobs."""
    return (seed * 1_000_003 + index) & 0xFFFFFFFFFFFFFFFF


def seat_bots(names: list[str], players: int) -> tuple[str, ...]:
    """Bots listed for the seats, cycled when fewer names than seats are given."""
    return tuple(names[i % len(names)] for i in range(players))


def play_one(ruleset: Ruleset, plan: Plan, index: int) -> GameRecord:
    from ..bots import make_bot
    from ..engine import new_game
    from ..rng import Rng

    seed = game_seed(plan.seed, index)
    game = new_game(ruleset, players=plan.players, seed=seed, setup=plan.setup)
    bots = [make_bot(name, ruleset) for name in plan.bots]
    rng = Rng(seed ^ 0x5DEECE66D)
    miles_of = {card.name: card.miles or 0 for card in ruleset.deck}
    plays, hits, paid = Counter(), Counter(), Counter()
    reshuffles = lead_changes = penalty_miles = 0
    leader = None
    while not game.is_over:
        seat = game.to_act
        move = bots[seat].choose(game.view(seat), game.legal_moves(), rng)
        events = game.apply(move)
        touched = False
        for event in events:
            kind = event.kind
            if kind in PLAY_EVENTS and event.card:
                plays[event.card] += 1
            if kind == "hazard" and event.card:
                hits[event.card] += 1
            elif kind == "penalty" and event.card:
                paid[event.card] += 1
                penalty_miles += miles_of.get(event.card, 0)
            elif kind == "reshuffle":
                reshuffles += 1
            touched = touched or kind in MILEAGE_EVENTS
        if touched:
            leader, changed = _leader(game, leader)
            lead_changes += changed
    winner = game.winner
    seats = tuple(s for s in range(plan.players) if winner is not None and game.side_of(s) == winner)
    return GameRecord(winner_side=winner, winner_seats=seats, outcome=game.outcome or "unknown",
                      turns=game.turns, reshuffles=reshuffles, lead_changes=lead_changes, plays=plays,
                      hazard_hits=hits, penalties_paid=paid, penalty_miles=penalty_miles)


def _leader(game, leader: int | None) -> tuple[int | None, int]:
    """The side strictly ahead on miles (None on a tie), and 1 when the lead passed to another side."""
    miles = game.side_miles()
    best = max(miles)
    ahead = [side for side, m in enumerate(miles) if m == best]
    now = ahead[0] if len(ahead) == 1 and best > 0 else leader
    return now, int(leader is not None and now != leader)


def run_chunk(plan: Plan, start: int, stop: int) -> Tally:
    from ..archive import load

    ruleset = load(plan.edition)
    tally = Tally(players=plan.players, bots=plan.bots)
    for index in range(start, stop):
        tally.add(play_one(ruleset, plan, index))
    return tally


def _run_chunk_args(args: tuple) -> Tally:
    return run_chunk(*args)


def run(plan: Plan, jobs: int = 1, backend: str = "local",
        progress: Callable[[int], None] | None = None) -> Tally:
    """Play every game of the plan; chunks are merged in index order so --jobs never changes a number."""
    total = Tally(players=plan.players, bots=plan.bots)
    for tally in _chunk_results(plan, jobs, backend):
        total.merge(tally)
        if progress:
            progress(tally.games)
    return total


def _chunk_results(plan: Plan, jobs: int, backend: str) -> Iterator[Tally]:
    work = [(plan, start, stop) for start, stop in plan.chunks()]
    if backend == "ray":
        from .ray_backend import run_on_ray

        yield from run_on_ray(work)
    elif jobs <= 1:
        for args in work:
            yield _run_chunk_args(args)
    else:
        import multiprocessing

        with multiprocessing.get_context("spawn" if _threads_unsafe() else "fork").Pool(jobs) as pool:
            yield from pool.imap(_run_chunk_args, work)


def _threads_unsafe() -> bool:
    import sys

    return sys.platform != "linux"
