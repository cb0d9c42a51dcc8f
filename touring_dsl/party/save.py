"""Party stage, the saved file: a party as JSON, written whole and atomically after every entry."""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from ..base import json_input
from ..base.json_input import SEED_RANGE, seed_in_range
from .record import MOST_ROUNDS, Party, PartyError, Round, Table

FORMAT = 1
KIND = "touring-party"


def to_json(party: Party) -> dict:
    return {
        "kind": KIND, "format": FORMAT, "edition": party.edition, "edition_id": party.edition_id,
        "source_hash": party.source_hash, "seed": party.seed, "players": party.players,
        "rounds_planned": party.rounds_planned, "minutes": party.minutes, "umpire": party.umpire,
        "rounds": [{"number": r.number, "tables": [_table_json(t) for t in r.tables]} for r in party.rounds],
    }


def _table_json(t: Table) -> dict:
    return {"number": t.number, "sides": t.sides, "games": t.games, "winner": t.winner, "last": t.last,
            "cut": t.cut}


def save(path: str | os.PathLike, party: Party) -> None:
    """Write the whole party to a temporary file beside `path`, then rename it: a crash or a full disk never
    leaves half a file (OSError says why it could not be written; the old file is then as it was)."""
    path = Path(path)
    text = json.dumps(to_json(party), indent=1, ensure_ascii=False) + "\n"
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or Path("."))
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())  # a disk that takes the bytes but cannot keep them says so here
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def load(path: str | os.PathLike) -> Party:
    """Read a saved party; anything that is not one (or is damaged) is a PartyError naming the problem."""
    try:
        data = json_input.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise PartyError(f"cannot read {path}: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json_input.BadJSON) as exc:
        raise PartyError(f"{path} is not a saved party: {exc}") from None
    try:
        return from_json(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise PartyError(f"{path} is damaged: {exc}") from None


def from_json(data: Any) -> Party:
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise ValueError("it is not a file written by touring party")
    if data.get("format") != FORMAT:
        raise ValueError(f"format {data.get('format')!r}; this touring reads format {FORMAT}")
    players = _strings(data["players"], "players")
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    party = Party(edition=_typed(data["edition"], str, "edition"), edition_id=_typed(data["edition_id"], str, "edition_id"),
                  source_hash=_typed(data["source_hash"], str, "source_hash"), seed=_typed(data["seed"], int, "seed"),
                  players=players, rounds_planned=_typed(data["rounds_planned"], int, "rounds_planned"),
                  minutes=data["minutes"] if data["minutes"] is None else _typed(data["minutes"], int, "minutes"),
                  rounds=[_round(r, i + 1, set(players)) for i, r in enumerate(_typed(data["rounds"], list, "rounds"))])
    if not seed_in_range(party.seed):
        raise ValueError(f"seed should be {SEED_RANGE}")
    if not 1 <= party.rounds_planned <= MOST_ROUNDS:
        raise ValueError(f"rounds_planned should be from 1 to {MOST_ROUNDS}")
    if not party.rounds:
        raise ValueError("no round is seated (a party is saved with its first round's tables)")
    unfinished = [r.number for r in party.rounds[:-1] if not r.complete]
    if unfinished:
        raise ValueError(f"round {unfinished[0]} is not fully recorded, yet a later round is seated")
    umpire = data.get("umpire")
    party.umpire = None if umpire is None else _typed(umpire, str, "umpire")
    return party


def _round(data: dict, number: int, players: set[str]) -> Round:
    if _typed(data["number"], int, "round number") != number:
        raise ValueError(f"round {number} is numbered {data['number']}")
    tables = [_table(t, i + 1, number) for i, t in enumerate(_typed(data["tables"], list, "tables"))]
    seated = [name for t in tables for name in t.players]
    if sorted(seated) != sorted(players):
        raise ValueError(f"round {number} does not seat every player exactly once")
    return Round(number, tables)


def _table(data: dict, number: int, round_number: int) -> Table:
    where = f"round {round_number}, table {number}"
    sides = [_strings(side, where) for side in _typed(data["sides"], list, where)]
    games = data.get("games")
    if games is not None:
        games = [[_typed(m, int, where) for m in _typed(g, list, where)] for g in _typed(games, list, where)]
        if not games or any(len(g) != len(sides) or min(g) < 0 for g in games):
            raise ValueError(f"{where}: its miles do not match its sides")
        for key in ("winner", "last"):
            if not isinstance(data.get(key), int) or not 0 <= data[key] < len(sides):
                raise ValueError(f"{where}: no {key} is recorded")
    return Table(number=number, sides=sides, games=games, winner=data.get("winner"), last=data.get("last"),
                 cut=bool(data.get("cut", False)))


def _typed(value: Any, kind: type, what: str):
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ValueError(f"{what} should be {'a whole number' if kind is int else 'a ' + kind.__name__}")
    return value


def _strings(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ValueError(f"{what} should be a list of names")
    return list(value)
