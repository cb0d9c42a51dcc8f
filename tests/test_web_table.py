"""Web stage, tables without a network: what each seat is shown, moves refused with reasons, logs that
`touring replay` accepts, tables reloaded from their data folder, uploaded editions kept in bounds."""
from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from touring_dsl.play import gamelog
from touring_dsl.language.archive import load
from touring_dsl.engine import new_game
from touring_dsl.base.rng import Rng
from touring_dsl.bots.search.determinize import Belief
from touring_dsl.web.editions import MAX_EDITION_BYTES, EditionRefused
from touring_dsl.web.store import TableStore
from touring_dsl.web.table import MoveRefused
from touring_dsl.web.views import state_message
from web_support import first_move

pytest.importorskip("starlette")


def play(edition, players, seed, moves):
    game = new_game(load(edition), players=players, seed=seed)
    events = []
    for _ in range(moves):
        if game.is_over:
            break
        events.extend(gamelog.events_json(game.apply(first_move(game))))
    return game, events


@settings(max_examples=25, deadline=None)
@given(edition=st.sampled_from(["touring-1937", "mille-bornes", "touring-reprint"]),
       players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 60),
       sample_seed=st.integers(1, 10**6))
def test_a_seat_is_shown_the_same_whatever_the_hidden_cards(edition, players, seed, moves, sample_seed):
    """No leak, as a property: every deal the seat could be facing (its own hand and the open table kept,
    the other hands and the draw pile dealt again at random) gives the very same message."""
    ruleset = load(edition)
    if players not in ruleset.player_counts():
        players = 2
    game, events = play(edition, players, seed, moves)
    assume(not game.is_over)  # a determinization is a game in progress (a finished one has no hidden cards to act on)
    kinds = ["human"] * players
    for seat in [game.to_act, (game.to_act + 1) % players, None]:
        # the spectator's message is built from seat 0's view: redeal seat 0's hand too (from seat 1's view)
        view = game.view(1 if seat is None else seat)
        other = Belief(view).sample(Rng(sample_seed))
        real = state_message(game, seat, events, kinds, moves)
        assert real == state_message(other, seat, events, kinds, moves)


def test_draws_are_shown_to_the_drawer_alone():
    game, events = play("touring-1937", 2, 5, 30)
    mine = [e["card"] for e in events if e["kind"] == "draw" and e["seat"] == 0]
    log = state_message(game, 0, events, ["human", "human"], 30, log_tail=1000)["log"]
    assert [line for line in log if "drew" in line] == [f"you drew {card}" for card in mine]
    spectator = state_message(game, None, events, ["human", "human"], 30, log_tail=1000)
    assert not any("drew" in line for line in spectator["log"]) and spectator["hand"] == []


def test_a_seats_own_moves_are_said_to_it_in_one_person():
    """"you drew 30 Miles" was followed by "player 1 plays ...": a seat's own lines all say "you"; the other
    seat's lines, and every line the spectator reads, keep "player N"."""
    game, events = play("mille-bornes", 2, 11, 40)
    log = state_message(game, 0, events, ["human", "human"], 40, log_tail=1000)["log"]
    assert not any(line.startswith("player 1 ") for line in log)
    assert any(line.startswith("you play ") for line in log) and any(line.startswith("player 2 ") for line in log)
    assert all(not line.startswith("you ") or line.split()[1] in ("drew", "play", "lay", "discard", "let", "call", "show")
               for line in log), log
    spectator = state_message(game, None, events, ["human", "human"], 40, log_tail=1000)["log"]
    assert any(line.startswith("player 1 plays ") for line in spectator)


def test_the_page_is_told_whether_a_values_bound_caps_it_or_completes_the_race():
    """"x0 of 2" read the same for Mille Bornes' cap on the 200 km card and for 1937's piles a race needs."""
    for edition, bound in (("mille-bornes", "allowed"), ("touring-1937", "needed")):
        game, events = play(edition, 2, 3, 0)
        assert state_message(game, 0, events, ["human", "human"], 0)["edition"]["piles"] == bound


