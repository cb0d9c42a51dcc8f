"""1000 Bornes in French (editions/mille-bornes-fr.touring, issue 32, point 1): the French deck's names on
the very game mille-bornes plays. On the same seed and seating both editions deal the same cards and offer
the same moves in the same order, so the same choices by index play the same game: the same events, the
same winner and the same scores. Only the words differ."""
from __future__ import annotations

import dataclasses

import pytest

from touring_dsl.base.rng import Rng
from touring_dsl.bots.players import make_bot
from touring_dsl.engine import new_game
from touring_dsl.engine.rules.scoring import score_race
from touring_dsl.language.archive import load
from touring_dsl.language.merge import declared_renames

EN, FR = load("mille-bornes"), load("mille-bornes-fr")
FRENCH = dict(declared_renames(FR))  # an English card name -> the French deck's


def in_french(thing):
    """A Move or an Event of the English game in the French deck's words (its card renamed, nothing else)."""
    if getattr(thing, "card", None) in FRENCH:
        thing = dataclasses.replace(thing, card=FRENCH[thing.card])
    if getattr(thing, "take", ()):
        thing = dataclasses.replace(thing, take=tuple((FRENCH.get(c, c), n) for c, n in thing.take))
    return thing


def test_every_card_of_the_deck_is_named_in_french_and_nothing_else_changes() -> None:
    assert [c.name for c in FR.deck] == [FRENCH.get(c.name, c.name) for c in EN.deck]  # same cards, same order
    assert [(c.kind, c.count, c.miles) for c in FR.deck] == [(c.kind, c.count, c.miles) for c in EN.deck]
    assert {"Feu rouge", "Feu vert", "Panne d'essence", "Essence", "Crevaison", "Roue de secours", "Accident",
            "Réparation", "Limite de vitesse", "Fin de limite", "Citerne", "Increvable", "As du volant",
            "Véhicule prioritaire", "25 km", "50 km", "75 km", "100 km", "200 km"} == {c.name for c in FR.deck}
    assert (FR.pile_names.go, FR.pile_names.zone, FR.pile_names.counter) == \
           ("pile de bataille", "pile de vitesse", "coup fourré")
    assert [seating(s, FRENCH) for s in EN.setups] == [seating(s, {}) for s in FR.setups]
    assert [(t.what, t.points, FRENCH.get(t.card, t.card), t.kind) for t in EN.scoring.terms] == \
           [(t.what, t.points, t.card, t.kind) for t in FR.scoring.terms]


def seating(setup, names: dict) -> tuple:
    """What a setup plays (its words and citations left out): players, sides, cards out, race, extension."""
    extension = setup.race.mechanics.extension
    return (setup.players, setup.sides, [(names.get(c, c), n) for c, n in setup.removals], setup.race.miles,
            extension.to if extension else None)


def play_both(players: int, seed: int, bot: str) -> tuple:
    """One race of each edition on the same seed: the English game's bot chooses, by index, for both."""
    en, fr = new_game(EN, players, seed=seed), new_game(FR, players, seed=seed)
    bots = [make_bot(bot, EN) for _ in range(players)]
    rng = Rng(seed)
    chosen = []
    while not en.is_over:
        assert not fr.is_over and fr.to_act == en.to_act
        legal_en, legal_fr = en.legal_moves(), fr.legal_moves()
        assert [in_french(m) for m in legal_en] == legal_fr
        move = bots[en.to_act].choose(en.view(en.to_act), legal_en, rng)
        index = legal_en.index(move)
        chosen.append(index)
        events_en, events_fr = en.apply(move), fr.apply(legal_fr[index])
        assert [(e.kind, e.seat, e.side, in_french(e).card) for e in events_en] == \
               [(e.kind, e.seat, e.side, e.card) for e in events_fr]
    assert fr.is_over
    return en, fr, chosen


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_the_same_seed_plays_the_same_game_move_for_move(players: int, bot: str) -> None:
    extended = 0
    for seed in range(1, 7):
        en, fr, chosen = play_both(players, seed, bot)
        assert (fr.winner, fr.outcome, fr.miles, len(chosen)) == (en.winner, en.outcome, en.miles, len(chosen))
        assert [s.total for s in score_race(fr)] == [s.total for s in score_race(en)]
        extended += en.race_target > 700 and fr.race_target > 700
    assert extended or players not in (2, 3) or bot == "random"  # the Extension was played, too


@pytest.mark.parametrize("bot", ["greedy", "expert"])
def test_the_bots_choose_the_same_moves_whatever_the_cards_are_called(bot: str) -> None:
    """A bot of each edition, each on its own game: their choices, by index, are the same (no bot reads a
    card's name, so no French name changes a game)."""
    for seed in (1, 2, 3):
        if True:
            en, fr = new_game(EN, 2, seed=seed), new_game(FR, 2, seed=seed)
            bots_en, bots_fr = [make_bot(bot, EN) for _ in range(2)], [make_bot(bot, FR) for _ in range(2)]
            rng_en, rng_fr = Rng(seed), Rng(seed)
            while not en.is_over:
                legal_en, legal_fr = en.legal_moves(), fr.legal_moves()
                pick_en = legal_en.index(bots_en[en.to_act].choose(en.view(en.to_act), legal_en, rng_en))
                pick_fr = legal_fr.index(bots_fr[fr.to_act].choose(fr.view(fr.to_act), legal_fr, rng_fr))
                assert pick_en == pick_fr, f"seed {seed}: the {bot} bot chose differently by name"
                en.apply(legal_en[pick_en])
                fr.apply(legal_fr[pick_fr])
            assert fr.is_over and [s.total for s in score_race(fr)] == [s.total for s in score_race(en)]


def test_the_diff_pairs_each_card_with_the_french_name_the_variant_gives_it() -> None:
    """The differ reads a variant's `rename card` lines before guessing by role: every card is renamed to
    its French name and no card is gone or new. (Guessing alone paired Out of Gas with Crevaison, Gasoline
    with Roue de secours, and left the four safeties gone and four new ones added.)"""
    from touring_dsl.diff import diff_rulesets, render_text

    said = render_text(diff_rulesets(EN, FR))
    for old, new in FRENCH.items():
        assert f'"{old}" is now called "{new}"' in said
    assert "is gone" not in said and "New card" not in said
    back = render_text(diff_rulesets(FR, EN))  # and the other way round
    assert '"Crevaison" is now called "Flat Tire"' in back and "is gone" not in back
