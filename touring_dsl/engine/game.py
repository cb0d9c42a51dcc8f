"""Engine stage, public API: Game with Move/Event/View on top of the integer-coded rules."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .explain import why_not
from .kernel import kernel_for
from .legal import Legal
from .moves import Event, IllegalMove, Move, code_of, move_of
from .codec import DISCARD, action_of, card_of
from .tables import Tables, tables_for
from .view import View, build_view

if TYPE_CHECKING:
    from ..language.model import Ruleset


class Game(Legal):
    """A game in progress. The state between moves is always: the seat to act has drawn and must choose."""

    __slots__ = ()

    def __new__(cls, tables: Tables, seed: int = 1):
        # Game(tables, seed) makes an instance of the ruleset's own subclass, which carries the kernel
        return object.__new__(game_class(tables) if cls is Game else cls)

    @property
    def ruleset(self) -> Ruleset:
        return self.t.ruleset

    @property
    def players(self) -> int:
        return self.t.players

    @property
    def sides(self) -> int:
        return self.t.sides

    @property
    def setup(self):
        return self.t.setup

    def side_of(self, seat: int) -> int:
        return self.t.side_of[seat]

    def side_miles(self) -> tuple[int, ...]:
        """Miles laid by each side."""
        return tuple(self.miles)

    def legal_moves(self) -> list[Move]:
        """The distinct legal moves: plays (or counter responses), then one discard per card name.

        The list for a given set of plays and hand is built once (move objects are shared)."""
        if self.is_over:
            return []
        t = self.t
        plays = self.play_codes()
        key = (plays, -1 if self.waits_for_answer else self.hand_mask[self.to_act])
        found = t.move_lists.get(key)
        if found is None:
            if len(t.move_lists) > 100_000:
                t.move_lists.clear()
            found = t.move_lists[key] = tuple([move_of(t, code) for code in self.legal_codes()])
        return list(found)

    def apply(self, move: Move) -> list[Event]:
        """Apply a legal move and return what happened; IllegalMove (a ValueError) otherwise."""
        if self.is_over:
            raise IllegalMove("the game is over")
        code = code_of(self.t, move)
        if code is None or not self.is_legal_code(code):
            raise IllegalMove(self._refusal(move))
        events: list[Event] = []
        self.apply_code(code, events)
        return events

    def stop(self, outcome: str = "signal") -> list[Event]:
        """End the game where it stands (a signal, a clock): the side with most miles wins, equal miles tie.

        Each side keeps the miles it has laid (side_miles); returns the game's closing event."""
        if self.is_over:
            raise IllegalMove("the game is over")
        events: list[Event] = []
        self.finish(outcome, events)
        return events

    def is_legal_code(self, code: int) -> bool:
        """Whether a move code is legal now (a discard by the hand alone, anything else among the plays)."""
        if action_of(code) == DISCARD:
            c = card_of(code)
            return (not self.waits_for_answer and code == self.t.discard_code[c]
                    and bool(self.hand_mask[self.to_act] >> c & 1))
        return code in self.play_codes()

    def _refusal(self, move) -> str:
        if not isinstance(move, Move):
            return f"not a move: {move!r}"
        reason = None
        if move.action == "play" and move.card:
            reason = self.why_not(self.to_act, move.card)
        return f"illegal move for player {self.to_act + 1}: {move}" + (f" ({reason})" if reason else "")

    def view(self, seat: int) -> View:
        return build_view(self, seat)

    def why_not(self, seat: int, card: str) -> str | None:
        return why_not(self, seat, card)

    def move_of(self, code: int) -> Move:
        return move_of(self.t, code)

    def code_of(self, move: Move) -> int | None:
        return code_of(self.t, move)

    def __repr__(self) -> str:
        state = f"over ({self.outcome})" if self.is_over else f"player {self.to_act + 1} to act"
        return f"<Game {self.t.ruleset_id} {self.t.players} players seed {self.seed}: turn {self.turns}, {state}>"


def game_class(tables: Tables) -> type:
    """The Game subclass for one compiled ruleset: its generated kernel's functions installed as methods."""
    if tables.game_class is None:
        tables.game_class = type(f"Game[{tables.ruleset_id}]", (Game,), {"__slots__": (), **kernel_for(tables)})
    return tables.game_class


def new_game(ruleset: Ruleset, players: int = 2, seed: int = 1, setup: str | None = None, first: int = 0) -> Game:
    """Shuffle, deal from seat `first` (0-based; a match's mechanic may move it race by race: engine.match), and
    let that seat draw: a game ready for its first move."""
    if not 0 <= first < players:
        raise ValueError(f"seat {first + 1} cannot lead a game of {players} players")
    game = Game(tables_for(ruleset, players, setup), seed)
    game.deal(first)
    return game
