"""Issue 30: delays (the `delays` section's `chain ... then ...` and `target`, the go and remedy cards, the
go piles and their states) are one construct, touring_dsl/mechanics/delays/: its parse, its model part,
its compile step and errors, its tables and kernel lines, explain's refusals, and its words.

Before, delays were spread over language/syntax.py, language/model.py, language/compiler.py,
language/errors.py, engine/tables.py, engine/rules/delays.py, engine/codegen.py, engine/derived.py,
engine/explain.py, rulebook/document.py, rulebook/variant.py, rulebook/provenance.py, cli/show.py,
cli/new.py, diff/compare.py and diff/describe.py. These tests hold that what is the delays' is written in
the construct only, and that the kernel's go pile lines are the construct's (their origin notes name it).
Every test imports the construct inside itself, so that each fails on the old layout for its own reason.
"""
from __future__ import annotations

import ast
import re
import subprocess
import sys

import pytest
from construct_support import PACKAGE, grammar_aliases, written_in, written_outside  # tests/construct_support.py

from touring_dsl.language.archive import load

CONSTRUCT = "mechanics/delays"

# words only the delays say: the rulebook's go card, hazards and turn sections, the variant section and the
# sources table, `touring show`, the differ, `touring new`, explain and the compiler's messages
DELAYS_WORDS = ("lets a side lay mileage", "A side may lay mileage only while the top card of its",
                "sets you going again", "and on which opponents lay hazards", "A hazard that stops a side (",
                "Such a hazard may be laid only on a side whose", "Such a hazard may be laid on any opponent",
                "to start your side or to end a delay", "when it is the next step of a repair",
                "Changes which sides a hazard may be laid on", "Repairing ", "Hazards and their targets",
                "Recovery: ", '"Delay: ', "New delay ", "No delay chain for", "is recovered with",
                "only on a side showing an undelayed go card", "before it can go again",
                "follows no hazard in this edition", "is already repaired", "not the go card",
                "a step before the last")

# the go pile states and their tables: numbered and filled by the construct alone (DELAYS.tables)
GO_PILE_TABLES = ("chain_of_state", "haz_state", "onto", "after", "chains", "delay_any", "go_free", "state_hazard")


@pytest.mark.parametrize("words", DELAYS_WORDS)
def test_the_delays_words_are_written_only_in_the_construct(words):
    outside = written_outside(CONSTRUCT, [words])
    assert not outside, f"{words!r} is written outside mechanics/delays, in {outside}"
    assert written_in(CONSTRUCT, words), f"{words!r} is not written in mechanics/delays"


def test_no_stage_reads_the_delays_section_but_the_construct():
    reads = re.compile(r"""\b(one|stmts)\(\s*["']delays["']""")
    found = [hit for hit in written_outside(CONSTRUCT, [reads]) if not hit.startswith("mechanics/")]
    assert not found, f"the delays section is read outside mechanics/delays: {found}"


