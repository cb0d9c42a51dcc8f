"""Engine stage, matches: races dealt one after another, scored, and totalled until a side wins.

Construct: `match to N points` in the `scoring` section. Race 1 is dealt from the match's seed
(so a match's first race is the same game as a single race with that seed); every later race's seed
is derived from the match seed and the race's number alone. After each race every side adds its
race score (engine.rules.scoring) to its total. When at least one total has reached N, the side with
the highest total wins the match; if the highest totals are equal, another race is dealt. A match
still undecided after MAX_RACES races ends without a winner (a guard for bots; no scoring the
compiler accepts comes near it, since every race gives someone points or is stopped by its turn limit).

Who leads each race (is dealt to first and plays first): seat 1 leads every race, unless a mechanic of
the match that the ruleset uses names another seat (engine.mechanics.first_seat; `lead rotates`, say).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..language.model import Ruleset
from ..base.rng import MASK64, splitmix64
from .game import Game, new_game
from .mechanics import first_seat
from .rules.scoring import RaceScore, score_race

MAX_RACES = 1000


def race_seed(seed: int, race: int) -> int:
    """The seed of race number `race` (0-based) of a match dealt from `seed`."""
    return seed & MASK64 if race == 0 else splitmix64((seed ^ splitmix64(race)) & MASK64)


def lead_seat(ruleset: Ruleset, players: int, race: int) -> int:
    """The seat (0-based) that leads race number `race` (0-based) of a match of `players` players (0: not
    known, and then seat 1 leads every race): as a match mechanic names it (engine.mechanics.first_seat)."""
    if players <= 0:
        return 0
    return first_seat(ruleset, players, race)


@dataclass
class Match:
    """A match in progress: each race's scores so far, and the totals."""

    ruleset: Ruleset
    sides: int
    seed: int
    races: list[tuple[RaceScore, ...]] = field(default_factory=list)
    players: int = 0  # 0: not known (a match built without seating), and then seat 1 leads every race

    @property
    def target(self) -> int | None:
        return self.ruleset.scoring.match if self.ruleset.scoring else None

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(race[side].total for race in self.races) for side in range(self.sides))

    def next_seed(self) -> int:
        return race_seed(self.seed, len(self.races))

    def next_first(self) -> int:
        """The seat (0-based) that leads the next race."""
        return lead_seat(self.ruleset, self.players, len(self.races))

    def add(self, game: Game) -> tuple[RaceScore, ...]:
        """Score a finished race and add it to the totals."""
        scores = score_race(game)
        self.races.append(scores)
        return scores

    @property
    def winner(self) -> int | None:
        """The side that has won the match, or None while it goes on (or when it ended undecided)."""
        totals = self.totals
        best = max(totals)
        if self.target is None or best < self.target:
            return None
        leaders = [side for side, total in enumerate(totals) if total == best]
        return leaders[0] if len(leaders) == 1 else None

    @property
    def is_over(self) -> bool:
        return self.winner is not None or len(self.races) >= MAX_RACES or (self.target is None and bool(self.races))


def play_match(ruleset: Ruleset, players: int, seed: int, play_race: Callable[[Game], None],
               setup: str | None = None) -> Match:
    """Deal and play races until the match is over; play_race(game) plays one dealt race to its end."""
    sides = ruleset.setup_for(players, setup).side_count(players)
    match = Match(ruleset, sides, seed, players=players)
    while not match.is_over:
        game = new_game(ruleset, players=players, seed=match.next_seed(), setup=setup, first=match.next_first())
        play_race(game)
        match.add(game)
    return match
