"""Web stage, one table: a game, who sits where, one private link per seat, and its JSON Lines log.

The log is the very file `touring play --log` writes (gamelog), appended and flushed move by move, so a
table killed mid-game is rebuilt from it (store.py) and `touring replay` verifies it. The private links'
tokens live beside it in meta.json, in the server's own data folder.
"""
from __future__ import annotations

import json
import secrets
from pathlib import Path

from .. import gamelog
from ..gamelog import HUMAN, GameRecord, LogWriter, MoveEntry
from .views import state_message

LOG_NAME = "game.jsonl"
META_NAME = "meta.json"
EDITION_NAME = "edition.touring"
META_VERSION = 1


class MoveRefused(ValueError):
    """A move the table will not make: the message tells the seat why (never anything hidden)."""


def new_token() -> str:
    return secrets.token_urlsafe(18)  # 144 random bits: not to be guessed


class Table:
    """A game being played in the browser. Every change goes through apply(), which logs it first."""

    def __init__(self, folder: Path, meta: dict, ruleset, game, record: GameRecord):
        self.folder, self.meta, self.ruleset, self.game, self.record = folder, meta, ruleset, game, record
        self.id: str = meta["id"]
        self.kinds: list[str] = list(record.header["bots"])
        self.bots = _make_bots(self.kinds, ruleset)
        self.events: list[dict] = [event for entry in record.moves for event in entry.events]
        self.writer: LogWriter | None = None
        if not game.is_over:
            self.writer = LogWriter(folder / LOG_NAME, record, append=True)

    # -- making and reloading -------------------------------------------------------------------------
    @classmethod
    def create(cls, folder: Path, ruleset, edition: dict, players: int, setup: str | None,
               kinds: list[str], seed: int) -> "Table":
        """A new table in folder (which must exist, empty but for an uploaded edition file)."""
        from ..engine import new_game

        setup_id = ruleset.setup_for(players, setup).id
        game = new_game(ruleset, players=players, seed=seed, setup=setup_id)
        ref = str(folder / EDITION_NAME) if edition.get("file") else None
        record = GameRecord(header=gamelog.make_header(ruleset, players, setup_id, seed, kinds, ref))
        meta = {"version": META_VERSION, "id": folder.name, "edition": edition,
                "tokens": [new_token() for _ in range(players)], "spectator": new_token(), "host": new_token()}
        _write_json(folder / META_NAME, meta)
        gamelog.save(folder / LOG_NAME, record)
        return cls(folder, meta, ruleset, game, record)

    @classmethod
    def load(cls, folder: Path, ruleset_for) -> "Table":
        """The table saved in folder, at its last logged move; ValueError says what is wrong with it."""
        meta = json.loads((folder / META_NAME).read_text(encoding="utf-8"))
        if meta.get("version") != META_VERSION:
            raise ValueError(f"{folder / META_NAME}: not a table this touring understands")
        record = _read_log(folder / LOG_NAME)
        ruleset = ruleset_for(folder, meta["edition"])
        problem = gamelog.hash_problem(record, ruleset)
        if problem:
            raise ValueError(problem)
        try:
            game = gamelog.rebuild(record, ruleset)
        except gamelog.Mismatch as exc:
            raise ValueError(f"{folder / LOG_NAME}: {exc}") from None
        return cls(folder, meta, ruleset, game, record)

    # -- who is who ----------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.game.players

    def seat_of(self, token: str) -> int | None:
        """The seat a private token opens, or None (compared in constant time)."""
        found = None
        for seat, known in enumerate(self.meta["tokens"]):
            if secrets.compare_digest(known, token):
                found = seat
        return found

    def is_human(self, seat: int) -> bool:
        return self.kinds[seat] == HUMAN

    # -- playing ---------------------------------------------------------------------------------------
    def apply(self, seat: int, data, confirm: bool = False) -> list[dict]:
        """Make a seat's move (as the client sends it); MoveRefused says why not. Returns the events."""
        from .views import move_list, parse_move

        game = self.game
        if game.is_over:
            raise MoveRefused("the game is over")
        if seat != game.to_act:
            raise MoveRefused(f"it is player {game.to_act + 1}'s turn, not yours")
        try:
            move = parse_move(data)
        except ValueError as exc:
            raise MoveRefused(f"not a move: {exc}") from None
        legal = game.legal_moves()
        if move not in legal:
            reason = game.why_not(seat, move.card) if move.action == "play" and move.card else None
            raise MoveRefused(f"cannot play: {reason}" if reason else f"{move} is not a legal move now")
        if not confirm:
            warning = move_list(game)[legal.index(move)]["warn"]
            if warning:
                raise MoveRefused(f"this move {warning}: confirm it to make it")
        return self.commit(seat, move)

    def commit(self, seat: int, move) -> list[dict]:
        events = gamelog.events_json(self.game.apply(move))
        entry = MoveEntry(n=len(self.record.moves) + 1, seat=seat, move=gamelog.plain_json(move.to_json()),
                          events=events)
        self.record.moves.append(entry)
        if self.writer is not None:
            self.writer.move(entry)
        self.events.extend(events)
        if self.game.is_over:
            self.finish()
        return events

    def stop_at_signal(self) -> None:
        """A party's signal: the game ends where it stands (the log's result says so, as `touring play` writes)."""
        self.events.extend(gamelog.events_json(self.game.stop("signal")))
        self.finish()

    def finish(self) -> None:
        self.record.result = gamelog.result_of(self.game)
        if self.writer is not None:
            self.writer.result(self.record.result)
            self.writer.close()
            self.writer = None

    def bot_to_act(self) -> int | None:
        game = self.game
        return None if game.is_over or self.is_human(game.to_act) else game.to_act

    def bot_choice(self):
        """(seat, view, legal moves, generator) for the bot to act: everything it may read, snapshotted."""
        from ..cli.play import bot_rng

        seat = self.game.to_act
        return seat, self.game.view(seat), self.game.legal_moves(), bot_rng(self.record.header["seed"],
                                                                            len(self.record.moves) + 1)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None

    # -- what is shown ---------------------------------------------------------------------------------
    @property
    def names(self) -> list[str] | None:
        """The players' names by seat, for a party's table (kept in its meta); None: seats are numbered."""
        names = self.meta.get("names")
        return names if isinstance(names, list) and len(names) == self.players else None

    def name_seats(self, names: list[str]) -> None:
        self.meta["names"] = [str(name) for name in names]
        _write_json(self.folder / META_NAME, self.meta)

    def state(self, seat: int | None) -> dict:
        return state_message(self.game, seat, self.events, self.kinds, len(self.record.moves), names=self.names)

    def replay_steps(self) -> list[dict]:
        """The finished game as a spectator saw it, position after position (the deal first)."""
        from ..engine import Move

        game = gamelog.new_game_for(self.record, self.ruleset)
        events: list[dict] = []
        steps = [state_message(game, None, events, self.kinds, 0, names=self.names)]
        for n, entry in enumerate(self.record.moves, start=1):
            events.extend(gamelog.events_json(game.apply(Move.from_json(entry.move))))
            steps.append(state_message(game, None, events, self.kinds, n, names=self.names))
        return steps


def _make_bots(kinds: list[str], ruleset) -> dict:
    from ..bots import make_bot

    return {seat: make_bot(kind, ruleset) for seat, kind in enumerate(kinds) if kind != HUMAN}


def _read_log(path: Path) -> GameRecord:
    """The log, forgiving only a last line cut short by a crash (that move was never shown to anyone)."""
    try:
        return gamelog.read(path)
    except gamelog.LogError as exc:
        if "cut short" not in exc.problem:
            raise ValueError(str(exc)) from None
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.rindex("\n") + 1], encoding="utf-8")
    return gamelog.read(path)


def _write_json(path: Path, data: dict) -> None:
    temporary = path.with_name(path.name + ".part")
    temporary.write_text(json.dumps(data, indent=1), encoding="utf-8")
    temporary.replace(path)
