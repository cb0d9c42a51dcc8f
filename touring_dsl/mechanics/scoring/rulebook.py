"""Mechanics, scoring, the rulebook's words: the Scoring chapter (how each race is scored, each term's points
and words, then the match's paragraphs: mechanics.match) and the sources table's rows of the scoring.

Phrases (mechanics.phrases), which rulebook/construct_words.py sets as text.
"""
from __future__ import annotations

from ...base.i18n import _, ngettext
from ..match import MATCH
from ..phrases import Chapter, Items, Para, Refs


def chapter(r, kind_of, score_words) -> Chapter | None:
    """How each race is scored and, for a match, how the match is won; None without a scoring section.
    (`kind_of`, `score_words`: the package's, handed in so that this module imports none of it.)"""
    scoring = r.scoring
    if scoring is None:
        return None
    every = [t for t in scoring.terms if not kind_of(t.what).completes]
    finisher = [t for t in scoring.terms if kind_of(t.what).completes]
    in_play = any(kind_of(t.what).reads_play for t in scoring.terms)
    blocks: list = [Para((
        _("Every race is scored as soon as it ends, whether or not a side completed it."),
        " " + _("A card is in a side's play while it lies in front of that side: on its mileage piles, among the "
                "cards it laid on its own piles, or among its safeties. Hazards that opponents laid on it are "
                "never its own.") if in_play else "", Refs((scoring.provenance,))))]
    if every:
        blocks += [Para((_("Each side scores:"),)), Items(tuple(_term(r, t, kind_of) for t in every))]
    if finisher:
        blocks += [Para((_("The side that completed the race also scores:"),)),
                   Items(tuple(_term(r, t, kind_of) for t in finisher))]
    blocks += MATCH.rulebook(r)  # the match, its mechanics (mechanics.match)
    return Chapter(_("Scoring"), "scoring", tuple(blocks))


def _term(r, term, kind_of) -> tuple:
    """A term's points, then its kind's words (mechanics.scoring.terms), then its marks."""
    return (ngettext("{n} point", "{n} points", term.points).format(n=term.points), *kind_of(term.what).rulebook(term, r),
            Refs((term.provenance,)))


def provenance_rows(r, score_words) -> list[tuple[str, object]]:
    """The scoring, each of its terms (in the language's words, short enough for a table) and the match."""
    scoring = r.scoring
    if scoring is None:
        return []
    unit = "km" if r.race.unit == "km" else "mile"
    rows = [(_("Scoring"), scoring.provenance)]
    rows += [(_("Scores") + f": {t.points} {score_words(t, unit, counter=r.pile_names.counter)}", t.provenance)
             for t in scoring.terms]
    if scoring.match is not None:
        rows.append((_("The match"), scoring.match_provenance))
    return rows
