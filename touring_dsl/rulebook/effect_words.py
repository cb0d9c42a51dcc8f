"""Rulebook stage, a hazard effect's words: the phrases of touring_dsl/mechanics/effects as rulebook text."""
from __future__ import annotations

from ..mechanics import effects
from . import words as w
from .blocks import CardName, Text, card_list, text


def phrase(parts: tuple) -> Text:
    """A hazard effect's phrase (str, Named, NameList and Count parts) as rulebook text: card names set as
    card names, lists joined, counts spelt."""
    return text(*(CardName(p.name) if isinstance(p, effects.Named) else
                  card_list(p.names, p.last) if isinstance(p, effects.NameList) else
                  w.counted(p.n, p.singular) if isinstance(p, effects.Count) else p for p in parts))
