"""Web stage, one table: a game, who sits where, one private link per seat, and its JSON Lines log.

The log is the very file `touring play --log` writes (gamelog), appended and synced move by move, so a
table killed mid-game is rebuilt from it (store.py) and `touring replay` verifies it. A table of an
edition that plays a match (`match to N points`), made to play one, deals race after race as the terminal
does (engine.match: each race's seed and lead): race N from the second is logged in game-raceN.jsonl beside
game.jsonl, and a reloaded table rebuilds every race from its log, the earlier ones for their scores. A move reaches the
log before the game: one the disk cannot take (full, read-only, failing) is refused with words and the
table stays as it was, in memory and on disk. The private links' tokens live beside it in meta.json, in
the server's own data folder.
"""
from __future__ import annotations

import json
import os
import secrets
from pathlib import Path

from ..base.i18n import _
from ..play import gamelog
from ..engine.match import Match
from ..play.gamelog import HUMAN, GameRecord, LogWriter, MoveEntry, race_log
from ..play.score_sheet import score_sheet
from .disk import disk_trouble, sync_folder, write_json
from .views import state_message

LOG_NAME = "game.jsonl"
META_NAME = "meta.json"
EDITION_NAME = "edition.touring"
META_VERSION = 1


class MoveRefused(ValueError):
    """A move the table will not make: the message tells the seat why (never anything hidden)."""


class DiskRefused(MoveRefused):
    """A write the server's disk did not take (a move, a table, a signal): trouble says why in words."""

    def __init__(self, exc: OSError, what: str):
        self.trouble = disk_trouble(exc)
        super().__init__(f"{self.trouble}: {what}; try again in a moment")


def new_token() -> str:
    return secrets.token_urlsafe(18)  # 144 random bits: not to be guessed


