"""Rules of play, scoring: the points each side earns when a race ends, read off the final table.

Construct: the `scoring` section (`N points per mile`, `N points for completing the race [without
"Card" | after the draw pile runs out | while no opponent has any mileage]`, `N points per "Card" |
kind in play`, `N points for all <kind> in play`, `N points per hazard countered`; `match to N points`
is played by engine.match). When a race is over, each side scores every term that applies to it:

- per mile: the miles its mileage piles add up to at the end;
- per card (or kind) in play: the cards of that name (or kind) it has laid in front of it and that
  are still there: mileage piles, its own go pile (hazards laid on it are the attackers', not its
  own), its zone pile where each side has one (but not zone cards only ever played on an opponent),
  and its safeties;
- for all of a kind in play: once, when one card of every name of that kind is in its play;
- per hazard countered: each hazard it turned away out of turn with a counter (the kernel keeps
  the count as it happens: rules.counters);
- for completing the race: once, to the side that completed it; `without "Card"` only when none of
  that card is in its play, `after the draw pile runs out` only when the draw pile was empty when it
  completed, and `while no opponent has any mileage` only when every other side ended with no miles.

Unlike the other rules modules this one writes no kernel code: a race's score is read from the
finished game (the piles, the draw pile and the counts the kernel keeps), so scoring costs the game
loop nothing.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...mechanics import finish_of
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
    lines = (ScoreLine(term, _count(game, term, side, laid)) for term in scoring.terms)
    return RaceScore(side, tuple(line for line in lines if line.count))


def _count(game: "Game", term: ScoreTerm, side: int, laid: Counter) -> int:
    """How many times `term` applies to `side` at the end of the race."""
    what = term.what
    if what == "distance":
        return game.miles[side]
    if what == "in-play":
        return laid[term.card] if term.card else sum(n for name, n in laid.items() if _kind(game, name) == term.kind)
    if what == "all-in-play":
        names = [c.name for c in game.ruleset.deck if c.kind == term.kind]
        return int(all(laid[name] for name in names))
    if what == "countered":
        return game.countered[side]
    return int(completed(game, side) and _finish_holds(game, term, side, laid))


def completed(game: "Game", side: int) -> bool:
    """Whether `side` ended the race by completing it."""
    return game.outcome == "completed" and game.winner == side


def _finish_holds(game: "Game", term: ScoreTerm, side: int, laid: Counter) -> bool:
    """The condition a completing term adds: without a card, with the draw pile empty, or a shut-out."""
    if term.what == "completing-without":
        return not laid[term.card]
    if term.what == "completing-exhausted":
        return not game.draw
    if term.what == "shut-out":
        return all(not miles for other, miles in enumerate(game.miles) if other != side)
    found = finish_of(term.what)  # a mechanic's condition (touring_dsl.mechanics): "after an extension"
    if found is not None:
        return found[0].finish_holds(game, side, term.what)
    return True


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
