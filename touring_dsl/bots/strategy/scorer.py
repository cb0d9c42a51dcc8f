"""Bots stage, the scorer bot: plays for the points an edition's scoring pays, not only for the race.

It reads what the edition rewards from the compiled ruleset (strategy.knowledge) and what its seat has
seen (its View: its hand, every face-up pile and the discard pile), and counts cards: of each card, the
deck holds so many, so many are in sight, and the rest are unseen (in another hand or the draw pile).
In an edition without scoring it plays exactly the expert rule. Its choices, in order:

- answer an attack out of turn whenever it can (a coup fourre scores, the rule already does it);
- lay a safety at once when no unseen hazard is left for it to turn away (it scores in play and, where
  the edition grants one, gives an extra turn), and lay every safety before the race can end: when its
  own completing play is in hand, when a rival is within reach of the end or the draw pile is nearly out;
- complete the race when it can;
- get moving again: with the remedy or go card it holds, keeping a safety for its coup fourre, unless
  lifting the hazard with the safety saves at least LIFT_TURNS turns;
- attack the leading rival, with the hazard that costs it most turns, weighed by the chance that it
  holds the safety that would turn the hazard away (unseen copies of that safety, over unseen cards,
  times its hand);
- weigh the Extension by playing both answers out on dealt tables (strategy.weigh), declining unless
  extending clearly pays;
- lay the largest mileage, except a card whose absence scores a bonus at completion ("safe trip") while
  that bonus is still alive and no rival is near the end;
- lay a zone card that helps, then the held-back mileage, then a safety kept for a coup fourre when the
  hand holds nothing it can spare;
- else discard the card least worth keeping, by counting: a hazard every rival is shielded from, a
  remedy whose hazards its side is shielded from or that are all spent, mileage that can no longer fit.

The weights were chosen on Mille Bornes matches against greedy, deals 300000 to 300249 of
benchmarks/duel_matches.py (points a race over greedy, 95% interval about +-40): counting cards for the
discard is most of the gain (with the expert rule's discard instead, +10 rather than +99); keeping the
held-back 200 like an average card rather than discarding it early, +26; keeping mileage above remedies
(MILE_BASE 40) lost 45; playing the zone attack before the hazard, laying a kept safety rather than
discarding anything (HOLD_BELOW 0), distance before hazards near the end, and planning the exact finish
from the hand made no measurable difference or lost.
"""
from __future__ import annotations

from collections import Counter

from ...engine import Move, View
from ...base.rng import Rng
from ...mechanics.extension import STOP as DECLINE_EXTENSION
from ...mechanics.extension import ExtensionMechanic
from ..rule_bots import ExpertBot
from .knowledge import Knowledge, knowledge_for
from .weigh import weigh_answers

EXTENSION = ExtensionMechanic.name  # the question View.offer names when a race may be extended

LIFT_TURNS = 2  # lift a hazard with a safety (losing its coup fourre) when that saves this many turns
NEAR_MILES = 200  # a rival this close to the end may end the race: lay the safeties, spend the big mileage
NEAR_DRAW = 6  # ... as may a draw pile this small
NEVER = 1000  # the keep value of a card that is never discarded while another can go
MILE_BASE = 25  # the keep value of the smallest mileage card that still fits (the largest 10 more)
HOLD_BELOW = 20  # lay a safety kept for its coup fourre rather than discard a card worth this much or more
# keep values when discarding (lower goes first)
KEEP_BONUS = 25  # a mileage card whose absence still earns a completion bonus
KEEP_GO, KEEP_GO2 = 45, 20
KEEP_REMEDY, KEEP_REMEDY2 = 35, 12
KEEP_HAZARD = 60
KEEP_ATTACK_ZONE = 40
BARRED = 15  # what a mileage card loses while its side's zone forbids it
EXTENSION_SAMPLES = 64  # tables dealt to weigh the Extension (0: always decline)
EXTENSION_GUARD = 2.0  # standard errors by which extending must beat declining