class Table:
    """A game being played in the browser. Every change goes through apply(), which logs it first."""

    def __init__(self, folder: Path, meta: dict, ruleset, game, record: GameRecord, earlier: tuple = (),
                 match_seed: int | None = None):
        """earlier: the scores of a match's races before this one (engine.rules.scoring.RaceScore tuples);
        match_seed: the seed the match's first race was dealt from (this race's, when it is the first)."""
        self.folder, self.meta, self.ruleset = folder, meta, ruleset
        self.id: str = meta["id"]
        self.kinds: list[str] = list(record.header["bots"])
        self.match: Match | None = None  # the races scored so far, where the edition scores them
        if ruleset.scoring is not None:
            seed = record.header["seed"] if match_seed is None else match_seed
            self.match = Match(ruleset, game.sides, seed, list(earlier), players=game.players)
        self._race_begins(game, record)

    def _race_begins(self, game, record: GameRecord) -> None:
        """Seat the table at a race: its game, log and bots (a race already over is scored)."""
        self.game, self.record = game, record
        self.bots = _make_bots(self.kinds, self.ruleset)  # a fresh bot for each race, as the terminal's
        self.events: list[dict] = [event for entry in record.moves for event in entry.events]
        self.writer: LogWriter | None = None
        if game.is_over:
            self._score()
        else:
            self.writer = LogWriter(self.log_path, record, append=True)

    @property
    def race(self) -> int:
        """The number (1-based) of the race being played, or last played."""
        return len(self.match.races) + (0 if self.game.is_over else 1) if self.match else 1

    @property
    def log_path(self) -> Path:
        return race_log(self.folder / LOG_NAME, self.race) if self.race > 1 else self.folder / LOG_NAME

    @property
    def plays_match(self) -> bool:
        """Whether the table deals race after race: the host chose a match, and the edition plays one."""
        return bool(self.meta.get("match")) and self.match is not None and self.match.target is not None

    @property
    def next_race_due(self) -> bool:
        """Whether the race is over and the match deals another."""
        return self.game.is_over and self.plays_match and not self.match.is_over

    @property
    def is_done(self) -> bool:
        """Whether nothing more is played at this table: its race over, and its match if it plays one."""
        return self.game.is_over and not self.next_race_due

    # -- making and reloading -------------------------------------------------------------------------
    @classmethod
    def create(cls, staging: Path, folder: Path, ruleset, edition: dict, players: int, setup: str | None,
               kinds: list[str], seed: int, names=None, match: bool = False) -> "Table":
        """A new table: its files are written in staging (a folder of the store's own, empty but for an
        uploaded edition file), which then becomes folder (that must not exist yet) in one rename, so a table
        is never seen half made. names(game), if given, names the players by seat (a party's table). match:
        deal race after race where the edition plays a match (else one race)."""
        from ..engine import new_game
        from ..engine.match import lead_seat

        setup_id = ruleset.setup_for(players, setup).id
        first = lead_seat(ruleset, players, 0) if match else 0
        game = new_game(ruleset, players=players, seed=seed, setup=setup_id, first=first)
        ref = str(staging / EDITION_NAME) if edition.get("file") else None
        record = GameRecord(header=gamelog.make_header(ruleset, players, setup_id, seed, kinds, ref, first))
        if "edition_ref" in record.header:  # the file as it will be found once in place
            record.header["edition_ref"] = str(folder.resolve() / EDITION_NAME)
        meta = {"version": META_VERSION, "id": folder.name, "edition": edition,
                "tokens": [new_token() for _ in range(players)], "spectator": new_token(), "host": new_token(),
                "match": match}
        if names is not None:
            meta["names"] = [str(name) for name in names(game)]
        write_json(staging / META_NAME, meta)
        gamelog.save(staging / LOG_NAME, record)
        sync_folder(staging)
        staging.rename(folder)
        sync_folder(folder.parent)
        return cls(folder, meta, ruleset, game, record)

    @classmethod
    def load(cls, folder: Path, ruleset_for) -> "Table":
        """The table saved in folder, at its last logged move; ValueError says what is wrong with it."""
        meta = json.loads((folder / META_NAME).read_text(encoding="utf-8"))
        if meta.get("version") != META_VERSION:
            raise ValueError(f"{folder / META_NAME}: not a table this touring understands")
        ruleset = ruleset_for(folder, meta["edition"])
        logs = race_logs(folder)
        earlier, seed = [], None
        for path in logs[:-1]:  # a match's finished races: rebuilt for their scores
            game, record = _rebuild(path, ruleset)
            if not game.is_over:
                raise ValueError(f"{path.name}: a race of the match was never finished, yet a later one was dealt")
            seed = record.header["seed"] if seed is None else seed
            earlier.append(_scores(game))
        game, record = _rebuild(logs[-1], ruleset)
        return cls(folder, meta, ruleset, game, record, tuple(earlier), seed)

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
            raise MoveRefused(_("the race is over: deal the next one") if self.next_race_due else _("the game is over"))
        if seat != game.to_act:
            raise MoveRefused(_("it is player {number}'s turn, not yours").format(number=game.to_act + 1))
        try:
            move = parse_move(data)
        except ValueError as exc:
            raise MoveRefused(f"not a move: {exc}") from None
        if move.target is not None and not 0 <= move.target < game.sides:  # a side number as the client counts
            raise MoveRefused(_("there is no side {number}").format(number=move.target + 1))
        legal = game.legal_moves()
        if move not in legal:
            reason = game.why_not(seat, move.card) if move.action == "play" and move.card else None
            raise MoveRefused(_("cannot play: {reason}").format(reason=reason) if reason else
                              _("{move} is not a legal move now").format(move=move))
        if not confirm:
            warning = move_list(game)[legal.index(move)]["warn"]
            if warning:
                raise MoveRefused(_("this move {warning}: confirm it to make it").format(warning=warning))
        return self.commit(seat, move)

    def commit(self, seat: int, move) -> list[dict]:
        """Make a legal move: the move is made on a copy of the game, its log line written and synced, and only
        then does the table's game take the copy's position. MoveRefused when the line cannot be written: the
        game, the record and the log are as they were, and the next move gets this move's number."""
        after = self.game.copy()
        events = gamelog.events_json(after.apply(move))
        entry = MoveEntry(n=len(self.record.moves) + 1, seat=seat, move=gamelog.plain_json(move.to_json()),
                          events=events)
        result = gamelog.result_of(after) if after.is_over else None
        self._log([entry.to_json()] + ([{"result": result}] if result else []), "your move was not made")
        self.game.restore(after.snapshot())  # the same game object: whoever holds it sees the move
        self.record.moves.append(entry)
        self.events.extend(events)
        if result:
            self._finished(result)
        return events

    def stop_at_signal(self) -> None:
        """A party's signal: the game ends where it stands (the log's result says so, as `touring play` writes).
        DiskRefused, the game still running, when the result line cannot be written."""
        after = self.game.copy()
        events = gamelog.events_json(after.stop("signal"))
        result = gamelog.result_of(after)
        self._log([{"result": result}], "the game was not stopped")
        self.game.restore(after.snapshot())
        self.events.extend(events)
        self._finished(result)

    def _log(self, lines: list[dict], what: str) -> None:
        """Write lines to the log, all or none; MoveRefused says why in words when the disk cannot take them."""
        if self.writer is None:
            return
        try:
            self.writer.write_lines(lines)
        except OSError as exc:
            raise DiskRefused(exc, what) from None

    def _finished(self, result: dict) -> None:
        self.record.result = result
        self.close()
        self._score()

    def _score(self) -> None:
        """Add the finished race's scores to the match (where the edition scores races)."""
        if self.match is not None:
            self.match.races.append(_scores(self.game))

    def next_race(self, expected: int | None = None) -> bool:
        """Deal the match's next race, its log written (and synced) before the table shows it: seeded and led as
        engine.match says. expected: the race a player asked to deal; when the table has already dealt it (another
        player was quicker), nothing is done and False is returned. MoveRefused when no race is due, or when its
        log cannot be written (the table stays at the finished race)."""
        from ..engine import new_game

        if expected is not None and expected <= self.race:
            return False
        if not self.next_race_due:
            raise MoveRefused("the match is over" if self.game.is_over and self.plays_match
                              else "the race is not over yet" if self.plays_match else "this table plays one race")
        if expected is not None and expected != self.race + 1:
            raise MoveRefused(f"race {expected} is not the next to deal: race {self.race + 1} is")
        match, header = self.match, self.record.header
        first = match.next_first()
        seed = match.next_seed()
        game = new_game(self.ruleset, players=self.players, seed=seed, setup=header["setup"], first=first)
        record = GameRecord(header=gamelog.make_header(self.ruleset, self.players, header["setup"], seed, self.kinds,
                                                       header.get("edition_ref"), first))
        path = race_log(self.folder / LOG_NAME, self.race + 1)
        try:
            gamelog.save(path, record)
            sync_folder(self.folder)
        except OSError as exc:
            path.unlink(missing_ok=True)
            raise DiskRefused(exc, "the next race was not dealt") from None
        self._race_begins(game, record)
        return True

    def bot_to_act(self) -> int | None:
        game = self.game
        return None if game.is_over or self.is_human(game.to_act) else game.to_act

    def bot_choice(self):
        """(seat, view, legal moves, generator) for the bot to act: everything it may read, snapshotted."""
        from ..base.rng import bot_rng

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


    def state(self, seat: int | None) -> dict:
        return state_message(self.game, seat, self.events, self.kinds, len(self.record.moves), names=self.names,
                             match=self.match_state())

    def match_state(self) -> dict | None:
        """The scores as the page shows them (public): once a race is over its score sheet (score_sheet.py), and in
        a match the race's number, the points to reach, the totals of the races before and the race to deal next."""
        if self.match is None:
            return None
        plays = self.plays_match
        return {"race": self.race, "target": self.match.target if plays else None,
                "totals": list(self.match.totals) if plays else None,
                "sheet": score_sheet(self.match, plays).to_json() if self.game.is_over else None,
                "next": self.race + 1 if self.next_race_due else None,
                "deals_itself": self.deals_itself}

    @property
    def deals_itself(self) -> bool:
        """Whether the next race is dealt without being asked: a table of bots alone (no person to press)."""
        return self.next_race_due and not any(self.is_human(seat) for seat in range(self.players))

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


