"""A bot's move shows a fixed time after its turn began (the web's bot delay, the terminal's pace), however long it thought within it.

The rollout bot (the level `hard` in Touring) thinks for a time that grows with the plays its hidden
hand allows; were its thinking added to the delay, the people at the table could read its hand from the
clock. Here a bot thinks for a time that depends on its (hidden) hand, and each move must still come at
the delay.
"""
from __future__ import annotations

import asyncio
import time
from types import SimpleNamespace

import pytest

from touring_dsl.web.channel import Hub

DELAY = 0.4


class HandTimedBot:
    """Thinks long with a hand that allows many plays, at once with one that allows one."""

    name = "hand-timed"

    def choose(self, view, legal, rng):
        time.sleep(0.0 if view == "one play" else 0.3)
        return legal[0]


class BotTable:
    """The little of web.table.Table that Hub.run_bots uses: a bot to act for `moves` moves."""

    def __init__(self, views: list[str]):
        self.id, self.views = "t", views
        self.record = SimpleNamespace(moves=[])
        self.bots = {1: HandTimedBot()}
        self.shown_at: list[float] = []

    def bot_to_act(self):
        return 1 if len(self.record.moves) < len(self.views) else None

    def bot_choice(self):
        return 1, self.views[len(self.record.moves)], ["a move"], None

    def commit(self, seat, move):
        self.record.moves.append(move)
        self.shown_at.append(time.monotonic())


def test_a_bots_move_comes_at_the_delay_whatever_its_hidden_hand_made_it_think():
    table = BotTable(["one play", "many plays", "one play", "many plays"])
    hub = Hub(store=None, bot_delay=DELAY)

    async def run():
        began = time.monotonic()
        await hub.run_bots(table)
        return began

    began = asyncio.run(run())
    gaps = [b - a for a, b in zip([began, *table.shown_at], table.shown_at)]
    assert len(gaps) == 4
    for gap in gaps:
        assert DELAY <= gap < DELAY + 0.25, gaps  # thinking added to the delay would make 0.7 s
    assert max(gaps) - min(gaps) < 0.2, gaps


def test_at_the_terminal_a_bots_move_waits_for_the_pace_only_with_a_person_at_a_real_terminal(monkeypatch):
    from touring_dsl.cli import play

    slept: list[float] = []
    monkeypatch.setattr(play.time, "sleep", slept.append)
    monkeypatch.setattr(play.time, "monotonic", lambda: 100.25)  # the bot thought for a quarter of a second
    session = object.__new__(play.Session)
    for interactive, humans in ((True, [0]), (False, [0]), (True, [])):
        session.interactive, session.seats = interactive, SimpleNamespace(humans=humans)
        session.pace_bot(100.0)
    assert slept == [pytest.approx(play.BOT_PACE - 0.25)]  # a person at a terminal: the rest of the pace; else no wait
