"""Benchmarks' bot variants (benchmarks/bot_variants.py): the rollout bot with its constants named after
'+', and a clear refusal of a setting it does not have or a value that is no number."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from bot_variants import make_variant  # noqa: E402

from touring_dsl.bots.rule_bots import ExpertBot  # noqa: E402
from touring_dsl.bots.search.pimc import GUARD, HORIZON, RolloutBot  # noqa: E402


def test_settings_after_plus_reach_the_rollout_bot():
    bot = make_variant("rollout:600+horizon=0+guard=1.5+margin=0.5")
    assert isinstance(bot, RolloutBot)
    assert (bot.samples, bot.horizon, bot.guard, bot.margin) == (600, 0, 1.5, 0.5)
    assert bot.name == "rollout:600+horizon=0+guard=1.5+margin=0.5"  # results files tell variants apart


def test_unnamed_settings_keep_the_bots_own():
    bot = make_variant("rollout+guard=3")
    assert (bot.horizon, bot.guard) == (HORIZON, 3.0)
    assert make_variant("rollout:12").guard == GUARD


def test_a_plain_name_is_any_bot_a_user_can_name():
    assert isinstance(make_variant("expert"), ExpertBot)


@pytest.mark.parametrize("name, message", [
    ("rollout:abc", "rollout budget 'abc'"),
    ("rollout:abc+guard=1", "rollout budget 'abc'"),
    ("rollout:8+depth=3", "setting 'depth=3' is not one of horizon=N, guard=N, margin=N"),
    ("rollout:8+guard", "setting 'guard' is not one of"),
    ("rollout:8+guard=x", "guard wants a number of at least 0, not 'x'"),
    ("rollout:8+horizon=1.5", "horizon wants a number of at least 0, not '1.5'"),
    ("rollout:8+guard=-1", "guard wants a number of at least 0, not '-1'"),
    ("rollout:8+margin=nan", "margin wants a number of at least 0, not 'nan'"),
    ("expert+guard=1", "only the rollout bot takes settings"),
])
def test_bad_variants_are_refused_with_what_and_where(name, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")) as error:
        make_variant(name)
    assert repr(name) in str(error.value) or "rollout budget" in str(error.value)
