"""Web stage, another game: a finished table's "play again", a new table with the same edition, the same kinds
of seats and a new deal.

Every player of the old table presses the button on their own page: the first press makes the new table,
the later ones find it (its meta names the table it follows), so each lands at their own seat of the same
new game. A party's tables are not played again here: the party's host seats its next round.
"""
from __future__ import annotations

import json

from ..base.i18n import _
from .editions import as_saved, saved_text
from .store import Access, TableStore
from .disk import write_json
from .table import EDITION_NAME, META_NAME, Table

AFTER = "after"  # the new table's meta key: the id of the table it follows
BY = "again_by"  # the new table's meta key: the seat of the old table that pressed first (None: host or spectator)


class AgainRefused(ValueError):
    """Why a table cannot be played again (the words are for the page)."""


def play_again(store: TableStore, table: Table, by: int | None = None) -> Table:
    """The table that follows `table`: made now with a new deal, or the one an earlier press made. by: the seat
    that pressed (None for the host or a spectator), kept so the others are told who started it."""
    if not table.is_done:
        raise AgainRefused("the game is not over yet" if not table.game.is_over else "the match is not over yet")
    if table.names is not None:
        raise AgainRefused("this table is part of a party: its host seats the next round")
    made = following(store, table)
    if made is not None:
        return made
    edition = table.meta["edition"]
    upload = as_saved(saved_text(table.folder / EDITION_NAME)) if edition.get("file") else None
    made = store.create(table.players, list(table.kinds), None if upload else edition["id"], upload,
                        setup=table.record.header.get("setup"), match=bool(table.meta.get("match")))
    made.meta[AFTER] = table.id
    made.meta[BY] = by
    write_json(made.folder / META_NAME, made.meta)
    return made


def following(store: TableStore, table: Table) -> Table | None:
    """The table already made to follow `table`, if any (found again after a restart: it is in its meta)."""
    return next((t for t in store.tables.values() if t.meta.get(AFTER) == table.id), None)


def again_path(made: Table, access: Access) -> str:
    """Where the one who pressed goes: their own seat of the new table, or its spectator's or host's page."""
    if access.host:
        return f"/h/{made.meta['host']}"
    if access.seat is None:
        return f"/w/{made.meta['spectator']}"
    return f"/s/{made.meta['tokens'][access.seat]}"


def again_message(store: TableStore, table: Table, seat: int | None) -> str | None:
    """For an open page of a finished table that another press has followed: where its own place at the new table
    is ("Player 1 started a new game: join it"), as a channel message; None when there is no new table yet,
    or this seat is the one that started it."""
    made = following(store, table)
    if made is None or (seat is not None and seat == made.meta.get(BY)):
        return None
    by = made.meta.get(BY)
    words = (_("Player {number} started a new game: join it.").format(number=by + 1) if by is not None
             else _("A new game was started: join it."))
    to = f"/s/{made.meta['tokens'][seat]}" if seat is not None else f"/w/{made.meta['spectator']}"
    return json.dumps({"type": "again", "to": to, "words": words}, ensure_ascii=False)