class Seen:
    """What one decision's seat knows: its side, the rivals, and the unseen count of every card."""

    def __init__(self, view: View, k: Knowledge):
        self.view, self.k = view, k
        self.me = view.sides[view.side]
        self.rivals = [side for side in view.sides if side.side != view.side]
        self.leader = max(self.rivals, key=lambda side: side.miles)
        seen = Counter(view.hand)
        go_piles, zone_piles, discards = view.face_up
        names = [card.name for card in view.ruleset.deck]
        for pile in (*go_piles, *zone_piles, discards):
            seen.update(names[c] for c in pile)
        for side in view.sides:
            seen.update(side.safeties)
            for name, laid, _ in side.piles:
                seen[name] += laid
        if view.pending is not None:
            seen[view.pending[1]] += 1
        self.unseen = Counter({name: max(0, n - seen[name]) for name, n in k.total.items()})
        self.unseen_total = max(1, sum(self.unseen.values()))
        self.rival_hand = max((view.hand_sizes[seat] for side in self.rivals for seat in side.seats), default=0)
        # the race's length now: an extended race (a mechanic's public state) is longer than the one dealt
        self.target = view.extra.get(k.target_field, k.target) if k.target_field else k.target
        self.near_end = (self.target - self.leader.miles <= NEAR_MILES or view.draw_size <= NEAR_DRAW)
        self.my_shields = set(self.me.safeties)

    def laid(self, side, name: str) -> int:
        return sum(n for card, n, _ in side.piles if card == name)

    def shielded(self, side, hazard: str) -> bool:
        return bool(self.k.shields.get(hazard, set()) & set(side.safeties))

    def coup_chances(self, safety: str) -> int:
        """Unseen hazards this safety could still turn away out of turn."""
        return sum(self.unseen[h] for h in self.k.cancels.get(safety, ()) if not self.shielded(self.me, h))

    def shield_risk(self, hazard: str) -> float:
        """The chance that a rival holds a safety that turns `hazard` away as it is played."""
        cancellers = [s for s, hazards in self.k.cancels.items() if hazard in hazards]
        unseen = sum(self.unseen[s] for s in cancellers)
        return min(1.0, unseen * self.rival_hand / self.unseen_total)

    def bonus_alive(self, card: str) -> bool:
        """Whether completing without `card` still scores for this side (none laid yet)."""
        return card in self.k.points.without and not self.laid(self.me, card)


def read_tables(text: str) -> int:
    """The budget after "scorer:": how many tables to deal when weighing the Extension (0: always decline).
    A count, never seconds, so that the same seed plays the same game on any machine."""
    if text.isdigit() and int(text) <= 100_000:
        return int(text)
    raise ValueError(f"scorer budget {text!r}: give the tables dealt to weigh the Extension (scorer:64), "
                     "or scorer:0 to decline it always")


