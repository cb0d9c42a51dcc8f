"""Engine stage, code generation: writes a ruleset's rules kernel as Python source, from its integer tables.

This module is the one implementation of the rules of play. From a compiled Tables it writes the
source of a small module with the functions every game of that ruleset runs:

    reset(self), deal(self)   a fresh table; shuffle, deal, and seat 0's first draw
    refresh(self, v)          recompute side v's cached legality masks
    play_codes(self)          the distinct plays (or counter responses) of the seat to act, as move codes
    apply_code(self, code, ev=None)   apply a move code, then pass the turn (events into ev if a list)
    run_random(self, rng)     a whole game played out by the random policy, in one loop
    draw_cards, reshuffle, finish     the rarer steps, shared by the above

Every rule is written once, by one method of Emitter below (a "fragment"), and the same fragment is
used by apply_code (the public Move/Event API) and by run_random (the simulator's fast path). What a
ruleset does not have is left out when the source is written (no penalty code without penalties, no
counter code without counter cards, per-side or whole-game zones, the speeding rule, the seating), and
its constants (hand size, pile targets, masks, card codes) are written in as literals. kernel.py
compiles the source once per compiled Tables; source_for(ruleset) shows it.
"""
from __future__ import annotations

import re
from contextlib import contextmanager

from ..rng import INCREMENT, MASK64, MULTIPLIER
from .tables import (COUNTER_WITH, DISCARD, EMPTY, FORBIDDEN, FORFEIT_CARD, GO, HAZARD, MILEAGE, REMEDY, RETURN_ALL,
                     RETURN_ALL_BUT_TOP, RUNNING, TAKE_SHIFT, TARGET_SHIFT, ZONE, Tables)

STATE_LISTS = ("hands", "hmask", "draw", "discard", "gopile", "gost", "zpile", "zst", "cnt", "openm", "hasm",
               "remaining", "miles", "own", "atk", "expo")
KIND_WORDS = ("mileage", "go", "remedy", "hazard", "zone", "counter")


