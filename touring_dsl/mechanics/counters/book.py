"""Mechanics, counters, the rulebook's words: the section on cards played out of turn, a counter's role in
the equipment table, what turns a hazard away, and the sources rows.

Phrases (mechanics.phrases) from the compiled Ruleset, which rulebook/construct_words.py sets as text:
card names (Named, NameList) in the card style, the hand size (Number) spelt, the marks of a rule's
assumptions (Refs). An edition whose deck cancels nothing out of turn gets no section from here.
"""
from __future__ import annotations

from ...base.i18n import _, language
from ..phrases import Chapter, Named, NameList, Number, Para, Refs, filled
from .words import with_article


def section(r) -> Chapter | None:
    """The rulebook's "Played out of turn" section of ruleset r, or None where nothing is."""
    if not r.counters:
        return None
    blocks: list = []
    for counter in r.counters:
        card = Named(counter.card)
        safety = r.card(counter.card).kind == "safety"
        zone = any(r.card(h).kind == "zone" for h in counter.cancels)
        when = (_("{card} is the one card you play when it is not your turn.") if len(r.counters) == 1 else
                _("{card} is one of the cards you may play when it is not your turn."))
        if safety:
            shown = (_("When an opponent lays {cancels} against your side, you may at once show {card}: the card "
                       "does nothing and goes to the discard pile, and {card} is laid in front of your side as a "
                       "safety.") if zone else
                     _("When an opponent lays {cancels} against your side, you may at once show {card}: the "
                       "hazard does nothing and goes to the discard pile, and {card} is laid in front of your "
                       "side as a safety."))
        else:
            shown = (_("When an opponent lays {cancels} against your side, you may at once show {card}: the card "
                       "does nothing, and both cards go to the discard pile.") if zone else
                     _("When an opponent lays {cancels} against your side, you may at once show {card}: the "
                       "hazard does nothing, and both cards go to the discard pile."))
        redraw = (_("You then draw until you hold {hand} cards again.") if counter.redraw else "")
        after = (_("Then you draw and take the next turn yourself; the players seated between the attacker and "
                   "you miss theirs.") if counter.responder_next else
                 _("The attacker's turn is over all the same, and play passes on as usual."))
        keep = (_("You may also keep {card} in hand and let the card take effect.") if zone else
                _("You may also keep {card} in hand and let the hazard take effect."))
        said = " ".join(m for m in (when, shown, redraw, after, keep) if m)
        blocks.append(Para((*filled(said, card=card, cancels=NameList(tuple(counter.cancels), "or"),
                                    hand=Number(r.turn.hand, feminine=True)), Refs((counter.provenance,)))))
    blocks.append(Para(answering_in_turn(r)))
    name = r.pile_names.counter
    title = _("Played out of turn: the {name}").format(name=name) if name else _("Played out of turn")
    return Chapter(title, "counters", tuple(blocks))


def answering_in_turn(r) -> tuple:
    """Who answers a hazard, and in what order: the players of the side attacked, each alike."""
    name = r.pile_names.counter
    named = with_article(name) if name and language() == "en" else name
    called = (_("Turning a hazard away like this is called {name}.").format(name=named) + " ",) if name else ()
    return (*called, _("When a hazard that such a card cancels is laid against a side, each player of that "
                       "side in turn order, starting after the attacker, either turns it away or lets it pass, "
                       "until one turns it away; a player who holds no such card simply lets it pass, "
                       "so that the pause tells nobody who holds one. Once every copy of those cards lies face "
                       "up, nobody is asked."))


def role(card) -> tuple:
    """A counter card's role in the equipment table."""
    return filled(_("cancels {cards}, shown out of turn"), cards=NameList(tuple(card.counters), "or"))


def countered_by(r, hazard: str) -> list[str]:
    """The cards that turn `hazard` away out of turn."""
    return [c.card for c in r.counters if hazard in c.cancels]


def turned_away(cure: tuple, counters: list[str]) -> tuple:
    """A hazard's cure, with the cards that turn it away added ("; or turn it away with ...")."""
    return (*cure, *filled(_("; or turn it away with {cards}"), cards=NameList(tuple(counters), "or")))


def provenance_rows(r) -> list[tuple[str, object]]:
    """The rulebook's sources rows: playing each counter out of turn."""
    return [(_("Playing {card} out of turn").format(card=c.card), c.provenance) for c in r.counters]
