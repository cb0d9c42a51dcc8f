"""Every bot a user can name plays every archive edition (house rules and their mechanics included) to the
end, at the smallest budget: a new mechanic's decision or a new bot cannot leave a pairing that crashes
(the search bot once looked for a won race on the public table, whose draw pile is empty, and failed in the
house rule where a mechanic's answer draws)."""
from __future__ import annotations

import pytest

from touring_dsl.language.archive import load

from touring_dsl.language.locate import archive_ids
from touring_dsl.bots.players import BOTS, make_bot, play
from touring_dsl.engine import new_game
from touring_dsl.base.rng import Rng

SMALLEST = {"ismcts": "ismcts:8", "rollout": "rollout:2"}  # a search's smallest useful budget


@pytest.mark.parametrize("bot", sorted(BOTS))
@pytest.mark.parametrize("edition", sorted(archive_ids()))
def test_the_bot_plays_the_edition_to_the_end(bot, edition):
    ruleset = load(edition)
    players = min(ruleset.player_counts())
    seats = [make_bot(SMALLEST.get(bot, bot), ruleset)] + [make_bot("greedy", ruleset)] * (players - 1)
    game = play(new_game(ruleset, players, 9), seats, Rng(9))  # deal 9 met the search bug above
    assert game.is_over and game.outcome in ("completed", "exhausted", "turn-limit")
