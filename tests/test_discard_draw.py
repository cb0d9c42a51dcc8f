"""Taking the top discard (touring_dsl/mechanics/discard_draw.py), played as its rule says through every
consumer: the kernel and the public API, a search's rebuilt table, the bots, the simulator, logs, the words."""
from __future__ import annotations

from pathlib import Path

import pytest

from touring_dsl.language.archive import load
from touring_dsl.bots.players import make_bot
from touring_dsl.engine import Move, build_position, new_game
from touring_dsl.engine.rebuild import rebuild
from touring_dsl.engine.schema import Offer
from touring_dsl.base.rng import Rng

HOUSE = Path(__file__).resolve().parents[1] / "editions" / "house"
EDITION = str(HOUSE / "discard-draw-mille-bornes.touring")


def after_a_discard(first=("Repairs", "25 km"), second=("100 km",), deck=("50 km", "75 km", "200 km")):
    """Two players rolling; player 1 discards its first card and player 2 is asked before it draws."""
    game = build_position(load(EDITION), 2, sides={0: {"go": ["Roll"]}, 1: {"go": ["Roll"]}},
                          hands={0: list(first), 1: list(second)}, deck=deck, deck_size=len(deck), seed=2)
    game.apply(Move("discard", first[0]))
    return game


def test_the_next_player_is_asked_before_it_draws() -> None:
    game = after_a_discard()
    assert game.to_act == 1 and isinstance(game.pending, Offer)
    assert [str(m) for m in game.legal_moves()] == ["take", "draw"]
    assert game.view(0).offer == "discard_draw"
    assert len(game.hands[1]) == 1  # nothing drawn yet
    events = game.apply(Move("take"))
    assert [e.kind for e in events] == ["take"]
    assert [game.t.names[c] for c in game.hands[1]] == ["100 km", "Repairs"] and game.discard == []
    assert game.pending is None and game.to_act == 1 and len(game.draw) == 3


def test_drawing_leaves_the_discard_and_the_same_player_plays() -> None:
    game = after_a_discard()
    game.apply(Move("draw"))
    assert game.t.names[game.discard[-1]] == "Repairs" and game.t.names[game.hands[1][-1]] == "50 km"
    game.apply(Move("play", "50 km"))
    assert game.miles[1] == 50
    assert game.to_act == 0 and game.pending is None  # its own discard is not offered to player 1


def test_a_card_not_discarded_as_a_move_is_not_offered() -> None:
    """A hazard cancelled by a coup fourre lies on top: the next draw is not a question."""
    game = build_position(load(EDITION), 2, sides={0: {"go": ["Roll"]}, 1: {"go": ["Roll"]}},
                          hands={0: ["Flat Tire", "25 km"], 1: ["Puncture-Proof", "100 km"]},
                          deck=("50 km", "75 km", "200 km"), seed=2)
    game.apply(Move("play", "Flat Tire", 1))
    game.apply(Move("counter", "Puncture-Proof"))
    assert game.t.names[game.discard[-1]] == "Flat Tire"
    assert not isinstance(game.pending, Offer)


def test_no_question_when_the_draw_pile_is_empty() -> None:
    game = build_position(load(EDITION), 2, sides={0: {"go": ["Roll"]}, 1: {"go": ["Roll"]}},
                          hands={0: ["Repairs", "25 km"], 1: ["100 km"]}, deck_empty=True)
    game.apply(Move("discard", "Repairs"))
    assert not isinstance(game.pending, Offer) and game.to_act == 1


def test_the_state_survives_clone_snapshot_and_a_search_rebuild() -> None:
    game = after_a_discard()
    assert (game.discard_mark, game.discard_seat) == (1, 0)
    twin = game.clone()
    assert (twin.discard_mark, twin.discard_seat) == (1, 0) and twin.pending is game.pending
    fresh = new_game(load(EDITION), 2, seed=9)
    rebuild(fresh, game.view(1))
    assert (fresh.discard_mark, fresh.discard_seat) == (1, 0) and fresh.pending is game.pending
    game.apply(Move("take"))
    assert game.clone().discard_mark == -1


def test_the_rule_bots_take_a_safety_or_the_card_that_sets_them_moving() -> None:
    greedy = make_bot("greedy", load(EDITION))
    asked = after_a_discard(first=("Driving Ace", "25 km"))
    assert greedy.choose(asked.view(1), asked.legal_moves(), Rng(1)) == Move("take")  # a safety
    asked = after_a_discard(first=("200 km", "50 km"), second=("100 km",))
    assert greedy.choose(asked.view(1), asked.legal_moves(), Rng(1)) == Move("draw")  # a better card, not needed now
    asked = after_a_discard(first=("Repairs", "25 km"), second=("25 km",))
    assert greedy.choose(asked.view(1), asked.legal_moves(), Rng(1)) == Move("draw")  # rolling: no remedy needed
    held = build_position(load(EDITION), 2, sides={0: {"go": ["Roll"]}, 1: {"go": ["Roll", "Accident"]}},
                          hands={0: ["Repairs", "25 km"], 1: ["100 km"]}, deck=("50 km", "75 km"), deck_size=2)
    held.apply(Move("discard", "Repairs"))
    assert greedy.choose(held.view(1), held.legal_moves(), Rng(1)) == Move("take")  # the remedy it needs now


