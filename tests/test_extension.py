"""The Extension (touring_dsl/mechanics/extension.py), the first mechanic, played as its rule says through every
consumer: the kernel and the public API, logs, a search's rebuilt table, the bots, the simulator and the words."""
from __future__ import annotations

import pytest

from touring_dsl.language.archive import load
from touring_dsl.bots.players import make_bot
from touring_dsl.engine import Move, build_position, new_game, tables_for
from touring_dsl.engine.rebuild import rebuild
from touring_dsl.engine.schema import Offer
from touring_dsl.mechanics import REGISTERED
from touring_dsl.base.rng import Rng

MILLE = "mille-bornes"


def at_the_target(seed: int = 1):
    """Two players; side 1 at 600 km, player 1 about to lay a 100 km (side 2 at 25)."""
    game = build_position(load(MILLE), 2, sides={0: {"go": ["Roll"], "piles": [("100 km", 6)]},
                                                   1: {"go": ["Roll"], "piles": [("25 km", 1)]}},
                          hands={0: ["100 km", "200 km", "100 km"], 1: ["Gasoline", "Spare Tire"]}, seed=seed)
    game.apply(Move("play", "100 km"))
    return game


def test_reaching_the_target_asks_the_player_who_laid_the_card() -> None:
    game = at_the_target()
    assert not game.is_over and game.to_act == 0
    assert isinstance(game.pending, Offer) and game.offer is game.pending
    assert [str(m) for m in game.legal_moves()] == ["extend", "stop"]  # no discard while asked
    assert game.why_not(0, "200 km") == "answer first: extend the race or end the race here"
    view = game.view(1)
    assert view.offer == "extension" and view.extra["race_target"] == 700


def test_stopping_ends_the_race_where_it_stands() -> None:
    game = at_the_target()
    events = game.apply(Move("stop"))
    assert game.is_over and game.winner == 0 and game.outcome == "completed"
    assert game.race_target == 700 and events[-1].kind == "win"


def test_extending_moves_the_target_and_the_turn_passes() -> None:
    game = at_the_target()
    events = game.apply(Move("extend"))
    assert [e.kind for e in events][:1] == ["extend"]
    assert game.race_target == 1000 and not game.is_over and game.to_act == 1
    assert game.view(0).sides[0].missing  # cards still wanted toward 1000
    assert game.remaining[0] == 300


def test_an_extended_race_is_offered_no_second_extension() -> None:
    game = at_the_target()
    game.apply(Move("extend"))
    game.apply(Move("discard", "Gasoline"))
    game.apply(Move("play", "200 km"))
    game.apply(Move("discard", "Spare Tire"))
    game.apply(Move("play", "100 km"))
    assert game.is_over and game.winner == 0 and game.miles[0] == 1000


def test_the_state_survives_clone_snapshot_and_a_search_rebuild() -> None:
    game = at_the_target()
    game.apply(Move("extend"))
    twin = game.clone()
    assert twin.race_target == 1000
    snap = game.snapshot()
    game.race_target = 700
    game.restore(snap)
    assert game.race_target == 1000
    assert twin.extended_by == 0 and game.extended_by == 0
    fresh = new_game(load(MILLE), 2, seed=5)
    assert fresh.extended_by == -1
    rebuild(fresh, game.view(1))
    assert fresh.extended_by == 0
    assert fresh.race_target == 1000 and fresh.remaining == game.remaining and fresh.open_piles == game.open_piles
    asked = at_the_target()
    fresh = new_game(load(MILLE), 2, seed=5)
    rebuild(fresh, asked.view(0))
    assert fresh.pending is asked.pending


def test_a_seating_without_the_extension_never_asks() -> None:
    ruleset = load(MILLE)
    game = build_position(ruleset, 4, sides={0: {"go": ["Roll"], "piles": [("100 km", 9), ("75 km", 1)]}},
                          hands={0: ["25 km"]})
    assert game.t.mechanics == () and game.race_target == 1000
    game.apply(Move("play", "25 km"))
    assert game.is_over and game.winner == 0


