"""Party stage, the host's steps: start a party, record a table (typed or from a CSV), move to the next round."""
from __future__ import annotations

import copy
import csv
from pathlib import Path

from ..language.errors import suggest
from ..language.model import Ruleset
from ..base.wording import counted
from .movement import next_round
from .record import MOST_PLAYERS, MOST_ROUNDS, Party, PartyError, Round, Table
from .scores import parse_games, record, side_name
from .seating import first_round, table_sizes


def player_names(given: str) -> list[str]:
    """ "8" -> Player 1 ... Player 8; "Ann, Bob, ..." -> those names."""
    given = given.strip()
    if given.isascii() and given.isdigit():
        if len(given) > 6 or int(given) > MOST_PLAYERS:
            raise PartyError(f"{given} players is more than touring seats; a party has at most {MOST_PLAYERS:,}")
        return [f"Player {n}" for n in range(1, int(given) + 1)]
    names = [name.strip() for name in given.split(",") if name.strip()]
    for name in names:
        _is_text(name, "a player's name")
    if len(names) > MOST_PLAYERS:
        raise PartyError(f"{len(names):,} players is more than touring seats; a party has at most {MOST_PLAYERS:,}")
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise PartyError(f"{twice[0]} is named twice; give each player a different name")
    return names


def _is_text(name: str, what: str) -> None:
    """A name typed in a terminal that is not set to UTF-8 arrives holding bytes that are no text (Python keeps
    each as half a surrogate pair): it could be neither shown nor saved, so it is refused here."""
    if any("\ud800" <= ch <= "\udfff" for ch in name):
        shown = name.encode("utf-8", "backslashreplace").decode("ascii", "backslashreplace")
        raise PartyError(f"{what} {shown} is not UTF-8 text; type it again in a terminal set to UTF-8")


def start(ruleset: Ruleset, edition: str, players: list[str], rounds: int, minutes: int | None,
          table_size: int | None, seed: int, shuffle: bool = True, umpire: str | None = None) -> Party:
    if umpire is not None:
        _is_text(umpire, "the umpire's name")
    if umpire is not None and not ruleset.progressive.umpire:
        raise PartyError(f"{ruleset.id} has no umpire: each table records its own miles")
    if umpire is not None and umpire in players:
        raise PartyError(f"{umpire} is playing; the umpire watches and records instead")
    if len(players) < 2:
        raise PartyError("a party needs at least two players")
    if len(players) > MOST_PLAYERS:
        raise PartyError(f"a party has at most {MOST_PLAYERS:,} players")
    if not 1 <= rounds <= MOST_ROUNDS:
        raise PartyError(f"a party has from 1 to {MOST_ROUNDS} rounds, not {rounds}")
    sizes = table_sizes(ruleset, len(players), table_size)
    party = Party(edition=edition, edition_id=ruleset.id, source_hash=ruleset.source_hash, seed=seed,
                  players=list(players), rounds_planned=rounds,
                  minutes=minutes if minutes is not None else ruleset.progressive.minutes, umpire=umpire)
    party.rounds.append(first_round(ruleset, party.players, sizes, seed, shuffle))
    return party


def enter(party: Party, ruleset: Ruleset, table: Table, by_side: list[list[int]]) -> None:
    """Record one table of the current round; when the round is complete, seat the next one."""
    rnd = party.current
    record(ruleset, table, by_side, party.seed, rnd.number)
    advance(party, ruleset)


def advance(party: Party, ruleset: Ruleset) -> None:
    last = party.rounds[-1]
    if last.complete and len(party.rounds) < party.rounds_planned:
        party.rounds.append(next_round(ruleset, last))


def seat_next_round(party: Party, ruleset: Ruleset) -> bool:
    """A party saved with its last round recorded and rounds still to play, but the next one not yet seated
    (a save made by hand, or by a touring stopped between the two): seat it now, as recording the round's last
    table would have. The seats follow from the results alone, so this is the round the evening would have
    had. Whether a round was seated."""
    before = len(party.rounds)
    advance(party, ruleset)
    return len(party.rounds) > before


def replan(party: Party, ruleset: Ruleset, rounds: int) -> None:
    """The host lengthens (or shortens) the evening: never below the rounds already begun."""
    begun = len(party.completed_rounds()) + (1 if party.current else 0)
    if rounds < max(begun, 1):
        raise PartyError(f"{counted(max(begun, 1), 'round')} {'has' if max(begun, 1) == 1 else 'have'} already begun; "
                         "the party cannot have fewer rounds")
    if rounds > MOST_ROUNDS:
        raise PartyError(f"a party has at most {MOST_ROUNDS} rounds, not {rounds}")
    party.rounds_planned = rounds
    del party.rounds[rounds:]
    advance(party, ruleset)


