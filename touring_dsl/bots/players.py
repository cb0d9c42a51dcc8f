"""Bots stage: players that choose a move from what their seat may see (random, greedy, expert, ismcts), and a game runner."""
from __future__ import annotations

from typing import Protocol

from ..engine import Game, IllegalMove, Move, View, tables_for
from ..engine.codec import ACTIONS
from .greedy import EXPERT, GREEDY, Facts, answer_offer, facts_for, pick_discard, pick_play
from ..language.model import Ruleset
from ..base.rng import Rng
from .search import IsmctsBot


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

def search_bot(ruleset: Ruleset | None = None, budget: str | None = None) -> IsmctsBot:
    """The ismcts bot, keeping the expert rule's move unless its search finds a clearly better one."""
    return IsmctsBot(ruleset, budget, prior=ExpertBot(ruleset))


def rollout_bot(ruleset: Ruleset | None = None, budget: str | None = None):
    """The rollout bot (search.pimc): the expert rule's move unless rule rollouts over dealt tables find a clearly better one."""
    from .search.pimc import RolloutBot

    return RolloutBot(ruleset, budget)


def scorer_bot(ruleset: Ruleset | None = None, budget: str | None = None):
    """The scorer bot (strategy.scorer): plays for the edition's points; the expert rule where nothing
    scores. scorer:N deals N tables to weigh the Extension (scorer:0 always declines it)."""
    from .strategy import ScorerBot

    return ScorerBot(ruleset, budget)


def easy_bot(ruleset: Ruleset | None = None) -> Bot:
    """The level `easy`: the random bot (any legal play; it wins about a third of two-player games
    against medium)."""
    return RandomBot(ruleset)


def medium_bot(ruleset: Ruleset | None = None) -> Bot:
    """The level `medium`: the greedy rule."""
    return GreedyBot(ruleset)


def hard_bot(ruleset: Ruleset | None = None) -> Bot:
    """The level `hard`: the strongest bot measured for the edition, answering at once. Where races
    score points (strategy.knowledge), the scorer, which plays for them; elsewhere the expert rule (the
    search bot keeps the expert rule's move and measured no stronger, at a thousand times the time:
    benchmarks/results/README.md)."""
    from .strategy import knowledge_for

    if ruleset is not None:
        players = min(ruleset.player_counts())
        if knowledge_for(ruleset, players, None).points.scored:
            return scorer_bot(ruleset)
    return ExpertBot(ruleset)


BOTS = {"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot, "ismcts": search_bot, "scorer": scorer_bot,
        "rollout": rollout_bot, "easy": easy_bot, "medium": medium_bot, "hard": hard_bot}
LEVELS = ("easy", "medium", "hard")  # names for people: each is one of the bots above (see its factory)
BUDGETED = {"ismcts", "rollout", "scorer"}  # bots that take a budget after a colon: "ismcts:1000", "ismcts:0.5s"


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
