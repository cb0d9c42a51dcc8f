"""Parse stage, formatting: `touring fmt` lays an edition out one way, keeps every word, comment and
annotation where it was, never changes what a file means, and is idempotent (language/format.py, cli/fmt.py)."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from typer.testing import CliRunner

from touring_dsl.cli.app import app
from touring_dsl.language.compiler import compile_text
from touring_dsl.language.errors import TouringError
from touring_dsl.language.format import format_text
from touring_dsl.language.syntax import parse_document

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = sorted((ROOT / "editions").rglob("*.touring"))
BAD = sorted((ROOT / "tests" / "bad").glob("*.touring"))


def run(*args: str, **kwargs):
    return CliRunner().invoke(app, list(args), env={"NO_COLOR": "1"}, **kwargs)


def meaning(text: str, path: Path) -> dict:
    """The compiled Ruleset as plain data, without what says where the text was (its locations and the
    hash of its text): what the rules are."""
    def plain(value):
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items() if k not in ("location", "source_hash")}
        if isinstance(value, (list, tuple)):
            return [plain(v) for v in value]
        return value
    return plain(compile_text(text, str(path), path.parent).model_dump())


def parses(path: Path) -> bool:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return False
    return not parse_document(text, path.name)[1]


def mess(text: str, rng: random.Random, comments: bool = False) -> str:
    """The same words with other spacing: indentation, runs of spaces between words, a space before a comma,
    trailing spaces, more blank lines where there was one; with `comments`, comments added at the ends of
    lines and on lines of their own."""
    out = []
    for line in text.split("\n"):
        if not line.strip():
            out.extend([""] * rng.randint(1, 3))
            continue
        body = re.sub(r'("[^"\n]*")|(#.*)|( +)|(,)', lambda m: m.group(1) or m.group(2) or (
            " " * rng.randint(1, 4) if m.group(3) else (" ," if rng.random() < 0.5 else ",")), line.strip())
        if comments and rng.random() < 0.1:
            out.append(" " * rng.randint(0, 9) + f"# a note {rng.randint(0, 99)}")
        if comments and rng.random() < 0.1 and "#" not in body:
            body += " " * rng.randint(0, 3) + f"# an aside {rng.randint(0, 99)}"
        out.append(rng.choice(["", " ", "\t", "      "]) * rng.randint(0, 3) + body + " " * rng.randint(0, 2))
    return "\n".join(out)


def comments_of(text: str) -> list[str]:
    """The comments of a text: `#` to the end of the line, outside quoted names."""
    return [m for line in text.split("\n") for m in re.findall(r"#.*", re.sub(r'"[^"\n]*"', '""', line))]


# the archive -------------------------------------------------------------------------------------------

def test_the_editions_are_formatted() -> None:
    result = run("fmt", "--check", str(ROOT / "editions"))
    assert result.exit_code == 0, result.stderr
    assert "0 files would be reformatted" in result.stderr


@pytest.mark.parametrize("path", EDITIONS + [p for p in BAD if parses(p)], ids=lambda p: p.stem)
def test_formatting_is_idempotent(path: Path) -> None:
    once = format_text(path.read_text(encoding="utf-8"), path.name)
    assert format_text(once, path.name) == once


@pytest.mark.parametrize("path", EDITIONS, ids=lambda p: p.stem)
def test_formatting_a_messed_edition_gives_it_back_meaning_the_same(path: Path) -> None:
    """Spacing undone at random, the formatter gives the archive's file back, word for word; and the Ruleset
    compiled from the messy text, from its formatting and from the file are the same rules."""
    text = path.read_text(encoding="utf-8")
    messy = mess(text, random.Random(path.stem))
    assert messy != text
    formatted = format_text(messy, path.name)
    assert formatted == text
    assert meaning(messy, path) == meaning(formatted, path) == meaning(text, path)


@pytest.mark.parametrize("path", [p for p in BAD if p.stem.startswith("warn_")], ids=lambda p: p.stem)
def test_formatting_keeps_the_meaning_of_house_rules(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert meaning(format_text(text, path.name), path) == meaning(text, path)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(EDITIONS), seed=st.integers(0, 2**32), comments=st.booleans())
def test_formatting_variations_is_idempotent(path: Path, seed: int, comments: bool) -> None:
    """fmt(fmt(x)) == fmt(x) for generated variations of the archive: spacing, blank lines and comments."""
    text = mess(path.read_text(encoding="utf-8"), random.Random(seed), comments)
    once = format_text(text, path.name)
    assert format_text(once, path.name) == once
    # every comment, in order (without the spaces that ended its line)
    assert [c.rstrip() for c in comments_of(text)] == comments_of(once)
    if not comments:
        assert once == path.read_text(encoding="utf-8")


# the layout --------------------------------------------------------------------------------------------

MESSY = '''# a house rule
edition   "layout" extends "touring-1937" {
  title "Layout"   # its name
}
change race 55 miles { change pile "1 Mile" needs 4
change pile "3 Miles"   needs 2
    cite sheet "Rules for playing"


  change pile "15 Miles" needs 1 cite sheet "Rules for playing"
  # before the closing brace
  }
change setup "three players" {
  change without 1 "Puncture" ,1 "Collision",
     1 "Out of Gasoline"
}
'''

CANONICAL = '''# a house rule
edition "layout" extends "touring-1937" {
    title "Layout"  # its name
}

change race 55 miles {
    change pile "1 Mile"  needs 4
    change pile "3 Miles" needs 2
        cite sheet "Rules for playing"

    change pile "15 Miles" needs 1 cite sheet "Rules for playing"
    # before the closing brace
}

change setup "three players" {
    change without 1 "Puncture", 1 "Collision", 1 "Out of Gasoline"
}
'''


def test_the_canonical_layout() -> None:
    """Four spaces a block, one statement a line, single spaces (a comma against its name), one blank line
    between sections and at most one kept inside a block, columns aligned in a run; comments and `cite`
    lines stay where they were written: on the statement's line, or below it."""
    assert format_text(MESSY) == CANONICAL


