"""Chance for the engine and bots: a small seeded generator of our own, identical on every machine.

The state is one 64-bit integer advanced by a linear congruential step (Knuth's MMIX constants);
only its high bits are used, which are the well-mixed ones (below(n) is state * n >> 64). The
seed is scrambled once with splitmix64 so that neighbouring seeds start far apart. An LCG step is
two integer operations, which matters: the engine shuffles and bots choose with it in their
innermost loops.
"""
from __future__ import annotations

MASK64 = (1 << 64) - 1
MULTIPLIER = 6364136223846793005
INCREMENT = 1442695040888963407


def splitmix64(value: int) -> int:
    """One splitmix64 output for `value`: used to spread a seed over all 64 bits."""
    z = (value + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class Rng:
    """Deterministic generator: random() in [0, 1), below(n) in [0, n), shuffle(list) in place."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = splitmix64(seed & MASK64)

    def next32(self) -> int:
        state = (self.state * MULTIPLIER + INCREMENT) & MASK64
        self.state = state
        return state >> 32

    def random(self) -> float:
        state = (self.state * MULTIPLIER + INCREMENT) & MASK64
        self.state = state
        return (state >> 11) * (1.0 / 9007199254740992.0)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) from the state's high bits; n must be positive."""
        state = (self.state * MULTIPLIER + INCREMENT) & MASK64
        self.state = state
        return (state * n) >> 64

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place, with the generator step inlined for speed."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state = (state * MULTIPLIER + INCREMENT) & MASK64
            j = (state * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = state

    def fork(self, salt: int) -> "Rng":
        """An independent generator derived from this one's seed stream and `salt`."""
        return Rng(splitmix64(self.state ^ splitmix64(salt)))

    def getstate(self) -> int:
        return self.state

    def setstate(self, state: int) -> None:
        self.state = state & MASK64
