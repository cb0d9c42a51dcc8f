"""Simulate stage, the compiled backend's chunks: a run's games played by the numba module, folded with numpy.

A chunk is dealt, played and measured inside compiled code (runtime.play_chunk), which hands back one
row of numbers per game; they fold here into the very Tally (and `--records` rows) that simulate.fast's
GameRecords make, each Counter filled in the order the games first reach each value, as Tally.add
would. Which runs take this path: numba installed, TOURING_KERNEL not `python`, every bot of the plan
random or one of the rule's Styles (greedy, expert: greedy.choose_play itself compiled), and a kernel
the translation accepts; any other run plays on the Python kernel, the same games.
"""
from __future__ import annotations

import sys

from ...engine.tables import Tables
from ...bots.greedy import STYLE_NAMES
from ..plan import Plan
from ..stats import Tally
from ...bots.compiled.runtime import COLUMNS, Compiled, forced, is_warm, load_for, wanted
from ...bots.compiled.translate import CannotCompile

COMPILED_POLICIES = ("random", *STYLE_NAMES)  # the bots whose games the compiled loop plays
_LOADED: dict = {}  # (id of Tables, greedy) -> (Tables, Compiled or None)


def announce(message: str) -> None:
    print(f"touring: {message}", file=sys.stderr, flush=True)


# games below which a seating not compiled yet plays on the Python kernel: a cold compile (8 to 13 s of CPU)
# costs more than the Python kernel takes for them (about 0.15 ms a random game, 0.3 ms a rule bot's)
WORTH_COMPILING = 50_000


def compiled_for(t: Tables, plan: Plan) -> Compiled | None:
    """The loaded numba module for the plan's seating, or None (the Python kernel plays: same games). A
    seating already compiled (in this process or the user's cache) is always used; one that is not is
    compiled only for a run of WORTH_COMPILING games or more (or with TOURING_KERNEL=compiled)."""
    if plan.public or not all(name in COMPILED_POLICIES for name in plan.bots) or not wanted():
        return None
    greedy = any(name in STYLE_NAMES for name in plan.bots)
    key = (id(t), greedy)
    found = _LOADED.get(key)
    if (found is None or found[0] is not t) and plan.games < WORTH_COMPILING and not forced() \
            and not is_warm(t, greedy):
        return None
    if found is None or found[0] is not t:
        try:
            found = _LOADED[key] = (t, load_for(t, announce, greedy))
        except CannotCompile as refused:
            if forced():
                announce(f"the compiled kernel is not used: {refused}")
            found = _LOADED[key] = (t, None)
        except Exception as error:  # noqa: BLE001 - numba refusing what the translation wrote is our bug, not the run's
            announce(f"internal error (please report it): the compiled kernel did not compile ({type(error).__name__}: "
                     f"{str(error).splitlines()[0] if str(error) else ''}); the Python kernel plays the same games")
            found = _LOADED[key] = (t, None)
    return found[1]


def play_chunk(t: Tables, plan: Plan, start: int, stop: int, compiled: Compiled) -> tuple[Tally, list]:
    """Games start..stop-1 of the plan on the compiled kernel: their Tally and, if asked, their records."""
    import numpy as np

    count = stop - start
    plays, hits, paid = (np.zeros(t.K, np.int64) for _ in range(3))
    out = np.zeros((count, len(COLUMNS) + t.sides), np.int64)
    seed_base = np.uint64((plan.seed * 1_000_003) & 0xFFFFFFFFFFFFFFFF)
    done, kept = np.zeros(1, np.int64), np.zeros((3, t.K), np.int64)
    tables = run_tables(t, compiled.module)
    styles = np.array([STYLE_NAMES.index(n) if n in STYLE_NAMES else -1 for n in plan.bots], np.int64)
    first = 0
    while first < count:
        try:
            compiled.play_chunk(seed_base, start + first, count - first, styles, int(plan.rotate), plays, hits, paid,
                                out[first:], done, kept, *tables.args())
            break
        except LookupError:  # a penalty's plays not known yet: found in Python, and that game played again
            if tables.need[0] != 1:  # any other error of the module's is not a miss
                raise
            plays[:], hits[:], paid[:] = kept
            first += int(done[0])
            tables.fill(compiled.module)
    tally = Tally(players=plan.players, bots=plan.bots)
    rows = fold(tally, out, t, plan, start, compiled.strings)
    for counts, target in ((plays, tally.plays), (hits, tally.hazard_hits), (paid, tally.penalties_paid)):
        target.update({t.names[c]: int(n) for c, n in enumerate(counts.tolist()) if n})
    return tally, rows


