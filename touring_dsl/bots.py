"""Bots stage: players that choose a move from what their seat may see (random, greedy), and a game runner."""
from __future__ import annotations

from typing import Protocol

from .engine import Game, IllegalMove, Move, View
from .model import Ruleset
from .rng import Rng
from .search import IsmctsBot


class Bot(Protocol):
    name: str

    def choose(self, view: View, legal_moves: list[Move], rng: Rng) -> Move: ...


class RandomBot:
    """Uniform over the distinct legal plays; a uniformly random hand card is discarded only when
    nothing can be played. Makes exactly the choices (and generator draws) of engine.run_random."""

    name = "random"

    def __init__(self, ruleset: Ruleset | None = None):
        self.ruleset = ruleset

    def choose(self, view: View, legal_moves: list[Move], rng: Rng) -> Move:
        plays = [m for m in legal_moves if m.action != "discard"]
        if plays:
            return plays[rng.below(len(plays))]
        return discard_move(view.hand[rng.below(len(view.hand))])


_DISCARDS: dict[str, Move] = {}


def discard_move(card: str) -> Move:
    """Move("discard", card), made once per card name (moves are immutable; a bot discards every other turn)."""
    move = _DISCARDS.get(card)
    if move is None:
        move = _DISCARDS[card] = Move("discard", card)
    return move


class GreedyBot:
    """A rule-agnostic heuristic that reads the ruleset: counter when attacked, repair its own delay,
    delay the leading opponent (taking the most miles), lay the largest mileage its zone allows,
    play a zone card that helps it or hinders an opponent, else discard its least useful card."""

    name = "greedy"

    def __init__(self, ruleset: Ruleset | None = None):
        self.ruleset = ruleset
        self._facts: tuple | None = None

    def facts(self, ruleset: Ruleset) -> tuple:
        """(kind by card, miles by card, mileage allowed by zone), read once from the ruleset."""
        if self._facts is None or self._facts[0] is not ruleset:
            kinds = {c.name: c.kind for c in ruleset.deck}
            miles = {c.name: c.miles or 0 for c in ruleset.deck}
            allows = {z.name: set(z.allows) for z in ruleset.zones.zones}
            self._facts = (ruleset, kinds, miles, allows)
        return self._facts[1:]

    def choose(self, view: View, legal_moves: list[Move], rng: Rng) -> Move:
        kinds, miles, allows = self.facts(self.ruleset or view.ruleset)
        counters = [m for m in legal_moves if m.action == "counter"]
        if counters or any(m.action == "decline" for m in legal_moves):
            return counters[0] if counters else legal_moves[-1]
        plays = [m for m in legal_moves if m.action == "play"]
        me = view.sides[view.side]
        zone_allows = allows.get(me.zone, set(miles))
        for step in (self._repair, self._delay, self._mileage, self._zone):
            move = step(view, plays, kinds, miles, allows, zone_allows)
            if move is not None:
                return move
        return self._discard(view, legal_moves, kinds, miles, zone_allows)

    def _repair(self, view, plays, kinds, miles, allows, zone_allows):
        return next((m for m in plays if kinds[m.card] in ("go", "remedy")), None)

    def _delay(self, view, plays, kinds, miles, allows, zone_allows):
        hazards = [m for m in plays if kinds[m.card] == "hazard" and m.target is not None]
        if not hazards:
            return None
        lead = max(view.sides[m.target].miles for m in hazards)
        best = [m for m in hazards if view.sides[m.target].miles == lead]
        return max(best, key=lambda m: sum(miles[card] * n for card, n in m.take))

    def _mileage(self, view, plays, kinds, miles, allows, zone_allows):
        laid = [m for m in plays if kinds[m.card] == "mileage" and m.card in zone_allows]
        return max(laid, key=lambda m: miles[m.card]) if laid else None

    def _zone(self, view, plays, kinds, miles, allows, zone_allows):
        def reach(zone: str) -> int:
            return max((miles[c] for c in allows.get(zone, ())), default=0)

        for m in plays:
            if kinds[m.card] != "zone":
                continue
            target = view.side if m.target is None else m.target
            now = view.zone if view.zone is not None else view.sides[target].zone
            if now is None:
                continue
            gain = reach(m.card) - reach(now)
            if (target == view.side and gain > 0 and view.zone is None) or (target != view.side and gain < 0):
                return m
            if view.zone is not None and gain > 0:  # one zone for everybody: take the faster one
                return m
        return None

    def _discard(self, view, legal_moves, kinds, miles, zone_allows):
        me = view.sides[view.side]
        wanted = {card for card, _ in me.missing}
        top = max(miles.values(), default=1) or 1

        def usefulness(card: str) -> float:
            kind = kinds[card]
            if kind == "mileage":
                if card not in wanted:
                    return 0
                return (20 if card in zone_allows else 15) + 10 * miles[card] / top
            return {"zone": 10, "remedy": 30 if card not in me.needs else 60, "go": 40, "hazard": 50,
                    "counter": 100}.get(kind, 25)

        discards = [m for m in legal_moves if m.action == "discard"]
        return min(discards, key=lambda m: usefulness(m.card))


def search_bot(ruleset: Ruleset | None = None, budget: str | None = None) -> IsmctsBot:
    """The ismcts bot, keeping greedy's move unless its search finds a clearly better one."""
    return IsmctsBot(ruleset, budget, prior=GreedyBot(ruleset))


BOTS = {"random": RandomBot, "greedy": GreedyBot, "ismcts": search_bot}
BUDGETED = {"ismcts"}  # bots that take a budget after a colon: "ismcts:1000", "ismcts:0.5s"


def make_bot(name: str, ruleset: Ruleset | None = None) -> Bot:
    base, colon, budget = name.partition(":")
    if base not in BOTS or (colon and base not in BUDGETED):
        raise ValueError(f"unknown bot {name!r}: choose from {', '.join(sorted(BOTS))}")
    return BOTS[base](ruleset, budget) if colon else BOTS[base](ruleset)


def play(game: Game, bots: list[Bot], rng: Rng, max_moves: int | None = None) -> Game:
    """Let bots[seat] choose for every seat until the game ends (or max_moves moves were made)."""
    moves = 0
    while not game.is_over and (max_moves is None or moves < max_moves):
        seat = game.to_act
        legal = game.legal_moves()
        move = bots[seat].choose(game.view(seat), legal, rng)
        if move not in legal:  # checked against the list the bot was given: no second legality pass
            raise IllegalMove(f"bot {bots[seat].name} chose an illegal move: {move}")
        game.apply_code(game.code_of(move))
        moves += 1
    return game
