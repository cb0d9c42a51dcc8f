"""Play stage, the log's words: an engine event as a sentence in the reader's language.

The engine reports each event with an English `detail` ("player 1 plays Stop on side 2"), which the game
log keeps as it is (a log is replayed by comparing its events, so its words never change). An English
reader reads that detail; a reader of another language reads a sentence made here from the event's
facts (its kind, seat, side and card), each kind a whole message of the catalogue. The few facts only the
detail holds (a side's distance after mileage, a reshuffle's count, an extended race's length, a
penalty's count, what speeding forfeits) are read back from it, in the fixed words the kernel writes.
"""
from __future__ import annotations

import re
from typing import Callable, Sequence

from ..base.i18n import SOURCE_LANGUAGE, _, language, ngettext
from ..base.seat_words import player_name, side_name
from ..base.wording import capital
from ..mechanics.turn.words import reshuffle_said

NUMBER = re.compile(r"(\d+)")
NOW_HAS = re.compile(r"now has (\d+)")
FORFEIT_COUNT = re.compile(r"forfeits (\d+) x ")


def field(event, name: str):
    """A field of an event, whether the engine's Event or its JSON (the web table's log)."""
    return event.get(name) if isinstance(event, dict) else getattr(event, name, None)


class Wording:
    """What an event's sentence needs of its table: who sits on each side, each seat's name, the edition
    (its unit, its name for a counter, which cards are mileage), and who reads it (seat None: anyone)."""

    def __init__(self, ruleset, seats_of: Sequence[Sequence[int]], name: Callable[[int], str] | None = None,
                 reader: int | None = None):
        self.ruleset, self.seats_of = ruleset, seats_of
        self.name = name or player_name
        self.reader = reader
        self.reader_side = None if reader is None else next(
            (v for v, seats in enumerate(seats_of) if reader in seats), None)

    def side_of(self, seat: int | None) -> int | None:
        return next((v for v, seats in enumerate(self.seats_of) if seat in seats), None)

    def side(self, v: int) -> str:
        return side_name(self.seats_of[v], v, self.reader_side)

    def is_mileage(self, card: str | None) -> bool:
        try:
            return card is not None and str(self.ruleset.card(card).kind) == "mileage"
        except KeyError:
            return False

    def distance(self, n: int) -> str:
        unit = self.ruleset.race.unit
        return ngettext("{n} mile", "{n} miles", n).format(n=n) if unit == "miles" else f"{n} {unit}"


def event_sentence(event, wording: Wording) -> str | None:
    """The event as the reader's language says it; in English, the engine's own detail. None for an event
    of a kind this module has no words for (the caller shows the detail)."""
    if language() == SOURCE_LANGUAGE:
        return str(field(event, "detail") or field(event, "kind"))
    kind = field(event, "kind")
    say = SENTENCES.get(kind)
    if say is None:
        return None
    seat = field(event, "seat")
    mine = seat is not None and seat == wording.reader
    said = say(event, wording, mine)
    return capital(said) if said else None


def _player(event, w: Wording) -> str:
    seat = field(event, "seat")
    return w.name(seat) if seat is not None else ""


def _card(event) -> str:
    return field(event, "card") or ""


def _number(pattern: re.Pattern, event) -> int | None:
    found = pattern.search(str(field(event, "detail") or ""))
    return int(found.group(1)) if found else None


def _hazard(event, w: Wording, mine: bool) -> str:
    v = field(event, "side")
    if mine:
        return _("you play {card} on {side}").format(card=_card(event), side=w.side(v))
    return _("{player} plays {card} on {side}").format(player=_player(event, w), card=_card(event), side=w.side(v))


def _play(event, w: Wording, mine: bool) -> str:
    card, v = _card(event), field(event, "side")
    if w.is_mileage(card):
        miles = _number(NOW_HAS, event)
        if miles is None:
            return (_("you lay {card}") if mine else _("{player} lays {card}")).format(
                player=_player(event, w), card=card)
        if len(w.seats_of[v]) > 1:
            text = _("you lay {card} ({side} now has {distance})") if mine else \
                _("{player} lays {card} ({side} now has {distance})")
        else:
            text = _("you lay {card} (now {distance})") if mine else _("{player} lays {card} (now {distance})")
        return text.format(player=_player(event, w), card=card, side=w.side(v) if not mine else _("your side"),
                           distance=w.distance(miles))
    if v is None or v == w.side_of(field(event, "seat")):
        return (_("you play {card}") if mine else _("{player} plays {card}")).format(
            player=_player(event, w), card=card)
    return _hazard(event, w, mine)


def _safety(event, w: Wording, mine: bool) -> str:
    return (_("you lay the safety {card}") if mine else _("{player} lays the safety {card}")).format(
        player=_player(event, w), card=_card(event))


def _counter(event, w: Wording, mine: bool) -> str:
    name = w.ruleset.pile_names.counter
    if name:
        text = _("you call «{counter}» with {card}: the hazard is cancelled") if mine else \
            _("{player} calls «{counter}» with {card}: the hazard is cancelled")
    else:
        text = _("you show {card}: the hazard is cancelled") if mine else \
            _("{player} shows {card}: the hazard is cancelled")
    return text.format(player=_player(event, w), counter=name, card=_card(event))


