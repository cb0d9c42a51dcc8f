"""The mechanics are the layer below the language and the engine: every stage reads the registry (the
model and the move codec while they are being imported), so no module in touring_dsl/mechanics may
import touring_dsl.engine or touring_dsl.language, not even inside a function or for type checking.
What a mechanic names of the engine's world is in mechanics/vocabulary.py; what its hooks do goes
through the Emitter, the Tables and the game they are given."""
from __future__ import annotations

import ast
from pathlib import Path

import touring_dsl

PACKAGE = Path(touring_dsl.__file__).parent
ALLOWED = ("touring_dsl.base", "touring_dsl.mechanics")


def imported(path: Path) -> list[tuple[int, str]]:
    """Every touring_dsl module a file imports (anywhere in it), resolved to its absolute name."""
    package = "touring_dsl.mechanics"
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                name = f"{base}.{node.module}" if node.module else base
            else:
                name = node.module or ""
            found.append((node.lineno, name))
    return [(line, name) for line, name in found if name.startswith("touring_dsl")]


def test_no_mechanic_module_imports_the_engine_or_the_language():
    wrong = [f"{path.name}:{line} imports {name}" for path in sorted((PACKAGE / "mechanics").glob("*.py"))
             for line, name in imported(path) if not name.startswith(ALLOWED)]
    assert not wrong, "the mechanics sit below the engine and the language: " + "; ".join(wrong)


def test_the_check_sees_an_import_inside_a_function(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def hook(e):\n    from ..engine.codec import ACTIONS\n", encoding="utf-8")
    assert imported(sample) == [(2, "touring_dsl.engine.codec")]
