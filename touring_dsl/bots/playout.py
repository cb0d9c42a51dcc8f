"""Bots stage, the rule bots' game loop on the generated kernel: whole games played by kernel policies.

For a compiled ruleset this writes one more kernel function, `play`, beside the engine's run_random and
from the same rule fragments (engine.codegen): a game loop in which each seat is played by the random
policy (inline, the very draws of rule_bots.RandomBot) or the greedy rule in one of its Styles (the
seat's KernelRule, kernel_rule.py: the choices of rule_bots.GreedyBot or ExpertBot), and in which every
event the public API would report updates the measures of docs/balance.md instead of making an Event:
cards played, hazards that hit, penalties, the lead. The loop returns the game's measures as a tuple;
card counts go straight into per-chunk lists. The simulator's fast path (simulate.fast) keeps those
measures; the search and the scorer play their rollouts in it with the rule for every seat
(rule_playout) and throw them away.
"""
from __future__ import annotations

import re

from ..engine.codegen import Emitter, advance, apply_play, constants, discard_card, draw, named_step
from ..engine.emitter import Source, function
from ..engine.rules import legality
from ..engine.kernel import EVENT_WORDS, compiled_code, kernel_for
from ..engine.moves import new_event
from ..engine.codec import CARD, DISCARD, packed
from ..engine.tables import HAZARD, MILEAGE, Tables
from ..base.rng import Rng
from .greedy import STYLE_NAMES, STYLES, answer_offer
from .kernel_rule import KernelRule

PLAY_EVENTS = frozenset({"play", "zone", "hazard", "speeding", "counter", "safety"})  # a card laid, whatever its kind
CARD_NAMED = re.compile(r"NAMES\[(\w+)\]")
# A go or remedy card laid ("plays X on side N") moves no miles, so the lead needs no update; should the
# engine word it otherwise, the lead is simply updated there too (the same numbers, a little slower).
GO_PLAY = re.compile(r"plays \{NAMES\[c\]\} on side")


# the measuring loop's own run-time names, beside the kernel's (engine.codegen.KERNEL_NAMES)
MEASURE_NAMES = {
    "greedy": "a bit per seat played by the rule (greedy.py), the others random",
    "rules": "per seat, the number of the Style its rule follows (STYLE_NAMES; -1 for a random seat)",
    "style": "the Style number of the seat to act", "rule_play": "the rule's play for a position (KernelRule.play)",
    "keep_least": "what no card keeps less than", "least": "the lowest keep found in the hand",
    "KEEP_MILEAGE": "the rule's keep of each mileage card, by Style and zone (greedy.Spares)",
    "KEEP_ONE": "the rule's keep of each other card held once, by Style and go pile state",
    "KEEP_MORE": "the rule's keep of each other card held more than once, by Style and go pile state",
    "KEEP_LEAST": "what no card keeps less than, by Style",
    "ONTO": "by go pile state, the mask of the cards that would set the side moving",
    "laid": "the side's mileage cards laid, by card code", "trace": "the move codes played, when traced",
    "plays": "cards laid, by card code", "hits": "hazards that hit, by card code",
    "paid": "mileage cards paid as penalties, by card code", "pmiles": "miles paid as penalties",
    "changes": "lead changes", "since": "the turn the last lead began", "leader": "the side ahead (-1: none yet)",
    "behind": "each side's worst deficit", "behind0": "side 1's worst deficit (two sides)",
    "behind1": "side 2's worst deficit (two sides)", "offered": "plays on offer, summed over turns",
    "stuck": "turns with nothing to play",
}


