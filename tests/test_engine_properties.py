"""Engine properties under random play (hypothesis): conservation, hand sizes, legality, caches, determinism."""
from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from touring_dsl.language.archive import load

from touring_dsl.language.locate import archive_ids
from touring_dsl.engine import new_game, run_random
from touring_dsl.base.rng import Rng

EDITIONS = [e for e in archive_ids() if e.startswith("touring-")]


def fresh_masks(game):
    saved = (list(game.own_mask), list(game.attack_mask), list(game.exposed_mask))
    game.refresh_all()
    return saved, (list(game.own_mask), list(game.attack_mask), list(game.exposed_mask))


@settings(max_examples=40, deadline=None)
@given(edition=st.sampled_from(EDITIONS), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_play_keeps_invariants(edition, seed, data):
    ruleset = load(edition)
    players = data.draw(st.sampled_from(ruleset.player_counts()), label="players")
    game = new_game(ruleset, players, seed)
    deck = Counter(game.t.deck_codes)
    hand_size = ruleset.turn.hand
    chooser = Rng(seed ^ 0x5EED)
    for step in range(300):
        if game.is_over:
            assert game.legal_moves() == []
            break
        moves = game.legal_moves()
        assert moves, "a running game always offers a move"
        if step % 50 == 0:  # every legal move applies without raising
            for move in moves:
                game.copy().apply(move)
        move = moves[chooser.below(len(moves))]
        mover = game.to_act
        game.apply(move)
        assert Counter(game.all_cards()) == deck, "every card is in exactly one place"
        if move.action in ("play", "discard"):
            assert len(game.hands[mover]) <= hand_size
        cached, fresh = fresh_masks(game)
        assert cached == fresh, "the cached legality masks are up to date"
        assert game.miles == [sum(n * game.t.miles[c] for c, n in enumerate(counts)) for counts in game.mileage_counts]


@settings(max_examples=15, deadline=None)
@given(edition=st.sampled_from(EDITIONS), seed=st.integers(0, 2**32 - 1))
def test_same_seed_same_game(edition, seed):
    ruleset = load(edition)

    def log(s):
        game = new_game(ruleset, 2, s)
        rng = Rng(s + 1)
        events = []
        while not game.is_over and game.turns < 400:
            moves = game.legal_moves()
            events += [str(e) for e in game.apply(moves[rng.below(len(moves))])]
        return events, game.turns, game.winner

    assert log(seed) == log(seed)


@settings(max_examples=20, deadline=None)
@given(edition=st.sampled_from(EDITIONS), seed=st.integers(0, 2**32 - 1))
def test_fast_playout_is_deterministic_and_conserves_cards(edition, seed):
    ruleset = load(edition)
    a, b = new_game(ruleset, 2, seed), new_game(ruleset, 2, seed)
    run_random(a, Rng(seed))
    run_random(b, Rng(seed))
    assert (a.turns, a.winner, a.outcome, a.miles, a.discard) == (b.turns, b.winner, b.outcome, b.miles, b.discard)
    assert Counter(a.all_cards()) == Counter(a.t.deck_codes)


def test_rng_is_fixed_across_machines():
    rng = Rng(2024)
    assert [rng.below(100) for _ in range(5)] == [rng2 for rng2 in _expected_2024()]
    values = [Rng(1).random() for _ in range(3)]
    assert values[0] == values[1] == values[2] and 0 <= values[0] < 1


def _expected_2024():
    # recorded once from this implementation; a change here means games no longer replay
    return [64, 13, 15, 40, 91]
