"""Rulebook stage, worked examples: each compiled example told in words (position, moves, what follows).

An answer out of turn is the first construct's `example_answer` (mechanics.core.ORDER), an event's words
each construct's `events`, the hazard effects' and the mechanics' own."""
from __future__ import annotations

import re
from collections import Counter

from ..mechanics.effects import REGISTERED as EFFECTS
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
        return Section("Worked examples", "examples", blocks)
    fullest = sorted(range(len(ruleset.examples)),
                     key=lambda i: (-len(ruleset.examples[i].moves) - len(ruleset.examples[i].checks), i))
    chosen = [ruleset.examples[i] for i in sorted(fullest[:most])]
    blocks = tuple(_Teller(ruleset, example, go).worked(i + 1, cited=False) for i, example in enumerate(chosen))
    return Section("Worked examples", "examples", blocks)


class _Teller:
    """Tells one example; knows the seating so it can name who plays each move."""

    def __init__(self, ruleset: Ruleset, example: Example, go: str):
        self.r, self.ex, self.go = ruleset, example, go
        self.setup: Setup = ruleset.setup_for(example.players, example.setup)
        self.sides = self.setup.side_count(example.players)
        self.individuals = self.setup.sides is None

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
            return f"player {side}"
        members = [p for p in range(1, self.ex.players + 1) if self.side_of(p) == side]
        return f"side {side} (players {w.join(map(str, members))})"

    def short_side(self, side: int) -> str:
        return f"player {side}" if self.individuals else f"side {side}"

    def possessive(self, side: int) -> str:
        return self.short_side(side) + "'s"

    # position --------------------------------------------------------------------------------------
    def position(self) -> list[Text]:
        ex = self.ex
        lines = [text(w.capital(f"{w.number(ex.players)} players, {self._seating()}."))]
        if self.r.zones.zones and self.r.zones.scope == "game":
            lines.append(text("The whole table is in ", CardName(ex.zone or self.r.zones.start), "."))
        given = {s.side: s for s in ex.sides}
        for side in range(1, self.sides + 1):
            lines.append(self.side_position(side, given.get(side)))
        for player, cards in ex.hands:
            lines.append(text(w.capital(f"player {player} holds "), _bunch(cards), "."))
        lines.append(text(w.capital(f"player {ex.to_act} is to play.")))
        if ex.deck:
            lines.append(text("The next cards to be drawn are ", card_list(ex.deck), ", in that order."))
        if ex.deck_size == 0:
            lines.append(text("The draw pile is empty, and every card not mentioned is out of play."))
        elif ex.deck_size is not None:
            lines.append(text(f"The draw pile holds exactly {w.counted(ex.deck_size, 'card')}; every other card "
                              "not mentioned is out of play."))
        if ex.discard:
            lines.append(text("The discard pile holds ", _bunch(ex.discard), "."))
        return lines

    def _seating(self) -> str:
        if self.individuals:
            return "each for themselves"
        return f"in {w.number(self.sides)} sides of {w.number(self.setup.side_size)}"

    def side_position(self, side: int, given: ExampleSide | None) -> Text:
        return text(self._side_piles(side, given), self._safeties(given))

    def _safeties(self, given: ExampleSide | None) -> Text:
        if given is None or not given.safeties:
            return ()
        return text(" It has ", card_list(given.safeties), " in front of it as ",
                    "a safety." if len(given.safeties) == 1 else "safeties.")

    def _side_piles(self, side: int, given: ExampleSide | None) -> Text:
        name = w.capital(self.side_name(side))
        if given is None or not (given.go or given.zone or given.piles):
            return text(f"{name} has not started yet (no ", CardName(self.go), " down).")
        parts: list[Text] = []
        if given.go:
            below = list(reversed(given.go[:-1]))
            parts.append(text("shows ", CardName(given.go[-1]),
                              text(" laid over ", card_list(below)) if below else ()))
        else:
            parts.append(text("has no ", CardName(self.go), " down yet"))
        if given.zone:
            parts.append(text("is in ", CardName(given.zone[-1])))
        elif given.go and self.r.zones.zones and self.r.zones.scope == "side":
            parts.append(text("is in ", CardName(self.r.zones.start), " (no zone card yet)"))
        sentence = text(name, " ", join_texts(parts, " and "), ".")
        if given.piles:
            total = sum(_miles(self.r, c) * n for c, n in given.piles)
            sentence = text(sentence, " Mileage laid: ", counted_cards(given.piles, "and", w.number),
                            f" ({w.miles(total, self.r.race.unit)}).")
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
                said.append(text(w.capital(f"player {(current - 2) % self.ex.players + 1}"),
                                 f" chooses to {decision_words(move.action)}."))
            else:
                said.append(self.answer(move, target, current))
        return said

    def turn_move(self, player: int, move: ExampleMove, attempt: bool) -> Text:
        who = w.capital(f"player {player}")
        if move.action == "discard":
            verb = "tries to discard " if attempt else "discards "
            return text(who, " ", verb, CardName(move.card or ""), ".")
        verb = "tries to play " if attempt else "plays "
        on = ""
        if move.target is not None:
            on = " on " + ("their own side" if self.side_of(player) == move.target else self.short_side(move.target))
        taking: Text = ()
        if move.taken:
            taking = (text(", taking nothing as the penalty") if not move.take else
                      text(", taking ", counted_cards(move.take, "and", w.number), " as the penalty"))
        return text(who, " ", verb, CardName(move.card or ""), on, taking, ".")

    def answer(self, move: ExampleMove, target: int | None, after: int) -> Text:
        """A counter or a refusal to counter, made out of turn by a player of the side attacked."""
        player = self.answering_player(move, target, after)
        who = w.capital(f"player {player}") if player else "The side attacked"
        holds_none = move.action != "counter" and player is not None and not self.holds_an_answer(player)
        said = core.first_said("example_answer", self.r, move.action, move.card, holds_none)  # (core.ORDER)
        return text(who, phrase(said or ()))

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
        return [self.check(c) for c in self.ex.checks]

    def check(self, c: ExampleCheck) -> Text:
        side = w.capital(self.short_side(c.side)) if c.side else ""
        card = CardName(c.card or "")
        n = c.number or 0
        match c.what:
            case "miles":
                return text(f"{side} has {w.miles(n, self.r.race.unit)}.")
            case "pile":
                if n == 0:
                    return text(f"{self.possessive(c.side or 0).capitalize()} ", card, " pile is empty.")
                return text(f"{self.possessive(c.side or 0).capitalize()} ", card,
                            f" pile holds {w.counted(n, 'card')}.")
            case "go-top":
                return text(f"{self.possessive(c.side or 0).capitalize()} ", CardName(self.go), " pile shows ",
                            card, ".")
            case "go-empty":
                return text(f"{side} has lost its ", CardName(self.go), " pile and must start again.")
            case "zone":
                if c.side:
                    return text(f"{side} is in ", card, ".")
                return text("The whole table is in ", card, ".")
            case "discard-top":
                return text(card, " lies on top of the discard pile.")
            case "discard-count":
                return text(f"The discard pile holds {w.counted(n, 'card')}.")
            case "hand-count":
                return text(f"Player {c.player} holds {w.counted(n, 'card')}.")
            case "hand-has":
                return text(f"Player {c.player} still has ", card, " in hand.")
            case "winner":
                return text(f"{side} wins the race.")
            case "score":
                return text(f"{side} scores {w.counted(n, 'point')} for the race.")
            case "illegal":
                return text("The rules do not allow that play.")
            case "legal":
                on = f" on {self.short_side(c.side)}" if c.side else ""
                return text("The player to act may now play ", card, f"{on}.")
            case "draw-count":
                return text(f"The draw pile now holds {w.counted(n, 'card')}.")
            case "to-act":
                return text(f"It is now player {c.player}'s turn.")
            case "not-over":
                return text("The race goes on.")
            case "hand-lacks":
                return text(f"Player {c.player} holds no ", card, ".")
            case "discards":
                if not c.cards:
                    return text("The discard pile is empty.")
                return text("The discard pile holds ", _bunch(c.cards), ".")
            case "go-count":
                if self.r.pile_names.go:
                    return text(f"{self.possessive(c.side or 0).capitalize()} {self.r.pile_names.go} holds "
                                f"{w.counted(n, 'card')}.")
                return text(f"{self.possessive(c.side or 0).capitalize()} ", CardName(self.go),
                            f" pile holds {w.counted(n, 'card')}.")
            case "zone-count":
                pile = self.r.pile_names.zone or "zone pile"
                whose = f"{self.possessive(c.side).capitalize()} {pile}" if c.side else f"The {pile}"
                return text(f"{whose} holds {w.counted(n, 'card')}.")
            case "event":
                return text(EVENT_WORDS[c.event or ""])
        return text("")


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
