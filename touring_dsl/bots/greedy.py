"""Bots stage, the greedy heuristic: one decision rule on card codes, shared by the rule bots and the simulator.

The rule reads only the ruleset (kinds, miles, what each zone allows) and what a seat may see. It is
written once, on small integers, so that the public bot (bots.rule_bots.GreedyBot, which reads a View
and a list of Moves) and the kernel rule (bots.kernel_rule, which reads the kernel's lists, for the
simulator's fast path and the search's playouts) make the very same choices: both call pick_play, and
both discard by the same Spares table (pick_discard reads it through spare; the kernel's game loop,
bots.playout, reads it inline, and tests/test_simulate_paths.py holds the two paths to the same games).
It draws nothing from the generator.

In order: answer an attack with a counter card (or a safety shown out of turn); set the side moving
again, with a safety that lifts what holds it up if it has one, else the go or remedy it needs; lay
a safety that gives an extra turn and cannot answer a hazard out of turn (it costs nothing); delay
the rival with the most miles (taking the most miles when a penalty lets it choose); lay the largest
mileage card its zone allows; lay any other safety that cannot answer out of turn; play a zone card
that raises its own allowance or lowers a rival's; lay a safety kept for answering out of turn
rather than discard (a safety laid is never wasted); else discard the card it can best spare.

The rule has weights (a Style): GREEDY, the bot `greedy`, and EXPERT, the bot `expert` and the search
bot's prior, whose weights were tuned by simulation against greedy (benchmarks/tune_expert.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.codec import COUNTER_WITH, DECLINE
from ..mechanics import by_name, core
from ..engine.tables import (COUNTER, GO, HAZARD, KIND_CODES, MILEAGE, REMEDY, SAFETY,
                            ZONE)

if TYPE_CHECKING:
    from ..engine.tables import Tables
    from ..language.model import Ruleset

# How much the seat wants to keep a card when it must discard one (lower goes first). The old rule
# ranked every remedy above the mileage still needed, so a seat waiting for a go card threw away its
# 15s and 30s while it kept spare remedies; now a card its piles cannot take, a second copy of the
# same card, a remedy it does not need and a zone card all go before the mileage it needs. Hazards and
# go cards still rank above mileage: measured against the old rule (600 games each, touring-1937 and
# touring-1906), keeping mileage above them lost more games than it won.
KEEP_COUNTER = 100  # counters and safeties: a card that answers a hazard (or shields from one) is kept
KEEP_NEEDED_NOW = 90  # a go or remedy that would set the side moving again
KEEP_MILEAGE = 25  # plus up to Style.spread for the larger cards, less Style.barred while the zone forbids it
KEEP_UNKNOWN = 30  # a kind this rule does not know (a newer engine's): kept like an average card


@dataclass(frozen=True)
class Style:
    """The weights of the rule. keep: how much a seat wants to keep a card of each kind when it must
    discard; second: the share of that a second copy of the same card keeps (in percent); barred: what
    a mileage card loses while the side's zone forbids it; spread: what the largest mileage card is kept
    above the smallest (the others in proportion to their miles); attack_zone: the keep of a zone card that can
    cut a rival's allowance (zones per side), None to keep it like any zone card; zone_first: whether to
    cut a rival's allowance with such a card before delaying it or laying mileage."""

    keep: tuple[tuple[int, int], ...]
    second: int = 50
    barred: int = 10
    spread: int = 10
    attack_zone: int | None = None
    zone_first: bool = False


GREEDY = Style(keep=((GO, 40), (REMEDY, 20), (HAZARD, 50), (ZONE, 10)))
# Tuned on touring-1937 by coordinate search over duplicate deals against GREEDY, then checked on
# other deals and editions (benchmarks/tune_expert.py): keep remedies and hazards longer, keep a zone
# card that can shut a rival in, and use it before anything else.
EXPERT = Style(keep=((GO, 40), (REMEDY, 30), (HAZARD, 80), (ZONE, 10)), second=75, barred=20, spread=0,
               attack_zone=40, zone_first=True)
