"""The stages that loop over the core constructs (issue 30): language.compiler, engine.tables, cli.show,
cli.new, engine.explain, the rule bots' facts (bots.greedy, bots.strategy.knowledge), the differ
(diff.compare, diff.describe), the rulebook (rulebook.document, variant, provenance, examples, scoring)
and the kernel's writing (engine.schema, engine.codegen, engine.emitter, and bots.playout's measuring
loop, which names no construct either).

Each stage visits mechanics.core.CORE through its stage method of the contract (mechanics.construct.Construct),
in the order mechanics.core.ORDER declares for it, and names no construct: a new core construct joins
each stage by implementing the method and taking its place in the order. These tests hold that: no stage
file names a construct object; every construct that implements a stage method has its place in that
method's order, and the stage reaches it; the output follows ORDER, not the tuple order of CORE.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import touring_dsl
from touring_dsl.cli.new import suggestions
from touring_dsl.cli.show import summary_lines
from touring_dsl.diff import describe, diff_rulesets
from touring_dsl.engine import build_position
from touring_dsl.engine.explain import Asking, why_not
from touring_dsl.engine.tables import Tables
from touring_dsl.language.archive import load
from touring_dsl.language.compiler import compile_file
from touring_dsl.language.errors import InternalError
from touring_dsl.mechanics import core
from touring_dsl.mechanics.construct import Construct
from touring_dsl.mechanics.phrases import Chapter, Para
from touring_dsl.rulebook.document import build as build_rulebook

PACKAGE = Path(touring_dsl.__file__).parent
EDITIONS = PACKAGE.parent / "editions"
# the stage files that loop over CORE, and the stage methods each loops over
STAGE_FILES = {
    "language/compiler.py": ("card_fields", "card_attributes", "check_card", "setup_race", "compile_fields"),
    "engine/tables.py": ("tables", "state_tables", "targets"),
    "cli/show.py": ("show_lines",),
    "cli/new.py": ("suggestions",),
    "engine/explain.py": ("seat_refusal", "answer_refusal", "card_refusal", "shield_reason", "shielded_targets",
                          "running_refusal"),
    "bots/greedy.py": ("extra_turns", "ends_wait", "cancelling"),
    "bots/strategy/knowledge.py": ("extra_turns", "run_free", "shields", "cancelling"),
    "diff/compare.py": ("compare", "card_changes", "card_summary", "seating_changes", "seating_summary"),
    "diff/describe.py": ("card_said", "seating_said", "diff_words"),
    "rulebook/document.py": ("chapter", "card_chapter", "card_role", "setup_lines", "setup_blocks", "partner_piles",
                             "play_options", "turn_blocks", "hindrances", "hazard_blocks", "hazard_chain",
                             "hazard_cure"),
    "rulebook/scoring.py": ("chapter",),
    "rulebook/provenance.py": ("provenance_rows",),
    "rulebook/variant.py": ("variant_lines", "new_card", "card_change"),
    "rulebook/examples.py": ("example_answer", "cancelling"),
    "rulebook/construct_words.py": (),
    "engine/schema.py": ("state",),
    "engine/codegen.py": ("kernel_names", "features", "kernel_constants", "plays"),
    "engine/emitter.py": ("constant_names", "flags", "waits"),
    "bots/playout.py": (),  # the measuring loop: the kernel's named steps through engine.codegen
}
STAGE_METHODS = tuple(name for name, member in vars(Construct).items()
                      if callable(member) and not name.startswith("_") and name != "owns")
ORDER_FREE = ("targets", "extra_turns", "run_free", "shields", "ends_wait", "cancelling",  # unions, or one answer:
              "card_fields", "diff_words", "flags", "waits")  # no order


def construct_names() -> set[str]:
    """Every module-level name the package binds to a core construct (TURN, ZONES...): derived from CORE."""
    return {name for module_name, module in list(sys.modules.items()) if module_name.startswith("touring_dsl.mechanics")
            for name, value in vars(module).items() if any(value is construct for construct in core.CORE)}


def named_in(source: str) -> set[str]:
    """The names a module's source uses or imports."""
    tree = ast.parse(source)
    found = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    found |= {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
              for alias in node.names}
    return found


