"""Play stage, records: game logs as JSON Lines (a header, one line per move, a closing result)."""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from ..base import json_input
from ..base.i18n import _, typography
from ..base.json_input import SEED_RANGE, seed_in_range

LOG_FORMAT = "touring-log"
LOG_VERSION = 1
HUMAN = "human"  # the word written in the header's bots list for a seat a person plays

HEADER_FIELDS: dict[str, type | tuple[type, ...]] = {
    "format": str,
    "version": int,
    "edition": str,
    "source_hash": str,
    "players": int,
    "setup": str,
    "seed": int,
    "bots": list,
    "engine": str,
}


class LogError(ValueError):
    """A log that cannot be read: says which line and what is wrong with it."""

    def __init__(self, path: str, line: int | None, problem: str):
        self.path, self.line, self.problem = path, line, problem
        where = f"{path}:{line}" if line else path
        super().__init__(f"{where}: {problem}")


@dataclass
class MoveEntry:
    """One move as logged: who made it, the move and the events the engine reported."""

    n: int
    seat: int
    move: dict
    events: list[dict]
    line: int = 0  # where it was read from (0 when not read from a file)

    def to_json(self) -> dict:
        return {"n": self.n, "seat": self.seat, "move": self.move, "events": self.events}


@dataclass
class GameRecord:
    """A whole game: the header, every move so far, and the result once the game is over."""

    header: dict
    moves: list[MoveEntry] = field(default_factory=list)
    result: dict | None = None

    def lines(self) -> Iterable[dict]:
        yield self.header
        for entry in self.moves:
            yield entry.to_json()
        if self.result is not None:
            yield {"result": self.result}


def make_header(ruleset, players: int, setup: str, seed: int, bots: list[str], edition_ref: str | None = None,
                first: int = 0) -> dict:
    """The first line of a log: enough to rebuild the very same deal and seats. "first" (the 0-based
    seat that leads, when a match's lead has moved from seat 1) is written only when it is not 0, so a
    log without it is a game seat 1 led, as every log written before it was."""
    from .. import __version__

    header = {
        "format": LOG_FORMAT,
        "version": LOG_VERSION,
        "edition": ruleset.id,
        "source_hash": ruleset.source_hash,
        "players": players,
        "setup": setup,
        "seed": seed,
        "bots": list(bots),
        "engine": f"touring-dsl {__version__}",
    }
    if first:
        header["first"] = first
    if edition_ref and Path(edition_ref).is_file():
        # a file named on the command line: remembered in full, so the log replays from anywhere
        header["edition_ref"] = str(Path(edition_ref).resolve())
    return header


def race_log(log: Path | None, number: int) -> Path | None:
    """Where race `number` (from the second) of a match is logged: NAME-raceN beside the first race's log
    NAME (`touring play --log` and a web table alike)."""
    if log is None:
        return None
    return log.with_name(f"{log.stem}-race{number}{log.suffix}")


def edition_ref(header: dict) -> str:
    """Where to find the edition a log was played with: its file if it still exists, else its archive id."""
    ref = header.get("edition_ref")
    if ref and Path(ref).is_file():
        return ref
    return header["edition"]