STYLES = {"greedy": GREEDY, "expert": EXPERT}  # the bots that follow this rule, by name, with their Style
STYLE_NAMES = tuple(STYLES)  # the Styles numbered (the kernel's game loop names a seat's Style by its number)


class Facts:
    """What the rule reads off a ruleset, by card code (the card's index in the deck list) and zone code
    (a zone card's code, or len(deck) for no zone yet)."""

    def __init__(self, ruleset: Ruleset):
        deck = ruleset.deck
        self.K = len(deck)
        self.names = tuple(card.name for card in deck)
        self.code = {name: i for i, name in enumerate(self.names)}
        self.kind = tuple(KIND_CODES[card.kind] for card in deck)
        self.miles = tuple(card.miles or 0 for card in deck)
        every = frozenset(c for c in range(self.K) if self.kind[c] == MILEAGE)
        allows = {self.code[z.name]: frozenset(self.code[n] for n in z.allows) for z in ruleset.zones.zones}
        self.allows = tuple(allows.get(z, every) for z in range(self.K + 1))
        # reach: the largest mileage a zone card allows (0 for a card that is not a zone)
        self.reach = tuple(max((self.miles[c] for c in allows[z]), default=0) if z in allows else 0
                           for z in range(self.K + 1))
        self.top_miles = max(self.miles, default=1) or 1
        self._safeties(ruleset)
        # attack zones: zone cards a side may lay on a rival to cut its allowance below the largest
        zones = ruleset.zones
        widest = max(self.reach, default=0)
        self.attack_zones = frozenset(
            self.code[play.card] for play in zones.plays
            if zones.scope == "side" and play.reach == "any" and self.reach[self.code[play.card]] < widest)
        self._masks()

    def _masks(self) -> None:
        """The sets above as bit masks over card codes (and the lifts as padded rows) for choose_play."""
        self.allow_masks = tuple(sum(1 << c for c in allowed) for allowed in self.allows)
        self.answer_mask = sum(1 << c for c in self.answers)
        self.free_mask = sum(1 << c for c in self.free)
        width = max([1, *(len(masks) for masks in self.lifts)])
        self.lift_rows = tuple(tuple(sorted(masks)) + (0,) * (width - len(masks)) for masks in self.lifts)

    def _safeties(self, ruleset: Ruleset) -> None:
        """answers: the cards that may be shown out of turn against some hazard; free: the safeties
        that give an extra turn; lifts[c]: the `needs` masks (see pick_play) safety c surely ends."""
        answers = core.united("cancelling", ruleset)  # (the counters': mechanics.counters)
        self.answers = frozenset(self.code[name] for name in answers if name in self.code)
        free = set().union(*(construct.extra_turns(ruleset.deck) for construct in core.CORE))  # (safeties')
        self.free = frozenset(c for c, card in enumerate(ruleset.deck) if card.name in free)
        # each go pile state as (the cards that would move it on, the hazard holding it up or None)
        go = sum(1 << c for c in range(self.K) if self.kind[c] == GO)
        states = [(go, None)] + [(1 << self.code[step], chain.hazard)
                                 for chain in ruleset.delays.chains for step in chain.steps]
        lifts = {}
        for c, card in enumerate(ruleset.deck):
            ends = [(needs, _ends_wait(card, hazard, needs & go != 0)) for needs, hazard in states]
            if any(done is None for _, done in ends):
                continue  # no construct's card that ends a wait (a safety is one: mechanics.safeties)
            # a side shows only what it needs, not what holds it up: count a state as ended only when
            # the safety ends every state that needs the same cards
            lifts[c] = frozenset(n for n, _ in ends if all(done for m, done in ends if m == n))
        self.lifts = tuple(lifts.get(c, frozenset()) for c in range(self.K))

    def spares(self, style: Style) -> Spares:
        """The Spares table of a Style, made once."""
        tables = self.__dict__.setdefault("_spares", {})
        found = tables.get(style)
        if found is None:
            found = tables[style] = Spares(self, style)
        return found


def _ends_wait(card, hazard: str | None, waits_for_go: bool) -> bool | None:
    """Whether laying `card` ends a wait (held up by `hazard`, or waiting for a go card), as the core
    construct whose card it is says (mechanics.core.CORE: a safety's); None when it is no construct's."""
    return next((done for construct in core.CORE
                 if (done := construct.ends_wait(card, hazard, waits_for_go)) is not None), None)


