"""Every stage, reliability: hostile inputs generated here, never a traceback, an internal error or a lost game.

Hypothesis draws editions from the grammar and mutates real ones (numbers, names, lines), corrupts game
logs and party saves, and feeds hostile strings to every renderer. Each property says what must hold for
any input: a clear TouringError / LogError / PartyError or a good result; an edition the compiler accepts
deals, plays and prints. Moderate example counts keep this within CI's minutes; benchmarks/soak.py runs
the same generators for tens of thousands of cases.
"""
from __future__ import annotations

import io
import json
import re
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from typer.testing import CliRunner

from touring_dsl.play import gamelog
from touring_dsl.language.archive import load
from touring_dsl.cli.app import app
from touring_dsl.language.compiler import compile_text
from touring_dsl.engine import new_game
from touring_dsl.language.errors import TouringError
from touring_dsl.play.gamelog import LogError
from touring_dsl.party import save as party_save
from touring_dsl.party.record import PartyError
from touring_dsl.rulebook import build
from touring_dsl.rulebook.blocks import (Assumed, Bullets, CardName, Paragraph, Rulebook, Section, Strong, Table,
                                         Worked)
from touring_dsl.rulebook.html import render as render_html
from touring_dsl.rulebook.markdown import render as render_markdown

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = sorted((ROOT / "editions").glob("*.touring"))


def relaxed(examples: int) -> settings:
    """Moderate counts for CI, no deadline (a compile or a PDF takes its time), the same cases every run."""
    return settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck),
                    derandomize=True, database=None)

HOSTILE_BITS = ["BOOK-TITLE", "BOOK-BYLINE", "BOOK-PAPER", '#read("/etc/passwd")', "\\", "\\\\", "[", "]", "{",
                "}", "<script>alert(1)</script>", "&amp;", "*", "_", "`", "$", "#", "@x", "<lbl>", "|", "\u202e",
                "\x00", "\t", "'", '"', "é", "２", "²", "\U0001F697"]
hostile_text = st.lists(st.one_of(st.sampled_from(HOSTILE_BITS), st.text(max_size=8)), min_size=1, max_size=6).map(
    "".join)
# what an edition's quoted string may hold: no double quote, no line break
edition_text = hostile_text.map(lambda s: re.sub(r'["\n\r]', "'", s))
# numbers as written: the edge of each limit, and far beyond (4,301 digits is past Python's own int parsing)
numbers = st.one_of(st.integers(0, 20).map(str), st.integers(0, 10**12).map(str), st.sampled_from(
    ["0", "1", "62", "63", "64", "254", "255", "256", "999", "1000", "1001", "9999", "10000", "999999999",
     "1000000000", str(2**63), str(2**64), "9" * 4301, "007"]))


# -- editions ----------------------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def edition_source(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def replace_nth(pattern: str, text: str, n: int, new) -> str:
    matches = list(re.finditer(pattern, text))
    if not matches:
        return text
    m = matches[n % len(matches)]
    return text[:m.start()] + new(m) + text[m.end():]


@st.composite
def mutated_editions(draw) -> str:
    """A real edition with a few mutations: a number or a name replaced, a line dropped, doubled or moved."""
    text = edition_source(draw(st.sampled_from(EDITIONS)))
    for _ in range(draw(st.integers(1, 4))):
        what = draw(st.sampled_from(["number", "name", "drop", "double", "swap", "cut"]))
        lines = text.split("\n")
        n = draw(st.integers(0, 10_000))
        if what == "number":
            value = draw(numbers)
            text = replace_nth(r"(?<![\w.])\d+(?![\w.])", text, n, lambda m: value)
        elif what == "name":
            value = draw(edition_text)
            text = replace_nth(r'"[^"\n]*"', text, n, lambda m: f'"{value}"')
        elif what == "drop":
            del lines[n % len(lines)]
            text = "\n".join(lines)
        elif what == "double":
            lines.insert(n % len(lines), lines[n % len(lines)])
            text = "\n".join(lines)
        elif what == "swap":
            i, j = n % len(lines), draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        else:
            text = text[: n % max(1, len(text))]
    return text


def compiles_or_says_why(text: str):
    """The property every edition must meet: a Ruleset, or TouringError (InternalError fails the test)."""
    try:
        return compile_text(text, "mutated.touring", ROOT / "editions")
    except TouringError as exc:
        rendered = exc.render()
        assert "Traceback" not in rendered and "error[E" in rendered
        return None


