"""Archive stage, compiled-ruleset cache: hits give the same Ruleset or view, edits and corrupt entries never mislead."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from touring_dsl.language.compiler import compile_file
from touring_dsl.language import ruleset_cache
from touring_dsl.cli.show import summary_lines
from touring_dsl.language.ruleset_cache import cache_dir, code_cached, compile_cached, view_cached

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


class Counted:
    """A view maker that counts its calls: a view served from the cache is not made again."""

    def __init__(self, make):
        self.make, self.calls = make, 0

    def __call__(self, *args):
        self.calls += 1
        return self.make(*args)


def test_a_view_is_made_once_and_then_read_from_the_entry(cache: Path) -> None:
    path = ROOT / "editions" / "touring-1937.touring"
    summary = Counted(summary_lines)
    first = view_cached(path, "touring-1937.touring", "summary", summary)
    second = view_cached(path, "touring-1937.touring", "summary", summary)
    assert first == second == summary_lines(compile_file(path, "touring-1937.touring"))
    assert summary.calls == 1
    assert len(list(cache.glob("*.pickle"))) == 1  # the view lives in the Ruleset's own entry
    assert compile_cached(path, "touring-1937.touring") == compile_file(path, "touring-1937.touring")


def test_a_view_is_added_to_an_entry_that_lacks_it(cache: Path) -> None:
    path = ROOT / "editions" / "touring-1906.touring"
    compile_cached(path, "x")
    edition_id = Counted(lambda ruleset: ruleset.id)
    assert view_cached(path, "x", "id", edition_id) == view_cached(path, "x", "id", edition_id) == "touring-1906"
    assert edition_id.calls == 1
    assert len(list(cache.glob("*.pickle"))) == 1


def test_editing_an_edition_changes_its_view(cache: Path, tmp_path: Path) -> None:
    edition = tmp_path / "mine.touring"
    text = (ROOT / "editions" / "touring-1937.touring").read_text()
    edition.write_text(text)
    before = view_cached(edition, "mine.touring", "summary", summary_lines)
    edition.write_text(text.replace("year 1937", "year 1938", 1))
    after = view_cached(edition, "mine.touring", "summary", summary_lines)
    assert "(1937, " in before[0] and "(1938, " in after[0]


def test_editing_an_extended_file_changes_the_view(cache: Path, tmp_path: Path) -> None:
    base = (ROOT / "editions" / "touring-1937.touring").read_text().replace('"touring-1937"', '"base"', 1)
    (tmp_path / "base.touring").write_text(base)
    variant = tmp_path / "short.touring"
    variant.write_text(VARIANT)
    first = view_cached(variant, "short.touring", "summary", summary_lines)
    (tmp_path / "base.touring").write_text(base.replace("year 1937", "year 1938", 1))
    second = view_cached(variant, "short.touring", "summary", summary_lines)
    assert "(1937, " in first[0] and "(1938, " in second[0]


def test_a_corrupt_entry_gives_the_view_again(cache: Path) -> None:
    path = ROOT / "editions" / "touring-1965.touring"
    expected = view_cached(path, "x", "summary", summary_lines)
    (entry,) = cache.glob("*.pickle")
    entry.write_bytes(b"\x80\x05garbage")
    assert view_cached(path, "x", "summary", summary_lines) == expected


def test_with_the_cache_off_a_view_is_made_every_time(cache: Path, monkeypatch) -> None:
    monkeypatch.setenv("TOURING_NO_CACHE", "1")
    path = ROOT / "editions" / "touring-1906.touring"
    edition_id = Counted(lambda ruleset: ruleset.id)
    view_cached(path, "x", "id", edition_id)
    view_cached(path, "x", "id", edition_id)
    assert edition_id.calls == 2 and not cache.exists()


def test_the_code_fingerprint_covers_modules_in_subpackages(tmp_path: Path, monkeypatch) -> None:
    # views are made by code outside the compiler (the summary lives in cli/show.py)
    package = tmp_path / "package"
    (package / "cli").mkdir(parents=True)
    (package / "top.py").write_text("A = 1\n")
    (package / "cli" / "show.py").write_text("B = 1\n")
    monkeypatch.setattr(ruleset_cache, "_PACKAGE", package)
    fingerprints = []
    for text in ("B = 1\n", "B = 2\n"):
        (package / "cli" / "show.py").write_text(text)
        ruleset_cache.code_fingerprint.cache_clear()
        fingerprints.append(ruleset_cache.code_fingerprint())
    ruleset_cache.code_fingerprint.cache_clear()
    assert fingerprints[0] != fingerprints[1]


def test_code_cached_data_is_made_once_per_code_version(cache: Path, monkeypatch) -> None:
    listing = Counted(lambda: {"show": "Summarise"})
    assert code_cached("listing", listing) == code_cached("listing", listing) == {"show": "Summarise"}
    assert listing.calls == 1
    monkeypatch.setattr(ruleset_cache, "code_fingerprint", lambda: "another version")
    assert code_cached("listing", listing) == {"show": "Summarise"}
    assert listing.calls == 2


def test_editing_an_edition_changes_what_show_prints(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "NO_COLOR": "1"}
    env.pop("TOURING_NO_CACHE", None)
    edition = tmp_path / "mine.touring"
    text = (ROOT / "editions" / "touring-1906.touring").read_text()
    command = [sys.executable, "-c", "from touring_dsl.cli.app import main; main()", "show", str(edition)]
    printed = []
    for year in ("1906", "1907", "1907"):  # the last: served from the cache
        edition.write_text(text.replace("year 1906", f"year {year}", 1))
        result = subprocess.run(command, env=env, capture_output=True, text=True, cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        printed.append(result.stdout.splitlines()[0])
    assert "(1906, " in printed[0] and printed[1] == printed[2] and "(1907, " in printed[1]
