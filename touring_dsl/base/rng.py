"""Chance for the engine and bots: a small seeded generator of our own, identical on every machine.

The state is one 64-bit integer advanced by a linear congruential step (Knuth's MMIX constants);
only its high bits are used, which are the well-mixed ones (below(n) is state * n >> 64). The
seed is scrambled once with splitmix64 so that neighbouring seeds start far apart. An LCG step is
two integer operations, which matters: the engine shuffles and bots choose with it in their
innermost loops. A shuffle needs one step per card, all known in advance: it takes them all from one
multiplication of big integers (`leaps`), which gives the very states the steps one by one would.
"""
from __future__ import annotations

import sys
from array import array

MASK64 = (1 << 64) - 1
MULTIPLIER = 6364136223846793005
INCREMENT = 1442695040888963407
BOT_SALT = 0x5DEECE66D  # a simulated game's bots draw from Rng(seed ^ BOT_SALT), apart from the deal's generator
_SLOT = 128  # bits per state in a leap: a * state + c < 2**128 for any 64-bit a, c and state


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
        """Fisher-Yates in place: step k of the generator swaps item n-k with one below it.

        The n-1 states come from one big multiplication (stream) instead of n-1 steps: the same
        numbers, for much less work."""
        n = len(items)
        if n < 2:
            return
        states = stream(self.state, n - 1)
        i = n
        for state in states:
            j = state * i >> 64
            i -= 1
            items[i], items[j] = items[j], items[i]
        self.state = states[-1]

    def fork(self, salt: int) -> "Rng":
        """An independent generator derived from this one's seed stream and `salt`."""
        return Rng(splitmix64(self.state ^ splitmix64(salt)))

    def getstate(self) -> int:
        return self.state

    def setstate(self, state: int) -> None:
        self.state = state & MASK64


_LEAPS: dict[int, tuple[int, int]] = {}


def stream(state: int, steps: int) -> array:
    """The generator's next `steps` states after `state`, in order (as 64-bit words), from one product."""
    a, c = leaps(steps)
    words = array("Q", (state * a + c).to_bytes(steps * _SLOT // 8, "little"))
    if sys.byteorder == "big":
        words.byteswap()
    return words[::2]  # each slot's low word is the state mod 2**64, its high word the carry


def leaps(steps: int) -> tuple[int, int]:
    """(a, c) whose 128-bit slot k holds the factors of k+1 generator steps: state_k+1 = a_k * state + c_k
    mod 2**64. One product state * a + c then holds every state of the next `steps` steps, one per slot."""
    found = _LEAPS.get(steps)
    if found is None:
        a_k, c_k, a, c = 1, 0, [], []
        for _ in range(steps):
            a_k, c_k = a_k * MULTIPLIER & MASK64, (c_k * MULTIPLIER + INCREMENT) & MASK64
            a.append(a_k.to_bytes(_SLOT // 8, "little"))
            c.append(c_k.to_bytes(_SLOT // 8, "little"))
        found = _LEAPS[steps] = (int.from_bytes(b"".join(a), "little"), int.from_bytes(b"".join(c), "little"))
    return found


def bot_rng(seed: int, move_number: int):
    """A generator for one bot decision, derived from the game seed and the move number.

    Deriving it per move (instead of one running generator) makes a resumed game choose
    exactly as the uninterrupted one would have.
    """
    mask = (1 << 64) - 1
    return Rng((seed * 0x9E3779B97F4A7C15 + move_number * 0xBF58476D1CE4E5B9 + 1) & mask)