@pytest.mark.parametrize("stage_file", sorted(STAGE_FILES))
def test_a_stage_file_names_no_construct(stage_file: str) -> None:
    names = construct_names()
    assert {"TURN", "RACE", "ZONES", "PENALTIES", "SAFETIES", "SCORING"} <= names  # the scan sees them
    named = named_in((PACKAGE / stage_file).read_text(encoding="utf-8")) & names
    assert not named, f"{stage_file} names {sorted(named)}: loop over mechanics.core.CORE instead"


def test_the_scan_finds_a_construct_named_in_a_stage() -> None:
    assert named_in("from ..mechanics.zones import ZONES\nZONES.tables(t, r)\n") & construct_names() == {"ZONES"}


def test_every_stage_method_is_looped_over_by_its_stage_file() -> None:
    assert {m for methods in STAGE_FILES.values() for m in methods} == set(STAGE_METHODS)
    for stage_file, methods in STAGE_FILES.items():
        text = (PACKAGE / stage_file).read_text(encoding="utf-8")
        for method in methods:
            # an ordered stage names the method to core.steps / first_said; a union calls it, or hands its
            # name to core.united
            looped = f'"{method}"' in text if method not in ORDER_FREE else (f".{method}(" in text
                                                                                or f'united("{method}"' in text)
            assert looped, f"{stage_file} does not loop over CORE's {method}"


@pytest.mark.parametrize("method", [m for m in STAGE_METHODS if m not in ORDER_FREE])
def test_every_construct_that_implements_a_stage_method_has_its_place_in_the_order(method: str) -> None:
    assert method in core.ORDER, f"mechanics.core.ORDER declares no order for {method}"
    for construct in core.CORE:
        if core.implements(construct, method):
            assert any(construct.owns(slot) for slot in core.ORDER[method]), \
                f"construct {construct.name} implements {method} and has no place in ORDER[{method!r}]"


def test_a_construct_with_no_place_in_a_stage_order_is_refused_by_name(monkeypatch) -> None:
    class Tolls(Construct):
        name = "tolls"

        def show_lines(self, ruleset):
            return ["Tolls: none"]

    monkeypatch.setattr(core, "CORE", (*core.CORE, Tolls()))
    with pytest.raises(core.StageOrderError, match=r"construct tolls implements show_lines"):
        summary_lines(load("touring-1937"))
    monkeypatch.setitem(core.ORDER, "show_lines", (*core.ORDER["show_lines"], "tolls"))
    assert summary_lines(load("touring-1937"))[-2] == "Tolls: none"  # (before the examples' count)


def test_a_slot_nobody_fills_and_a_slot_filled_twice_are_refused() -> None:
    with pytest.raises(core.StageOrderError, match="nothing fills the effects slot"):
        core.steps("tables", {})  # the effects' masks are the tables stage's own piece
    with pytest.raises(core.StageOrderError, match="both construct zones's and the stage's own"):
        core.steps("show_lines", {"zones": lambda r: [], "deck": 0, "setups": 0, "mechanics": 0,
                                  "effects": 0})


class Recorder:
    """Stands in for a stage method of every construct that implements it: records who was asked, answers
    nothing (so that a loop asking for the first answer asks them all), or calls through."""

    def __init__(self, monkeypatch, method: str, through: bool = False):
        self.method, self.asked = method, []
        self.implementers = [c.name for c in core.CORE if core.implements(c, method)]
        assert self.implementers, f"no construct implements {method}"
        for construct in core.CORE:
            if core.implements(construct, method):
                real = getattr(construct, method)
                monkeypatch.setattr(construct, method, self.stand_in(construct.name, real, through))

    def stand_in(self, name, real, through):
        def asked(*args):
            self.asked.append(name)
            return real(*args) if through else None
        return asked

    def reached_all(self) -> None:
        missing = [name for name in self.implementers if name not in self.asked]
        assert not missing, f"the {self.method} stage never asked {missing}"