def test_the_games_the_browser_tests_play():
    """The seeds the browser tests use: seed 2 of the 1937 game takes 79 moves of first_move, and seed 19
    of Mille Bornes has a coup fourré (a counter) in it."""
    game, _ = play("touring-1937", 2, 2, 1000)
    assert game.is_over and game.turns > 0
    moves = 0
    game = new_game(load("touring-1937"), players=2, seed=2)
    while not game.is_over:
        game.apply(first_move(game))
        moves += 1
    assert moves == 79
    game = new_game(load("mille-bornes"), players=2, seed=19)
    actions = []
    while not game.is_over:
        move = first_move(game)
        actions.append(move.action)
        game.apply(move)
    assert "counter" in actions


@pytest.fixture
def store(tmp_path):
    return TableStore(tmp_path)


def test_a_move_is_refused_with_its_reason_and_the_table_goes_on(store):
    table = store.create(2, ["human", "human"], "touring-1937", seed=7)
    game = table.game
    with pytest.raises(MoveRefused, match="it is player 1's turn"):
        table.apply(1, {"action": "discard", "card": game.view(1).hand[0]})
    blocked = next(card for card in game.view(0).hand if game.why_not(0, card))
    with pytest.raises(MoveRefused, match="cannot play: "):
        table.apply(0, {"action": "play", "card": blocked, "target": 0})
    for bad in (None, "play", {"action": 3}, {"action": "play", "card": 5}, {"action": "play", "target": "x"},
                {"action": "play", "card": "Go", "take": "all"}, {"action": "fly", "card": "Go"}):
        with pytest.raises(MoveRefused):
            table.apply(0, bad)
    table.apply(0, first_move(game).to_json())
    assert len(table.record.moves) == 1


def test_a_forfeit_must_be_confirmed(store):
    """In the 1937 game with penalties, speeding forfeits the card: the move needs a yes."""
    for seed in range(1, 400):
        table = store.create(2, ["human", "human"], "touring-1937-penalties", seed=seed)
        for _ in range(200):
            if table.game.is_over:
                break
            warned = [m for m in table.state(table.game.to_act)["moves"] if m["warn"]]
            if warned:
                with pytest.raises(MoveRefused, match="confirm"):
                    table.apply(table.game.to_act, warned[0])
                table.apply(table.game.to_act, warned[0], confirm=True)
                return
            table.apply(table.game.to_act, first_move(table.game).to_json())
    pytest.skip("no forfeiting move came up")


def test_a_table_comes_back_from_its_folder_and_its_log_replays(store, tmp_path):
    from typer.testing import CliRunner

    from touring_dsl.cli.app import app

    table = store.create(2, ["human", "greedy"], "touring-1937", seed=11)
    for _ in range(15):
        seat, view, legal, rng = table.bot_choice()
        move = first_move(table.game) if table.is_human(seat) else table.bots[seat].choose(view, legal, rng)
        table.commit(seat, move)
    before = table.state(0)
    table.close()
    again = TableStore(tmp_path)
    loaded = again.load_all()
    assert [t.id for t in loaded] == [table.id]
    assert loaded[0].state(0) == before
    assert again.find(table.meta["tokens"][0]).seat == 0
    result = CliRunner().invoke(app, ["replay", str(table.folder / "game.jsonl")])
    assert result.exit_code == 0 and "replay identically" in result.output


def test_a_log_cut_short_by_a_crash_loses_only_the_cut_line(store, tmp_path):
    table = store.create(2, ["human", "human"], "touring-1937", seed=4)
    for _ in range(6):
        table.apply(table.game.to_act, first_move(table.game).to_json())
    table.close()
    log = table.folder / "game.jsonl"
    log.write_text(log.read_text() + '{"n":7,"seat":0,"mo', encoding="utf-8")
    loaded = TableStore(tmp_path).load_all()
    assert len(loaded[0].record.moves) == 6


