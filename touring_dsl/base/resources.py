"""Locating the grammar and the edition archive, whether installed as a wheel or run from a checkout."""
from __future__ import annotations

from pathlib import Path

SUFFIX = ".touring"  # what an edition file's name ends with
_PACKAGE = Path(__file__).resolve().parent.parent  # touring_dsl/ (this module is in touring_dsl/base/)
_CHECKOUT = _PACKAGE.parent


def _first_existing(*candidates: Path) -> Path:
    for candidate in candidates:
        if candidate.exists():
            return candidate
    return candidates[-1]


def grammar_path() -> Path:
    return _first_existing(_PACKAGE / "_data" / "grammar" / "touring.lark", _CHECKOUT / "grammar" / "touring.lark")


def grammar_text() -> str:
    return grammar_path().read_text(encoding="utf-8")


def editions_dir() -> Path:
    """The edition archive: the checkout's editions/ when developing, else the copy in the wheel."""
    return _first_existing(_PACKAGE / "_data" / "editions", _CHECKOUT / "editions")


def display_path(path: Path) -> str:
    """A path as messages show it: relative to the working folder when it lies inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)
