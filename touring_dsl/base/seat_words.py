"""Shared stage, seat words: a player and a side named in the reader's language, for the table's sentences.

A side of one player is named as its player ("player 2", "joueur 2"), a side of several as a side
("side 2", "l'équipe 2"), so that a French table of two or three players, who each play alone, never
speaks of teams. The reader's own seat or side is "you" ("vous" in French is both).
"""
from __future__ import annotations

from typing import Sequence

from .i18n import _


def player_name(seat: int) -> str:
    """'player 2' (0-based seat), as the engine's events say it, in the reader's language."""
    return _("player {number}").format(number=seat + 1)


def side_name(seats: Sequence[int], side: int, reader_side: int | None = None) -> str:
    """The side as a noun in a sentence: "you" for the reader's own, its player for a side of one, else
    "side 2" (French: "l'équipe 2")."""
    if reader_side is not None and side == reader_side:
        return _("you")
    if len(seats) == 1:
        return player_name(seats[0])
    return _("side {number}").format(number=side + 1)
