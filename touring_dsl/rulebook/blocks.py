"""Rulebook stage, document model: the sections, paragraphs, tables and marks every renderer draws."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..base.i18n import _, language, ngettext
from ..mechanics.phrases import filled


@dataclass(frozen=True)
class CardName:
    """A card's name inside running text; printed in the rule sheet's card style."""

    text: str


@dataclass(frozen=True)
class Strong:
    text: str


@dataclass(frozen=True)
class Ref:
    """A pointer to a numbered editorial assumption, printed as a visible mark such as [A3]."""

    number: int


Inline = str | CardName | Strong | Ref
Text = tuple[Inline, ...]


def text(*parts: Inline | Text | None) -> Text:
    """Flatten strings, inline marks and nested texts into one Text; None parts are dropped."""
    flat: list[Inline] = []
    for part in parts:
        if part is None:
            continue
        if isinstance(part, tuple):
            flat.extend(part)
        else:
            flat.append(part)
    return tuple(flat)


def plain(value: Text) -> str:
    """The text with its marks spelled out, for search, alt text and tests."""
    out = []
    for part in value:
        if isinstance(part, Ref):
            out.append(f" [A{part.number}]")
        elif isinstance(part, str):
            out.append(part)
        else:
            out.append(part.text)
    return "".join(out)


@dataclass(frozen=True)
class Paragraph:
    body: Text


@dataclass(frozen=True)
class Bullets:
    items: tuple[Text, ...]
    ordered: bool = False


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[Text, ...], ...]
    numeric: tuple[int, ...] = ()  # columns holding figures, aligned right


@dataclass(frozen=True)
class Assumed:
    """An editorial assumption, set apart so a reader never mistakes it for the printed rules."""

    number: int
    body: Text
    reason: str
    applies_to: str
    basis: str = ""  # the outside source it rests on, described


@dataclass(frozen=True)
class Worked:
    """A worked example: the position, the moves in order, and what follows from them."""

    number: int
    title: str
    position: tuple[Text, ...]
    moves: tuple[Text, ...]
    outcome: tuple[Text, ...]
    source: str = ""


Block = Paragraph | Bullets | Table | Assumed | Worked


@dataclass(frozen=True)
class Section:
    title: str
    anchor: str
    blocks: tuple[Block, ...]
    subsections: tuple["Section", ...] = ()


@dataclass(frozen=True)
class Rulebook:
    title: str
    subtitle: str
    byline: str  # publisher and year, in words
    summary: str
    sections: tuple[Section, ...] = field(default=())
    kicker: str = "Rules of play"  # the small line above the title of a printed sheet
    colophon: str = ""  # a closing line in small type, under no heading (which edition of the book this is)
    running: str = ""  # the byline short enough for a page's running head ("" : the byline)


def conjunction(last: str) -> str:
    """The word that joins the last item of a list ("and" or "or") in the reader's language."""
    if language() == "en":
        return last
    return {"and": _("and"), "or": _("or"), "then": _("then")}.get(last, last)


def card_list(names, last: str = "and") -> Text:
    """Card names joined as in prose: A, B and C."""
    names = list(names)
    last = conjunction(last)
    parts: list[Inline] = []
    for i, name in enumerate(names):
        if i:
            parts.append(f" {last} " if i == len(names) - 1 else ", ")
        parts.append(CardName(name))
    return tuple(parts)


def counted_cards(items, last: str = "and", number=str) -> Text:
    """(('A', 1), ('B', 2)) -> 'one A and two B', with the count spelt by `number`."""
    items = list(items)
    last = conjunction(last)
    parts: list[Inline] = []
    for i, (name, count) in enumerate(items):
        if i:
            parts.append(f" {last} " if i == len(items) - 1 else ", ")
        if language() == "en":
            parts.extend((f"{number(count)} ", CardName(name)))
        else:  # "une carte X" in French: the count agrees with "carte", never with the card's own name
            spelt = number(count, feminine=True) if number is not str else str(count)
            parts.extend(filled(ngettext("{n} {card}", "{n} {card}", count).format(n=spelt, card="{card}"),
                                card=CardName(name)))
    return tuple(parts)


def join_texts(parts, separator: str) -> Text:
    joined: list[Inline] = []
    for i, part in enumerate(parts):
        if i:
            joined.append(separator)
        joined.extend(part)
    return tuple(joined)
