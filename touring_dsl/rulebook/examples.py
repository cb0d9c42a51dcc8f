"""Rulebook stage, worked examples: each compiled example told in words (position, moves, what follows).

An answer out of turn is the first construct's `example_answer` (mechanics.core.ORDER), an event's words
each construct's `events`, the hazard effects' and the mechanics' own."""
from __future__ import annotations

import re
from collections import Counter

from ..base.i18n import _, pgettext
from ..mechanics.effects import REGISTERED as EFFECTS
from ..mechanics.phrases import filled
from ..mechanics import REGISTERED, core, decision_words
from ..language.model import Example, ExampleCheck, ExampleMove, ExampleSide, Ruleset, Setup
from . import words as w
from .construct_words import phrase
from .blocks import CardName, Section, Text, Worked, card_list, counted_cards, join_texts, text


def worked_examples(ruleset: Ruleset, go: str, most: int | None = None) -> Section | None:
    """Every worked example with its source; or, for a family's copy, the `most` that show the most play
    (moves and what follows), in the edition's order, without the citations."""
    if not ruleset.examples:
        return None
    if most is None:
        blocks = tuple(_Teller(ruleset, example, go).worked(i + 1) for i, example in enumerate(ruleset.examples))
        return Section(_("Worked examples"), "examples", blocks)
    fullest = sorted(range(len(ruleset.examples)),
                     key=lambda i: (-len(ruleset.examples[i].moves) - len(ruleset.examples[i].checks), i))
    chosen = [ruleset.examples[i] for i in sorted(fullest[:most])]
    blocks = tuple(_Teller(ruleset, example, go).worked(i + 1, cited=False) for i, example in enumerate(chosen))
    return Section(_("Worked examples"), "examples", blocks)


