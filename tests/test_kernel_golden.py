"""The generated kernels, byte for byte: every seating of every archive edition against a golden hash.

A mechanic (touring_dsl/mechanics/) writes kernel lines only where a ruleset uses it: every hook point
with no mechanic present writes nothing, so an edition that uses no mechanic keeps its kernel source
exactly, and with it its speed and its golden games. This test holds that line: the sha256 of
`source_for` (and of the simulator's measuring loops, simulate.fast) for each edition, setup and player count is kept in tests/golden/kernels/kernels.json, and
the kernels are also written with the mechanics registry emptied, which must change nothing for a
seating that uses no mechanic.

Regenerate after an intended change with: TOURING_UPDATE_GOLDEN=1 pytest tests/test_kernel_golden.py
(and say in the commit which kernels changed and why).
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from touring_dsl.archive import archive_files, load
from touring_dsl.engine.codegen import source
from touring_dsl.engine.tables import Tables
from touring_dsl.simulate.fast import loop_source

GOLDEN = Path(__file__).resolve().parent / "golden" / "kernels" / "kernels.json"
UPDATE = os.environ.get("TOURING_UPDATE_GOLDEN") == "1"


def seatings():
    for path in archive_files():
        ruleset = load(str(path))
        for setup in ruleset.setups:
            for players in setup.players:
                yield f"{ruleset.id} {setup.id} {players}", ruleset, setup.id, players


def kernel_hash(ruleset, players: int, setup: str) -> str:
    """The kernel's source and the simulator's measuring loops (random only; with the rule bots), hashed."""
    t = Tables(ruleset, ruleset.setup_for(players, setup), players)
    text = source(t) + loop_source(t, False, False) + loop_source(t, True, False)
    return hashlib.sha256(text.encode()).hexdigest()


def test_every_kernel_matches_its_golden_hash() -> None:
    found = {key: kernel_hash(ruleset, players, setup) for key, ruleset, setup, players in seatings()}
    if UPDATE:
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    changed = sorted(key for key in found if golden.get(key) != found[key])
    assert not changed, f"kernel sources changed: {changed}"
    assert set(golden) == set(found)