def test_the_tables_stage_reaches_every_construct(monkeypatch) -> None:
    ruleset = load("touring-1937-penalties")
    tables = Recorder(monkeypatch, "tables", through=True)
    state_tables = Recorder(monkeypatch, "state_tables", through=True)
    targets = Recorder(monkeypatch, "targets", through=True)
    Tables(ruleset, ruleset.setup_for(2, None), 2)
    for recorder in (tables, state_tables, targets):
        recorder.reached_all()
    assert tables.asked == [slot for slot in core.ORDER["tables"] if slot in tables.implementers]


def test_the_show_stage_reaches_every_construct_in_its_order(monkeypatch) -> None:
    show = Recorder(monkeypatch, "show_lines", through=True)
    summary_lines(load("touring-1937-penalties"))
    show.reached_all()
    assert show.asked == [slot for slot in core.ORDER["show_lines"] if slot in show.implementers]


def test_the_new_stage_reaches_every_section_of_every_construct(monkeypatch) -> None:
    new = Recorder(monkeypatch, "suggestions", through=True)
    suggestions(load("touring-1937-penalties"))
    new.reached_all()
    owners = {slot: c.name for slot in core.ORDER["suggestions"] for c in core.CORE
              if c.owns(slot) and core.implements(c, "suggestions")}
    assert new.asked == list(owners.values())  # once per section, in the file's order: turn then reshuffle apart
    assert new.asked.count("turn") == 2 and new.asked.count("race") == 2


def test_the_bots_facts_reach_every_construct(monkeypatch) -> None:
    from touring_dsl.bots.greedy import Facts
    from touring_dsl.bots.strategy.knowledge import Knowledge

    ruleset = load("mille-bornes")
    recorders = [Recorder(monkeypatch, method, through=True) for method in ("extra_turns", "run_free", "shields", "ends_wait")]
    facts, knowledge = Facts(ruleset), Knowledge(ruleset, 2, None)
    for recorder in recorders:
        recorder.reached_all()
    assert facts.free and knowledge.extra_turn and knowledge.acts_as_go and knowledge.shields  # mille-bornes' safeties
    assert any(facts.lifts)


def test_the_explain_stage_reaches_every_construct(monkeypatch) -> None:
    ruleset = load("touring-1937")
    recorders = [Recorder(monkeypatch, method) for method in STAGE_FILES["engine/explain.py"]]
    # every construct answers nothing: each question goes to them all, then to explain's own pieces
    game = build_position(ruleset, sides={0: {"go": ["Go"]}, 1: {"go": ["Go"]}}, hands={0: ["Go", "Collision", "30 Miles"]})
    why_not(game, 0, "Go")  # a seat's wait; a go card on a running side
    assert why_not(game, 0, "30 Miles") == "30 Miles cannot be played now"  # asks every card's construct
    game = build_position(ruleset, sides={0: {"go": ["Go"]}}, hands={0: ["Collision"]})
    why_not(game, 0, "Collision")  # a hazard's effect asks what shields the other sides
    Asking(game).shield_reason("side 2", 1, game.t.code["Collision"])
    Asking(game).running_refusal(0)  # what the delays' refusal asks of a go card on a running side
    for recorder in recorders:
        recorder.reached_all()


def test_the_stage_orders_are_the_declared_ones_not_the_registry_tuple(monkeypatch) -> None:
    """The output of each stage is the same whatever the order of CORE: the order is ORDER's."""
    ruleset = load("touring-1937-penalties")
    before = summary_lines(ruleset), [[s.about for s in c] for c in suggestions(ruleset)]
    tables = Tables(ruleset, ruleset.setup_for(2, None), 2).__dict__
    monkeypatch.setattr(core, "CORE", tuple(reversed(core.CORE)))
    after = summary_lines(ruleset), [[s.about for s in c] for c in suggestions(ruleset)]
    assert after == before
    assert list(Tables(ruleset, ruleset.setup_for(2, None), 2).__dict__) == list(tables)


