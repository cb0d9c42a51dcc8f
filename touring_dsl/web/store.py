"""Web stage, the tables of a server: made in a data folder, one subfolder per table, all reloaded at start.

Each subfolder holds meta.json (edition, private tokens), game.jsonl (the game log) and, for a house rule,
edition.touring (the uploaded text). A link's token finds its table and seat here.
"""
from __future__ import annotations

import secrets
import sys
from dataclasses import dataclass
from pathlib import Path

from ..gamelog import HUMAN
from .editions import EditionRefused, compile_upload, load_archive
from .table import EDITION_NAME, Table

MAX_PLAYERS = 8


@dataclass(frozen=True)
class Access:
    """What a token opens: a seat (0-based), the spectator's view (seat None) or the host's page."""

    table: Table
    seat: int | None
    host: bool = False


def ruleset_for(folder: Path, edition: dict):
    if edition.get("file"):
        return compile_upload((folder / EDITION_NAME).read_text(encoding="utf-8"), folder)
    return load_archive(edition["id"])


class TableStore:
    def __init__(self, data: Path):
        self.root = Path(data)
        self.root.mkdir(parents=True, exist_ok=True)
        self.tables: dict[str, Table] = {}
        self.access: dict[str, Access] = {}

    def load_all(self, report=None) -> list[Table]:
        """Every table saved under the data folder, each at its last logged move; a broken one is reported."""
        report = report or (lambda text: print(text, file=sys.stderr))
        for folder in sorted(p for p in self.root.iterdir() if p.is_dir() and p.name != "parties"):
            try:
                self.add(Table.load(folder, ruleset_for))
            except (OSError, ValueError, KeyError, EditionRefused) as exc:
                report(f"touring serve: table {folder.name} not loaded: {exc}")
        return list(self.tables.values())

    def add(self, table: Table) -> Table:
        self.tables[table.id] = table
        for seat, token in enumerate(table.meta["tokens"]):
            self.access[token] = Access(table, seat)
        self.access[table.meta["spectator"]] = Access(table, None)
        self.access[table.meta["host"]] = Access(table, None, host=True)
        return table

    def find(self, token: str) -> Access | None:
        if not isinstance(token, str) or len(token) > 64:
            return None
        return self.access.get(token)

    def create(self, players: int, kinds: list[str], archive_id: str | None = None,
               upload: str | None = None, seed: int | None = None, setup: str | None = None) -> Table:
        """A new table; EditionRefused (or ValueError) with the text for the page when it cannot be made."""
        from ..bots import BOTS

        if not 1 <= players <= MAX_PLAYERS or len(kinds) != players:
            raise ValueError(f"choose who sits at each of the {players} seats")
        for kind in kinds:
            if kind != HUMAN and kind not in BOTS:
                raise ValueError(f"no player kind {kind!r}: a person, or a bot ({', '.join(sorted(BOTS))})")
        folder = self._new_folder()
        try:
            if upload is not None:
                ruleset = compile_upload(upload, folder)
                (folder / EDITION_NAME).write_text(upload, encoding="utf-8")
                edition = {"id": ruleset.id, "file": EDITION_NAME}
            else:
                ruleset = load_archive(archive_id or "")
                edition = {"id": ruleset.id, "file": None}
            if players not in ruleset.player_counts():
                counts = ", ".join(map(str, ruleset.player_counts()))
                raise ValueError(f"{ruleset.title} is played by {counts} players, not {players}")
            seed = seed if seed is not None else secrets.randbits(32)
            table = Table.create(folder, ruleset, edition, players, setup, kinds, seed)
        except Exception:
            _remove(folder)
            raise
        return self.add(table)

    def _new_folder(self) -> Path:
        while True:
            folder = self.root / secrets.token_hex(6)
            try:
                folder.mkdir()
                return folder
            except FileExistsError:
                continue

    def close(self) -> None:
        for table in self.tables.values():
            table.close()


def _remove(folder: Path) -> None:
    for path in folder.iterdir():
        path.unlink()
    folder.rmdir()
