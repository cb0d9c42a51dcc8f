"""Engine stage, cheap copies: a kernel game duplicated list by list, for search bots that copy a table thousands of times a move."""
from __future__ import annotations

from ..rng import Rng


def clone(game, rng: Rng | None = None):
    """An independent copy of `game` (same Game subclass, same kernel), its cached legality masks
    copied rather than recomputed. The copy draws its reshuffles from `rng` (a fresh generator if None),
    so a search never follows the real game's future shuffles."""
    twin = object.__new__(type(game))
    twin.t, twin.seed = game.t, game.seed
    twin.rng = rng if rng is not None else Rng(0)
    twin.draw = game.draw[:]
    twin.hands = [bytearray(hand) for hand in game.hands]
    twin.hmask = game.hmask[:]
    twin.discard = game.discard[:]
    twin.aside = game.aside[:]
    twin.gopile = [pile[:] for pile in game.gopile]
    twin.zpile = [pile[:] for pile in game.zpile]
    twin.cnt = [counts[:] for counts in game.cnt]
    twin.gost, twin.zst = game.gost[:], game.zst[:]
    twin.openm, twin.hasm = game.openm[:], game.hasm[:]
    twin.remaining, twin.miles = game.remaining[:], game.miles[:]
    twin.own, twin.atk, twin.expo = game.own[:], game.atk[:], game.expo[:]
    twin.spile = [pile[:] for pile in game.spile]
    twin.immune, twin.freego, twin.countered = game.immune[:], game.freego[:], game.countered[:]
    twin.pending, twin.to_act, twin.turns = game.pending, game.to_act, game.turns
    twin.is_over, twin.winner, twin.outcome = game.is_over, game.winner, game.outcome
    return twin
