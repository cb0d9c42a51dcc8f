"""Property tests of the compile stage: any text either compiles or is rejected with TouringError, never a crash."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark

from touring_dsl.language.compiler import compile_text
from touring_dsl.language.errors import CODES, TouringError
from touring_dsl.language.model import Ruleset
from touring_dsl.base.resources import grammar_text
from touring_dsl.language.syntax import parser

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = ROOT / "editions"
EDITION_FILES = sorted(EDITIONS.glob("*.touring"))

# Names the generated programs draw their quoted strings from: real card, zone and setup names
# (so generated rules often refer to something that exists and reach the deeper checks), a few
# archive ids for `extends`, and some near-misses and oddities.
CARD_NAMES = sorted({m for f in EDITION_FILES for m in re.findall(r'card "([^"]+)"', f.read_text())})
QUOTED_POOL = CARD_NAMES + [
    "two players", "three players", "touring-1937", "touring-1965", "Hauld In", "", " ", "Ünïcode",
    "x" * 60, "City-Limits",
]

# TOURING_PROPERTY_SCALE=10 runs ten times as many examples, for a deeper search before a release.
SCALE = float(os.environ.get("TOURING_PROPERTY_SCALE", "1"))
PROPERTY_SETTINGS = dict(deadline=None, derandomize=True, database=None,
                         suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                                HealthCheck.data_too_large, HealthCheck.large_base_example])


def _compile_or_reject(text: str, base_dir: Path = EDITIONS) -> Ruleset | TouringError:
    """The property: compile_text returns a Ruleset or raises TouringError; anything else is a bug.

    InternalError and every other exception propagate, and fail the test with the input shown.
    """
    try:
        ruleset = compile_text(text, "<generated>", base_dir=base_dir)
    except TouringError as exc:
        assert exc.diagnostics, "a TouringError must carry at least one diagnostic"
        rendered = exc.render()
        assert "__ANON" not in rendered and "Traceback" not in rendered
        assert all(d.code in CODES for d in exc.diagnostics)
        return exc
    assert isinstance(ruleset, Ruleset)
    return ruleset


# (a) programs generated from the grammar ----------------------------------------------------------

def _grammar_strategy() -> st.SearchStrategy[str]:
    """from_lark over the real grammar, with every keyword padded by spaces.

    from_lark only sometimes inserts the %ignore'd whitespace between terminals, so `race` and `5`
    could come out glued as `race5`; padding each literal keeps most programs lexable, and the
    named terminals get strategies that produce realistic values.
    """
    # from_lark needs the grammar object, which a parser restored from Lark's cache does not keep
    lark = Lark(grammar_text(), parser="lalr", lexer="contextual")
    terminals, _, _ = lark.grammar.compile(lark.options.start, ())
    explicit: dict[str, st.SearchStrategy[str]] = {
        t.name: st.just(f" {t.pattern.value} ") for t in terminals if t.pattern.type == "str"
    }
    explicit.update(
        STRING=st.sampled_from(QUOTED_POOL).map(lambda s: f' "{s}" '),
        INT=st.one_of(st.integers(0, 20), st.sampled_from([30, 50, 110, 550, 5000, 10**6, 10**30])).map(
            lambda n: f" {n} "),
        NAME=st.sampled_from(["sheet", "cards", "rules", "go", "x-1"]).map(lambda s: f" {s} "),
        KIND_WORD=st.sampled_from(["mileage", "go", "remedy", "hazards", "zones", "counter"]).map(
            lambda s: f" {s} "),
        WS=st.sampled_from([" ", "\n", "\t"]),
        COMMENT=st.just("\n# a comment\n"),
    )
    return from_lark(lark, explicit=explicit)


def _mostly_archive_parent(case: tuple[str, int]) -> str:
    """Point most `extends` clauses at real archive editions, or drop them.

    Left alone, half of all generated programs extend a name that is no edition and stop at E205
    before any deeper check runs.
    """
    text, choice = case
    replacement = [" ", 'extends "touring-1937"', 'extends "touring-1965"', None][choice]
    if replacement is None:
        return text
    return re.sub(r'extends\s+"[^"]*"', replacement, text, count=1)


GENERATED_PROGRAMS = st.tuples(_grammar_strategy(), st.integers(0, 3)).map(_mostly_archive_parent)


@settings(max_examples=int(1600 * SCALE), **PROPERTY_SETTINGS)
@given(GENERATED_PROGRAMS)
def test_generated_programs_compile_or_report(text: str) -> None:
    """Whatever the grammar generates, the parser accepts; the compiler then accepts or reports it."""
    result = _compile_or_reject(text)
    if isinstance(result, TouringError) and any(d.code in ("E100", "E101", "E102") for d in result.diagnostics):
        parser().parse(text)  # a syntax error must come from a check, not from Lark rejecting its own grammar


# (b) archive editions, randomly damaged ------------------------------------------------------------

def _delete_line(lines: list[str], i: int, j: int) -> list[str]:
    return lines[:i] + lines[i + 1:]


def _duplicate_line(lines: list[str], i: int, j: int) -> list[str]:
    return lines[:i + 1] + [lines[i]] + lines[i + 1:]


def _swap_lines(lines: list[str], i: int, j: int) -> list[str]:
    out = list(lines)
    out[i], out[j] = out[j], out[i]
    return out


def _move_line(lines: list[str], i: int, j: int) -> list[str]:
    out = list(lines)
    out.insert(j, out.pop(i))
    return out


MUTATIONS = [_delete_line, _duplicate_line, _swap_lines, _move_line]
NUMBERS = st.one_of(st.integers(0, 12), st.sampled_from([-1, 99, 10**9, 10**40]))


@st.composite
def damaged_editions(draw) -> tuple[str, str]:
    path = draw(st.sampled_from(EDITION_FILES))
    text = path.read_text(encoding="utf-8")
    for _ in range(draw(st.integers(1, 4))):
        text = draw(_damage(text))
    return path.name, text


def _damage(text: str) -> st.SearchStrategy[str]:
    @st.composite
    def one(draw) -> str:
        kind = draw(st.sampled_from(["lines", "number", "char", "truncate", "word"]))
        if kind == "lines":
            lines = text.split("\n")
            i = draw(st.integers(0, len(lines) - 1))
            j = draw(st.integers(0, len(lines) - 1))
            return "\n".join(draw(st.sampled_from(MUTATIONS))(lines, i, j))
        if kind == "number":
            spots = [m.span() for m in re.finditer(r"\d+", text)]
            if not spots:
                return text
            start, end = draw(st.sampled_from(spots))
            return text[:start] + str(draw(NUMBERS)) + text[end:]
        if kind == "char":
            at = draw(st.integers(0, max(0, len(text) - 1)))
            char = draw(st.one_of(st.sampled_from(list('"{}#,\n\t x0é')), st.characters(codec="utf-8")))
            return text[:at] + char + text[at + draw(st.integers(0, 2)):]
        if kind == "word":
            words = [m.span() for m in re.finditer(r"\b[a-z]+\b", text)]
            if not words:
                return text
            start, end = draw(st.sampled_from(words))
            replacement = draw(st.sampled_from(["add", "change", "remove", "zone", "go", "card", "", "per"]))
            return text[:start] + replacement + text[end:]
        return text[:draw(st.integers(0, len(text)))]

    return one()


@settings(max_examples=int(450 * SCALE), **PROPERTY_SETTINGS)
@given(damaged_editions())
def test_damaged_editions_compile_or_report(case: tuple[str, str]) -> None:
    _, text = case
    _compile_or_reject(text)


@pytest.mark.parametrize("path", EDITION_FILES, ids=lambda p: p.stem)
def test_undamaged_editions_compile(path: Path) -> None:
    """The baseline for the damage test: every archive file compiles as it stands."""
    assert isinstance(_compile_or_reject(path.read_text(encoding="utf-8")), Ruleset)
