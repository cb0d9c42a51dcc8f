"""Rulebook stage, typesetting by language: a finished document's text set as its reader's language prints it.

French puts a no-break space before : and a narrow one before ; ! ? and sets « » with spaces inside
(base.i18n.typography). The translators type plain spaces; this is applied once, to the whole finished
document, never to English (whose output stays byte for byte what it was). A sentence is split into
pieces around card names, so each piece is set knowing the letters on either side of it: the colon in
"**CARD** : ..." belongs to the piece after the card name.
"""
from __future__ import annotations

import re
from dataclasses import fields, is_dataclass, replace

from ..base.i18n import NARROW_NBSP, NBSP, language, typography
from .blocks import CardName, Ref, Strong, Text


# a figure and its unit stay on one line ("700 km", "25 milles"), as French typesetting keeps them
_UNIT = re.compile(r"(?<=\d) (?=(?:km|milles?|points?|bornes)\b)")


def _set(value: str, code: str) -> str:
    """One piece of text set for the language: base.i18n.typography, and in French a no-break space between
    a figure and its unit."""
    value = typography(value, code)
    return _UNIT.sub(NBSP, value) if code == "fr" else value


def typeset(book):
    """The rulebook (or any of its blocks) with every piece of text set for the reader's language."""
    code = language()
    if code == "en":
        return book
    return _walk(book, code)


def _walk(value, code: str):
    if isinstance(value, str):
        return _set(value, code)
    if isinstance(value, tuple):
        if value and all(isinstance(part, (str, CardName, Strong, Ref)) for part in value):
            return set_text(value, code)
        return tuple(_walk(item, code) for item in value)
    if is_dataclass(value) and not isinstance(value, (CardName, Strong, Ref)):
        return replace(value, **{f.name: _walk(getattr(value, f.name), code) for f in fields(value)
                                 if isinstance(getattr(value, f.name), (str, tuple)) or
                                 is_dataclass(getattr(value, f.name))})
    return value


def _shown(part) -> str:
    if isinstance(part, str):
        return part
    if isinstance(part, Ref):
        return "]"
    return part.text


def set_text(value: Text, code: str) -> Text:
    """A run of text set piece by piece, each piece seeing the last letter before it and the first after."""
    out = []
    for i, part in enumerate(value):
        if not isinstance(part, str) or not part:
            out.append(part)
            continue
        before = _shown(value[i - 1])[-1:] if i and _shown(value[i - 1]) else ""
        after = _shown(value[i + 1])[:1] if i + 1 < len(value) and _shown(value[i + 1]) else ""
        set_ = _set(before + part + after, code)
        piece = set_[len(before):len(set_) - len(after)] if after else set_[len(before):]
        if not part[-1:].isspace():  # a space before the next piece's ";" is that piece's to set, not this one's
            piece = piece.rstrip(NBSP + NARROW_NBSP)
        out.append(piece)
    return tuple(out)