def test_an_assumption_written_over_two_lines_stays_so() -> None:
    text = ('edition "x" extends "touring-1937" {\n}\n\nchange turn {\n    change hand 6\n'
            '        assume "Six cards"\n            because "A longer game"\n}\n')
    assert format_text(text) == text
    joined = text.replace('"Six cards"\n            because', '"Six cards" because')
    assert format_text(joined) == joined


def test_a_file_that_does_not_parse_is_refused_with_every_error() -> None:
    text = (ROOT / "tests" / "bad" / "several_syntax_errors.touring").read_text(encoding="utf-8")
    with pytest.raises(TouringError) as caught:
        format_text(text, "several_syntax_errors.touring")
    assert len(caught.value.diagnostics) == 6  # the syntax errors (the compile error is not the formatter's)


# the command -------------------------------------------------------------------------------------------

def test_fmt_rewrites_in_place_and_check_and_diff_rewrite_nothing(tmp_path) -> None:
    path = tmp_path / "layout.touring"
    path.write_text(MESSY, encoding="utf-8")
    check = run("fmt", "--check", str(path))
    assert check.exit_code == 1 and f"would reformat {path}" in check.stderr
    diff = run("fmt", "--diff", str(path))
    assert diff.exit_code == 0 and "+    title \"Layout\"  # its name" in diff.stdout
    assert path.read_text(encoding="utf-8") == MESSY
    done = run("fmt", str(path))
    assert done.exit_code == 0 and "1 file reformatted" in done.stderr
    assert path.read_text(encoding="utf-8") == CANONICAL
    again = run("fmt", "--check", str(path))
    assert again.exit_code == 0 and again.stdout == ""


def test_fmt_reads_standard_input_and_writes_standard_output() -> None:
    result = run("fmt", "-", input=MESSY)
    assert result.exit_code == 0
    assert result.stdout == CANONICAL
    assert run("fmt", "--check", "-", input=MESSY).exit_code == 1
    assert run("fmt", "--check", "-", input=CANONICAL).exit_code == 0


def test_fmt_never_rewrites_a_file_that_does_not_parse(tmp_path) -> None:
    source = ROOT / "tests" / "bad" / "unclosed_turn.touring"
    path = tmp_path / source.name
    path.write_bytes(source.read_bytes())
    result = run("fmt", str(path))
    assert result.exit_code == 1
    assert "error[E103]" in result.stderr and "is not formatted: it does not parse" in result.stderr
    assert path.read_bytes() == source.read_bytes()
    assert run("fmt", "-", input=source.read_text(encoding="utf-8")).stdout == ""


def test_fmt_usage_errors_exit_2(tmp_path) -> None:
    assert run("fmt", str(tmp_path / "missing.touring")).exit_code == 2
    assert run("fmt", "-", str(tmp_path)).exit_code == 2


def test_a_layout_that_lost_a_word_or_a_comment_is_a_bug_never_written(monkeypatch, tmp_path) -> None:
    """The formatter checks its result holds the text's words and comments: a layout that dropped one (here a
    stand-in for a bug) is refused as touring's own error (exit 3), and the file is left as it was."""
    from touring_dsl.language import format as layout
    from touring_dsl.language.errors import InternalError

    real = layout._render
    for spoil in (lambda text: text.replace(" needs 4", " needs 5"), lambda text: text.replace("  # its name", "")):
        monkeypatch.setattr(layout, "_render", lambda rows, text, spoil=spoil: spoil(real(rows, text)))
        with pytest.raises(InternalError):
            format_text(MESSY)
    path = tmp_path / "layout.touring"
    path.write_text(MESSY, encoding="utf-8")
    result = run("fmt", str(path))
    assert result.exit_code == 3 and "bug in touring" in result.stderr
    assert path.read_text(encoding="utf-8") == MESSY


def test_a_run_is_aligned_only_among_lines_of_one_kind_and_one_verb() -> None:
    """Plain `pile` lines are not padded under `add pile` lines, as if indented; `change card` lines whose
    kinds are not restated leave that column blank."""
    text = ('edition "x" extends "touring-1937" {\n}\n\nchange setup "three players" {\n'
            '    pile "1 Mile" needs 4\n    pile "3 Miles" needs 2\n    add without 1 "Go"\n'
            '    add pile "75 Miles" needs 1\n}\n\nchange deck {\n    change card "Go" go count 16\n'
            '    change card "Gasoline" count 9\n}\n')
    assert format_text(text) == ('edition "x" extends "touring-1937" {\n}\n\nchange setup "three players" {\n'
                                 '    pile "1 Mile"  needs 4\n    pile "3 Miles" needs 2\n    add without 1 "Go"\n'
                                 '    add pile "75 Miles" needs 1\n}\n\nchange deck {\n'
                                 '    change card "Go"       go count 16\n    change card "Gasoline"    count 9\n}\n')