# the compile stage and the differ -------------------------------------------------------------------
def compiled(edition: str):
    """An archive edition compiled afresh (archive.load may answer from the compiled-ruleset cache)."""
    return compile_file(EDITIONS / f"{edition}.touring")


def differences(a: str = "touring-1906", b: str = "touring-1958") -> list[str]:
    """Every change from edition a to b, in words: 1906 to 1958 adds and drops cards and ways to seat
    players, pairs renamed cards and changes a setup's own race, so every loop of the differ runs."""
    return [describe(change) for change in diff_rulesets(load(a), load(b)).changes]


class Tolls(Construct):
    """A construct nobody foresaw, implementing one stage method (set by the test) and nothing else."""

    name = "tolls"


# each new stage method, what its stand-in does, and what makes its stage call it
NO_PLACE_REFUSED = {
    "compile_fields": (lambda self, build, section: {}, lambda: compiled("touring-1937")),
    "card_attributes": (lambda self: {}, lambda: compiled("touring-1937")),
    "check_card": (lambda self, build, stmt: None, lambda: compiled("touring-1937")),
    "setup_race": (lambda self, build, setup, race: race, lambda: compiled("touring-1937")),
    "compare": (lambda self, comparison, section: None, differences),
    "card_changes": (lambda self, old, new, in_b: [], differences),
    "card_summary": (lambda self, card: {}, differences),
    "seating_changes": (lambda self, to_b, s_a, r_a, s_b, r_b: [], differences),
    "seating_summary": (lambda self, setup, ruleset: {}, differences),
    "card_said": (lambda self, summary, names: "", differences),
    "seating_said": (lambda self, summary: [], differences),
}


def test_every_ordered_stage_method_of_the_compiler_and_the_differ_is_tried_here() -> None:
    ordered = {m for f in ("language/compiler.py", "diff/compare.py", "diff/describe.py") for m in STAGE_FILES[f]}
    assert set(NO_PLACE_REFUSED) == ordered - set(ORDER_FREE)


@pytest.mark.parametrize("method", sorted(NO_PLACE_REFUSED))
def test_a_construct_with_no_place_in_the_compile_or_diff_order_is_refused_by_name(monkeypatch, method) -> None:
    stand_in, run = NO_PLACE_REFUSED[method]
    tolls = type("Tolls", (Tolls,), {method: stand_in})()
    monkeypatch.setattr(core, "CORE", (*core.CORE, tolls))
    # the compiler reports an error of its own as a bug (InternalError), with the refusal's words
    with pytest.raises((core.StageOrderError, InternalError), match=rf"construct tolls implements {method} but"):
        run()
    monkeypatch.setitem(core.ORDER, method, (*core.ORDER[method], "tolls"))
    run()  # with its place, the stage takes it in


def test_the_compile_stage_takes_a_new_constructs_fields_in_its_order(monkeypatch) -> None:
    """A construct's compile step reads the fields of the steps before it (build.compiled), in ORDER."""
    seen = []

    class Tolls2(Tolls):
        def compile_fields(self, build, section):
            seen.append((section, sorted(build.compiled), build.race.miles))  # (a toll per so many miles)
            return {}

    monkeypatch.setattr(core, "CORE", (*core.CORE, Tolls2()))
    monkeypatch.setitem(core.ORDER, "compile_fields", ("tolls", *core.ORDER["compile_fields"]))
    with pytest.raises(InternalError, match="KeyError: 'race'"):  # first, it runs before the race it needs
        compiled("touring-1937")
    monkeypatch.setitem(core.ORDER, "compile_fields", (*core.ORDER["compile_fields"][1:], "tolls"))
    compiled("touring-1937")
    assert seen[-1][0] == "tolls" and {"race", "setups", "turn", "scoring", "pile_names"} <= set(seen[-1][1])


