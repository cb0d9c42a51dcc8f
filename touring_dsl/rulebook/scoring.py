"""Rulebook stage, scoring: a ruleset's `scoring` section -> the rulebook's "Scoring" section."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Callable

from ..mechanics.match import MATCH
from ..mechanics.scoring import kind_of
from ..language.model import Ruleset, ScoreTerm
from . import words as w
from .blocks import Block, Bullets, Paragraph, Section, Text, text
from .construct_words import block, phrase

def scoring_section(ruleset: Ruleset, refs: Callable[..., Text]) -> Section | None:
    """How each race is scored and, for a match, how the match is won; None without a scoring section."""
    scoring = ruleset.scoring
    if scoring is None:
        return None
    every = [t for t in scoring.terms if not kind_of(t.what).completes]
    finisher = [t for t in scoring.terms if kind_of(t.what).completes]
    in_play = any(kind_of(t.what).reads_play for t in scoring.terms)
    blocks: list[Block] = [Paragraph(text(
        "Every race is scored as soon as it ends, whether or not a side completed it.",
        " A card is in a side's play while it lies in front of that side: on its mileage piles, among the "
        "cards it laid on its own piles, or among its safeties. Hazards that opponents laid on it are never "
        "its own." if in_play else "", refs(scoring.provenance)))]
    if every:
        blocks += [Paragraph(text("Each side scores:")),
                   Bullets(tuple(text(_term(ruleset, t), refs(t.provenance)) for t in every))]
    if finisher:
        blocks += [Paragraph(text("The side that completed the race also scores:")),
                   Bullets(tuple(text(_term(ruleset, t), refs(t.provenance)) for t in finisher))]
    marks = SimpleNamespace(refs=refs)  # the only part of a writer these phrases need
    blocks += [block(said, marks) for said in MATCH.rulebook(ruleset)]  # the match, its mechanics (mechanics.match)
    return Section("Scoring", "scoring", tuple(blocks))


def _term(ruleset: Ruleset, term: ScoreTerm) -> Text:
    """A term's points, then its kind's words (touring_dsl.mechanics.scoring)."""
    return text(_points(term.points), phrase(kind_of(term.what).rulebook(term, ruleset)))


def _points(n: int) -> str:
    return f"{n} {w.plural(n, 'point')}"

