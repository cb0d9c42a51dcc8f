"""Archive lookup: edition ids and paths -> files, and compiled Rulesets (cached in memory and on disk)."""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import Collector, TouringError, suggest
from ..base.resources import SUFFIX, display_path, editions_dir

if TYPE_CHECKING:
    from .model import Ruleset


def archive_files() -> list[Path]:
    """Every edition and house rule in the archive, editions first, sorted by name."""
    root = editions_dir()
    return sorted(root.rglob(f"*{SUFFIX}"), key=lambda p: (len(p.relative_to(root).parts), p.stem))


def archive_ids() -> list[str]:
    return [p.stem for p in archive_files()]


def find_edition(ref: str, base_dir: Path | None = None) -> Path | None:
    """A command-line EDITION (a path the user named, or an archive id); with base_dir, an `extends` target."""
    if base_dir is not None:
        return find_parent(ref, base_dir)
    if _is_file(Path(ref)):
        return Path(ref)
    return _archive_edition(ref)


def find_parent(ref: str, base_dir: Path) -> Path | None:
    """An `extends` target: an edition file beside base_dir or in a folder below it, else an archive id.

    Nothing else is read: an edition from a stranger must not make touring open, and then quote in
    an error, a file the user never named (/etc/passwd, ../secrets.touring, a symlink out of the folder).
    """
    for candidate in (base_dir / ref, base_dir / f"{ref}{SUFFIX}"):
        if _is_edition_file(candidate) and _inside(candidate, base_dir):
            return candidate
    return _archive_edition(ref)


def _is_edition_file(path: Path) -> bool:
    """An edition file by its name and, through any symbolic links, by the name of the file it reaches:
    a link named rules.touring to notes.txt beside it is not an edition, and is never opened."""
    try:
        return path.suffix == SUFFIX and path.resolve().suffix == SUFFIX and _is_file(path)
    except (OSError, RuntimeError):  # a symlink loop
        return False


def names_a_path(ref: str) -> bool:
    """Whether an `extends` target is written as a path rather than an archive id."""
    return ref.endswith(SUFFIX) or "/" in ref or "\\" in ref or ref.startswith(".") or Path(ref).is_absolute()


def _archive_edition(ref: str) -> Path | None:
    for path in archive_files():
        if path.stem == ref:
            return path
    return None


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):  # a name too long for the file system, or holding a NUL
        return False


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError):  # a symlink loop
        return False


def resolve(ref: str) -> Path:
    """Like find_edition, but a miss is the user's error, with a suggestion."""
    path = find_edition(ref)
    if path is None:
        collector = Collector()
        hint = suggest(ref, archive_ids()) or "run `touring editions` to list the archive"
        collector.error("E205", f'no edition "{ref}" in the archive, and no such file', None, hint)
        raise TouringError(collector.diagnostics)
    return path


def load(ref: str) -> Ruleset:
    """Compile an archive id or a path into a Ruleset."""
    path = resolve(ref)
    stat = path.stat()
    return _load_cached(str(path), stat.st_mtime_ns, stat.st_size)


def load_view(ref: str, name: str, make: Callable[[Ruleset], Any]) -> Any:
    """`make(ruleset)` for an archive id or a path, from the disk cache without loading the Ruleset when it can."""
    from .ruleset_cache import view_cached

    path = resolve(ref)
    return view_cached(path, display_path(path), name, make)


@lru_cache(maxsize=64)
def _load_cached(path: str, mtime: int, size: int) -> Ruleset:
    from .ruleset_cache import compile_cached

    return compile_cached(Path(path), display_path(Path(path)))


def load_parent(ruleset: Ruleset) -> Ruleset | None:
    """The parent edition, looked up beside the variant's file first, then in the archive."""
    base = next((c.location.file for c in ruleset.changes if c.location), None)
    try:
        path = find_edition(ruleset.parent or "", Path(base).parent if base else None)
        return load(str(path)) if path else None
    except Exception:  # a parent that no longer compiles leaves the section out, not the rulebook
        return None
