"""Engine stage, explanations: why a card in hand cannot be played now, in words.

The core constructs (mechanics.core.CORE) give their own reasons, asked in the order mechanics.core.ORDER
declares: a wait that refuses every card (seat_refusal), a card of theirs that cannot go now
(card_refusal), what shields a side (shield_reason, shielded_targets), why a running side needs no go card
(running_refusal), and a question that waits for its answer (answer_refusal: the counter question). A
hazard's effect is still answered here, in its slot of that order.
"""
from __future__ import annotations

from ..base.i18n import _, pgettext
from ..base.wording import either
from ..mechanics import core
from .codec import card_of
from .mechanics import offer_mechanic, target_now
from .tables import EMPTY, HAZARD, MILEAGE


def why_not(game, seat: int, card: str) -> str | None:
    """None when `card` can be played by `seat` now; otherwise the reason it cannot."""
    t = game.t
    if card not in t.code:
        return _("there is no {card} card in this edition").format(card=card)
    c = t.code[card]
    if game.is_over:
        return _("the game is over")
    if c not in game.hands[seat]:
        return _("{card} is not in player {player}'s hand").format(card=card, player=seat + 1)
    if seat != game.to_act:
        return _("it is player {player}'s turn").format(player=game.to_act + 1)
    refused = core.first_said("seat_refusal", game, seat)  # discarding down to its hand, say (mechanics.turn)
    if refused:
        return refused
    asking = offer_mechanic(game)
    if asking is not None:  # a mechanic's question: only its answers are moves now
        # the question itself is asked once above the hand; each card only says what to answer
        labels = [asking.decision_label(decision) for decision in asking.decisions]
        return _("answer first: {choices}").format(choices=either(labels))
    waiting = core.first_said("answer_refusal", game, c)  # a hazard waits for its answer (mechanics.counters)
    if waiting is not None:
        return waiting or None  # "": card c answers it
    if any(card_of(code) == c for code in game.play_codes()):
        return None
    s = t.side_of[seat]
    started = game.go_state[s] != EMPTY or game.has_mileage[s]
    if not started and not t.before_go >> c & 1 and t.kind[c] != MILEAGE and not t.go_pile_cards >> c & 1:
        return _("before its first {go} a side may only play {kinds}").format(go=t.go_name, kinds=_kinds(t))
    return _reason(game, s, c)


def _kinds(t) -> str:
    kinds = sorted({("mileage", t.go_name, "remedies", "hazards", "zone cards", "counters")[t.kind[c]]
                    for c in t.bits[t.before_go]})  # in the English order, whatever the reader's language
    said = {"mileage": pgettext("kinds", "mileage"), "remedies": pgettext("kinds", "remedies"),
            "hazards": pgettext("kinds", "hazards"),
            "zone cards": _("zone cards"), "counters": pgettext("kinds", "counters")}
    return ", ".join(said.get(kind, kind) for kind in kinds)


def _reason(game, s: int, c: int) -> str:
    """Why side s may not play card c: the first reason of the construct (or of this stage's own pieces)
    whose card it is, in mechanics.core.ORDER["card_refusal"]."""
    said = core.first_said("card_refusal", game, s, c, Asking(game), own=_OWN_REFUSALS)
    return said if said is not None else _("{card} cannot be played now").format(card=game.t.names[c])


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

    def running_refusal(self, s: int) -> str | None:
        """Why side s, running, needs no go card: a safety that acts as one, or None."""
        return core.first_said("running_refusal", self.game, s)


def _hazard(game, s: int, c: int, asking) -> str | None:
    t = game.t
    if t.kind[c] != HAZARD:
        return None
    effect = t.effect_of[c]
    if effect is None or not t.attack_cards >> c & 1:
        return _("{card} has no effect in this edition and can only be discarded").format(card=t.names[c])
    # which sides its effect may go on, and why none is open (mechanics.effects), a shield being a reason
    return effect.refusal(game, s, c, lambda: core.first_said("shielded_targets", game, s, c, _side_name))


# this stage's own refusals, for the rules that are not yet constructs, in their slots of ORDER["card_refusal"]
_OWN_REFUSALS = {"effects": _hazard}


def _side_name(t, v: int) -> str:
    seats = t.seats_of[v]
    return _("player {number}").format(number=seats[0] + 1) if len(seats) == 1 else \
        _("side {number}").format(number=v + 1)
