"""Stacking hazards (touring_dsl/mechanics/stacking.py), played as its rule says through every consumer: the
kernel and the public API, a hazard let pass or countered, a search's rebuilt table, logs, the words."""
from __future__ import annotations

from pathlib import Path

import pytest

from touring_dsl.language.archive import load
from touring_dsl.bots.players import make_bot
from touring_dsl.engine import Move, build_position, new_game
from touring_dsl.engine.derived import go_pile_state
from touring_dsl.engine.rebuild import rebuild
from touring_dsl.base.rng import Rng

HOUSE = Path(__file__).resolve().parents[1] / "editions" / "house"
PARKER = str(HOUSE / "stacking-mille-bornes.touring")
IN_TURN = str(HOUSE / "stacking-in-turn-mille-bornes.touring")


def held_up_twice(path: str = PARKER, hand2=("Spare Tire", "Gasoline", "Roll", "100 km")):
    """Side 2 out of gas; player 1 piles a Flat Tire on it (player 2 holds no safety: nobody is asked)."""
    game = build_position(load(path), 2, sides={0: {"go": ["Roll"]}, 1: {"go": ["Roll", "Out of Gas"]}},
                          hands={0: ["Flat Tire", "25 km", "25 km", "25 km"], 1: list(hand2)}, seed=3)
    game.apply(Move("play", "Flat Tire", 1))
    if game.pending is not None:  # player 2 holds the safety: it lets the hazard pass
        game.apply(Move("decline"))
    return game


def names(game, cards) -> list[str]:
    return [game.t.names[c] for c in cards]


def test_a_hazard_goes_on_a_held_up_side_and_only_the_top_one_counts() -> None:
    game = held_up_twice()
    assert names(game, game.go_piles[1]) == ["Roll", "Out of Gas", "Flat Tire"]
    assert [game.t.names[game.t.state_hazard[g]] for g in game.held_under[1]] == ["Out of Gas"]
    assert game.t.state_hazard[game.go_state[1]] == game.t.code["Flat Tire"]
    legal = {str(m) for m in game.legal_moves()}
    assert "play Spare Tire" in legal and "play Gasoline" not in legal and "play Roll" not in legal


def test_the_top_remedy_buries_the_hazards_beneath() -> None:
    game = held_up_twice()
    game.apply(Move("play", "Spare Tire"))
    assert game.held_under[1] == []
    game.apply(Move("discard", "25 km"))
    game.apply(Move("play", "Roll"))
    game.apply(Move("discard", "25 km"))
    game.apply(Move("play", "100 km"))
    assert game.miles[1] == 100


def test_remedied_in_turn_the_hazard_beneath_counts_again() -> None:
    game = held_up_twice(IN_TURN)
    game.apply(Move("play", "Spare Tire"))
    assert game.held_under[1] == [] and game.t.names[game.t.state_hazard[game.go_state[1]]] == "Out of Gas"
    game.apply(Move("discard", "25 km"))
    assert "play Roll" not in {str(m) for m in game.legal_moves()}
    game.apply(Move("play", "Gasoline"))
    game.apply(Move("discard", "25 km"))
    game.apply(Move("play", "Roll"))
    game.apply(Move("discard", "25 km"))
    game.apply(Move("play", "100 km"))
    assert game.miles[1] == 100


def test_a_hazard_let_pass_by_a_seat_that_could_counter_it_stacks_too() -> None:
    """The coup fourre question: the Flat Tire acts only after the holder of Puncture-Proof declines."""
    ruleset = load(PARKER)
    start = dict(sides={0: {"go": ["Roll"]}, 1: {"go": ["Roll", "Stop"]}},
                 hands={0: ["Flat Tire", "25 km"], 1: ["Puncture-Proof", "Roll"]}, seed=4)
    game = build_position(ruleset, 2, **start)
    game.apply(Move("play", "Flat Tire", 1))
    assert game.pending is not None
    game.apply(Move("decline"))
    assert names(game, game.go_piles[1])[-1] == "Flat Tire"
    assert [game.t.names[game.t.state_hazard[g]] for g in game.held_under[1]] == ["Stop"]
    countered = build_position(ruleset, 2, **start)
    countered.apply(Move("play", "Flat Tire", 1))
    countered.apply(Move("counter", "Puncture-Proof"))
    assert countered.held_under[1] == [] and names(countered, countered.go_piles[1]) == ["Roll", "Stop"]


