"""The generated kernels, byte for byte: every seating of every archive edition against a golden hash.

A mechanic (touring_dsl/mechanics/) writes kernel lines only where a ruleset uses it: every hook point
with no mechanic present writes nothing, so an edition that uses no mechanic keeps its kernel source
exactly, and with it its speed and its golden games. This test holds that line: the sha256 of
`source_for` (and of the measuring loops, bots.playout, that the simulator and the search play in) for each edition, setup and player count is kept in tests/golden/kernels/kernels.json, and
the kernels are also written with the mechanics registry emptied, which must change nothing for a
seating that uses no mechanic.

Regenerate after an intended change with `python scripts/goldens.py` (or TOURING_UPDATE_GOLDEN=1 pytest
tests/test_kernel_golden.py): kernels.json is written with the registry emptied, as the second test
reads it, and with-mechanics.json as the seatings that use one are; say in the commit which kernels
changed and why.
"""
from __future__ import annotations

import hashlib
import json

from golden_files import UPDATE, golden_path, write_golden  # tests/golden_files.py

from touring_dsl.language.archive import load

from touring_dsl.language.locate import archive_files
from touring_dsl.engine.codegen import source
from touring_dsl.engine.tables import Tables
from touring_dsl.mechanics import without_mechanics
from touring_dsl.bots.playout import loop_source

GOLDEN = golden_path("golden", "kernels", "kernels.json")  # as with no mechanic
WITH_MECHANICS = GOLDEN.with_name("with-mechanics.json")  # the seatings that use a mechanic


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
    """Seatings that use no mechanic keep the kernel they had before mechanics were modules; those that
    use one have their own golden hashes."""
    found, plain = {}, {}
    for key, ruleset, setup, players in seatings():
        tables = Tables(ruleset, ruleset.setup_for(players, setup), players)
        if tables.mechanics:
            found[key] = kernel_hash(ruleset, players, setup)
        else:
            plain[key] = kernel_hash(ruleset, players, setup)
    if UPDATE:
        write_golden(GOLDEN, json.dumps(as_with_no_mechanic(), indent=1, sort_keys=True) + "\n")
        write_golden(WITH_MECHANICS, json.dumps(found, indent=1, sort_keys=True) + "\n")
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    changed = sorted(key for key in plain if golden.get(key) != plain[key])
    assert not changed, f"kernel sources changed where no mechanic is used: {changed}"
    assert set(golden) == set(plain) | set(found)
    with_golden = json.loads(WITH_MECHANICS.read_text(encoding="utf-8"))
    assert found == with_golden, "a kernel that uses a mechanic changed: regenerate and say why"


def as_with_no_mechanic() -> dict[str, str]:
    """Every seating's kernel hash with the mechanics registry emptied: kernels.json."""
    with without_mechanics():
        return {key: kernel_hash(ruleset, players, setup) for key, ruleset, setup, players in seatings()}


def test_an_emptied_registry_gives_every_kernel_it_had_before_mechanics() -> None:
    """With no mechanic registered, every seating (the Extension's too) writes the kernel it wrote before:
    a mechanic's lines come only from its own hooks."""
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert as_with_no_mechanic() == golden
