"""Party stage, the signal: when one table's round ends, after a number of turns or minutes of clock."""
from __future__ import annotations

import time
from typing import Callable

from ..base.wording import counted, plural


class RoundSignal:
    """The host's bell for one table: due after `turns` turns of the game, or `minutes` after it was set."""

    def __init__(self, turns: int | None = None, minutes: float | None = None,
                 clock: Callable[[], float] | None = None):
        self.turns, self.minutes, self.clock = turns, minutes, clock or time.monotonic
        self.deadline = self.clock() + minutes * 60 if minutes is not None else None

    def due(self, game) -> bool:
        if self.turns is not None and game.turns >= self.turns:
            return True
        return self.deadline is not None and self.clock() >= self.deadline

    def describe(self) -> str:
        return (f"after {counted(self.turns, 'move')}" if self.turns is not None
                else f"after {self.minutes:g} {plural(self.minutes, 'minute')}")

    def report(self, game) -> list[str]:
        """What the table records: each side's miles, or what to do when the race was won before the signal."""
        if game.outcome == "signal":
            miles = ", ".join(f"side {s + 1} {m}" for s, m in enumerate(game.side_miles()))
            return [f"The signal sounded {self.describe()}: play stops. Miles to record: {miles}."]
        p = game.ruleset.progressive
        if p is not None and p.restart and game.outcome == "completed":
            left = f" --round-turns {self.turns - game.turns}" if self.turns is not None else ""
            return [f"The race was won before the signal ({counted(game.turns, 'move')}). At a party another game "
                    "begins at once at this table and its miles are added to these: start it with "
                    f"touring play {game.ruleset.id}{left}."]
        return []