class Source:
    """Lines of Python under construction, with an indentation depth."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 0

    def __call__(self, *lines: str) -> None:
        for text in lines:
            self.lines.append("    " * self.depth + text if text else "")

    @contextmanager
    def block(self, header: str):
        self(header)
        self.depth += 1
        yield
        self.depth -= 1

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


class Emitter:
    """Writes rule fragments for one Tables. `events`: write the event reports (guarded by `ev is not
    None`); `loop`: the fragment sits in run_random's loop (exits end the game loop, a paused move
    continues it) rather than in apply_code (exits store the state and return)."""

    def __init__(self, t: Tables, w: Source, events: bool, loop: bool):
        self.t, self.w, self.events, self.loop = t, w, events, loop
        self.kinds_present = set(t.kind)
        self.has_counters = any(t.counters_for)
        self.has_penalties = bool(t.pen_hazards)

    # small expressions -------------------------------------------------------------------------
    def side(self, seat: str) -> str:
        t = self.t
        return seat if t.players == t.sides else f"{seat} % {t.sides}"

    def next_seat(self, seat: str) -> str:
        return f"1 - {seat}" if self.t.players == 2 else f"({seat} + 1) % {self.t.players}"

    def event(self, *args: str) -> None:
        """Report an event (only where events are written)."""
        if self.events:
            with self.w.block("if ev is not None:"):
                self.w(f"ev.append(event({', '.join(args)}))")

    # exits -------------------------------------------------------------------------------------
    def store(self) -> None:
        self.w("self.to_act = seat", "self.turns = turns")
        if self.has_counters:
            self.w("self.pending = pending")

    def finish(self, outcome: str, winner: str) -> None:
        """End the game: store the running state, settle the winner, leave."""
        self.store()
        self.w(f"finish(self, {outcome!r}, {'ev' if self.events else 'None'}, {winner})")
        if self.loop:
            self.w("rng.state = state")
        self.w("return")

    def pause(self) -> None:
        """The move waits for a counter response: no turn passes."""
        if self.loop:
            self.w("continue")
        else:
            self.store()
            self.w("return")

    # cached legality masks ---------------------------------------------------------------------
    def refresh(self, v: str) -> None:
        """own[v], atk[v], expo[v] from side v's go pile state, zone, open piles and whether it started."""
        w, t = self.w, self.t
        w(f"_g = gost[{v}]", f"_z = zst[{v}]")
        with w.block(f"if _g == {RUNNING}:"):
            w(f"own[{v}] = OWN_RUN[_z] | openm[{v}] & MILE_OK[_z]", f"atk[{v}] = {t.attack_cards}")
            self.exposure(v, "EXPO_RUN[_z]")
        with w.block(f"elif _g or hasm[{v}]:"):
            w(f"own[{v}] = OWN_GZ[_g][_z]", f"atk[{v}] = {t.attack_cards}", f"expo[{v}] = EXPO_GZ[_g][_z]")
        with w.block("else:  # before the side's first go card only some kinds may be played"):
            w(f"own[{v}] = OWN_GZ[_g][_z] & {t.before_go}", f"atk[{v}] = {t.attack_cards & t.before_go}",
              f"expo[{v}] = EXPO_GZ[_g][_z]")

    def refresh_covered(self, v: str, state: str) -> None:
        """The masks once a card went on side v's go pile: it now shows `state`, never the empty pile
        (so the side has started), and only a go card on top is the running state."""
        w, t = self.w, self.t
        w(f"_g = gost[{v}] = {state}", f"_z = zst[{v}]", f"atk[{v}] = {t.attack_cards}")
        with w.block(f"if _g == {RUNNING}:"):
            w(f"own[{v}] = OWN_RUN[_z] | openm[{v}] & MILE_OK[_z]")
            self.exposure(v, "EXPO_RUN[_z]")
        with w.block("else:"):
            w(f"own[{v}] = OWN_GZ[_g][_z]", f"expo[{v}] = EXPO_GZ[_g][_z]")

    def refresh_delayed(self, v: str) -> None:
        """The masks once hazard c covered side v's go: a chain state (never running, never empty)."""
        t = self.t
        self.w(f"_g = gost[{v}] = HAZ_STATE[c]", f"_z = zst[{v}]", f"own[{v}] = OWN_GZ[_g][_z]",
               f"atk[{v}] = {t.attack_cards}", f"expo[{v}] = EXPO_GZ[_g][_z]")

    def exposure(self, v: str, base: str) -> None:
        """expo[v] for a side showing go: hazards that remove a mileage card need one to remove."""
        w = self.w
        if not self.t.removers:
            w(f"expo[{v}] = {base}")
            return
        w(f"_m = {base}", f"_counts = cnt[{v}]")
        for hazard, card in self.t.removers:
            with w.block(f"if _counts[{card}]:"):
                w(f"_m |= {1 << hazard}")
        w(f"expo[{v}] = _m")

    def refresh_running(self, v: str) -> None:
        """The masks after a mileage card was laid: the side shows go, so only own (and expo) change."""
        self.w(f"_z = zst[{v}]", f"own[{v}] = OWN_RUN[_z] | openm[{v}] & MILE_OK[_z]")
        if self.t.removers:
            self.exposure(v, "EXPO_RUN[_z]")

    def refresh_all(self) -> None:
        with self.w.block(f"for v in range({self.t.sides}):"):
            self.refresh("v")

    # legal plays -------------------------------------------------------------------------------
    def legal(self) -> None:
        """codes = the distinct plays of `seat` (side s), or its responses while a counter is offered.

        Own-side plays come first (lowest card code first), then the plays on each other side in turn;
        the random policy draws by position in this tuple, so the order is part of the game's replay."""
        w, t = self.w, self.t
        if self.has_counters:
            with w.block("if pending is not None:"):
                w("_fit = hmask[seat] & COUNTERS_FOR[pending[1]]",
                  f"codes = tuple(COUNTER_CODE[_c] for _c in BITS[_fit]) + ({t.decline_code},)")
            with w.block("else:"):
                self.plays()
        else:
            self.plays()

    def plays(self) -> None:
        w, t = self.w, self.t
        w("hm = hmask[seat]")
        if t.duel:  # two sides: one lookup keyed by the own-side cards and, above them, the attacks
            w("attack = hm & atk[s] & expo[1 - s]")
            if self.has_penalties:
                with w.block(f"if attack & {t.pen_hazards}:"):
                    self.plays_by_victim()
                with w.block("else:"):
                    self.duel_lookup()
            else:
                self.duel_lookup()
        else:
            self.plays_by_victim()

    def duel_lookup(self) -> None:
        w = self.w
        w(f"key = hm & own[s] | attack << {self.t.K}")
        with w.block("if key:"):
            with w.block("try:"):
                w("codes = DUEL_CODES[s][key]")
            with w.block("except KeyError:"):
                w("codes = fill_duel(s, key)")
        with w.block("else:  # no card of the hand can be played"):
            w("codes = ()")

    def plays_by_victim(self) -> None:
        w = self.w
        w("m = hm & own[s]")
        with w.block("try:"):
            w("codes = OWN_CODES[s][m]")
        with w.block("except KeyError:"):
            w("codes = fill_codes(OWN_CODES[s], SELF_CODE[s], m)")
        w("attack = hm & atk[s]")
        with w.block("if attack:"):
            with w.block("for victim in OTHERS[s]:"):
                w("m = attack & expo[victim]")
                with w.block("if m:"):
                    if self.has_penalties:
                        with w.block(f"if m & {self.t.pen_hazards}:"):
                            w("codes += self.penalty_plays(m, victim)")
                            w("continue")
                    with w.block("try:"):
                        w("codes += TGT_CODES[victim][m]")
                    with w.block("except KeyError:"):
                        w("codes += fill_codes(TGT_CODES[victim], TGT_CODE[victim], m)")

    # applying moves ----------------------------------------------------------------------------
    def leave_hand(self) -> None:
        """Card c leaves the hand of `seat` (whose hand mask was hm)."""
        self.w("hand.remove(c)")
        with self.w.block("if c not in hand:"):
            self.w("hmask[seat] = hm ^ BIT[c]")

    def discard(self) -> None:
        self.w("discard.append(c)")
        self.event('"discard"', "seat", "s", "NAMES[c]", 'f"player {seat + 1} discards {NAMES[c]}"')

    def play(self) -> None:
        """Play move `code` (card c, already out of the hand) for `seat` of side s."""
        w = self.w
        present = self.kinds_present | ({GO} if REMEDY in self.kinds_present else set())
        branches = [(MILEAGE, self.mileage), (GO, self.go_or_remedy), (ZONE, self.zone), (HAZARD, self.hazard)]
        branches = [(k, emit) for k, emit in branches if k in present]
        w("k = KIND[c]")
        for i, (k, emit) in enumerate(branches):
            test = f"k == {GO} or k == {REMEDY}" if k == GO else f"k == {k}"
            header = f"if {test}:" if i == 0 else (f"elif {test}:" if i < len(branches) - 1 else "else:")
            with w.block(f"{header}  # {'go or remedy' if k == GO else KIND_WORDS[k]}"):
                emit()

    def mileage(self) -> None:
        w, t = self.w, self.t
        if t.speeding == FORBIDDEN:  # never legal outside the zone's allowance: nothing to check
            self.lay_mileage()
            return
        with w.block("if not ALLOW[zst[s]] >> c & 1:"):
            self.speeding()
        with w.block("else:"):
            self.lay_mileage()

    def lay_mileage(self) -> None:
        w = self.w
        w("counts = cnt[s]", "n = counts[c] = counts[c] + 1", "miles[s] += MILES[c]")
        with w.block("if n == 1 or n >= NEED[c]:  # a pile opened or filled: the side's masks change"):
            w("hasm[s] |= 1 << c")
            with w.block("if n >= NEED[c]:"):
                w("openm[s] &= ~(1 << c)")
            self.refresh_running("s")
        self.event('"play"', "seat", "s", "NAMES[c]",
                   'f"player {seat + 1} lays {NAMES[c]} (side {s + 1} now has {miles[s]} miles)"')
        w("left = remaining[s] = remaining[s] - 1")
        with w.block("if not left:"):
            self.finish("completed", "s")

    def speeding(self) -> None:
        w, t = self.w, self.t
        if t.speeding == FORFEIT_CARD:
            lost = "the card"
        else:  # forfeit-all: every mileage card (pile by pile), then the whole go pile
            lost = "every mileage card and its go pile"
            w("counts = cnt[s]")
            for p in t.pile_order:
                with w.block(f"if counts[{p}]:"):
                    w(f"discard.extend([{p}] * counts[{p}])", f"counts[{p}] = 0")
            w("discard.extend(gopile[s])", "gopile[s].clear()", f"gost[s] = {EMPTY}",
              "miles[s] = 0", "hasm[s] = 0", f"openm[s] = {t.open_full}", f"remaining[s] = {t.need_total}")
            self.refresh("s")
        w("discard.append(c)")
        self.event('"speeding"', "seat", "s", "NAMES[c]",
                   f'f"player {{seat + 1}} plays {{NAMES[c]}} where the zone forbids it and forfeits {lost}"')

    def go_or_remedy(self) -> None:
        w = self.w
        w("gopile[s].append(c)")
        self.refresh_covered("s", "AFTER[gost[s]][c]")
        self.event('"play"', "seat", "s", "NAMES[c]", 'f"player {seat + 1} plays {NAMES[c]} on side {s + 1}"')

    def zone(self) -> None:
        w, t = self.w, self.t
        w(f"target = (code >> {TARGET_SHIFT} & 15) - 1")
        if t.game_scope:
            w("zpile[0].append(c)")
            with w.block(f"for v in range({t.sides}):"):
                w("zst[v] = c")
            self.refresh_all()
            where = "the whole game"
        else:
            w("v = s if target < 0 else target", "zpile[v].append(c)", "zst[v] = c")
            self.refresh("v")
            where = "side {v + 1}"
        self.event('"zone"', "seat", "None if target < 0 else target", "NAMES[c]",
                   f'f"player {{seat + 1}} plays {{NAMES[c]}} on {where}"')

    def hazard(self) -> None:
        w, t = self.w, self.t
        w(f"v = (code >> {TARGET_SHIFT} & 15) - 1")
        delays, removes = t.chain_hazards != 0, bool(t.removers)
        if delays and removes:
            with w.block(f"if {t.chain_hazards} >> c & 1:"):
                self.delay()
            with w.block("else:"):
                self.removal()
        elif delays:
            self.delay()
        elif removes:
            self.removal()

    def hazard_event(self) -> None:
        self.event('"hazard"', "seat", "v", "NAMES[c]", 'f"player {seat + 1} plays {NAMES[c]} on side {v + 1}"')

    def delay(self) -> None:
        """A hazard covers victim v's go; with penalties, the cards of the chosen take are discarded."""
        w = self.w
        w("gopile[v].append(c)")
        self.refresh_delayed("v")  # a delayed side's masks do not depend on its mileage: the takes can follow
        self.hazard_event()
        if self.has_penalties:
            w(f"take = code >> {TAKE_SHIFT}")
            with w.block("if take:"):
                w("counts = cnt[v]")
                with w.block("for p, n in TAKES[take]:"):
                    w("counts[p] -= n")
                    with w.block("if not counts[p]:"):
                        w("hasm[v] &= ~(1 << p)")
                    w("openm[v] |= 1 << p", "miles[v] -= n * MILES[p]", "remaining[v] += n", "discard.extend([p] * n)")
                    self.event('"penalty"', "seat", "v", "NAMES[p]", 'f"side {v + 1} forfeits {n} x {NAMES[p]}"')

    def removal(self) -> None:
        """A hazard takes one mileage card from victim v, unless a seat of v shows a counter card first."""
        w, t = self.w, self.t
        self.hazard_event()
        if self.has_counters:
            w("fits = COUNTERS_FOR[c]", "responder = -1")
            with w.block("if fits:"):
                with w.block(f"for step in range(1, {t.players}):"):
                    w(f"other = (seat + step) % {t.players}")
                    with w.block(f"if {self.side('other')} == v and hmask[other] & fits:"):
                        w("responder = other", "break")
            with w.block("if responder >= 0:"):
                w("pending = (seat, c, v)", "seat = responder")
                self.pause()
        self.remove_mileage("seat", "c")

    def remove_mileage(self, attacker: str, hazard: str) -> None:
        w = self.w
        w(f"x = REMOVES[{hazard}]", "counts = cnt[v]", "counts[x] -= 1")
        with w.block("if not counts[x]:"):
            w("hasm[v] &= ~(1 << x)")
        w("openm[v] |= 1 << x", "miles[v] -= MILES[x]", "remaining[v] += 1", "discard.append(x)",
          f"discard.append({hazard})")
        self.refresh("v")
        self.event('"remove"', attacker, "v", "NAMES[x]", 'f"side {v + 1} loses a {NAMES[x]}"')

    def respond(self) -> None:
        """Answer a pending removal: counter with card c (action COUNTER_WITH) or decline; then the
        turn goes on from the attacker."""
        w, t = self.w, self.t
        w("attacker, hazard, v = pending", "pending = None")
        with w.block(f"if code & 3 == {COUNTER_WITH}:"):
            w("hand = hands[seat]", "hm = hmask[seat]")
            self.leave_hand()
            w("discard.append(hazard)", "discard.append(c)")
            self.event('"counter"', "seat", "v", "NAMES[c]",
                       'f"player {seat + 1} shows {NAMES[c]}: {NAMES[hazard]} is cancelled"')
            with w.block(f"if REDRAW[c] and len(hand) < {t.hand_size}:"):
                self.draw_cards("seat", f"{t.hand_size} - len(hand)")
        with w.block("else:"):
            self.event('"decline"', "seat", "v", "None", 'f"player {seat + 1} lets it pass"')
            self.remove_mileage("attacker", "hazard")
        w("seat = attacker")

    # drawing and passing the turn --------------------------------------------------------------
    def draw_cards(self, seat: str, n: str) -> None:
        """`seat` draws n cards, reshuffling when the draw pile is empty (and stopping if still empty)."""
        w = self.w
        reshuffle = f"reshuffle(self, {'ev' if self.events else 'None'})"
        if n == "1":
            with w.block("if not draw:"):
                w(reshuffle)
            with w.block("if draw:"):
                self.draw_one(seat)
            return
        with w.block(f"for _ in range({n}):"):
            with w.block("if not draw:"):
                w(reshuffle)
                with w.block("if not draw:"):
                    w("break")
            self.draw_one(seat)

    def draw_one(self, seat: str) -> None:
        self.w("d = draw.pop()", f"hands[{seat}].append(d)", f"hmask[{seat}] |= BIT[d]")
        self.event('"draw"', seat, self.side(seat), "NAMES[d]", f'f"player {{{seat} + 1}} draws a card"')

    def advance(self) -> None:
        """Pass the turn: end at the turn limit; else the next seat that holds a card (after drawing)
        acts; when no seat does, the game is exhausted."""
        w, t = self.w, self.t
        with w.block(f"if turns >= {t.turn_limit}:"):
            self.finish("turn-limit", "None")
        if not t.draw_before_play:
            self.draw_cards("seat", str(t.draw_count))
        w(f"nxt = {self.next_seat('seat')}")
        if t.draw_one:  # the common case inline: the next seat draws one card
            with w.block("if draw:"):
                self.draw_one("nxt")
                w("seat = nxt")
            with w.block("else:"):
                self.search_seat()
        else:
            self.search_seat()

    def search_seat(self) -> None:
        w, t = self.w, self.t
        with w.block(f"for _ in range({t.players}):"):
            if t.draw_before_play:
                self.draw_cards("nxt", str(t.draw_count))
            with w.block("if hands[nxt]:"):
                w("seat = nxt", "break")
            w(f"nxt = {self.next_seat('nxt')}")
        with w.block("else:"):
            self.finish("exhausted", "None")