def stores_of(*names: str):
    """A needle: each store of an attribute of these names (`t.after = ...`, `self.onto[...] |= ...`)."""
    def stores(text: str):
        for node in ast.walk(ast.parse(text)):
            targets = node.targets if isinstance(node, ast.Assign) else \
                [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
            for target in targets:
                while isinstance(target, ast.Subscript):  # t.after[state][c] = ... stores into t.after
                    target = target.value
                if isinstance(target, ast.Attribute) and target.attr in names:
                    yield node.lineno, target.attr
    stores.__name__ = "stores of ." + ", .".join(names)
    return stores


def test_the_go_pile_tables_are_filled_only_by_the_construct():
    # a detached copy of the Tables clears its `chains` (model objects it must not carry); the strategy
    # bots keep their own `chains` (each hazard's steps by name, read off the model)
    allowed = [("engine/tables.py", "chains"), ("bots/strategy/knowledge.py", "chains")]
    outside = written_outside(CONSTRUCT, [stores_of(*GO_PILE_TABLES)], allowed)
    assert not outside, f"the go pile tables are filled outside mechanics/delays: {outside}"
    assert written_in(CONSTRUCT, stores_of(*GO_PILE_TABLES)), "mechanics/delays fills no go pile table"


def test_the_engine_names_no_go_or_remedy_kind():
    """The kernel's dispatch of a card, explain and the go pile read back ask the construct which kinds are
    the go pile's (DELAYS.card_kinds): no branch on GO or REMEDY of their own."""
    kinds = re.compile(r"\b(GO|REMEDY)\b")
    found = [hit for hit in written_outside(CONSTRUCT, [kinds])
             if hit.split(":")[0] in ("engine/codegen.py", "engine/explain.py", "engine/derived.py")
             or hit.startswith("engine/rules/")]
    assert not found, f"the engine branches on a go or remedy card's kind: {found}"


def test_the_rules_module_of_delays_is_gone():
    assert not (PACKAGE / "engine" / "rules" / "delays.py").exists()
    found = written_outside(CONSTRUCT, [re.compile(r"rules\.delays|rules import[^\n]*\bdelays\b")])
    assert not found, f"engine.rules.delays is still named: {found}"


def test_the_models_chain_and_delays_are_the_constructs():
    from touring_dsl.language import model
    from touring_dsl.mechanics.delays import model as delays_model

    assert model.Chain is delays_model.Chain and model.Delays is delays_model.Delays
    assert model.Ruleset.model_fields["delays"].annotation is delays_model.Delays


def test_the_constructs_statements_are_every_alias_of_its_grammar_lines():
    from touring_dsl.mechanics.core import CORE
    from touring_dsl.mechanics.delays import DELAYS

    aliases = grammar_aliases("delay_rule", "target", mechanics=False)
    assert aliases and aliases <= set(DELAYS.statements)
    assert DELAYS in CORE


def test_the_chain_and_remedy_errors_are_the_constructs():
    from touring_dsl.language.errors import CODES
    from touring_dsl.mechanics.delays import DELAYS

    assert set(DELAYS.errors) == {"E230", "E231"} and all(CODES[c] == s for c, s in DELAYS.errors.items())
    for code in DELAYS.errors:  # raised by the construct's compile step only
        outside = written_outside(CONSTRUCT, [f'"{code}"'])
        assert not outside, f"{code} is raised outside mechanics/delays: {outside}"


def test_the_kernels_go_pile_lines_are_written_by_the_construct():
    from touring_dsl.engine.codegen import source
    from touring_dsl.engine.tables import Tables

    ruleset = load("mille-bornes")
    annotated = source(Tables(ruleset, ruleset.setup_for(3, None), 3), annotated=True)
    origin_of = {}
    for line in annotated.splitlines():
        code, _, origin = line.partition("  # <- ")
        origin_of.setdefault(code.strip(), origin.strip())
    assert origin_of["go_piles[s].append(c)"] == "mechanics.delays.kernel.go_or_remedy"
    assert origin_of["go_piles[v].append(c)"] == "mechanics.delays.kernel.cover"
    assert not any("rules.delays" in o for o in origin_of.values())


def test_the_engine_import_of_the_construct_loads_no_pydantic_model():
    # the kernel's writer imports the package; its model part (pydantic) is loaded only by the model and the compile step
    probe = ("import sys, touring_dsl.mechanics.delays as d; d.DELAYS.tables; "
             "print('touring_dsl.mechanics.delays.model' in sys.modules, "
             "'touring_dsl.mechanics.delays.compile' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "False"]


def test_a_go_pile_laid_by_hand_is_read_by_the_construct():
    """engine.derived reads a go pile through DELAYS.pile_state: a chain's hazard, then its steps in order."""
    from touring_dsl.engine.tables import EMPTY, RUNNING, Tables
    from touring_dsl.mechanics.delays import DELAYS

    ruleset = load("mille-bornes")
    t = Tables(ruleset, ruleset.setup_for(2, None), 2)
    chain = next(c for c in ruleset.delays.chains if len(c.steps) == 2)
    hazard, remedy, go = (t.code[name] for name in (chain.hazard, *chain.steps))
    assert DELAYS.pile_state(t, []) == EMPTY
    assert DELAYS.pile_state(t, [go]) == RUNNING
    held = DELAYS.pile_state(t, [go, hazard])
    assert held == t.haz_state[hazard] and t.after[held][remedy] == held + 1
    assert DELAYS.pile_state(t, [go, hazard, remedy]) == held + 1
    assert DELAYS.pile_state(t, [go, hazard, remedy, go]) == RUNNING
