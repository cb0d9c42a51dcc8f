"""Engine rules on constructed positions: each test lays out a table and checks one rule."""
from __future__ import annotations

import pytest

from touring_dsl.language.archive import load
from touring_dsl.engine import IllegalMove, Move, build_position, new_game
from touring_dsl.mechanics.penalties.choices import penalty_choices


@pytest.fixture(scope="module")
def r1937():
    return load("touring-1937")


@pytest.fixture(scope="module")
def r1906():
    return load("touring-1906")


@pytest.fixture(scope="module")
def rpen():
    return load("touring-1937-penalties")


@pytest.fixture(scope="module")
def rreprint():
    return load("touring-reprint")


def plays(game):
    return [m for m in game.legal_moves() if m.action != "discard"]


def test_new_game_deals_and_first_seat_has_drawn(r1937):
    game = new_game(r1937, 2, seed=7)
    assert [len(h) for h in game.hands] == [6, 5]
    assert game.to_act == 0 and game.turns == 0 and not game.is_over
    assert len(game.draw) == sum(c.count for c in r1937.deck) - 11


def test_mileage_needs_go_and_zone(r1937):
    game = build_position(r1937, hands={0: ["15 Miles", "30 Miles", "Go"]})
    assert plays(game) == [Move("play", "Go")]
    game = build_position(r1937, sides={0: {"go": ["Go"]}}, hands={0: ["15 Miles", "30 Miles"]})
    assert plays(game) == [Move("play", "15 Miles")]
    assert "does not allow" in game.why_not(0, "30 Miles")


def test_forbidden_mileage_raises_illegal_move(r1937):
    game = build_position(r1937, sides={0: {"go": ["Go"]}}, hands={0: ["30 Miles"]})
    with pytest.raises(IllegalMove):
        game.apply(Move("play", "30 Miles"))
    with pytest.raises(ValueError):
        game.apply(Move("play", "Nonsense"))


def test_chain_order_hazard_remedy_go(r1937):
    game = build_position(r1937, sides={0: {"go": ["Go", "Collision"]}}, hands={0: ["Go", "Hauled In", "Gasoline"]})
    assert plays(game) == [Move("play", "Hauled In")]
    game.apply(Move("play", "Hauled In"))
    game.apply(Move("discard", game.view(1).hand[0]))
    assert Move("play", "Go") in plays(game)
    game.apply(Move("play", "Go"))
    assert game.view(0).sides[0].showing_go


def test_hazard_only_on_side_showing_go(r1937):
    game = build_position(r1937, sides={1: {"go": ["Go", "Puncture"]}}, hands={0: ["Collision"]})
    assert plays(game) == []
    game = build_position(r1937, sides={1: {"go": ["Go"]}}, hands={0: ["Collision"]})
    assert plays(game) == [Move("play", "Collision", 1)]


def test_zone_reach_and_change_only(r1937):
    game = build_position(r1937, sides={0: {"zone": ["Country"]}, 1: {"zone": ["Country"]}},
                          hands={0: ["City Limits", "Country"]})
    # City Limits reaches any side with a Country showing; Country only one's own, and only as a change
    assert plays(game) == [Move("play", "City Limits", 0), Move("play", "City Limits", 1)]


def test_before_first_go_kinds(r1937):
    game = build_position(r1937, sides={1: {"go": ["Go"]}}, hands={0: ["Country", "Puncture", "Gasoline"]})
    assert {m.card for m in plays(game)} == {"Country", "Puncture"}


def test_speeding_forfeits_card(rpen):
    game = build_position(rpen, sides={0: {"go": ["Go"]}}, hands={0: ["30 Miles"]})
    events = game.apply(Move("play", "30 Miles"))
    assert game.mileage_counts[0][game.t.code["30 Miles"]] == 0
    assert game.discard[-1] == game.t.code["30 Miles"]
    assert any(e.kind == "speeding" for e in events)


def test_speeding_forfeits_everything_in_1906(r1906):
    game = build_position(r1906, zone="City Limits", sides={0: {"go": ["Go"], "piles": [("1 Mile", 3)]}},
                          hands={0: ["10 Miles"]})
    game.apply(Move("play", "10 Miles"))
    assert game.miles[0] == 0 and game.go_piles[0] == [] and game.view(0).sides[0].needs == ("Go",)
    assert game.t.names[game.discard[-1]] == "10 Miles" and len(game.discard) == 5


def test_game_wide_zone_changes_every_side(r1906):
    game = build_position(r1906, sides={0: {"go": ["Go"]}, 1: {"go": ["Go"]}}, hands={0: ["Country"], 1: ["10 Miles"]})
    game.apply(Move("play", "Country"))
    assert game.view(1).zone == "Country"
    assert Move("play", "10 Miles") in game.legal_moves()