# whole functions -------------------------------------------------------------------------------
def _names_used(lines: list[str], candidates: tuple[str, ...]) -> list[str]:
    """Which of the candidate names the lines use as names (not as attributes, not inside longer words)."""
    found = set(re.findall(r"(?<![\w.])[A-Za-z_]\w*", "\n".join(lines)))
    return [name for name in candidates if name in found]


CONSTANTS = ("KIND", "MILES", "NEED", "ALLOW", "MILE_OK", "OWN_GZ", "EXPO_GZ", "OWN_RUN", "EXPO_RUN", "AFTER",
             "HAZ_STATE", "REMOVES", "COUNTERS_FOR", "REDRAW", "OTHERS", "NAMES", "BITS", "TAKES", "COUNTER_CODE",
             "DUEL_CODES", "OWN_CODES", "TGT_CODES", "SELF_CODE", "TGT_CODE", "fill_duel", "fill_codes", "finish",
             "reshuffle", "draw_cards", "DECK", "BIT", "event")


def function(w: Source, name: str, params: str, doc: str, body_writer, bind_state: bool = True) -> None:
    """Write a top-level function: its docstring, the state lists it uses bound as locals, its body.

    The module's constants it uses become keyword-only defaults, bound once when the function is
    made: inside, they are plain local variables (the fastest lookup), with their module names."""
    body = Source()
    body.depth = 1
    body_writer(body)
    constants = [c for c in _names_used(body.lines, CONSTANTS) if c != name]
    bound = ", *, " + ", ".join(f"{c}={c}" for c in constants) if constants else ""
    w(f"def {name}({params}{bound}):", f'    """{doc}"""')
    used = _names_used(body.lines, STATE_LISTS) if bind_state else []
    if used:
        w(f"    {', '.join(used)} = {', '.join('self.' + n for n in used)}")
    w.lines.extend(body.lines)
    w("")


