"""Engine stage, matches: races played one after another until a side's points reach the target."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..model import Ruleset
from .game import Game, new_game

RACE_LIMIT = 200  # a match that never reaches its target (no points scored) stops here


@dataclass(frozen=True)
class MatchResult:
    totals: tuple[int, ...]  # each side's points over the match
    races: tuple[tuple[int, ...], ...]  # each race's scores, side by side
    winner: int | None  # the side with most points once one reached the target; None on a tie


def play_match(ruleset: Ruleset, players: int, seed: int, play_race: Callable[[Game, int], None],
               setup: str | None = None) -> MatchResult:
    """Play races (seeded seed, seed + 1, ...) with play_race(game, race_seed) until a side has the
    ruleset's `match to` points; the side with the most points then wins."""
    scoring = ruleset.scoring
    if scoring is None or scoring.match is None:
        raise ValueError(f"{ruleset.id} has no match scoring")
    totals: list[int] = []
    races: list[tuple[int, ...]] = []
    for number in range(RACE_LIMIT):
        game = new_game(ruleset, players, seed + number, setup)
        play_race(game, seed + number)
        scores = tuple(game.scores or [0] * game.sides)
        races.append(scores)
        totals = [a + b for a, b in zip(totals, scores)] if totals else list(scores)
        if max(totals) >= scoring.match:
            break
    best = max(totals)
    leaders = [s for s, points in enumerate(totals) if points == best]
    return MatchResult(tuple(totals), tuple(races), leaders[0] if len(leaders) == 1 else None)
