"""The bots layer sits below the faces: what touring_dsl/bots and touring_dsl/simulate may import.

The bots (players, the rule, its kernel loop, the scorer, the search) may import the layers below them
(base, mechanics, language, engine, play) and themselves, never a face (simulate, cli, web, rulebook,
diff, party), not even inside a function; the bots and the simulator import no circle; and no module
of either imports a name another module keeps private (a leading underscore). Imports are read from
the source, so an import inside a function counts as much as one at the top.
"""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "touring_dsl"
BELOW_THE_FACES = {"base", "mechanics", "language", "engine", "play", "bots"}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules_under(*folders: str) -> dict[str, Path]:
    return {module_name(path): path for folder in folders for path in sorted((PACKAGE / folder).rglob("*.py"))}


def imports_of(path: Path) -> list[tuple[str, str | None]]:
    """(module imported, name taken from it or None) for every import statement in the file."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            found += [(base, alias.name) for alias in node.names]
    return found


def target(imported: str, name: str | None, known: dict) -> str:
    """The module an import reads: `from a import b` reads module a.b when there is one."""
    return f"{imported}.{name}" if name and f"{imported}.{name}" in known else imported


def test_the_bots_import_no_face():
    upward = [f"{module} imports {imported}" for module, path in modules_under("bots").items()
              for imported, _ in imports_of(path)
              if imported.startswith("touring_dsl.") and imported.split(".")[1] not in BELOW_THE_FACES]
    assert upward == []


def test_the_bots_and_the_simulator_import_no_circle():
    known = modules_under("bots", "simulate")
    graph = {module: {target(imported, name, known) for imported, name in imports_of(path)} & known.keys() - {module}
             for module, path in known.items()}
    circles = []

    def walk(module: str, path: list[str], done: set) -> None:
        for next_module in sorted(graph[module]):
            if next_module in path:
                circles.append(path[path.index(next_module):] + [next_module])
            elif next_module not in done:
                walk(next_module, path + [next_module], done)
        done.add(module)

    done: set = set()
    for module in sorted(graph):
        if module not in done:
            walk(module, [module], done)
    assert circles == []


def test_the_bots_and_the_simulator_import_no_private_name():
    known = modules_under("bots", "simulate")
    private = [f"{module} imports {name} from {imported}" for module, path in known.items()
               for imported, name in imports_of(path)
               if name and name.startswith("_") and not name.startswith("__")
               and target(imported, name, known) != module]
    assert private == []
