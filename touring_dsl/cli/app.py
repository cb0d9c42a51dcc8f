"""CLI stage, entry point: builds the Typer app from every subcommand module in this package."""
from __future__ import annotations

import importlib
import pkgutil
import sys

import typer

from .. import __version__
from .common import report_bug

app = typer.Typer(
    name="touring",
    help="Touring, the automobile race card game, kept as data: check, show, play, compare and print its editions.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

_SKIP = {"app", "common"}


def _register_subcommands() -> None:
    """Each module beside this one that defines register(app) contributes its subcommands."""
    package = importlib.import_module(__package__)
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        if info.name in _SKIP or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__package__}.{info.name}")
        if hasattr(module, "register"):
            module.register(app)


def _version(value: bool) -> None:
    if value:
        print(f"touring {__version__}")
        raise typer.Exit()


@app.callback()
def _root(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Print the version and exit.")) -> None:
    """Touring rules as data."""


_register_subcommands()


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        sys.exit(130)
    except SystemExit:
        raise
    except Exception as exc:  # anything unforeseen is our bug, never a traceback for the user
        try:
            report_bug(exc)
        except typer.Exit as done:
            sys.exit(done.exit_code)