@pytest.mark.parametrize("bot", ["random", "greedy", "expert"])
def test_a_logged_game_with_decisions_replays(bot: str, tmp_path) -> None:
    """Games of every rule bot that reach the target are logged with their decisions (gamelog), and
    `touring replay` plays the log back move for move and event for event."""
    from typer.testing import CliRunner

    from touring_dsl.play import gamelog
    from touring_dsl.cli.app import app

    ruleset = load(MILLE)
    decided = 0
    for seed in range(1, 30):
        game = new_game(ruleset, 2, seed=seed)
        record = gamelog.GameRecord(gamelog.make_header(ruleset, 2, game.setup.id, seed, [bot, bot]))
        bots = [make_bot(bot, ruleset), make_bot(bot, ruleset)]
        rng = Rng(seed)
        while not game.is_over:
            seat = game.to_act
            move = bots[seat].choose(game.view(seat), game.legal_moves(), rng)
            events = game.apply(move)
            record.moves.append(gamelog.MoveEntry(len(record.moves) + 1, seat, move.to_json(),
                                                  gamelog.events_json(events)))
        record.result = gamelog.result_of(game)
        if not any(e.move["action"] in ("extend", "stop") for e in record.moves):
            continue
        decided += 1
        path = tmp_path / f"{bot}-{seed}.jsonl"
        gamelog.save(path, record)
        result = CliRunner().invoke(app, ["replay", str(path)], env={"NO_COLOR": "1"})
        assert result.exit_code == 0, result.output
        if decided >= 2:
            break
    assert decided


def test_the_rule_bots_extend_only_with_a_long_lead() -> None:
    t = tables_for(load(MILLE), 2)
    offer = t.offers["extension"]
    mechanic = next(m for m in REGISTERED if m.name == "extension")
    assert offer.codes[mechanic.choose(t, 0, [700, 300], offer)] == offer.codes[0]  # extend
    assert offer.codes[mechanic.choose(t, 0, [700, 600], offer)] == offer.codes[1]  # stop
    game = at_the_target()
    assert make_bot("greedy", game.ruleset).choose(game.view(0), game.legal_moves(), Rng(1)) == Move("extend")


def test_the_simulator_plays_the_extension_on_both_paths() -> None:
    """The fast path answers the offer with the same rule as the public bots (the golden games hold the
    detail); here: some simulated games are extended, some completions score the bonus."""
    from touring_dsl.simulate import Plan
    from touring_dsl.simulate.fast import play_games

    ruleset = load(MILLE)
    plan = Plan(edition=ruleset.id, players=2, setup=None, games=60, seed=3, bots=("greedy", "random"))
    games = [game for _, game in play_games(ruleset, plan, 0, 60)]
    assert any(g.race_target == 1000 for g in games)
    assert all(g.is_over for g in games)


def test_the_words_say_the_extension() -> None:
    from touring_dsl.diff import diff_rulesets, render_text
    from touring_dsl.rulebook.markdown import rulebook_markdown
    from touring_dsl.play.table_view import move_lines, render_table

    ruleset = load(MILLE)
    assert "extend the race to 1000 km" in rulebook_markdown(ruleset)
    assert ("200 points when the race was extended: the side whose player called the extension scores them if it "
            "completed the longer race; if it did not (another side completed it, or nobody did), each other side "
            "scores them instead") in rulebook_markdown(ruleset)
    said = render_text(diff_rulesets(ruleset, load("touring-1958")))
    assert "no extension (was: the race may be extended to 1000 km)" in said
    game = at_the_target()
    lines = "\n".join(line.plain for line in render_table(game, 0, game.legal_moves(), [], lambda s: f"player {s + 1}"))
    assert "extend the race to 1000 km" in lines and "1. extend the race" in lines
    assert "2. end the race here" in "\n".join(x.plain for x in move_lines(game.legal_moves()))


