"""Engine stage, explanations: why a card in hand cannot be played now, in words."""
from __future__ import annotations

from ..mechanics.zones import ZONES
from ..language.counter_words import with_article
from ..mechanics.safeties import SAFETIES
from .codec import card_of
from .mechanics import offer_mechanic, target_now
from ..mechanics.turn import TURN
from ..mechanics.race import RACE
from ..mechanics.delays import DELAYS
from .tables import COUNTER, EMPTY, HAZARD, MILEAGE, ZONE


def why_not(game, seat: int, card: str) -> str | None:
    """None when `card` can be played by `seat` now; otherwise the reason it cannot."""
    t = game.t
    if card not in t.code:
        return f"there is no {card} card in this edition"
    c = t.code[card]
    if game.is_over:
        return "the game is over"
    if c not in game.hands[seat]:
        return f"{card} is not in player {seat + 1}'s hand"
    if seat != game.to_act:
        return f"it is player {game.to_act + 1}'s turn"
    refused = TURN.refusal(game)  # the seat is discarding down to its hand (mechanics.turn)
    if refused:
        return refused
    asking = offer_mechanic(game)
    if asking is not None:  # a mechanic's question: only its answers are moves now
        # the question itself is asked once above the hand; each card only says what to answer
        return "answer first: " + " or ".join(decision.words for decision in asking.decisions)
    offer = game.counter_offer
    if offer is not None:
        if t.counters_for[offer.hazard] >> c & 1:  # a counter card, or a safety that cancels it
            return None
        answer = with_article(t.counter_name) if t.counter_name else "a counter card"
        return f"only {answer} (or letting it pass) answers the {t.names[offer.hazard]} now"
    if any(card_of(code) == c for code in game.play_codes()):
        return None
    s = t.side_of[seat]
    started = game.go_state[s] != EMPTY or game.has_mileage[s]
    if not started and not t.before_go >> c & 1 and t.kind[c] not in (MILEAGE, *DELAYS.kinds):
        return f"before its first {t.go_name} a side may only play {_kinds(t)}"
    return _reason(game, s, c)


def _kinds(t) -> str:
    words = sorted({("mileage", t.go_name, "remedies", "hazards", "zone cards", "counters")[t.kind[c]]
                    for c in t.bits[t.before_go]})
    return ", ".join(words)


def _reason(game, s: int, c: int) -> str:
    t = game.t
    kind, card = t.kind[c], t.names[c]
    if kind == MILEAGE:  # (mechanics.race: a pile full, a cap reached, past an exact target; the zones' limits)
        return RACE.refusal(game, s, c, lambda: target_now(game))  # a mechanic (the Extension) may have moved the target
    if kind in DELAYS.kinds:  # what holds the side up, and what it needs (mechanics.delays)
        return DELAYS.refusal(game, s, c, lambda: SAFETIES.runs_free_refusal(game, s))
    if kind == HAZARD:
        effect = t.effect_of[c]
        if effect is None or not t.attack_cards >> c & 1:
            return f"{card} has no effect in this edition and can only be discarded"
        # which sides its effect may go on, and why none is open (mechanics.effects)
        return effect.refusal(game, s, c, lambda: SAFETIES.shielded_targets(game, s, c, _side_name))
    if kind == ZONE:
        return ZONES.refusal(game, s, c, lambda v: SAFETIES.shield_of(game, v, c), lambda v: _side_name(t, v),
                             SAFETIES.shielded)
    if kind == COUNTER:
        return f"{card} is only shown when a hazard it cancels is played on your side"
    return f"{card} cannot be played now"


def _side_name(t, v: int) -> str:
    seats = t.seats_of[v]
    return f"player {seats[0] + 1}" if len(seats) == 1 else f"side {v + 1}"