def test_penalty_choices_take_the_full_forfeit_and_never_larger():
    piles = ((0, 5), (1, 10))
    assert penalty_choices(piles, (2, 1), 10, False) == [((0, 2),), ((1, 1),)]
    assert penalty_choices(piles, (0, 2), 5, False) == [()]
    assert penalty_choices(piles, (1, 2), 20, False) == [((1, 2),)]  # not a 5 and a 10 when two 10s pay it
    assert penalty_choices(piles, (3, 0), 10, False) == [((0, 2),)]
    assert penalty_choices(piles, (1, 1), 10, False) == [((1, 1),)]  # not just the 5 of a 10-mile delay
    assert penalty_choices(piles, (1, 0), 10, False) == [((0, 1),)]  # short: all it has


def test_penalty_choices_up_to_the_forfeit_include_less_and_nothing():
    piles = ((0, 5), (1, 10))
    assert penalty_choices(piles, (1, 1), 10, False, "up-to") == [((0, 1),), ((1, 1),), ()]
    assert penalty_choices(piles, (0, 2), 5, False, "up-to") == [()]
    assert penalty_choices(piles, (2, 0), 5, True, "up-to") == [((0, 1),), ()]


def test_penalty_moves_offer_each_choice(rpen):
    game = build_position(rpen, sides={0: {"go": ["Go"]}, 1: {"go": ["Go"], "zone": ["Country"],
                                                              "piles": [("15 Miles", 2), ("30 Miles", 1)]}},
                          hands={0: ["Collision"]})
    takes = sorted(m.take for m in plays(game))
    assert takes == [(("15 Miles", 2),), (("30 Miles", 1),)]
    game.apply(Move("play", "Collision", 1, (("30 Miles", 1),)))
    assert game.miles[1] == 30 and game.mileage_counts[1][game.t.code["15 Miles"]] == 2


def test_removal_and_counter(rreprint):
    game = build_position(rreprint, sides={0: {"go": ["Go"]}, 1: {"go": ["Go"], "piles": [("35 Miles", 2)]}},
                          hands={0: ["Flat Tire"], 1: ["Mechanic", "Gas"]})
    game.apply(Move("play", "Flat Tire", 1))
    assert game.to_act == 1 and game.legal_moves() == [Move("counter", "Mechanic"), Move("decline")]
    assert game.turns == 1
    game.apply(Move("counter", "Mechanic"))
    assert game.miles[1] == 70 and len(game.hands[1]) == 6 and game.to_act == 1
    assert game.turns == 1


def test_removal_waits_for_the_victims_answer_even_without_a_counter(rreprint):
    """The victim is asked whatever it holds (its hand is hidden): its only answer is to let it pass."""
    game = build_position(rreprint, sides={0: {"go": ["Go"]}, 1: {"go": ["Go"], "piles": [("35 Miles", 1)]}},
                          hands={0: ["Flat Tire"], 1: ["Gas"]})
    events = game.apply(Move("play", "Flat Tire", 1))
    assert [e.kind for e in events] == ["hazard"] and game.to_act == 1 and game.miles[1] == 35
    assert game.legal_moves() == [Move("decline")]
    events = game.apply(Move("decline"))
    assert game.miles[1] == 0 and [e.kind for e in events][:2] == ["decline", "remove"]
    assert game.t.names[game.discard[-1]] == "Flat Tire"


def test_removal_is_immediate_once_every_counter_lies_face_up(rreprint):
    """Both Mechanics in the discards: every seat sees nobody can hold one, so nobody is asked."""
    game = build_position(rreprint, sides={0: {"go": ["Go"]}, 1: {"go": ["Go"], "piles": [("35 Miles", 1)]}},
                          hands={0: ["Flat Tire"], 1: ["Gas"]}, discard=("Mechanic", "Mechanic"))
    events = game.apply(Move("play", "Flat Tire", 1))
    assert game.miles[1] == 0 and [e.kind for e in events][:2] == ["hazard", "remove"]


def test_one_mechanic_face_up_still_asks(rreprint):
    game = build_position(rreprint, sides={0: {"go": ["Go"]}, 1: {"go": ["Go"], "piles": [("35 Miles", 1)]}},
                          hands={0: ["Flat Tire"], 1: ["Gas"]}, discard=("Mechanic",))
    game.apply(Move("play", "Flat Tire", 1))
    assert game.to_act == 1 and game.legal_moves() == [Move("decline")]


def test_partners_are_asked_in_turn_order_until_one_counters(rreprint):
    """Four in two partnerships: player 1 attacks side 2 (players 2 and 4); player 2, holding nothing,
    lets it pass, then player 4 is asked and shows its Mechanic."""
    game = build_position(rreprint, 4, "four-in-two-partnerships",
                          sides={0: {"go": ["Go"]}, 1: {"go": ["Go"], "piles": [("35 Miles", 1)]}},
                          hands={0: ["Flat Tire"], 1: ["Gas"], 3: ["Mechanic", "Gas"]})
    game.apply(Move("play", "Flat Tire", 1))
    assert game.to_act == 1 and game.legal_moves() == [Move("decline")]
    events = game.apply(Move("decline"))
    assert [e.kind for e in events] == ["decline"] and game.to_act == 3 and game.miles[1] == 35
    assert game.legal_moves() == [Move("counter", "Mechanic"), Move("decline")]
    game.apply(Move("counter", "Mechanic"))
    assert game.miles[1] == 35 and game.pending is None


