"""Engine stage, code generation: writes a ruleset's rules kernel as Python source, from its integer tables.

This module is the one implementation of the rules of play. From a compiled Tables it writes the
source of a small module with the functions every game of that ruleset runs:

    reset(self), deal(self, first=0)   a fresh table; shuffle, deal, and the first seat's first draw
    refresh(self, v)          recompute side v's cached legality masks
    play_codes(self)          the distinct plays (or counter responses) of the seat to act, as move codes
    apply_code(self, code, ev=None)   apply a move code, then pass the turn (events into ev if a list)
    run_random(self, rng)     a whole game played out by the random policy, in one loop
    draw_cards, reshuffle, finish     the rarer steps, shared by the above

The rules themselves live in engine/rules/ (legality, for the masks the rules keep), written to be
read as its rule, and in the core constructs of touring_dsl/mechanics (mechanics.core.CORE: the turn,
the race, delays, zones, penalties, safeties, counters) and the hazard effects (mechanics.effects). This
module is the assembly, and names no construct: what each construct gives the kernel is a loop over CORE
through its stage methods (mechanics.construct.Construct), in the order mechanics.core.ORDER declares
for each, so that the text written stays the same whatever CORE's order:

    kernel_names()            the run-time names at the top of the kernel (KERNEL_NAMES)
    features(t)               the heading's words ("zones per side", "no counters"...)
    kernel_constants(t, slot) the constant lines (constants below)
    plays(t)                  the kinds of card it lays and each one's rule (Emitter.play's branches)

(engine.schema loops over the constructs' state, engine.emitter over their flags and constants' names.)
The steps the kernel's functions call of one construct by name (the turn's skeleton, the end of the race,
the steps one rule asks of another) are gathered in NAMED_STEPS, which says why they are not loops. The
Emitter the kernel is written with is the shared machinery of engine.emitter, completed here with the
dispatch of a move to its rule and the rules' steps a lower rule or a mechanic asks for; then come the
whole functions, and the ruleset's constants. Every rule is written once,
and the same lines are used by apply_code (the public Move/Event API) and by run_random (the
simulator's fast path). What a ruleset does not have is left out when the source is written (no
penalty code without penalties, no counter code without counter cards, per-side or whole-game zones,
the speeding rule, the seating), and its constants (hand size, pile targets, masks, card codes) are
written in as literals. kernel.py compiles the source once per compiled Tables; kernel.source_for(ruleset)
shows it.
"""
from __future__ import annotations

from collections.abc import Callable

from ..base.rng import INCREMENT, MASK64, MULTIPLIER
from . import emitter as machinery
from . import rules
from .rules import legality
from ..mechanics import core
from .codec import ACTION, ACTIONS, CARD, DISCARD, TARGET, is_action, is_answer, is_decision
from .emitter import Source, function
from .schema import state_fields
from .tables import HAZARD, RUNNING, Tables

# The kernel's run-time names besides the state (engine.schema) and the constants (CONSTANTS), each
# declared once: here the engine's own, by their slot of mechanics.core.ORDER["kernel_names"], and each
# core construct's in its `kernel_names` (the counter question's, the turn's, finish()'s). A rule writes
# only these, or scratch names that begin with "_" and live a few lines (tests/test_engine_schema.py
# fails on any other). Printed at the top of every kernel.
OWN_NAMES = {"moves": {
    "self": "the game (a State with the kernel's functions as methods)",
    "rng": "the bots' generator (run_random); state: its 64-bit state, advanced inline",
    "state": "the random policy's generator state inside a game loop",
    "ev": "the list events are reported into, or None",
    "code": "the move being applied, a move code (engine.codec)",
    "codes": "the distinct plays (or counter answers) of the seat to act, as move codes",
    "n": "how many (codes on offer; cards to draw)",
    "seat": "the seat to act (0-based)",
    "s": "the side of the seat to act",
    "c": "the card played, discarded or shown (a card code)",
    "k": "the kind of card c",
    "v": "the side a card acts on (the victim of a hazard, the side a zone card or safety goes to)",
    "victim": "a side attacks are offered against (legal plays)",
    "target": "the side a zone card names, or -1",
    "turns": "turns played (stored back in self.turns)",
    "pending": "the move the table waits for: None, a CounterOffer or DISCARD_DOWN (stored in self.pending)",
}, "lines": {
    "hand": "hands[seat], the hand a card leaves",
    "hm": "hand_mask[seat] before the card left",
    "attack": "the attacking cards of the hand",
    "key": "a play lookup key (own-side cards, attacks above them)",
    "m": "a mask of cards (playable on one side; of one hand)",
    "counts": "mileage_counts of the side a mileage card is laid on or taken from",
    "x": "the mileage card a hazard removes",
    "take": "the take id of a penalty (engine.codec TAKE)",
    "p": "a mileage card taken as a penalty",
    "left": "cards (or distance) a side still needs",
    "shield": "immune[v] after a safety is laid",
}}