def test_a_compiled_field_given_twice_is_a_bug_reported_not_a_field_replaced(monkeypatch) -> None:
    class Tolls4(Tolls):
        def compile_fields(self, build, section):
            return {"race": None}

    monkeypatch.setattr(core, "CORE", (*core.CORE, Tolls4()))
    monkeypatch.setitem(core.ORDER, "compile_fields", (*core.ORDER["compile_fields"], "tolls"))
    with pytest.raises(InternalError, match=r"the tolls step of the compiler gives \['race'\]"):
        compiled("touring-1937")


def test_the_differ_says_a_new_constructs_changes_where_its_slot_is(monkeypatch) -> None:
    class Tolls3(Tolls):
        def compare(self, comparison, section):
            comparison.emit("notes", "added", "note", (None, "tolls"), None, "Tolls are paid at each town.")

    monkeypatch.setattr(core, "CORE", (*core.CORE, Tolls3()))
    monkeypatch.setitem(core.ORDER, "compare", ("tolls", *core.ORDER["compare"]))
    assert differences()[0] == "Note added: Tolls are paid at each town."
    monkeypatch.setitem(core.ORDER, "compare", (*core.ORDER["compare"][1:], "tolls"))
    assert differences()[-1] == "Note added: Tolls are paid at each town."


def test_the_compile_stage_reaches_every_construct_in_its_order(monkeypatch) -> None:
    recorders = {method: Recorder(monkeypatch, method, through=True)
                 for method in ("card_fields", "card_attributes", "check_card", "setup_race", "compile_fields")}
    compiled("mille-bornes")  # safeties that cancel (counters and safeties), zones, a match
    for recorder in recorders.values():
        recorder.reached_all()
    fields = recorders["compile_fields"]
    owners = [c.name for slot in core.ORDER["compile_fields"] for c in core.CORE
              if c.owns(slot) and core.implements(c, "compile_fields")]
    assert fields.asked == owners  # once per slot, in ORDER: the turn, then the reshuffle apart
    assert fields.asked.count("turn") == 2 and fields.asked.count("race") == 2


def test_the_diff_stage_reaches_every_construct_in_its_order(monkeypatch) -> None:
    methods = [m for m in (*STAGE_FILES["diff/compare.py"], *STAGE_FILES["diff/describe.py"]) if m != "diff_words"]
    recorders = {method: Recorder(monkeypatch, method, through=True) for method in methods}
    differences()
    for recorder in recorders.values():
        recorder.reached_all()
    owners = [c.name for slot in core.ORDER["compare"] for c in core.CORE
              if c.owns(slot) and core.implements(c, "compare")]
    assert recorders["compare"].asked == owners


def test_the_compile_and_diff_orders_are_the_declared_ones_not_the_registry_tuple(monkeypatch) -> None:
    """The compiled JSON, the errors of a card and the diff are the same whatever the order of CORE."""
    before = compiled("mille-bornes").model_dump_json(), differences()
    monkeypatch.setattr(core, "CORE", tuple(reversed(core.CORE)))
    assert (compiled("mille-bornes").model_dump_json(), differences()) == before
# the rulebook ----------------------------------------------------------------------------------------
RULEBOOK_METHODS = tuple(dict.fromkeys(m for stage in STAGE_FILES if stage.startswith("rulebook/")
                                       for m in STAGE_FILES[stage]
                                       if m != "cancelling"))  # (the bots' union, which the examples read too)
# every archive edition and house rule between them uses every construct's rulebook words (a house rule: the
# variant section), and the scholarly edition prints every chapter and the sources
EVERY_EDITION = tuple(sorted(str(path.relative_to(PACKAGE.parent)) for pattern in ("editions/*.touring",
                                                                                    "editions/house/*.touring")
                             for path in PACKAGE.parent.glob(pattern)))


@pytest.mark.parametrize("method", RULEBOOK_METHODS)
def test_a_construct_with_a_rulebook_method_and_no_place_in_its_order_is_refused(monkeypatch, method) -> None:
    class Tolls(Construct):
        name = "tolls"

    def said(self, *args):  # the method implemented, whatever it says: the stage must refuse it unplaced
        return getattr(Construct, method)(self, *args)

    monkeypatch.setattr(Tolls, method, said)
    monkeypatch.setattr(core, "CORE", (*core.CORE, Tolls()))
    with pytest.raises(core.StageOrderError, match=f"construct tolls implements {method} but has no place"):
        for edition in EVERY_EDITION:
            build_rulebook(load(edition))


