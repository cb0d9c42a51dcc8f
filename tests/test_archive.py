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
