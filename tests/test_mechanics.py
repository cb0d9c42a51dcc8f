"""Meta-tests of the mechanics (touring_dsl/mechanics/, contract in engine/mechanics.py): a mechanic missing a
declared piece fails here, by name (tests/test_extension.py plays the first mechanic through every consumer)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from touring_dsl.language.archive import load
from touring_dsl.engine.codec import ACTION_NAMES, CORE_ACTIONS
from touring_dsl.engine.rebuild import DERIVE, FROM_VIEW
from touring_dsl.engine.schema import DERIVED, PUBLIC, state_fields
from touring_dsl.language.errors import CODES
from touring_dsl.mechanics import REGISTERED, Decision, Mechanic
from touring_dsl.mechanics.base import contract
from touring_dsl.base.model_base import Frozen

ROOT = Path(__file__).resolve().parents[1]
GRAMMAR = (ROOT / "grammar" / "touring.lark").read_text(encoding="utf-8")
ERRORS_DOC = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
BAD_EXPECTED = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests" / "bad").glob("*.expected"))


def _overrides(mechanic: Mechanic, method: str) -> bool:
    return getattr(type(mechanic), method) is not getattr(Mechanic, method)


def hooks_of(stage_name: str) -> tuple[str, ...]:
    """The contract's methods of one stage (mechanics.base.contract: a method not marked serves the race)."""
    return tuple(name for name, where in contract().items() if where == stage_name)



def missing_pieces(mechanic: Mechanic, part=None, unit: str = "km") -> list[str]:
    """Every piece of the contract the mechanic lacks (empty: complete). `part`: one of its compiled parts."""
    missing = []
    if not mechanic.name or not mechanic.means:
        missing.append("a name and what it means")
    if not (isinstance(mechanic.model, type) and issubclass(mechanic.model, Frozen)
            and "provenance" in mechanic.model.model_fields):
        missing.append("a model part (a Frozen class with a provenance)")
    if mechanic.place not in ("race", "ruleset", "match"):
        missing.append("a place: race, ruleset or match")
    if mechanic.place == "match":
        missing += _match_pieces(mechanic)
    if not mechanic.statements:
        missing.append("a statement in the language")
    for alias in mechanic.statements:
        if not re.search(rf"->\s*{alias}\b", GRAMMAR):
            missing.append(f"grammar line for statement {alias}")
    if mechanic.statements and not _overrides(mechanic, "compile"):
        missing.append("a compile step")
    for code in mechanic.errors:
        if code not in CODES:
            missing.append(f"error {code} in errors.CODES")
        if f"### {code}:" not in ERRORS_DOC:
            missing.append(f"error {code} explained in docs/errors.md")
        if f"error[{code}]" not in BAD_EXPECTED:
            missing.append(f"error {code} shown by a tests/bad/ fixture")
    for f in mechanic.state():
        if f.seen == PUBLIC and f.view != "extra" and f.name not in FROM_VIEW:
            missing.append(f"a way back from a View for state field {f.name}")
        if f.seen == DERIVED and f.derive not in DERIVE:
            missing.append(f"a derive step for state field {f.name}")
    for decision in mechanic.decisions:
        if not decision.words:
            missing.append(f"words for decision {decision.action}")
        if not re.search(rf"->\s*m_{decision.action}\b", GRAMMAR):
            missing.append(f"grammar line for the example move {decision.action}")
    if mechanic.decisions:
        for method, what in (("decide", "how its decisions apply"), ("choose", "the bots' choice"),
                             ("question", "the question of its offer")):
            if not _overrides(mechanic, method):
                missing.append(what)
    for finish in mechanic.finishes:
        if not finish.words or not re.search(rf"->\s*{finish.grammar}\b", GRAMMAR):
            missing.append(f"words and a grammar line for the score condition {finish.what}")
        if not _overrides(mechanic, "finish_holds"):
            missing.append(f"when the score condition {finish.what} holds")
    for award in mechanic.awards:
        if not (award.words and award.rulebook) or not re.search(rf"->\s*{award.grammar}\b", GRAMMAR):
            missing.append(f"words and a grammar line for the award {award.what}")
        if not _overrides(mechanic, "award_count"):
            missing.append(f"who scores the award {award.what}")
    for method, call in (("rulebook", lambda: mechanic.rulebook(part, unit)),
                         ("diff", lambda: mechanic.diff(None, part, unit) + mechanic.diff(part, None, unit)),
                         ("show", lambda: [mechanic.show(part, unit)])):
        try:
            said = call() if part is not None else ([] if _overrides(mechanic, method) else None)
        except NotImplementedError:
            said = None
        if said is None or (part is not None and not all(isinstance(x, str) and x for x in said) or said == []
                            and part is not None):
            missing.append(f"{method} words")
    return missing