class ScorerBot:
    """Plays for the edition's points (see the module docstring); the expert rule where nothing scores."""

    name = "scorer"

    def __init__(self, ruleset=None, budget: str | None = None):
        self.ruleset = ruleset
        self.expert = ExpertBot(ruleset)
        self.lift_turns = LIFT_TURNS
        self.extension_samples = EXTENSION_SAMPLES if budget is None else read_tables(budget)
        self.name = "scorer" if budget is None else f"scorer:{budget}"
        self.extension_guard = EXTENSION_GUARD

    def choose(self, view: View, legal_moves: list[Move], rng: Rng) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        k = knowledge_for(self.ruleset or view.ruleset, view.players, view.setup)
        if view.offer is not None and k.points.scored:
            return self.answer(view, legal_moves, rng)
        if not k.points.scored or view.pending is not None or view.offer is not None or not k.race.is_distance:
            return self.expert.choose(view, legal_moves, rng)
        seen = Seen(view, k)
        move = self.play(seen, [m for m in legal_moves if m.action == "play"])
        if move is None:
            move = self.discard(seen, legal_moves)
        return move

    def answer(self, view: View, legal_moves: list[Move], rng: Rng) -> Move:
        """A mechanic's question. The Extension is weighed (strategy.weigh): both answers are played out
        on dealt tables and the race is extended only when that clearly pays, else declined, since the
        race completed now scores for certain. No fixed rule did as well (on the tuning deals 300000 to
        300299 against greedy: never extending, 62.2% of matches; the rule bots' rule, extending with a
        lead at least as long as the extension, 55.3%; with half that lead, 54.5%; one and a half,
        57.0%); weighing added +24 points a race over never extending on deals 300000 to 300199 and
        +9 on 301000 to 301499, extending in about one race in twenty.
        Any other question gets the rule bots' answer."""
        if view.offer == EXTENSION:
            declines = [m for m in legal_moves if m.action == DECLINE_EXTENSION]
            if declines:
                if self.extension_samples:
                    return weigh_answers(view, legal_moves, declines[0], rng, self.extension_samples,
                                         self.extension_guard)
                return declines[0]
        return self.expert.choose(view, legal_moves, rng)

    # plays -------------------------------------------------------------------------------------
    def play(self, seen: Seen, plays: list[Move]) -> Move | None:
        """The play to make, in the module docstring's order, or None to discard."""
        k, me = seen.k, seen.me
        by_kind: dict[str, list[Move]] = {}
        for m in plays:
            by_kind.setdefault(k.kind[m.card], []).append(m)
        safeties = by_kind.get("safety", [])
        mileage = by_kind.get("mileage", [])
        completing = [m for m in mileage if me.miles + k.miles[m.card] == seen.target]
        free = [m for m in safeties if m.card in k.extra_turn]
        spent = [m for m in free if not seen.coup_chances(m.card)]
        if spent:
            return spent[0]
        if free and (completing or seen.near_end):
            return free[0]
        if completing:
            return completing[0]
        if not me.showing_go or me.needs:
            move = self.get_moving(seen, by_kind, safeties)
            if move is not None:
                return move
        zones = by_kind.get("zone", [])
        attack = [m for m in zones if m.target is not None and m.target != me.side]
        hazard = self.best_hazard(seen, by_kind.get("hazard", []))
        if hazard is not None:
            return hazard
        if attack:
            return attack[0]
        held_back, move = self.best_mileage(seen, mileage)
        own_zone = [m for m in zones if m.target in (None, me.side) and self.zone_helps(seen, m.card)]
        if own_zone and self.bigger_in_hand(seen, mileage):  # end the limit first, then lay the bigger card
            return own_zone[0]
        if move is not None:
            return move
        if own_zone:
            return own_zone[0]
        if held_back is not None and self.least_keep(seen) >= 10:
            return held_back
        if safeties and self.least_keep(seen) >= HOLD_BELOW:
            return safeties[0]
        return None

    def get_moving(self, seen: Seen, by_kind: dict, safeties: list[Move]) -> Move | None:
        """A go or remedy for the side's own go pile, or a safety that lifts what holds it up."""
        k, me = seen.k, seen.me
        repair = [m for m in by_kind.get("go", []) + by_kind.get("remedy", []) if m.target in (None, me.side)]
        lifts = [m for m in safeties if self.lifts(seen, m.card)]
        if lifts:
            turns = self.turns_to_move(seen)
            if not repair or turns >= self.lift_turns or not seen.coup_chances(lifts[0].card):
                return lifts[0]
        return repair[0] if repair else None

    def lifts(self, seen: Seen, safety: str) -> bool:
        me, k = seen.me, seen.k
        top = me.go_top
        if top is not None and k.kind.get(top) == "hazard":
            return top in k.shields and safety in k.shields[top]
        return safety in k.acts_as_go

    def turns_to_move(self, seen: Seen) -> int:
        """Turns of go and remedy cards the side needs before it may lay mileage again."""
        top, k = seen.me.go_top, seen.k
        if top is not None and k.kind.get(top) == "hazard":
            return len(k.chains.get(top, ())) or 1
        return 1

    def best_hazard(self, seen: Seen, hazards: list[Move]) -> Move | None:
        """The hazard on the leading rival that costs it most turns, discounted by the chance of its
        being turned away; a rival still without mileage is attacked first (a shut-out scores)."""
        if not hazards:
            return None
        k = seen.k
        best, value = None, -1.0
        for m in hazards:
            target = seen.view.sides[m.target] if m.target is not None else seen.leader
            turns = len(k.chains.get(m.card, ())) or 1
            worth = turns * (1.0 - seen.shield_risk(m.card)) + target.miles / max(seen.target, 1) * 2
            if worth > value:
                best, value = m, worth
        return best

    def best_mileage(self, seen: Seen, mileage: list[Move]) -> tuple[Move | None, Move | None]:
        """(the largest mileage held back for a completion bonus, the largest other mileage)."""
        held, move = None, None
        k = seen.k
        for m in mileage:
            if seen.bonus_alive(m.card) and not seen.near_end:
                if held is None or k.miles[m.card] > k.miles[held.card]:
                    held = m
            elif move is None or k.miles[m.card] > k.miles[move.card]:
                move = m
        return held, move

    @staticmethod
    def bigger_in_hand(seen: Seen, mileage: list[Move]) -> bool:
        """Whether the hand holds mileage larger than any it may lay now."""
        k = seen.k
        now = max((k.miles[m.card] for m in mileage), default=0)
        return any(k.kind[c] == "mileage" and k.miles[c] > now for c in seen.view.hand)

    def zone_helps(self, seen: Seen, zone: str) -> bool:
        now = seen.me.zone
        if now is None:
            return False
        allowed = {z.name: set(z.allows) for z in seen.k.ruleset.zones.zones}
        return len(allowed.get(zone, ())) > len(allowed.get(now, ()))

    # discards ----------------------------------------------------------------------------------
    def least_keep(self, seen: Seen) -> int:
        return min(self.keep_values(seen).values(), default=NEVER)

    def discard(self, seen: Seen, legal: list[Move]) -> Move:
        discards = [m for m in legal if m.action == "discard"]
        if not discards:
            return legal[0]
        values = self.keep_values(seen)
        return min(discards, key=lambda m: (values.get(m.card, NEVER), m.card))

    def keep_values(self, seen: Seen) -> dict[str, int]:
        """How much the seat wants to keep each card of its hand (the lowest is discarded)."""
        k, me = seen.k, seen.me
        hand = Counter(seen.view.hand)
        values = {}
        needs = set(me.needs)
        top_miles = max(k.miles.values()) or 1
        allowed = None
        if me.zone is not None:
            for z in k.ruleset.zones.zones:
                if z.name == me.zone:
                    allowed = set(z.allows)
        left = seen.target - me.miles
        for card, n in hand.items():
            kind = k.kind[card]
            if kind == "safety":
                value = NEVER
            elif card in needs:
                value = 90
            elif kind == "mileage":
                value = self.mileage_keep(seen, card, n, left, allowed, top_miles)
            elif kind == "hazard":
                if all(seen.shielded(side, card) for side in seen.rivals):
                    value = 0
                else:
                    value = KEEP_HAZARD + 10 * len(k.chains.get(card, ()))
                    value = value if n == 1 else value * 3 // 4
            elif kind == "remedy":
                hazards = [h for h in k.mends.get(card, ()) if not seen.shielded(me, h)]
                live = sum(seen.unseen[h] for h in hazards)
                value = 0 if not hazards else 3 if not live else (KEEP_REMEDY if n == 1 else KEEP_REMEDY2)
                if hazards and all(k.shields.get(h, set()) & hand.keys() for h in hazards):
                    value = 5  # the safety in hand answers each of its hazards
            elif kind == "go":
                if set(me.safeties) & k.acts_as_go:
                    value = 0
                else:
                    value = KEEP_GO if n == 1 else KEEP_GO2
            elif kind == "zone":
                value = self.zone_keep(seen, card, n)
            else:
                value = 30
            values[card] = value
        return values

    def mileage_keep(self, seen: Seen, card: str, n: int, left: int, allowed, top_miles: int) -> int:
        k = seen.k
        miles = k.miles[card]
        cap = k.caps.get(card)
        if miles > left or (cap is not None and seen.laid(seen.me, card) >= cap):
            return 0  # can never be laid in this race
        if seen.bonus_alive(card) and not seen.near_end:
            return KEEP_BONUS
        value = MILE_BASE + 10 * miles // top_miles
        if allowed is not None and card not in allowed:
            value -= BARRED
        if n * miles > left:
            value -= 15  # not every copy can fit
        return value

    def zone_keep(self, seen: Seen, card: str, n: int) -> int:
        k = seen.k
        shielded = k.shields.get(card, set())
        zones = k.ruleset.zones
        attack = any(p.card == card and p.reach != "own" for p in zones.plays)
        if attack:
            if all(shielded & set(side.safeties) for side in seen.rivals):
                return 0
            return KEEP_ATTACK_ZONE if n == 1 else KEEP_ATTACK_ZONE // 3
        limits = [z.name for z in zones.zones if z.name != card]
        if all(k.shields.get(z, set()) & seen.my_shields for z in limits):
            return 0
        return 15 if n == 1 else 3
