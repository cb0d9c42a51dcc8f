"""Mechanics, counters, the rulebook's words: the section on cards played out of turn, a counter's role in
the equipment table, what turns a hazard away, and the sources rows.

Phrases (mechanics.phrases) from the compiled Ruleset, which rulebook/construct_words.py sets as text:
card names (Named, NameList) in the card style, the hand size (Number) spelt, the marks of a rule's
assumptions (Refs). An edition whose deck cancels nothing out of turn gets no section from here.
"""
from __future__ import annotations

from ..phrases import Chapter, Named, NameList, Number, Para, Refs
from .words import with_article


def section(r) -> Chapter | None:
    """The rulebook's "Played out of turn" section of ruleset r, or None where nothing is."""
    if not r.counters:
        return None
    blocks: list = []
    for counter in r.counters:
        card = Named(counter.card)
        safety = r.card(counter.card).kind == "safety"
        redraw = (" You then draw until you hold ", Number(r.turn.hand), " cards again.") if counter.redraw else ("",)
        hazard = "the card" if any(r.card(h).kind == "zone" for h in counter.cancels) else "the hazard"
        fate = ((f": {hazard} does nothing and goes to the discard pile, and ", card,
                 " is laid in front of your side as a safety.") if safety else
                (f": {hazard} does nothing, and both cards go to the discard pile.",))
        when = (" is the one card you play when it is not your turn." if len(r.counters) == 1 else
                " is one of the cards you may play when it is not your turn.")
        after = (" Then you draw and take the next turn yourself; the players seated between the "
                 "attacker and you miss theirs." if counter.responder_next else
                 " The attacker's turn is over all the same, and play passes on as usual.")
        blocks.append(Para((card, when, " When an opponent lays ", NameList(tuple(counter.cancels), "or"),
                            " against your side, you may at once show ", card, *fate, *redraw, after,
                            " You may also keep ", card, f" in hand and let {hazard} take effect.",
                            Refs((counter.provenance,)))))
    blocks.append(Para(answering_in_turn(r)))
    name = r.pile_names.counter
    return Chapter(f"Played out of turn: the {name}" if name else "Played out of turn", "counters", tuple(blocks))


def answering_in_turn(r) -> tuple:
    """Who answers a hazard, and in what order: the players of the side attacked, each alike."""
    name = r.pile_names.counter
    called = (f"Turning a hazard away like this is called {with_article(name)}. ",) if name else ()
    return (*called, "When a hazard that such a card cancels is laid against a side, each player of that "
            "side in turn order, starting after the attacker, either turns it away or lets it pass, until one "
            "turns it away; a player who holds no such card simply lets it pass, so that the pause "
            "tells nobody who holds one. Once every copy of those cards lies face up, nobody is asked.")


def role(card) -> tuple:
    """A counter card's role in the equipment table."""
    return ("cancels ", NameList(tuple(card.counters), "or"), ", shown out of turn")


def countered_by(r, hazard: str) -> list[str]:
    """The cards that turn `hazard` away out of turn."""
    return [c.card for c in r.counters if hazard in c.cancels]


def turned_away(cure: tuple, counters: list[str]) -> tuple:
    """A hazard's cure, with the cards that turn it away added ("; or turn it away with ...")."""
    return (*cure, "; or turn it away with ", NameList(tuple(counters), "or"))


def provenance_rows(r) -> list[tuple[str, object]]:
    """The rulebook's sources rows: playing each counter out of turn."""
    return [(f"Playing {c.card} out of turn", c.provenance) for c in r.counters]