class Measuring(Emitter):
    """The rule fragments as the engine writes them, with each event turned into tally lines.

    The lines read the fragments' own variables (the card c; p and n of a penalty; the hazard of a
    countered attack): tests/test_simulate_paths.py fails should a fragment rename one."""

    def __init__(self, t: Tables, w: Source):
        super().__init__(t, w, True, True)  # events on: draws pass `ev` to reshuffle, which logs there

    def event(self, kind: str, seat: str, side: str, card: str, detail: str) -> None:
        kind = kind.strip('"')
        found = CARD_NAMED.fullmatch(card) if card else None
        c = found.group(1) if found else None
        w = self.w
        if kind in PLAY_EVENTS:
            w(f"plays[{c}] += 1")
        if kind == "hazard":
            w(f"hits[{c}] += 1")
        elif kind == "counter":
            if named_step("against_zones")(self):  # a countered zone card was never counted as a hit
                with w.block(f"if KIND[hazard] == {HAZARD}:"):
                    w("hits[hazard] -= 1  # cancelled: it never hit")
            else:
                w("hits[hazard] -= 1  # cancelled: it never hit")
        elif kind == "penalty":
            w(f"paid[{c}] += n", f"pmiles += n * MILES[{c}]")
        if kind in ("penalty", "remove", "speeding") or (kind == "play" and not GO_PLAY.search(detail)):
            self.lead()

    def lead(self) -> None:
        """The lead, its changes, and each side's worst deficit, after the miles changed."""
        w = self.w
        if self.t.sides == 2:
            w("_d = miles[0] - miles[1]")
            for test, side, gap, other in (("_d > 0", 0, "_d", 1), ("_d < 0", 1, "-_d", 0)):
                with w.block(f"{'if' if side == 0 else 'elif'} {test}:"):
                    with w.block(f"if leader != {side}:"):
                        with w.block(f"if leader == {other}:"):
                            w("changes += 1")
                        w(f"leader = {side}", "since = turns")
                    with w.block(f"if {gap} > behind{other}:"):
                        w(f"behind{other} = {gap}")
            return
        w("_best = max(miles)")
        with w.block("if miles.count(_best) == 1:"):
            w("_l = miles.index(_best)")
            with w.block("if _l != leader:"):
                with w.block("if leader >= 0:"):
                    w("changes += 1")
                w("leader = _l", "since = turns")
        with w.block(f"for _v in range({self.t.sides}):"):
            w("_gap = _best - miles[_v]")
            with w.block("if _gap > behind[_v]:"):
                w("behind[_v] = _gap")

    def finish(self, outcome: str, winner: str) -> None:
        self.store()
        behind = "(behind0, behind1)" if self.t.sides == 2 else "tuple(behind)"
        self.w(f"finish(self, {outcome!r}, None, {winner})", "rng.state = state",
               f"return changes, since, leader, {behind}, offered, stuck, len(ev), pmiles")


def write_play(w: Source, t: Tables, greedy: bool, trace: bool) -> None:
    """The measuring game loop; `greedy`: some seats may be greedy (else every seat is random)."""

    def body(b: Source) -> None:
        e = Measuring(t, b)
        b("seat = self.to_act", "turns = self.turns", "state = rng.state", "ev = []",
          "changes = since = offered = stuck = pmiles = 0", "leader = -1")
        b("behind0 = behind1 = 0" if t.sides == 2 else f"behind = [0] * {t.sides}")
        if e.has_pending:
            b("pending = self.pending")
        with b.block("while True:"):
            b(f"s = {e.side('seat')}")
            legality.legal(e)
            b("n = len(codes)")
            if greedy:  # each policy chooses (code, or -1 and the card c to discard); the move is made once, below
                with b.block("if greedy >> seat & 1:"):
                    with b.block("if n:"):
                        count_offered(e, b)
                    with b.block("elif pending is None:" if e.has_pending else "else:"):
                        b("stuck += 1")
                    rule_policy(e, b)
                with b.block("else:"):
                    random_policy(e, b, trace, False)
                make_move(e, b, trace)
            else:
                random_policy(e, b, trace, True)
            advance(e)

    params = "self, rng, greedy, rules, plays, hits, paid" + (", trace" if trace else "")
    function(w, "play", params, "Play the game to its end with kernel policies; return its measures.", body)


