"""The engine's generator (rng.py): the shuffle taken from one big product is the step-by-step Fisher-Yates."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from touring_dsl.base.rng import INCREMENT, MASK64, MULTIPLIER, Rng


def shuffled_step_by_step(items: list, state: int) -> tuple[list, int]:
    """Fisher-Yates with one generator step per swap, as the rules of chance are written."""
    items = list(items)
    for i in range(len(items) - 1, 0, -1):
        state = (state * MULTIPLIER + INCREMENT) & MASK64
        j = (state * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    return items, state


@settings(max_examples=300, deadline=None)
@given(state=st.one_of(st.integers(0, MASK64), st.sampled_from([0, 1, MASK64, MASK64 - 1])),
       size=st.integers(0, 260))
def test_the_shuffle_is_fisher_yates_step_by_step(state, size):
    items = list(range(size))
    rng = Rng()
    rng.state = state
    expected, after = shuffled_step_by_step(items, state)
    rng.shuffle(items)
    assert items == expected
    assert rng.state == after  # the generator ends where the steps one by one would leave it


def test_a_shuffle_moves_cards_and_continues_the_stream():
    rng, twin = Rng(7), Rng(7)
    deck = list(range(99))
    rng.shuffle(deck)
    assert sorted(deck) == list(range(99)) and deck != list(range(99))
    twin.shuffle(list(range(99)))
    assert rng.below(1000) == twin.below(1000)