def _match_pieces(mechanic: Mechanic) -> list[str]:
    """What a match mechanic lacks, or has that it may not: it plays between races, never in one."""
    missing = []
    in_race = [hook for hook in hooks_of("race") if _overrides(mechanic, hook)]  # none is a match mechanic's
    if in_race or mechanic.state() or mechanic.decisions or mechanic.constants or mechanic.kernel_names:
        missing.append("nothing in a race (a match mechanic writes no kernel line): " + ", ".join(
            in_race or ["state, decisions or kernel names"]))
    between = hooks_of("match")  # the hooks engine.match asks
    if not any(_overrides(mechanic, hook) for hook in between):
        missing.append("a hook between races (" + ", ".join(between) + ")")
    if _overrides(mechanic, "first_seat") and not _overrides(mechanic, "match_status"):
        missing.append("match_status words (the heading of a race it names the leader of)")
    return missing


def parts_in_archive(mechanic: Mechanic):
    """(ruleset, setup, part) wherever the archive uses the mechanic."""
    from touring_dsl.language.locate import archive_files

    for path in archive_files():
        ruleset = load(str(path))
        for setup in ruleset.setups:
            part = mechanic.part(ruleset, setup)
            if part is not None:
                yield ruleset, setup, part


@pytest.mark.parametrize("mechanic", REGISTERED, ids=lambda m: m.name)
def test_every_registered_mechanic_declares_every_piece(mechanic: Mechanic) -> None:
    found = next(parts_in_archive(mechanic), None)
    assert found is not None, f"no archive edition uses the mechanic {mechanic.name}"
    ruleset, setup, part = found
    assert missing_pieces(mechanic, part, setup.race.unit) == []


def test_a_mechanic_missing_pieces_is_caught() -> None:
    """The checker itself: a bare mechanic with a decision and no words, compile step or bot choice fails it."""

    class Bare(Mechanic):
        name, means = "bare", "nothing yet"
        decisions = (Decision("ponder", ""),)

    missing = missing_pieces(Bare())
    for piece in ("a model part (a Frozen class with a provenance)", "a statement in the language",
                  "words for decision ponder", "how its decisions apply", "the bots' choice",
                  "the question of its offer", "rulebook words", "diff words", "show words"):
        assert piece in missing


def test_a_match_mechanic_that_plays_in_a_race_or_not_at_all_is_caught() -> None:
    """A match mechanic (place "match") plays between races only: kernel lines are refused, and so is a
    match mechanic that names no hook between races; one that names the lead must also say so."""

    class InRace(Mechanic):
        name, means, place = "in_race", "writes a kernel line", "match"

        def end_of_turn(self, e) -> None:
            e.w("pass")

    class Idle(Mechanic):
        name, means, place = "idle", "plays nothing", "match"

    class Silent(Mechanic):
        name, means, place = "silent", "names the lead but never says so", "match"

        def first_seat(self, part, players, race):
            return 0

    assert "nothing in a race (a match mechanic writes no kernel line): end_of_turn" in missing_pieces(InRace())
    assert "a hook between races (first_seat)" in missing_pieces(Idle())
    assert "match_status words (the heading of a race it names the leader of)" in missing_pieces(Silent())


def test_the_hook_lists_come_from_the_contract(monkeypatch) -> None:
    """Trap: "tests/test_mechanics.py repeats the hook names in a hand-kept list". The lists are read from
    the contract (mechanics.base.Mechanic): a hook added to it is held to a race's rules at once, and a
    hook marked as one engine.match asks is one a match mechanic may name instead of first_seat."""
    from touring_dsl.mechanics.base import stage

    assert set(contract()) == {name for name in dir(Mechanic) if callable(getattr(Mechanic, name))
                               and not name.startswith("_")}  # its own and the shared ones (Contract's)
    assert {"parse", "statement_key", "rule_key"} <= set(hooks_of("language"))
    assert {"on_hazard", "go_shown", "choose", "status"} <= set(hooks_of("race")) and "first_seat" in hooks_of("match")
    assert not {"compile", "rulebook", "match_status"} & set(hooks_of("race"))

    monkeypatch.setattr(Mechanic, "on_turn_lost", lambda self, e: None, raising=False)
    monkeypatch.setattr(Mechanic, "between_legs", stage("match")(lambda self, part: None), raising=False)

    class LosesTurns(Mechanic):
        name, means, place = "loses_turns", "a match mechanic with a new race hook", "match"

        def between_legs(self, part):
            return None

        def on_turn_lost(self, e) -> None:
            e.w("pass")

    assert "on_turn_lost" in hooks_of("race") and "between_legs" in hooks_of("match")
    missing = " ".join(_match_pieces(LosesTurns()))
    assert "no kernel line): on_turn_lost" in missing and "a hook between races" not in missing


def test_decisions_are_numbered_after_the_core_moves() -> None:
    assert ACTION_NAMES[:len(CORE_ACTIONS)] == CORE_ACTIONS
    assert ACTION_NAMES[len(CORE_ACTIONS):] == tuple(d.action for m in REGISTERED for d in m.decisions)
    assert len(set(ACTION_NAMES)) == len(ACTION_NAMES)


def test_every_mechanic_state_field_is_in_the_schema() -> None:
    names = {f.name for f in state_fields()}
    for mechanic in REGISTERED:
        assert {f.name for f in mechanic.state()} <= names
