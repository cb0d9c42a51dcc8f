"""Benchmarks, bot variants: a search bot with its constants changed, named so that a results file tells
the variants apart (a benchmark tool, never a bot a user can pick).

"rollout:600+horizon=32+guard=1.5" is the rollout bot with 600 tables a decision, 32 turns of the rule
after each move (0: to the end of the race) and a guard of 1.5 standard errors; the keys are the
constructor's (horizon, guard, margin). A name without "+" is any bot a user can name (bots.players.make_bot).
"""
from __future__ import annotations

import math

from touring_dsl.bots.players import make_bot
from touring_dsl.bots.search.pimc import RolloutBot

SETTINGS = {"horizon": int, "guard": float, "margin": float}  # RolloutBot's keyword arguments


def make_variant(name: str, ruleset=None):
    """The bot `name` names, with the settings after "+" passed to its constructor; ValueError when a
    setting is unknown or not a finite number of its kind."""
    base, *settings = name.split("+")
    if not settings:
        return make_bot(name, ruleset)
    bot_name, colon, budget = base.partition(":")
    if bot_name != "rollout":
        raise ValueError(f"bot variant {name!r}: only the rollout bot takes settings after '+'")
    kwargs = {}
    for setting in settings:
        key, equals, text = setting.partition("=")
        if key not in SETTINGS or not equals:
            raise ValueError(f"bot variant {name!r}: setting {setting!r} is not one of "
                             f"{', '.join(k + '=N' for k in SETTINGS)}")
        try:
            value = SETTINGS[key](text)
        except ValueError:
            value = None
        if value is None or not math.isfinite(value) or value < 0:
            raise ValueError(f"bot variant {name!r}: {key} wants a number of at least 0, not {text!r}")
        kwargs[key] = value
    bot = RolloutBot(ruleset, budget or None, **kwargs)
    bot.name = name
    return bot
