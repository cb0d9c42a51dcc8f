"""Engine stage, constructed positions: lay out a table by card names (for examples and tests)."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..mechanics.safeties import SAFETIES
from .derived import go_pile_state, recount
from .game import Game
from .tables import tables_for

if TYPE_CHECKING:
    from ..language.model import Ruleset


class PositionError(ValueError):
    """A position that cannot be laid out with this edition's deck."""


def build_position(ruleset: Ruleset, players: int = 2, setup: str | None = None, *,
                   sides: dict[int, dict] | None = None, hands: dict[int, list[str]] | None = None,
                   zone: str | None = None, deck: tuple[str, ...] = (), deck_empty: bool = False,
                   deck_size: int | None = None, discard: tuple[str, ...] = (), to_act: int = 0,
                   seed: int = 1) -> Game:
    """A game in the given position, `to_act` having already drawn.

    sides: side index (0-based) -> {"go": names bottom first, "zone": names, "piles": [(name, n)]};
    hands: seat -> names. The draw pile is `deck` (first name on top) with every card not placed
    elsewhere beneath it in deck order. With deck_size, the draw pile holds exactly that many cards
    (`deck` on top) and the other unplaced cards are set aside; deck_empty is deck_size 0.
    """
    t = tables_for(ruleset, players, setup)
    game = Game(t, seed)
    stock = Counter(t.deck_codes)

    def place(name: str, n: int = 1) -> int:
        if name not in t.code:
            raise PositionError(f'there is no "{name}" card in this edition')
        c = t.code[name]
        if stock[c] < n:
            raise PositionError(f'the deck does not hold enough "{name}" cards for this position')
        stock[c] -= n
        return c

    for s, spec in sorted((sides or {}).items()):
        for name in spec.get("go", ()):
            game.go_piles[s].append(place(name))
        game.go_state[s] = go_pile_state(game, s)
        if spec.get("zone"):
            if t.game_scope:
                raise PositionError("zones govern the whole game here: give the zone, not a side's zone")
            for name in spec["zone"]:
                game.zone_piles[s].append(place(name))
            game.zone_state[s] = game.zone_piles[s][-1]
        for name, n in spec.get("piles", ()):
            c = place(name, n)
            game.mileage_counts[s][c] += n
        for name in spec.get("safeties", ()):
            c = place(name)
            if not t.safety_mask >> c & 1:
                raise PositionError(f'"{name}" is not a safety')
            SAFETIES.laid(game, s, c)  # (mechanics.safeties)
    if zone is not None:
        if not t.game_scope:
            raise PositionError("zones are per side here: give each side's zone")
        c = place(zone)
        game.zone_piles[0].append(c)
        game.zone_state = [c] * t.sides
    for seat, names in sorted((hands or {}).items()):
        for name in names:
            game.give(seat, place(name))
    game.discard.extend(place(name) for name in discard)
    top = [place(name) for name in deck]
    rest = [c for c in t.deck_codes if _take(stock, c)]
    if deck_empty:
        deck_size = 0
    if deck_size is not None:
        if deck_size < len(top):
            raise PositionError(f"a draw pile of {deck_size} cards cannot hold the {len(top)} named on top")
        under = deck_size - len(top)
        if under > len(rest):
            raise PositionError(f"only {len(top) + len(rest)} cards are left for a draw pile of {deck_size}")
        game.aside = rest[under:]
        rest = rest[:under]
    game.draw = list(reversed(rest)) + list(reversed(top))
    recount(game)
    game.to_act = to_act
    return game


def _take(stock: Counter, c: int) -> bool:
    if stock[c] > 0:
        stock[c] -= 1
        return True
    return False
