"""Archive stage, what touring reads back: a file planted by someone else is never unpickled (issue 19, holes 1-2)."""
from __future__ import annotations

import os
import pickle
import stat
import tempfile
from pathlib import Path

import pytest
from lark import Lark

from touring_dsl.base import private_store

from touring_dsl.language import ruleset_cache

from touring_dsl.language import syntax
from touring_dsl.base.resources import grammar_text

ROOT = Path(__file__).resolve().parents[1]
EDITION = ROOT / "editions" / "touring-1906.touring"


class Planted:
    """A pickle that, when loaded, creates the marker file: proof that foreign code ran."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (open, (str(self.marker), "w"))


@pytest.fixture
def private(tmp_path: Path, monkeypatch) -> Path:
    """A fresh cache and state folder for this test, and no folder or key remembered from another."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.delenv("TOURING_NO_CACHE", raising=False)
    private_store._key.cache_clear()
    private_store._warned.clear()
    syntax.parser.cache_clear()
    yield tmp_path
    private_store._key.cache_clear()
    syntax.parser.cache_clear()


def test_a_parser_cache_planted_in_the_shared_temp_folder_is_never_loaded(private: Path, monkeypatch) -> None:
    shared = private / "shared-tmp"
    shared.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(shared))
    # where Lark's own cache=True keeps the parser for this grammar: learn the name, then plant a pickle there
    Lark(grammar_text(), parser="lalr", lexer="contextual", propagate_positions=True, cache=True)
    (kept,) = shared.glob(".lark*")
    first_line = kept.read_bytes().split(b"\n", 1)[0]
    marker = private / "planted-code-ran"
    kept.write_bytes(first_line + b"\n" + pickle.dumps(Planted(marker)) + pickle.dumps(Planted(marker)))
    parser = syntax.parser()
    assert not marker.exists()
    assert parser.parse(EDITION.read_text()).data
    assert [p.name for p in shared.iterdir()] == [kept.name]  # nothing new kept in the shared folder either


def test_the_parser_is_kept_signed_in_a_private_folder(private: Path) -> None:
    syntax.parser()
    (kept,) = (private / "cache" / "touring" / "parser").glob("*.lark")
    assert stat.S_IMODE(kept.parent.stat().st_mode) == 0o700
    syntax.parser.cache_clear()
    marker = private / "planted-code-ran"
    kept.write_bytes(pickle.dumps(Planted(marker)))  # replaced by an unsigned pickle
    assert syntax.parser().parse(EDITION.read_text()).data
    assert not marker.exists()


def test_a_planted_ruleset_entry_is_a_miss_not_code_run(private: Path) -> None:
    expected = ruleset_cache.compile_cached(EDITION, "touring-1906.touring")
    (entry,) = ruleset_cache.cache_dir().glob("*.pickle")
    marker = private / "planted-code-ran"
    entry.write_bytes(pickle.dumps(Planted(marker)))
    assert ruleset_cache.compile_cached(EDITION, "touring-1906.touring") == expected
    assert not marker.exists()


def test_a_planted_help_listing_is_a_miss_not_code_run(private: Path) -> None:
    assert ruleset_cache.code_cached("listing", lambda: ["honest"]) == ["honest"]
    (entry,) = ruleset_cache.cache_dir().glob("*.pickle")
    marker = private / "planted-code-ran"
    entry.write_bytes(private_store.MAGIC + b"\0" * 32 + pickle.dumps(Planted(marker)))  # a forged signature
    assert ruleset_cache.code_cached("listing", lambda: ["honest"]) == ["honest"]
    assert not marker.exists()


def test_a_cache_folder_copied_from_elsewhere_carries_no_trust(private: Path, monkeypatch) -> None:
    """Entries signed with another user's key (a shared or CI cache restored here) are misses."""
    ruleset_cache.compile_cached(EDITION, "touring-1906.touring")
    (entry,) = ruleset_cache.cache_dir().glob("*.pickle")
    assert private_store.read_signed(entry) is not None
    monkeypatch.setenv("XDG_STATE_HOME", str(private / "another-users-state"))
    private_store._key.cache_clear()
    assert private_store.read_signed(entry) is None
    assert ruleset_cache.compile_cached(EDITION, "touring-1906.touring").id == "touring-1906"
    assert private_store.read_signed(entry) is not None  # rewritten under this user's key


def test_folders_are_made_0700_and_the_key_0600(private: Path) -> None:
    ruleset_cache.compile_cached(EDITION, "touring-1906.touring")
    key = private / "state" / "touring" / "cache-key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert len(key.read_bytes()) == 32
    for folder in (key.parent, ruleset_cache.cache_dir(), ruleset_cache.cache_dir().parent):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder


def test_a_cache_folder_others_may_write_is_refused_with_a_warning(private: Path, capsys) -> None:
    folder = ruleset_cache.cache_dir()
    folder.mkdir(parents=True)
    folder.chmod(0o777)
    assert ruleset_cache.compile_cached(EDITION, "touring-1906.touring").id == "touring-1906"
    assert not list(folder.iterdir())  # nothing kept there
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "may be written by other users" in err[0] and str(folder) in err[0]


def test_a_cache_folder_owned_by_another_user_is_refused_with_a_warning(private: Path, capsys, monkeypatch) -> None:
    ruleset_cache.compile_cached(EDITION, "touring-1906.touring")
    real = os.getuid()
    monkeypatch.setattr(os, "getuid", lambda: real + 1)  # the folders now belong to "someone else"
    private_store._key.cache_clear()
    assert private_store.read_signed(next(ruleset_cache.cache_dir().glob("*.pickle"))) is None
    assert ruleset_cache.compile_cached(EDITION, "touring-1906.touring").id == "touring-1906"
    err = capsys.readouterr().err.strip().splitlines()
    assert err and all("belongs to another user" in line for line in err)


def test_a_key_file_others_may_read_is_refused(private: Path, capsys) -> None:
    ruleset_cache.compile_cached(EDITION, "touring-1906.touring")
    key = private / "state" / "touring" / "cache-key"
    key.chmod(0o644)
    private_store._key.cache_clear()
    assert private_store.signing_key() in (None, b"")
    assert "is not the user's alone" in capsys.readouterr().err
    assert key.stat().st_mode & 0o777 == 0o644  # left as found, never overwritten
