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
from ..base.i18n import _, ngettext, pgettext, typography
from ..base.wording import capital, sentence
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
    session.say(typography(_("Race {number} of the match (seed {seed}{leads}):").format(
        number=number, seed=session.record.header["seed"], leads=leads)), style="bold")
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
    session.say(typography(_("Scores for race {number}:").format(number=sheet.race)), style="bold")
    alone = every_side_alone(session)
    if not (alone and heads_name_players()):  # the heads already say who plays each column
        session.say("  " + typography(sentence("; ".join(
            _("side {number}: {players}").format(number=side + 1, players=side_players(session, side))
            for side in range(len(sheet.totals))))))
    for line in sheet_lines(sheet, session.console.width, alone):
        session.say(line)


def every_side_alone(session: RaceSession) -> bool:
    """Each side is one player (two or three playing alone, no teams)."""
    return session.game.players == session.game.sides


def heads_name_players() -> bool:
    """Whether the reader's language heads a one-player side's column by its player ("Joueur 1") rather than
    as a side (English keeps "Side 1", its goldens' words), so that no line need say who plays each side."""
    return pgettext("one player", "Side {number}") != _("Side {number}")


def column_head(side: int, alone: bool) -> str:
    """A side's column: 'Side 2'; in French 'Joueur 2' where each side is one player (seat N is side N then)."""
    return (pgettext("one player", "Side {number}") if alone else _("Side {number}")).format(number=side + 1)


def sheet_lines(sheet: ScoreSheet, width: int = 80, alone: bool = False) -> list[str]:
    """The sheet as a table of text: a term per row, its words broken to leave room for a column per side
    (alone: each side is one player, its column named as its player where the reader's language does so)."""
    cells = [[row.term, *("-" if points is None else str(points) for points in row.cells)] for row in sheet.rows]
    cells.append([_("Race {number} total").format(number=sheet.race), *map(str, sheet.totals)])
    if sheet.match_totals is not None:
        points = ngettext("{n} point", "{n} points", sheet.target).format(n=sheet.target)
        cells.append([_("Match total (to {points})").format(points=points), *map(str, sheet.match_totals)])
    heads = ["", *(column_head(side, alone) for side in range(len(sheet.totals)))]
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
    races = ngettext("{n} race", "{n} races", len(match.races)).format(n=len(match.races))
    if winner is None:
        session.say(typography(_("The match ends undecided after {races}.").format(races=races)), style="bold")
        return
    others = [total for side, total in enumerate(match.totals) if side != winner]
    seats = [seat for seat in range(session.game.players) if session.game.side_of(seat) == winner]
    session.say(typography((pgettext("you", "{side} wins the match, {points} to {others}, after {races}.")
                            if session.seats.only_human in seats else
                            _("{side} wins the match, {points} to {others}, after {races}.")).format(
        side=capital(side_name(session, winner)), points=match.totals[winner], others=", ".join(map(str, others)),
        races=races)), style="bold")


def side_name(session: RaceSession, side: int) -> str:
    """'side 1 (you)' on the one person's side, else 'side 2': the sheet's heading says who plays each side."""
    seats = [seat for seat in range(session.game.players) if session.game.side_of(seat) == side]
    if session.seats.only_human in seats:
        return _("side {number} (you)").format(number=side + 1)
    if len(seats) == 1:  # French names a player who plays alone, not a team
        return pgettext("one player", "side {number}").format(number=side + 1)
    return _("side {number}").format(number=side + 1)


def side_players(session: RaceSession, side: int) -> str:
    """'you', 'you and player 3', 'player 2 (greedy) and player 4 (greedy)': no brackets in brackets."""
    seats = [seat for seat in range(session.game.players) if session.game.side_of(seat) == side]
    names = [_("you") if seat == session.seats.only_human else session.seats.name(seat) for seat in seats]
    said = names[0]
    for name in names[1:-1]:
        said = _("{names}, {name}").format(names=said, name=name)
    return _("{names} and {name}").format(names=said, name=names[-1]) if len(names) > 1 else said
