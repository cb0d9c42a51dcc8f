"""Docs of the parse and compile stages: the examples in docs/language.md and docs/errors.md stay true."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from touring_dsl.language.compiler import compile_text
from touring_dsl.language.errors import CODES
from touring_dsl.language.syntax import parser

ROOT = Path(__file__).resolve().parents[1]
LANGUAGE = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
ERRORS = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```touring\n(.*?)```", LANGUAGE, re.S)


def test_language_page_has_examples() -> None:
    assert len(BLOCKS) >= 15


@pytest.mark.parametrize("block", [b for b in BLOCKS if b.lstrip().startswith(("edition", "#"))],
                         ids=lambda b: re.search(r'edition "([^"]+)"', b).group(1))
def test_whole_editions_in_the_language_page_compile(block: str) -> None:
    compile_text(block, "language.md", base_dir=ROOT / "editions")


@pytest.mark.parametrize("block", [b for b in BLOCKS if not b.lstrip().startswith(("edition", "#"))],
                         ids=lambda b: b.split("\n")[0][:40])
def test_fragments_in_the_language_page_parse(block: str) -> None:
    parser().parse('edition "fragment" { }\n' + block)


def test_every_construct_of_the_grammar_is_shown() -> None:
    """Each keyword of the grammar appears in a touring example on the language page."""
    shown = set(re.findall(r"[a-z]+", "\n".join(BLOCKS)))
    keywords = {t.pattern.value for t in parser().terminals
                if t.pattern.type == "str" and t.pattern.value.isalpha()}
    assert keywords - shown == set()


def test_errors_page_explains_every_code() -> None:
    for code in CODES:
        assert f"### {code}: " in ERRORS, code
