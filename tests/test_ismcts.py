"""The ismcts search bot: determinizations agree with everything a seat sees, it never reads hidden cards,
it plays every edition and player count to the end, takes a won race, and is reachable by name."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from touring_dsl.language.archive import load

from touring_dsl.language.locate import archive_ids
from touring_dsl.bots.players import make_bot, play
from touring_dsl.bots.rule_bots import ExpertBot
from touring_dsl.cli.app import app
from touring_dsl.engine import Move, build_position, new_game
from touring_dsl.base.rng import Rng
from touring_dsl.bots.search import Belief, IsmctsBot
from touring_dsl.bots.search.ismcts import Node, clearly_better, parse_budget

EDITIONS = [e for e in archive_ids() if e.startswith("touring-")]
CONFIGS = [(e, p) for e in EDITIONS for p in load(e).player_counts()]
PUBLIC = ("go_state", "zone_state", "mileage_counts", "open_piles", "has_mileage", "remaining", "miles", "own_mask", "attack_mask", "exposed_mask", "discard", "go_piles",
          "zone_piles", "pending", "to_act", "turns")


def positions(ruleset, players: int, seeds=range(8)):
    """Games part-way through, after random moves (some ending on a counter offer, if the edition has them)."""
    for seed in seeds:
        game = new_game(ruleset, players, seed)
        play(game, [make_bot("random", ruleset)] * players, Rng(seed), max_moves=5 + seed * 17 % 60)
        if not game.is_over:
            yield game


def hide_differently(game, rng: Rng):
    """The same game with the cards the seat to act cannot see dealt otherwise: other hands and the draw
    pile pooled, shuffled and dealt back with the same sizes."""
    other = game.clone(Rng(game.seed))
    seat = game.to_act
    pool = list(other.draw)
    for s, hand in enumerate(other.hands):
        if s != seat:
            pool.extend(hand)
    rng.shuffle(pool)
    for s, hand in enumerate(game.hands):
        if s != seat:
            other.hands[s] = bytearray(pool[:len(hand)])
            other.hand_mask[s] = 0
            for c in other.hands[s]:
                other.hand_mask[s] |= 1 << c
            del pool[:len(hand)]
    other.draw = pool
    return other


@pytest.mark.parametrize("edition,players", CONFIGS)
def test_a_determinization_keeps_all_the_seat_sees_and_deals_the_rest(edition, players):
    ruleset = load(edition)
    checked = 0
    for game in positions(ruleset, players):
        sample = Belief(game.view(game.to_act)).sample(Rng(checked))
        for name in PUBLIC:
            assert getattr(sample, name) == getattr(game, name), name
        assert sample.hands[game.to_act] == game.hands[game.to_act]
        assert list(map(len, sample.hands)) == list(map(len, game.hands))
        assert len(sample.draw) == len(game.draw)
        assert Counter(sample.all_cards()) == Counter(game.all_cards())
        assert sample.legal_codes() == game.legal_codes()
        checked += 1
    assert checked >= 3


def test_a_clone_copies_every_field_and_shares_no_mutable_one():
    from touring_dsl.engine.state import State

    game = new_game(load("mille-bornes"), 2, 5)
    play(game, [make_bot("greedy", game.ruleset)] * 2, Rng(5), max_moves=40)
    twin = game.clone(Rng(1))
    for name in State.__slots__:
        if name == "rng":
            continue
        mine, theirs = getattr(game, name), getattr(twin, name)
        assert theirs == mine, name
        if isinstance(mine, (list, bytearray)):
            assert theirs is not mine, name
            assert all(a is not b for a, b in zip(mine, theirs) if isinstance(a, (list, bytearray))), name


def test_a_view_names_every_face_up_card_and_no_hidden_one():
    ruleset = load("touring-1906")
    game = next(positions(ruleset, 3, seeds=[3]))
    view = game.view(1)
    names = game.t.names
    assert view.discards == tuple(names[c] for c in game.discard)
    assert view.go_piles == tuple(tuple(names[c] for c in pile) for pile in game.go_piles)
    assert view.zone_piles == tuple(tuple(names[c] for c in pile) for pile in game.zone_piles)
    assert view.setup == game.setup.id
    shown = Counter(view.hand) + Counter(view.discards) + sum(map(Counter, view.go_piles + view.zone_piles), Counter())
    assert sum(shown.values()) + sum(view.hand_sizes) - len(view.hand) + view.draw_size + sum(
        n for side in view.sides for _, n, _ in side.piles) == len(game.t.deck_codes)


def test_determinizations_differ_in_the_hidden_cards():
    ruleset = load("touring-1937")
    game = new_game(ruleset, 2, 3)
    belief = Belief(game.view(0))
    hands = {bytes(belief.sample(Rng(seed)).hands[1]) for seed in range(20)}
    assert len(hands) > 10


def test_a_view_that_hides_more_cards_than_are_unseen_is_refused():
    ruleset = load("touring-1937")
    view = new_game(ruleset, 2, 3).view(0)
    with pytest.raises(ValueError, match="hides"):
        Belief(type(view)(**{**view.__dict__, "draw_size": view.draw_size + 1}))


@pytest.mark.parametrize("edition,players", [("touring-1937", 2), ("touring-1937-penalties", 2),
                                             ("touring-reprint", 4), ("touring-1906", 3), ("touring-1965", 6)])
def test_it_never_reads_hidden_cards(edition, players):
    """Two games that differ only in cards the seat cannot see (other hands, the draw order) look the
    same to it, and it chooses the same move in both with the same generator."""
    ruleset = load(edition)
    bot = make_bot("ismcts:60", ruleset)
    compared = 0
    for game in positions(ruleset, players, seeds=range(4)):
        twin = hide_differently(game, Rng(99))
        seat = game.to_act
        assert twin.hands != game.hands or twin.draw != game.draw
        view, twin_view = game.view(seat), twin.view(seat)
        assert view == twin_view
        move = bot.choose(view, game.legal_moves(), Rng(5))
        assert bot.choose(twin_view, twin.legal_moves(), Rng(5)) == move
        compared += 1
    assert compared >= 2


@pytest.mark.parametrize("edition,players", CONFIGS)
def test_it_plays_every_edition_and_player_count_to_the_end(edition, players):
    ruleset = load(edition)
    bots = [make_bot("ismcts:8", ruleset)] + [make_bot("greedy", ruleset)] * (players - 1)
    game = play(new_game(ruleset, players, 4), bots, Rng(4))
    assert game.is_over and game.outcome in ("completed", "exhausted", "turn-limit")


def test_it_answers_a_counter_offer():
    """In the reprint a removed mileage card may be saved by a counter card: the seat offered the choice
    chooses between showing it and letting the removal pass, from a table that holds the waiting hazard."""
    ruleset = load("touring-reprint")
    random = make_bot("random", ruleset)
    for seed in range(200):
        game = new_game(ruleset, 2, seed)
        rng = Rng(seed)
        while not game.is_over and game.pending is None:
            game.apply(random.choose(game.view(game.to_act), game.legal_moves(), rng))
        if game.pending is not None:
            legal = game.legal_moves()
            move = make_bot("ismcts:40", ruleset).choose(game.view(game.to_act), legal, Rng(1))
            assert move in legal and move.action in ("counter", "decline")
            return
    raise AssertionError("no counter offer in 200 random games")


def one_mile_from_winning(ruleset):
    """Side 1 needs only the 1 Mile in its hand to complete the race; the rival shows go, so a
    hazard (the Puncture also in hand) is on offer too."""
    piles = [("1 Mile", 7), ("3 Miles", 4), ("15 Miles", 2), ("30 Miles", 2)]
    return build_position(ruleset, 2, sides={0: {"go": ["Go"], "zone": ["Country"], "piles": piles},
                                             1: {"go": ["Go"], "piles": [("1 Mile", 3)]}},
                          hands={0: ["1 Mile", "Puncture", "Go", "30 Miles", "Gasoline", "Country"],
                                 1: ["Collision", "Go", "3 Miles", "15 Miles", "Hauled In"]})


def test_it_lays_the_card_that_wins_the_race():
    ruleset = load("touring-1937")
    game = one_mile_from_winning(ruleset)
    move = make_bot("ismcts:100", ruleset).choose(game.view(0), game.legal_moves(), Rng(2))
    assert move == Move("play", "1 Mile")


def about_to_lose(ruleset):
    """Seat 0 to act; the other side needs one card to finish and shows go: only a hazard now can stop it."""
    piles = [("1 Mile", 8), ("3 Miles", 4), ("15 Miles", 2), ("30 Miles", 1)]
    game = build_position(ruleset, 2, sides={0: {"go": ["Go"], "piles": [("1 Mile", 2)]},
                                             1: {"go": ["Go"], "zone": ["Country"], "piles": piles}},
                          hands={0: ["Collision", "3 Miles", "Go", "1 Mile", "Gasoline", "Hauled In"],
                                 1: ["30 Miles", "Go", "3 Miles", "15 Miles", "Hauled In"]})
    return game


def test_it_delays_a_side_about_to_win():
    ruleset = load("touring-1937")
    game = about_to_lose(ruleset)
    move = make_bot("ismcts:300", ruleset).choose(game.view(0), game.legal_moves(), Rng(2))
    assert move == Move("play", "Collision", 1)


class Always:
    """A prior that always proposes the same move."""

    name = "always"

    def __init__(self, move):
        self.move = move

    def choose(self, view, legal_moves, rng):
        return self.move


def test_a_prior_that_misses_the_win_is_overruled():
    ruleset = load("touring-1937")
    game = one_mile_from_winning(ruleset)
    view, legal = game.view(0), game.legal_moves()
    wasteful = IsmctsBot(ruleset, "100", prior=Always(Move("discard", "Country")))
    assert wasteful.choose(view, legal, Rng(2)) == Move("play", "1 Mile")
    assert isinstance(make_bot("ismcts", ruleset).prior, ExpertBot)


def test_a_search_too_small_to_judge_keeps_its_prior():
    """Three iterations cannot try every move, let alone measure one: the prior's move stands."""
    ruleset = load("touring-1937")
    game = about_to_lose(ruleset)
    view, legal = game.view(0), game.legal_moves()
    assert Move("discard", "Gasoline") in legal and len(legal) > 3
    for careless in (Move("discard", "Gasoline"), legal[0], legal[-1]):
        assert IsmctsBot(ruleset, "3", prior=Always(careless)).choose(view, legal, Rng(2)) == careless


