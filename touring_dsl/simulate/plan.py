"""Simulate stage, the plan: what a run plays (edition, seating, bots, seed, games) and each game's seed.

A Plan is plain data, so it crosses process (and Ray) boundaries; every game's seed and its bots'
generator come from the run's seed and the game's index alone, so --jobs never changes a number.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from ..base.rng import BOT_SALT  # noqa: F401 (the bots' generator is seeded from the game's seed, apart from the deal's)

CHUNK = 250  # games per work unit: small enough for a smooth progress bar, big enough to amortise start-up


@dataclass(frozen=True)
class Plan:
    """Everything a worker needs; plain data so it crosses process (and Ray) boundaries."""

    edition: str  # archive id or path, compiled again in each worker
    players: int
    setup: str | None
    bots: tuple[str, ...]  # one per seat
    seed: int
    games: int
    rotate: bool = False  # game i seats the bots moved on by i places, so every bot sits in every seat
    public: bool = False  # play through the public Move/Event API even where a kernel policy exists
    records: bool = False  # keep each game's compact record (for --records)

    def chunks(self) -> Iterator[tuple[int, int]]:
        """The work units in order, made as they are taken: a billion games never become a list of millions."""
        return ((start, min(start + CHUNK, self.games)) for start in range(0, self.games, CHUNK))

    @property
    def chunk_count(self) -> int:
        return -(-self.games // CHUNK)

    def bots_for(self, index: int) -> tuple[str, ...]:
        """The bots by seat in game `index`."""
        if not self.rotate:
            return self.bots
        shift = index % self.players
        return self.bots[-shift:] + self.bots[:-shift] if shift else self.bots


def game_seed(seed: int, index: int) -> int:
    """Each game's seed depends only on the run's seed and the game's index, never on --jobs."""
    return (seed * 1_000_003 + index) & 0xFFFFFFFFFFFFFFFF


def seat_bots(names: list[str], players: int) -> tuple[str, ...]:
    """Bots listed for the seats, cycled when fewer names than seats are given."""
    return tuple(names[i % len(names)] for i in range(players))

