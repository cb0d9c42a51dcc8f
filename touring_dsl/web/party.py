"""Web stage, a Progressive Touring party hosted from `touring serve`: the party's rounds (touring_dsl.party)
played at web tables, the round ended by the host's signal button.

Each table of a round is a web table (table.py) whose seats are the party table's players, side by side;
when the host sounds the signal every game still running stops where it stands (Game.stop), the miles of
each side in each game at a table are recorded in the party (party.host.enter) and the next round is
seated. A game won before the signal may be followed by another at the same table when the edition says
so (its `restart`), the miles added. The party file (party.save) and each table's log are kept in the
data folder, so a restarted server brings the evening back.

Each step (setting up, seating a round, the signal, another game) is worked out on copies of the party
and its meta and kept only once its files are written: a step the disk cannot take is refused with a
PartyError in words, the party as it was, and the host may try again.
"""
from __future__ import annotations

import copy
import json
import secrets
import sys
import time
from pathlib import Path

from ..party import host as party_host
from ..party import save as party_save
from ..party.record import Party, PartyError
from ..party.standings import standings
from .editions import load_archive
from .disk import STAGING, disk_trouble, remove_folder, sync_folder, write_json
from .table import DiskRefused, Table, new_token

PARTIES = "parties"  # the data folder's subfolder for parties (table folders are hexadecimal names)
PARTY_FILE = "party.json"
META_FILE = "meta.json"
PLAYERS = "players"  # the meta's evening links, player's name -> token (web.evening)
# what a party's folder held when an older touring could not finish setting it up (no meta: no host link)
HALF_MADE = {PARTY_FILE, META_FILE + ".part"}


def half_made_party(folder: Path) -> bool:
    """A party folder begun but never finished: no meta.json, nothing in it but the party file or temporary ones."""
    try:
        return all(path.is_file() and (path.name in HALF_MADE or path.name.startswith(f".{PARTY_FILE}."))
                   for path in folder.iterdir())
    except OSError:
        return False


def refusal(trouble: str, what: str) -> PartyError:
    """A step of the party the server's disk did not take, in words for the host."""
    return PartyError(f"{trouble}: {what}; try again in a moment")


