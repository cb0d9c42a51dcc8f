"""CLI stage, shared helpers: loading editions, JSON output, colour rules and exit statuses."""
from __future__ import annotations

import errno
import json
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

import typer

from ..language.errors import InternalError, TouringError

if TYPE_CHECKING:
    from rich.console import Console

    from ..language.model import Ruleset

EXIT_OK, EXIT_USER, EXIT_USAGE, EXIT_BUG, EXIT_INTERRUPTED = 0, 1, 2, 3, 130  # docs/cli.md lists them


def use_color(stream=None) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set."""
    stream = stream or sys.stdout
    return "NO_COLOR" not in os.environ and hasattr(stream, "isatty") and stream.isatty()


def out() -> Console:
    from rich.console import Console

    return Console(no_color=not use_color(sys.stdout), highlight=False, soft_wrap=True)


def err() -> Console:
    from rich.console import Console

    return Console(stderr=True, no_color=not use_color(sys.stderr), highlight=False, soft_wrap=True)


def fail(message: str, code: int = EXIT_USER) -> NoReturn:
    print(message, file=sys.stderr)
    raise typer.Exit(code)


def report_error(exc: TouringError) -> NoReturn:
    fail(exc.render(color=use_color(sys.stderr)))


def bug_message(exc: BaseException) -> str:
    return (f"touring: internal error (this is a bug in touring, not in your input): {exc}\n"
            "Please report it with the command you ran.")


def report_bug(exc: BaseException) -> NoReturn:
    fail(bug_message(exc), EXIT_BUG)


def load_edition(ref: str) -> Ruleset:
    """An archive id or a path -> Ruleset; user errors and bugs are reported and end the command."""
    from ..language.archive import load

    return _reported(load, ref)


def load_edition_view(ref: str, name: str, make: Callable[[Ruleset], Any]) -> Any:
    """`make(ruleset)` for an archive id or a path, cached on disk as plain data; errors as load_edition."""
    from ..language.archive import load_view

    return _reported(load_view, ref, name, make)


def _reported(loader: Callable, *args) -> Any:
    try:
        return loader(*args)
    except TouringError as exc:
        report_error(exc)
    except InternalError as exc:
        report_bug(exc)


def edition_files(paths: list, command: str) -> list:
    """Files and folders given on the command line -> edition files; a missing path is a usage error."""
    from ..base.resources import SUFFIX

    files = []
    for path in paths:
        usable_path(path, command)
        found = sorted(path.rglob(f"*{SUFFIX}")) if path.is_dir() else [path]
        if not found:
            fail(f"touring {command}: no edition files (*{SUFFIX}) in {path}", EXIT_USER)
        files.extend(found)
    missing = [p for p in files if not p.is_file()]
    if missing:
        fail(f"touring {command}: no such file: {shown_path(missing[0])}", EXIT_USAGE)
    return files


LONGEST_NAME_SHOWN = 80  # characters of a path quoted in a message; a longer one is shortened in the middle


def shown_path(path: Any) -> str:
    """A path as a message quotes it: whole when short, else its start and end around its length in bytes."""
    text = str(path)
    if len(text) <= LONGEST_NAME_SHOWN:
        return text
    return f"{text[:40]}...{text[-20:]} (a name of {len(os.fsencode(text)):,} bytes)"


def path_problem(path: Any) -> str | None:
    """Why the file system cannot even look `path` up (a name over 255 bytes, a NUL, a loop of links), or None.

    A missing file is no problem here: each command says what it does with one."""
    try:
        os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except ValueError:  # Python refuses a NUL before the system sees the name
        return f"{shown_path(path)}: a file name cannot hold a NUL character"
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            return f"{shown_path(path)}: the name is too long for the file system (at most 255 bytes a name)"
        return f"{shown_path(path)}: {exc.strerror or exc}"
    return None


def usable_path(path: Any, command: str) -> None:
    """End the command (exit 2, a usage error) when the file system cannot look up a path given to it."""
    problem = path_problem(path)
    if problem:
        fail(f"touring {command}: {problem}", EXIT_USAGE)


def usable_text(value: str, what: str, command: str) -> None:
    """End the command (exit 2) when an argument holds bytes that are no UTF-8 text (a file name made on
    another system, a terminal not set to UTF-8): touring would have to write it into a log, a save or an
    edition file, and could not."""
    if any("\ud800" <= ch <= "\udfff" for ch in value):
        shown = value.encode("utf-8", "backslashreplace").decode("utf-8")
        fail(f"touring {command}: {what} {shown} is not UTF-8 text; rename it (or set the terminal to UTF-8)",
             EXIT_USAGE)


LANG_HELP = ("The language to read in: fr or en (default: the edition's own language). --json output is "
             "language-neutral data: the same keys and values whatever the language.")


def checked_language(requested: str | None, command: str) -> str | None:
    """--lang as the project spells it ('FR' -> 'fr'), None when not given; a language the project has no
    words in ends the command (exit 2) naming the languages there are."""
    from ..base.i18n import UnknownLanguage, check_language

    if requested is None:
        return None
    try:
        return check_language(requested)
    except UnknownLanguage as exc:
        fail(f"touring {command}: --lang: {exc}", EXIT_USAGE)


def read_in(requested: str | None, edition_language: str | None):
    """A context in which the command's words are read in the reader's language: --lang when given, else
    the edition's (a context, not set_language, so that the next command run in the same process, a
    test's say, starts from English again)."""
    from ..base.i18n import reader_language, reading

    return reading(reader_language(edition_language or "en", requested))


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


class Stop(Exception):
    """The person at the keyboard wants to stop: "quit", "eof" (end of input) or "interrupt" (Ctrl-C)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def ask(prompt: str) -> str:
    """One line typed at a prompt; the end of input and Ctrl-C become a Stop, so no work is lost."""
    from .fit_lines import fitted_prompt

    try:
        return input(fitted_prompt(out(), prompt))
    except EOFError:
        raise Stop("eof") from None
    except KeyboardInterrupt:
        raise Stop("interrupt") from None
