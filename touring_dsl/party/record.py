"""Party stage, the record: who sat where each round and what each table recorded, as plain data."""
from __future__ import annotations

from dataclasses import dataclass, field


# the largest party touring runs: ample for any hall, and small enough that seating answers at once
MOST_PLAYERS = 1_000
MOST_ROUNDS = 100


class PartyError(ValueError):
    """A problem with the party the host can fix: a bad entry, a bad file, a seating that cannot work."""


@dataclass
class Table:
    """One table in one round: its sides (players by name) and, once recorded, the miles of each game."""

    number: int  # 1 is the head table
    sides: list[list[str]]
    games: list[list[int]] | None = None  # games[g][side]: miles laid in game g of the round
    winner: int | None = None  # the side that won the round at this table
    last: int | None = None  # the side with the fewest miles (it leaves the head table)
    cut: bool = False  # a cut of the cards settled the winner or the last

    @property
    def players(self) -> list[str]:
        return [name for side in self.sides for name in side]

    @property
    def recorded(self) -> bool:
        return self.games is not None

    def totals(self) -> list[int]:
        """Each side's miles over every game of the round."""
        return [sum(game[s] for game in self.games or []) for s in range(len(self.sides))]

    def side_of(self, player: str) -> int | None:
        return next((s for s, side in enumerate(self.sides) if player in side), None)


@dataclass
class Round:
    number: int
    tables: list[Table]

    @property
    def complete(self) -> bool:
        return all(t.recorded for t in self.tables)

    def table_of(self, player: str) -> Table | None:
        return next((t for t in self.tables if player in t.players), None)


@dataclass
class Party:
    edition: str  # as the host named it: an archive id or a path
    edition_id: str
    source_hash: str  # the edition's text when the party began: its rules must not change under it
    seed: int  # for seating and for the cuts that settle ties
    players: list[str]
    rounds_planned: int
    minutes: int | None
    rounds: list[Round] = field(default_factory=list)
    umpire: str | None = None  # who records the scores, where the edition has an umpire

    @property
    def current(self) -> Round | None:
        """The round still being recorded, if any."""
        return next((r for r in self.rounds if not r.complete), None)

    @property
    def finished(self) -> bool:
        return len(self.rounds) >= self.rounds_planned and self.current is None

    def completed_rounds(self) -> list[Round]:
        return [r for r in self.rounds if r.complete]