def test_touring_play_asks_the_player_who_reached_the_target(monkeypatch, capsys) -> None:
    """At the keyboard: the question, the two numbered answers (no discard), then the extended race goes on."""
    import io

    from touring_dsl.play import gamelog
    from touring_dsl.cli.play import Seats, Session, Stop

    ruleset = load(MILLE)
    game = build_position(ruleset, 2, sides={0: {"go": ["Roll"], "piles": [("100 km", 6)]},
                                             1: {"go": ["Roll"], "piles": [("25 km", 1)]}},
                          hands={0: ["100 km", "Gasoline"], 1: ["Spare Tire", "Repairs"]})
    header = gamelog.make_header(ruleset, 2, game.setup.id, 1, ["human", "greedy"])
    session = Session(game, gamelog.GameRecord(header=header), Seats(kinds=["human", "greedy"],
                      bots={1: make_bot("greedy", ruleset)}), MILLE, None, None)
    play_100 = next(i for i, m in enumerate(game.legal_moves(), start=1) if m.card == "100 km" and m.action == "play")
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{play_100}\nd 1\n1\n"))
    with pytest.raises(Stop):
        session.run()
    out = capsys.readouterr().out
    assert ("Your side reached 700 km: extend the race to 1000 km, 200 more points if your side completes it "
            "and 200 to each other side if not, or stop here and win?") in out
    assert "1. extend the race" in out and "2. end the race here" in out
    assert "You cannot discard now" in out
    assert [entry.move["action"] for entry in session.record.moves][:2] == ["play", "extend"]
    assert session.game.race_target == 1000


def three_at_the_target(deck_empty: bool):
    """Three players; side 1 at 600 km about to lay a 100 km, side 2 at 900 km holding a 100 km, side 3 at
    50 km; with deck_empty, nobody can draw and the race ends when the hands are played out."""
    return build_position(load(MILLE), 3, sides={0: {"go": ["Roll"], "piles": [("100 km", 6)]},
                                                   1: {"go": ["Roll"], "piles": [("100 km", 3), ("75 km", 8)]},
                                                   2: {"go": ["Roll"], "piles": [("50 km", 1)]}},
                          hands={0: ["100 km", "Gasoline"], 1: ["100 km"], 2: ["Repairs"]}, seed=1, deck_empty=deck_empty)


def bonus_by_side(game) -> list[int]:
    from touring_dsl.engine.rules.scoring import score_race

    return [sum(line.points for line in score.lines if line.term.what == "extension-called")
            for score in score_race(game)]


def test_the_bonus_goes_to_both_opponents_of_a_caller_beaten_to_1000() -> None:
    """The rulebooks (Winning Moves, Rules for 2 or 3 Players, C; the French rules, L'allonge): the caller did
    not complete the longer race, so each of its opponents scores the bonus, the one that did not complete
    it too. (Before: only the side completing the extended race scored it, side 3 nothing.)"""
    game = three_at_the_target(deck_empty=False)
    game.apply(Move("play", "100 km"))
    game.apply(Move("extend"))
    game.apply(Move("play", "100 km"))
    assert game.is_over and game.winner == 1 and game.outcome == "completed"
    assert bonus_by_side(game) == [0, 200, 200]


def test_the_bonus_goes_to_every_opponent_when_nobody_completes_the_longer_race() -> None:
    game = three_at_the_target(deck_empty=True)
    game.apply(Move("play", "100 km"))
    game.apply(Move("extend"))
    for card in ("100 km", "Repairs", "Gasoline"):
        game.apply(Move("discard", card))
    assert game.is_over and game.outcome != "completed"
    assert bonus_by_side(game) == [0, 200, 200]


def test_no_bonus_without_an_extension() -> None:
    game = three_at_the_target(deck_empty=False)
    game.apply(Move("play", "100 km"))
    game.apply(Move("stop"))
    assert game.is_over and game.winner == 0 and bonus_by_side(game) == [0, 0, 0]