def race_logs(folder: Path) -> list[Path]:
    """A table's race logs in order: game.jsonl, then game-race2.jsonl, game-race3.jsonl... while they exist."""
    logs = [folder / LOG_NAME]
    while (following := race_log(folder / LOG_NAME, len(logs) + 1)).is_file():
        logs.append(following)
    return logs


def _rebuild(path: Path, ruleset):
    """(game, record) of one race log, at its last logged move; ValueError says what is wrong with it."""
    record = _read_log(path)
    problem = gamelog.hash_problem(record, ruleset)
    if problem:
        raise ValueError(problem)
    try:
        return gamelog.rebuild(record, ruleset), record
    except gamelog.Mismatch as exc:
        raise ValueError(f"{path}: {exc}") from None


def _scores(game) -> tuple:
    from ..engine.rules.scoring import score_race

    return score_race(game)


def _make_bots(kinds: list[str], ruleset) -> dict:
    from ..bots.players import make_bot

    return {seat: make_bot(kind, ruleset) for seat, kind in enumerate(kinds) if kind != HUMAN}


def _read_log(path: Path) -> GameRecord:
    """The log, forgiving only a last line cut short by a crash (that move was never shown to anyone)."""
    try:
        return gamelog.read(path)
    except gamelog.LogError as exc:
        if "cut short" not in exc.problem:
            raise ValueError(str(exc)) from None
    os.truncate(path, path.read_bytes().rindex(b"\n") + 1)  # cut in place: shrinking a file needs no space
    return gamelog.read(path)
