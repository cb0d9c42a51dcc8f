"""CLI stage, `touring editions`: the archive as a table."""
from __future__ import annotations

import typer
from rich.table import Table

from .common import load_edition, out, print_json


def editions(as_json: bool = typer.Option(False, "--json", help="Print the table as JSON.")) -> None:
    """List every edition and house rule in the archive."""
    from ..archive import archive_files

    rows = []
    for path in archive_files():
        r = load_edition(str(path))
        rows.append({"id": r.id, "title": r.title, "subtitle": r.subtitle, "year": r.year,
                     "publisher": r.publisher, "race": r.race.miles,
                     "cards": sum(c.count for c in r.deck), "extends": r.parent,
                     "players": list(r.player_counts())})
    if as_json:
        print_json(rows)
        return
    table = Table(title="The Touring archive")
    for column in ("id", "title", "year", "publisher", "race", "cards", "extends"):
        table.add_column(column, no_wrap=column in ("id", "race", "extends"))
    for row in rows:
        table.add_row(row["id"], row["title"],
                      str(row["year"] or ""), row["publisher"], f'{row["race"]} miles', str(row["cards"]),
                      row["extends"] or "")
    out().print(table)


def register(app: typer.Typer) -> None:
    app.command("editions")(editions)
