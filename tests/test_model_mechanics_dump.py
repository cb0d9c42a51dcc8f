"""Compiled model: a ruleset's JSON holds only the mechanics it uses, so a new mechanic leaves the rest alone.

The mechanics' parts of the model (RaceMechanics, RulesetMechanics) are made from the registry when
touring_dsl.language.model is imported, so the registry with a throwaway mechanic added is tried in a
fresh interpreter, compiling every archive file without the disk cache.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

COMPILE_ALL = """
import json, sys
import touring_dsl.mechanics as registry
from touring_dsl.mechanics import Mechanic

if sys.argv[1] == "with-throwaway":
    from touring_dsl.base.model_base import Frozen, Provenance

    class Part(Frozen):
        size: int = 1
        provenance: Provenance = Provenance()

    class Throwaway(Mechanic):
        name, means, model = "throwaway", "a mechanic no edition uses", Part

    race, ruleset = Throwaway(), Throwaway()
    ruleset.place, ruleset.name = "ruleset", "throwaway_ruleset"
    registry.REGISTERED = registry.REGISTERED + (race, ruleset)
    registry._active[0] = registry.REGISTERED

from touring_dsl.language.locate import archive_files
from touring_dsl.language.compiler import compile_file
from touring_dsl.language.model import RaceMechanics, RulesetMechanics

assert ("throwaway" in RaceMechanics.model_fields) == (sys.argv[1] == "with-throwaway")
assert ("throwaway_ruleset" in RulesetMechanics.model_fields) == (sys.argv[1] == "with-throwaway")
print(json.dumps({path.stem: compile_file(path).model_dump(mode="json") for path in archive_files()}))
"""


def compiled_archive(how: str, tmp_path: Path) -> dict:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / how), "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-c", COMPILE_ALL, how], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_adding_a_mechanic_leaves_every_archive_edition_json_unchanged(tmp_path):
    """Trap: "adding a mechanic changes the compiled JSON of editions that do not use it". A throwaway
    mechanic of a race and one of the ruleset, registered and used by no edition, change no archive file's
    compiled JSON (editions and house rules alike)."""
    before = compiled_archive("as-registered", tmp_path)
    after = compiled_archive("with-throwaway", tmp_path)
    assert set(before) == set(after) and len(before) >= 14
    changed = sorted(edition for edition in before if before[edition] != after[edition])
    assert not changed, f"a mechanic no edition uses changed the compiled JSON of {changed}"


def test_the_json_names_only_the_mechanics_in_use():
    """The mechanics a ruleset does not use are absent from its JSON, not written as null."""
    from touring_dsl.language.archive import load
    from touring_dsl.language.locate import archive_files

    for path in archive_files():
        data = load(str(path)).model_dump(mode="json")
        parts = [data.get("mechanics", {})] + [setup["race"].get("mechanics", {}) for setup in data["setups"]]
        parts.append(data["race"].get("mechanics", {}))
        assert all(None not in part.values() for part in parts), path.stem
