"""CLI stage, helper of `touring play` (not a command): each race's scores, and a match played race after race.

`touring play` hands its first session here. When the edition scores races, the race's score sheet is
printed after it (the rows of touring_dsl.play.score_sheet, the web table's too, as a table of text); when it
plays a match, further races are dealt (each from a seed derived from the match's: engine.match.race_seed,
led by the seat engine.match.lead_seat names) and played until a side wins, the match's totals on each sheet.
A race of a match is logged like any game; with --log, race N (from the second) goes to NAME-raceN.
"""
from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any, Callable, Optional, Protocol

import typer

from ..engine.match import Match
from ..play.gamelog import race_log
from ..engine.rules.scoring import RaceScore
from ..mechanics import match_parts
from ..play.score_sheet import ScoreSheet, score_sheet
from ..base.wording import capital, counted, listed, sentence
from .common import Stop


class RaceSession(Protocol):
    """What a race needs of the play command's session (cli.play.Session): it plays, speaks, and stops."""

    game: Any
    record: Any
    seats: Any
    console: Any
    log_path: Optional[Path]

    def run(self) -> None: ...

    def say(self, text: str, style: str | None = None) -> None: ...

    def stop(self, reason: str) -> int: ...


NextRace = Callable[[int, int, Optional[Path]], RaceSession]  # (seed, first seat, log path) -> a new session, dealt


def play_races(first: RaceSession, next_race: NextRace | None) -> None:
    """Play the first race; score it if the edition scores races; go on while its match is undecided.
    next_race is None for a resumed game: its race is scored, but no match goes on from it."""
    first.run()
    ruleset = first.game.ruleset
    if ruleset.scoring is None:
        return
    match = Match(ruleset, first.game.sides, first.record.header["seed"], players=first.game.players)
    session = first
    while True:
        report(session, match, match.add(session.game))
        if next_race is None or match.is_over:
            break
        session = _next(first, match, next_race)
    if next_race is not None and match.target is not None:
        conclude(first, match)


def _next(first: RaceSession, match: Match, next_race: NextRace) -> RaceSession:
    """Deal the match's next race and play it (stopping it as the play command stops the first)."""
    number = len(match.races) + 1
    lead = match.next_first()
    session = next_race(match.next_seed(), lead, race_log(first.log_path, number))
    session.say("")
    leads = "".join(f", {said}" for mechanic, part in match_parts(match.ruleset)  # (touring_dsl.mechanics)
                     if (said := mechanic.match_status(part, session.seats.name(lead))))
    session.say(f"Race {number} of the match (seed {session.record.header['seed']}{leads}):", style="bold")
    try:
        session.run()
    except Stop as stop:  # the play command's own handlers know only the first race's session
        raise typer.Exit(session.stop(stop.reason))
    except KeyboardInterrupt:
        raise typer.Exit(session.stop("interrupt"))
    return session


def report(session: RaceSession, match: Match, scores: tuple[RaceScore, ...]) -> None:
    """The race's score sheet (the rows the web table shows too: touring_dsl.play.score_sheet), the match's
    running totals beneath it."""
    sheet = score_sheet(match)
    session.say("")
    session.say(f"Scores for race {sheet.race}:", style="bold")
    session.say("  " + sentence("; ".join(f"side {side + 1}: {side_players(session, side)}"
                                          for side in range(len(sheet.totals)))))
    for line in sheet_lines(sheet, session.console.width):
        session.say(line)


def sheet_lines(sheet: ScoreSheet, width: int = 80) -> list[str]:
    """The sheet as a table of text: a term per row, its words broken to leave room for a column per side."""
    cells = [[row.term, *("-" if points is None else str(points) for points in row.cells)] for row in sheet.rows]
    cells.append([f"Race {sheet.race} total", *map(str, sheet.totals)])
    if sheet.match_totals is not None:
        cells.append([f"Match total (to {counted(sheet.target, 'point')})", *map(str, sheet.match_totals)])
    heads = ["", *(f"Side {side + 1}" for side in range(len(sheet.totals)))]
    column = max(len(text) for row in cells + [heads] for text in row[1:]) + 2
    room = max(20, min(max(len(row[0]) for row in cells), width - 2 - column * len(sheet.totals)))
    lines = [f"  {'':<{room}}" + "".join(f"{head:>{column}}" for head in heads[1:])]
    for row in cells:
        words = textwrap.wrap(row[0], room, subsequent_indent="  ") or [""]
        lines.append(f"  {words[0]:<{room}}" + "".join(f"{text:>{column}}" for text in row[1:]))
        lines += [f"  {more}" for more in words[1:]]
    return lines


def conclude(session: RaceSession, match: Match) -> None:
    winner = match.winner
    if winner is None:
        session.say(f"The match ends undecided after {counted(len(match.races), 'race')}.", style="bold")
        return
    others = [total for side, total in enumerate(match.totals) if side != winner]
    session.say(f"{capital(side_name(session, winner))} wins the match, {match.totals[winner]} to "
                f"{', '.join(map(str, others))}, after "
                f"{counted(len(match.races), 'race')}.", style="bold")


def side_name(session: RaceSession, side: int) -> str:
    """'side 1 (you)' on the one person's side, else 'side 2': the sheet's heading says who plays each side."""
    seats = [seat for seat in range(session.game.players) if session.game.side_of(seat) == side]
    return f"side {side + 1} (you)" if session.seats.only_human in seats else f"side {side + 1}"


def side_players(session: RaceSession, side: int) -> str:
    """'you', 'you and player 3', 'player 2 (greedy) and player 4 (greedy)': no brackets in brackets."""
    seats = [seat for seat in range(session.game.players) if session.game.side_of(seat) == side]
    names = ["you" if seat == session.seats.only_human else session.seats.name(seat) for seat in seats]
    return listed(names)