class WebParty:
    def __init__(self, folder: Path, meta: dict, party: Party, ruleset):
        self.folder, self.meta, self.party, self.ruleset = folder, meta, party, ruleset
        self.id: str = meta["id"]
        self._stopped: list[Table] = []  # games stopped by a signal the disk then refused: shown when it is given

    # -- making and reloading -------------------------------------------------------------------------
    @classmethod
    def create(cls, root: Path, edition: str, names: list[str], rounds: int, seed: int | None = None,
               clock: bool = False) -> "WebParty":
        """A new party; PartyError (or EditionRefused) says why it cannot be held. clock: the edition's timed
        round sounds the signal (else the host's button alone does)."""
        ruleset = load_archive(edition)
        if ruleset.progressive is None:
            raise PartyError(f"{ruleset.title} has no Progressive Touring rules (no `progressive` section)")
        seed = seed if seed is not None else secrets.randbits(32)
        party = party_host.start(ruleset, edition, names, rounds, None, None, seed)
        if clock and not ruleset.progressive.minutes:  # refused before anything is written
            raise PartyError(f"{ruleset.id} sets no time for a round: the host's button sounds the signal")
        name = secrets.token_hex(6)
        parties = root / PARTIES
        staging, folder = parties / f"{STAGING}{name}", parties / name
        meta = {"version": 1, "id": name, "host": new_token(), "games": {}, "clock": clock, "deadline": None,
                PLAYERS: {player: new_token() for player in party.players}}  # each player's evening link
        try:  # made whole in a hidden folder, then renamed into place
            staging.mkdir(parents=True)
            party_save.save(staging / PARTY_FILE, party)
            write_json(staging / META_FILE, meta)
            staging.rename(folder)
            sync_folder(parties)
        except OSError as exc:
            remove_folder(staging)
            raise refusal(disk_trouble(exc), "the party was not set up") from None
        return cls(folder, meta, party, ruleset)

    @classmethod
    def load(cls, folder: Path) -> "WebParty":
        meta = json.loads((folder / META_FILE).read_text(encoding="utf-8"))
        party = party_save.load(folder / PARTY_FILE)
        ruleset = load_archive(party.edition_id)
        if ruleset.source_hash != party.source_hash:
            raise PartyError(f"the rules of {party.edition_id} changed since the party began")
        loaded = cls(folder, meta, party, ruleset)
        loaded.give_missing_links()
        return loaded

    def give_missing_links(self) -> None:
        """Evening links for a party set up before they were given: made and written now (if the disk cannot
        take them they are made again at the next start, and the host's page shows those)."""
        links = self.meta.setdefault(PLAYERS, {})
        missing = [name for name in self.party.players if name not in links]
        for name in missing:
            links[name] = new_token()
        if missing:
            try:
                write_json(self.folder / META_FILE, self.meta)
            except OSError as exc:
                print(f"touring serve: party {self.id}: evening links not kept: {disk_trouble(exc)}", file=sys.stderr)

    def save(self) -> None:
        self._write(self.party, self.meta)

    def _write(self, party: Party, meta: dict) -> None:
        """The meta first, then the party: a crash between leaves the round as it was, with its next tables
        already listed, and the signal given again finds them."""
        write_json(self.folder / META_FILE, meta)
        party_save.save(self.folder / PARTY_FILE, party)

    def _keep(self, store, party: Party, meta: dict, made: list[Table], what: str) -> None:
        """Write a step worked out on copies and make it the party's; PartyError, the party as it was and
        the tables made for the step taken away, when its files cannot be written."""
        try:
            self._write(party, meta)
        except OSError as exc:
            for table in made:
                store.remove(table)
            raise refusal(disk_trouble(exc), what) from None
        self.party, self.meta = party, meta

    # -- the games of a round ---------------------------------------------------------------------------
    def games_of(self, store, round_number: int, table_number: int) -> list[Table]:
        ids = self.meta["games"].get(f"{round_number}.{table_number}", [])
        return [store.tables[i] for i in ids if i in store.tables]

    def seat_names(self, table, game_table: Table) -> list[str]:
        """Each seat's player at a web table: the party table's sides, in the engine's seat order per side."""
        return _names_by_seat(table, game_table.game)

    def seat_round(self, store) -> list[Table]:
        """A web table for every table of the current round that has none yet. PartyError when the disk
        cannot take them: nothing is changed, and a party never seated (just set up) is removed whole."""
        meta = copy.deepcopy(self.meta)
        try:
            made = self._seat(store, self.party, meta)
            self._keep(store, self.party, meta, made, "the round's tables were not made")
        except PartyError:
            if not self.meta["games"]:  # a party just set up: nothing of it is kept, the host starts again
                remove_folder(self.folder)
            raise
        return made

    def _seat(self, store, party: Party, meta: dict, what: str = "the round's tables were not made") -> list[Table]:
        """Make the missing web tables of party's current round, listed in meta; taken away again when one fails."""
        made: list[Table] = []
        rnd = party.current
        for table in rnd.tables if rnd is not None else []:
            if not table.recorded and not self._games_in(store, meta, rnd.number, table.number):
                try:
                    made.append(self._new_game(store, meta, rnd.number, table))
                except DiskRefused as exc:
                    for game in made:
                        store.remove(game)
                    raise refusal(exc.trouble, what) from None
        if made and meta.get("clock"):  # the edition's timed round starts when its tables are seated
            meta["deadline"] = time.time() + self.ruleset.progressive.minutes * 60
        return made

    @staticmethod
    def _games_in(store, meta: dict, round_number: int, table_number: int) -> list[Table]:
        return [store.tables[i] for i in meta["games"].get(f"{round_number}.{table_number}", []) if i in store.tables]

    def signal_due(self, now: float) -> bool:
        """Whether the edition's clock has run out on the current round."""
        deadline = self.meta.get("deadline")
        return self.party.current is not None and deadline is not None and now >= deadline

    def another_game(self, store, table_number: int) -> Table:
        """A new game at a table whose game was won before the signal (editions that restart)."""
        rnd = self.party.current
        if rnd is None:
            raise PartyError("the party is over")
        table = next((t for t in rnd.tables if t.number == table_number), None)
        if table is None or table.recorded:
            raise PartyError(f"no table {table_number} playing in round {rnd.number}")
        if not self.ruleset.progressive.restart:
            raise PartyError(f"{self.ruleset.id} plays one game a round: the table waits for the signal")
        games = self.games_of(store, rnd.number, table.number)
        if games and not games[-1].game.is_over:
            raise PartyError(f"table {table_number}'s game is still being played")
        meta = copy.deepcopy(self.meta)
        try:
            made = self._new_game(store, meta, rnd.number, table)
        except DiskRefused as exc:
            raise refusal(exc.trouble, "the game was not made") from None
        self._keep(store, self.party, meta, [made], "the game was not made")
        return made

    def _new_game(self, store, meta: dict, round_number: int, table) -> Table:
        key = f"{round_number}.{table.number}"
        number = len(meta["games"].get(key, []))
        seed = (self.party.seed * 1_000_003 + round_number * 1009 + table.number * 31 + number) & 0xFFFFFFFF
        game = store.create(len(table.players), ["human"] * len(table.players), self.party.edition_id, seed=seed,
                            names=lambda engine_game: _names_by_seat(table, engine_game))  # seats called by name
        meta["games"].setdefault(key, []).append(game.id)
        return game

    def signal(self, store) -> list[Table]:
        """The host's signal: every game of the round stops, each table's miles are recorded, the next
        round is seated. Returns the web tables that changed (to be shown again). PartyError when the disk
        cannot take it: the round goes on (a game already stopped stays stopped) and the signal may be
        given again."""
        rnd = self.party.current
        if rnd is None:
            raise PartyError("the party is over")
        for table in rnd.tables:  # each game's result line first: a round is recorded only from stopped games
            for game in self.games_of(store, rnd.number, table.number):
                if not game.game.is_over:
                    try:
                        game.stop_at_signal()
                    except DiskRefused as exc:
                        raise refusal(exc.trouble, "the signal was not given") from None
                    self._stopped.append(game)
        party, meta = copy.deepcopy(self.party), copy.deepcopy(self.meta)
        meta["deadline"] = None
        for table in party.current.tables:
            games = self.games_of(store, rnd.number, table.number)
            miles = [game.game.side_miles() for game in games] or [tuple(0 for _ in table.sides)]
            party_host.enter(party, self.ruleset, table, [[m[s] for m in miles] for s in range(len(table.sides))])
        made = self._seat(store, party, meta, "the signal was not given")
        self._keep(store, party, meta, made, "the signal was not given")
        changed, self._stopped = self._stopped, []
        return changed

    def standings(self):
        return standings(self.party, self.ruleset.progressive.prizes)


def _names_by_seat(table, game) -> list[str]:
    """Each seat's player at a party table: its sides' players, in the engine's seat order per side."""
    names = []
    for seat in range(game.players):
        side = game.side_of(seat)
        index = [s for s in range(seat) if game.side_of(s) == side]
        names.append(table.sides[side][len(index)])
    return names
