"""Play stage, display: a race's score sheet, the rows both the terminal (cli/scored_races.py) and the web table
(web/views.py, static/table.js) show after each race.

One row per scoring term the edition has, in the edition's order, worded as the rulebook and `touring show`
word it ("100 points per safety in play": the points, then mechanics.scoring.score_words); a cell per side with
the points that term earned it in the race (None where it earned none); then the race's totals and, in a
match, the running totals. Everything on it is public: a finished race's piles, counters and distance.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..engine.match import Match
from ..engine.rules.scoring import RaceScore
from ..base.i18n import SOURCE_LANGUAGE, _, language, ngettext
from ..base.wording import counted


@dataclass(frozen=True)
class SheetRow:
    """A scoring term, and the points it gave each side in the race (None: none)."""

    term: str
    cells: tuple[int | None, ...]


@dataclass(frozen=True)
class ScoreSheet:
    """The sheet of race number `race` (1-based): its rows and totals, and in a match the running totals."""

    race: int
    rows: tuple[SheetRow, ...]
    totals: tuple[int, ...]
    match_totals: tuple[int, ...] | None  # None: a race scored on its own
    target: int | None  # the match's points to reach (None: a race scored on its own)
    winner: int | None  # the side that has won the match, once one has
    over: bool  # no race follows this one

    def to_json(self) -> dict:
        return {"race": self.race, "rows": [{"term": row.term, "cells": list(row.cells)} for row in self.rows],
                "totals": list(self.totals),
                "match_totals": None if self.match_totals is None else list(self.match_totals),
                "target": self.target, "winner": self.winner, "over": self.over}


def unit_word(ruleset) -> str:
    """The distance word a term is counted in: "km", or "mile"."""
    return "km" if ruleset.race.unit == "km" else "mile"


def term_words(term, unit: str, counter: str = "") -> str:
    """'1 point per km', '400 points for completing the race', '300 points per coup fourré' (the words of the
    scoring section; counter: the edition's name for a hazard turned away, where it gives one)."""
    from ..mechanics.scoring import score_words

    if language() != SOURCE_LANGUAGE:
        said = sheet_label(term, unit, counter)
        if said is not None:
            return said
    return f"{counted(term.points, 'point')} {score_words(term, unit, counter=counter)}"


def sheet_label(term, unit: str, counter: str) -> str | None:
    """A term's row on the sheet in the reader's language: a whole sentence per kind of term, or None for a
    kind this has no words for (its English words are shown)."""
    points = ngettext("{n} point", "{n} points", term.points).format(n=term.points)
    card = getattr(term, "card", None)
    kind = getattr(term, "kind", None)
    labels = {
        "distance": lambda: _("{points} per km") if unit == "km" else _("{points} per mile"),
        "in-play": lambda: (_("{points} per {card} in play") if card else
                            _("{points} per safety in play") if kind == "safety" else None),
        "all-in-play": lambda: _("{points} for all safeties in play") if kind == "safety" else None,
        "countered": lambda: _("{points} per {counter}") if counter else _("{points} per hazard countered"),
        "completing": lambda: _("{points} for completing the race"),
        "completing-without": lambda: _("{points} for completing the race without {card}"),
        "completing-exhausted": lambda: _("{points} for completing the race after the draw pile runs out"),
        "shut-out": lambda: _("{points} for completing the race while no opponent has any mileage"),
        "completing-extended": lambda: _("{points} for completing the race after an extension"),
        "extension-called": lambda: _("{points} for an extension, to its caller who completes it, else to each "
                                      "opponent of the caller"),
    }
    text = labels.get(term.what, lambda: None)()
    return None if text is None else text.format(points=points, card=card, counter=counter)


def sheet_rows(ruleset, scores: Sequence[RaceScore]) -> tuple[SheetRow, ...]:
    """A row for each of the edition's scoring terms, a cell for each side."""
    unit = unit_word(ruleset)
    earned = [{id(line.term): line.points for line in score.lines} for score in scores]
    counter = ruleset.pile_names.counter
    return tuple(SheetRow(term_words(term, unit, counter), tuple(side.get(id(term)) or None for side in earned))
                 for term in ruleset.scoring.terms)


def score_sheet(match: Match, as_match: bool = True) -> ScoreSheet:
    """The sheet of the match's last scored race; as_match False: the race is scored on its own (no totals)."""
    scores = match.races[-1]
    in_match = as_match and match.target is not None
    return ScoreSheet(race=len(match.races), rows=sheet_rows(match.ruleset, scores),
                      totals=tuple(score.total for score in scores),
                      match_totals=match.totals if in_match else None, target=match.target if in_match else None,
                      winner=match.winner if in_match else None, over=match.is_over or not in_match)
