"""Rules of play, scoring: the points each side earns when a race ends, read off the final table.

Construct: the `scoring` section (touring_dsl/mechanics/scoring/ states it, and says how each kind of
term is counted: each is one TermKind there). This module reads the finished table for them: it adds up
each side's lines (ScoreLine, RaceScore) and says which cards lie in a side's play (in_play): its
mileage piles, its own go pile (hazards laid on it are the attackers', not its own), its zone pile
where each side has one (but not zone cards only ever played on an opponent), and its safeties.

Unlike the other rules modules this one writes no kernel code: a race's score is read from the
finished game (the piles, the draw pile and the counts the kernel keeps), so scoring costs the game
loop nothing.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...mechanics import scoring as scoring_terms
from ...language.model import ScoreTerm, Scoring

if TYPE_CHECKING:
    from ..game import Game


@dataclass(frozen=True)
class ScoreLine:
    """One term as it applied to one side: how many times (miles, cards, hazards, or once) and the points."""

    term: ScoreTerm
    count: int

    @property
    def points(self) -> int:
        return self.term.points * self.count


@dataclass(frozen=True)
class RaceScore:
    """A side's score for one race: the terms that earned it points, and their sum."""

    side: int
    lines: tuple[ScoreLine, ...]

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)


def score_race(game: "Game") -> tuple[RaceScore, ...]:
    """Every side's score for a finished race (in side order); the ruleset must have a scoring section."""
    scoring: Scoring | None = game.ruleset.scoring
    if scoring is None:
        raise ValueError(f"{game.ruleset.id} has no scoring section")
    if not game.is_over:
        raise ValueError("the race is not over yet")
    return tuple(_side_score(game, scoring, side) for side in range(game.sides))


def _side_score(game: "Game", scoring: Scoring, side: int) -> RaceScore:
    laid = in_play(game, side)
    lines = (ScoreLine(term, scoring_terms.count(game, term, side, laid)) for term in scoring.terms)
    return RaceScore(side, tuple(line for line in lines if line.count))


def in_play(game: "Game", side: int) -> Counter:
    """Card name -> how many lie in front of `side`: its mileage piles, its own cards on its go pile,
    its zone pile (where each side has one; not the zone cards played only on opponents) and its
    safeties."""
    t = game.t
    laid: Counter = Counter()
    for c, n in enumerate(game.mileage_counts[side]):
        if n:
            laid[t.names[c]] += n
    own = [c for c in game.go_piles[side] if _kind(game, t.names[c]) != "hazard"]
    zones = [] if t.game_scope else [c for c in game.zone_piles[side] if t.reach.get(c) != "opponent"]
    laid.update(t.names[c] for c in own + zones + list(game.safety_piles[side]))
    return laid


def _kind(game: "Game", name: str) -> str:
    return game.ruleset.card(name).kind
