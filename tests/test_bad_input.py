"""Diagnostics stage: every tests/bad/*.touring fixture gives exactly the error text in its .expected file."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from touring_dsl.language import compiler
from touring_dsl.cli.app import app
from touring_dsl.language.errors import CODES
from golden_files import UPDATE, golden_path, write_golden  # tests/golden_files.py

ROOT = Path(__file__).resolve().parents[1]
BAD = Path(__file__).resolve().parent / "bad"
FIXTURES = sorted(BAD.glob("*.touring"))

# Fixtures whose .expected holds what the compiler should print but does not yet; each names the bug.
# strict=True: once the bug is fixed the test passes, pytest reports XPASS as a failure, and the
# entry must be deleted here.
KNOWN_BUGS: dict[str, str] = {}  # fixture -> open compiler bug it shows (a strict xfail until fixed)


def run(*args: str):
    return CliRunner().invoke(app, list(args), env={"NO_COLOR": "1"})


def check_in_bad_dir(monkeypatch, name: str):
    """`touring check NAME` run beside the fixtures, so messages show the bare file name."""
    monkeypatch.chdir(BAD)
    return run("check", name)


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: p.stem)
def test_bad_fixture_reports_expected_text(fixture: Path, monkeypatch, request) -> None:
    if fixture.stem in KNOWN_BUGS:
        request.applymarker(pytest.mark.xfail(reason=KNOWN_BUGS[fixture.stem], strict=True))
    result = check_in_bad_dir(monkeypatch, fixture.name)
    expected_file = golden_path("bad", fixture.stem + ".expected")
    if UPDATE and fixture.stem not in KNOWN_BUGS:
        write_golden(expected_file, result.stderr)
    expected = expected_file.read_text(encoding="utf-8")
    # a warn_* fixture compiles: its warning is printed and the check succeeds
    assert result.exit_code == (0 if fixture.stem.startswith("warn_") else 1), result.stderr
    assert result.stdout == ""
    assert result.stderr == expected


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: p.stem)
def test_bad_fixture_messages_are_plain(fixture: Path) -> None:
    """No Lark internals, colour codes or tracebacks ever reach the user."""
    text = fixture.with_suffix(".expected").read_text(encoding="utf-8")
    for leak in ("__ANON", "Traceback", "\x1b[", "$END", "Token(", "STRING", "KIND_WORD"):
        assert leak not in text
    assert text.rstrip().endswith("found") or fixture.stem.startswith("warn_")


def test_every_fixture_has_an_expected_file() -> None:
    expected = {p.stem for p in BAD.glob("*.expected")}
    assert expected == {p.stem for p in FIXTURES}


def test_fixtures_cover_every_code_the_compiler_emits() -> None:
    """Each code in CODES that the compiler can produce has a fixture showing it (docs/errors.md uses them)."""
    shown = set()
    for expected in BAD.glob("*.expected"):
        text = expected.read_text(encoding="utf-8")
        shown |= {code for code in CODES if f"error[{code}]" in text or f"warning[{code}]" in text}
    assert set(CODES) - shown == set()


# the cases the brief singles out, asserted on their own so a failure says which one broke ------------

def _expected(name: str) -> str:
    return (BAD / f"{name}.expected").read_text(encoding="utf-8")


def test_unknown_card_suggests_the_close_name() -> None:
    assert 'unknown card "Hauld In"' in _expected("unknown_card")
    assert 'did you mean "Hauled In"?' in _expected("unknown_card")


def test_unexpected_word_lists_what_was_expected_in_words() -> None:
    text = _expected("unexpected_word")
    assert "unexpected word 'shuffle'" in text
    assert 'expected one of "}", "add",' in text


def test_several_errors_are_reported_together() -> None:
    text = _expected("several_errors")
    assert "3 errors found" in text
    assert text.index("error[E223]") < text.index("error[E220]") < text.index("error[E200]")


def test_syntax_errors_are_located() -> None:
    # a block the file ends inside is reported where it opened, with a note where the file ends
    assert _expected("missing_brace").startswith("missing_brace.touring:7:13: error[E102]")
    assert "missing_brace.touring:9:35: note: the file ends here" in _expected("missing_brace")
    assert _expected("unterminated_string").startswith("unterminated_string.touring:3:11:")


def test_an_unclosed_block_is_reported_where_it_opens() -> None:
    """issue 29: a `turn {` left open is reported at its own line, naming the line where the parser noticed
    (it used to be reported only at the later line, as an unexpected word)."""
    text = _expected("unclosed_turn")
    assert text.startswith("unclosed_turn.touring:7:13: error[E103]: this block is never closed")
    assert "before line 12, where the parser noticed" in text
    assert "unclosed_turn.touring:12:5: note: noticed here, at line 12: the word 'penalties'" in text
    # what follows the block is read and checked: the compile error further down is reported too
    assert 'unclosed_turn.touring:18:19: error[E200]: unknown card "Puncturre"' in text
    assert _expected("unclosed_block").startswith("unclosed_block.touring:6:22: error[E103]")


def test_every_syntax_error_is_reported_in_one_run() -> None:
    """issue 29: one run reports every syntax mistake (each with its hint), then the compile errors of what
    parsed; never an error the recovery itself caused (the card dropped with its misspelt line is not
    "unknown" where the dropped delays and scoring name it)."""
    text = _expected("several_syntax_errors")
    places = re.findall(r"^several_syntax_errors\.touring:(\d+):\d+: error\[(E\d+)\]", text, re.M)
    assert places == [("5", "E101"), ("12", "E100"), ("13", "E100"), ("16", "E220"), ("26", "E103"),
                      ("32", "E100"), ("36", "E100")]
    assert text.count("= hint:") == 7
    assert 'did you mean "count"?' in text and 'did you mean "without"?' in text
    assert "unknown card" not in text and text.rstrip().endswith("7 errors found")


def test_extends_cycle_is_caught_from_either_end(monkeypatch) -> None:
    for name in ("cycle_a", "cycle_b"):
        assert "error[E250]" in check_in_bad_dir(monkeypatch, f"{name}.touring").stderr


# exit statuses through the CLI -----------------------------------------------------------------------

def test_misspelt_card_in_a_copy_of_an_edition_exits_1(tmp_path, monkeypatch) -> None:
    copy = tmp_path / "touring-1937-copy.touring"
    text = (ROOT / "editions" / "touring-1937.touring").read_text(encoding="utf-8")
    misspelt = re.sub(r'(chain "Collision" +then) "Hauled In"', r'\1 "Hauled-In"', text)
    assert misspelt != text
    copy.write_text(misspelt, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run("check", copy.name)
    assert result.exit_code == 1
    assert 'error[E200]: unknown card "Hauled-In"' in result.stderr
    assert 'did you mean "Hauled In"?' in result.stderr
    assert "Traceback" not in result.stderr


def test_internal_error_is_reported_apart_with_exit_3(tmp_path, monkeypatch) -> None:
    def broken(self):
        raise ZeroDivisionError("simulated bug")

    monkeypatch.setattr(compiler._RulesetBuild, "ruleset", broken)
    copy = tmp_path / "touring-1937.touring"
    shutil.copy(ROOT / "editions" / "touring-1937.touring", copy)
    result = run("check", str(copy))
    assert result.exit_code == 3
    assert "internal error (this is a bug in touring, not in your input)" in result.stderr
    assert "ZeroDivisionError: simulated bug" in result.stderr
    assert "Traceback" not in result.stderr
    assert "error[" not in result.stderr  # not dressed up as a mistake in the user's file


# compiler bugs found while writing these tests; an open one is a strict xfail, so its fix shows as XPASS

RULE_IN_WRONG_SECTION = """edition "wrong-section" {
    title "A hand size written inside the deck"
}
deck {
    card "5 Miles" mileage 5 count 10
    card "Go" go count 10
    hand 5
}
race 10 miles {
    pile "5 Miles" needs 2
}
setup "two" {
    players 2
    individuals
}
turn {
    hand 5
}
"""


def test_rule_in_the_wrong_section_is_a_user_error(tmp_path) -> None:
    """Regression: a rule in the wrong section used to crash the compiler (KeyError)."""
    path = tmp_path / "wrong_section.touring"
    path.write_text(RULE_IN_WRONG_SECTION, encoding="utf-8")
    result = run("check", str(path))
    assert result.exit_code == 1, result.stderr
    assert "wrong_section.touring:7:5: error[E100]: unexpected word 'hand'" in result.stderr
    assert '"}"' in result.stderr


def test_example_without_citation_compiles(tmp_path) -> None:
    """Regression: an example with no `cite` used to crash (AttributeError on _Annotated.section)."""
    text = (ROOT / "editions" / "touring-1937.touring").read_text(encoding="utf-8")
    text = text.replace('example "No mileage before a Go" cite sheet "The cards" {',
                        'example "No mileage before a Go" {')
    path = tmp_path / "uncited.touring"
    path.write_text(text, encoding="utf-8")
    result = run("check", str(path))
    assert result.exit_code == 0, result.stderr


def _load_in_a_worker(name: str):
    from touring_dsl.language.archive import load

    return load(name)


def test_an_error_raised_in_a_worker_process_reaches_the_parent_whole():
    """A TouringError crosses a process boundary (pickled) with its diagnostics: a pool of workers, as
    `--jobs` and the benchmarks use, reports it rather than waiting forever for a result."""
    import pickle
    from multiprocessing import get_context

    from touring_dsl.language.errors import TouringError

    with pytest.raises(TouringError) as raised:
        _load_in_a_worker("no-such-edition")
    copy = pickle.loads(pickle.dumps(raised.value))
    assert copy.render() == raised.value.render() and copy.diagnostics[0].code == "E205"
    with get_context("spawn").Pool(1) as pool:
        with pytest.raises(TouringError, match="no-such-edition"):
            pool.apply_async(_load_in_a_worker, ("no-such-edition",)).get(timeout=120)