def write_refresh(w: Source, t: Tables) -> None:
    function(w, "refresh", "self, v", "Recompute side v's cached masks after its go pile, zone or mileage changed.",
             lambda b: Emitter(t, b, False, False).refresh("v"))


def write_play_codes(w: Source, t: Tables) -> None:
    def body(b: Source) -> None:
        e = Emitter(t, b, False, False)
        with b.block("if self.is_over:"):
            b("return ()")
        b("seat = self.to_act")
        if e.has_counters:
            b("pending = self.pending")
        b(f"s = {e.side('seat')}")
        e.legal()
        b("return codes")

    function(w, "play_codes", "self", "Every distinct play (or, while a counter is offered, every response) "
             "of the seat to act, as move codes.", body)


def write_apply_code(w: Source, t: Tables) -> None:
    def body(b: Source) -> None:
        e = Emitter(t, b, True, False)
        b("seat = self.to_act", "turns = self.turns")
        if e.has_counters:
            b("pending = self.pending")
        b("c = code >> 2 & 63", f"s = {e.side('seat')}")
        if e.has_counters:
            with b.block(f"if code & 3 >= {COUNTER_WITH}:"):
                e.respond()
            with b.block("else:"):
                apply_turn(e, b)
        else:
            apply_turn(e, b)
        e.advance()
        e.store()

    function(w, "apply_code", "self, code, ev=None",
             "Apply a legal move code (unchecked: the caller took it from legal_codes/play_codes).", body)


