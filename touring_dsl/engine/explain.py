"""Engine stage, explanations: why a card in hand cannot be played now, in words."""
from __future__ import annotations

from .codec import card_of
from .tables import COUNTER, EMPTY, GO, HAZARD, MILEAGE, REMEDY, RUNNING, ZONE


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
    if game.discarding_down:
        return f"the hand holds more than {t.hand_size} cards: discard down first"
    offer = game.counter_offer
    if offer is not None:
        if t.kind[c] == COUNTER and t.counters_for[offer.hazard] >> c & 1:
            return None
        return f"only a counter card (or declining) answers the {t.names[offer.hazard]} now"
    if any(card_of(code) == c for code in game.play_codes()):
        return None
    s = t.side_of[seat]
    started = game.go_state[s] != EMPTY or game.has_mileage[s]
    if not started and not t.before_go >> c & 1 and t.kind[c] not in (MILEAGE, GO, REMEDY):
        return f"before its first {t.go_name} a side may only play {_kinds(t)}"
    return _reason(game, s, c)


def _kinds(t) -> str:
    words = sorted({("mileage", t.go_name, "remedies", "hazards", "zone cards", "counters")[t.kind[c]]
                    for c in t.bits[t.before_go]})
    return ", ".join(words)


def _reason(game, s: int, c: int) -> str:
    t = game.t
    kind, card = t.kind[c], t.names[c]
    state = game.go_state[s]
    if kind == MILEAGE:
        if state != RUNNING:
            return f"mileage needs a {t.go_name} showing on your side's go pile"
        if game.mileage_counts[s][c] >= t.need[c]:
            return f"your {card} pile is already complete"
        return f"{t.zone_names[game.zone_state[s]]} does not allow {card}"
    if kind in (GO, REMEDY):
        wanted = [t.names[x] for x in t.bits[t.onto[state]]]
        if state == RUNNING:
            return f"your side already shows a {t.go_name}"
        return f"your go pile needs {' or '.join(wanted) or 'nothing'} next, not {card}"
    if kind == HAZARD:
        if t.haz_state[c] < 0 and t.removes[c] < 0:
            return f"{card} has no effect in this edition and can only be discarded"
        if t.removes[c] >= 0:
            return f"no other side shows a {t.go_name} and has a {t.names[t.removes[c]]} to lose"
        return f"no other side shows a {t.go_name} to delay"
    if kind == ZONE:
        if c not in t.reach:
            return f"{card} has no play rule in this edition"
        return f"{card} would not change any zone it may be played on"
    if kind == COUNTER:
        return f"{card} is only shown when a hazard it cancels is played on your side"
    return f"{card} cannot be played now"
