"""Mechanics, delays, the rulebook's words: the go card's section, what a go or remedy card does, the
hazards that stop a side and where they may be laid, the plays of a turn on the go piles, and a house
rule's changes to the chains.

Phrases (mechanics.phrases) from the compiled Ruleset, which rulebook/construct_words.py sets as text:
card names (Named, NameList) in the card style, the edition's go pile (GoPile) and go card (GoCard), the
marks of a rule's assumptions (Refs).
"""
from __future__ import annotations

from ...base.i18n import _
from ..phrases import Chapter, GoCard, GoPile, Named, NameList, Para, Refs, filled

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
        return (_("lets a side lay mileage"),)
    hazards = tuple(c.hazard for c in r.delays.chains if card.name in c.steps)
    return filled(_("repairs {hazards}"), hazards=NameList(hazards, "or")) if hazards else (_("a remedy"),)


# the setup -----------------------------------------------------------------------------------------
def go_pile_laid(r) -> tuple:
    """The go pile among a side's piles, as the setup lists them."""
    said = (_("a {go_pile}, on which it lays its {go} cards and its remedies, and on which opponents lay hazards")
            if stopping_hazards(r) else _("a {go_pile}, on which it lays its {go} cards"))
    return filled(said, go_pile=GoPile(), go=NameList(_names(r, "go")))


# the cards' sections -------------------------------------------------------------------------------
def go_section(r) -> Chapter | None:
    """The go card's section, or None without a go card."""
    go_cards = _names(r, "go")
    if not go_cards:
        return None
    said = (_("A side may lay mileage only while the top card of its {go_pile} is a {go}. Lay your first {go} to "
              "start the race; after a hazard has stopped you, a {go} laid on top (once any remedy it needs is "
              "down) sets you going again.") if stopping_hazards(r) else
            _("A side may lay mileage only while the top card of its {go_pile} is a {go}. Lay your first {go} to "
              "start the race."))
    body = filled(said, go_pile=GoPile(), go=GoCard())
    return Chapter(_("The {go} card").format(go=go_cards[0]), "go", (Para(body),))


def stopping(r) -> list[tuple]:
    """The hazards section's first paragraphs: what a stopping hazard does, and which sides it may go on."""
    hazards = stopping_hazards(r)
    if not hazards:
        return []
    said = [filled(_("A hazard that stops a side ({hazards}) is laid on an opponent's {go_pile}. The victim can "
                     "lay no more mileage until it has covered the hazard with the cards shown below, one per "
                     "turn, in that order."), hazards=NameList(hazards), go_pile=GoPile())]
    if r.delays.target == "showing-go":
        said.append((*filled(_("Such a hazard may be laid only on a side whose {go_pile} shows an undelayed {go}: "
                               "never on a side that has not started, nor on one already stopped."),
                             go_pile=GoPile(), go=GoCard()), Refs((r.delays.provenance,))))
    else:
        said.append((_("Such a hazard may be laid on any opponent, even one that has not started or is "
                       "already stopped."), Refs((r.delays.provenance,))))
    return said


def chain_marks(r, hazard: str) -> tuple:
    """The marks of the assumptions behind a hazard's chain (the hazards table's "To recover" cell)."""
    chain = chain_of(r, hazard)
    return (Refs((chain.provenance,)),) if chain else ()


# a turn --------------------------------------------------------------------------------------------
def play_options(r) -> list[tuple]:
    """The plays on the go piles a turn may make: a go card, a remedy, a stopping hazard."""
    said = [filled(_("a {go}, on your own {go_pile}, to start your side or to end a delay"), go=GoCard(),
                   go_pile=GoPile())]
    remedies = _names(r, "remedy")
    if remedies:
        said.append(filled(_("a remedy ({remedies}), on your own {go_pile} when it is the next step of a repair"),
                           remedies=NameList(remedies, "or"), go_pile=GoPile()))
    hazards = stopping_hazards(r)
    if hazards:
        said.append(filled(_("a hazard, on an opponent's {go_pile} ({hazards})"), go_pile=GoPile(),
                           hazards=NameList(hazards, "or")))
    return said


# a house rule's changes ----------------------------------------------------------------------------
def differences(old, new) -> list[tuple]:
    """A house rule's changes to its parent's chains and targets, for its "How this variant differs" section."""
    before = {c.hazard: c.steps for c in old.delays.chains}
    said = []
    for chain in new.delays.chains:
        if before.get(chain.hazard) != chain.steps:
            said.append((*filled(_("Repairing {hazard} now takes {steps}."), hazard=Named(chain.hazard),
                                 steps=NameList(chain.steps, "then")), Refs((chain.provenance,))))
    if old.delays.target != new.delays.target:
        said.append((_("Changes which sides a hazard may be laid on."), Refs((new.delays.provenance,))))
    return said
