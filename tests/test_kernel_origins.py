"""`touring show EDITION --kernel` names the rule that wrote each line, whatever helpers the writing uses.

Issue 30, trap 6: a new helper function in engine/codegen.py changed the origin notes of the kernel
unless it was added to a hand-kept list of machinery names. The origin is now found by module (the
machinery of engine/emitter.py is never an origin; a rule that the assembly in engine.codegen called
is): these tests add helpers, in codegen and in the machinery, and the notes stay as they were.
"""
from __future__ import annotations

import textwrap

from touring_dsl.engine import codegen, emitter
from touring_dsl.engine.codegen import source
from touring_dsl.engine.tables import Tables
from touring_dsl.language.archive import load

HELPER = '''
def report(e, args):  # a new helper, writing the lines its caller asks for
    if e.events:
        with e.w.block("if ev is not None:"):
            e.w(f"ev.append(event({', '.join(args)}))")


def event(self, *args):
    report(self, args)
'''


def annotated() -> str:
    ruleset = load("mille-bornes")  # counters, safeties, zones: most rules write events
    return source(Tables(ruleset, ruleset.setup_for(3, None), 3), annotated=True)


def helper_in(module) -> object:
    """The helper's event, defined as if written in `module` (its frames carry that module's name)."""
    namespace = {"__name__": module.__name__}
    exec(textwrap.dedent(HELPER), namespace)  # noqa: S102 (the test's own text)
    return namespace["event"]


def test_a_helper_added_in_codegen_changes_no_origin(monkeypatch):
    before = annotated()
    assert "ev.append(event(\"counter\"" in before.replace("'", '"') or "<- mechanics.counters.kernel.respond" in before
    monkeypatch.setattr(codegen.Emitter, "event", helper_in(codegen))
    after = annotated()
    assert "engine.codegen.report" not in after
    assert after == before


def test_a_helper_added_in_the_machinery_changes_no_origin(monkeypatch):
    before = annotated()
    monkeypatch.setattr(emitter.Emitter, "event", helper_in(emitter))
    after = annotated()
    assert after == before


def test_the_lines_of_codegen_itself_are_named_by_its_function():
    text = annotated()
    assert any(line.strip().startswith("k = KIND[c]") and line.endswith("<- engine.codegen.play")
               for line in text.splitlines())
    assert any(line.startswith("def play_codes(") and line.endswith("<- engine.codegen.write_play_codes")
               for line in text.splitlines())
