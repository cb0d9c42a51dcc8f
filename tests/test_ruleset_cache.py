"""Archive stage, compiled-ruleset cache: hits give the same Ruleset, edits and corrupt entries never mislead."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from touring_dsl.compiler import compile_file
from touring_dsl.ruleset_cache import cache_dir, compile_cached

ROOT = Path(__file__).resolve().parents[1]
VARIANT = '''edition "short" extends "base" {
    title "Short"
}
'''


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("TOURING_NO_CACHE", raising=False)
    return cache_dir()


def test_the_cache_lives_under_xdg_cache_home(cache: Path, tmp_path: Path) -> None:
    assert cache.is_relative_to(tmp_path / "cache")


def test_a_second_load_reads_the_entry_and_gives_the_same_ruleset(cache: Path) -> None:
    path = ROOT / "editions" / "touring-1937.touring"
    first = compile_cached(path, "touring-1937.touring")
    entries = list(cache.glob("*.pickle"))
    assert len(entries) == 1
    second = compile_cached(path, "touring-1937.touring")
    assert second == first == compile_file(path, "touring-1937.touring")
    assert second.model_dump() == first.model_dump()


def test_a_corrupt_entry_is_ignored_and_replaced(cache: Path) -> None:
    path = ROOT / "editions" / "touring-1906.touring"
    expected = compile_cached(path, "touring-1906.touring")
    (entry,) = cache.glob("*.pickle")
    entry.write_bytes(b"not a pickle at all")
    assert compile_cached(path, "touring-1906.touring") == expected
    assert entry.read_bytes() != b"not a pickle at all"


def test_an_unwritable_cache_folder_is_not_fatal(tmp_path: Path, monkeypatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder would go")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    path = ROOT / "editions" / "touring-1906.touring"
    assert compile_cached(path, "x").id == "touring-1906"


def test_editing_an_extended_file_is_seen(cache: Path, tmp_path: Path) -> None:
    base = (ROOT / "editions" / "touring-1937.touring").read_text().replace('"touring-1937"', '"base"', 1)
    (tmp_path / "base.touring").write_text(base)
    variant = tmp_path / "short.touring"
    variant.write_text(VARIANT)
    first = compile_cached(variant, "short.touring")
    (tmp_path / "base.touring").write_text(base.replace("year 1937", "year 1938", 1))
    second = compile_cached(variant, "short.touring")
    assert (first.year, second.year) == (1937, 1938)
    assert first.source_hash != second.source_hash


def test_the_show_command_uses_the_cache(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path), "NO_COLOR": "1"}
    env.pop("TOURING_NO_CACHE", None)
    command = [sys.executable, "-c", "from touring_dsl.cli.app import main; main()", "show", "touring-1965"]
    first = subprocess.run(command, env=env, capture_output=True, text=True, cwd=ROOT)
    assert first.returncode == 0, first.stderr
    assert list((tmp_path / "touring" / "rulesets").glob("*.pickle"))
    second = subprocess.run(command + ["--json"], env=env, capture_output=True, text=True, cwd=ROOT)
    assert second.returncode == 0, second.stderr
    assert '"id": "touring-1965"' in second.stdout
