"""Search stage, inference: which hands a rival may hold, judged by the cards it was seen to play.

A seat remembers, decision by decision, the table it saw (a Belief) and the move it made. Between
two of its decisions the one rival of a two-seat game takes its turn; the cards that appeared face up
in between, less the seat's own, are the rival's play, and whether it went to the discard pile says
whether it was a play or a discard. A rival hand the seat could be facing now is then judged by
walking back over the last few such turns: the rival's hand at each was the hand after it plus the
card it played, less the card it drew (any one of them); a rule player (the greedy or the expert rule)
holding that hand on that table would have made the play seen, or it would not. A hand that some
choice of drawn cards makes explain every play seen is kept; one that does not is kept only with a
small chance, as a rival need not play by either rule.

Only what the seat saw is read: its views, its own moves, and the rule bots' choices on tables built
from them. Anything the seat cannot follow (a reshuffle, a rival playing two cards between its
turns, another game) starts the record afresh.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...engine.codec import DECLINE, DISCARD, action_of, card_of
from ..greedy import EXPERT, GREEDY
from ...base.rng import Rng
from ..kernel_rule import greedy_policy

if TYPE_CHECKING:
    from .determinize import Belief

HISTORY = 6  # rival turns looked back on
STRAY = 0.01  # the chance kept by a hand under which neither rule would have made a play seen


class Turn:
    """One rival turn as the seat saw it: the table at the seat's decision before it (`before`), the
    seat's move there, the rival's card and whether it was discarded, and the rival's hand sizes."""

    __slots__ = ("before", "code", "card", "discarded", "size_before", "size_after", "judged")

    def __init__(self, before: Belief, code: int, card: int, discarded: bool, size_before: int, size_after: int):
        self.before, self.code, self.card, self.discarded = before, code, card, discarded
        self.size_before, self.size_after = size_before, size_after
        self.judged: dict[bytes, bool] = {}


class Record:
    """What one seat of a two-seat game saw of its rival's turns, newest last."""

    def __init__(self):
        self.turns: list[Turn] = []
        self.last: tuple[Belief, int] | None = None  # the seat's previous decision and its move
        self.explained: dict[tuple[int, bytes], bool] = {}  # _explains's answers for the present record

    def observe(self, belief: Belief) -> None:
        """Take in the table of a new decision: record the rival turn since the previous one, or start
        afresh when the two cannot be joined."""
        turn = self._turn_since(belief)
        self.explained = {}
        if turn is None:
            self.turns = []
        else:
            self.turns = (self.turns + [turn])[-HISTORY:]

    def remember(self, belief: Belief, code: int) -> None:
        self.last = (belief, code)

    def _turn_since(self, now: Belief) -> Turn | None:
        if self.last is None:
            return None
        before, code = self.last
        seat = now.seat
        if (len(now.hidden_hands) != 1 or before.seat != seat or before.seen.t is not now.seen.t
                or now.seen.turns <= before.seen.turns):
            return None
        rival = now.hidden_hands[0][0]
        appeared = table_cards(now) - table_cards(before)
        if table_cards(before) - table_cards(now):
            return None  # cards left the table: a reshuffle, or not the same game
        if action_of(code) != DECLINE:
            mine = card_of(code)
            if not appeared[mine]:
                return None
            appeared[mine] -= 1
        cards = list(appeared.elements())
        if len(cards) != 1:
            return None
        card = cards[0]
        discards = Counter(now.seen.discard) - Counter(before.seen.discard)
        if action_of(code) == DISCARD:
            discards[card_of(code)] -= 1
        size_before, size_after = before.hand_size(rival), now.hand_size(rival)
        if size_after - size_before + 1 not in (0, 1):
            return None
        return Turn(before, code, card, discards[card] > 0, size_before, size_after)

    def likely(self, hand: list[int], rival: int, rng: Rng) -> bool:
        """Whether to keep a rival hand: kept outright when every recorded turn could have come from a
        rule player holding it, else with chance STRAY."""
        return self._explains(0, hand, rival) or rng.random() < STRAY

    def _explains(self, back: int, after: list[int], rival: int) -> bool:
        """Whether the rival turns from `back` turns before the newest backwards could all have come from
        a rule player whose hand after the newest of them was `after`. The card drawn in a turn is any
        card of the hand (drawn before the play it may be the card played; drawn after, not)."""
        if back == len(self.turns):
            return True
        key = (back, bytes(sorted(after)))
        found = self.explained.get(key)
        if found is not None:
            return found
        turn = self.turns[-1 - back]
        held = after + [turn.card]
        if turn.size_after - turn.size_before + 1 == 0:  # nothing drawn
            found = fits(turn, held, rival) and self._explains(back + 1, held, rival)
        elif turn.before.seen.t.draw_before_play:
            found = fits(turn, held, rival) and any(
                self._explains(back + 1, without(held, drawn), rival) for drawn in set(held))
        else:
            found = any(fits(turn, earlier, rival) and self._explains(back + 1, earlier, rival)
                        for earlier in (without(held, drawn) for drawn in set(after)))
        self.explained[key] = found
        return found


def without(hand: list[int], card: int) -> list[int]:
    rest = hand[:]
    rest.remove(card)
    return rest


def fits(turn: Turn, hand: list[int], rival: int) -> bool:
    """Whether a rule player holding `hand` at `turn` would have played as seen (judged once per hand)."""
    key = bytes(sorted(hand))
    found = turn.judged.get(key)
    if found is None:
        found = turn.judged[key] = plays_as_seen(turn, hand, rival)
    return found


def plays_as_seen(turn: Turn, hand: list[int], rival: int) -> bool:
    """Whether greedy or expert, holding `hand` on the table of `turn`, would have played its card as seen."""
    return any(rule_card(turn, hand, rival, style) == (turn.card, turn.discarded) for style in (GREEDY, EXPERT))


def rule_card(turn: Turn, hand: list[int], rival: int, style) -> tuple[int, bool] | None:
    """The card a rule player holding `hand` would first use after the seat's move on the table of
    `turn`, and whether it would discard it (None if it would use none before the seat's next turn)."""
    before = turn.before
    t = before.seen.t
    game = before.seen.clone(Rng(0))
    game.draw = before.unseen[:before.draw_size]  # what lies in the draw pile does not change the rule's choice
    game.apply_code(turn.code)
    choose = policy(t, style)
    side = t.side_of[rival]
    while not game.is_over and game.to_act == rival:
        game.set_hand(rival, hand)
        code = choose(game, rival, side, game.play_codes())
        if action_of(code) != DECLINE:
            return card_of(code), action_of(code) == DISCARD
        game.apply_code(code)
    return None


_POLICIES: dict = {}


def policy(t, style):
    """The rule's kernel policy for a seating, made once."""
    key = (id(t), style)
    found = _POLICIES.get(key)
    if found is None or found[0] is not t:
        if len(_POLICIES) > 32:
            _POLICIES.clear()
        found = _POLICIES[key] = (t, greedy_policy(t, style))
    return found[1]


def table_cards(belief: Belief) -> Counter:
    """The cards on the table a belief sees, the seat's own hand left out (all_cards already counts a
    hazard awaiting a counter)."""
    seen = belief.seen
    cards = Counter(seen.all_cards())
    cards.subtract(seen.hands[belief.seat])
    return +cards
