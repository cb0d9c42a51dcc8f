"""Golden files: where the tests that keep one find it, and whether this run writes them anew.

Every test that compares an output with a golden file takes its path from golden_path() and its flag
from UPDATE; scripts/goldens.py runs every test module that imports this one with the flag set, so one
command rewrites every golden. TOURING_GOLDEN_INTO=FOLDER writes (and reads) the goldens under FOLDER
instead of tests/ (scripts/goldens.py --into, and tests/test_goldens_command.py, which checks that the
command makes each committed golden).
"""
from __future__ import annotations

import os
from pathlib import Path

TESTS = Path(__file__).resolve().parent
UPDATE = os.environ.get("TOURING_UPDATE_GOLDEN") == "1"
# what counts as a golden file, under tests/: scripts/goldens.py names any of them no test rewrote
GOLDEN_GLOBS = ("golden/**/*", "bad/*.expected")


def golden_root() -> Path:
    into = os.environ.get("TOURING_GOLDEN_INTO")
    return Path(into) if into else TESTS


def golden_path(*parts: str) -> Path:
    """A golden file or folder: tests/<parts...> (or under TOURING_GOLDEN_INTO)."""
    return golden_root().joinpath(*parts)


def write_golden(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def golden_files(root: Path = TESTS) -> list[Path]:
    """Every golden file under root (tests/ by default), sorted."""
    return sorted({p for pattern in GOLDEN_GLOBS for p in root.glob(pattern) if p.is_file()
                   and "__pycache__" not in p.parts})
