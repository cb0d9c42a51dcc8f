"""Test settings shared by every test: compiled rulesets are cached in a temporary folder, never the user's,
and signed with a key kept there too."""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Timing is no property of the code under test: in this suite's process, which holds numba's compiled
# modules and a large heap, one full garbage collection can stall a draw for a second (CI once failed
# tests/test_engine_codec.py's health check so). Properties keep every example and assertion; only the
# clock-based checks are off.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")

# Set at import, before any test runs a command, so subprocesses inherit it too.
_CACHE = tempfile.mkdtemp(prefix="touring-test-cache-")
os.environ["XDG_CACHE_HOME"] = _CACHE
os.environ["XDG_STATE_HOME"] = os.path.join(_CACHE, "state")  # the cache's signing key, never the user's
# The Python kernel for every test but tests/test_compiled_kernel.py, which holds the compiled one to it game for
# game in every archive seating: elsewhere a numba compile per seating (seconds each) would add minutes to the
# suite and test nothing more.
os.environ.setdefault("TOURING_KERNEL", "python")


_ROOT = Path(__file__).resolve().parent.parent


def _import_numba_apart() -> None:
    """numba (the compiled kernel's) looks for coverage.py when imported: tests/coverage, a folder of edition
    files on the tests' import path, must not be taken for it. Imported once here, with that folder off the path."""
    import sys

    here = str(Path(__file__).resolve().parent)
    saved = sys.path[:]
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != here]
    try:
        import numba  # noqa: F401
    except ImportError:
        pass
    finally:
        sys.path[:] = saved


_import_numba_apart()
_LEFT_ALONE = {".cache", ".hypothesis", ".pytest_cache", "__pycache__", "site", ".venv"}


def _root_files() -> set[str]:
    return {p.name for p in _ROOT.iterdir()} - _LEFT_ALONE


@pytest.fixture(autouse=True)
def leaves_the_checkout_alone():
    """A test writes in its own tmp_path, never in the checkout (a game saved on quitting once landed there)."""
    before = _root_files()
    yield
    left = _root_files() - before
    assert not left, f"the test left {sorted(left)} in {_ROOT}; write into tmp_path"


@pytest.fixture
def hide_package(monkeypatch):
    """hide_package(name): from then on `import name` (and its submodules) fails, as it does where the
    package is not installed."""
    import builtins

    real = builtins.__import__

    def hide(package: str) -> None:
        def missing(name, *args, **kwargs):
            if name == package or name.startswith(package + "."):
                raise ImportError(f"No module named {package!r}")
            return real(name, *args, **kwargs)

        monkeypatch.setattr(builtins, "__import__", missing)

    return hide


@pytest.fixture
def without_numba(hide_package):
    """An environment where `import numba` fails, as it does without the `fast` extra."""
    hide_package("numba")


def pytest_sessionfinish(session, exitstatus) -> None:
    shutil.rmtree(_CACHE, ignore_errors=True)
