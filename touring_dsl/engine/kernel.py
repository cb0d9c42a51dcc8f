"""Engine stage, the hot path: the ruleset's generated rules kernel, compiled once per compiled ruleset.

codegen.source writes the kernel (reset, deal, refresh, play_codes, apply_code, run_random, draw_cards,
reshuffle, finish) as Python source specialised to one Tables; this module compiles it once and hands
the functions to the Game subclass made for that ruleset (game.game_class). source_for shows the source.
"""
from __future__ import annotations

from ..base.wording import counted, distance
from .codegen import source
from .moves import new_event
from .tables import Tables, tables_for

__all__ = ["EVENT_WORDS", "KERNEL_FUNCTIONS", "compiled_code", "kernel_for", "source_for"]

KERNEL_FUNCTIONS = ("reset", "deal", "refresh", "play_codes", "apply_code", "run_random", "draw_cards", "reshuffle",
                    "finish")
# what generated code words its events with, so that they count in words that agree ("1 mile", "2 cards")
EVENT_WORDS = {"counted": counted, "distance": distance}


def kernel_for(t: Tables) -> dict:
    """The kernel's functions for a Tables, written and compiled once (cached on the Tables)."""
    if t.kernel is None:
        _, code = compiled_code(t, "kernel", "kernel", lambda: source(t))
        namespace = {"T": t, "event": new_event, **EVENT_WORDS, "__name__": f"touring_kernel_{id(t):x}"}
        exec(code, namespace)
        t.kernel = {name: namespace[name] for name in KERNEL_FUNCTIONS}
    return t.kernel


def compiled_code(t: Tables, key, label: str, write) -> tuple:
    """(source, code object) of generated code for t: the Tables' own if it carries it under `key`, else
    `write()` compiled now and kept there (so that a copy of t, or its pickle, carries it too)."""
    found = t.compiled.get(key)
    if found is None:
        text = write()
        found = t.compiled[key] = (text, compile(text, f"<touring {label} {t.ruleset_id}/{t.setup_id}/{t.players}>",
                                                 "exec"))
    return found


def source_for(ruleset, players: int = 2, setup: str | None = None, annotated: bool = False) -> str:
    """The kernel source the engine runs for a ruleset seated for `players` (to read, or to diff two editions);
    `annotated`: each line followed by the rule module and function that wrote it."""
    t = tables_for(ruleset, players, setup)
    if annotated:
        return source(t, annotated=True)
    kernel_for(t)
    return t.compiled["kernel"][0]
