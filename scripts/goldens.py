"""Regenerate every golden file of the test suite in one command, and say which changed.

Usage: python scripts/goldens.py [--into FOLDER] [--no-check]

Runs every test module that keeps golden files (those importing write_golden from tests/golden_files.py) with
TOURING_UPDATE_GOLDEN=1, so each writes its goldens anew, then runs them once more without the flag
(the goldens just written must pass). It prints each golden file under tests/ (tests/golden/ and the
tests/bad/*.expected texts) that changed, appeared or went away, by hashing them before and after, and
names any golden file no test wrote again: one made by hand, or left over from something removed;
that is an error. Read the diff of every changed golden before committing it.

--into FOLDER writes the goldens under FOLDER instead of tests/ and leaves tests/ alone (no second run):
tests/test_goldens_command.py makes them so and compares them with the committed ones.

Exit 0: every golden written and passing; 1: a test failed, or a golden file was not written anew.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
sys.path.insert(0, str(TESTS))

from golden_files import golden_files  # noqa: E402 (tests/golden_files.py: what a golden file is)


def golden_tests() -> list[Path]:
    """The test modules that keep golden files: those that write them with tests/golden_files.py's write_golden
    (not tests/test_goldens_command.py, which runs this command)."""
    return sorted(p for p in TESTS.glob("test_*.py")
                  if re.search(r"^from golden_files import [^\n]*\bwrite_golden\b", p.read_text(encoding="utf-8"), re.M))


def snapshot(root: Path) -> dict[str, tuple[str, int]]:
    """Each golden file under root, by its path relative to root: (sha256, mtime in ns)."""
    return {str(p.relative_to(root)): (hashlib.sha256(p.read_bytes()).hexdigest(), p.stat().st_mtime_ns)
            for p in golden_files(root)}


def run_tests(tests: list[Path], env: dict[str, str]) -> int:
    command = [sys.executable, "-m", "pytest", *map(str, tests), "-q", "-p", "no:cacheprovider"]
    return subprocess.run(command, cwd=ROOT, env=env).returncode


def report(before: dict, after: dict, shown_under: str) -> int:
    """Print what changed; return the number of golden files no test wrote again."""
    changed = sorted(k for k in before.keys() & after.keys() if before[k][0] != after[k][0])
    new = sorted(after.keys() - before.keys())
    gone = sorted(before.keys() - after.keys())
    unwritten = sorted(k for k in before.keys() & after.keys() if before[k][1] == after[k][1])
    for label, names in (("changed", changed), ("new", new), ("gone", gone)):
        for name in names:
            print(f"{label:8} {shown_under}{name}")
    for name in unwritten:
        print(f"error: {shown_under}{name} was not written by any test run with TOURING_UPDATE_GOLDEN=1 "
              "(made by hand, or left over: make a test write it, or delete it)", file=sys.stderr)
    print(f"goldens: {len(after)} files; {len(changed)} changed, {len(new)} new, {len(gone)} gone, "
          f"{len(unwritten)} not written anew")
    return len(unwritten)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--into", type=Path, help="write the goldens under this folder, not tests/")
    parser.add_argument("--no-check", action="store_true", help="skip the second run without the flag")
    args = parser.parse_args(argv)
    if os.environ.get("TOURING_GOLDENS_COMMAND"):  # a golden test that ran this command would run itself again
        print("goldens.py: already running inside the goldens command", file=sys.stderr)
        return 2
    tests = golden_tests()
    root = args.into.resolve() if args.into else TESTS
    env = {**os.environ, "TOURING_UPDATE_GOLDEN": "1", "TOURING_GOLDENS_COMMAND": "1"}
    if args.into:
        root.mkdir(parents=True, exist_ok=True)
        env["TOURING_GOLDEN_INTO"] = str(root)
    else:
        env.pop("TOURING_GOLDEN_INTO", None)
    print("writing the goldens of " + ", ".join(p.name for p in tests), flush=True)
    before = snapshot(root)
    failed = run_tests(tests, env)
    unwritten = report(before, snapshot(root), "" if args.into else "tests/")
    if not failed and not args.into and not args.no_check:
        print("checking them without the flag", flush=True)
        env.pop("TOURING_UPDATE_GOLDEN")
        failed = run_tests(tests, env)
    return 1 if failed or unwritten else 0


if __name__ == "__main__":
    sys.exit(main())
