"""CLI stage, `touring lsp`: the language server for .touring files, spoken over stdin and stdout."""
from __future__ import annotations

import typer

from .common import EXIT_USER, fail


def lsp() -> None:
    """Run the language server for edition files (diagnostics, completion, hover...) for an editor."""
    try:
        import lsprotocol  # noqa: F401
        import pygls  # noqa: F401
    except ImportError:
        fail('touring lsp needs the lsp extra: pip install "touring-dsl[lsp]" (in a checkout: pip install -e ".[lsp]")',
             EXIT_USER)
    from ..lsp.server import build_server

    build_server().start_io()


def register(app: typer.Typer) -> None:
    app.command("lsp")(lsp)