def test_the_hazard_acts_once_every_partner_lets_it_pass(rreprint):
    game = build_position(rreprint, 4, "four-in-two-partnerships",
                          sides={0: {"go": ["Go"]}, 1: {"go": ["Go"], "piles": [("35 Miles", 1)]}},
                          hands={0: ["Flat Tire"], 1: ["Mechanic"], 3: ["Gas"]})
    game.apply(Move("play", "Flat Tire", 1))
    assert game.legal_moves() == [Move("counter", "Mechanic"), Move("decline")]
    game.apply(Move("decline"))
    assert game.to_act == 3 and game.legal_moves() == [Move("decline")]
    events = game.apply(Move("decline"))
    assert game.miles[1] == 0 and [e.kind for e in events][:2] == ["decline", "remove"] and game.to_act == 1


def test_partners_share_piles(r1937):
    game = new_game(r1937, 4, seed=3)
    assert [game.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert game.view(2).sides[0].seats == (0, 2)


def test_win_by_completing_piles(r1937):
    game = build_position(r1937, sides={0: {"go": ["Go"], "piles": [("1 Mile", 8), ("3 Miles", 4),
                                                                      ("15 Miles", 2), ("30 Miles", 1)],
                                            "zone": ["Country"]}}, hands={0: ["30 Miles"]})
    events = game.apply(Move("play", "30 Miles"))
    assert game.is_over and game.winner == 0 and game.outcome == "completed"
    assert events[-1].kind == "win" and game.legal_moves() == []


def test_discards_come_back_when_the_draw_pile_runs_out(r1937):
    game = build_position(r1937, hands={0: ["Gasoline"], 1: ["Hauled In"]}, deck_empty=True)
    events = game.apply(Move("discard", "Gasoline"))
    assert [e.kind for e in events] == ["discard", "reshuffle", "draw"]
    assert game.view(1).hand == ("Hauled In", "Gasoline") and game.draw == []


def test_exhaustion_ends_with_most_miles(r1937):
    ruleset = r1937.model_copy(update={"reshuffle": r1937.reshuffle.model_copy(update={"discard": False})})
    game = build_position(ruleset, sides={0: {"go": ["Go"], "piles": [("1 Mile", 2)]}},
                          hands={0: ["Gasoline"], 1: ["Gasoline"]}, deck_empty=True)
    game.apply(Move("discard", "Gasoline"))
    assert game.to_act == 1 and not game.is_over
    events = game.apply(Move("discard", "Gasoline"))
    assert game.is_over and game.outcome == "exhausted" and game.winner == 0
    assert events[-1].kind == "exhausted"


def test_turn_limit_ends_the_game(r1937):
    ruleset = r1937.model_copy(update={"ending": r1937.ending.model_copy(update={"turn_limit": 3})})
    game = new_game(ruleset, 2, seed=1)
    for _ in range(3):
        game.apply(game.legal_moves()[-1])
    assert game.is_over and game.outcome == "turn-limit"


def test_move_text_and_json_round_trip():
    move = Move("play", "Collision", 1, (("15 Miles", 2),))
    assert str(move) == "play Collision on side 2 taking 2 x 15 Miles"
    assert Move.from_json(move.to_json()) == move
    assert str(Move("decline")) == "decline" and str(Move("discard", "Go")) == "discard Go"


def test_view_hides_other_hands_and_draw_order(r1937):
    game = new_game(r1937, 2, seed=5)
    view = game.view(1)
    assert len(view.hand) == 5 and view.hand_sizes == (6, 5) and view.draw_size == len(game.draw)
    assert not hasattr(view, "draw") and "hands" not in view.__dataclass_fields__


def test_copy_is_independent(r1937):
    game = new_game(r1937, 2, seed=9)
    twin = game.copy()
    twin.apply(twin.legal_moves()[0])
    assert game.turns == 0 and twin.turns == 1


def test_a_side_view_shows_its_own_safeties_not_another_tables():
    """Side views are cached per ruleset seating: two tables alike but for a safety must not share one."""
    from touring_dsl.engine import build_position

    ruleset = load("mille-bornes")
    plain = build_position(ruleset, 2, sides={1: {"go": ["Roll"]}}, hands={0: ["25 km"]})
    shielded = build_position(ruleset, 2, sides={1: {"go": ["Roll"], "safeties": ["Extra Tank"]}},
                              hands={0: ["25 km"]})
    assert plain.view(0).sides[1].safeties == ()
    assert shielded.view(0).sides[1].safeties == ("Extra Tank",)
    assert plain.view(0).sides[1].safeties == ()
