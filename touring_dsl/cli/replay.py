"""CLI stage, `touring replay`: plays a game log back through the engine and checks every move and event."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from ..play import gamelog
from ..play.gamelog import LogError, Mismatch
from ..base.wording import counted
from .common import EXIT_USAGE, EXIT_USER, fail, load_edition, out, path_problem, print_json, shown_path


def _refuse(message: str, as_json: bool, line: int | None = None, code: int = EXIT_USER) -> None:
    """A log that does not replay: the reason on stderr (and as JSON when asked), exit 1 (2: no such file)."""
    if as_json:
        print_json({"ok": False, "line": line, "error": message})
    fail(message, code)


class Stepper:
    """Shows each move as it is replayed; on a terminal, waits for Enter between moves."""

    def __init__(self, show: bool, as_json: bool):
        self.show, self.as_json = show and not as_json, as_json
        self.pause = self.show and sys.stdin.isatty()
        self.steps: list[dict] = []
        self.console = out()

    def __call__(self, entry, move, events, game) -> None:
        if self.as_json:
            self.steps.append({"n": entry.n, "seat": entry.seat, "move": str(move),
                               "events": [str(event) for event in events]})
        if not self.show:
            return
        self.console.print(f"{entry.n}. player {entry.seat + 1}: {move}", style="bold", markup=False)
        for event in events:
            self.console.print(f"     {event}", markup=False, highlight=False)
        if self.pause:
            try:
                if input("   [Enter: next move, q: run to the end] ").strip().lower() == "q":
                    self.pause = False
            except (EOFError, KeyboardInterrupt):
                self.pause = False


def summary(record: gamelog.GameRecord, game) -> dict:
    return {"ok": True, "edition": record.header["edition"], "source_hash": record.header["source_hash"],
            "moves": len(record.moves), "finished": game.is_over, "outcome": game.outcome,
            "winner": game.winner, "turns": game.turns}


def replay(
    file: Path = typer.Argument(..., help="A game log written by `touring play --log`."),
    step: bool = typer.Option(False, "--step", help="Show every move and its events (pausing on a terminal)."),
    as_json: bool = typer.Option(False, "--json", help="Print the outcome of the check as JSON."),
    edition: Optional[str] = typer.Option(None, "--edition", help="Check against this edition file instead of the logged one."),
) -> None:
    """Replay a game log and check that the engine makes every move and event exactly as logged."""
    problem = path_problem(file) or (f"{shown_path(file)} is a folder; name a game log in it" if file.is_dir() else
                                     None if file.is_file() else f"no such file: {shown_path(file)}")
    if problem:
        _refuse(f"touring replay: {problem}", as_json, code=EXIT_USAGE)
    try:
        record = gamelog.read(file)
    except LogError as exc:
        _refuse(f"corrupt log: {exc}" if exc.line else str(exc), as_json, exc.line)
    ruleset = load_edition(edition or gamelog.edition_ref(record.header))
    problem = gamelog.hash_problem(record, ruleset)
    if problem:
        _refuse(f"{file}: refused: {problem}", as_json, 1)
    stepper = Stepper(step, as_json)
    try:
        game = gamelog.rebuild(record, ruleset, on_move=stepper)
    except Mismatch as exc:
        _refuse(f"{file}:{exc.line or 1}: mismatch: {exc.problem}", as_json, exc.line)
    result = summary(record, game)
    if as_json:
        if step:
            result["steps"] = stepper.steps
        print_json(result)
        return
    state = (f"side {game.winner + 1} won" if game.winner is not None else "no winner") if game.is_over \
        else "the game is not finished"
    out().print(f"OK: {counted(len(record.moves), 'move')} of {record.header['edition']} replay identically; {state}"
                + (f" ({game.outcome}, {counted(game.turns, 'turn')})." if game.is_over else "."), markup=False)


def register(app: typer.Typer) -> None:
    app.command("replay")(replay)
