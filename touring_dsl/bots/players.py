"""Bots stage, the players by name: each bot a seat may be given (random, greedy, expert, the search
bots, the levels for people), made by make_bot, and a runner that lets bots play a game."""
from __future__ import annotations

from ..engine import Game, IllegalMove
from ..language.model import Ruleset
from ..base.rng import Rng
from .rule_bots import Bot, ExpertBot, GreedyBot, RandomBot
from .search import IsmctsBot


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
    """The level `hard`: the strongest bot measured for the edition that answers within half a second of
    CPU a move. Where races score points (strategy.knowledge), the scorer, which plays for them; elsewhere
    the rollout bot, which beat the expert rule in 55.8% of 602 games over the nine such editions of the
    archive (docs/bots.md, the levels table) at some 0.03 s of CPU a move with the compiled playouts."""
    from .strategy import knowledge_for

    if ruleset is not None:
        players = min(ruleset.player_counts())
        if knowledge_for(ruleset, players, None).points.scored:
            return scorer_bot(ruleset)
    return rollout_bot(ruleset)


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
