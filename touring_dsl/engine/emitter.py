"""Engine stage, code generation's machinery: lines under construction, and the Emitter the rules write with.

The kernel is written by the rule modules (engine/rules/, and the mechanics' hooks) and assembled into
whole functions by engine.codegen; this module is what they all share and nothing else: Source (lines
of Python with, for each, the rule that wrote it), the Emitter's writing helpers (events, exits, pauses,
the mechanics' hooks, small expressions), and `function`, which wraps a body into a kernel function.

It imports no rule: the rules import it. Where a rule must call a rule above it (a safety's extra turn
draws cards; a hazard meets a counter first), it calls a step of the Emitter (e.draw_cards,
e.offer_counter, ...), declared here and given its rule by engine.codegen.Emitter, which assembles them.

A line's origin (`touring show EDITION --kernel`) is found by module, never from a list of names: the
frames of this module are machinery and never an origin; the nearest frame of a module outside it and
outside engine.codegen (a rule, a mechanic) that codegen called is the origin; a line codegen writes
itself is named by codegen's nearest function. So a helper added here or in codegen changes no note.
"""
from __future__ import annotations

import re
import sys
from contextlib import contextmanager

from ..mechanics import REGISTERED, core
from .codec import ACTIONS, TAKE, TARGET, is_action
from .schema import kernel_locals
from .tables import Tables

ASSEMBLY = "touring_dsl.engine.codegen"  # the module that assembles the rules into kernel functions


