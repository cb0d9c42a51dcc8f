"""Archive stage, compiled-ruleset cache: a Ruleset kept in the user's cache folder, keyed by what built it.

The key hashes the edition's text, where it is shown from, and touring's own code and grammar (so an
upgrade or an edited compiler never reads an old entry). An entry also records every file the edition
extends, with its hash, and is used only while those files still resolve and read the same. A missing,
stale or unreadable entry means compiling again; the cache never makes a command fail.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import sys
from functools import lru_cache
from pathlib import Path

from .resources import grammar_path

_PACKAGE = Path(__file__).resolve().parent
_DISABLE = "TOURING_NO_CACHE"


def cache_dir() -> Path:
    """$XDG_CACHE_HOME/touring, else the platform's usual user cache folder."""
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        if sys.platform == "win32":
            base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        elif sys.platform == "darwin":
            base = str(Path.home() / "Library" / "Caches")
        else:
            base = str(Path.home() / ".cache")
    return Path(base) / "touring" / "rulesets"


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """A hash of touring's own modules, its grammar, Python's version and pydantic's: what a Ruleset's shape depends on."""
    digest = hashlib.sha256(sys.version.encode())
    files = sorted(_PACKAGE.glob("*.py")) + [grammar_path()]
    pydantic_version = _pydantic_version_file()
    if pydantic_version is not None:
        files.append(pydantic_version)
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _pydantic_version_file() -> Path | None:
    import importlib.util

    spec = importlib.util.find_spec("pydantic")
    if spec is None or not spec.submodule_search_locations:
        return None
    candidate = Path(next(iter(spec.submodule_search_locations))) / "version.py"
    return candidate if candidate.is_file() else None


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def compile_cached(path: Path, display: str):
    """The Ruleset of an edition file, from the cache when it is still true, else compiled (and cached)."""
    try:
        text = path.read_bytes()
    except OSError:
        text = None  # the compiler reports why it cannot be read
    if text is None or os.environ.get(_DISABLE):
        return _compile(path, display)
    # the working folder too: the files an edition extends are shown relative to it in the Ruleset
    key = b"|".join([code_fingerprint().encode(), str(Path.cwd()).encode(), display.encode(), text])
    entry = cache_dir() / f"{_sha(key)}.pickle"
    ruleset = _read_entry(entry)
    if ruleset is not None:
        return ruleset
    parents: list = []
    ruleset = _compile(path, display, parents)
    _write_entry(entry, ruleset, [(ref, str(base), str(found), _sha(found.read_bytes()))
                                  for ref, base, found in parents])
    return ruleset


def _compile(path: Path, display: str, parents: list | None = None):
    from .compiler import compile_file  # the parser and compiler load only when there is compiling to do

    return compile_file(path, display, parents)


def _read_entry(entry: Path):
    """The cached Ruleset, or None when there is none or it no longer holds (corrupt entries included)."""
    try:
        with entry.open("rb") as handle:
            data = pickle.load(handle)
        if all(_same_parent(*parent) for parent in data["parents"]):
            return data["ruleset"]
    except Exception:  # noqa: BLE001 - a damaged or foreign entry is only a cache miss
        return None
    return None


def _same_parent(ref: str, base: str, found: str, sha: str) -> bool:
    from .archive import find_edition

    now = find_edition(ref, Path(base))
    return now is not None and str(now) == found and _sha(now.read_bytes()) == sha


def _write_entry(entry: Path, ruleset, parents: list) -> None:
    """Written to a temporary file and renamed, so a reader never sees half an entry; failures are ignored."""
    import tempfile

    temporary = None
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=entry.parent, suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            pickle.dump({"parents": parents, "ruleset": ruleset}, out, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, entry)
    except Exception:  # noqa: BLE001 - a cache that cannot be written is only a cache miss next time
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)
