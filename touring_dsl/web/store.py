"""Web stage, the tables of a server: made in a data folder, one subfolder per table, all reloaded at start.

Each subfolder holds meta.json (edition, private tokens, one race or a match), game.jsonl (the game log; a
match's later races in game-race2.jsonl and on) and, for a house rule, edition.touring (the uploaded text). A link's token finds its table and seat here. A table is made in a
hidden folder (".new-...", disk.STAGING) renamed into place once whole, so a full disk or a crash never leaves a table
half made; what an older touring or a crash left half made is removed when the server starts.
"""
from __future__ import annotations

import secrets
import sys
from dataclasses import dataclass
from pathlib import Path

from ..base.i18n import _, typography
from ..play.gamelog import HUMAN
from .disk import STAGING, remove_folder
from .editions import EditionRefused, as_saved, compile_upload, load_archive, saved_text
from .workshop_drafts import DRAFTS
from .table import EDITION_NAME, LOG_NAME, META_NAME, DiskRefused, Table

MAX_PLAYERS = 8
# what a table's folder can hold before its log is written: without a log no link to it was ever given
HALF_MADE_TABLE = {META_NAME, META_NAME + ".part", EDITION_NAME, LOG_NAME + ".part"}


@dataclass(frozen=True)
class Access:
    """What a token opens: a seat (0-based), the spectator's view (seat None) or the host's page."""

    table: Table
    seat: int | None
    host: bool = False


def ruleset_for(folder: Path, edition: dict):
    if edition.get("file"):
        return compile_upload(saved_text(folder / EDITION_NAME), folder)
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
        self.sweep_half_made()
        for folder in sorted(p for p in self.root.iterdir()
                             if p.is_dir() and p.name not in ("parties", DRAFTS) and not p.name.startswith(STAGING)):
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
               upload: str | None = None, seed: int | None = None, setup: str | None = None,
               names=None, match: bool = False) -> Table:
        """A new table; EditionRefused (or ValueError) with the text for the page when it cannot be made, a
        full disk included (DiskRefused; nothing of it is left). names(game): the players' names by seat (a party's).
        match: the table deals race after race where the edition plays a match (else one race)."""
        from ..bots.players import BOTS

        if not 1 <= players <= MAX_PLAYERS or len(kinds) != players:
            raise ValueError(_("choose who sits at each of the {players} seats").format(players=players))
        for kind in kinds:
            if kind != HUMAN and kind not in BOTS:
                raise ValueError(typography(_("no player kind {kind}: a person, or a bot ({bots})").format(
                    kind=repr(kind), bots=", ".join(sorted(BOTS)))))
        staging, folder = self._new_folders()
        try:
            if upload is not None:
                upload = as_saved(upload)
                ruleset = compile_upload(upload, staging)
                (staging / EDITION_NAME).write_text(upload, encoding="utf-8")
                edition = {"id": ruleset.id, "file": EDITION_NAME}
            else:
                ruleset = load_archive(archive_id or "")
                edition = {"id": ruleset.id, "file": None}
            if players not in ruleset.player_counts():
                counts = ", ".join(map(str, ruleset.player_counts()))
                raise ValueError(_("{title} is played by {counts} players, not {players}").format(
                    title=ruleset.title, counts=counts, players=players))
            seed = seed if seed is not None else secrets.randbits(32)
            table = Table.create(staging, folder, ruleset, edition, players, setup, kinds, seed, names, match)
        except BaseException as exc:
            remove_folder(staging)
            remove_folder(folder)
            if isinstance(exc, OSError):
                raise DiskRefused(exc, "the table was not made") from None
            raise
        return self.add(table)

    def remove(self, table: Table) -> None:
        """Take a table away, files and links (a party's table made for a step that then failed)."""
        table.close()
        self.tables.pop(table.id, None)
        for token in [*table.meta["tokens"], table.meta["spectator"], table.meta["host"]]:
            self.access.pop(token, None)
        remove_folder(table.folder)

    def _new_folders(self) -> tuple[Path, Path]:
        """A fresh staging folder and the name the table will have once made (neither taken)."""
        while True:
            name = secrets.token_hex(6)
            folder, staging = self.root / name, self.root / f"{STAGING}{name}"
            if folder.exists():
                continue
            try:
                staging.mkdir()
            except FileExistsError:
                continue
            except OSError as exc:
                raise DiskRefused(exc, "the table was not made") from None
            return staging, folder

    def sweep_half_made(self) -> None:
        """Remove, quietly, what was left half made: staging folders (a crash while a table or party was
        made) and an older touring's table folders that never got their log (nobody was given their links).
        Anything else that cannot be read is left for load_all to report."""
        from .party import PARTIES, half_made_party

        for folder in [p for p in self.root.iterdir() if p.is_dir() and _made_here(p.name)]:
            if folder.name.startswith(STAGING) or _holds_only(folder, HALF_MADE_TABLE):
                remove_folder(folder)
        parties = self.root / PARTIES
        for folder in [p for p in parties.iterdir() if p.is_dir() and _made_here(p.name)] if parties.is_dir() else []:
            if folder.name.startswith(STAGING) or half_made_party(folder):
                remove_folder(folder)

    def close(self) -> None:
        for table in self.tables.values():
            table.close()


def _made_here(name: str) -> bool:
    """A folder name a table or party is given (12 hexadecimal digits), staged or in place: no other is swept."""
    name = name.removeprefix(STAGING)
    return len(name) == 12 and all(c in "0123456789abcdef" for c in name)


def _holds_only(folder: Path, names: set[str]) -> bool:
    """Whether a folder's files are all among names (and it has no log): a table begun but never finished."""
    try:
        return all(path.is_file() and path.name in names for path in folder.iterdir())
    except OSError:
        return False