def test_a_safety_lifting_the_top_hazard_uncovers_the_one_beneath_unless_shielded() -> None:
    game = held_up_twice(hand2=("Puncture-Proof", "Gasoline", "Roll", "100 km"))
    game.apply(Move("play", "Puncture-Proof"))
    assert names(game, game.go_piles[1]) == ["Roll", "Out of Gas"]
    assert game.t.names[game.t.state_hazard[game.go_state[1]]] == "Out of Gas"
    ruleset = load(PARKER)
    shielded = build_position(ruleset, 2, sides={0: {"go": ["Roll"]}, 1: {"go": ["Roll", "Out of Gas"]}},
                              hands={0: ["Flat Tire", "25 km"], 1: ["Extra Tank", "Puncture-Proof", "100 km"]},
                              seed=3)
    shielded.apply(Move("play", "Flat Tire", 1))
    shielded.apply(Move("decline"))
    shielded.apply(Move("play", "Extra Tank"))  # shields from the buried Out of Gas: Flat Tire still on top
    assert shielded.t.names[shielded.t.state_hazard[shielded.go_state[1]]] == "Flat Tire"
    shielded.apply(Move("play", "Puncture-Proof"))  # lifts the Flat Tire; the Out of Gas beneath is shielded
    shielded.apply(Move("play", "100 km"))
    assert shielded.miles[1] == 100


def test_a_side_waiting_only_for_its_go_card_is_not_held_up() -> None:
    game = build_position(load(PARKER), 2, sides={0: {"go": ["Roll"]}, 1: {"go": ["Roll", "Accident", "Repairs"]}},
                          hands={0: ["Stop"]})
    assert not any(m.action == "play" and m.card == "Stop" for m in game.legal_moves())
    assert game.why_not(0, "Stop") == "no other side shows a Roll, or is held up by a hazard not yet remedied, to delay"


@pytest.mark.parametrize("path", [PARKER, IN_TURN], ids=["parker", "in-turn"])
def test_the_pile_says_the_state_and_a_search_rebuilds_it(path: str) -> None:
    """At every move of random games, the go state and the hazards beneath the kernel keeps are what the
    public go pile implies (go_pile_state), and a table rebuilt from a seat's View has them; some stack."""
    ruleset = load(path)
    stacked = 0
    for seed in range(1, 13):
        game = new_game(ruleset, 2, seed=seed)
        bots = [make_bot("random", ruleset), make_bot("random", ruleset)]
        rng = Rng(seed)
        while not game.is_over:
            seat = game.to_act
            game.apply(bots[seat].choose(game.view(seat), game.legal_moves(), rng))
            stacked += any(game.held_under)
            for s in range(2):
                under, state = list(game.held_under[s]), game.go_state[s]
                twin = game.clone()
                implied = go_pile_state(twin, s)  # (before a safety that acts as go: rebuild lays those after)
                implied = game.t.go_free[implied] if game.runs_free[s] else implied
                assert implied == state and twin.held_under[s] == under
            if stacked and seed % 3 == 0 and not game.is_over:
                fresh = new_game(ruleset, 2, seed=99)
                rebuild(fresh, game.view(game.to_act))
                assert fresh.go_state == game.go_state and fresh.held_under == game.held_under
    assert stacked


def test_a_logged_game_with_stacked_hazards_replays(tmp_path) -> None:
    from typer.testing import CliRunner

    from touring_dsl.play import gamelog
    from touring_dsl.cli.app import app

    ruleset = load(PARKER)
    for seed in range(1, 40):
        game = new_game(ruleset, 2, seed=seed)
        record = gamelog.GameRecord(gamelog.make_header(ruleset, 2, game.setup.id, seed, ["greedy", "random"]))
        bots = [make_bot("greedy", ruleset), make_bot("random", ruleset)]
        rng, stacked = Rng(seed), False
        while not game.is_over:
            seat = game.to_act
            move = bots[seat].choose(game.view(seat), game.legal_moves(), rng)
            events = game.apply(move)
            stacked = stacked or any(game.held_under)
            record.moves.append(gamelog.MoveEntry(len(record.moves) + 1, seat, move.to_json(),
                                                  gamelog.events_json(events)))
        if not stacked:
            continue
        record.result = gamelog.result_of(game)
        path = tmp_path / f"{seed}.jsonl"
        gamelog.save(path, record)
        result = CliRunner().invoke(app, ["replay", str(path)], env={"NO_COLOR": "1"})
        assert result.exit_code == 0, result.output
        return
    pytest.fail("no game stacked a hazard")


def test_the_words_say_stacking() -> None:
    from touring_dsl.diff import diff_rulesets, render_text
    from touring_dsl.rulebook.markdown import rulebook_markdown
    from touring_dsl.play.table_view import render_table

    parker, in_turn = load(PARKER), load(IN_TURN)
    assert "the hazards beneath stay buried" in rulebook_markdown(parker)
    assert "the one beneath counts again" in rulebook_markdown(in_turn)
    said = render_text(diff_rulesets(parker, in_turn))
    assert "Stacked hazards: those beneath are remedied in turn (was: the top one's remedy buries those beneath)" in said
    assert "A hazard may not be played on a side already held up" in render_text(diff_rulesets(parker, load("mille-bornes")))
    game = held_up_twice()
    lines = "\n".join(line.plain for line in render_table(game, 1, game.legal_moves(), [], lambda s: f"player {s + 1}"))
    assert "side 2 has Out of Gas under its top hazard" in lines
    assert "Hazards stack: the top one's remedy buries those beneath" in lines  # a sentence starts with a capital