def test_the_simulator_takes_discards_on_both_paths() -> None:
    """The fast path answers with the same rule as the public bots (the golden games hold the detail)."""
    from touring_dsl.simulate import Plan
    from touring_dsl.simulate.fast import play_games

    ruleset = load(EDITION)
    plan = Plan(edition=ruleset.id, players=2, setup=None, games=40, seed=3, bots=("greedy", "random"))
    games = [game for _, game in play_games(ruleset, plan, 0, 40)]
    assert all(g.is_over for g in games)
    assert any(g.discard_mark == -1 for g in games)  # some games ended just after a discard was taken


def test_rule_bots_playing_each_other_finish_their_races() -> None:
    """Two expert or greedy bots once traded discards to the turn limit; every golden seed now finishes."""
    from touring_dsl.simulate import Plan
    from touring_dsl.simulate.fast import play_games

    ruleset = load(EDITION)
    for bots in (("expert", "expert"), ("greedy", "greedy")):
        plan = Plan(edition=ruleset.id, players=2, setup=None, games=30, seed=1, bots=bots)
        assert all(g.outcome != "turn-limit" for _, g in play_games(ruleset, plan, 0, 30))


def test_the_search_playouts_answer_the_question_by_the_mechanics_rule() -> None:
    """The rule's kernel policy (what the search bots and the scorer's weighing play out with) answers the
    question as the rule bots do, not as if its answers were plays: read as plays, it took every top
    discard and its playouts ran to the turn limit, so a weighed Extension took over a second."""
    from touring_dsl.bots.greedy import EXPERT
    from touring_dsl.bots.search.infer import policy

    game = after_a_discard(first=("Repairs", "25 km"), second=("100 km",))
    t, seat = game.t, game.to_act
    assert type(game.pending) is Offer
    rule = policy(t, EXPERT)
    code = rule(game, seat, t.side_of[seat], game.play_codes())
    assert game.move_of(code) == Move("draw")  # a Repairs sets nothing moving for a side already rolling
    ends = []
    for seed in range(20):
        game = new_game(load(EDITION), 2, seed)
        while not game.is_over:
            seat = game.to_act
            game.apply_code(rule(game, seat, t.side_of[seat], game.play_codes()))
        ends.append(game.outcome)
    assert "turn-limit" not in ends


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_a_logged_game_with_takes_replays(bot: str, tmp_path) -> None:
    from typer.testing import CliRunner

    from touring_dsl.play import gamelog
    from touring_dsl.cli.app import app

    ruleset = load(EDITION)
    game = new_game(ruleset, 2, seed=5)
    record = gamelog.GameRecord(gamelog.make_header(ruleset, 2, game.setup.id, 5, [bot, bot]))
    bots, rng = [make_bot(bot, ruleset), make_bot(bot, ruleset)], Rng(5)
    while not game.is_over:
        seat = game.to_act
        move = bots[seat].choose(game.view(seat), game.legal_moves(), rng)
        events = game.apply(move)
        record.moves.append(gamelog.MoveEntry(len(record.moves) + 1, seat, move.to_json(), gamelog.events_json(events)))
    record.result = gamelog.result_of(game)
    assert any(e.move["action"] == "take" for e in record.moves)
    path = tmp_path / "game.jsonl"
    gamelog.save(path, record)
    result = CliRunner().invoke(app, ["replay", str(path)], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output


def test_the_words_say_taking_the_top_discard() -> None:
    from touring_dsl.diff import diff_rulesets, render_text
    from touring_dsl.rulebook.markdown import rulebook_markdown
    from touring_dsl.play.table_view import render_table

    ruleset = load(EDITION)
    assert "take the top card of the discard pile" in rulebook_markdown(ruleset)
    said = render_text(diff_rulesets(load("mille-bornes"), ruleset))
    assert "turn's draw may take the top discard instead (was: always from the draw pile)" in said
    game = after_a_discard()
    lines = "\n".join(line.plain for line in render_table(game, 1, game.legal_moves(), [], lambda s: f"player {s + 1}"))
    assert "Player 2: take Repairs from the discards, or draw from the draw pile?" in lines
    assert "1. take the top discard" in lines and "2. draw from the draw pile" in lines
    assert "The top discard, Repairs, may be taken instead of a draw (not by player 1" in lines  # a sentence
