"""CLI stage, `touring editions`: the archive as a table (at a terminal) or plain rows (piped), its headings in
the reader's language (--lang; English unless asked, the archive holding editions in several languages)."""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import typer

from ..base.i18n import _, pgettext
from ..base.wording import unit_said
from .common import checked_language, load_edition_view, out, print_json, read_in

if TYPE_CHECKING:
    from ..language.model import Ruleset

# (heading, row key) of what the table and the rows show; the publisher is in `--json` and `touring show`
COLUMNS = (("id", "id"), ("year", "year"), ("race", "race"), ("cards", "cards"), ("extends", "extends"),
           ("title", "title"))


def heading(key: str) -> str:
    """A column's heading in the reader's language."""
    return {"id": pgettext("editions column", "id"), "year": pgettext("editions column", "year"),
            "race": pgettext("editions column", "race"), "cards": pgettext("editions column", "cards"),
            "extends": pgettext("editions column", "extends"), "title": pgettext("editions column", "title")}[key]


def _cells(row: dict) -> list[str]:
    return [_cell(row, key) for _heading, key in COLUMNS]


def _cell(row: dict, key: str) -> str:
    if key == "race":  # in the edition's own unit: miles for Touring, km for Mille Bornes
        return f"{row['race']} {unit_said(row['unit'])}"
    return "" if row[key] is None else str(row[key])


def plain_rows(rows: list[dict]) -> list[str]:
    """Aligned columns without borders or colour, one edition a line: for pipes, grep and cut."""
    table = [[heading(key) for key, _key in COLUMNS]] + [_cells(row) for row in rows]
    widths = [max(len(line[i]) for line in table) for i in range(len(COLUMNS) - 1)]
    return ["  ".join([cell.ljust(width) for cell, width in zip(line, widths)] + [line[-1]]).rstrip()
            for line in table]


def archive_table(rows: list[dict]):
    """The table for a terminal: every column but the title kept on one line, so it fits 80 columns."""
    from rich import box
    from rich.table import Table

    table = Table(title=_("The Touring archive"), box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False,
                  collapse_padding=True)
    for key, _key in COLUMNS:
        table.add_column(heading(key), no_wrap=key != "title", justify="right" if key in ("race", "cards") else "left")
    for row in rows:
        table.add_row(*_cells(row))
    return table


def archive_row(r: Ruleset) -> dict:
    """One edition's row, plain data: what the table shows, and the publisher and player counts for `--json`."""
    return {"id": r.id, "title": r.title, "subtitle": r.subtitle, "year": r.year, "publisher": r.publisher,
            "race": r.race.miles, "unit": r.race.unit, "cards": sum(c.count for c in r.deck), "extends": r.parent,
            "players": list(r.player_counts())}


def editions(as_json: bool = typer.Option(False, "--json", help="Print the table as JSON: language-neutral data, "
                                          "the same keys and values whatever --lang."),
             lang: str = typer.Option(None, "--lang", metavar="fr|en",
                                      help="The language of the headings: fr or en (default: en).")) -> None:
    """List every edition and house rule in the archive."""
    from ..language.locate import archive_files

    lang = checked_language(lang, "editions")

    # each row comes from the cache when it can: listing the archive loads no Ruleset
    rows = [load_edition_view(str(path), "editions-row", archive_row) for path in archive_files()]
    if as_json:
        print_json(rows)
        return
    with read_in(lang, None):
        if sys.stdout.isatty():
            out().print(archive_table(rows))
        else:
            print("\n".join(plain_rows(rows)))


def register(app: typer.Typer) -> None:
    app.command("editions")(editions)