def apply_turn(e: Emitter, b: Source) -> None:
    """A play or a discard by `seat`: the card leaves the hand, a turn is counted, the card acts."""
    b("hand = hands[seat]", "hm = hmask[seat]")
    e.leave_hand()
    b("turns += 1")
    with b.block(f"if code & 3 == {DISCARD}:"):
        e.discard()
    with b.block("else:"):
        e.play()


def write_run_random(w: Source, t: Tables) -> None:
    def body(b: Source) -> None:
        e = Emitter(t, b, False, True)
        with b.block("if self.is_over:"):
            b("return")
        b("seat = self.to_act", "turns = self.turns")
        if e.has_counters:
            b("pending = self.pending")
        b("state = rng.state")
        with b.block("while True:"):
            b(f"s = {e.side('seat')}")
            e.legal()
            b(f"state = (state * {MULTIPLIER} + {INCREMENT}) & {MASK64}")
            b("n = len(codes)")
            with b.block("if n:  # a uniform distinct play (a single one needs no arithmetic: state * 1 >> 64 is 0)"):
                b("code = codes[0] if n == 1 else codes[state * n >> 64]", "c = code >> 2 & 63")
                if e.has_counters:
                    with b.block("if pending is not None:"):
                        e.respond()
                    with b.block("else:"):
                        play_in_loop(e, b)
                else:
                    play_in_loop(e, b)
            with b.block("else:  # nothing to play: a uniformly random card of the hand is discarded"):
                # remove() and not pop(): the first copy of the card leaves, as for a discard move
                b("hand = hands[seat]", "c = hand[state * len(hand) >> 64]")
                e.leave_hand()
                b("turns += 1")
                e.discard()
            e.advance()

    function(w, "run_random", "self, rng",
             "Play the game to its end as the random bot would (same choices and generator draws).", body)