class _Teller:
    """Tells one example; knows the seating so it can name who plays each move."""

    def __init__(self, ruleset: Ruleset, example: Example, go: str):
        self.r, self.ex, self.go = ruleset, example, go
        self.setup: Setup = ruleset.setup_for(example.players, example.setup)
        self.sides = self.setup.side_count(example.players)
        self.individuals = self.setup.sides is None
        self.names = {card.name for card in ruleset.deck}

    def worked(self, number: int, cited: bool = True) -> Worked:
        cites = "; ".join(c.section or c.document for c in self.ex.provenance.cites) if cited else ""
        # a title's closing "(posva 128)" names where the example was checked: apparatus, not rules
        title = self.ex.title if cited else re.sub(r"\s*\([^()]*\)$", "", self.ex.title)
        return Worked(number=number, title=title, position=tuple(self.position()),
                      moves=tuple(self.moves()), outcome=tuple(self.outcome()), source=cites)

    # naming ----------------------------------------------------------------------------------------
    def side_of(self, player: int) -> int:
        return (player - 1) % self.sides + 1

    def side_name(self, side: int) -> str:
        if self.individuals:
            return pgettext("example", "player {n}").format(n=side)
        members = [p for p in range(1, self.ex.players + 1) if self.side_of(p) == side]
        return _("side {n} (players {players})").format(n=side, players=w.join(map(str, members)))

    def short_side(self, side: int) -> str:
        return pgettext("example", "player {n}").format(n=side) if self.individuals else pgettext("example", "side {n}").format(n=side)

    def possessive(self, side: int) -> str:
        """The side as an owner: "player 2's" (French "du joueur 2", placed where the sentence puts it)."""
        return _("player {n}'s").format(n=side) if self.individuals else _("side {n}'s").format(n=side)

    def player(self, n: int) -> str:
        return pgettext("example", "player {n}").format(n=n)

    # position --------------------------------------------------------------------------------------
    def position(self) -> list[Text]:
        ex = self.ex
        lines = [text(w.capital(_("{n} players, {seating}.").format(n=w.number(ex.players), seating=self._seating())))]
        if self.r.zones.zones and self.r.zones.scope == "game":
            lines.append(filled(_("The whole table is in {zone}."), zone=CardName(ex.zone or self.r.zones.start)))
        given = {s.side: s for s in ex.sides}
        for side in range(1, self.sides + 1):
            lines.append(self.side_position(side, given.get(side)))
        for player, cards in ex.hands:
            lines.append(_capital(filled(_("{player} holds {cards}."), player=self.player(player), cards=_bunch(cards))))
        lines.append(text(w.capital(_("{player} is to play.").format(player=self.player(ex.to_act)))))
        if ex.deck:
            lines.append(filled(_("The next cards to be drawn are {cards}, in that order."), cards=card_list(ex.deck)))
        if ex.deck_size == 0:
            lines.append(text(_("The draw pile is empty, and every card not mentioned is out of play.")))
        elif ex.deck_size is not None:
            lines.append(text(_("The draw pile holds exactly {cards}; every other card not mentioned is out of "
                                "play.").format(cards=w.counted(ex.deck_size, "card"))))
        if ex.discard:
            lines.append(filled(_("The discard pile holds {cards}."), cards=_bunch(ex.discard)))
        return lines

    def _seating(self) -> str:
        if self.individuals:
            return _("each for themselves")
        return _("in {sides} sides of {size}").format(sides=w.number(self.sides, feminine=True),
                                                     size=w.number(self.setup.side_size))

    def side_position(self, side: int, given: ExampleSide | None) -> Text:
        return text(self._side_piles(side, given), self._safeties(given))

    def _safeties(self, given: ExampleSide | None) -> Text:
        if given is None or not given.safeties:
            return ()
        one = len(given.safeties) == 1
        if self.individuals:  # (French: "devant lui", a player; "devant elle", a side)
            said = (pgettext("a player", " It has {cards} in front of it as a safety.") if one else
                    pgettext("a player", " It has {cards} in front of it as safeties."))
        else:
            said = (pgettext("a side", " It has {cards} in front of it as a safety.") if one else
                    pgettext("a side", " It has {cards} in front of it as safeties."))
        return filled(said, cards=card_list(given.safeties))

    def _side_piles(self, side: int, given: ExampleSide | None) -> Text:
        name = self.side_name(side)
        if given is None or not (given.go or given.zone or given.piles):
            return _capital(filled(_("{side} has not started yet (no {go} down)."), side=name, go=CardName(self.go)))
        parts: list[Text] = []
        if given.go:
            below = list(reversed(given.go[:-1]))
            going = self.r.card(given.go[-1]).kind == "go" if given.go[-1] in self.names else False
            if going:  # (French "est au X" for a go card; a hazard or remedy on top is said otherwise)
                shows = (pgettext("a go card on top", "shows {top} laid over {below}") if below else
                         pgettext("a go card on top", "shows {top}"))
            else:
                shows = _("shows {top} laid over {below}") if below else _("shows {top}")
            parts.append(filled(shows, top=CardName(given.go[-1]), below=card_list(below)))
        else:
            parts.append(filled(_("has no {go} down yet"), go=CardName(self.go)))
        if given.zone:
            parts.append(filled(_("is in {zone}"), zone=CardName(given.zone[-1])))
        elif given.go and self.r.zones.zones and self.r.zones.scope == "side":
            parts.append(filled(_("is in {zone} (no zone card yet)"), zone=CardName(self.r.zones.start)))
        sentence = _capital(filled(_("{side} {state}."), side=name, state=join_texts(parts, " " + _("and") + " ")))
        if given.piles:
            total = sum(_miles(self.r, c) * n for c, n in given.piles)
            sentence = text(sentence, " ", *filled(_("Mileage laid: {cards} ({distance})."),
                                                   cards=counted_cards(given.piles, "and", w.number),
                                                   distance=w.miles(total, self.r.race.unit)))
        return sentence

    # moves -----------------------------------------------------------------------------------------
    def moves(self) -> list[Text]:
        refused = any(c.what == "illegal" for c in self.ex.checks)
        current = self.ex.to_act
        target: int | None = None
        said: list[Text] = []
        last = len(self.ex.moves) - 1
        for i, move in enumerate(self.ex.moves):
            attempt = refused and i == last
            if move.action in ("play", "discard"):
                said.append(self.turn_move(current, move, attempt))
                target = move.target
                current = current % self.ex.players + 1
            elif decision_words(move.action):  # a mechanic's decision, by the player who just played
                who = self.player((current - 2) % self.ex.players + 1)
                decided = next((words for m in REGISTERED if (words := m.decision_rulebook(move.action))), None)
                said.append(text(w.capital(_("{player} {decision}.").format(
                    player=who, decision=decided or _("chooses to {decision}").format(
                        decision=decision_words(move.action))))))
            else:
                said.append(self.answer(move, target, current))
        return said

    def turn_move(self, player: int, move: ExampleMove, attempt: bool) -> Text:
        who = self.player(player)
        card = CardName(move.card or "")
        if move.action == "discard":
            said = _("{player} tries to discard {card}.") if attempt else _("{player} discards {card}.")
            return _capital(filled(said, player=who, card=card))
        on = ""
        if move.target is not None:
            on = (" " + _("on their own side") if self.side_of(player) == move.target else
                  " " + _("on {side}").format(side=self.short_side(move.target)))
        taking: Text = ()
        if move.taken:
            taking = (text(_(", taking nothing as the penalty")) if not move.take else
                      filled(_(", taking {cards} as the penalty"), cards=counted_cards(move.take, "and", w.number)))
        said = _("{player} tries to play {card}{on}{taking}.") if attempt else _("{player} plays {card}{on}{taking}.")
        return _capital(filled(said, player=who, card=card, on=on, taking=taking))

    def answer(self, move: ExampleMove, target: int | None, after: int) -> Text:
        """A counter or a refusal to counter, made out of turn by a player of the side attacked."""
        player = self.answering_player(move, target, after)
        who = self.player(player) if player else _("the side attacked")
        holds_none = move.action != "counter" and player is not None and not self.holds_an_answer(player)
        said = core.first_said("example_answer", self.r, move.action, move.card, holds_none, (who,))  # (core.ORDER)
        return _capital(phrase(said) if said else text(who))

    def holds_an_answer(self, player: int) -> bool:
        """Whether the example deals `player` a card that turns some hazard away."""
        answers = core.united("cancelling", self.r)  # what each construct's cards turn away
        return any(card in answers for card in dict(self.ex.hands).get(player, ()))

    def answering_player(self, move: ExampleMove, target: int | None, after: int) -> int | None:
        if target is None:
            return None
        members = [p for p in range(1, self.ex.players + 1) if self.side_of(p) == target]
        hands = dict(self.ex.hands)
        holders = [p for p in members if move.card and move.card in hands.get(p, ())]
        return (holders or members or [None])[0]

    # outcome ---------------------------------------------------------------------------------------
    def outcome(self) -> list[Text]:
        return [_capital(self.check(c)) for c in self.ex.checks]

    def check(self, c: ExampleCheck) -> Text:
        side = self.short_side(c.side) if c.side else ""
        whose = self.possessive(c.side or 0)
        card = CardName(c.card or "")
        n = c.number or 0
        match c.what:
            case "miles":
                return text(_("{side} has {distance}.").format(side=side, distance=w.miles(n, self.r.race.unit)))
            case "pile":
                if n == 0:
                    return filled(_("{whose} {card} pile is empty."), whose=whose, card=card)
                return filled(_("{whose} {card} pile holds {cards}."), whose=whose, card=card,
                              cards=w.counted(n, "card"))
            case "go-top":
                return filled(_("{whose} {go} pile shows {card}."), whose=whose, go=CardName(self.go), card=card)
            case "go-empty":
                return filled(_("{side} has lost its {go} pile and must start again."), side=side,
                              go=CardName(self.go))
            case "zone":
                if c.side:
                    return filled(_("{side} is in {zone}."), side=side, zone=card)
                return filled(_("The whole table is in {zone}."), zone=card)
            case "discard-top":
                return filled(_("{card} lies on top of the discard pile."), card=card)
            case "discard-count":
                holds = (pgettext("no cards", "The discard pile holds {cards}.") if n == 0 else
                         _("The discard pile holds {cards}."))
                return text(holds.format(cards=w.counted(n, "card")))
            case "hand-count":
                holds = pgettext("no cards", "{player} holds {cards}.") if n == 0 else _("{player} holds {cards}.")
                return text(holds.format(player=self.player(c.player), cards=w.counted(n, "card")))
            case "hand-has":
                return filled(_("{player} still has {card} in hand."), player=self.player(c.player), card=card)
            case "winner":
                return text(_("{side} wins the race.").format(side=side))
            case "score":
                scores = (pgettext("no points", "{side} scores {points} for the race.") if n == 0 else
                          _("{side} scores {points} for the race."))
                return text(scores.format(side=side, points=w.counted(n, "point")))
            case "illegal":
                return text(_("The rules do not allow that play."))
            case "legal":
                if c.side:
                    return filled(_("The player to act may now play {card} on {side}."), card=card,
                                  side=self.short_side(c.side))
                return filled(_("The player to act may now play {card}."), card=card)
            case "draw-count":
                holds = (pgettext("no cards", "The draw pile now holds {cards}.") if n == 0 else
                         _("The draw pile now holds {cards}."))
                return text(holds.format(cards=w.counted(n, "card")))
            case "to-act":
                return text(_("It is now {whose} turn.").format(whose=self.possessive_player(c.player)))
            case "not-over":
                return text(_("The race goes on."))
            case "hand-lacks":
                return filled(_("{player} holds no {card}."), player=self.player(c.player), card=card)
            case "discards":
                if not c.cards:
                    return text(_("The discard pile is empty."))
                return filled(_("The discard pile holds {cards}."), cards=_bunch(c.cards))
            case "go-count":
                if self.r.pile_names.go:
                    return text(_("{whose} {pile} holds {cards}.").format(whose=whose, pile=self.r.pile_names.go,
                                                                         cards=w.counted(n, "card")))
                return filled(_("{whose} {go} pile holds {cards}."), whose=whose, go=CardName(self.go),
                              cards=w.counted(n, "card"))
            case "zone-count":
                pile = self.r.pile_names.zone or _("zone pile")
                if c.side:
                    return text(_("{whose} {pile} holds {cards}.").format(whose=whose, pile=pile,
                                                                         cards=w.counted(n, "card")))
                return text(_("The {pile} holds {cards}.").format(pile=pile, cards=w.counted(n, "card")))
            case "event":
                return text(event_words().get(c.event or "", EVENT_WORDS[c.event or ""]))
        return text("")

    def possessive_player(self, n: int | None) -> str:
        return _("player {n}'s").format(n=n)


