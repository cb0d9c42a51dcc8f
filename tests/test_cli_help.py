"""CLI stage, help texts: what `touring --help` and a command's `--help` show a newcomer."""
from __future__ import annotations

import re

from typer.testing import CliRunner

from touring_dsl.cli.app import app

ENV = {"NO_COLOR": "1", "COLUMNS": "100"}


def help_of(*args: str) -> str:
    result = CliRunner().invoke(app, [*args, "--help"], env=ENV)
    assert result.exit_code == 0, result.output
    return result.stdout


def listed_commands(text: str) -> list[str]:
    commands = text.split("Commands")[1]
    return re.findall(r"^│ (\w+)\s{2,}", commands, flags=re.MULTILINE)


def test_the_command_list_is_sorted_and_complete():
    names = listed_commands(help_of())
    assert names == sorted(names)
    assert {"play", "compare", "simulate", "rulebook", "new", "party"} <= set(names)


def test_a_flag_shows_no_bool_type():
    for args in ((), ("rulebook",), ("play",), ("simulate",)):
        text = help_of(*args)
        assert "<bool>" not in text, args
    assert "--version" in help_of() and "--force" in help_of("play")


def test_every_command_is_listed_without_a_broken_line():
    """A listed help text wraps only where the next word would not fit: no line of it breaks off early."""
    rows = [line for line in help_of().split("Commands")[1].splitlines() if line.startswith("│ ")]
    column = re.match(r"│ \w+\s+", rows[0]).end()
    width = len(rows[0]) - 1 - column  # the text column, up to the right border
    for row, following in zip(rows, rows[1:]):
        if following[2] == " ":  # a continuation of the same command's text
            line, next_word = row[column:-1].rstrip(), following[column:].split()[0]
            assert len(line) + 1 + len(next_word) > width - 1, (line, next_word)
