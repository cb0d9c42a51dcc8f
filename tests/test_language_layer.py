"""The language layer (touring_dsl/language/) stands on its own: it imports only touring_dsl.base,
touring_dsl.mechanics and itself, its modules import one another in one direction (no circle, not even
through an import inside a function or under TYPE_CHECKING), and none imports another's private name."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "touring_dsl"
LANGUAGE = PACKAGE / "language"
BELOW = ("touring_dsl.base", "touring_dsl.mechanics", "touring_dsl.language")


def _imports(path: Path) -> list[tuple[str, str | None, int]]:
    """(module imported, name imported from it or None, line) for every import anywhere in the file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend((alias.name, None, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = ["touring_dsl", "language"][:3 - node.level]
                base = ".".join(parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            found.extend((base, alias.name, node.lineno) for alias in node.names)
    return found


def _module(base: str, name: str | None) -> str:
    """The language module an import reaches (`from . import model` reaches touring_dsl.language.model)."""
    if name and (LANGUAGE / f"{name}.py").is_file() and base == "touring_dsl.language":
        return f"{base}.{name}"
    return base


def _modules() -> dict[str, Path]:
    return {f"touring_dsl.language.{p.stem}": p for p in sorted(LANGUAGE.glob("*.py")) if p.stem != "__init__"}


def test_the_language_imports_nothing_above_it() -> None:
    above = [f"{path.name}:{line} imports {base}" for path in LANGUAGE.glob("*.py")
             for base, _, line in _imports(path)
             if base.startswith("touring_dsl") and not base.startswith(BELOW)]
    assert above == []


def test_no_language_module_imports_a_private_name_of_another() -> None:
    private = [f"{path.name}:{line} imports {name} from {base}" for path in LANGUAGE.glob("*.py")
               for base, name, line in _imports(path)
               if base.startswith("touring_dsl") and name and name.startswith("_") and not name.startswith("__")]
    assert private == []


def test_the_language_modules_import_one_another_in_one_direction() -> None:
    modules = _modules()
    graph = {m: {_module(base, name) for base, name, _ in _imports(path)} & set(modules) - {m}
             for m, path in modules.items()}
    order: list[str] = []
    state: dict[str, str] = {}

    def visit(module: str, trail: tuple[str, ...]) -> None:
        if state.get(module) == "done":
            return
        assert state.get(module) != "open", "import circle: " + " -> ".join(trail + (module,))
        state[module] = "open"
        for target in sorted(graph[module]):
            visit(target, trail + (module,))
        state[module] = "done"
        order.append(module)

    for module in modules:
        visit(module, ())
    assert len(order) == len(modules)
