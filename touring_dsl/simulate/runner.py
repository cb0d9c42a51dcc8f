"""Simulate stage, running: seeded chunks of bot games on local processes or Ray, merged in order.

Two paths play the same games. Bots that are kernel policies (random, greedy, expert) play inside the ruleset's
generated rules kernel (simulate.fast: no Move, Event or View per turn); any other bot plays through
the public Move/Event API (play_one). Both fold the same GameRecord for the same seed, which
tests/test_simulate_paths.py checks game by game.
"""
from __future__ import annotations

import gc
from collections import Counter
from contextlib import contextmanager
from itertools import chain, islice
from typing import TYPE_CHECKING, Callable, Iterator

from .plan import BOT_SALT, CHUNK, Plan, game_seed
from .stats import GameRecord, Tally

if TYPE_CHECKING:
    from ..engine.tables import Tables
    from ..language.model import Ruleset

MILEAGE_EVENTS = frozenset({"play", "penalty", "remove", "speeding"})


class Lead:
    """Who leads on miles, how often the lead changed, since when it is held, and how far each side
    has trailed the leader at worst (the measures of docs/balance.md, as the kernel keeps them)."""

    def __init__(self, sides: int):
        self.leader, self.changes, self.since = -1, 0, 0
        self.behind = [0] * sides

    def update(self, miles, turns: int) -> None:
        best = max(miles)
        ahead = [side for side, m in enumerate(miles) if m == best]
        if len(ahead) == 1 and ahead[0] != self.leader:
            self.changes += self.leader >= 0
            self.leader, self.since = ahead[0], turns
        for side, m in enumerate(miles):
            if best - m > self.behind[side]:
                self.behind[side] = best - m

    def settle(self, winner: int | None, turns: int) -> tuple[int | None, int | None]:
        """(the winner's largest deficit, the turn from which it led to the end), None without a winner."""
        if winner is None:
            return None, None
        return self.behind[winner], self.since if self.leader == winner else turns


def play_one(ruleset: Ruleset, plan: Plan, index: int, moves: list | None = None) -> GameRecord:
    """One game through the public API: bots read Views and choose Moves; measures come from Events.
    With `moves`, each move's code is appended to it (to compare with the fast path)."""
    from ..bots.players import make_bot
    from ..bots.playout import PLAY_EVENTS
    from ..engine import new_game
    from ..base.rng import Rng

    seed = game_seed(plan.seed, index)
    game = new_game(ruleset, players=plan.players, seed=seed, setup=plan.setup)
    names = plan.bots_for(index)
    bots = [make_bot(name, ruleset) for name in names]
    rng = Rng(seed ^ BOT_SALT)
    miles_of = {card.name: card.miles or 0 for card in ruleset.deck}
    plays, hits, paid = Counter(), Counter(), Counter()
    reshuffles = penalty_miles = offered = stuck = 0
    lead = Lead(game.sides)
    hazard = None
    while not game.is_over:
        seat = game.to_act
        legal = game.legal_moves()
        if game.pending is None:
            n = sum(1 for m in legal if m.action == "play")
            offered += n
            stuck += not n
        move = bots[seat].choose(game.view(seat), legal, rng)
        if moves is not None:
            moves.append(game.code_of(move))
        for event in game.apply(move):
            kind, card = event.kind, event.card
            if kind in PLAY_EVENTS and card:
                plays[card] += 1
            if kind == "hazard":
                hits[card] += 1
                hazard = card
            elif kind == "zone":
                hazard = None  # a zone card is not a hit, so a counter to it takes none back
            elif kind == "counter" and hazard is not None:
                hits[hazard] -= 1  # cancelled: it never hit
            elif kind == "penalty":
                taken = dict(move.take)[card]
                paid[card] += taken
                penalty_miles += taken * miles_of[card]
            elif kind == "reshuffle":
                reshuffles += 1
            if kind in MILEAGE_EVENTS:
                lead.update(game.miles, game.turns)
    return finished(game, plan, index, names, reshuffles, lead, offered, stuck, plays, hits, paid, penalty_miles)


def finished(game, plan: Plan, index: int, names, reshuffles: int, lead: Lead, offered: int, stuck: int,
             plays: Counter, hits: Counter, paid: Counter, penalty_miles: int) -> GameRecord:
    """The record of a game that has ended (either path)."""
    winner = game.winner
    seats = tuple(s for s in range(plan.players) if winner is not None and game.side_of(s) == winner)
    behind, decided = lead.settle(winner, game.turns)
    return GameRecord(index=index, bots=names, winner_side=winner, winner_seats=seats,
                      outcome=game.outcome or "unknown", turns=game.turns, reshuffles=reshuffles,
                      lead_changes=lead.changes, behind=behind, decided_at=decided, plays_offered=offered,
                      stuck_turns=stuck, plays=plays, hazard_hits=hits, penalties_paid=paid,
                      penalty_miles=penalty_miles)


def fast_path(plan: Plan) -> bool:
    """Whether every bot of the plan plays inside the kernel."""
    return in_kernel(plan.bots, plan.public)


def in_kernel(bots, public: bool) -> bool:
    """Whether games with these bots are played inside the kernel: each is a kernel policy, and the run did
    not ask for the public Move/Event API."""
    from .fast import POLICIES

    return not public and all(name in POLICIES for name in bots)


