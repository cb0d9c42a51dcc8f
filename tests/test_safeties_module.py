"""The safety cards are one module (touring_dsl/mechanics/safeties.py): no other module reads what only a
safety card says (`against`, `acts as go`, `extra turn`: Card.against, Card.acts_as_go, Card.extra_turn)
or the tables made of it (Tables.immune, Tables.acts_as_go, Tables.extra_turn), and the engine keeps no
rule module of its own for them. A stage that needs a safety's part calls SAFETIES (issue 30)."""
from __future__ import annotations

import ast
from pathlib import Path

from touring_dsl.language.errors import CODES

PACKAGE = Path(__file__).resolve().parent.parent / "touring_dsl"
SAFETY_ONLY = ("against", "acts_as_go", "extra_turn", "immune")
# reads of those names that are not a safety card's or the Tables': each with why it may stay
ALLOWED = {
    ("bots/strategy/scorer.py", "acts_as_go"): "Knowledge.acts_as_go: the names SAFETIES.run_free gave",
    ("bots/strategy/scorer.py", "extra_turn"): "Knowledge.extra_turn: the names SAFETIES.extra_turns gave",
    ("web/views.py", "against"): "the card catalogue the web faces read: every card field, as compiled",
    ("mechanics/stacking.py", "immune"): "a mechanic's kernel lines: a stacked hazard lifted by a shield",
}


def reads_outside_the_module() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        if where == "mechanics/safeties.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and node.attr in SAFETY_ONLY
                    and (where, node.attr) not in ALLOWED):
                found.append(f"{where}:{node.lineno} reads .{node.attr}")
    return found


def test_only_the_safeties_module_reads_what_a_safety_says():
    assert reads_outside_the_module() == []


def test_the_engine_has_no_safety_rule_module():
    assert not (PACKAGE / "engine" / "rules" / "safeties.py").exists()


def test_the_safeties_error_codes_are_the_modules():
    from touring_dsl.mechanics.safeties import SAFETIES

    assert SAFETIES.errors and all(CODES[code] == summary for code, summary in SAFETIES.errors.items())
