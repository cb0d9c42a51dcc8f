"""The stages that loop over the core constructs (issue 30): engine.tables, cli.show, cli.new, engine.explain,
the rule bots' facts (bots.greedy, bots.strategy.knowledge), and the kernel's writing (engine.schema,
engine.codegen, engine.emitter, and bots.playout's measuring loop, which names no construct either).

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
from touring_dsl.engine import build_position
from touring_dsl.engine.explain import Asking, why_not
from touring_dsl.engine.tables import Tables
from touring_dsl.language.archive import load
from touring_dsl.mechanics import core
from touring_dsl.mechanics.construct import Construct

PACKAGE = Path(touring_dsl.__file__).parent
# the stage files that loop over CORE, and the stage methods each loops over
STAGE_FILES = {
    "engine/tables.py": ("tables", "state_tables", "targets"),
    "cli/show.py": ("show_lines",),
    "cli/new.py": ("suggestions",),
    "engine/explain.py": ("seat_refusal", "answer_refusal", "card_refusal", "shield_reason", "shielded_targets",
                          "running_refusal"),
    "bots/greedy.py": ("extra_turns", "ends_wait", "cancelling"),
    "bots/strategy/knowledge.py": ("extra_turns", "run_free", "shields", "cancelling"),
    "engine/schema.py": ("state",),
    "engine/codegen.py": ("kernel_names", "features", "kernel_constants", "plays"),
    "engine/emitter.py": ("constant_names", "flags", "waits"),
    "bots/playout.py": (),  # the measuring loop: the kernel's named steps through engine.codegen
}
STAGE_METHODS = tuple(name for name, member in vars(Construct).items()
                      if callable(member) and not name.startswith("_") and name != "owns")
ORDER_FREE = ("targets", "extra_turns", "run_free", "shields", "ends_wait", "cancelling",  # unions, or one answer:
              "flags", "waits")  # no order


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