def rule_policy(e: Emitter, b: Source) -> None:
    """greedy.py's rule, as rule_bots.GreedyBot chooses (the seat's KernelRule, in the Style numbered
    rules[seat]): a play the rule picks (rule_play: KernelRule.play, or the compiled backend's own), else
    (code -1) the card c greedy.spare discards, found here on the rule's tables (rule_constants) without
    a call."""
    b("style = rules[seat]")
    if e.offers:  # a mechanic's question: its own rule answers (greedy.answer_offer)
        with b.block("if type(pending) is Offer:"):
            b("code = pending.codes[answer_offer(T, pending, s, miles, discard[-1] if len(discard) else -1, "
              "hands[seat], ONTO[go_state[s]])]")
        with b.block("else:"):
            rule_play(e, b)
    else:
        rule_play(e, b)
    with b.block("if code < 0:  # greedy.spare: the lowest keep, the lowest card code on a tie"):
        b("hand = hands[seat]", "laid = mileage_counts[s]", "_keep = KEEP_MILEAGE[style][zone_state[s]]",
          "_g = go_state[s]", "_one = KEEP_ONE[style][_g]", "_more = KEEP_MORE[style][_g]",
          "keep_least = KEEP_LEAST[style]", "least = 1 << 30")
        with b.block("for _c in BITS[hm]:  # the hand's distinct cards, lowest first"):
            with b.block(f"if KIND[_c] == {MILEAGE}:  # 0 for a copy its pile cannot take"):
                b("_v = 0 if hand.count(_c) > NEED[_c] - laid[_c] else _keep[_c]")
            with b.block("else:"):
                b("_v = _one[_c] if hand.count(_c) == 1 else _more[_c]")
            with b.block("if _v < least:"):
                b("c = _c")
                with b.block("if _v == keep_least:  # no card keeps less"):
                    b("break")
                b("least = _v")


def make_move(e: Emitter, b: Source, trace: bool) -> None:
    """The move the policy chose: play `code`, or (code -1) discard card c from `hand`."""
    with b.block("if code >= 0:"):
        if trace:
            b("trace.append(code)")
        b(f"c = {CARD.of()}")
        apply_play(e, b)
    with b.block("else:"):
        if trace:
            b(f"trace.append({packed(DISCARD, 'c')})")
        discard(e, b)


def rule_play(e: Emitter, b: Source) -> None:
    """code = the rule's play among `codes`, or -1 to discard."""
    b("code = -1")
    with b.block("if n:"):
        b("code = rule_play(style, codes, s, miles, zone_state, go_state[s])")


def rule_constants(w: Source, t: Tables) -> None:
    """The rule's tables for the game loop, by Style number (STYLE_NAMES' order): the discard's keeps
    (KernelRule.keeps) and each go pile state's cards that would set the side moving."""
    keeps = [KernelRule(t, STYLES[name]).keeps() for name in STYLE_NAMES]
    w(f"# the rule's Styles, numbered: {', '.join(f'{i} {name}' for i, name in enumerate(STYLE_NAMES))}",
      f"KEEP_MILEAGE = {tuple(k[0] for k in keeps)!r}  # by style, zone code, card code",
      f"KEEP_ONE = {tuple(k[1] for k in keeps)!r}  # by style, go pile state, card code: a card held once",
      f"KEEP_MORE = {tuple(k[2] for k in keeps)!r}  # the same, held more than once",
      f"KEEP_LEAST = {tuple(k[3] for k in keeps)!r}  # by style: what no card keeps less than",
      f"ONTO = {tuple(t.onto)!r}  # by go pile state: the mask of the cards that would set the side moving")


def loop_constants(w: Source, t: Tables, greedy: bool) -> None:
    """The measuring loop's module constants: the kernel's, and the rule's where some seat follows it."""
    constants(w, t)
    if greedy:
        rule_constants(w, t)