class Spares:
    """How much a seat wants to keep each card when it must discard, for one Style, read once per
    ruleset so that pick_discard does a lookup per card instead of weighing its kind.

    mileage[z][c]: the keep of mileage card c in zone z while its pile can still take every copy held
    (a spare copy keeps 0); one[c], more[c]: the keep of any other card held once, or more than once
    (counters and safeties: KEEP_COUNTER either way); needable: the cards whose keep becomes
    KEEP_NEEDED_NOW while they would set the side moving (neither mileage, counters nor safeties);
    lowest: what no card keeps less than."""

    def __init__(self, f: Facts, style: Style):
        keep = dict(style.keep)
        self.mileage = tuple(tuple(KEEP_MILEAGE + style.spread * f.miles[c] // f.top_miles
                                   - (0 if c in f.allows[z] else style.barred) if f.kind[c] == MILEAGE else 0
                                   for c in range(f.K)) for z in range(f.K + 1))
        one, more = [], []
        for c, k in enumerate(f.kind):
            if k == COUNTER or k == SAFETY:
                one.append(KEEP_COUNTER)
                more.append(KEEP_COUNTER)
                continue
            held = keep.get(k, KEEP_UNKNOWN)
            if style.attack_zone is not None and c in f.attack_zones:
                held = style.attack_zone
            one.append(held)
            more.append(held * style.second // 100)
        self.one, self.more = tuple(one), tuple(more)
        self.needable = sum(1 << c for c, k in enumerate(f.kind) if k not in (MILEAGE, COUNTER, SAFETY))
        self.lowest = min(0, *one, *more, *(min(row) for row in self.mileage))  # no card keeps less


_FACTS: dict[int, tuple[Ruleset, Facts]] = {}


def facts_for(ruleset: Ruleset) -> Facts:
    """The Facts of a ruleset, read once."""
    found = _FACTS.get(id(ruleset))
    if found is None or found[0] is not ruleset:
        if len(_FACTS) > 64:
            _FACTS.clear()
        found = _FACTS[id(ruleset)] = (ruleset, Facts(ruleset))
    return found[1]


def facts_of(t: Tables) -> Facts:
    """The Facts of the ruleset a Tables was compiled from, kept on the Tables: a detached copy, which
    holds no Ruleset, carries them."""
    if t.facts is None:
        t.facts = facts_for(t.ruleset)
    return t.facts


def pick_play(f: Facts, plays, side: int, miles, zones, needs: int = 0, style: Style = GREEDY) -> int:
    """The index of the play to make among `plays`, or -1 to discard instead.

    plays: (action, card, target side or -1, miles the play's penalty takes) per legal play, in the
    engine's order; miles, zones: each side's miles and zone code; needs: the mask of the cards that
    would set the side moving now (0 while it runs). Ties go to the earliest play."""
    return choose_play(f.kind, f.miles, f.reach, f.allow_masks, f.answer_mask, f.free_mask, f.lift_rows,
                       style.zone_first, f.K, [p[0] for p in plays], [p[1] for p in plays], [p[2] for p in plays],
                       [p[3] for p in plays], len(plays), side, miles, zones, needs)


def choose_play(kind, card_miles, reach, allow_masks, answer_mask, free_mask, lift_rows, zone_first, no_zone,
                actions, cards, targets, takes, n, side, miles, zones, needs):
    """pick_play on columns: the rule itself, written on numbers, tuples and bit masks only, so that the
    compiled backend (simulate.compiled) compiles this very function for its rule seats; the facts
    (Facts' kind, miles, reach, allow_masks, answer_mask, free_mask, lift_rows and K as no_zone) and the
    style's zone_first come first, then the n plays as four columns (action, card, target or -1, miles
    taken), then the position."""
    allowed = allow_masks[zones[side]]
    respond = repair = hazard = mileage = zone = -1
    lift = free = safety = kept = -1
    lead = most = longest = -1
    for i in range(n):
        action, card, target, take = actions[i], cards[i], targets[i], takes[i]
        if action == COUNTER_WITH or action == DECLINE:  # answering an attack: the first counter card, else decline
            if respond < 0 or (action == COUNTER_WITH and actions[respond] == DECLINE):
                respond = i
            continue
        k = kind[card]
        if k == GO or k == REMEDY:
            if repair < 0:
                repair = i
        elif k == HAZARD:
            if target >= 0 and (miles[target] > lead or (miles[target] == lead and take > most)):
                hazard, lead, most = i, miles[target], take
        elif k == MILEAGE:
            if allowed >> card & 1 and card_miles[card] > longest:
                mileage, longest = i, card_miles[card]
        elif k == SAFETY:
            if needs and lifts(lift_rows[card], needs):
                if lift < 0:
                    lift = i
            elif answer_mask >> card & 1:
                if kept < 0:
                    kept = i
            elif free_mask >> card & 1:
                if free < 0:
                    free = i
            elif safety < 0:
                safety = i
        elif k == ZONE and zone < 0:
            on = side if target < 0 else target
            now = zones[on]
            if now != no_zone:  # a side with no zone yet has nothing to compare with
                gain = reach[card] - reach[now]
                if (on == side and gain > 0) or (on != side and gain < 0):
                    zone = i
    order = (respond, lift, repair, free, hazard, mileage, safety, zone, kept)
    if zone_first and zone >= 0 and targets[zone] != -1 and targets[zone] != side:
        order = (respond, lift, repair, free, zone, hazard, mileage, safety, kept)
    for choice in order:
        if choice >= 0:
            return choice
    return -1


def lifts(row, needs: int) -> bool:
    """Whether `needs` is among the masks of a safety's lift_rows row (padded with 0, which no wait needs)."""
    for x in row:
        if x == needs:
            return True
    return False


RULE_FUNCTIONS = (choose_play, lifts)  # what the compiled backend copies into its module, in this order
RULE_NAMES = {"COUNTER_WITH": COUNTER_WITH, "DECLINE": DECLINE, "GO": GO, "REMEDY": REMEDY, "HAZARD": HAZARD,
              "MILEAGE": MILEAGE, "SAFETY": SAFETY, "ZONE": ZONE}  # the module names they read


def answer_offer(t: Tables, offer, side: int, miles, top: int = -1, hand=(), needs: int = 0) -> int:
    """The rule's answer to a mechanic's question (engine.schema.Offer, e.g. the Extension's): the mechanic's
    own rule (touring_dsl.mechanics) chooses, an index into offer.codes, from what the seat sees (the top
    discard's card code or -1, its hand's card codes, the cards that would set it moving). Both
    bots.rule_bots.GreedyBot and the kernel's game loop (bots.playout) call this, so both answer alike."""
    return by_name(offer.mechanic).choose_seen(t, side, miles, offer, top, hand, needs)


def pick_discard(f: Facts, hand, zone: int, needs: int, need, laid, style: Style = GREEDY) -> int:
    """The card to discard: the one the seat can best spare (ties: the lowest card code).

    hand: the card codes held; zone: the side's zone code; needs: a mask of the cards that would set
    the side moving now; need, laid: per card, how many its mileage pile takes and holds."""
    return spare(f.spares(style), f.kind, sorted(set(hand)), hand, zone, needs, need, laid)


def spare(table: Spares, kind, distinct, hand, zone: int, needs: int, need, laid) -> int:
    """pick_discard on a Spares table, given the distinct cards of the hand in ascending order (the
    simulator's fast path reads them off the hand's mask and keeps the table)."""
    mileage, one, more, lowest = table.mileage[zone], table.one, table.more, table.lowest
    needs &= table.needable
    best, least = -1, 1 << 30
    for c in distinct:
        if kind[c] == MILEAGE:
            value = 0 if hand.count(c) > need[c] - laid[c] else mileage[c]  # 0: a copy its pile cannot take
        elif needs >> c & 1:
            value = KEEP_NEEDED_NOW
        else:
            value = one[c] if hand.count(c) == 1 else more[c]
        if value < least:
            if value == lowest:  # no card keeps less: a later one could only tie
                return c
            best, least = c, value
    return best
