"""The hash of the workshop editor's build inputs: editor/package-lock.json and every file under editor/src/,
each by its path and bytes, in path order. scripts/build_editor.sh records it in the bundle's first line;
tests/test_workshop_bundle.py computes it again to check the committed bundle was built from these inputs."""
from __future__ import annotations

import hashlib
import sys
from pathlib import Path

EDITOR = Path(__file__).resolve().parent.parent / "editor"


def inputs_hash(editor: Path = EDITOR) -> str:
    digest = hashlib.sha256()
    files = [editor / "package-lock.json", *sorted(p for p in (editor / "src").rglob("*") if p.is_file())]
    for path in files:
        digest.update(path.relative_to(editor).as_posix().encode() + b"\0")
        digest.update(path.read_bytes().replace(b"\r\n", b"\n") + b"\0")
    return digest.hexdigest()


if __name__ == "__main__":
    sys.stdout.write(inputs_hash() + "\n")
