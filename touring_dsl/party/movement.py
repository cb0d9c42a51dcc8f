"""Party stage, movement: the next round's seats from this round's results, by the edition's rules."""
from __future__ import annotations

from ..language.model import Ruleset
from .record import Round, Table


def next_round(ruleset: Ruleset, done: Round) -> Round:
    """Winners move up a table and the others stay; at the head table the winners stay and the last
    side goes down to the foot table. Partners then stay together, or separate so that each new pair
    joins one player who stayed with one who arrived."""
    p = ruleset.progressive
    tables = done.tables
    count = len(tables)
    if not p.winners_move_up or count == 1:
        return Round(done.number + 1, [Table(t.number, [list(s) for s in t.sides]) for t in tables])
    leaving = [t.last if i == 0 else t.winner for i, t in enumerate(tables)]
    arriving = [tables[(i + 1) % count].sides[leaving[(i + 1) % count]] for i in range(count)]
    new = []
    for i, table in enumerate(tables):
        stay = [side for s, side in enumerate(table.sides) if s != leaving[i]]
        new.append(Table(table.number, regroup(stay, arriving[i], len(table.sides), p.partners_stay)))
    return Round(done.number + 1, new)


def regroup(stay: list[list[str]], arrive: list[str], sides: int, together: bool) -> list[list[str]]:
    if together:
        return [list(side) for side in stay] + [list(arrive)]
    pool = [name for side in stay for name in side] + list(arrive)
    return [pool[s::sides] for s in range(sides)]


def moved(before: Round, after: Round, player: str) -> bool:
    a, b = before.table_of(player), after.table_of(player)
    return a is not None and b is not None and a.number != b.number
