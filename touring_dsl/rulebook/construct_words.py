"""Rulebook stage, a construct's words: the phrases of touring_dsl/mechanics (mechanics.phrases) as rulebook text.

A construct below the faces (the zones, a hazard effect) says its rulebook sentences as phrases; this
sets them: card names in the card style, lists of names joined in prose, counts spelt out, the edition's
go pile and go card, the marks of the assumptions behind a rule. `writer` is the rulebook's writer
(document._Writer: its go_pile(), go, mileage_list() and refs()), needed only by the marks that read it.
"""
from __future__ import annotations

from ..mechanics import phrases as p
from . import words as w
from .blocks import Block, Bullets, CardName, Paragraph, Section, Table, Text, card_list, counted_cards, plain, text


def phrase(parts: tuple, writer=None) -> Text:
    """A phrase as rulebook text."""
    return text(*(_part(part, writer) for part in parts))


def _part(part, writer):
    if isinstance(part, p.Named):
        return CardName(part.name)
    if isinstance(part, p.NameList):
        return card_list(part.names, part.last)
    if isinstance(part, p.Count):
        return w.counted(part.n, part.singular)
    if isinstance(part, p.Number):
        return w.number(part.n, part.feminine)
    if isinstance(part, p.Ordinal):
        return w.ordinal(part.n)
    if isinstance(part, p.Run):
        return "".join(_part(x, writer) for x in part.parts)
    if isinstance(part, p.Numbers):
        return w.join([w.number(n) for n in part.ns], part.last)
    if isinstance(part, p.CardCounts):
        return plain(counted_cards(part.items, "and", w.number))
    if isinstance(part, p.MileageList):
        return writer.mileage_list(part.names)
    if isinstance(part, p.GoPile):
        return writer.go_pile()
    if isinstance(part, p.GoCard):
        return CardName(writer.go)
    if isinstance(part, p.Refs):
        return writer.refs(*part.provenances)
    return part


def block(said, writer) -> Block:
    """A Para, Items or Grid of phrases as a rulebook block."""
    if isinstance(said, p.Items):
        return Bullets(tuple(phrase(item, writer) for item in said.items))
    if isinstance(said, p.Grid):
        return Table(said.header, tuple(tuple(phrase(cell, writer) for cell in row) for row in said.rows),
                     numeric=said.numeric)
    return Paragraph(phrase(said.body, writer))


def section(chapter: p.Chapter | None, writer) -> Section | None:
    """A construct's section of the rulebook, or None when it has none."""
    if chapter is None:
        return None
    return Section(chapter.title, chapter.anchor, tuple(block(b, writer) for b in chapter.blocks))
