"""The package is layered: no import circle, no private name imported across modules, no layer reaching up.

The layers, lowest first, are the folders of touring_dsl/ (docs/language.md, "Where each rule lives"):
base, then the mechanics (every stage reads the registry: a mechanic carries its grammar, model part,
kernel lines and words), the language, the engine, play, the bots, and the users' faces (cli, web,
rulebook, diff, simulate, party), which may use one another but never in a circle. Every import counts,
those inside functions too: a lazy import is still a dependency a reader must follow.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import touring_dsl

PACKAGE = Path(touring_dsl.__file__).parent
LAYERS = ("base", "mechanics", "language", "engine", "play", "bots", "faces")
FACES = ("cli", "web", "rulebook", "diff", "simulate", "party", "lsp")
LIBRARIES = ("rulebook", "diff", "party")  # faces any script may use alone: never the commands or the server
COMMANDS = ("cli", "web")


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> list[tuple[str, str | None, int]]:
    """(module imported, name taken from it or None, line) for every import of the module, at any depth
    (inside functions and under TYPE_CHECKING too)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, None, node.lineno) for alias in node.names if alias.name in known]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                head = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(head + ([node.module] if node.module else []))
            for alias in node.names:
                if f"{base}.{alias.name}" in known:
                    found.append((f"{base}.{alias.name}", None, node.lineno))
                elif base in known:
                    found.append((base, alias.name, node.lineno))
    return found


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: {target for target, _, _ in imports(name, path, known) if target != name}
            for name, path in known.items()}


def layer(module: str) -> int:
    parts = module.split(".")
    if len(parts) == 1:
        return 0  # the package itself (its version): as low as base
    top = parts[1]
    return LAYERS.index("faces" if top in FACES else top) if (top in FACES or top in LAYERS) else -1


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index, low, stack, on_stack, found, counter = {}, {}, [], set(), [], [0]
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_every_module_is_in_a_layer():
    loose = [name for name in modules() if layer(name) < 0 or name.count(".") == 1 and name.split(".")[1] not in
             LAYERS + FACES]
    assert loose == [], f"modules outside the layer folders: {loose}"


def test_no_import_circle():
    assert circles(graph()) == []


# gettext's `_`, the one public name that starts with "_": every module that writes a sentence imports it
GETTEXT = ("touring_dsl.base.i18n", "_")


def test_no_private_name_is_imported_from_another_module():
    known = modules()
    found = [f"{name}:{line} imports {taken} from {target}" for name, path in known.items()
             for target, taken, line in imports(name, path, known)
             if taken and taken.startswith("_") and not taken.startswith("__") and target != name
             and (target, taken) != GETTEXT]
    assert found == []


def test_no_layer_imports_a_higher_one():
    up = [f"{name} ({LAYERS[layer(name)]}) imports {target} ({LAYERS[layer(target)]})"
          for name, targets in graph().items() for target in sorted(targets) if layer(target) > layer(name)]
    assert up == []


@pytest.mark.parametrize("library", LIBRARIES)
def test_a_library_face_imports_neither_the_commands_nor_the_web_server(library):
    reached = [f"{name} imports {target}" for name, targets in graph().items()
               if name.startswith(f"touring_dsl.{library}") for target in sorted(targets)
               if target.split(".")[1] in COMMANDS]
    assert reached == []


def test_the_scan_sees_a_relative_import_inside_a_function(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("from .changes import Change\n\ndef f():\n    from ..cli.common import fail\n", encoding="utf-8")
    known = {"touring_dsl.diff.probe": probe, "touring_dsl.diff.changes": probe, "touring_dsl.cli.common": probe}
    found = imports("touring_dsl.diff.probe", probe, known)
    assert [(target, taken) for target, taken, _ in found] == [("touring_dsl.diff.changes", "Change"),
                                                                ("touring_dsl.cli.common", "fail")]


def test_the_circle_finder_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
