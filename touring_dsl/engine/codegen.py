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
read as its rule, and in the constructs of touring_dsl/mechanics (the go piles' lines:
mechanics/delays/kernel.py; the counter question's: mechanics/counters/kernel.py; the zones' lines:
mechanics/zones/kernel.py; the penalties':
mechanics/penalties/play.py; the turn's (deal, draw, discard, pass the turn, reshuffle):
touring_dsl/mechanics/turn/kernel.py). This module is the assembly: the
Emitter the kernel is written with (the shared machinery of engine.emitter, completed with the dispatch
of a move to its rule and the rules' steps a lower rule or a mechanic asks for), the whole functions, and the ruleset's constants. Every rule is written once,
and the same lines are used by apply_code (the public Move/Event API) and by run_random (the
simulator's fast path). What a ruleset does not have is left out when the source is written (no
penalty code without penalties, no counter code without counter cards, per-side or whole-game zones,
the speeding rule, the seating), and its constants (hand size, pile targets, masks, card codes) are
written in as literals. kernel.py compiles the source once per compiled Tables; kernel.source_for(ruleset)
shows it.
"""
from __future__ import annotations

from ..base.rng import INCREMENT, MASK64, MULTIPLIER
from . import emitter as machinery
from ..mechanics.penalties import PENALTIES
from . import rules
from .rules import legality
from ..mechanics.delays import DELAYS
from ..mechanics.zones import ZONES
from ..mechanics.turn import TURN
from ..mechanics.race import RACE
from ..mechanics.safeties import SAFETIES
from ..mechanics.counters import COUNTERS
from .codec import ACTION, ACTIONS, CARD, DISCARD, TARGET, is_action, is_answer, is_decision
from .emitter import Source, function
from .schema import state_fields
from .tables import HAZARD, MILEAGE, RUNNING, SAFETY, ZONE, Tables

# The kernel's run-time names besides the state (engine.schema) and the constants (CONSTANTS), each
# declared here once: a rule writes only these, or scratch names that begin with "_" and live a few
# lines (tests/test_engine_schema.py fails on any other). Printed at the top of every kernel.
KERNEL_NAMES = {
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
    **COUNTERS.kernel_names,  # the counter question's: attacker, hazard, responder... (mechanics.counters)
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
    **TURN.kernel_names,  # the turn construct's: dealing, drawing, passing the turn, reshuffling (mechanics.turn)
    "outcome": "how the race ended", "winner": "the winning side, or None", "best": "the most miles",
    "leaders": "the sides with the most miles", "who": "the result in words", "kind": "the closing event's kind",
}
KIND_WORDS = ("mileage", "go", "remedy", "hazard", "zone", "counter", "safety")
ACTION_OF = ACTION.of()  # Python source: the action of the move `code`


def kernel_names(t: Tables) -> dict[str, str]:
    """The run-time names of one seating's kernel: the core's, and those of the mechanics it uses."""
    names = dict(KERNEL_NAMES)
    for mechanic in t.mechanics:
        names.update(mechanic.kernel_names)
    return names


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
        TURN.draw_one(self, seat)

    def draw_cards(self, seat: str, n: str) -> None:
        TURN.draw_cards(self, seat, n)

    def reopen(self, v: str) -> None:
        RACE.reopen(self, v)

    def refresh_all(self) -> None:
        legality.refresh_all(self)

    def refresh(self, v: str) -> None:
        legality.refresh(self, v)

    def offer_counter(self) -> None:
        COUNTERS.offer(self)

    def counter_responses(self) -> None:
        COUNTERS.responses(self)

    def keep_safety(self, v: str) -> None:
        SAFETIES.keep(self, v)

    def shield(self, v: str, exposed_mask: str) -> str:
        return SAFETIES.shield(self.t, v, exposed_mask)

    def go_free(self, v: str, state: str) -> str:
        return SAFETIES.go_free(self.t, v, state)

    # a played card, by kind: each kind's rule is in its own module --------------------------------
    def play(self) -> None:
        """Play move `code` (card c, already out of the hand) for `seat` of side s."""
        w = self.w
        # each construct's kinds of card (the go pile's are two: DELAYS.card_kinds) -> its rule
        branches = [((MILEAGE,), RACE.mileage), (DELAYS.card_kinds, DELAYS.go_or_remedy), ((ZONE,), ZONES.play),
                    ((HAZARD,), self.hazard), ((SAFETY,), SAFETIES.lay)]
        branches = [(kinds, emit) for kinds, emit in branches if self.kinds_present.intersection(kinds)]
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
            ([(is_answer(), lambda: COUNTERS.respond(e))] if e.has_counters else [])
        for i, (test, write) in enumerate(branches):
            with b.block(f"{'if' if i == 0 else 'elif'} {test}:"):
                write()
        if branches:
            with b.block("else:"):
                apply_turn(e, b)
        else:
            apply_turn(e, b)
        TURN.advance(e)
        e.store()

    function(w, "apply_code", "self, code, ev=None",
             "Apply a legal move code (unchecked: the caller took it from legal_codes/play_codes).", body)


def apply_turn(e: Emitter, b: Source) -> None:
    """A play or a discard by `seat`: the card leaves the hand, a turn is counted, the card acts."""
    b("hand = hands[seat]", "hm = hand_mask[seat]")
    TURN.leave_hand(e)
    TURN.count_turn(e)
    with b.block(f"if {is_action(DISCARD)}:"):
        TURN.discard(e)
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
                TURN.leave_hand(e)
                TURN.count_turn(e)
                TURN.discard(e)
            TURN.advance(e)

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
                    COUNTERS.respond(e)
            elif e.offers:
                e.decide()
            else:
                COUNTERS.respond(e)
        with b.block("else:"):
            play_in_loop(e, b)
    else:
        play_in_loop(e, b)


def play_in_loop(e: Emitter, b: Source) -> None:
    b("hand = hands[seat]")
    TURN.leave_hand(e)
    b("turns += 1")
    e.play()


def write_draw_cards(w: Source, t: Tables) -> None:
    def body(b: Source) -> None:
        TURN.draw_cards(Emitter(t, b, True, False), "seat", "n")

    function(w, "draw_cards", "self, seat, n, ev=None", "Seat draws n cards (reshuffling as the rules say).", body)


def write_reshuffle(w: Source, t: Tables) -> None:
    function(w, "reshuffle", "self, ev=None", "The draw pile is empty: return discards and the lower go and "
             "zone cards (as the rules say) as a new draw pile.", lambda b: TURN.reshuffle(Emitter(t, b, True, False)))


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
             lambda b: TURN.deal(Emitter(t, b, False, False)))


def write_finish(w: Source, t: Tables) -> None:
    def body(b: Source) -> None:
        RACE.settle(b, t.unit)
        Emitter(t, b, True, False).hook("end_of_race")

    function(w, "finish", "self, outcome, ev, winner=None", "End the game with its outcome and winner.", body)


def constants(w: Source, t: Tables) -> None:
    """The ruleset's tables as literals (and the move-code caches, which fill as games are played)."""
    counter_lines = COUNTERS.kernel_constants(t)  # (mechanics.counters)
    w("# cards (code: kind)")
    for c, name in enumerate(t.names):
        w(f"#   {c:2}: {KIND_WORDS[t.kind[c]]:8} {name}")
    w(f"KIND = {tuple(t.kind)!r}", f"MILES = {tuple(t.miles)!r}", f"NEED = {tuple(t.need)!r}",
      f"ALLOW = {tuple(t.allow)!r}", f"MILE_OK = {tuple(t.mile_ok)!r}",
      f"OWN_GZ = {tuple(tuple(row) for row in t.own_gz)!r}", f"EXPO_GZ = {tuple(tuple(row) for row in t.expo_gz)!r}",
      f"OWN_RUN = OWN_GZ[{RUNNING}]", f"EXPO_RUN = EXPO_GZ[{RUNNING}]",
      *DELAYS.kernel_constants(t),  # AFTER, HAZ_STATE (mechanics.delays)
      f"REMOVES = {tuple(t.removes)!r}", counter_lines["COUNTERS_FOR"], counter_lines["REDRAW"],
      *SAFETIES.kernel_constants(t), counter_lines["RESPONDER_NEXT"],
      f"OTHERS = {t.others!r}", f"DECK = {tuple(t.deck_codes)!r}",
      f"COPIES = {tuple(t.deck_codes.count(c) for c in range(t.K))!r}", f"BIT = {tuple(1 << c for c in range(t.K))!r}",
      "NAMES = T.names", "BITS = T.bits", "TAKES = T.takes", "COUNTER_CODE = T.counter_code",
      "DUEL_CODES, OWN_CODES, TGT_CODES = T.duel_codes, T.own_codes, T.tgt_codes",
      "SELF_CODE, TGT_CODE = T.self_code, T.tgt_code", "fill_duel, fill_codes = T.fill_duel, T.fill_codes",
      "from touring_dsl.engine.schema import DISCARD_DOWN, CounterOffer  # the waits a move may open",
      "from touring_dsl.engine.ending import ending_sentence  # the closing event's words")
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
    features = [*ZONES.features(t),
                "penalties" if PENALTIES.active(t) else "no penalties",
                "removals" if t.removers else "no removals",
                *COUNTERS.features(t)]
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