def _capital(said: Text) -> Text:
    """The sentence with its first letter in capitals ("player 1 plays" -> "Player 1 plays")."""
    if said and isinstance(said[0], str):
        return (w.capital(said[0]), *said[1:])
    return said


def event_words() -> dict[str, str]:
    """The events the rulebook's own code names, in the reader's language (the others' words: EVENT_WORDS)."""
    read = {kind: words for owner in (*core.CORE, *EFFECTS, *REGISTERED) if hasattr(owner, "events_read")
            for kind, words in owner.events_read().items()}  # each owner's events, in the reader's language
    return {**read, "speeding": _("A side was caught speeding."), "win": _("The race was won.")}


EVENT_WORDS = {"speeding": "A side was caught speeding.",
               **{kind: words for c in core.CORE for kind, words in c.events.items()},  # the core constructs' own
               "win": "The race was won.",
               **{kind: words for e in EFFECTS for kind, words in e.events.items()},  # the hazard effects' own
               **{kind: words for m in REGISTERED for kind, words in m.events.items()}}  # the mechanics' own


def _bunch(cards: tuple[str, ...]) -> Text:
    """('A', 'A', 'B') -> 'two A and one B'; when no card repeats, the names alone."""
    counts = Counter(cards)
    if all(n == 1 for n in counts.values()):
        return card_list(counts)
    return counted_cards(counts.items(), "and", w.number)


def _miles(ruleset: Ruleset, name: str) -> int:
    try:
        return ruleset.card(name).miles or 0
    except KeyError:
        return 0