class Source:
    """Lines of Python under construction, with an indentation depth, and for each line the rule that
    wrote it (origin below), so that `touring show EDITION --kernel` can print the kernel with where each
    line came from."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.origins: list[str] = []
        self.depth = 0

    def __call__(self, *lines: str) -> None:
        where = origin()
        for text in lines:
            self.lines.append("    " * self.depth + text if text else "")
            self.origins.append(where)

    @contextmanager
    def block(self, header: str):
        self(header)
        self.depth += 1
        yield
        self.depth -= 1

    def extend(self, other: Source) -> None:
        self.lines.extend(other.lines)
        self.origins.extend(other.origins)

    def text(self, annotated: bool = False) -> str:
        """The source; `annotated`: each line followed by a comment naming the rule that wrote it."""
        if not annotated:
            return "\n".join(self.lines) + "\n"
        width = min(100, max((len(line) for line in self.lines), default=0))
        return "\n".join(f"{line:<{width}}  # <- {origin}" if line.strip() else line
                         for line, origin in zip(self.lines, self.origins)) + "\n"


MACHINERY = frozenset({__name__, "contextlib"})  # modules whose frames are never a line's origin


def origin() -> str:
    """The rule that is writing a line: the nearest caller of a module outside the machinery and the
    assembly (engine.codegen) that the assembly called (a rule, a mechanic's hook, a measuring loop's
    fragment), whatever helpers of either lie between; else (no rule between: the caller found is the
    one that asked for the kernel), a line the assembly writes itself, named by its nearest function. A nested function
    (a `body` written for `function`, a lambda) is named by the function it is defined in."""
    frame = sys._getframe(2)
    own = None  # the assembly's nearest function
    candidate = None  # the nearest frame outside machinery and assembly, until the assembly is seen to call it
    while frame is not None:
        module = frame.f_globals.get("__name__", "")
        if module in MACHINERY:
            pass
        elif module == ASSEMBLY:
            if candidate is not None:  # the assembly called it: a rule
                return candidate
            if own is None:
                own = _named(module, frame)
        elif candidate is None:
            candidate = _named(module, frame)
        frame = frame.f_back
    return own or candidate or "?"


def _named(module: str, frame) -> str:
    """module.function of a frame; a nested function by the function it is defined in."""
    function = frame.f_code.co_qualname.split(".<locals>", 1)[0].rsplit(".", 1)[-1]
    return f"{module.removeprefix('touring_dsl.')}.{function}"


class Emitter:
    """Writes kernel lines for one Tables into a Source; the rules modules (engine.rules) and the
    mechanics' hooks are given one. `events`: write the event reports (guarded by `ev is not None`);
    `loop`: the lines sit in run_random's loop (exits end the game loop, a paused move continues it)
    rather than in apply_code (exits store the state and return). engine.codegen.Emitter completes it
    with the dispatch of a move to its rule and the rules' steps declared at the end. Its flags are the
    core constructs' (each construct's `flags`, a loop over mechanics.core.CORE: this module names none)."""

    # the core constructs' flags (each construct's `flags`, set for the seating in __init__): the rules read them
    has_counters = False  # whether a hazard may meet the counter question (mechanics.counters)
    hand_limit = False  # whether a turn can end over the hand size (mechanics.turn)
    has_penalties = False  # whether some hazard costs mileage (mechanics.penalties)

    def __init__(self, t: Tables, w: Source, events: bool, loop: bool):
        self.t, self.w, self.events, self.loop = t, w, events, loop
        self.kinds_present = set(t.kind)
        for name, value in construct_flags(t).items():
            setattr(self, name, value)
        self.mechanics = t.mechanics  # the mechanics this seating uses (engine.mechanics): only they write hooks
        self.offers = tuple(m for m in self.mechanics if m.decisions)  # those that may ask the seat to decide
        # a move may wait for a construct's question (a counter's answer, discards down to the hand) or for
        # a mechanic's decision
        self.has_pending = any(construct.waits(t) for construct in core.CORE) or bool(self.offers)
        self.pauses = 0  # pauses written so far (a hook that writes one asks the seat: hook below)

    # the mechanics' hooks (engine.mechanics): nothing is written where no mechanic is present ----------
    def hook(self, point: str, *args: str) -> bool:
        """Write each present mechanic's lines for a named point of the turn; whether one wrote a step
        that replaces the core's (draw_step).

        The order is the point's, not the registry's: first every hook that only changes the table (in
        registry order), then the one hook that asks the seat to act (it pauses), so that a question is
        asked of the table as every other rule left it (a seat that loses its turn is passed over before
        anyone offers it the top discard). Two mechanics asking at one point is an error: the second
        question would never be asked."""
        settle, ask, replaced = [], [], False
        outer = self.w
        for mechanic in self.mechanics:
            lines, before = Source(), self.pauses
            lines.depth = outer.depth
            self.w = lines
            try:
                replaced = bool(getattr(mechanic, point)(self, *args)) or replaced
            finally:
                self.w = outer
            (ask if self.pauses > before else settle).append((mechanic, lines))
        if len(ask) > 1:
            raise ValueError(f"mechanics {' and '.join(m.name for m, _ in ask)} both ask the seat at {point}: "
                             "only one question can be asked at one point of a turn")
        for _, lines in settle + ask:
            outer.extend(lines)
        return replaced

    # the hazard effects (mechanics.effects): one branch per effect the seating's deck uses ---------
    def by_effect(self, write) -> None:
        """Write each hazard effect's lines (`write(effect)`) under a test of card c's bit, the last one bare."""
        used = self.t.effects
        for i, (effect, _, mask) in enumerate(used):
            if len(used) == 1:
                write(effect)
                continue
            test = f"{mask} >> c & 1"
            with self.w.block(f"if {test}:" if i == 0 else (f"elif {test}:" if i < len(used) - 1 else "else:")):
                write(effect)

    def effect_hook(self, point: str) -> None:
        """Write each hazard effect's lines for a named point of the turn (turn_passes: mechanics.turn.kernel.advance)."""
        for effect, _, _ in self.t.effects:
            getattr(effect, point)(self)

    def target(self) -> str:
        """Python source for the race's target: the setup's constant, unless a mechanic made it state."""
        for mechanic in self.mechanics:
            found = mechanic.target(self)
            if found:
                return found
        return str(self.t.target)

    # small expressions -------------------------------------------------------------------------
    def side(self, seat: str) -> str:
        t = self.t
        return seat if t.players == t.sides else f"{seat} % {t.sides}"

    def next_seat(self, seat: str) -> str:
        return f"1 - {seat}" if self.t.players == 2 else f"({seat} + 1) % {self.t.players}"

    def move_target(self) -> str:
        """Python source: the side move `code` names (-1: none)."""
        return TARGET.of()

    def action_test(self, action: str, code: str = "code") -> str:
        """Python source: whether the move `code` is of this action, by name (a mechanic's decision)."""
        return is_action(ACTIONS[action], code)

    def take_of(self, code: str = "code") -> str:
        """Python source: the take id of the move `code` (its penalty choice: TAKES[take], engine.codec)."""
        return TAKE.of(code)

    def event(self, *args: str) -> None:
        """Report an event (only where events are written)."""
        if self.events:
            with self.w.block("if ev is not None:"):
                self.w(f"ev.append(event({', '.join(args)}))")

    def hazard_event(self) -> None:
        self.event('"hazard"', "seat", "v", "NAMES[c]", 'f"player {seat + 1} plays {NAMES[c]} on side {v + 1}"')

    # exits -------------------------------------------------------------------------------------
    def store(self) -> None:
        self.w("self.to_act = seat", "self.turns = turns")
        if self.has_pending:
            self.w("self.pending = pending")

    def finish(self, outcome: str, winner: str) -> None:
        """End the game: store the running state, settle the winner, leave."""
        self.store()
        self.w(f"finish(self, {outcome!r}, {'ev' if self.events else 'None'}, {winner})")
        if self.loop:
            self.w("rng.state = state")
        self.w("return")

    def pause(self) -> None:
        """The move waits (for a counter response, a discard, a mechanic's decision): no turn passes."""
        self.pauses += 1
        if self.loop:
            self.w("continue")
        else:
            self.store()
            self.w("return")

    # the rules' steps, for a rule below the one that writes them, and for the mechanics' hooks
    # (engine.codegen.Emitter gives each its construct's, engine.codegen.NAMED_STEPS) ------------
    def draw_one(self, seat: str) -> None:
        """`seat` draws the draw pile's top card (mechanics.turn)."""
        raise NotImplementedError

    def draw_cards(self, seat: str, n: str) -> None:
        """`seat` draws n cards, reshuffling as the rules say (mechanics.turn)."""
        raise NotImplementedError

    def reopen(self, v: str) -> None:
        """Side v's open piles, recounted from its miles and the race's target (mechanics.race)."""
        raise NotImplementedError

    def refresh(self, v: str) -> None:
        """Side v's cached legality masks, recomputed (rules.legality)."""
        raise NotImplementedError

    def refresh_all(self) -> None:
        """Every side's cached legality masks, recomputed (rules.legality)."""
        raise NotImplementedError

    def offer_counter(self) -> None:
        """Before hazard c acts on side v, ask the seats of v for a counter (mechanics.counters)."""
        raise NotImplementedError

    def counter_responses(self) -> None:
        """codes = the asked seat's answers to the pending hazard (mechanics.counters)."""
        raise NotImplementedError

    def keep_safety(self, v: str) -> None:
        """Safety c joins side v's safeties, shown out of turn (mechanics.safeties)."""
        raise NotImplementedError

    def shield(self, v: str, exposed_mask: str) -> str:
        """Python source: the attacks side v is open to, less what its safeties shield it from
        (mechanics.safeties)."""
        raise NotImplementedError

    def go_free(self, v: str, state: str) -> str:
        """Python source: a go pile state for side v, as a side whose safety acts as go sees it
        (mechanics.safeties)."""
        raise NotImplementedError


