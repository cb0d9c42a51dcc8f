"""Archive stage, loading: edition ids and paths -> compiled Rulesets (cached in memory and on disk).

Finding the files (archive ids, paths, a variant's parent) is locate.py's: callers import those
lookups from there.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..base.resources import display_path
from .locate import find_edition, resolve

if TYPE_CHECKING:
    from .model import Ruleset

__all__ = ["load", "load_view", "load_parent"]


def load(ref: str) -> Ruleset:
    """Compile an archive id or a path into a Ruleset."""
    path = resolve(ref)
    stat = path.stat()
    # shown as from the working folder: a Ruleset's locations name its files so, and the folder may change
    return _load_cached(str(path), display_path(path), stat.st_mtime_ns, stat.st_size)


def load_view(ref: str, name: str, make: Callable[[Ruleset], Any]) -> Any:
    """`make(ruleset)` for an archive id or a path, from the disk cache without loading the Ruleset when it can."""
    from .ruleset_cache import view_cached

    path = resolve(ref)
    return view_cached(path, display_path(path), name, make)


@lru_cache(maxsize=64)
def _load_cached(path: str, display: str, mtime: int, size: int) -> Ruleset:
    from .ruleset_cache import compile_cached

    return compile_cached(Path(path), display)


def load_parent(ruleset: Ruleset) -> Ruleset | None:
    """The parent edition, looked up beside the variant's file first, then in the archive."""
    base = next((c.location.file for c in ruleset.changes if c.location), None)
    try:
        path = find_edition(ruleset.parent or "", Path(base).parent if base else None)
        return load(str(path)) if path else None
    except Exception:  # a parent that no longer compiles leaves the section out, not the rulebook
        return None
