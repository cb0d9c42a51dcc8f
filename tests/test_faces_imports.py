"""Package layout, the faces: the libraries among them (rulebook, diff, party) never reach into the commands
(cli) or the web server (web), so the docs site, the web table and any script can use them alone."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "touring_dsl"
LIBRARIES = ("rulebook", "diff", "party")
COMMANDS = ("cli", "web")


def imported(path: Path, root: Path = PACKAGE.parent) -> set[str]:
    """Every module a file under root imports, at its top or inside a function, as a dotted name (a name
    imported from a module counts as module.name too: it may be a submodule)."""
    package = path.relative_to(root).with_suffix("").parts[:-1]
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else ()
            module = ".".join((*base, *((node.module or "").split(".") if node.module else ())))
            names |= {module} | {f"{module}.{alias.name}" for alias in node.names}
    return names


@pytest.mark.parametrize("library", LIBRARIES)
def test_a_library_face_imports_neither_the_commands_nor_the_web_server(library):
    reached = sorted((path.relative_to(PACKAGE).as_posix(), name)
                     for path in (PACKAGE / library).rglob("*.py") for name in imported(path)
                     if name.split(".")[:2] in (["touring_dsl", face] for face in COMMANDS))
    assert not reached, f"touring_dsl/{library} imports the commands or the web server: {reached}"


def test_the_check_sees_a_relative_import_inside_a_function(tmp_path):
    probe = tmp_path / "touring_dsl" / "diff" / "probe.py"
    probe.parent.mkdir(parents=True)
    probe.write_text("from .changes import Change\n\ndef f():\n    from ..cli.common import fail\n", encoding="utf-8")
    assert {"touring_dsl.diff.changes", "touring_dsl.cli.common"} <= imported(probe, tmp_path)
