"""Rulebook stage, scoring: a ruleset's `scoring` section -> the rulebook's "Scoring" section."""
from __future__ import annotations

from typing import Callable

from ..mechanics import match_parts, names_the_lead
from ..mechanics.scoring import kind_of
from ..language.model import Provenance, Ruleset, ScoreTerm
from . import words as w
from .blocks import Block, Bullets, Paragraph, Section, Text, text
from .effect_words import phrase

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
    blocks.append(Paragraph(_match(ruleset, scoring.match_provenance, refs)))
    matched = match_parts(ruleset)  # the match's own mechanics (touring_dsl.mechanics), said beside it
    if scoring.match is not None and not any(names_the_lead(mechanic) for mechanic, _ in matched):
        blocks.append(Paragraph(_same_lead()))
    blocks += [Paragraph(text(" ".join(mechanic.rulebook(part, ruleset.race.unit)), refs(part.provenance)))
               for mechanic, part in matched]
    return Section("Scoring", "scoring", tuple(blocks))


def _term(ruleset: Ruleset, term: ScoreTerm) -> Text:
    """A term's points, then its kind's words (touring_dsl.mechanics.scoring)."""
    return text(_points(term.points), phrase(kind_of(term.what).rulebook(term, ruleset)))


def _match(ruleset: Ruleset, provenance: Provenance, refs: Callable[..., Text]) -> Text:
    target = ruleset.scoring.match if ruleset.scoring else None
    if target is None:
        return text("Each race is scored on its own; the scores do not change who wins the race.")
    return text(
        f"A match is played over several races. Each side keeps a running total of its scores. When at "
        f"the end of a race some side's total has reached {_points(target)}, the match is over and the side "
        "with the highest total wins it; if the highest totals are equal, another race is dealt.",
        refs(provenance))


def _same_lead() -> Text:
    """Who leads each race of the match, where no mechanic of the match names the leader: the first player."""
    return text("The same player leads every race of the match: the cards are dealt from that player, "
                "who also takes the first turn.")


def _points(n: int) -> str:
    return f"{n} {w.plural(n, 'point')}"

