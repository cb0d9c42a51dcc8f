"""Party stage, scores: a table's recorded miles checked against its race, and the round's winner settled."""
from __future__ import annotations

import re

from ..language.model import Ruleset
from ..base.rng import Rng, splitmix64
from ..base.i18n import _, ngettext
from .record import PartyError, Table


_MILES = re.compile(r"[0-9]{1,9}")  # ASCII digits only: str.isdigit() also passes ² and full-width digits


def miles(n: int) -> str:
    return ngettext("{n} mile", "{n} miles", n).format(n=n)


def parse_games(text: str) -> list[int]:
    """ "45" -> [45]; "110+20" -> [110, 20], the miles of each game of the round in order."""
    parts = [part.strip() for part in text.strip().split("+")]
    if not text.strip() or not all(_MILES.fullmatch(part) for part in parts):
        odd = _("; write the miles with the digits 0 to 9") if any(ch.isdigit() and not ch.isascii()
                                                                    for ch in text) else ""
        raise PartyError(_("{text} is not a number of miles (write 45, or 110+20 when a game was won and another "
                           "begun){odd}").format(text=repr(text.strip()), odd=odd))
    return [int(part) for part in parts]


def side_name(side: list[str]) -> str:
    return " & ".join(side)


def check_games(ruleset: Ruleset, table: Table, by_side: list[list[int]]) -> list[list[int]]:
    """Per-side game miles -> games[g][side], after checking them against the table's race and rules."""
    race = ruleset.setup_for(len(table.players)).race.miles
    where = _("table {number}").format(number=table.number)
    counts = {len(games) for games in by_side}
    if len(counts) != 1:
        counted = ", ".join(f"{side_name(s)}: {len(g)}" for s, g in zip(table.sides, by_side))
        raise PartyError(_("{where}: every side must list the same number of games ({counts}); when a game was won "
                           "and another begun, give each side its miles in every game, as {race}+20 and {half}+15")
                         .format(where=where, counts=counted, race=race, half=race // 2))
    if counts.pop() > 1 and not ruleset.progressive.restart:
        raise PartyError(_("{where}: {edition} plays one game a round; a table that finishes early waits for the "
                           "signal, so give one number per side").format(where=where, edition=ruleset.id))
    for side, games in zip(table.sides, by_side):
        for laid in games:
            if laid > race:
                raise PartyError(_("{where}: {miles} for {side} is beyond the race of {race} (when a game was won "
                                   "and another begun, write the games' miles as {example}+20)").format(
                    where=where, miles=miles(laid), side=side_name(side), race=miles(race), example=race))
    games = [list(game) for game in zip(*by_side)]
    for number, game in enumerate(games[:-1], start=1):
        if race not in game:
            raise PartyError(_("{where}: game {number} of the round was not finished (nobody reached {race} miles), "
                               "so no other game followed it").format(where=where, number=number, race=race))
    for number, game in enumerate(games, start=1):
        if game.count(race) > 1:
            raise PartyError(_("{where}: in game {number} two sides reached {race} miles; the first to finish ends "
                               "the game").format(where=where, number=number, race=race))
    return games


def settle(table: Table, seed: int, round_number: int) -> None:
    """The round's winner at the table (most miles) and its last side (fewest of the others); a tie for
    either is settled by a cut of the cards, drawn from the party's seed so it can be checked again."""
    totals = table.totals()
    rng = Rng(splitmix64(seed ^ splitmix64(round_number * 1000 + table.number)))
    best = max(totals)
    leaders = [s for s, m in enumerate(totals) if m == best]
    table.winner = leaders[rng.below(len(leaders))]
    others = [s for s in range(len(totals)) if s != table.winner]
    fewest = min(totals[s] for s in others)
    trailers = [s for s in others if totals[s] == fewest]
    table.last = trailers[rng.below(len(trailers))]
    table.cut = len(leaders) > 1 or len(trailers) > 1


def record(ruleset: Ruleset, table: Table, by_side: list[list[int]], seed: int, round_number: int) -> None:
    """Check and store a table's miles, then settle who won it."""
    table.games = check_games(ruleset, table, by_side)
    settle(table, seed, round_number)
