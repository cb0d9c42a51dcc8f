"""Engine stage, explanations: why a card in hand cannot be played now, in words."""
from __future__ import annotations

from ..mechanics.zones import ZONES
from ..mechanics.counters import COUNTERS
from ..mechanics.safeties import SAFETIES
from .codec import card_of
from .mechanics import offer_mechanic, target_now
from ..mechanics.turn import TURN
from ..mechanics.race import RACE
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
    refused = TURN.refusal(game)  # the seat is discarding down to its hand (mechanics.turn)
    if refused:
        return refused
    asking = offer_mechanic(game)
    if asking is not None:  # a mechanic's question: only its answers are moves now
        # the question itself is asked once above the hand; each card only says what to answer
        return "answer first: " + " or ".join(decision.words for decision in asking.decisions)
    if game.counter_offer is not None:  # a hazard waits for its answer (mechanics.counters)
        return COUNTERS.answer_refusal(game, c)
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
    if kind == MILEAGE:  # (mechanics.race: a pile full, a cap reached, past an exact target; the zones' limits)
        return RACE.refusal(game, s, c, lambda: target_now(game))  # a mechanic (the Extension) may have moved the target
    if kind in (GO, REMEDY):
        return _go_pile_reason(game, s, c)
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
        return COUNTERS.refusal(card)
    return f"{card} cannot be played now"


def _go_pile_reason(game, s: int, c: int) -> str:
    """Why a go card or a remedy cannot go on side s's go pile: what holds the side up, and what it needs."""
    t = game.t
    card, state = t.names[c], game.go_state[s]
    if t.kind[c] == GO and state == RUNNING:
        return SAFETIES.runs_free_refusal(game, s) or f"your side already shows a {t.go_name}"
    if state < 2:  # nothing holds the side up: a remedy has nothing to repair
        repaired = _hazards_remedied_by(t, c)
        if not repaired:
            return f"{card} follows no hazard in this edition"
        held = f"no {repaired[0]}" if len(repaired) == 1 else "none of them"
        return f"{card} is the remedy for {' or '.join(repaired)}, and {held} is holding your side up"
    hazard = _hazard_of_state(t, state)
    wanted = " or ".join(t.names[x] for x in t.bits[t.onto[state]])
    repaired = t.chain_of_state[state][1] > 0  # a remedy is laid on the hazard: the pile shows that remedy
    if repaired and t.onto[state] & t.go_mask:  # every remedy is laid: only the go card is missing
        return f"{hazard} is already repaired: your side needs a {t.go_name} now, not {card}"
    if t.kind[c] == GO:
        return f"{hazard} is holding your side up: it needs {wanted} before a {t.go_name}"
    if t.onto[state] & t.go_mask:  # the go card itself is this hazard's remedy: say so, not that it is repaired
        wanted = f"{wanted} (the remedy for {hazard})"
    other = [name for name in _hazards_remedied_by(t, c) if name != hazard]
    remedy_for = f" (the remedy for {' or '.join(other)})" if other else ""
    return f"{hazard} is holding your side up: it needs {wanted}, not {card}{remedy_for}"


def _hazard_of_state(t, state: int) -> str:
    """The hazard whose chain a go pile state belongs to (the state p steps after the hazard's own)."""
    _, step = t.chain_of_state[state]
    first = state - step
    return next((t.names[h] for h in range(t.K) if t.haz_state[h] == first), "a hazard")


def _hazards_remedied_by(t, c: int) -> list[str]:
    """The hazards whose chains card c is a step of."""
    found = []
    for state in range(2, len(t.onto)):
        if t.onto[state] >> c & 1:
            name = _hazard_of_state(t, state)
            if name not in found:
                found.append(name)
    return found




def _side_name(t, v: int) -> str:
    seats = t.seats_of[v]
    return f"player {seats[0] + 1}" if len(seats) == 1 else f"side {v + 1}"
