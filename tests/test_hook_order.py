"""The order of the mechanics' hooks at one point of a turn is the point's, never the registry's.

Issue 30, trap 5: hooks ran in registry order, so a mechanic registered after taking the top discard
that makes a seat lose its turn (it passes `nxt` over at draw_step) would have written its lines after
the discard's question: the seat losing its turn would have been offered the top discard. At every
point the hooks that only change the table come first, then the one that asks the seat (pauses).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from touring_dsl.engine.codegen import source
from touring_dsl.engine.tables import Tables
from touring_dsl.language.archive import load
from touring_dsl.mechanics import Mechanic

EDITION = str(Path(__file__).resolve().parents[1] / "editions" / "house" / "discard-draw-mille-bornes.touring")
PASSED_OVER = "# the seat losing its turn is passed over"


class LosesATurn(Mechanic):
    """A mechanic as a contributor would add it, after taking the top discard in the registry: at the draw
    step the next seat may lose its turn (here, always: the line marks where it is written)."""

    name = "loses_a_turn"
    means = "a seat may lose its turn"

    def draw_step(self, e, seat: str) -> bool:
        e.w(f"{seat} = {e.next_seat(seat)}  {PASSED_OVER}")
        return False


class AsksToo(Mechanic):
    name = "asks_too"
    means = "asks the seat to act at the draw step too"

    def draw_step(self, e, seat: str) -> bool:
        with e.w.block("if draw:"):
            e.w(f"seat = {seat}")
            e.pause()
        return False


def apply_code(*extra: Mechanic, first: bool = False) -> str:
    """apply_code's source for the discard-draw edition with `extra` mechanics after (or before) its own."""
    ruleset = load(EDITION)
    t = Tables(ruleset, ruleset.setup_for(2, None), 2)
    assert "discard_draw" in [m.name for m in t.mechanics]
    t.mechanics = (*extra, *t.mechanics) if first else (*t.mechanics, *extra)
    text = source(t)
    return text[text.index("def apply_code("):text.index("def run_random(")]


def test_a_turn_lost_is_settled_before_the_top_discard_is_offered():
    text = apply_code(LosesATurn())
    assert PASSED_OVER in text and "pending = DISCARD_OFFER" in text
    assert text.index(PASSED_OVER) < text.index("pending = DISCARD_OFFER")


def test_the_registry_order_does_not_change_the_lines():
    assert apply_code(LosesATurn()) == apply_code(LosesATurn(), first=True)


def test_two_questions_at_one_point_are_refused():
    with pytest.raises(ValueError, match="discard_draw and asks_too both ask the seat at draw_step"):
        apply_code(AsksToo())