def test_a_new_constructs_chapter_is_printed_where_its_slot_is(monkeypatch) -> None:
    class Tolls(Construct):
        name = "tolls"

        def chapter(self, ruleset, slot, book):
            return Chapter("Tolls", "tolls", (Para(("Every side pays its tolls.",)),))

    monkeypatch.setattr(core, "CORE", (*core.CORE, Tolls()))
    with pytest.raises(core.StageOrderError, match="construct tolls implements chapter"):
        build_rulebook(load("touring-1937"))
    order = core.ORDER["chapter"]
    monkeypatch.setitem(core.ORDER, "chapter", (*order[:order.index("notes")], "tolls", *order[order.index("notes"):]))
    anchors = [section.anchor for section in build_rulebook(load("touring-1937")).sections]
    assert anchors[anchors.index("progressive") + 1:anchors.index("progressive") + 3] == ["tolls", "notes"]


def test_the_rulebook_stage_reaches_every_construct(monkeypatch) -> None:
    recorders = [Recorder(monkeypatch, method, through=True) for method in RULEBOOK_METHODS
                 if any(core.implements(c, method) for c in core.CORE)]
    assert {r.method for r in recorders} >= {"chapter", "card_chapter", "card_role", "provenance_rows", "variant_lines"}
    for edition in EVERY_EDITION:
        build_rulebook(load(edition))
    for recorder in recorders:
        recorder.reached_all()
    chapters = next(r for r in recorders if r.method == "chapter")
    owners = [c.name for slot in core.ORDER["chapter"] for c in core.CORE if c.owns(slot) and core.implements(c, "chapter")]
    assert chapters.asked[:len(owners)] == owners  # the first rulebook's chapters, in ORDER's order


def test_the_rulebooks_order_is_the_declared_one_not_the_registry_tuple(monkeypatch) -> None:
    """Every rulebook is the same whatever the order of CORE: its chapters', lists' and rows' order is ORDER's."""
    editions = ("touring-1937-penalties", "mille-bornes", "editions/house/per-side-zones-1906.touring")
    before = [build_rulebook(load(edition)) for edition in editions]
    monkeypatch.setattr(core, "CORE", tuple(reversed(core.CORE)))
    assert [build_rulebook(load(edition)) for edition in editions] == before
# the kernel's writing: engine.schema, engine.codegen, engine.emitter ----------------------------------------
def kernel_text(ruleset_id: str = "mille-bornes", players: int = 3) -> str:
    from touring_dsl.engine.codegen import source

    ruleset = load(ruleset_id)
    return source(Tables(ruleset, ruleset.setup_for(players, None), players), annotated=True)


def kernel_orders() -> dict:
    """Each ordered kernel stage, as a call that runs it afresh (the state, the constants' names and the
    run-time names are also fixed once at import)."""
    from touring_dsl.engine import codegen, emitter, schema

    return {"state": schema.core_fields, "constant_names": emitter.constant_names,
            "kernel_names": codegen.core_kernel_names, "features": kernel_text, "kernel_constants": kernel_text,
            "plays": kernel_text}


@pytest.mark.parametrize("method", ["state", "constant_names", "kernel_names", "features", "kernel_constants",
                                    "plays"])
def test_a_construct_that_writes_kernel_lines_with_no_place_in_their_order_is_refused(monkeypatch, method) -> None:
    """A new construct that declares state, names, constants, heading words or a card kind it lays, and has no
    slot in ORDER for them, is refused by name: its part of the kernel would have nowhere to go."""
    class Tolls(Construct):
        name = "tolls"

    setattr(Tolls, method, lambda self, *args: ())
    monkeypatch.setattr(core, "CORE", (*core.CORE, Tolls()))
    with pytest.raises(core.StageOrderError, match=rf"construct tolls implements {method}"):
        kernel_orders()[method]()