def core_kernel_names() -> dict[str, str]:
    """The engine's run-time names and every core construct's, in ORDER["kernel_names"]."""
    own = {slot: (lambda names=names: names) for slot, names in OWN_NAMES.items()}
    return {name: means for _, step in core.steps("kernel_names", own) for name, means in step().items()}


KERNEL_NAMES = core_kernel_names()
KIND_WORDS = ("mileage", "go", "remedy", "hazard", "zone", "counter", "safety")
ACTION_OF = ACTION.of()  # Python source: the action of the move `code`


def kernel_names(t: Tables) -> dict[str, str]:
    """The run-time names of one seating's kernel: the core's, and those of the mechanics it uses."""
    names = core_kernel_names()
    for mechanic in t.mechanics:
        names.update(mechanic.kernel_names)
    return names


# The kernel's named steps: the steps the kernel's functions (and the rules, through the Emitter) call of one
# core construct by name -> (that construct's name in mechanics.core.CORE, its method). They are not loops
# over CORE because each is one construct's by nature, at one fixed point: the turn's skeleton (deal, the
# card leaving the hand, the turn counted, the discard, passing the turn, drawing, reshuffling) is the
# turn's, the end of a race the race's, and the rest are the steps one rule asks of another (a hazard meets
# the counter question first; a safety's extra turn draws; a safety shields a side and may let it run
# free). A loop would ask every construct for a step that only one can write, and an order of one. A new
# construct that writes a step of this kind adds its row here, and engine.emitter.Emitter declares it
# where a rule below calls it.
NAMED_STEPS: dict[str, tuple[str, str]] = {
    # the turn's skeleton (mechanics.turn)
    "deal": ("turn", "deal"),  # deal(self, first): shuffle, deal, the first draw
    "leave_hand": ("turn", "leave_hand"),  # card c leaves the hand of `seat`
    "count_turn": ("turn", "count_turn"),  # a play or a discard is a turn (not a discard down to the hand)
    "discard": ("turn", "discard"),  # card c goes to the discards
    "advance": ("turn", "advance"),  # the turn passes (and the end of turn's points: hooks, effects)
    "draw_one": ("turn", "draw_one"),  # Emitter.draw_one: `seat` draws the top card
    "draw_cards": ("turn", "draw_cards"),  # Emitter.draw_cards and draw_cards(): `seat` draws n cards
    "reshuffle": ("turn", "reshuffle"),  # reshuffle(): the discards (and piles) back into the draw pile
    # the race's end, and its piles (mechanics.race)
    "settle": ("race", "settle"),  # finish()'s body: the winner
    "reopen": ("race", "reopen"),  # Emitter.reopen: a side's open piles, recounted
    # the counter question (mechanics.counters)
    "offer_counter": ("counters", "offer"),  # Emitter.offer_counter: before a hazard acts, ask its side
    "counter_responses": ("counters", "responses"),  # Emitter.counter_responses: the asked seat's answers
    "respond": ("counters", "respond"),  # apply_code and the game loops: an answer applied
    # what the safeties do for the other rules (mechanics.safeties)
    "keep_safety": ("safeties", "keep"),  # Emitter.keep_safety: a safety shown joins its side's
    "shield": ("safeties", "shield"),  # Emitter.shield: the attacks a side is open to, less its shield
    "go_free": ("safeties", "go_free"),  # Emitter.go_free: a go pile state as a side that runs free sees it
    # what the zones tell the others (mechanics.zones)
    "against_zones": ("zones", "against_zones"),  # whether a counter may answer a zone card (bots.playout)
}


