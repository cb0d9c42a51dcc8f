"""Engine stage, fast playouts: whole games with the random policy over move codes, no objects per move."""
from __future__ import annotations

from ..rng import INCREMENT, MASK64, MULTIPLIER, Rng


def random_discard_code(game, rng: Rng) -> int:
    """Discard a uniformly random card of the hand (each card, not each distinct name, equally likely)."""
    hand = game.hands[game.to_act]
    return game.t.discard_code[hand[rng.below(len(hand))]]


def run_random(game, rng: Rng) -> None:
    """Play `game` to its end as the random bot would: a uniform distinct legal play, else a
    uniformly random card of the hand discarded. Same choices and generator draws as
    bots.RandomBot; the generator step is inlined because this loop is the simulator's hot path."""
    play_codes = game.play_codes
    apply_code = game.apply_code
    hands = game.hands
    discard_code = game.t.discard_code
    state = rng.state
    while not game.is_over:
        codes = play_codes()
        state = (state * MULTIPLIER + INCREMENT) & MASK64
        if codes:
            apply_code(codes[state * len(codes) >> 64])
        else:
            hand = hands[game.to_act]
            apply_code(discard_code[hand[state * len(hand) >> 64]])
    rng.state = state
