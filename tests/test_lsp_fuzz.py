"""Language server stage, bad input: every feature answers any text at any position without raising (the
server would log a bug and answer empty; here the functions are called directly, so a failure shows)."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

pytest.importorskip("lsprotocol")

from lsprotocol import types as t  # noqa: E402

from touring_dsl.lsp import completion, diagnostics, formatting, hover, navigation, symbols, tokens  # noqa: E402
from touring_dsl.lsp.analysis import analyse  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SEED = (ROOT / "editions" / "house" / "short-race-1937.touring").read_text(encoding="utf-8")


def every_feature(text: str, line: int, character: int) -> None:
    analysis = analyse(text, (ROOT / "editions" / "house" / "fuzzed.touring").as_uri())
    where = t.Position(line=line, character=character)
    diagnostics.diagnostics(analysis)
    diagnostics.code_actions(analysis, t.Range(start=t.Position(line=0, character=0), end=where))
    completion.completions(analysis, where)
    hover.hover(analysis, where)
    navigation.definition(analysis, where)
    navigation.references(analysis, where)
    symbols.document_symbols(analysis)
    symbols.folding_ranges(analysis)
    tokens.semantic_tokens(analysis)
    formatting.format_edits(analysis)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(at=st.integers(0, len(SEED)), cut=st.integers(0, 40), typed=st.text(max_size=12),
       line=st.integers(0, 120), character=st.integers(0, 90))
def test_an_edited_house_rule_at_any_position(at, cut, typed, line, character):
    every_feature(SEED[:at] + typed + SEED[at + cut:], line, character)


@settings(max_examples=40, deadline=None)
@given(text=st.text(max_size=300), line=st.integers(0, 10), character=st.integers(0, 40))
def test_any_text_at_all(text, line, character):
    every_feature(text, line, character)