def named_step(step: str) -> Callable:
    """The construct's method that writes one of the kernel's named steps (NAMED_STEPS)."""
    construct_name, method = NAMED_STEPS[step]
    construct = next((c for c in core.CORE if c.name == construct_name), None)
    if construct is None or not callable(getattr(construct, method, None)):
        raise LookupError(f"the kernel's named step {step} is construct {construct_name}'s {method}, "
                          "which mechanics.core.CORE does not have")
    return getattr(construct, method)


class Emitter(machinery.Emitter):
    """The Emitter the kernel is written with: the shared machinery (engine.emitter), the dispatch of a
    move to its rule, and the rules' steps that a rule lower in engine/rules (or a mechanic) asks for."""

    rules = rules  # the rule modules, for a hazard effect's or a construct's lines (mechanics import nothing of the engine)

    def decide(self) -> None:
        """Apply move `code`, a mechanic's decision, by `seat` of side s."""
        if len(self.offers) == 1:
            self.offers[0].decide(self)
            return
        for i, mechanic in enumerate(self.offers):
            actions = tuple(ACTIONS[d.action] for d in mechanic.decisions)
            test = f"{ACTION_OF} in {actions!r}"
            with self.w.block(f"if {test}:" if i == 0 else (f"elif {test}:" if i < len(self.offers) - 1 else "else:")):
                mechanic.decide(self)

    # the rules' steps a lower rule or a mechanic asks for (engine.emitter declares them) ------------------
    def draw_one(self, seat: str) -> None:
        named_step("draw_one")(self, seat)

    def draw_cards(self, seat: str, n: str) -> None:
        named_step("draw_cards")(self, seat, n)

    def reopen(self, v: str) -> None:
        named_step("reopen")(self, v)

    def refresh_all(self) -> None:
        legality.refresh_all(self)

    def refresh(self, v: str) -> None:
        if self.loop:  # a call in the measuring loop: numba types and compiles the lines once, not at each place
            self.w(f"refresh(self, {v})")
        else:
            legality.refresh(self, v)

    def offer_counter(self) -> None:
        named_step("offer_counter")(self)

    def counter_responses(self) -> None:
        named_step("counter_responses")(self)

    def keep_safety(self, v: str) -> None:
        named_step("keep_safety")(self, v)

    def shield(self, v: str, exposed_mask: str) -> str:
        return named_step("shield")(self.t, v, exposed_mask)

    def go_free(self, v: str, state: str) -> str:
        return named_step("go_free")(self.t, v, state)

    # a played card, by kind: each kind's rule is its construct's --------------------------------
    def play(self) -> None:
        """Play move `code` (card c, already out of the hand) for `seat` of side s: one branch per kind of
        card the deck holds, each construct's kinds with its rule (its `plays`), in ORDER["plays"]; a
        hazard's rule is its effect's (hazard below, the stage's own piece)."""
        w = self.w
        own = {"hazards": lambda t: [((HAZARD,), self.hazard)]}
        branches = [(kinds, emit) for _, plays in core.steps("plays", own) for kinds, emit in plays(self.t)
                    if self.kinds_present.intersection(kinds)]
        w("k = KIND[c]")
        for i, (kinds, emit) in enumerate(branches):
            test = " or ".join(f"k == {k}" for k in kinds)
            header = f"if {test}:" if i == 0 else (f"elif {test}:" if i < len(branches) - 1 else "else:")
            with w.block(f"{header}  # {' or '.join(KIND_WORDS[k] for k in kinds)}"):
                emit(self)
        self.hook("on_card_laid")

    @staticmethod
    def hazard(e: Emitter) -> None:
        """Hazard c on side v: what it does is its effect's (mechanics.effects), one branch per effect used."""
        e.w(f"v = {TARGET.of()}")
        e.by_effect(lambda effect: effect.played(e))
        e.hook("on_hazard")