def node(visits, reward):
    found = Node(0)
    found.visits, found.reward = visits, reward
    return found


def test_the_search_overrules_its_prior_only_by_more_than_the_margin_and_the_noise():
    assert not clearly_better(node(2, 1.5), node(2, 0.5))  # 0.75 against 0.25: two visits each prove little
    assert clearly_better(node(400, 300.0), node(400, 200.0))  # 0.75 against 0.5, well measured
    assert not clearly_better(node(400, 220.0), node(400, 200.0))  # 0.55 against 0.5: within the margin
    assert not clearly_better(node(400, 200.0), node(400, 300.0))


def test_same_generator_same_choice():
    ruleset = load("touring-1937")
    game = next(positions(ruleset, 2))
    first = IsmctsBot(ruleset, "50").choose(game.view(game.to_act), game.legal_moves(), Rng(8))
    assert all(IsmctsBot(ruleset, "50").choose(game.view(game.to_act), game.legal_moves(), Rng(8)) == first
               for _ in range(3))


def test_budgets_in_iterations_or_seconds():
    assert parse_budget(None) == parse_budget("") == (IsmctsBot(None).iterations, None)
    assert parse_budget("1000") == (1000, None)
    assert parse_budget("0.5s") == (None, 0.5)
    assert make_bot("ismcts:0.05s").seconds == 0.05 and make_bot("ismcts:250").iterations == 250
    for bad in ("abc", "0", "-3", "0s", "-1s", "nans", "1.5"):
        with pytest.raises(ValueError, match="give iterations"):
            make_bot(f"ismcts:{bad}")
    with pytest.raises(ValueError, match="unknown bot 'greedy:3'"):
        make_bot("greedy:3")


