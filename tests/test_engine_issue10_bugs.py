"""Two rules the compiler accepted and the engine did not play (issue 10): a counter against a hazard
that covers the go pile, and a hand that grows past its size when more than one card is drawn."""
from __future__ import annotations

from pathlib import Path

from touring_dsl.bots.rule_bots import RandomBot
from touring_dsl.language.compiler import compile_text
from touring_dsl.engine import new_game, run_random
from touring_dsl.base.rng import Rng
from touring_dsl.engine import Move
from touring_dsl.play.scenarios import example_position, run_examples

EDITIONS = Path(__file__).resolve().parents[1] / "editions"

PUNCTURE_PROOF = '''
edition "puncture-proof-1937" extends "touring-1937" { title "Touring with a puncture-proof tire" }
deck { add card "Puncture-Proof" counter cancels "Puncture" count 2 }
example "A Puncture-Proof tire turns away a Puncture" {
    given {
        side 1 go "Go"
        side 2 go "Go"
        hand 1 "Puncture"
        hand 2 "Puncture-Proof", "Go"
    }
    play "Puncture" on side 2
    counter with "Puncture-Proof"
    expect {
        side 2 go top "Go"
        discards 2
    }
}
example "Declining lets the Puncture stop the car" {
    given {
        side 1 go "Go"
        side 2 go "Go"
        hand 1 "Puncture"
        hand 2 "Puncture-Proof", "Go"
    }
    play "Puncture" on side 2
    decline
    expect {
        side 2 go top "Puncture"
        hand 2 has "Puncture-Proof"
    }
}
'''

DRAW_TWO = '''
edition "draw-two-1937" extends "touring-1937" { title "Touring, two cards a turn" }
turn { change draw 2 before play }
example "Holding seven after drawing two and playing one, the player discards down to five" {
    given {
        side 1 go "Go"
        hand 1 "1 Mile", "1 Mile", "Go", "Gasoline", "Hauled In", "Country", "City Limits"
    }
    play "1 Mile"
    discard "Go"
    expect {
        hand 1 count 5
        discard top "Go"
        player 2 to act
    }
}
'''


def _compile(text: str):
    return compile_text(text, "<test>", base_dir=EDITIONS)


def test_a_counter_is_offered_against_a_hazard_that_covers_the_go_pile():
    results = run_examples(_compile(PUNCTURE_PROOF))
    assert [r.failures for r in results] == [(), ()]


def test_the_counter_is_played_in_random_games():
    ruleset = _compile(PUNCTURE_PROOF)
    countered = 0
    for seed in range(60):
        game = new_game(ruleset, 2, seed)
        rng, bot = Rng(seed), RandomBot()
        while not game.is_over:
            move = bot.choose(game.view(game.to_act), game.legal_moves(), rng)
            countered += move.action == "counter"
            game.apply(move)
    assert countered > 0


def test_drawing_two_a_turn_keeps_hands_at_five():
    ruleset = _compile(DRAW_TWO)
    for seed in range(40):
        game = new_game(ruleset, 2, seed)
        rng, bot = Rng(seed), RandomBot()
        while not game.is_over:
            if game.pending is None:
                assert all(len(hand) <= 5 for i, hand in enumerate(game.hands) if i != game.to_act)
            game.apply(bot.choose(game.view(game.to_act), game.legal_moves(), rng))
        assert game.outcome != "turn-limit"


def test_drawing_two_plays_the_same_on_the_fast_path():
    ruleset = _compile(DRAW_TWO)
    for seed in range(20):
        fast = new_game(ruleset, 2, seed)
        run_random(fast, Rng(seed))
        slow, rng, bot = new_game(ruleset, 2, seed), Rng(seed), RandomBot()
        while not slow.is_over:
            slow.apply(bot.choose(slow.view(slow.to_act), slow.legal_moves(), rng))
        assert (fast.turns, fast.winner, fast.miles, fast.discard) == (slow.turns, slow.winner, slow.miles,
                                                                       slow.discard)


def test_the_draw_two_example_holds():
    assert [r.failures for r in run_examples(_compile(DRAW_TWO))] == [()]


def test_a_hand_over_its_size_may_only_discard_and_the_turn_waits():
    ruleset = _compile(DRAW_TWO)
    game = example_position(ruleset, ruleset.examples[0])
    game.apply(Move("play", "1 Mile"))
    assert game.to_act == 0 and len(game.hands[0]) == 6 and game.turns == 1
    assert {m.action for m in game.legal_moves()} == {"discard"}
    assert "discard down" in game.why_not(0, "Go")
    game.apply(Move("discard", "Go"))
    assert game.to_act == 1 and len(game.hands[0]) == 5 and game.turns == 1


def test_the_rulebook_says_to_discard_down():
    from touring_dsl.rulebook.markdown import rulebook_markdown
    text = rulebook_markdown(_compile(DRAW_TWO))
    assert "discard down to five before the turn passes" in text