# whole functions -------------------------------------------------------------------------------
def write_refresh(w: Source, t: Tables) -> None:
    function(w, "refresh", "self, v", "Recompute side v's cached masks after its go pile, zone or mileage changed.",
             lambda b: legality.refresh(Emitter(t, b, False, False), "v"))


def write_play_codes(w: Source, t: Tables) -> None:
    def body(b: Source) -> None:
        e = Emitter(t, b, False, False)
        with b.block("if self.is_over:"):
            b("return ()")
        b("seat = self.to_act")
        if e.has_pending:
            b("pending = self.pending")
        b(f"s = {e.side('seat')}")
        legality.legal(e)
        b("return codes")

    function(w, "play_codes", "self", "Every distinct play (or, while a counter is offered, every response) "
             "of the seat to act, as move codes.", body)


def write_apply_code(w: Source, t: Tables) -> None:
    def body(b: Source) -> None:
        e = Emitter(t, b, True, False)
        b("seat = self.to_act", "turns = self.turns")
        if e.has_pending:
            b("pending = self.pending")
        b(f"c = {CARD.of()}", f"s = {e.side('seat')}")
        branches = ([(is_decision(), e.decide)] if e.offers else []) + \
            ([(is_answer(), lambda: named_step("respond")(e))] if e.has_counters else [])
        for i, (test, write) in enumerate(branches):
            with b.block(f"{'if' if i == 0 else 'elif'} {test}:"):
                write()
        if branches:
            with b.block("else:"):
                apply_turn(e, b)
        else:
            apply_turn(e, b)
        named_step("advance")(e)
        e.store()

    function(w, "apply_code", "self, code, ev=None",
             "Apply a legal move code (unchecked: the caller took it from legal_codes/play_codes).", body)


def apply_turn(e: Emitter, b: Source) -> None:
    """A play or a discard by `seat`: the card leaves the hand, a turn is counted, the card acts."""
    b("hand = hands[seat]", "hm = hand_mask[seat]")
    named_step("leave_hand")(e)
    named_step("count_turn")(e)
    with b.block(f"if {is_action(DISCARD)}:"):
        named_step("discard")(e)
    with b.block("else:"):
        e.play()


def write_run_random(w: Source, t: Tables) -> None:
    def body(b: Source) -> None:
        e = Emitter(t, b, False, True)
        with b.block("if self.is_over:"):
            b("return")
        b("seat = self.to_act", "turns = self.turns")
        if e.has_pending:
            b("pending = self.pending")
        b("state = rng.state")
        with b.block("while True:"):
            b(f"s = {e.side('seat')}")
            legality.legal(e)
            b("n = len(codes)")
            draw(e, b)
            with b.block("if n:  # a uniform distinct play (a single one needs no arithmetic: state * 1 >> 64 is 0)"):
                b("code = codes[0] if n == 1 else codes[state * n >> 64]", f"c = {CARD.of()}")
                apply_play(e, b)
            with b.block("else:  # nothing to play: a uniformly random card of the hand is discarded"):
                # remove() and not pop(): the first copy of the card leaves, as for a discard move
                b("hand = hands[seat]", "c = hand[state * len(hand) >> 64]")
                discard_card(e)
            named_step("advance")(e)

    function(w, "run_random", "self, rng",
             "Play the game to its end as the random bot would (same choices and generator draws).", body)


