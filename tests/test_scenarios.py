"""Worked examples: every archive example passes, and a wrong expectation is reported where it is written."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from touring_dsl.language.archive import load

from touring_dsl.language.locate import archive_files
from touring_dsl.cli.app import app
from touring_dsl.language.compiler import compile_text
from touring_dsl.base.resources import editions_dir
from touring_dsl.play.scenarios import run_examples

EDITION_FILES = [p for p in archive_files() if p.parent == editions_dir()]


@pytest.mark.parametrize("path", EDITION_FILES, ids=lambda p: p.stem)
def test_every_archive_example_passes(path):
    results = run_examples(load(str(path)))
    assert results, "every edition carries examples"
    assert [(r.title, [f.message for f in r.failures]) for r in results if not r.passed] == []


VARIANT = '''edition "wrong" extends "touring-1937" {
    title "Wrong"
}
example "A Puncture repaired, expected wrongly" {
    given {
        side 1 go "Go"
        side 2 go "Go"
        hand 1 "Puncture"
        hand 2 "Go"
    }
    play "Puncture" on side 2
    play "Go"
    expect {
        side 2 go top "Puncture"
        player 2 to act
    }
}
example "A legal move expected refused" {
    given {
        hand 1 "Go"
    }
    play "Go"
    expect {
        refused
    }
}
example "An illegal move in the middle" {
    given {
        hand 1 "30 Miles"
    }
    play "30 Miles"
    expect {
        side 1 miles 30
    }
}
'''


def test_failures_name_expectation_outcome_and_place(tmp_path):
    ruleset = compile_text(VARIANT, "wrong.touring", editions_dir())
    results = run_examples(ruleset)
    assert [r.passed for r in results] == [False, False, False]
    first = results[0].failures
    assert [f.message for f in first] == ['expected side 2 go top "Puncture", found "Go"',
                                          "expected player to act 2, found 1"]
    assert (first[0].location.file, first[0].location.line) == ("wrong.touring", 14)
    assert "to be refused, but it was legal" in results[1].failures[0].message
    assert "engine refused it" in results[2].failures[0].message
    assert results[2].failures[0].location.line == 31


def test_cli_test_reports_and_exits(tmp_path):
    runner = CliRunner()
    ok = runner.invoke(app, ["test", str(editions_dir())])
    assert ok.exit_code == 0, ok.output
    assert ok.output.strip().splitlines()[-1].endswith(" passed, 0 failed")
    bad = tmp_path / "wrong.touring"
    bad.write_text(VARIANT)
    out = runner.invoke(app, ["test", str(bad)])
    assert out.exit_code == 1
    lines = out.output.strip().splitlines()
    assert lines[0] == (f'{bad}:14:9: example "A Puncture repaired, expected wrongly": '
                        'expected side 2 go top "Puncture", found "Go"')
    assert lines[-1] == "0 passed, 3 failed"
    as_json = runner.invoke(app, ["test", "--json", str(bad)])
    assert as_json.exit_code == 1 and '"failed": 3' in as_json.output


def test_cli_test_compile_error_and_missing_file(tmp_path):
    runner = CliRunner()
    broken = tmp_path / "broken.touring"
    broken.write_text('edition "x" {\n')
    assert runner.invoke(app, ["test", str(broken)]).exit_code == 1
    assert runner.invoke(app, ["test", str(tmp_path / "none.touring")]).exit_code == 2
