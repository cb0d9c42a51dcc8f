"""Archive lookup: edition ids and paths -> files, and compiled Rulesets (cached in memory and on disk)."""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import Collector, TouringError, suggest
from .resources import SUFFIX, display_path, editions_dir

if TYPE_CHECKING:
    from .model import Ruleset


def archive_files() -> list[Path]:
    """Every edition and house rule in the archive, editions first, sorted by name."""
    root = editions_dir()
    return sorted(root.rglob(f"*{SUFFIX}"), key=lambda p: (len(p.relative_to(root).parts), p.stem))


def archive_ids() -> list[str]:
    return [p.stem for p in archive_files()]


def find_edition(ref: str, base_dir: Path | None = None) -> Path | None:
    """An `extends` target or command-line EDITION: a path, a file beside base_dir, or an archive id."""
    candidates = [Path(ref)]
    if base_dir is not None:
        candidates += [base_dir / ref, base_dir / f"{ref}{SUFFIX}"]
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    for path in archive_files():
        if path.stem == ref:
            return path
    return None


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