def draw(e: Emitter, b: Source) -> None:
    """The random policy's one draw of the generator for this decision; none for a question with a
    single answer (a seat asked for a counter it does not hold can only let the hazard pass), so that
    asking it changes no game's outcome (bots.rule_bots.RandomBot does the same)."""
    step = f"state = (state * {MULTIPLIER} + {INCREMENT}) & {MASK64}"
    if e.has_pending:
        with b.block("if n != 1 or pending is None:"):
            b(step)
    else:
        b(step)


def apply_play(e: Emitter, b: Source) -> None:
    """Play move `code` (card c) inside a game loop: a counter response while one is offered, a mechanic's
    decision while it asks, else a card laid."""
    if e.has_counters or e.offers:
        with b.block("if pending is not None:"):
            if e.has_counters and e.offers:
                with b.block(f"if {is_decision()}:"):
                    e.decide()
                with b.block("else:"):
                    named_step("respond")(e)
            elif e.offers:
                e.decide()
            else:
                named_step("respond")(e)
        with b.block("else:"):
            play_in_loop(e, b)
    else:
        play_in_loop(e, b)


def play_in_loop(e: Emitter, b: Source) -> None:
    b("hand = hands[seat]")
    named_step("leave_hand")(e)
    b("turns += 1")
    e.play()


def discard_card(e: Emitter) -> None:
    """Card c leaves the hand of `seat` (hands[seat], whose mask hm the legal plays read) for the discards:
    a turn, unless it discards down to the hand size."""
    named_step("leave_hand")(e)
    named_step("count_turn")(e)
    named_step("discard")(e)


def advance(e: Emitter) -> None:
    """The turn passes (the turn's step: NAMED_STEPS), for a game loop written outside this module."""
    named_step("advance")(e)


def write_draw_cards(w: Source, t: Tables) -> None:
    def body(b: Source) -> None:
        named_step("draw_cards")(Emitter(t, b, True, False), "seat", "n")

    function(w, "draw_cards", "self, seat, n, ev=None", "Seat draws n cards (reshuffling as the rules say).", body)


def write_reshuffle(w: Source, t: Tables) -> None:
    function(w, "reshuffle", "self, ev=None", "The draw pile is empty: return discards and the lower go and "
             "zone cards (as the rules say) as a new draw pile.", lambda b: named_step("reshuffle")(Emitter(t, b, True, False)))


def write_reset(w: Source, t: Tables) -> None:
    """A fresh table: every field of the state schema at its start (empty piles and hands, every side
    in the starting zone), then each side's masks refreshed."""

    unused = {f.name for f, _ in t.unused_state}  # a mechanic's state this seating never changes

    def body(b: Source) -> None:
        for f in state_fields():
            if f.name in unused:
                continue
            value = f.start_source(t)
            b(f"{f.name} = self.{f.name} = {value}" if f.local else f"self.{f.name} = {value}")
        legality.refresh_all(Emitter(t, b, False, False))

    function(w, "reset", "self", "Empty the table: no cards anywhere, every side waiting for its first go card.",
             body, bind_state=False)


def write_deal(w: Source, t: Tables) -> None:
    function(w, "deal", "self, first=0", "Shuffle the deck, deal every hand from seat `first` round the table, "
             "and let that seat draw for its first turn.",
             lambda b: named_step("deal")(Emitter(t, b, False, False)))


def write_finish(w: Source, t: Tables) -> None:
    def body(b: Source) -> None:
        named_step("settle")(b, t.unit)
        Emitter(t, b, True, False).hook("end_of_race")

    function(w, "finish", "self, outcome, ev, winner=None", "End the game with its outcome and winner.", body)