def test_uploaded_editions_are_bounded_and_extend_only_the_archive(store):
    with pytest.raises(EditionRefused, match="larger than"):
        store.create(2, ["human", "human"], upload="#" * (MAX_EDITION_BYTES + 1))
    with pytest.raises(EditionRefused, match=r'house-rules.touring:1:\d+: error\[E205\].*only an archive edition'):
        store.create(2, ["human", "human"], upload='edition "mine" extends "/etc/passwd" {\n}\n')
    with pytest.raises(EditionRefused, match=r"house-rules.touring:\d+:\d+: error\[E1"):
        store.create(2, ["human", "human"], upload='edition "mine" extends "touring-1937" {\n  oops\n')
    with pytest.raises(EditionRefused, match="no edition"):
        store.create(2, ["human", "human"], "../../etc/passwd")
    assert list(store.root.iterdir()) == []  # nothing is left behind by a refused table


def test_a_house_rule_table_is_played_and_reloaded(store, tmp_path):
    text = ('edition "our-rules" extends "touring-1937" { subtitle "Ours" }\n\n'
            'zones {\n    change speeding forfeits the card\n        cite sheet "Forfeit"\n}\n')
    table = store.create(2, ["human", "human"], upload=text, seed=3)
    assert table.ruleset.id == "our-rules"
    table.apply(0, first_move(table.game).to_json())
    table.close()
    loaded = TableStore(tmp_path).load_all()
    assert loaded[0].ruleset.id == "our-rules" and len(loaded[0].record.moves) == 1


def test_the_victim_is_asked_alike_holding_a_safety_or_not():
    """Stop played on side 2: with or without Right of Way in hand, the same question, on the same seat,
    seen alike by the attacker and a spectator; without it, the one button lets it pass."""
    from touring_dsl.engine import Move, build_position

    messages = {}
    for held in ("Right of Way", "25 km"):
        game = build_position(load("mille-bornes"), sides={0: {"go": ["Roll"]}, 1: {"go": ["Roll"]}},
                              hands={0: ["Stop", "50 km"], 1: [held, "75 km"]})
        events = gamelog.events_json(game.apply(Move("play", "Stop", 1)))
        messages[held] = [state_message(game, seat, events, ["human", "human"], 1) for seat in (0, 1, None)]
    holder, other = messages["Right of Way"], messages["25 km"]
    assert holder[0] == other[0] and holder[2] == other[2]  # the attacker and a spectator see no difference
    assert holder[1]["pending"] == other[1]["pending"] and holder[1]["to_act"] == other[1]["to_act"] == 1
    # worded for its reader: "your side" and "you" to the seat asked, "side 2" to the attacker and a spectator
    assert holder[1]["pending"]["question"] == \
        "Player 1 played Stop on your side: you may call a coup fourré now, or let it pass."
    assert holder[0]["pending"]["question"] == holder[2]["pending"]["question"] == \
        "Player 1 played Stop on side 2: side 2 may call a coup fourré now, or let it pass."
    assert holder[1]["pending"]["hazard"] == "Stop" and holder[1]["pending"]["victim"] == 1  # the card waiting
    assert [m["label"] for m in holder[1]["moves"]] == ["coup fourré with Right of Way", "let it pass"]
    assert [m["label"] for m in other[1]["moves"]] == ["let it pass"]


def test_letting_it_pass_is_logged_alike_by_a_holder_and_a_non_holder():
    from touring_dsl.engine import Move, build_position

    lines = []
    for held in ("Right of Way", "25 km"):
        game = build_position(load("mille-bornes"), sides={0: {"go": ["Roll"]}, 1: {"go": ["Roll"]}},
                              hands={0: ["Stop", "50 km"], 1: [held, "75 km"]})
        game.apply(Move("play", "Stop", 1))
        lines.append([str(e) for e in game.apply(Move("decline")) if e.kind != "draw"])
    assert lines[0] == lines[1] and lines[0][0] == "player 2 lets it pass"
