"""Archive stage, compiled-ruleset cache: a Ruleset kept in the user's cache folder, keyed by what built it.

The key hashes the edition's text, where it is shown from, and touring's own code and grammar (so an
upgrade or an edited module never reads an old entry). An entry also records every file the edition
extends, with its hash, and is used only while those files still resolve and read the same. A missing,
stale or unreadable entry means compiling again; the cache never makes a command fail. Entries are
unpickled only once their signature with the user's own key holds (private_store): a file planted in
the cache folder by anyone else is a miss, never code run.

Beside the Ruleset an entry keeps views: plain data a command derives from it (the summary `show`
prints, the id `check` reports, the row `editions` lists). A view is read without unpickling the Ruleset, so such a command
never loads pydantic, the model or the compiler: most of its start-up time otherwise. Data that depends
on the code alone (the command listing `touring --help` prints) is kept the same way, keyed by the code.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..base.private_store import cache_root, read_signed, write_signed
from ..base.resources import grammar_path
from .locate import find_parent

_PACKAGE = Path(__file__).resolve().parent.parent  # touring_dsl/: the cache key covers every module
_DISABLE = "TOURING_NO_CACHE"


def cache_dir() -> Path:
    """$XDG_CACHE_HOME/touring/rulesets, else the same below the platform's usual user cache folder."""
    return cache_root() / "rulesets"


def enabled() -> bool:
    """Whether the cache is in use (TOURING_NO_CACHE turns it off)."""
    return not os.environ.get(_DISABLE)


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """A hash of touring's own modules, its catalogues, its grammar, Python's version and pydantic's: what an
    entry depends on.

    Every module counts, not only the compiler's: a view is made by code anywhere in the package.
    """
    digest = hashlib.sha256(sys.version.encode())
    # the catalogues too: a view holds sentences read in them (`touring show` in French)
    files = sorted(_PACKAGE.rglob("*.py")) + sorted(_PACKAGE.rglob("*.po")) + [grammar_path()]
    pydantic_version = _pydantic_version_file()
    if pydantic_version is not None:
        files.append(pydantic_version)
    for path in files:
        # a module's place in the package names it: many are called __init__.py
        label = path.relative_to(_PACKAGE).as_posix() if path.is_relative_to(_PACKAGE) else path.name
        digest.update(label.encode())
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
    entry = _entry_path(path, display)
    if entry is None:
        return _compile(path, display)
    data = _read_entry(entry)
    ruleset = _ruleset(data)
    if ruleset is None:
        ruleset, data = _compile_entry(path, display)
        _write_entry(entry, data)
    return ruleset


def view_cached(path: Path, display: str, name: str, make: Callable[[Any], Any]) -> Any:
    """`make(ruleset)` for an edition file, kept in its cache entry under `name`; plain data only.

    The entry's key covers all of touring's code, so `make` changing is a new entry, never a stale view.
    """
    entry = _entry_path(path, display)
    if entry is None:
        return make(_compile(path, display))
    data = _read_entry(entry)
    if data is not None and name in data["views"]:
        return data["views"][name]
    ruleset = _ruleset(data)
    if ruleset is None:
        ruleset, data = _compile_entry(path, display)
    data["views"][name] = view = make(ruleset)
    _write_entry(entry, data)
    return view


def code_cached(name: str, make: Callable[[], Any]) -> Any:
    """`make()`, plain data that depends on touring's code alone, kept under `name` until the code changes."""
    if not enabled():
        return make()
    entry = cache_dir() / f"{_sha(b'|'.join([code_fingerprint().encode(), name.encode()]))}.pickle"
    data = _read_entry(entry)
    if data is not None and name in data["views"]:
        return data["views"][name]
    view = make()
    _write_entry(entry, {"parents": [], "ruleset": None, "views": {name: view}})
    return view


def _entry_path(path: Path, display: str) -> Path | None:
    """Where the entry for this file as shown lives; None when the cache is off or the file unreadable."""
    try:
        text = path.read_bytes()
    except OSError:
        return None  # the compiler reports why it cannot be read
    if not enabled():
        return None
    # the working folder too: the files an edition extends are shown relative to it in the Ruleset
    # os.fsencode: a path's own bytes, even where they are no UTF-8 (a name made on another system)
    key = b"|".join([code_fingerprint().encode(), os.fsencode(Path.cwd()), os.fsencode(display), text])
    return cache_dir() / f"{_sha(key)}.pickle"


def _compile_entry(path: Path, display: str) -> tuple[Any, dict]:
    """The Ruleset, compiled, and a fresh entry for it (the files it extends, with their hashes)."""
    parents: list = []
    ruleset = _compile(path, display, parents)
    data = {"parents": [(ref, str(base), str(found), _sha(found.read_bytes())) for ref, base, found in parents],
            "ruleset": pickle.dumps(ruleset, protocol=pickle.HIGHEST_PROTOCOL), "views": {}}
    return ruleset, data


def _compile(path: Path, display: str, parents: list | None = None):
    from .compiler import compile_file  # the parser and compiler load only when there is compiling to do

    return compile_file(path, display, parents)


def _read_entry(entry: Path) -> dict | None:
    """The entry's data, or None when there is none or it no longer holds (corrupt entries included).

    The Ruleset inside stays pickled bytes: reading an entry for a view loads no model class.
    """
    payload = read_signed(entry)  # checked against the user's key before anything is unpickled
    if payload is None:
        return None
    try:
        data = pickle.loads(payload)
        if isinstance(data["views"], dict) and all(_same_parent(*parent) for parent in data["parents"]):
            return data
    except Exception:  # noqa: BLE001 - a damaged or foreign entry is only a cache miss
        return None
    return None


def _ruleset(data: dict | None):
    """The Ruleset an entry holds, or None (no entry, or bytes that no longer unpickle)."""
    if data is None:
        return None
    try:
        return pickle.loads(data["ruleset"])
    except Exception:  # noqa: BLE001 - a damaged entry is only a cache miss
        return None


def _same_parent(ref: str, base: str, found: str, sha: str) -> bool:
    now = find_parent(ref, Path(base))
    return now is not None and str(now) == found and _sha(now.read_bytes()) == sha


def _write_entry(entry: Path, data: dict) -> None:
    """Signed with the user's key, written aside and renamed (private_store); failures are ignored."""
    try:
        payload = pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - a view that cannot be kept is only a cache miss next time
        return
    write_signed(entry, payload)