def random_policy(e: Emitter, b: Source, trace: bool, apply: bool) -> None:
    """The random policy, as in run_random: one draw (none for a single answer), a uniform distinct play,
    else a random card discarded; made here if `apply`, else only chosen (make_move makes it)."""
    draw(e, b)
    with b.block("if n:"):
        count_offered(e, b)
        b("code = codes[0] if n == 1 else codes[state * n >> 64]")
        if apply:
            if trace:
                b("trace.append(code)")
            b(f"c = {CARD.of()}")
            apply_play(e, b)
    with b.block("else:  # no play (so no counter is offered): a random card of the hand is discarded"):
        if e.hand_limit:
            with b.block("if pending is None:  # not a discard down to the hand size"):
                b("stuck += 1")
        else:
            b("stuck += 1")
        b("hand = hands[seat]", "c = hand[state * len(hand) >> 64]")
        if apply:
            if trace:
                b(f"trace.append({packed(DISCARD, 'c')})")
            discard(e, b)
        else:
            b("code = -1")


def count_offered(e: Emitter, b: Source) -> None:
    """The n plays on offer count towards the branching factor (counted where n > 0: adding 0 is no work
    worth a line per turn); an answer to a counter, or a discard down to the hand size, is not a turn's choice."""
    if e.has_pending:
        with b.block("if pending is None:"):
            b("offered += n")
    else:
        b("offered += n")


def discard(e: Emitter, b: Source) -> None:
    """Discard card c from `hand` (hands[seat], whose mask hm the legal plays read): a turn, unless
    it discards down to the hand size (the turn's steps: engine.codegen.NAMED_STEPS)."""
    discard_card(e)


_LOOPS: dict = {}


def tables_loop(t: Tables, greedy: bool, trace: bool = False):
    """The compiled measuring loop for Tables t, `greedy`: some seats may follow the rule (else every seat
    is random): (t, play, the KernelRule of each style, the loop's source). Cached per compiled Tables,
    and its code kept on the Tables under what shapes it, so that a detached copy carries it
    (simulate.warm)."""
    shape = (greedy, trace)  # everything write_play is given besides t
    key = (id(t), *shape)
    found = _LOOPS.get(key)
    if found is None or found[0] is not t:
        if len(_LOOPS) > 64:
            _LOOPS.clear()
        text, code = compiled_code(t, ("measuring loop", *shape), "measuring loop", lambda: loop_source(t, *shape))
        namespace = {"T": t, "event": new_event, **EVENT_WORDS, "answer_offer": answer_offer, **kernel_for(t)}
        exec(code, namespace)
        rules = tuple(KernelRule(t, STYLES[name]) for name in STYLE_NAMES)
        namespace["rule_play"] = lambda style, codes, s, miles, zone_state, state: \
            rules[style].play(codes, s, miles, zone_state, state)
        found = _LOOPS[key] = (t, namespace["play"], dict(zip(STYLE_NAMES, rules)), text)
    return found


def loop_source(t: Tables, greedy: bool, trace: bool) -> str:
    """The measuring loop's module: the ruleset's constants (and the rule's), then `play`."""
    w = Source()
    loop_constants(w, t, greedy)
    write_play(w, t, greedy, trace)
    return w.text()


def rule_playout(t: Tables, name: str = "expert"):
    """A function game -> None that plays a game of Tables t from where it stands to its end with the
    rule `name` for every seat, inside the measuring loop: the very moves of stepping KernelRule.choose
    (tests/test_rollout.py), for the search's playouts, without a call per move (the rollout bot chose
    about a fifth faster in touring-1937). The loop's measures and card counts are thrown away; with
    every seat on the rule, its random generator draws nothing."""
    _, loop, _, _ = tables_loop(t, greedy=True)
    seats = len(t.side_of)
    by_seat, every_seat, idle = (STYLE_NAMES.index(name),) * seats, (1 << seats) - 1, Rng(0)
    plays, hits, paid = [0] * t.K, [0] * t.K, [0] * t.K

    def playout(game) -> None:
        if not game.is_over:  # the loop plays a turn before it asks (an answer may have ended the race)
            loop(game, idle, every_seat, by_seat, plays, hits, paid)
    return playout


