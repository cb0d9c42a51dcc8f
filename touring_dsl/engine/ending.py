"""Engine stage, words: the sentence that closes a game in its log, from how it ended and the miles laid.

The generated kernel calls `ending_sentence` in finish() (mechanics.race.kernel.settle); the sentence is part of
the game's closing event, so a log replayed checks it word for word (gamelog)."""
from __future__ import annotations

from ..base.wording import listed

# how the game came to an end, as the start of the closing sentence; an outcome not named here is
# worded "The game ends"
CAUSES = {
    "exhausted": "The draw pile is exhausted",
    "turn-limit": "The turn limit is reached",
    "signal": "The game is stopped",
    "interrupt": "The game is interrupted",
    "error": "The game is stopped",
}


def ending_sentence(outcome: str, winner: int | None, miles, unit: str) -> str:
    """"Side 2 completes the race and wins." or "The draw pile is exhausted: side 1 wins with 90 km to 60."."""
    if outcome == "completed" and winner is not None:
        return f"Side {winner + 1} completes the race and wins."
    cause = CAUSES.get(outcome, "The game ends")
    if winner is None:
        return f"{cause}: a tie at {max(miles, default=0)} {unit}."
    others = sorted((m for s, m in enumerate(miles) if s != winner), reverse=True)
    behind = " to " + listed([str(m) for m in others]) if others else ""
    return f"{cause}: side {winner + 1} wins with {miles[winner]} {unit}{behind}."


