"""The engine and bots are generic: no card name of any edition appears in their source."""
from __future__ import annotations

import re
from pathlib import Path

import touring_dsl
from touring_dsl.language.compiler import compile_file
from touring_dsl.base.resources import editions_dir

PACKAGE = Path(touring_dsl.__file__).parent
# every module of the engine (its rules too) and of the bots; mechanics are checked by their own meta-tests
GENERIC_SOURCES = sorted(path for layer in ("engine", "bots") for path in (PACKAGE / layer).rglob("*.py"))


def card_names() -> set[str]:
    names = set()
    for path in sorted(editions_dir().rglob("*.touring")):
        names |= {card.name for card in compile_file(path).deck}
    return names


def test_no_card_name_in_engine_or_bots():
    names = card_names()
    assert "Go" in names and len(names) > 10
    found = []
    for source in GENERIC_SOURCES:
        text = source.read_text()
        for name in names:
            # whole words, case-sensitive: the generic word "go" (a card kind) is allowed, "Go" is not
            if re.search(r"(?<![\w])" + re.escape(name) + r"(?![\w])", text):
                found.append(f"{source.name}: {name}")
    assert found == []
