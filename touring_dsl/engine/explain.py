"""Engine stage, explanations: why a card in hand cannot be played now, in words.

The core constructs (mechanics.core.CORE) give their own reasons, asked in the order mechanics.core.ORDER
declares: a wait that refuses every card (seat_refusal), a card of theirs that cannot go now
(card_refusal), what shields a side (shield_reason, shielded_targets), why a running side needs no go card
(running_refusal). The go pile's remedies (the delays), a hazard's effect and the counters are still
answered here, in their slots of that order.
"""
from __future__ import annotations

from ..language.counter_words import with_article
from ..mechanics import core
from .codec import card_of
from .mechanics import offer_mechanic, target_now
from .tables import COUNTER, EMPTY, GO, HAZARD, MILEAGE, REMEDY, RUNNING


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
    refused = core.first_said("seat_refusal", game, seat)  # discarding down to its hand, say (mechanics.turn)
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
    if not started and not t.before_go >> c & 1 and t.kind[c] not in (MILEAGE, GO, REMEDY):
        return f"before its first {t.go_name} a side may only play {_kinds(t)}"
    return _reason(game, s, c)


def _kinds(t) -> str:
    words = sorted({("mileage", t.go_name, "remedies", "hazards", "zone cards", "counters")[t.kind[c]]
                    for c in t.bits[t.before_go]})
    return ", ".join(words)


def _reason(game, s: int, c: int) -> str:
    """Why side s may not play card c: the first reason of the construct (or of this stage's own pieces)
    whose card it is, in mechanics.core.ORDER["card_refusal"]."""
    said = core.first_said("card_refusal", game, s, c, Asking(game), own=_OWN_REFUSALS)
    return said if said is not None else f"{game.t.names[c]} cannot be played now"


class Asking:
    """What a construct's refusal may ask of explain: the target as it stands, a side's name, a shield."""

    def __init__(self, game):
        self.game = game

    def target_now(self) -> int:
        return target_now(self.game)  # a mechanic (the Extension) may have moved the target

    def side_name(self, v: int) -> str:
        return _side_name(self.game.t, v)

    def shield_reason(self, who: str, v: int, c: int) -> str | None:
        return core.first_said("shield_reason", self.game, who, v, c)


def _go_pile_card(game, s: int, c: int, asking) -> str | None:
    return _go_pile_reason(game, s, c) if game.t.kind[c] in (GO, REMEDY) else None


def _hazard(game, s: int, c: int, asking) -> str | None:
    t = game.t
    if t.kind[c] != HAZARD:
        return None
    effect = t.effect_of[c]
    if effect is None or not t.attack_cards >> c & 1:
        return f"{t.names[c]} has no effect in this edition and can only be discarded"
    # which sides its effect may go on, and why none is open (mechanics.effects), a shield being a reason
    return effect.refusal(game, s, c, lambda: core.first_said("shielded_targets", game, s, c, _side_name))


def _counter(game, s: int, c: int, asking) -> str | None:
    if game.t.kind[c] != COUNTER:
        return None
    return f"{game.t.names[c]} is only shown when a hazard it cancels is played on your side"


# this stage's own refusals, for the rules that are not yet constructs, in their slots of ORDER["card_refusal"]
_OWN_REFUSALS = {"delays": _go_pile_card, "effects": _hazard, "counters": _counter}


def _go_pile_reason(game, s: int, c: int) -> str:
    """Why a go card or a remedy cannot go on side s's go pile: what holds the side up, and what it needs."""
    t = game.t
    card, state = t.names[c], game.go_state[s]
    if t.kind[c] == GO and state == RUNNING:
        return core.first_said("running_refusal", game, s) or f"your side already shows a {t.go_name}"
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
