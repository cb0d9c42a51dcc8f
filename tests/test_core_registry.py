"""The core constructs are one registry (touring_dsl/mechanics/core.py, CORE) the parse loops over.

Each construct in CORE keeps the parse's contract (mechanics.construct.Construct): it declares its
grammar aliases, parses each, and keys its statements. language.syntax names none of them: it hands an
alias to the construct that declares it. These tests are derived from the registry, so a construct added
to CORE is held to the same contract without a hand-kept list here.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from construct_support import grammar_aliases, grammar_rule_names  # tests/construct_support.py

import touring_dsl
from touring_dsl import mechanics
from touring_dsl.language import syntax
from touring_dsl.language.syntax import ToRaw
from touring_dsl.mechanics import core, effects
from touring_dsl.mechanics.construct import Construct

ROOT = Path(touring_dsl.__file__).parent.parent
NAMES = lambda construct: type(construct).__name__  # noqa: E731 - a test id


@pytest.mark.parametrize("construct", core.CORE, ids=NAMES)
def test_every_construct_keeps_the_contract(construct) -> None:
    assert isinstance(construct, Construct)
    assert construct.name and construct.statements, f"{NAMES(construct)} declares no name or no grammar alias"
    assert type(construct).parse is not Construct.parse, f"{NAMES(construct)} does not parse its aliases"


@pytest.mark.parametrize("construct", core.CORE, ids=NAMES)
def test_every_alias_a_construct_declares_is_in_the_grammar_and_parsed_by_it(construct) -> None:
    """An alias with no grammar line is a parse left behind; one that language.syntax parses itself, or
    routes to another construct, never reaches this construct's parse."""
    in_grammar = grammar_aliases() | grammar_rule_names()
    missing = [alias for alias in construct.statements if alias not in in_grammar]
    assert not missing, f"{NAMES(construct)} declares aliases the grammar does not have: {missing}"
    own = [alias for alias in construct.statements if alias in vars(ToRaw)]
    assert not own, f"language.syntax parses {own} itself, not {NAMES(construct)}"
    elsewhere = [alias for alias in construct.statements if core.construct_of(alias) is not construct]
    assert not elsewhere, f"{elsewhere} of {NAMES(construct)} are routed to another construct"


def test_no_alias_is_declared_twice() -> None:
    """A construct's alias shared with another construct, a hazard effect's attribute or a mechanic's line
    would be parsed by whichever the loop met first."""
    owners: dict[str, list[str]] = {}
    for construct in core.CORE:
        for alias in construct.statements:
            owners.setdefault(alias, []).append(NAMES(construct))
    for effect in effects.REGISTERED:
        for alias in effect.attributes:
            owners.setdefault(alias, []).append(f"effect {effect.name}")
    for mechanic in mechanics.REGISTERED:
        for alias in mechanic.statements:
            owners.setdefault(alias, []).append(f"mechanic {mechanic.name}")
    shared = {alias: who for alias, who in owners.items() if len(who) > 1}
    assert not shared, f"aliases declared twice: {shared}"


def test_the_editions_parse_every_construct_through_the_registry(monkeypatch) -> None:
    """Parsing the archive's editions hands each construct only its own aliases, and reaches every one."""
    seen: dict[str, set[str]] = {NAMES(c): set() for c in core.CORE}
    for construct in core.CORE:
        def spy(alias, children, construct=construct, parse=construct.parse):
            assert alias in construct.statements, f"{NAMES(construct)} was handed {alias!r}"
            seen[NAMES(construct)].add(alias)
            return parse(alias, children)
        monkeypatch.setattr(construct, "parse", spy)
    for path in sorted((ROOT / "editions").rglob("*.touring")):
        syntax.parse(path.read_text(encoding="utf-8"), str(path))
    unreached = [name for name, aliases in seen.items() if not aliases]
    assert not unreached, f"no edition's line reached {unreached} through the registry"


@pytest.mark.parametrize("construct", core.CORE, ids=NAMES)
def test_every_construct_s_error_codes_are_in_the_table(construct) -> None:
    """language.errors.CODES takes in each construct's own codes by looping over CORE."""
    from touring_dsl.language.errors import CODES

    assert all(CODES.get(code) == summary for code, summary in construct.errors.items())


def test_no_differ_aspect_is_declared_by_two_constructs() -> None:
    """diff.describe takes every construct's sentences by looping over CORE: one aspect, one sentence."""
    declared = [aspect for construct in core.CORE for aspect in construct.diff_phrases]
    assert len(declared) == len(set(declared)) == len(core.diff_phrases())