def plays_and_prints(ruleset, moves: int = 120) -> None:
    """An edition the compiler accepts deals and plays at every player count, and prints as md and html."""
    for players in ruleset.player_counts():
        game = new_game(ruleset, players=players, seed=7)
        for turn in range(moves):
            if game.is_over:
                break
            legal = game.legal_moves()
            assert legal, "a game not over must offer a move"
            game.apply(legal[turn * 7 % len(legal)])
    book = build(ruleset)
    assert render_markdown(book) and render_html(book)


@relaxed(120)
@given(mutated_editions())
def test_a_mutated_edition_compiles_or_says_why_and_if_it_compiles_it_plays(text: str) -> None:
    ruleset = compiles_or_says_why(text)
    if ruleset is not None:
        plays_and_prints(ruleset, moves=60)


@lru_cache(maxsize=1)
def grammar_strategy():
    from lark import Lark

    from touring_dsl.base.resources import grammar_text

    return from_lark(Lark(grammar_text(), parser="lalr", lexer="contextual"))


@relaxed(60)
@given(st.data())
def test_text_drawn_from_the_grammar_compiles_or_says_why(data) -> None:
    compiles_or_says_why(data.draw(grammar_strategy()))


@relaxed(60)
@given(st.binary(max_size=300))
def test_arbitrary_bytes_are_an_edition_error_not_a_crash(raw: bytes) -> None:
    compiles_or_says_why(raw.decode("utf-8", errors="replace"))


# -- game logs ---------------------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def a_log_text() -> str:
    ruleset = load("touring-1937")
    game = new_game(ruleset, players=2, seed=11)
    record = gamelog.GameRecord(header=gamelog.make_header(ruleset, 2, ruleset.setup_for(2).id, 11, ["greedy"] * 2))
    from touring_dsl.bots.players import make_bot
    from touring_dsl.base.rng import bot_rng

    bots = [make_bot("greedy", ruleset) for _ in range(2)]
    while not game.is_over and len(record.moves) < 40:
        seat = game.to_act
        move = bots[seat].choose(game.view(seat), game.legal_moves(), bot_rng(11, len(record.moves) + 1))
        events = game.apply(move)
        record.moves.append(gamelog.MoveEntry(n=len(record.moves) + 1, seat=seat,
                                              move=gamelog.plain_json(move.to_json()),
                                              events=gamelog.events_json(events)))
    return "".join(json.dumps(line) + "\n" for line in record.lines())


@st.composite
def corrupted_logs(draw, text: str) -> str:
    how = draw(st.sampled_from(["bytes", "value", "lines", "nest", "cut"]))
    if how == "bytes":
        data = bytearray(text.encode())
        for _ in range(draw(st.integers(1, 5))):
            data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
        return data.decode("utf-8", errors="replace")
    if how == "value":
        value = draw(st.one_of(numbers, hostile_text.map(json.dumps), st.sampled_from(
            ["null", "true", "[]", "{}", "-1", "1e999", "[" * 3000 + "]" * 3000])))
        return replace_nth(r"(?<=:)(\d+|\"[^\"]*\")", text, draw(st.integers(0, 10_000)), lambda m: value)
    if how == "lines":
        lines = text.splitlines()
        i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
        if draw(st.booleans()):
            del lines[draw(st.integers(0, len(lines) - 1))]
        return "\n".join(lines) + "\n"
    if how == "nest":
        depth = draw(st.integers(1, 5000))
        return text + "[" * depth + "]" * depth + "\n"
    return text[: draw(st.integers(0, len(text)))]


@pytest.fixture(scope="module")
def log_text() -> str:
    return a_log_text()


@relaxed(150)
@given(data=st.data())
def test_a_corrupted_log_is_read_and_checked_or_refused_clearly(log_text: str, data) -> None:
    text = data.draw(corrupted_logs(log_text))
    try:
        record = gamelog.parse(text, "corrupt.jsonl")
    except LogError as exc:
        assert "corrupt.jsonl" in str(exc)
        return
    try:
        gamelog.rebuild(record, load(record.header["edition"]))
    except (LogError, gamelog.Mismatch, TouringError):
        pass


@relaxed(25)
@given(data=st.data())
def test_replay_of_a_corrupted_log_never_exits_3(tmp_path_factory, log_text: str, data) -> None:
    text = data.draw(corrupted_logs(log_text))
    log = tmp_path_factory.mktemp("log") / "corrupt.jsonl"
    log.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(log)], env={"NO_COLOR": "1"})
    assert result.exit_code in (0, 1), result.output
    assert "Traceback" not in result.output and "internal error" not in result.output.lower()