_TABLES: dict = {}


def run_tables(t: Tables, module):
    """The run tables of Tables t (kept for the process: the plays found stay found); `module`: a compiled
    module of its seating, which makes them."""
    from ...bots.compiled.runtime import RunTables

    found = _TABLES.get(id(t))
    if found is None or found.t is not t:
        found = _TABLES[id(t)] = RunTables(t, module)
    return found


def bots_won(tally: Tally, winners: list[int], t: Tables, plan: Plan, start: int) -> None:
    """Each game's winning seats counted to the bots sitting there (as Tally.add, the bots met in order)."""
    if len(set(plan.bots)) == 1:  # one bot in every seat: its wins are the winning seats, wherever it sits
        total = sum(len(t.seats_of[w]) for w in winners if w >= 0)
        if total:
            tally.bot_wins[plan.bots[0]] += total
        return
    bot_wins, seats_of = tally.bot_wins, t.seats_of
    for g, side in enumerate(winners):
        if side >= 0:
            names = plan.bots_for(start + g)
            for seat in seats_of[side]:
                bot_wins[names[seat]] += 1


def in_order(counter, values) -> None:
    """counter[v] += 1 for each v of values, the keys first met in the order of values (as Tally.add)."""
    import numpy as np

    if not len(values):
        return
    keys, first, counts = np.unique(values, return_index=True, return_counts=True)
    for i in np.argsort(first, kind="stable").tolist():
        counter[int(keys[i])] += int(counts[i])


def fold(tally: Tally, out, t: Tables, plan: Plan, start: int, strings: list[str]) -> list:
    """The games' rows folded into tally exactly as Tally.add folds their GameRecords (simulate.fast)."""
    import numpy as np

    column = {name: out[:, i] for i, name in enumerate(COLUMNS)}
    winner, turns = column["winner"], column["turns"]
    won = winner >= 0
    count = len(winner)
    tally.games += count
    tally.ties += int(count - won.sum())
    wins_by_side = np.bincount(winner[won], minlength=t.sides).tolist()
    for side, wins in enumerate(wins_by_side):
        for seat in t.seats_of[side]:
            tally.seat_wins[seat] += wins
    bots_won(tally, winner.tolist(), t, plan, start)
    for bot in plan.bots_for(start):
        tally.bot_games[bot] += count
    outcome_codes = column["outcome"]
    keys, first, counts = np.unique(outcome_codes, return_index=True, return_counts=True)
    for i in np.argsort(first, kind="stable").tolist():
        tally.outcomes[strings[int(keys[i])]] += int(counts[i])
    in_order(tally.lengths, turns)
    tally.reshuffles += int(column["reshuffles"].sum())
    in_order(tally.lead_changes, column["changes"])
    behind = out[np.arange(count), len(COLUMNS) + np.where(won, winner, 0)]
    in_order(tally.behind, behind[won])
    decided = np.where(column["leader"] == winner, column["since"], turns)
    has_turns = won & (turns > 0)
    in_order(tally.decided, (100 * decided[has_turns]) // turns[has_turns])
    tally.plays_offered += int(column["offered"].sum())
    tally.stuck_turns += int(column["stuck"].sum())
    tally.penalty_miles += int(column["pmiles"].sum())
    if not plan.records:
        return []
    rows = []
    for g, row in enumerate(out.tolist()):
        side = row[0]
        rows.append([start + g, "+".join(plan.bots_for(start + g)), "" if side < 0 else side + 1, strings[row[1]],
                     row[2], row[3], "" if side < 0 else row[len(COLUMNS) + side],
                     "" if side < 0 else (row[4] if row[5] == side else row[2]), row[6], row[7], row[8], row[9]])
    return rows
