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


def construct_table() -> list[tuple[str, str]]:
    """The rows of the construct-to-module table ("Where each rule lives"): (construct, where)."""
    start = LANGUAGE.index("| Construct | Module |")
    rows = []
    for line in LANGUAGE[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        construct, where = line.strip("|").split(" | ", 1)
        rows.append((construct, where))
    return rows


def module_paths(where: str) -> list[Path]:
    """The files and folders a row names: `touring_dsl/...`, `engine/...` (of the package) or `rules/...`
    (of the engine)."""
    package = ROOT / "touring_dsl"
    found = []
    for path in re.findall(r"`((?:touring_dsl/|engine/|rules/)[\w/]*(?:\.py|/))`", where):
        base = ROOT if path.startswith("touring_dsl/") else package if path.startswith("engine/") else package / "engine"
        found.append(base / path)
    return found


def test_the_construct_table_names_modules_that_exist() -> None:
    """docs/language.md's construct-to-module table stays true: every module it names exists (it once sent
    the turn to rules/hands.py after the turn had moved to mechanics/turn/)."""
    rows = construct_table()
    assert len(rows) > 10
    missing = [f"{construct}: {path.relative_to(ROOT)}" for construct, where in rows for path in module_paths(where)
               if not path.exists()]
    assert missing == []


def test_every_construct_module_is_in_the_table() -> None:
    """Every rule module of the engine and every construct or mechanic of touring_dsl/mechanics (besides the
    contracts, the registries, the vocabulary and the phrases) has its row."""
    named = {path.resolve() for _, where in construct_table() for path in module_paths(where)}
    mechanics, rules = ROOT / "touring_dsl" / "mechanics", ROOT / "touring_dsl" / "engine" / "rules"
    shared = {"__init__.py", "base.py", "vocabulary.py", "phrases.py",
              "contract.py", "construct.py", "core.py",  # (the shared contract, the core constructs' and their registry, CORE)
              "parts.py"}  # (the mechanics' parts of the model, which the race's and the ruleset's model share)
    modules = [p for p in sorted(mechanics.iterdir()) if p.name not in shared and (p.suffix == ".py" or (p / "__init__.py").exists())]
    modules += [p for p in sorted(rules.glob("*.py")) if p.name != "__init__.py"]
    for effect in sorted((mechanics / "effects").glob("*.py")):
        if effect.name not in shared:
            modules.append(effect)
    def is_named(module: Path) -> bool:  # itself, a folder the table names holding it, or a folder of a named file
        module = module.resolve()
        return any(module == n or n in module.parents or module in n.parents for n in named)

    unnamed = [p.relative_to(ROOT).as_posix() for p in modules if not is_named(p)]
    assert unnamed == []
