"""CLI stage, `touring replay`: plays a game log back through the engine and checks every move and event."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from ..play import gamelog
from ..play.gamelog import LogError, Mismatch
from ..base.i18n import (SOURCE_LANGUAGE, _, language, ngettext, pgettext,
                         reader_language, set_language, typography)
from .common import EXIT_USAGE, EXIT_USER, checked_language, fail, load_edition, out, path_problem, print_json, shown_path


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
        self.console.print(self.move_line(entry, move, game), style="bold", markup=False)
        for event in events:
            self.console.print(f"     {self.event_line(event, game)}", markup=False, highlight=False)
        if self.pause:
            try:
                if input(typography(_("   [Enter: next move, q: run to the end] "))).strip().lower() == "q":
                    self.pause = False
            except (EOFError, KeyboardInterrupt):
                self.pause = False


    @staticmethod
    def move_line(entry, move, game) -> str:
        """'12. player 2: discard Roll' (in another language, the table's own words for the move)."""
        if language() == SOURCE_LANGUAGE:
            return f"{entry.n}. player {entry.seat + 1}: {move}"
        from ..play.table_view import move_label

        return typography(_("{number}. player {seat}: {move}").format(number=entry.n, seat=entry.seat + 1,
                                                                      move=move_label(move, game.ruleset)))

    @staticmethod
    def event_line(event, game) -> str:
        """An event as the log says it (in another language, as the table says it)."""
        if language() == SOURCE_LANGUAGE:
            return str(event)
        from ..play.event_words import Wording, event_sentence

        return typography(event_sentence(event, Wording(game.ruleset, game.t.seats_of)) or str(event))


def outcome_word(outcome: str) -> str:
    """How the game ended, as the log names it ("completed"), in the reader's language."""
    said = {"completed": pgettext("outcome", "completed"), "exhausted": pgettext("outcome", "exhausted"),
            "turn-limit": pgettext("outcome", "turn-limit"), "signal": pgettext("outcome", "signal")}
    return said.get(outcome, outcome)


def summary(record: gamelog.GameRecord, game) -> dict:
    return {"ok": True, "edition": record.header["edition"], "source_hash": record.header["source_hash"],
            "moves": len(record.moves), "finished": game.is_over, "outcome": game.outcome,
            "winner": game.winner, "turns": game.turns}


def replay(
    file: Path = typer.Argument(..., help="A game log written by `touring play --log`."),
    step: bool = typer.Option(False, "--step", help="Show every move and its events (pausing on a terminal)."),
    as_json: bool = typer.Option(False, "--json", help="Print the outcome of the check as JSON."),
    edition: Optional[str] = typer.Option(None, "--edition", help="Check against this edition file instead of the logged one."),
    lang: Optional[str] = typer.Option(None, "--lang", help="The language --step reads the moves in: en or fr "
                                       "(default: the edition's own; --json is always English)."),
) -> None:
    """Replay a game log and check that the engine makes every move and event exactly as logged."""
    lang = checked_language(lang, "replay")
    before = language()
    try:
        replay_in_language(file, step, as_json, edition, lang)
    finally:
        set_language(before)


def replay_in_language(file: Path, step: bool, as_json: bool, edition: Optional[str], lang: Optional[str]) -> None:
    """`touring replay` itself; --step's moves and the verdict are read in the reader's language (the JSON is
    the log's own words)."""
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
    if not as_json:
        set_language(reader_language(ruleset.language, lang))
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
    if not game.is_over:
        state = _("the game is not finished")
    elif game.winner is not None:
        state = _("side {number} won").format(number=game.winner + 1)
    else:
        state = _("no winner")
    moves = ngettext("{n} move", "{n} moves", len(record.moves)).format(n=len(record.moves))
    if game.is_over:
        turns = ngettext("{n} turn", "{n} turns", game.turns).format(n=game.turns)
        said = _("OK: {moves} of {edition} replay identically; {state} ({outcome}, {turns}).").format(
            moves=moves, edition=record.header["edition"], state=state, outcome=outcome_word(game.outcome),
            turns=turns)
    else:
        said = _("OK: {moves} of {edition} replay identically; {state}.").format(
            moves=moves, edition=record.header["edition"], state=state)
    out().print(typography(said), markup=False)


def register(app: typer.Typer) -> None:
    app.command("replay")(replay)
