"""archive.load: an edition by id or path, compiled once and kept while its file and its place stay the same."""
from __future__ import annotations

from pathlib import Path

from touring_dsl.language.archive import load
from touring_dsl.language.compiler import compile_file

ROOT = Path(__file__).resolve().parent.parent


def test_a_load_after_changing_folder_names_the_files_as_seen_from_the_new_one(tmp_path, monkeypatch) -> None:
    """A Ruleset names its files as shown from the working folder; one loaded from another folder before
    must not come back with that folder's names (a variant compiled now would disagree with its parent)."""
    monkeypatch.setenv("TOURING_NO_CACHE", "1")
    monkeypatch.chdir(tmp_path)
    load("touring-1937")
    monkeypatch.chdir(ROOT)
    fresh = compile_file(ROOT / "editions" / "touring-1937.touring", "editions/touring-1937.touring")
    assert load("touring-1937").deck[0].provenance.location.file == "editions/touring-1937.touring"
    assert load("touring-1937") == fresh
    assert load("touring-1937-penalties").deck == load("touring-1937").deck


def test_the_archive_does_not_re_offer_the_lookups_of_locate():
    """Finding files is locate.py's: the archive loads, and its names are only its own (the review of issue
    30 found `archive_ids`, `find_edition`, `resolve`... re-offered here under their old names)."""
    from touring_dsl.language import archive, locate

    lookups = {name for name in vars(locate) if not name.startswith("_") and callable(getattr(locate, name))
               and getattr(getattr(locate, name), "__module__", "") == locate.__name__}
    assert set(archive.__all__) == {"load", "load_view", "load_parent"}
    assert not lookups & set(archive.__all__)
    import ast
    from pathlib import Path

    root = Path(archive.__file__).parents[2]
    importers = []
    for path in [*root.joinpath("touring_dsl").rglob("*.py"), *root.joinpath("tests").rglob("*.py"),
                 *root.joinpath("benchmarks").rglob("*.py"), *root.joinpath("scripts").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("archive"):
                importers += [f"{path.name}: {a.name}" for a in node.names if a.name in lookups]
            if isinstance(node, ast.Call) and any(isinstance(a, ast.Constant) and a.value == archive.__name__
                                                  for a in node.args):  # __import__("...archive").archive_files
                importers += [f"{path.name}: {node.args[0].value}"]
    assert not importers, f"import these from touring_dsl.language.locate: {importers}"
