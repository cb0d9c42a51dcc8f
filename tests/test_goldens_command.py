"""The goldens command (scripts/goldens.py): one command writes every golden file of the suite anew, and
says which changed and which no test wrote."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from golden_files import TESTS, golden_files

ROOT = TESTS.parent
sys.path.insert(0, str(ROOT / "scripts"))

import goldens  # noqa: E402


def test_the_command_writes_every_committed_golden(tmp_path):
    """Trap: "TOURING_UPDATE_GOLDEN=1 rewrites only some goldens (kernels.json entries were computed by hand)".
    Into an empty folder, the command writes every golden file committed under tests/ (and no other),
    each as committed."""
    into = tmp_path / "goldens"
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("TOURING_UPDATE_GOLDEN", None)
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "goldens.py"), "--into", str(into)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    committed = {str(p.relative_to(TESTS)): p for p in golden_files()}
    written = {str(p.relative_to(into)): p for p in golden_files(into)}
    assert sorted(committed.keys() - written.keys()) == [], "golden files the command does not write"
    assert sorted(written.keys() - committed.keys()) == [], "golden files written but not committed"
    differ = [name for name, path in committed.items() if path.read_bytes() != written[name].read_bytes()]
    assert differ == [], "committed goldens that differ from what the code writes now"
    assert "tests/golden/kernels/kernels.json" not in done.stderr


def test_a_golden_no_test_writes_is_named(tmp_path, capsys):
    """A golden file under tests/golden/ that the run left as it was (made by hand) is named, as an error."""
    kept = tmp_path / "golden" / "kernels" / "by-hand.json"
    kept.parent.mkdir(parents=True)
    kept.write_text("{}\n", encoding="utf-8")
    before = goldens.snapshot(tmp_path)
    (tmp_path / "golden" / "new.md").write_text("new\n", encoding="utf-8")
    assert goldens.report(before, goldens.snapshot(tmp_path), "tests/") == 1
    out, err = capsys.readouterr()
    assert "tests/golden/kernels/by-hand.json was not written by any test" in err
    assert "new      tests/golden/new.md" in out


def test_every_golden_test_takes_its_paths_from_golden_files():
    """A test module that keeps goldens reads the update flag only through tests/golden_files.py, so the
    command finds it and --into can redirect it."""
    direct = [p.name for p in TESTS.glob("test_*.py") if p.name != Path(__file__).name
              and re.search(r"environ[^\n]*TOURING_UPDATE_GOLDEN", p.read_text(encoding="utf-8"))]
    assert direct == []
    found = {p.name for p in goldens.golden_tests()}
    assert {"test_kernel_golden.py", "test_compile_golden.py", "test_bad_input.py", "test_diff.py",
            "test_engine_replay_golden.py", "test_rulebook.py"} <= found
    assert "test_goldens_command.py" not in found  # it runs the command: never run by it