def import_csv(party: Party, ruleset: Ruleset, path: Path) -> tuple[Party, int]:
    """Rows of round,player,miles (a table column is optional and checked) -> (the party with them
    recorded, how many rounds). The rows are recorded on a copy: a bad file changes nothing."""
    party = copy.deepcopy(party)
    rows = _read_rows(path, party)
    by_round: dict[int, dict[str, tuple[list[int], int, int | None]]] = {}
    for line, number, player, games, table in rows:
        by_round.setdefault(number, {})
        if player in by_round[number]:
            raise PartyError(f"{path}:{line}: {player} already has miles for round {number} "
                             f"(line {by_round[number][player][1]})")
        by_round[number][player] = (games, line, table)
    recorded = 0
    for number in sorted(by_round):
        rnd = party.current
        if rnd is None or number < rnd.number:
            raise PartyError(f"{path}: round {number} is already recorded" if number <= len(party.rounds)
                             and party.rounds[number - 1].complete else f"{path}: the party has no round {number}")
        if number != rnd.number:
            raise PartyError(f"{path}: round {number} comes before round {rnd.number} is recorded")
        entries = _round_entries(path, rnd, by_round[number])
        for table, by_side in entries:
            try:
                record(ruleset, table, by_side, party.seed, rnd.number)
            except PartyError as exc:
                raise PartyError(f"{path}: round {rnd.number}, {exc}") from None
        advance(party, ruleset)
        recorded += 1
    return party, recorded


def _read_rows(path: Path, party: Party) -> list[tuple[int, int, str, list[int], int | None]]:
    try:
        with open(path, newline="", encoding="utf-8-sig") as stream:
            reader = csv.DictReader(stream)
            fields = [f.strip().lower() for f in reader.fieldnames or []]
            missing = [f for f in ("round", "player", "miles") if f not in fields]
            if missing:
                raise PartyError(f"{path}: the first line must name the columns round, player and miles "
                                 f"(missing: {', '.join(missing)})")
            rows = []
            for raw in reader:
                row = {k.strip().lower(): (v or "").strip() for k, v in raw.items() if k}
                rows.append(_row(path, reader.line_num, row, party))
            return rows
    except OSError as exc:
        raise PartyError(f"cannot read {path}: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, csv.Error) as exc:
        raise PartyError(f"{path} is not a CSV file: {exc}") from None


def _row(path: Path, line: int, row: dict, party: Party):
    where = f"{path}:{line}"
    if not row.get("round", "").isdigit():
        raise PartyError(f"{where}: the round should be a number, not {row.get('round')!r}")
    player = row.get("player", "")
    if player not in party.players:
        hint = suggest(player, party.players)
        raise PartyError(f"{where}: no player named {player!r} at this party" + (f"; {hint}" if hint else ""))
    table = row.get("table", "")
    if table and not table.isdigit():
        raise PartyError(f"{where}: the table should be a number, not {table!r}")
    try:
        games = parse_games(row.get("miles", ""))
    except PartyError as exc:
        raise PartyError(f"{where}: {exc}") from None
    return line, int(row["round"]), player, games, int(table) if table else None


def _round_entries(path: Path, rnd: Round, rows: dict) -> list[tuple[Table, list[list[int]]]]:
    """Each unrecorded table of the round with its sides' miles, from the rows of its players."""
    out = []
    for player, (_, line, table_number) in rows.items():
        table = rnd.table_of(player)
        if table_number is not None and table_number != table.number:
            raise PartyError(f"{path}:{line}: {player} sat at table {table.number} in round {rnd.number}, "
                             f"not table {table_number}")
        if table.recorded:
            raise PartyError(f"{path}:{line}: table {table.number} of round {rnd.number} is already recorded")
    for table in (t for t in rnd.tables if not t.recorded):
        absent = [p for p in table.players if p not in rows]
        if len(absent) == len(table.players):
            continue
        if absent:
            raise PartyError(f"{path}: round {rnd.number}, table {table.number}: no miles for {', '.join(absent)}")
        by_side = []
        for side in table.sides:
            games = {tuple(rows[p][0]) for p in side}
            if len(games) > 1:
                raise PartyError(f"{path}: round {rnd.number}: {side_name(side)} are partners and laid their "
                                 "miles together, but the file gives them different miles")
            by_side.append(list(games.pop()))
        out.append((table, by_side))
    if not out:
        raise PartyError(f"{path}: no miles for any table of round {rnd.number}")
    return out