def construct_flags(t: Tables) -> dict[str, bool]:
    """Every core construct's Emitter flags for one seating (a union: no order); a flag two constructs set
    is refused, since one would silently overwrite the other."""
    found: dict[str, bool] = {}
    for construct in core.CORE:
        for name, value in construct.flags(t).items():
            if name in found:
                raise core.StageOrderError(f"construct {construct.name} sets the Emitter flag {name}, "
                                           "which another construct sets too")
            found[name] = value
    return found


# whole functions -------------------------------------------------------------------------------
def names_used(lines: list[str], candidates: tuple[str, ...]) -> list[str]:
    """Which of the candidate names the lines use as names (not as attributes, not inside longer words)."""
    found = set(re.findall(r"(?<![\w.])[A-Za-z_]\w*", "\n".join(lines)))
    return [name for name in candidates if name in found]


# the kernel module's constants a function may read, which it binds as keyword defaults (`function`), in the
# order of its `def` line: the engine's own by their slot of mechanics.core.ORDER["constant_names"], each
# core construct's (its `constant_names`) in its slots, then each mechanic's (its `constants`)
OWN_CONSTANTS = {
    "cards": ("KIND", "MILES", "NEED", "ALLOW", "MILE_OK", "OWN_GZ", "EXPO_GZ", "OWN_RUN", "EXPO_RUN"),
    "removals": ("REMOVES",),
    "codes": ("OTHERS", "NAMES", "BITS", "TAKES", "COUNTER_CODE", "DUEL_CODES", "OWN_CODES", "TGT_CODES",
              "SELF_CODE", "TGT_CODE", "fill_duel", "fill_codes", "finish", "reshuffle", "draw_cards", "refresh", "DECK", "BIT",
              "event"),
    "copies_and_waits": ("COPIES", "CounterOffer", "DISCARD_DOWN", "Offer"),
}


def constant_names() -> tuple[str, ...]:
    """Every constant a kernel function may bind, in the order of its `def` line (OWN_CONSTANTS above)."""
    own = {slot: (lambda slot, names=names: names) for slot, names in OWN_CONSTANTS.items()}
    core_names = [name for slot, step in core.steps("constant_names", own) for name in step(slot)]
    return (*core_names, *(name for m in REGISTERED for name in m.constants))


CONSTANTS = constant_names()


def function(w: Source, name: str, params: str, doc: str, body_writer, bind_state: bool = True) -> None:
    """Write a top-level function: its docstring, the state lists it uses bound as locals, its body.

    The module's constants it uses become keyword-only defaults, bound once when the function is
    made: inside, they are plain local variables (the fastest lookup), with their module names."""
    body = Source()
    body.depth = 1
    body_writer(body)
    constants = [c for c in names_used(body.lines, CONSTANTS) if c != name]
    bound = ", *, " + ", ".join(f"{c}={c}" for c in constants) if constants else ""
    w(f"def {name}({params}{bound}):", f'    """{doc}"""')
    used = names_used(body.lines, kernel_locals()) if bind_state else []
    if used:
        w(f"    {', '.join(used)} = {', '.join('self.' + n for n in used)}")
    w.extend(body)
    w("")