def run_chunk(plan: Plan, start: int, stop: int) -> tuple[Tally, list]:
    """Games start..stop-1 folded into a Tally (and their compact records when the plan asks)."""
    if fast_path(plan):
        from .compiled.chunk import compiled_for, play_chunk as play_compiled
        from .fast import play_chunk

        t = tables_of(plan)
        compiled = compiled_for(t, plan)
        if compiled is not None:
            return play_compiled(t, plan, start, stop, compiled)
        return play_chunk(t, plan, start, stop)
    ruleset = ruleset_of(plan)
    tally = Tally(players=plan.players, bots=plan.bots)
    rows = []
    for index in range(start, stop):
        record = play_one(ruleset, plan, index)
        tally.add(record)
        if plan.records:
            rows.append(record.row())
    return tally, rows


def run_chunk_args(args: tuple) -> tuple[Tally, list]:
    """run_chunk of a (plan, start, stop) tuple: the function a worker process is handed."""
    return run_chunk(*args)


def run(plan: Plan, jobs: int = 1, backend: str = "local", progress: Callable[[int], None] | None = None,
        records: Callable[[list], None] | None = None) -> Tally:
    """Play every game of the plan; chunks are merged in index order so --jobs never changes a number."""
    total = Tally(players=plan.players, bots=plan.bots)
    chunks = _chunk_results(plan, jobs, backend)
    try:
        for tally, rows in chunks:
            total.merge(tally)
            if records:
                records(rows)
            if progress:
                progress(tally.games)
    finally:
        chunks.close()  # an interrupted run ends its worker pool now, not at interpreter exit
    return total


def _chunk_results(plan: Plan, jobs: int, backend: str) -> Iterator[tuple[Tally, list]]:
    if backend == "ray":
        from .ray_backend import run_on_ray

        yield from run_on_ray(((plan, start, stop) for start, stop in plan.chunks()), run_chunk_args)
        return
    with collection_paused():
        warm(plan)  # once, before any unit (and before workers are forked: they inherit it)
    units = work_units(plan, jobs)
    ahead = list(islice(units, 2))
    work = ((plan, start, stop) for start, stop in chain(ahead, units))  # streamed: the pool's pipe paces it
    if jobs <= 1 or len(ahead) < 2:  # a single unit is played here: no worker would share it
        for args in work:
            yield run_chunk_args(args)
        return
    from .pool import worker_pool

    with worker_pool(min(jobs, plan.chunk_count)) as pool:
        yield from pool.imap(run_chunk_args, work)


_SETTLED: list[bool] = []  # whether this process has set its first load aside from the collector


@contextmanager
def collection_paused():
    """The garbage collector off while the kernel loads, and what the first load made set aside from it.
    numba's import and its compiled module make some hundreds of thousands of objects that all stay: the
    collector's passes over them, as they grew, were a fifth of the load; walked again by the first
    collection after it, and by each forked worker's, they cost a few hundredths of a second more. Frozen
    once a process (gc.freeze), they are never walked again; a later load's objects are collected as usual."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if not _SETTLED:
            gc.freeze()
            _SETTLED.append(True)
        if was:
            gc.enable()


def compiled_in_use(plan: Plan) -> bool:
    """Whether this run's games are played by the compiled kernel (simulate.compiled), already warm here."""
    if not fast_path(plan):
        return False
    from .compiled.chunk import compiled_for

    return compiled_for(tables_of(plan), plan) is not None


# folding a unit and handing it over costs about half a millisecond: 14% of a chunk of 250 compiled games
# (some 3.5 ms), a few percent of LEAST_UNIT games; MOST_UNIT games take some 0.15 s, as often as the
# progress bar moves
LEAST_UNIT = 4 * CHUNK
MOST_UNIT = 40 * CHUNK


def work_units(plan: Plan, jobs: int) -> Iterator[tuple[int, int]]:
    """The (start, stop) units of a run, in order: the plan's chunks, except for the compiled kernel with
    several workers, where a chunk of 250 games (a few milliseconds) costs less to play than to hand over
    and fold. Its units are runs of consecutive chunks, each a fraction of what is left (guided
    self-scheduling): large while much is left, down to LEAST_UNIT games at the end, so the workers finish
    together instead of one waiting for the other's last large unit. Merged in order they make the same
    Tally as the chunks one by one, whatever the units."""
    if jobs <= 1 or not compiled_in_use(plan):
        yield from plan.chunks()
        return
    start = 0
    while start < plan.games:
        left = plan.games - start
        share = -(-left // (2 * jobs))  # half of each worker's share of what is left
        size = min(MOST_UNIT, max(LEAST_UNIT, -(-share // CHUNK) * CHUNK))
        yield start, min(start + size, plan.games)
        start += size


def warm(plan: Plan) -> None:
    """Compile the edition and its kernel in this process (or load them warm), before the first unit is
    played and before any worker is forked from it."""
    if fast_path(plan):
        from .compiled.chunk import compiled_for
        from .fast import loop_for

        loop_for(tables_of(plan), plan)
        compiled_for(tables_of(plan), plan)  # compiled once here (or loaded warm), not once per worker
    else:
        ruleset_of(plan)


_RULESETS: dict[str, Ruleset] = {}


def ruleset_of(plan: Plan) -> Ruleset:
    """The plan's edition, compiled once per process: every chunk of a run plays the same rules, even if
    the edition's file is edited while the run goes on."""
    found = _RULESETS.get(plan.edition)
    if found is None:
        from ..language.archive import load

        found = _RULESETS[plan.edition] = load(plan.edition)
    return found


def tables_of(plan: Plan) -> Tables:
    """The plan's Tables for the fast path, once per process like ruleset_of: the detached copy the
    ruleset cache keeps (no Ruleset loaded, no code compiled: simulate.warm), else compiled from the Ruleset."""
    from .warm import seated

    found = seated(plan.edition, plan.players, plan.setup)
    if found is not None:
        return found.tables
    from ..engine.tables import tables_for

    return tables_for(ruleset_of(plan), plan.players, plan.setup)
