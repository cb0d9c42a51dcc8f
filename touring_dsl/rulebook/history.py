"""Rulebook stage, history: the edition's `history` section -> the scholarly rulebook's "History" section.

Each fact is said as the edition states it; one the sources leave in doubt is marked uncertain, with the
reason. Where each fact comes from is in the table of sources (provenance.py), as for every rule.
"""
from __future__ import annotations

from ..base.i18n import _

from typing import Callable

from ..language.model import HistoryFact, Ruleset
from .blocks import Bullets, Paragraph, Section, Text, text

UNCERTAIN = "Uncertain"  # the mark of a fact the sources leave in doubt (show says it the same way)


def history_section(ruleset: Ruleset, refs: Callable[..., Text]) -> Section | None:
    """The facts of the edition's history, or None where it tells none."""
    if not ruleset.history:
        return None
    intro = Paragraph(text(_("What the sources tell of how this edition was made and published. A fact they "
                             "leave in doubt is marked uncertain, with the reason; the table of sources names "
                             "where each fact comes from.")))
    return Section(_("History"), "history", (intro, Bullets(tuple(_fact(f, refs) for f in ruleset.history))))


def _fact(fact: HistoryFact, refs: Callable[..., Text]) -> Text:
    if fact.uncertain:
        return text(_("{fact} Uncertain: {why}").format(fact=fact.text, why=fact.uncertain), refs(fact.provenance))
    return text(fact.text, refs(fact.provenance))
