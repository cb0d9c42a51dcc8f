"""Bots stage, the rule bots: players that choose at once, by a fixed rule, from what their seat may see.

RandomBot plays uniformly among the legal plays (the draws of engine.run_random); GreedyBot and
ExpertBot follow greedy.py's rule in its two Styles. Their choices are the kernel policies of the same
names (kernel_rule.py, playout.py), which the simulator's fast path and the search's playouts use.
"""
from __future__ import annotations

from typing import Protocol

from ..engine import Move, View, tables_for
from ..engine.codec import ACTIONS
from .greedy import EXPERT, GREEDY, Facts, answer_offer, facts_for, pick_discard, pick_play
from ..language.model import Ruleset
from ..base.rng import Rng


class Bot(Protocol):
    name: str

    def choose(self, view: View, legal_moves: list[Move], rng: Rng) -> Move: ...


class RandomBot:
    """Uniform over the distinct legal plays; a uniformly random hand card is discarded only when
    nothing can be played; a question with a single answer takes it without a draw. Makes exactly the
    choices (and generator draws) of engine.run_random."""

    name = "random"

    def __init__(self, ruleset: Ruleset | None = None):
        self.ruleset = ruleset

    def choose(self, view: View, legal_moves: list[Move], rng: Rng) -> Move:
        plays = [m for m in legal_moves if m.action != "discard"]
        if len(plays) == 1 and waits(view):  # a question with one answer: no draw (engine.codegen.draw)
            return plays[0]
        if plays:
            return plays[rng.below(len(plays))]
        return discard_move(view.hand[rng.below(len(view.hand))])


def waits(view: View) -> bool:
    """Whether the seat answers a question (a counter offer, a mechanic's, a discard down) rather than
    taking a turn: the kernel's `pending is not None`."""
    return view.pending is not None or view.offer is not None or view.discarding_down


_DISCARDS: dict[str, Move] = {}


def discard_move(card: str) -> Move:
    """Move("discard", card), made once per card name (moves are immutable; a bot discards every other turn)."""
    move = _DISCARDS.get(card)
    if move is None:
        move = _DISCARDS[card] = Move("discard", card)
    return move


class GreedyBot:
    """A rule-agnostic heuristic that reads the ruleset (greedy.py has the rule): counter when attacked,
    repair its own delay, delay the leading rival, lay the largest mileage its zone allows, play a
    helpful zone card, else discard the card it can best spare (never the mileage it still needs
    while something less useful is in hand)."""

    name = "greedy"
    style = GREEDY

    def __init__(self, ruleset: Ruleset | None = None):
        self.ruleset = ruleset

    def choose(self, view: View, legal_moves: list[Move], rng: Rng) -> Move:
        if view.offer is not None:  # a mechanic's question: its own rule answers, as on the fast path
            t = tables_for(self.ruleset or view.ruleset, view.players, view.setup)
            top = view.face_up[2][-1] if view.face_up[2] else -1  # what the seat sees: the top discard (a card code)
            needs = sum(1 << t.code[name] for name in set(view.sides[view.side].needs))
            return legal_moves[answer_offer(t, t.offers[view.offer], view.side, [s.miles for s in view.sides], top,
                                            [t.code[name] for name in view.hand], needs)]
        f = facts_for(self.ruleset or view.ruleset)
        code = f.code
        plays = [m for m in legal_moves if m.action != "discard"]
        me = view.sides[view.side]
        miles = [side.miles for side in view.sides]
        zones = [f.K if side.zone is None else code[side.zone] for side in view.sides]
        needs = 0
        for name in me.needs:
            needs |= 1 << code[name]
        if plays:
            chosen = pick_play(f, [_play_of(f, m) for m in plays], view.side, miles, zones, needs, self.style)
            if chosen >= 0:
                return plays[chosen]
        need, laid = [0] * f.K, [0] * f.K
        for name, n, wanted in me.piles:
            laid[code[name]], need[code[name]] = n, wanted
        card = pick_discard(f, [code[name] for name in view.hand], zones[view.side], needs, need, laid,
                            self.style)
        return discard_move(f.names[card])


class ExpertBot(GreedyBot):
    """Greedy's rule with the weights tuned by simulation (greedy.EXPERT): it keeps remedies and hazards
    longer, keeps a zone card that can shut a rival in, and plays it before anything else."""

    name = "expert"
    style = EXPERT


def _play_of(f: Facts, move: Move) -> tuple[int, int, int, int]:
    """A legal play as greedy.pick_play reads it: (action, card code, target or -1, miles taken)."""
    take = sum(f.miles[f.code[name]] * n for name, n in move.take)
    card = 0 if move.card is None else f.code[move.card]
    return (ACTIONS[move.action], card, -1 if move.target is None else move.target, take)