def _decline(event, w: Wording, mine: bool) -> str:
    return _("you let the hazard pass") if mine else _("{player} lets the hazard pass").format(
        player=_player(event, w))


def _discard(event, w: Wording, mine: bool) -> str:
    return (_("you discard {card}") if mine else _("{player} discards {card}")).format(
        player=_player(event, w), card=_card(event))


def _draw(event, w: Wording, mine: bool) -> str:
    return (_("you drew {card}") if mine else _("{player} drew {card}")).format(
        player=_player(event, w), card=_card(event))


def _reshuffle(event, w: Wording, mine: bool) -> str:
    return reshuffle_said(_number(NUMBER, event) or 0)


def _take(event, w: Wording, mine: bool) -> str:
    return (_("you take {card} from the discard pile") if mine else
            _("{player} takes {card} from the discard pile")).format(player=_player(event, w), card=_card(event))


def _extend(event, w: Wording, mine: bool) -> str:
    numbers = NUMBER.findall(str(field(event, "detail") or ""))
    to = w.distance(int(numbers[-1])) if numbers else ""
    return (_("you extend the race to {distance}") if mine else
            _("{player} extends the race to {distance}")).format(player=_player(event, w), distance=to)


def _zone(event, w: Wording, mine: bool) -> str:
    v = field(event, "side")
    if v is None:
        return (_("you play {card}") if mine else _("{player} plays {card}")).format(
            player=_player(event, w), card=_card(event))
    return _play(event, w, mine) if v == w.side_of(field(event, "seat")) else _hazard(event, w, mine)


def _speeding(event, w: Wording, mine: bool) -> str:
    everything = "every mileage card" in str(field(event, "detail") or "")
    if everything:
        text = _("you play {card} where the zone forbids it and forfeit every mileage card and the go pile") \
            if mine else _("{player} plays {card} where the zone forbids it and forfeits every mileage card and "
                           "the go pile")
    else:
        text = _("you play {card} where the zone forbids it and forfeit the card") if mine else \
            _("{player} plays {card} where the zone forbids it and forfeits the card")
    return text.format(player=_player(event, w), card=_card(event))


def _penalty(event, w: Wording, mine: bool) -> str:
    n, v = _number(FORFEIT_COUNT, event) or 1, field(event, "side")
    text = _("you forfeit {n} × {card}") if v == w.reader_side else _("{side} forfeits {n} × {card}")
    return text.format(side=w.side(v), n=n, card=_card(event))


def _remove(event, w: Wording, mine: bool) -> str:
    v = field(event, "side")
    text = _("you lose a {card}") if v == w.reader_side else _("{side} loses a {card}")
    return text.format(side=w.side(v), card=_card(event))


def _lose_turn(event, w: Wording, mine: bool) -> str:
    v = field(event, "side")
    return _("you will lose your next turn") if v == w.reader_side else \
        _("{side} will lose the next turn").format(side=w.side(v))


def _turn_lost(event, w: Wording, mine: bool) -> str:
    return _("you lose the turn") if mine else _("{player} loses the turn").format(player=_player(event, w))


def _won(event, w: Wording, mine: bool) -> str:
    v = field(event, "side")
    if v is None:
        return _ended(event, w, mine)
    if v == w.reader_side:
        return _("You complete the race and win!")
    return _("{side} completes the race and wins.").format(side=w.side(v))


WINS_WITH = re.compile(r"wins with (\d+)")
BEHIND = re.compile(r" to ([\d, and]+)\.$")
TIE_AT = re.compile(r"a tie at (\d+)")


def _ended(event, w: Wording, mine: bool) -> str:
    """A game ended otherwise than by a completed race: its cause, then who won with how much."""
    causes = {"exhausted": _("The draw pile is exhausted"), "turn-limit": _("The turn limit is reached"),
              "signal": _("The game is stopped"), "interrupt": _("The game is interrupted"),
              "error": _("The game is stopped")}
    cause = causes.get(field(event, "kind"), _("The game ends"))
    detail = str(field(event, "detail") or "")
    v = field(event, "side")
    if v is None:
        tie = TIE_AT.search(detail)
        return _("{cause}: a tie at {distance}.").format(cause=cause, distance=w.distance(int(tie.group(1)) if tie
                                                                                           else 0))
    won = WINS_WITH.search(detail)
    behind = BEHIND.search(detail)
    others = ", ".join(NUMBER.findall(behind.group(1))) if behind else ""
    distance = w.distance(int(won.group(1))) if won else ""
    if v == w.reader_side:
        text = _("{cause}: you win with {distance} to {others}.") if others else _("{cause}: you win with {distance}.")
    else:
        text = _("{cause}: {side} wins with {distance} to {others}.") if others else \
            _("{cause}: {side} wins with {distance}.")
    return text.format(cause=cause, side=w.side(v), distance=distance, others=others)


SENTENCES = {"win": _won, "exhausted": _ended, "turn-limit": _ended, "signal": _ended, "interrupt": _ended,
             "error": _ended, "hazard": _hazard, "play": _play, "safety": _safety, "counter": _counter, "decline": _decline,
             "discard": _discard, "draw": _draw, "reshuffle": _reshuffle, "take": _take, "extend": _extend,
             "zone": _zone, "speeding": _speeding, "penalty": _penalty, "remove": _remove,
             "lose-turn": _lose_turn, "turn-lost": _turn_lost}