def test_a_seconds_budget_stops_in_time():
    import time

    ruleset = load("touring-1937")
    game = next(positions(ruleset, 2))
    start = time.perf_counter()
    make_bot("ismcts:0.2s", ruleset).choose(game.view(game.to_act), game.legal_moves(), Rng(1))
    assert time.perf_counter() - start < 1.5  # the deadline is checked every few iterations


def test_touring_play_accepts_ismcts(tmp_path):
    log = tmp_path / "game.jsonl"
    result = CliRunner().invoke(app, ["play", "touring-1937", "--humans", "none", "--bots", "ismcts:10,greedy",
                                      "--seed", "3", "--log", str(log)], input="", env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    assert "Game over after" in result.stdout
    header = json.loads(Path(log).read_text(encoding="utf-8").splitlines()[0])
    assert header["bots"] == ["ismcts:10", "greedy"]


def test_touring_play_refuses_a_bad_budget():
    result = CliRunner().invoke(app, ["play", "touring-1937", "--humans", "none", "--bots", "ismcts:fast"],
                                input="", env={"NO_COLOR": "1"})
    assert result.exit_code == 2
    assert "ismcts budget 'fast'" in result.output


def test_a_rule_playout_plays_that_many_turns_of_the_rule_then_evaluates(monkeypatch):
    from touring_dsl.bots.search import ismcts

    ruleset = load("touring-1937")
    game = next(positions(ruleset, 2))
    monkeypatch.setattr(ismcts, "PLAYOUT", "expert:3")
    playout = ismcts.playout_for(game.t)
    assert isinstance(playout, ismcts.RulePlayout)
    table = game.clone(Rng(1))
    rewards = playout.rewards(table, Rng(1))
    assert table.is_over or table.turns == game.turns + 3
    assert abs(sum(rewards) - 1.0) < 1e-9
    bots = [make_bot("ismcts:10", ruleset), make_bot("greedy", ruleset)]
    finished = play(new_game(ruleset, 2, 6), bots, Rng(6))
    assert finished.is_over
