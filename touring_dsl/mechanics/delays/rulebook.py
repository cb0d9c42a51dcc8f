"""Mechanics, delays, the rulebook's words: the go card's section, what a go or remedy card does, the
hazards that stop a side and where they may be laid, the plays of a turn on the go piles, and a house
rule's changes to the chains.

Phrases (mechanics.phrases) from the compiled Ruleset, which rulebook/construct_words.py sets as text:
card names (Named, NameList) in the card style, the edition's go pile (GoPile) and go card (GoCard), the
marks of a rule's assumptions (Refs).
"""
from __future__ import annotations

from ..phrases import Chapter, GoCard, GoPile, Named, NameList, Para, Refs

CARD_KINDS = ("go", "remedy")  # the kinds of card this construct gives their words (card_role)


def stopping_hazards(r) -> tuple[str, ...]:
    """The hazards that stop a side (each a chain's first card), in the order the chains are written."""
    return tuple(c.hazard for c in r.delays.chains)


def chain_of(r, hazard: str):
    """The chain a hazard starts, or None."""
    return next((c for c in r.delays.chains if c.hazard == hazard), None)


def _names(r, kind: str) -> tuple[str, ...]:
    return tuple(c.name for c in r.deck if c.kind == kind)


# the equipment table -------------------------------------------------------------------------------
def card_role(r, card) -> tuple:
    """What a go or remedy card does, in the equipment table."""
    if card.kind == "go":
        return ("lets a side lay mileage",)
    hazards = tuple(c.hazard for c in r.delays.chains if card.name in c.steps)
    return ("repairs ", NameList(hazards, "or")) if hazards else ("a remedy",)


# the setup -----------------------------------------------------------------------------------------
def go_pile_laid(r) -> tuple:
    """The go pile among a side's piles, as the setup lists them."""
    return ("a ", GoPile(), ", on which it lays its ", NameList(_names(r, "go")), " cards"
            + (" and its remedies, and on which opponents lay hazards" if stopping_hazards(r) else ""))


# the cards' sections -------------------------------------------------------------------------------
def go_section(r) -> Chapter | None:
    """The go card's section, or None without a go card."""
    go_cards = _names(r, "go")
    if not go_cards:
        return None
    body: tuple = ("A side may lay mileage only while the top card of its ", GoPile(), " is a ", GoCard(),
                   ". Lay your first ", GoCard(), " to start the race")
    if stopping_hazards(r):
        body += ("; after a hazard has stopped you, a ", GoCard(),
                 " laid on top (once any remedy it needs is down) sets you going again.")
    else:
        body += (".",)
    return Chapter(f"The {go_cards[0]} card", "go", (Para(body),))


def stopping(r) -> list[tuple]:
    """The hazards section's first paragraphs: what a stopping hazard does, and which sides it may go on."""
    hazards = stopping_hazards(r)
    if not hazards:
        return []
    said = [("A hazard that stops a side (", NameList(hazards), ") is laid on an opponent's ", GoPile(),
             ". The victim can lay no more mileage until it has covered the hazard with the cards shown "
             "below, one per turn, in that order.")]
    if r.delays.target == "showing-go":
        said.append(("Such a hazard may be laid only on a side whose ", GoPile(), " shows an undelayed ",
                     GoCard(), ": never on a side that has not started, nor on one already stopped.",
                     Refs((r.delays.provenance,))))
    else:
        said.append(("Such a hazard may be laid on any opponent, even one that has not started or is "
                     "already stopped.", Refs((r.delays.provenance,))))
    return said


def chain_marks(r, hazard: str) -> tuple:
    """The marks of the assumptions behind a hazard's chain (the hazards table's "To recover" cell)."""
    chain = chain_of(r, hazard)
    return (Refs((chain.provenance,)),) if chain else ()


# a turn --------------------------------------------------------------------------------------------
def play_options(r) -> list[tuple]:
    """The plays on the go piles a turn may make: a go card, a remedy, a stopping hazard."""
    said = [("a ", GoCard(), ", on your own ", GoPile(), ", to start your side or to end a delay")]
    remedies = _names(r, "remedy")
    if remedies:
        said.append(("a remedy (", NameList(remedies, "or"), "), on your own ", GoPile(),
                     " when it is the next step of a repair"))
    hazards = stopping_hazards(r)
    if hazards:
        said.append(("a hazard, on an opponent's ", GoPile(), " (", NameList(hazards, "or"), ")"))
    return said


# a house rule's changes ----------------------------------------------------------------------------
def differences(old, new) -> list[tuple]:
    """A house rule's changes to its parent's chains and targets, for its "How this variant differs" section."""
    before = {c.hazard: c.steps for c in old.delays.chains}
    said = []
    for chain in new.delays.chains:
        if before.get(chain.hazard) != chain.steps:
            said.append(("Repairing ", Named(chain.hazard), " now takes ", NameList(chain.steps, "then"), ".",
                         Refs((chain.provenance,))))
    if old.delays.target != new.delays.target:
        said.append(("Changes which sides a hazard may be laid on.", Refs((new.delays.provenance,))))
    return said