def test_a_new_kind_of_card_is_one_constructs_plays(monkeypatch) -> None:
    """A construct that lays a kind of card joins the kernel's dispatch through its `plays` and its slot."""
    from touring_dsl.mechanics.vocabulary import COUNTER

    class Tolls(Construct):
        name = "tolls"

        def plays(self, t):
            return [((COUNTER,), lambda e: e.w("pass  # a toll paid"))]

    assert "# counter" not in kernel_text("touring-reprint", 2)  # (its counter cards are never laid in turn)
    monkeypatch.setattr(core, "CORE", (*core.CORE, Tolls()))
    monkeypatch.setitem(core.ORDER, "plays", (*core.ORDER["plays"], "tolls"))
    text = kernel_text("touring-reprint", 2)
    assert "else:  # counter" in text and "pass  # a toll paid" in text  # the last branch, after the safeties
    assert "# counter" not in kernel_text("touring-1937", 2)  # no branch for a kind the deck does not hold


def test_a_flag_two_constructs_set_is_refused(monkeypatch) -> None:
    from touring_dsl.engine.emitter import construct_flags

    class Tolls(Construct):
        name = "tolls"

        def flags(self, t):
            return {"hand_limit": True}

    ruleset = load("touring-1937")
    t = Tables(ruleset, ruleset.setup_for(2, None), 2)
    assert construct_flags(t) == {"has_counters": False, "hand_limit": False, "has_penalties": False}
    monkeypatch.setattr(core, "CORE", (*core.CORE, Tolls()))
    with pytest.raises(core.StageOrderError, match="construct tolls sets the Emitter flag hand_limit"):
        construct_flags(t)


def test_the_kernel_stages_reach_every_construct_in_their_order(monkeypatch) -> None:
    recorders = {method: Recorder(monkeypatch, method, through=True)
                 for method in STAGE_FILES["engine/codegen.py"] + STAGE_FILES["engine/emitter.py"] + ("state",)}
    for call in set(kernel_orders().values()):
        call()
    for method, recorder in recorders.items():
        recorder.reached_all()
        if method not in ORDER_FREE:
            slots = [slot.split(".")[0] for slot in core.ORDER[method] if slot.split(".")[0] in recorder.implementers]
            assert recorder.asked[:len(slots)] == slots, method


def test_the_kernel_is_the_same_whatever_the_order_of_core(monkeypatch) -> None:
    """The generated text (every constant line, state slot, name and branch) follows ORDER, not CORE's tuple."""
    from touring_dsl.engine import codegen, emitter, schema

    before = [kernel_text(edition, players) for edition, players in (("mille-bornes", 3), ("touring-1937-penalties", 2),
                                                                      ("touring-1906", 4))]
    fields, names, constants = schema.core_fields(), codegen.core_kernel_names(), emitter.constant_names()
    assert fields == schema.CORE_FIELDS and list(names) == list(codegen.KERNEL_NAMES) and constants == emitter.CONSTANTS
    monkeypatch.setattr(core, "CORE", tuple(reversed(core.CORE)))
    assert [kernel_text(edition, players) for edition, players in (("mille-bornes", 3), ("touring-1937-penalties", 2),
                                                                    ("touring-1906", 4))] == before
    assert schema.core_fields() == fields and list(codegen.core_kernel_names()) == list(names)
    assert emitter.constant_names() == constants


def test_every_named_step_of_the_kernel_is_a_constructs_method() -> None:
    """engine.codegen.NAMED_STEPS, the steps the kernel calls of one construct by name, each resolve."""
    from touring_dsl.engine.codegen import NAMED_STEPS, named_step

    for step in NAMED_STEPS:
        assert callable(named_step(step)), step


def test_a_named_step_of_a_construct_not_in_core_is_refused(monkeypatch) -> None:
    from touring_dsl.engine import codegen

    monkeypatch.setitem(codegen.NAMED_STEPS, "advance", ("tolls", "advance"))
    with pytest.raises(LookupError, match="named step advance is construct tolls's advance"):
        kernel_text()