def play_in_loop(e: Emitter, b: Source) -> None:
    b("hand = hands[seat]")
    e.leave_hand()
    b("turns += 1")
    e.play()


def write_draw_cards(w: Source, t: Tables) -> None:
    def body(b: Source) -> None:
        Emitter(t, b, True, False).draw_cards("seat", "n")

    function(w, "draw_cards", "self, seat, n, ev=None", "Seat draws n cards (reshuffling as the rules say).", body)


def write_reshuffle(w: Source, t: Tables) -> None:
    def body(b: Source) -> None:
        e = Emitter(t, b, True, False)
        b("new = []")
        if RETURN_ALL in (t.return_go, t.return_zone):
            b("changed = False")
        if t.return_discard:
            b("new.extend(discard)", "discard.clear()")
        piles = [("gopile", "go", t.return_go)] + [("zpile", "zone", t.return_zone)]
        for name, what, keep in piles:
            if keep == RETURN_ALL:
                with b.block(f"for i, pile in enumerate({name}):"):
                    with b.block("if pile:"):
                        b("new.extend(pile)", "pile.clear()", "changed = True")
                        if what == "go":
                            b(f"gost[i] = {EMPTY}")
                        elif t.game_scope:
                            with b.block(f"for v in range({t.sides}):"):
                                b(f"zst[v] = {t.zone_start}")
                        else:
                            b(f"zst[i] = {t.zone_start}")
            elif keep == RETURN_ALL_BUT_TOP:
                with b.block(f"for pile in {name}:"):
                    with b.block("if len(pile) > 1:"):
                        b("new.extend(pile[:-1])", "del pile[:-1]")
        if RETURN_ALL in (t.return_go, t.return_zone):
            with b.block("if changed:"):
                e.refresh_all()
        with b.block("if not new:"):
            b("return")
        b("self.rng.shuffle(new)", "draw.extend(new)")
        e.event('"reshuffle"', "None", "None", "None", 'f"{len(new)} cards are shuffled into a new draw pile"')

    function(w, "reshuffle", "self, ev=None", "The draw pile is empty: return discards and the lower go and "
             "zone cards (as the rules say) as a new draw pile.", body)


