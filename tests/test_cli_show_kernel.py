"""`touring show EDITION --kernel`: the generated kernel, each line with the rule that wrote it."""
from __future__ import annotations

import ast

from typer.testing import CliRunner

from touring_dsl.cli.app import app

runner = CliRunner()


def test_the_kernel_is_printed_with_the_rule_of_each_line():
    result = runner.invoke(app, ["show", "mille-bornes", "--kernel", "--players", "3"])
    assert result.exit_code == 0, result.output
    text = result.stdout
    ast.parse(text)  # the annotations are comments: the printed kernel is still the Python that runs
    assert "def apply_code(" in text and "3 players" in text
    lines = [line for line in text.splitlines() if "<- mechanics.counters.kernel.offer" in line]
    assert any("CounterOffer(seat, c, v, code)" in line for line in lines)
    assert any("<- mechanics.safeties.lift_delay" in line for line in text.splitlines())


def test_a_seating_the_edition_lacks_is_a_usage_error():
    result = runner.invoke(app, ["show", "mille-bornes", "--kernel", "--players", "7"])
    assert result.exit_code == 2
    assert "does not seat 7 players (it seats 2, 3, 4, 6)" in result.stderr