# the kernel's own constant lines, by their slot of mechanics.core.ORDER["kernel_constants"] (each core
# construct writes its own: its `kernel_constants`)
def card_constants(t: Tables, slot: str) -> list[str]:
    """The cards' kinds and miles, what each zone allows, and the legality tables of the go pile states."""
    return [f"KIND = {tuple(t.kind)!r}", f"MILES = {tuple(t.miles)!r}", f"NEED = {tuple(t.need)!r}",
            f"ALLOW = {tuple(t.allow)!r}", f"MILE_OK = {tuple(t.mile_ok)!r}",
            f"OWN_GZ = {tuple(tuple(row) for row in t.own_gz)!r}",
            f"EXPO_GZ = {tuple(tuple(row) for row in t.expo_gz)!r}",
            f"OWN_RUN = OWN_GZ[{RUNNING}]", f"EXPO_RUN = EXPO_GZ[{RUNNING}]"]


def removal_constants(t: Tables, slot: str) -> list[str]:
    """The mileage card each hazard removes (the removal effect: mechanics.effects)."""
    return [f"REMOVES = {tuple(t.removes)!r}"]


def seating_constants(t: Tables, slot: str) -> list[str]:
    """The seating, the deck, the move codes' caches, and what the kernel imports."""
    return [f"OTHERS = {t.others!r}", f"DECK = {tuple(t.deck_codes)!r}",
            f"COPIES = {tuple(t.deck_codes.count(c) for c in range(t.K))!r}",
            f"BIT = {tuple(1 << c for c in range(t.K))!r}",
            "NAMES = T.names", "BITS = T.bits", "TAKES = T.takes", "COUNTER_CODE = T.counter_code",
            "DUEL_CODES, OWN_CODES, TGT_CODES = T.duel_codes, T.own_codes, T.tgt_codes",
            "SELF_CODE, TGT_CODE = T.self_code, T.tgt_code", "fill_duel, fill_codes = T.fill_duel, T.fill_codes",
            "from touring_dsl.engine.schema import DISCARD_DOWN, CounterOffer  # the waits a move may open",
            "from touring_dsl.engine.ending import ending_sentence  # the closing event's words"]


OWN_CONSTANTS = {"cards": card_constants, "removals": removal_constants, "seating": seating_constants}


def constants(w: Source, t: Tables) -> None:
    """The ruleset's tables as literals (and the move-code caches, which fill as games are played): the
    engine's own and each core construct's, in ORDER["kernel_constants"], then each mechanic's."""
    w("# cards (code: kind)")
    for c, name in enumerate(t.names):
        w(f"#   {c:2}: {KIND_WORDS[t.kind[c]]:8} {name}")
    w(*(line for slot, lines in core.steps("kernel_constants", OWN_CONSTANTS) for line in lines(t, slot)))
    for mechanic in t.mechanics:  # the mechanics' own constants (engine.mechanics), only where used
        w(f"# {mechanic.name}: {mechanic.means}")
        for name, value in mechanic.kernel_constants(t).items():
            w(f"{name} = {value}")
    if any(m.decisions for m in t.mechanics):
        w("from touring_dsl.engine.schema import Offer  # a mechanic's question to the seat to act")
    w("")


def source(t: Tables, annotated: bool = False) -> str:
    """The kernel module's source for one compiled Tables (`annotated`: each line with the rule that wrote it)."""
    w = Source()
    w(f'"""Rules kernel written by touring_dsl.engine.codegen for {t.ruleset_id}, setup {t.setup_id}, '
      f'{t.players} players in {t.sides} sides."""', "")
    own = {"removals": lambda t: ["removals" if t.removers else "no removals"]}  # (the removal effect's)
    features = [word for _, said in core.steps("features", own) for word in said(t)]
    features += [f"mechanic {m.name}" for m in t.mechanics]
    w(f"# {', '.join(features)}")
    w("# run-time names (declared once: engine.codegen.KERNEL_NAMES; the state: engine.schema):")
    for name, means in kernel_names(t).items():
        w(f"#   {name}: {means}")
    constants(w, t)
    # helpers first: the functions after them bind them as defaults
    for writer in (write_finish, write_reshuffle, write_draw_cards, write_reset, write_deal, write_refresh,
                   write_play_codes, write_apply_code, write_run_random):
        writer(w, t)
    return w.text(annotated)