def write_reset(w: Source, t: Tables) -> None:
    """A fresh table: empty piles and hands, every side in the starting zone, its masks refreshed."""
    S, P, K = t.sides, t.players, t.K
    zone_piles = 1 if t.game_scope else S

    def lists(n: int, item: str) -> str:
        return "[" + ", ".join([item] * n) + "]"

    def body(b: Source) -> None:
        # a hand is a bytearray of card codes: removing a card and asking whether another copy is left
        # are then byte scans, not comparisons of int objects (a card code is below 64)
        b("self.draw = []", f"self.hands = {lists(P, 'bytearray()')}", f"self.hmask = {[0] * P}",
          "self.discard = []", "self.aside = []  # out of play (example positions only)",
          f"self.gopile = {lists(S, '[]')}", f"gost = self.gost = {[EMPTY] * S}",
          f"self.zpile = {lists(zone_piles, '[]')}", f"zst = self.zst = {[t.zone_start] * S}",
          f"cnt = self.cnt = {lists(S, f'[0] * {K}')}", f"openm = self.openm = {[t.open_full] * S}",
          f"hasm = self.hasm = {[0] * S}", f"self.remaining = {[t.need_total] * S}", f"self.miles = {[0] * S}",
          "self.pending = None  # (attacker seat, hazard, victim side) while a counter is offered",
          "self.to_act = 0", "self.turns = 0", "self.is_over = False", "self.winner = None", "self.outcome = None",
          f"own = self.own = {[0] * S}", f"atk = self.atk = {[0] * S}", f"expo = self.expo = {[0] * S}")
        Emitter(t, b, False, False).refresh_all()

    function(w, "reset", "self", "Empty the table: no cards anywhere, every side waiting for its first go card.",
             body, bind_state=False)


def write_deal(w: Source, t: Tables) -> None:
    """Shuffle, deal the hands one card at a time round the table, and let seat 0 draw for its turn."""
    P, total = t.players, len(t.deck_codes)
    n = min(total, t.hand_size * P)

    def body(b: Source) -> None:
        b("draw = self.draw = list(DECK)", "self.rng.shuffle(draw)")
        # dealing one card at a time from the top (the end of the list) is a reversed slice, shared out
        b(f"dealt = draw[{total - n}:]", f"del draw[{total - n}:]", "dealt.reverse()")
        with b.block(f"for seat in range({P}):"):
            b(f"hand = hands[seat] = bytearray(dealt[seat::{P}])", "m = 0")
            with b.block("for c in hand:"):
                b("m |= 1 << c")
            b("hmask[seat] = m")
        b("self.to_act = 0")
        if t.draw_before_play:
            b(f"draw_cards(self, 0, {t.draw_count})")

    function(w, "deal", "self", "Shuffle the deck, deal every hand, and let seat 0 draw for its first turn.", body)