def _dumps(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


class LogWriter:
    """Appends a game to a file line by line, each written straight through and synced to the disk, so an
    interrupted game is never lost. Lines that cannot be written whole (disk full, file size limit, a disk
    error) are taken back: the file is cut to the end of its last whole line before the error is raised,
    so the log always ends on a complete line and can be resumed, and the next write starts there."""

    def __init__(self, path: str | os.PathLike, record: GameRecord, append: bool = False, sync: bool = True):
        self.path, self.sync = Path(path), sync
        self._file = self.path.open("ab" if append else "wb", buffering=0)
        self._good = self._file.seek(0, os.SEEK_END)  # where the last whole line ends
        if not append:
            self.write_lines(list(record.lines()))

    def write_lines(self, lines: list[dict]) -> None:
        """Write these lines as one piece: all of them reach the disk, or the file is left as it was."""
        chunk = memoryview("".join(_dumps(data) + "\n" for data in lines).encode("utf-8"))
        try:
            if self._file.seek(0, os.SEEK_END) != self._good:
                self._file.truncate(self._good)  # a piece an earlier failure could not take back
            while chunk:
                chunk = chunk[self._file.write(chunk):]
            self._file.flush()
            if self.sync:
                _sync(self._file.fileno())  # a disk that takes the bytes but cannot keep them says so here
        except OSError:
            try:
                self._file.truncate(self._good)  # shrinking a file needs no space
            except OSError:
                pass  # tried again before the next write
            raise
        self._good = self._file.tell()

    def move(self, entry: MoveEntry) -> None:
        self.write_lines([entry.to_json()])

    def result(self, result: dict) -> None:
        self.write_lines([{"result": result}])

    def close(self) -> None:
        try:
            self._file.close()
        except OSError:
            pass


def _sync(descriptor: int) -> None:
    (getattr(os, "fdatasync", None) or os.fsync)(descriptor)


def save(path: str | os.PathLike, record: GameRecord) -> None:
    """Write a whole record at once, through a temporary file so a crash leaves no half log."""
    target = Path(path)
    temporary = target.with_name(target.name + ".part")
    try:
        with temporary.open("wb") as stream:
            stream.write("".join(_dumps(line) + "\n" for line in record.lines()).encode("utf-8"))
            stream.flush()
            _sync(stream.fileno())
        temporary.replace(target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def read(path: str | os.PathLike) -> GameRecord:
    """Read and validate a log; every problem is a LogError naming the line."""
    name = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise LogError(name, None, _("cannot read the log: {reason}").format(reason=exc.strerror or exc)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise LogError(name, line, typography(_("not UTF-8 text; is this a game log?"))) from None
    return parse(text, name)


def parse(text: str, name: str = "<log>") -> GameRecord:
    lines = text.split("\n")
    ends_cleanly = text.endswith("\n")
    if ends_cleanly:
        lines.pop()
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise LogError(name, None, _("the log is empty"))
    decoded = [_decode_line(name, number, line, cut=(number == len(lines) and not ends_cleanly))
               for number, line in enumerate(lines, start=1)]
    record = GameRecord(header=_check_header(name, decoded[0]))
    for number, data in enumerate(decoded[1:], start=2):
        if record.result is not None:
            raise LogError(name, number, typography(_("a line after the result; the game was already over")))
        if "result" in data:
            record.result = _check_result(name, number, data)
        else:
            record.moves.append(_check_move(name, number, data, expected_n=len(record.moves) + 1,
                                            players=record.header["players"]))
    return record


def _decode_line(name: str, number: int, line: str, cut: bool) -> dict:
    if not line.strip():
        raise LogError(name, number, _("a blank line in the middle of the log"))
    try:
        data = json_input.loads(line)
    except json_input.BadJSON as exc:
        if cut and not isinstance(exc, json_input.NotText):
            raise LogError(name, number, _("the log is cut short: its last line is incomplete ({reason})").format(reason=exc.args[0])) from None
        raise LogError(name, number, _("not valid JSON: {reason}").format(reason=exc.args[0])) from None
    if not isinstance(data, dict):
        raise LogError(name, number, _("expected a JSON object, found {kind}").format(kind=type(data).__name__))
    return data


def _type_name(expected: type | tuple[type, ...]) -> str:
    names = {str: _("a string"), int: _("a whole number"), list: _("a list"), dict: _("an object")}
    return names.get(expected, str(expected)) if isinstance(expected, type) else _(" or ").join(
        names.get(t, str(t)) for t in expected)


def _is(value: Any, expected: type) -> bool:
    if expected is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, expected)


def _check_header(name: str, data: dict) -> dict:
    if data.get("format") != LOG_FORMAT:
        raise LogError(name, 1, _('the first line is not a touring game log header (expected "format": "{format}")').format(
            format=LOG_FORMAT))
    for key, expected in HEADER_FIELDS.items():
        if key not in data:
            raise LogError(name, 1, _('the header has no "{key}"').format(key=key))
        if not _is(data[key], expected):
            raise LogError(name, 1, _('the header\'s "{key}" should be {kind}').format(key=key, kind=_type_name(expected)))
    if data["version"] > LOG_VERSION:
        raise LogError(name, 1, _("log format version {version} is newer than this touring understands ({known}); "
                                  "upgrade touring").format(version=data["version"], known=LOG_VERSION))
    if not seed_in_range(data["seed"]):
        raise LogError(name, 1, _('the header\'s "seed" should be {range}').format(range=SEED_RANGE))
    if data["players"] < 1:
        raise LogError(name, 1, _('the header\'s "players" should be at least 1'))
    first = data.get("first", 0)
    if not _is(first, int) or not 0 <= first < data["players"]:
        raise LogError(name, 1, _('the header\'s "first" should be a seat from 0 to {last}').format(last=data["players"] - 1))
    bots = data["bots"]
    if len(bots) != data["players"] or not all(isinstance(b, str) and b for b in bots):
        raise LogError(name, 1, _('the header\'s "bots" should name a bot (or "{human}") for each of the {players} seats').format(
            human=HUMAN, players=data["players"]))
    return data


def _check_move(name: str, number: int, data: dict, expected_n: int, players: int) -> MoveEntry:
    for key, expected in (("n", int), ("seat", int), ("move", dict), ("events", list)):
        if key not in data:
            raise LogError(name, number, _('a move line without "{key}"').format(key=key))
        if not _is(data[key], expected):
            raise LogError(name, number, _('"{key}" should be {kind}').format(key=key, kind=_type_name(expected)))
    if data["n"] != expected_n:
        raise LogError(name, number, _("move number {n} where move {expected} was expected (a line is missing or out of order)").format(
            n=data["n"], expected=expected_n))
    if not 0 <= data["seat"] < players:
        raise LogError(name, number, _("seat {seat} does not exist in a {players}-player game").format(seat=data["seat"], players=players))
    if not isinstance(data["move"].get("action"), str):
        raise LogError(name, number, _('the move has no "action"'))
    if not all(isinstance(event, dict) for event in data["events"]):
        raise LogError(name, number, _("every event should be a JSON object"))
    return MoveEntry(n=data["n"], seat=data["seat"], move=data["move"], events=data["events"], line=number)


def _check_result(name: str, number: int, data: dict) -> dict:
    result = data["result"]
    if not isinstance(result, dict) or not isinstance(result.get("outcome"), str):
        raise LogError(name, number, _('the result line should be {example}').format(example='{"result": {"outcome": ..., "winner": ...}}'))
    winner = result.get("winner")
    if winner is not None and not _is(winner, int):
        raise LogError(name, number, _('the result\'s "winner" should be a side number or null'))
    return result


def result_of(game) -> dict:
    """The closing line of a finished game, as the engine reports it."""
    return {"outcome": game.outcome, "winner": game.winner, "turns": game.turns}


class Mismatch(Exception):
    """The engine does not reproduce a logged move: says which line and how it differs."""

    def __init__(self, line: int | None, problem: str):
        self.line, self.problem = line, problem
        super().__init__(_("line {line}: {problem}").format(line=line, problem=problem) if line else problem)


def hash_problem(record: GameRecord, ruleset) -> str | None:
    """Why the edition text is not the one the game was played with, or None when it is."""
    logged, current = record.header["source_hash"], ruleset.source_hash
    if logged == current:
        return None
    return (f"the log was played with a different text of {record.header['edition']}: the log's source_hash is "
            f"{logged}, the current edition's is {current}; the rules may have changed, so it cannot be "
            "replayed faithfully")


def plain_json(data: Any) -> Any:
    """JSON-shaped data as it reads back from a file (tuples become lists)."""
    return json.loads(json.dumps(data, ensure_ascii=False))


def events_json(events) -> list[dict]:
    return [plain_json(event.to_json()) for event in events]


def new_game_for(record: GameRecord, ruleset):
    from ..engine import new_game

    header = record.header
    return new_game(ruleset, players=header["players"], seed=header["seed"], setup=header["setup"],
                    first=header.get("first", 0))


def rebuild(record: GameRecord, ruleset, on_move=None):
    """Play the logged moves through the engine, checking each is legal and yields the logged events.

    Returns the game after the last logged move; raises Mismatch at the first difference.
    on_move(entry, move, events, game) is called after each move (for stepping through a replay).
    """
    from ..engine import Move

    try:
        game = new_game_for(record, ruleset)
    except (KeyError, ValueError) as exc:
        raise Mismatch(1, _("the header does not describe a game this edition can deal: {reason}").format(reason=exc)) from None
    for entry in record.moves:
        move = _check_entry(game, entry, Move)
        events = game.apply(move)
        got = events_json(events)
        if got != plain_json(entry.events):
            raise Mismatch(entry.line, _describe_event_difference(entry, got))
        if on_move is not None:
            on_move(entry, move, events, game)
    if record.result and record.result.get("outcome") == "signal" and not game.is_over:
        game.stop("signal")  # a round stopped by its signal ends after the last logged move
    _compare_result(record, game)
    return game


def _check_entry(game, entry: MoveEntry, move_class):
    if game.is_over:
        raise Mismatch(entry.line, _("move {n} comes after the end of the game").format(n=entry.n))
    try:
        move = move_class.from_json(entry.move)
    except Exception as exc:  # whatever the engine dislikes in a hand-edited move
        raise Mismatch(entry.line, _("move {n} is not a move the engine understands: {reason}").format(n=entry.n, reason=exc)) from None
    if entry.seat != game.to_act:
        raise Mismatch(entry.line, _("move {n} is logged for player {logged}, but it is player {acting} who must act").format(
            n=entry.n, logged=entry.seat + 1, acting=game.to_act + 1))
    if move not in game.legal_moves():
        raise Mismatch(entry.line, _("move {n} ({move}) is not legal in this position").format(n=entry.n, move=move))
    return move


def _describe_event_difference(entry: MoveEntry, got: list[dict]) -> str:
    logged = plain_json(entry.events)
    for index, (want, have) in enumerate(zip(logged, got), start=1):
        if want != have:
            return _("move {n}: event {index} differs: the log says {logged}, the engine gives {got}").format(
                n=entry.n, index=index, logged=_dumps(want), got=_dumps(have))
    counts = _("move {n}: the log records {logged} events, the engine gives {got}").format(
        n=entry.n, logged=len(logged), got=len(got))
    if not (got or logged):
        return counts
    return _("{counts}; first extra: {event}").format(counts=counts,
                                                       event=_dumps((got or logged)[min(len(logged), len(got))]))


def _compare_result(record: GameRecord, game) -> None:
    if record.result is None:
        return
    line = len(record.moves) + 2  # the result line follows the header and the moves
    if not game.is_over:
        raise Mismatch(line, _("the log records a result, but after its moves the game is not over"))
    actual = result_of(game)
    for key in ("outcome", "winner", "turns"):
        if key in record.result and record.result[key] != actual[key]:
            raise Mismatch(line, _("the log's result says {key} {logged}, the engine gives {got}").format(
                key=key, logged=repr(record.result[key]), got=repr(actual[key])))
