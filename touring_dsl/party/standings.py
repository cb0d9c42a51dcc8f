"""Party stage, standings: each player's miles round by round, totals, places and prizes."""
from __future__ import annotations

from dataclasses import dataclass

from .record import Party


@dataclass(frozen=True)
class Entry:
    """One player's line on a score card: where they sat in a round and what they scored."""

    round: int
    table: int
    partners: tuple[str, ...]
    opponents: tuple[str, ...]
    miles: int
    won: bool
    cut: bool


@dataclass(frozen=True)
class Standing:
    place: int  # players with equal totals share a place
    player: str
    total: int
    rounds_won: int
    moves: int  # times the player changed tables
    prize: bool
    card: tuple[Entry, ...]


def score_card(party: Party, player: str) -> tuple[Entry, ...]:
    entries = []
    for rnd in party.completed_rounds():
        table = rnd.table_of(player)
        side = table.side_of(player)
        entries.append(Entry(round=rnd.number, table=table.number,
                             partners=tuple(p for p in table.sides[side] if p != player),
                             opponents=tuple(p for s, names in enumerate(table.sides) if s != side for p in names),
                             miles=table.totals()[side], won=table.winner == side, cut=table.cut))
    return tuple(entries)


def standings(party: Party, prizes: int) -> list[Standing]:
    """Every player, greatest total first; a prize for each player placed within the first `prizes`."""
    rows = []
    for player in party.players:
        card = score_card(party, player)
        tables = [e.table for e in card] + ([party.current.table_of(player).number] if party.current else [])
        moves = sum(1 for a, b in zip(tables, tables[1:]) if a != b)
        rows.append((player, sum(e.miles for e in card), sum(e.won for e in card), moves, card))
    rows.sort(key=lambda r: -r[1])
    out, place = [], 0
    for i, (player, total, won, moves, card) in enumerate(rows):
        if i == 0 or total != rows[i - 1][1]:
            place = i + 1
        out.append(Standing(place, player, total, won, moves, prize=place <= prizes and total > 0, card=card))
    return out
