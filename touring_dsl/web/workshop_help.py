"""Web stage, the workshop's completion and hover, in the workshop's child process (workshop_tasks).

This is the one place the editor's suggestions come from, kept thin on purpose: the language server
(`touring lsp`) answers the same questions over the text, and these two functions are where the workshop
will ask it instead. Until then they use what the language package gives: the grammar's words, the
archive's ids after `extends`, and the card names of the draft as compiled (or of its parent while the
draft does not compile).

Positions are a line and a column, both from 1, the column counted in characters.
"""
from __future__ import annotations

import re
from pathlib import Path

WORD = re.compile(r"[A-Za-z][A-Za-z0-9_-]*$")
OPEN_QUOTE = re.compile(r'"([^"\n]*)$')
AFTER_EXTENDS = re.compile(r'\bextends\s+"?([A-Za-z0-9_-]*)$')
EXTENDS = re.compile(r'\bextends\s+"([A-Za-z0-9_-]+)"')
MOST = 60  # suggestions sent at most


def completions(text: str, line: int, column: int, folder: Path) -> dict:
    """{"from": column where the replaced word starts, "items": [{"label", "kind", "detail"}]}."""
    from ..language.locate import archive_ids
    from ..language.lexer import grammar_words

    before = line_before(text, line, column)
    if found := AFTER_EXTENDS.search(before):
        typed = found.group(1)
        items = [{"label": ref, "kind": "edition", "detail": "archive edition"} for ref in archive_ids()
                 if ref.startswith(typed)]
        return {"from": column - len(typed), "quoted": '"' in before[found.start():], "items": items[:MOST]}
    if found := OPEN_QUOTE.search(before):
        typed = found.group(1)
        items = [{"label": card.name, "kind": "card", "detail": f"{card.kind}, {card.count} in the deck"}
                 for card in cards_of(text, folder) if card.name.lower().startswith(typed.lower())]
        return {"from": column - len(typed), "quoted": True, "items": items[:MOST]}
    typed = (WORD.search(before) or [""])[0]
    items = [{"label": word, "kind": "keyword", "detail": "keyword"} for word in grammar_words()
             if word.startswith(typed) and word != typed]
    return {"from": column - len(typed), "quoted": False, "items": items[:MOST]}


def hover(text: str, line: int, column: int, folder: Path) -> dict:
    """{"text": a few words on the card or edition under the cursor} ({"text": None} over anything else)."""
    from ..language.archive import load
    from ..language.locate import archive_ids

    quoted = quoted_at(text, line, column)
    if quoted is None:
        return {"text": None}
    if quoted in archive_ids() and re.search(r"\bextends\s+$", line_before(text, line, column).rsplit('"', 1)[0]):
        edition = load(quoted)
        return {"text": f"{edition.title} ({edition.id}): {len(edition.deck)} kinds of card, "
                        f"played by {', '.join(map(str, edition.player_counts()))} players"}
    cards = {card.name: card for card in cards_of(text, folder)}
    card = cards.get(quoted)
    return {"text": card_words(card, cards.values()) if card else None}


def card_words(card, deck) -> str:
    """A card's count, its kind and what answers it."""
    words = f'"{card.name}": {card.count} in the deck, a {card.kind} card'
    if card.miles:
        words += f" of {card.miles}"
    from ..mechanics import core

    deck = tuple(deck)
    shields = core.united("shields", deck)  # hazard -> the cards whose side it cannot touch (the safeties')
    cancels = {other.name for other in deck  # what turns it away out of turn (the counters' cancelling)
               if card.name in core.united("cancelling", _DeckOnly(deck)).get(other.name, ())}
    answers = [other.name for other in deck if other.name in shields.get(card.name, ()) or other.name in cancels]
    if answers:
        words += "; answered by " + ", ".join(f'"{name}"' for name in answers)
    return words + "."


class _DeckOnly:
    """A deck seen as a ruleset whose only rules are its cards' (what the constructs' unions read)."""

    def __init__(self, deck):
        self.deck, self.counters = deck, ()


def cards_of(text: str, folder: Path) -> tuple:
    """The draft's cards as it compiles, else its parent's (an archive edition), else none."""
    from ..language.archive import load
    from ..language.locate import archive_ids
    from .workshop_compile import compile_draft

    ruleset, _ = compile_draft(text, folder)
    if ruleset is not None:
        return ruleset.deck
    found = EXTENDS.search(text)
    if found and found.group(1) in archive_ids():
        return load(found.group(1)).deck
    return ()


def line_before(text: str, line: int, column: int) -> str:
    lines = text.split("\n")
    if not 0 < line <= len(lines):
        return ""
    return lines[line - 1][:max(0, column - 1)]


def quoted_at(text: str, line: int, column: int) -> str | None:
    """The quoted name the position is inside, or None."""
    lines = text.split("\n")
    if not 0 < line <= len(lines):
        return None
    for found in re.finditer(r'"([^"\n]*)"', lines[line - 1]):
        if found.start() < column <= found.end():
            return found.group(1)
    return None
