"""Simulate stage: many seeded bot games, measured (win rates, lengths, card use), in parallel."""
from .plan import Plan, game_seed, seat_bots
from .runner import run
from .stats import Tally, report, wilson

__all__ = ["Plan", "Tally", "game_seed", "report", "run", "seat_bots", "wilson"]
