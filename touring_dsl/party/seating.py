"""Party stage, seating: how many tables of which size, and the first round's seats."""
from __future__ import annotations

from ..language.model import Progressive, Ruleset
from ..base.rng import Rng
from .record import PartyError, Round, Table


def is_partner_table(ruleset: Ruleset, size: int) -> bool:
    return ruleset.setup_for(size).side_size > 1


def table_sizes(ruleset: Ruleset, players: int, first: int | None = None) -> list[int]:
    """The size of each table, head table first: as many of the host's size as will fit, the rest at
    tables of the other sizes the edition allows that seat alike (partners, or single players)."""
    p = _progressive(ruleset)
    first = p.sizes()[0] if first is None else first
    if first not in p.sizes():
        raise PartyError(f"{ruleset.id} seats {_sizes(p.sizes())} at a table, not {first}")
    family = [n for n in p.sizes() if is_partner_table(ruleset, n) == is_partner_table(ruleset, first)]
    for count in range(players // first, -1, -1):
        rest = _fill(players - count * first, [n for n in family if n != first])
        if rest is not None and count + len(rest) > 0:
            return [first] * count + sorted(rest)
    others = [n for n in p.sizes() if n not in family]
    hint = f"; or try --table-size {others[0]}" if others else ""
    short = -players % first
    raise PartyError(f"{players} players cannot all sit at tables of {_sizes(family)}: "
                     f"bring {short} more{hint}")


def _fill(players: int, sizes: list[int]) -> list[int] | None:
    """Table sizes (from `sizes`, any number of each) that seat exactly `players`, fewest tables first."""
    if players == 0:
        return []
    best = None
    for n in sizes:
        if n <= players:
            rest = _fill(players - n, sizes)
            if rest is not None and (best is None or len(rest) + 1 < len(best)):
                best = [n] + rest
    return best


def _progressive(ruleset: Ruleset) -> Progressive:
    if ruleset.progressive is None:
        raise PartyError(f"{ruleset.id} describes no progressive play")
    return ruleset.progressive


def _sizes(sizes) -> str:
    return " or ".join(map(str, sizes))


def seat(number: int, players: list[str], ruleset: Ruleset) -> Table:
    """A table in seat order, sides as the setup for that many players makes them: partners sit
    opposite, so the seat order A B C D makes sides A+C and B+D."""
    sides = ruleset.setup_for(len(players)).side_count(len(players))
    return Table(number=number, sides=[players[s::sides] for s in range(sides)])


def first_round(ruleset: Ruleset, players: list[str], sizes: list[int], seed: int, shuffle: bool) -> Round:
    """Round 1: players drawn to seats by the party's seed (or seated in the order given)."""
    order = list(players)
    if shuffle:
        Rng(seed).shuffle(order)
    tables, start = [], 0
    for number, size in enumerate(sizes, start=1):
        tables.append(seat(number, order[start:start + size], ruleset))
        start += size
    return Round(number=1, tables=tables)
