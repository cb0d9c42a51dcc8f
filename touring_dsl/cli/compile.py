"""CLI stage, `touring compile`: the compiled Ruleset (or its JSON Schema) as JSON."""
from __future__ import annotations

import typer

from ..language.model import json_schema
from .common import load_edition, print_json


def compile_cmd(edition: str = typer.Argument(None, help="An archive id or a path."),
                as_json: bool = typer.Option(True, "--json/--no-json", help="Print JSON (the only format)."),
                schema: bool = typer.Option(False, "--schema", help="Print the Ruleset's JSON Schema instead.")) -> None:
    """Compile an edition and print the Ruleset every other stage reads."""
    if schema:
        print_json(json_schema())
        return
    if edition is None:
        raise typer.BadParameter("give an EDITION, or --schema", param_hint="EDITION")
    print_json(load_edition(edition).model_dump(mode="json"))


def register(app: typer.Typer) -> None:
    app.command("compile")(compile_cmd)