def write_finish(w: Source, t: Tables) -> None:
    def body(b: Source) -> None:
        b("self.is_over = True", "self.outcome = outcome")
        with b.block("if winner is None:  # the side with most miles, none on a tie"):
            b("best = max(miles)", "leaders = [s for s, m in enumerate(miles) if m == best]",
              "winner = leaders[0] if len(leaders) == 1 else None")
        b("self.winner = winner")
        with b.block("if ev is not None:"):
            b('kind = "win" if outcome == "completed" else outcome',
              'who = "a tie" if winner is None else f"side {winner + 1} wins"',
              'ev.append(event(kind, None, winner, None, f"the game ends ({outcome}): {who}"))')

    function(w, "finish", "self, outcome, ev, winner=None", "End the game with its outcome and winner.", body)


def constants(w: Source, t: Tables) -> None:
    """The ruleset's tables as literals (and the move-code caches, which fill as games are played)."""
    w("# cards (code: kind)")
    for c, name in enumerate(t.names):
        w(f"#   {c:2}: {KIND_WORDS[t.kind[c]]:8} {name}")
    w(f"KIND = {tuple(t.kind)!r}", f"MILES = {tuple(t.miles)!r}", f"NEED = {tuple(t.need)!r}",
      f"ALLOW = {tuple(t.allow)!r}", f"MILE_OK = {tuple(t.mile_ok)!r}",
      f"OWN_GZ = {tuple(tuple(row) for row in t.own_gz)!r}", f"EXPO_GZ = {tuple(tuple(row) for row in t.expo_gz)!r}",
      f"OWN_RUN = OWN_GZ[{RUNNING}]", f"EXPO_RUN = EXPO_GZ[{RUNNING}]",
      f"AFTER = {tuple(tuple(row) for row in t.after)!r}", f"HAZ_STATE = {tuple(t.haz_state)!r}",
      f"REMOVES = {tuple(t.removes)!r}", f"COUNTERS_FOR = {tuple(t.counters_for)!r}", f"REDRAW = {tuple(t.redraw)!r}",
      f"OTHERS = {t.others!r}", f"DECK = {tuple(t.deck_codes)!r}", f"BIT = {tuple(1 << c for c in range(t.K))!r}",
      "NAMES = T.names", "BITS = T.bits", "TAKES = T.takes", "COUNTER_CODE = T.counter_code",
      "DUEL_CODES, OWN_CODES, TGT_CODES = T.duel_codes, T.own_codes, T.tgt_codes",
      "SELF_CODE, TGT_CODE = T.self_code, T.tgt_code", "fill_duel, fill_codes = T.fill_duel, T.fill_codes", "")


def source(t: Tables) -> str:
    """The kernel module's source for one compiled Tables."""
    w = Source()
    setup = t.setup
    w(f'"""Rules kernel written by touring_dsl.engine.codegen for {t.ruleset.id}, setup {setup.id}, '
      f'{t.players} players in {t.sides} sides."""', "")
    features = [f"zones {'for the whole game' if t.game_scope else 'per side'}",
                f"speeding {('forbidden', 'forfeit-card', 'forfeit-all')[t.speeding]}",
                "penalties" if t.pen_hazards else "no penalties",
                "removals" if t.removers else "no removals",
                "counters" if any(t.counters_for) else "no counters"]
    w(f"# {', '.join(features)}")
    constants(w, t)
    # helpers first: the functions after them bind them as defaults
    for writer in (write_finish, write_reshuffle, write_draw_cards, write_reset, write_deal, write_refresh,
                   write_play_codes, write_apply_code, write_run_random):
        writer(w, t)
    return w.text()


def source_for(ruleset, players: int = 2, setup: str | None = None) -> str:
    """The kernel source the engine runs for a ruleset seated for `players` (to read, or to diff two editions)."""
    from .kernel import kernel_for
    from .tables import tables_for

    t = tables_for(ruleset, players, setup)
    kernel_for(t)
    return t.kernel_source
