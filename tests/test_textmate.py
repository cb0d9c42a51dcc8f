"""Editors' colours: the TextMate grammar in editors/vscode/ is what scripts/textmate.py writes from
grammar/touring.lark, colours every keyword of the grammar, and colours every word of the archive as the
language server's semantic tokens do."""
from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from touring_dsl.language.lexer import grammar_words

pytest.importorskip("lsprotocol")

from touring_dsl.lsp.analysis import analyse  # noqa: E402
from touring_dsl.lsp.tokens import LEGEND, semantic_tokens  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
COMMITTED = ROOT / "editors" / "vscode" / "syntaxes" / "touring.tmLanguage.json"


def script():
    spec = importlib.util.spec_from_file_location("textmate_script", ROOT / "scripts" / "textmate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def scopes_of(line: str, patterns: list[dict]) -> list[str | None]:
    """The scope of each character of a line, as a TextMate engine gives it for a flat list of `match`
    patterns: at each place the pattern matching earliest wins, the first listed among equals."""
    compiled = [(re.compile(p["match"]), p) for p in patterns]
    out: list[str | None] = [None] * len(line)
    at = 0
    while at < len(line):
        best = None
        for regex, pattern in compiled:
            found = regex.search(line, at)
            if found and found.end() > found.start() and (best is None or found.start() < best[0].start()):
                best = (found, pattern)
        if best is None:
            break
        found, pattern = best
        if "name" in pattern:
            out[found.start():found.end()] = [pattern["name"]] * (found.end() - found.start())
        for group, capture in pattern.get("captures", {}).items():
            if found.group(int(group)) is not None:
                start, end = found.span(int(group))
                out[start:end] = [capture["name"]] * (end - start)
        at = found.end()
    return out


def test_the_committed_grammar_is_what_the_script_writes():
    assert COMMITTED.read_text(encoding="utf-8") == script().text(), "run python scripts/textmate.py"


def test_every_keyword_of_the_grammar_is_coloured():
    patterns = json.loads(COMMITTED.read_text(encoding="utf-8"))["patterns"]
    words = grammar_words()
    assert {"deck", "change", "mileage", "cite", "needs", "winner", "extends"} <= set(words)
    for word in words:
        scopes = scopes_of(word, patterns)
        assert scopes[0] is not None and len(set(scopes)) == 1, word
        assert scopes[0].split(".")[0] in ("keyword", "storage", "entity"), (word, scopes[0])


def test_a_keyword_added_to_the_grammar_would_be_coloured(monkeypatch):
    module = script()
    monkeypatch.setattr(module, "grammar_words", lambda: tuple(grammar_words()) + ("overtakes",))
    patterns = module.grammar()["patterns"]
    assert scopes_of("overtakes", patterns)[0] == module.SCOPES["keyword"]


EDITIONS = sorted((ROOT / "editions").rglob("*.touring"))


@pytest.mark.parametrize("path", EDITIONS, ids=lambda p: p.stem)
def test_textmate_and_the_semantic_tokens_agree_on_every_word(path):
    scopes = script().SCOPES
    patterns = json.loads(COMMITTED.read_text(encoding="utf-8"))["patterns"]
    analysis = analyse(path.read_text(encoding="utf-8"), path.resolve().as_uri())
    data = semantic_tokens(analysis).data
    lines = analysis.lines
    coloured = {row: scopes_of(text, patterns) for row, text in enumerate(lines)}
    row = start = 0
    checked = 0
    for i in range(0, len(data), 5):
        row, start = (row + data[i], data[i + 1]) if data[i] else (row, start + data[i + 1])
        kind = LEGEND.token_types[data[i + 3]]
        declaration = data[i + 4] & 1
        kind = "keyword.declaration" if kind == "keyword" and declaration else kind
        kind = "string" if kind == "enumMember" else kind  # a card's name is a quoted name to TextMate
        word = lines[row][start:start + data[i + 2]]
        assert coloured[row][start] == scopes[kind], (path.name, row + 1, word, kind, coloured[row][start])
        checked += 1
    assert checked > 100
