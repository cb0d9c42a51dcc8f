"""Engine stage, public records: Move, Event and IllegalMove, and the Move <-> move-code mapping."""
from __future__ import annotations

from dataclasses import dataclass

from .codec import ACTION_NAMES, ACTIONS, CARDLESS, action_of, card_of, pack, take_of, target_of
from .tables import Tables


class IllegalMove(ValueError):
    """A move that the rules do not allow in the current position."""


@dataclass(frozen=True, order=True)
class Move:
    """One choice of the seat to act. target is a 0-based side index; str() numbers sides from 1."""

    action: str
    card: str | None = None
    target: int | None = None
    take: tuple[tuple[str, int], ...] = ()

    def __str__(self) -> str:
        if self.action in CARDLESS:  # declining a counter, or a mechanic's decision ("extend")
            return self.action
        if self.action == "counter":
            return f"counter with {self.card}"
        if self.action == "discard":
            return f"discard {self.card}"
        text = f"{self.action} {self.card}"
        if self.target is not None:
            text += f" on side {self.target + 1}"
        if self.take:
            text += " taking " + ", ".join(f"{n} x {card}" for card, n in self.take)
        return text

    def to_json(self) -> dict:
        return {"action": self.action, "card": self.card, "target": self.target,
                "take": [[card, n] for card, n in self.take]}

    @classmethod
    def from_json(cls, data: dict) -> "Move":
        take = tuple(sorted((str(card), int(n)) for card, n in data.get("take") or ()))
        target = data.get("target")
        return cls(action=data["action"], card=data.get("card"),
                   target=None if target is None else int(target), take=take)


@dataclass(frozen=True)
class Event:
    """Something that happened while a move was applied; seat and side are 0-based."""

    kind: str
    seat: int | None = None
    side: int | None = None
    card: str | None = None
    detail: str = ""

    def __str__(self) -> str:
        return self.detail or self.kind

    def to_json(self) -> dict:
        return {"kind": self.kind, "seat": self.seat, "side": self.side, "card": self.card,
                "detail": self.detail}


_new = object.__new__


def new_event(kind: str, seat: int | None, side: int | None, card: str | None, detail: str) -> Event:
    """Event(kind, seat, side, card, detail) without the frozen dataclass's __init__, which sets each
    field through object.__setattr__ (the engine reports an event or two per move)."""
    event = _new(Event)
    fields = event.__dict__
    fields["kind"] = kind
    fields["seat"] = seat
    fields["side"] = side
    fields["card"] = card
    fields["detail"] = detail
    return event


def move_of(tables: Tables, code: int) -> Move:
    """The public Move for a move code (cached per tables: no allocation after the first time)."""
    move = tables.moves.get(code)
    if move is None:
        action = action_of(code)
        card = tables.names[card_of(code)] if ACTION_NAMES[action] not in CARDLESS else None
        target = target_of(code)
        take = tuple(sorted((tables.names[c], n) for c, n in tables.takes[take_of(code)]))
        move = Move(ACTION_NAMES[action], card, None if target < 0 else target, take)
        tables.moves[code] = move
        tables.codes[move] = code
    return move


def code_of(tables: Tables, move: Move) -> int | None:
    """The move code for a Move, or None when no such move can exist in this game."""
    if not isinstance(move, Move) or move.action not in ACTIONS:
        return None
    code = tables.codes.get(move)
    if code is not None:
        return code
    if move.action in CARDLESS:
        return pack(ACTIONS[move.action]) if move.card is None and move.target is None and not move.take else None
    card = tables.code.get(move.card)
    if card is None or (move.target is not None and not 0 <= move.target < tables.sides):
        return None
    take = []
    for name, n in move.take:
        if name not in tables.code or not isinstance(n, int) or n <= 0:
            return None
        take.append((tables.code[name], n))
    take.sort(key=lambda pair: tables.pile_order.index(pair[0]) if pair[0] in tables.pile_order else 99)
    take_id = tables.take_ids.get(tuple(take))
    if take_id is None:
        return None
    return pack(ACTIONS[move.action], card, move.target, take_id)
