"""CLI stage, entry point: the Typer app, importing a subcommand's module only when that command runs."""
from __future__ import annotations

import gc
import importlib
import sys
from pathlib import Path

import typer
from typer.core import TyperCommand, TyperGroup

from .. import __version__
from .plain_params import PlainParams

# Modules beside this one that register no command: the entry point and the helpers the commands share.
# Every other module is a command's and must define register(app) (tests/test_cli_robust.py checks both ways).
HELPERS = {"app", "common", "fit_lines", "plain_params", "progress", "scored_races"}
# A module registers the command named after it; these modules register more than one.
_EXTRA_COMMANDS = {"simulate": ("compare",)}


def _command_modules() -> dict[str, str]:
    """Command name -> module beside this one that registers it, sorted by name as `--help` lists them."""
    commands: dict[str, str] = {}
    for module in sorted(path.stem for path in Path(__file__).parent.glob("*.py")):
        if module in HELPERS or module.startswith("_"):
            continue
        for name in (module, *_EXTRA_COMMANDS.get(module, ())):
            commands[name] = module
    return dict(sorted(commands.items()))


class LazyGroup(PlainParams, TyperGroup):
    """Builds a subcommand from its module on first use, so `touring show` never imports `play` or `simulate`."""

    def list_commands(self, ctx) -> list[str]:
        return list(_command_modules())

    def get_command(self, ctx, cmd_name: str):
        if cmd_name not in self.commands:
            module_name = _command_modules().get(cmd_name)
            if module_name is None:
                return None
            self.commands.update(_build(module_name))
        return self.commands.get(cmd_name)

    def resolve_command(self, ctx, args):
        if args and args[0] not in _command_modules():
            # an unknown name: Typer suggests a close one from the commands built, so build them all
            for name in self.list_commands(ctx):
                self.get_command(ctx, name)
        return super().resolve_command(ctx, args)

    def format_help(self, ctx, formatter) -> None:
        """The command list from the cache: building every command to read its help costs about a second."""
        from ..language.ruleset_cache import code_cached

        built = self.commands
        # Typer's version too: it decides how a docstring becomes the help listed
        listing = code_cached(f"command-listing, typer {typer.__version__}", lambda: _listing(self, ctx))
        self.commands = {**{name: _listed(name, fields) for name, fields in listing.items()}, **built}
        try:
            super().format_help(ctx, formatter)
        finally:
            self.commands = built


# what `--help` reads of a command to list it
_LISTED = ("help", "short_help", "hidden", "deprecated", "rich_help_panel")


def _listing(group: LazyGroup, ctx) -> dict[str, dict]:
    """Every command's listed fields, from the commands built."""
    commands = {name: group.get_command(ctx, name) for name in group.list_commands(ctx)}
    return {name: {field: getattr(command, field, None) for field in _LISTED} for name, command in commands.items()}


def _listed(name: str, fields: dict) -> TyperCommand:
    """A stand-in that `--help` lists as it would the command, without importing the command's module."""
    command = TyperCommand(name)
    for field, value in fields.items():
        setattr(command, field, value)
    return command


class PlainCommand(PlainParams, TyperCommand):
    """A subcommand whose flags, texts and paths convert without loading pydantic."""


class _Typer(typer.Typer):
    """A Typer whose commands are PlainCommands unless a module asks for another class."""

    def command(self, *args, cls=None, **kwargs):
        return super().command(*args, cls=cls or PlainCommand, **kwargs)


def _build(module_name: str) -> dict:
    """The click commands that one module registers."""
    module = importlib.import_module(f"{__package__}.{module_name}")
    single = _Typer(add_completion=False, pretty_exceptions_enable=False)
    single.callback()(lambda: None)  # a callback makes Typer build a group, whose commands we take
    module.register(single)
    return dict(typer.main.get_group(single).commands)


app = typer.Typer(
    name="touring",
    cls=LazyGroup,
    help="Touring, the automobile race card game, kept as data: check, show, play, compare and print its editions.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        print(f"touring {__version__}")
        raise typer.Exit()


@app.callback()
def _root(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Print the version and exit.")) -> None:
    """Touring rules as data."""


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        sys.exit(130)
    except SystemExit:
        # the process ends here: its last full collection would walk every object only to free them all
        # (a quarter of a second once numba is loaded), so what is left is set aside from it
        gc.freeze()
        raise
    except Exception as exc:  # anything unforeseen is our bug, never a traceback for the user
        from .common import report_bug

        try:
            report_bug(exc)
        except typer.Exit as done:
            sys.exit(done.exit_code)
