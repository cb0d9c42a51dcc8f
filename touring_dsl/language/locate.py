"""Archive stage, finding editions: archive ids, command-line EDITIONs and `extends` targets -> files.

Only paths: nothing here reads or compiles an edition, so the compiler (which looks up the file an
edition extends) and the ruleset cache (which checks that it would find the same file again) use it
without depending on archive.py, where Rulesets are loaded.
"""
from __future__ import annotations

from pathlib import Path

from .errors import Collector, TouringError, suggest
from ..base.resources import SUFFIX, editions_dir


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
