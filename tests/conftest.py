"""Test settings shared by every test: compiled rulesets are cached in a temporary folder, never the user's,
and signed with a key kept there too."""
from __future__ import annotations

import os
import shutil
import tempfile

# Set at import, before any test runs a command, so subprocesses inherit it too.
_CACHE = tempfile.mkdtemp(prefix="touring-test-cache-")
os.environ["XDG_CACHE_HOME"] = _CACHE
os.environ["XDG_STATE_HOME"] = os.path.join(_CACHE, "state")  # the cache's signing key, never the user's


def pytest_sessionfinish(session, exitstatus) -> None:
    shutil.rmtree(_CACHE, ignore_errors=True)
