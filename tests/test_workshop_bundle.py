"""The workshop's editor bundle: committed, shipped in the package, used by the page, and built from the
committed inputs (editor/package-lock.json and editor/src/). scripts/build_editor.sh records the hash of
those inputs in the bundle's first line; this test computes it again without Node, so a change to the
source or the lock file that was not followed by a build fails here."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from editor_inputs_hash import inputs_hash  # noqa: E402

from touring_dsl.web import workshop_page  # noqa: E402
from touring_dsl.web.app import STATIC  # noqa: E402

BUNDLE = STATIC / workshop_page.EDITOR_BUNDLE


def test_the_bundle_is_in_the_package_and_on_the_page():
    assert BUNDLE.is_file() and BUNDLE.parent == ROOT / "touring_dsl" / "web" / "static"
    page = workshop_page.editor("0" * 24, "", "n", 2)
    assert f'<script src="/static/{workshop_page.EDITOR_BUNDLE}" defer></script>' in page
    assert f'<script src="/static/{workshop_page.PAGE_SCRIPT}" defer></script>' in page
    assert "window.TouringEditor" in BUNDLE.read_text(encoding="utf-8")


def test_the_bundle_was_built_from_the_committed_lock_file_and_source():
    first = BUNDLE.read_text(encoding="utf-8").split("\n", 1)[0]
    recorded = re.search(r"inputs sha256:([0-9a-f]{64})", first)
    assert recorded, "the bundle's first line records its inputs' hash (scripts/build_editor.sh)"
    assert recorded.group(1) == inputs_hash(), "editor/ changed since the bundle was built: run scripts/build_editor.sh"


def test_the_lock_file_pins_every_package_the_bundle_is_made_of():
    lock = json.loads((ROOT / "editor" / "package-lock.json").read_text(encoding="utf-8"))
    wanted = json.loads((ROOT / "editor" / "package.json").read_text(encoding="utf-8"))
    packages = lock["packages"]
    for name in [*wanted["dependencies"], *wanted["devDependencies"]]:
        entry = packages[f"node_modules/{name}"]
        assert entry["version"] and entry["integrity"].startswith("sha512-"), name
    source = (ROOT / "editor" / "src" / "workshop.js").read_text(encoding="utf-8")
    for imported in re.findall(r'from "([^"]+)"', source):
        assert imported in wanted["dependencies"], f"{imported} is bundled but not a dependency"


def test_the_bundle_fetches_nothing_at_run_time():
    text = BUNDLE.read_text(encoding="utf-8")
    assert not re.search(r"https?://(?!www\.w3\.org/)[a-z]", text.split("\n", 1)[1]), "an outside address"
