"""Simulate stage: many seeded bot games, measured (win rates, lengths, card use), in parallel."""
from .runner import Plan, game_seed, run, seat_bots
from .stats import Tally, report, wilson

__all__ = ["Plan", "Tally", "game_seed", "report", "run", "seat_bots", "wilson"]