# -- party saves -------------------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def a_party_json() -> str:
    from touring_dsl.party.host import start

    party = start(load("touring-1937"), "touring-1937", ["Ann", "Bob", "Cat", "Dan"], rounds=2, minutes=None,
                  table_size=None, seed=5)
    return json.dumps(party_save.to_json(party), indent=1)


@st.composite
def corrupted_saves(draw, text: str) -> str:
    how = draw(st.sampled_from(["value", "bytes", "nest", "cut"]))
    if how == "value":
        value = draw(st.one_of(numbers, hostile_text.map(json.dumps), st.sampled_from(
            ["null", "true", "[]", "{}", "-1", "[[]]", '[""]', "1.5", "[" * 3000 + "]" * 3000])))
        return replace_nth(r"(?<=: )(\d+|\"[^\"]*\"|null|\[\])", text, draw(st.integers(0, 10_000)), lambda m: value)
    if how == "bytes":
        data = bytearray(text.encode())
        data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
        return data.decode("utf-8", errors="replace")
    if how == "nest":
        depth = draw(st.integers(1, 5000))
        return text.replace('"players": [', '"players": ' + "[" * depth + "]" * depth + ', "x": [', 1)
    return text[: draw(st.integers(0, len(text)))]


@relaxed(150)
@given(data=st.data())
def test_a_corrupted_party_save_loads_or_is_refused_clearly(tmp_path_factory, data) -> None:
    text = data.draw(corrupted_saves(a_party_json()))
    path = tmp_path_factory.mktemp("party") / "party.json"
    path.write_text(text, encoding="utf-8")
    try:
        party = party_save.load(path)
    except PartyError:
        return
    from touring_dsl.party.sheet import build as sheet

    render_markdown(sheet(party, load("touring-1937")))


# -- renderers ---------------------------------------------------------------------------------------------

@st.composite
def hostile_books(draw) -> Rulebook:
    t = lambda: draw(hostile_text)  # noqa: E731
    inline = lambda: (t(), CardName(t()), Strong(t()))  # noqa: E731
    blocks = (Paragraph(inline()), Bullets((inline(), (t(),))),
              Table((t(), t()), (((t(),), (CardName(t()), Strong(t()))), ((t(),), (t(),)))),
              Assumed(1, (t(),), t(), t(), t()), Worked(1, t(), ((t(),),), ((t(),),), ((t(),),), source=t()))
    return Rulebook(title=t(), subtitle=t(), byline=t(), summary=t(), kicker=t(),
                    sections=(Section(t(), "s", blocks, (Section(t(), "t", (Paragraph((t(),)),)),)),))


@relaxed(80)
@given(hostile_books())
def test_markdown_and_html_render_any_text_and_html_escapes_it(book: Rulebook) -> None:
    assert render_markdown(book)
    page = render_html(book)
    assert "<script>alert(1)</script>" not in page  # user text is escaped, never markup


@relaxed(6)
@given(hostile_books())
def test_pdf_renders_any_text_literally(book: Rulebook) -> None:
    pytest.importorskip("typst")
    from pypdf import PdfReader

    from touring_dsl.rulebook.pdf import render

    pdf = render(book)
    text = re.sub(r"\s+", "", "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages))
    shown = re.sub(r"\s+", "", book.sections[0].blocks[3].reason)  # a plain paragraph of the assumption box
    visible = "".join(ch for ch in shown if ch.isprintable() and ch not in "\u202e\x00")
    assert "root:x:0" not in text
    if visible.isascii():
        assert visible in text


@relaxed(40)
@given(st.lists(edition_text.filter(lambda s: s.strip() and "," not in s), min_size=2, max_size=6, unique=True))
def test_a_party_sheet_takes_any_player_names(names: list[str]) -> None:
    from touring_dsl.party.host import start
    from touring_dsl.party.sheet import build as sheet

    names = [n.strip() for n in names]
    if len(set(names)) != len(names) or not all(names):
        return
    ruleset = load("touring-1937")
    try:
        party = start(ruleset, "touring-1937", names, rounds=1, minutes=None, table_size=None, seed=1)
    except PartyError:
        return
    book = sheet(party, ruleset)
    assert render_markdown(book) and render_html(book)
