"""Web stage, a Progressive Touring party hosted from `touring serve`: the party's rounds (touring_dsl.party)
played at web tables, the round ended by the host's signal button.

Each table of a round is a web table (table.py) whose seats are the party table's players, side by side;
when the host sounds the signal every game still running stops where it stands (Game.stop), the miles of
each side in each game at a table are recorded in the party (party.host.enter) and the next round is
seated. A game won before the signal may be followed by another at the same table when the edition says
so (its `restart`), the miles added. The party file (party.save) and each table's log are kept in the
data folder, so a restarted server brings the evening back.
"""
from __future__ import annotations

import json
import secrets
import time
from pathlib import Path

from ..party import host as party_host
from ..party import save as party_save
from ..party.record import Party, PartyError
from ..party.standings import standings
from .editions import load_archive
from .table import Table, _write_json, new_token

PARTIES = "parties"  # the data folder's subfolder for parties (table folders are hexadecimal names)
PARTY_FILE = "party.json"
META_FILE = "meta.json"


class WebParty:
    def __init__(self, folder: Path, meta: dict, party: Party, ruleset):
        self.folder, self.meta, self.party, self.ruleset = folder, meta, party, ruleset
        self.id: str = meta["id"]

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
        folder = root / PARTIES / secrets.token_hex(6)
        folder.mkdir(parents=True)
        meta = {"version": 1, "id": folder.name, "host": new_token(), "games": {}, "clock": clock, "deadline": None}
        made = cls(folder, meta, party, ruleset)
        made.save()
        return made

    @classmethod
    def load(cls, folder: Path) -> "WebParty":
        meta = json.loads((folder / META_FILE).read_text(encoding="utf-8"))
        party = party_save.load(folder / PARTY_FILE)
        ruleset = load_archive(party.edition_id)
        if ruleset.source_hash != party.source_hash:
            raise PartyError(f"the rules of {party.edition_id} changed since the party began")
        return cls(folder, meta, party, ruleset)

    def save(self) -> None:
        party_save.save(self.folder / PARTY_FILE, self.party)
        _write_json(self.folder / META_FILE, self.meta)

    # -- the games of a round ---------------------------------------------------------------------------
    def games_of(self, store, round_number: int, table_number: int) -> list[Table]:
        ids = self.meta["games"].get(f"{round_number}.{table_number}", [])
        return [store.tables[i] for i in ids if i in store.tables]

    def seat_names(self, table, game_table: Table) -> list[str]:
        """Each seat's player at a web table: the party table's sides, in the engine's seat order per side."""
        names = []
        for seat in range(game_table.players):
            side = game_table.game.side_of(seat)
            index = [s for s in range(seat) if game_table.game.side_of(s) == side]
            names.append(table.sides[side][len(index)])
        return names

    def seat_round(self, store) -> list[Table]:
        """A web table for every table of the current round that has none yet."""
        made = []
        rnd = self.party.current
        if rnd is None:
            return made
        for table in rnd.tables:
            if not table.recorded and not self.games_of(store, rnd.number, table.number):
                made.append(self._new_game(store, rnd.number, table))
        if made and self.meta.get("clock"):  # the edition's timed round starts when its tables are seated
            self.meta["deadline"] = time.time() + self.ruleset.progressive.minutes * 60
        self.save()
        return made

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
        made = self._new_game(store, rnd.number, table)
        self.save()
        return made

    def _new_game(self, store, round_number: int, table) -> Table:
        key = f"{round_number}.{table.number}"
        number = len(self.meta["games"].get(key, []))
        seed = (self.party.seed * 1_000_003 + round_number * 1009 + table.number * 31 + number) & 0xFFFFFFFF
        game = store.create(len(table.players), ["human"] * len(table.players), self.party.edition_id, seed=seed)
        game.name_seats(self.seat_names(table, game))  # the seat pages call the players by name
        self.meta["games"].setdefault(key, []).append(game.id)
        return game

    def signal(self, store) -> list[Table]:
        """The host's signal: every game of the round stops, each table's miles are recorded, the next
        round is seated. Returns the web tables that changed (to be shown again)."""
        rnd = self.party.current
        if rnd is None:
            raise PartyError("the party is over")
        changed = []
        self.meta["deadline"] = None
        for table in rnd.tables:
            games = self.games_of(store, rnd.number, table.number)
            for game in games:
                if not game.game.is_over:
                    game.stop_at_signal()
                    changed.append(game)
            miles = [game.game.side_miles() for game in games] or [tuple(0 for _ in table.sides)]
            party_host.enter(self.party, self.ruleset, table, [[m[s] for m in miles] for s in range(len(table.sides))])
        self.save()
        self.seat_round(store)
        return changed

    def standings(self):
        return standings(self.party, self.ruleset.progressive.prizes)
