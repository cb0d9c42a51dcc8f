"""Mechanics, the turn, its rulebook words: how a turn runs, what a side may play before its first go
card, what happens when the draw pile runs out, and what a house rule changes of either.

Each function returns a phrase (mechanics.phrases: plain strings and marks such as the go pile, a count,
a bare number, the references of a rule), which the rulebook sets (rulebook/construct_words.py).
"""
from __future__ import annotations

from ...base.i18n import _, language
from ...base.wording import listed
from ..phrases import Chapter, Count, GoCard, GoPile, Items, Number, Para, Refs, filled
from ..zones import rulebook as zone_words

# what a reshuffle does with a pile group, in a house rule's "How this variant differs" section
def keep_words(how: str) -> str:
    return {"all": _("returned whole"), "all-but-top": _("returned except the top card"),
            "none": _("left on the table")}[how]


def flow(turn) -> tuple:
    """The turn in prose: when a player draws, what it plays, how many cards it ends the turn with."""
    hand = Number(turn.hand, feminine=True)
    if turn.draw_before_play:
        said = (_("Players take turns round the table. On your turn, first draw {draw} from the draw pile, so "
                  "that you hold {holding}. Then play exactly one card: lay it on the table or discard it. If you "
                  "still hold more than {hand}, discard down to {hand} before the turn passes. You end every "
                  "turn holding {hand} cards again.") if turn.draw > 1 else
                _("Players take turns round the table. On your turn, first draw {draw} from the draw pile, so "
                  "that you hold {holding}. Then play exactly one card: lay it on the table or discard it. You "
                  "end every turn holding {hand} cards again."))
        return (*filled(said, draw=Count(turn.draw, "card"), holding=Number(turn.hand + turn.draw, feminine=True),
                        hand=hand), Refs((turn.provenance,)))
    return (*filled(_("Players take turns round the table. On your turn, play exactly one card, laying it on the "
                      "table or discarding it, then draw {draw} to bring your hand back to {hand}."),
                    draw=Count(turn.draw, "card"), hand=hand), Refs((turn.provenance,)))


def before_go(turn, kinds_present, kind_plural: dict) -> tuple:
    """What a side may play before its first go card (`kinds_present`: the card kinds the deck has;
    `kind_plural`: each kind in words, plural)."""
    before = [kind_plural[k] for k in turn.before_go if k in kinds_present]
    if not before:
        return filled(_("Until your side has laid its first {go}, it cannot lay mileage."), go=GoCard())
    kinds = listed(before) if language() == "en" else listed(before, _("and"))
    return filled(_("Until your side has laid its first {go}, it cannot lay mileage, but you may already play "
                    "{kinds}."), go=GoCard(), kinds=kinds)


def reshuffle(rs, zone_piles: str, has_zones: bool) -> tuple:
    """What happens when the draw pile runs out (`zone_piles`: the rulebook's words for the zone piles,
    "every zone pile" or "the zone pile")."""
    gathered: list[tuple] = [(_("the discard pile"),)] if rs.discard else []
    for keep, what in ((rs.go_piles, filled(_("every {go_pile}"), go_pile=GoPile())),
                       (rs.zone_piles, (zone_piles,) if has_zones else None)):
        if what is None:
            continue
        if keep == "all":
            gathered.append(filled(_("all of {piles}"), piles=what))
        elif keep == "all-but-top":
            gathered.append(filled(_("{piles} except its top card"), piles=what))
    kept: list[tuple] = []
    if rs.go_piles == "none":
        kept.append(filled(_("The {go_pile}s stay as they are."), go_pile=GoPile()))
    if rs.zone_piles == "none" and has_zones:
        kept.append((_("Zone cards already played stay where they are."),))
    said = (filled(_("gather {piles}, shuffle them well, and lay them face down as the new draw pile."),
                   piles=in_prose(gathered))
            if gathered else (_("the game goes on without a draw pile."),))
    return (*said, *(part for k in kept for part in (" ", *k)), Refs((rs.provenance,)))


def in_prose(phrases: list[tuple]) -> tuple:
    """Phrases joined as in prose: a, b and c."""
    out: list = []
    for i, said in enumerate(phrases):
        out += [" " + (_("and") if language() != "en" else "and") + " "] if i and i == len(phrases) - 1 else [", "] if i else []
        out += said
    return tuple(out)


def variant_turn(a, b) -> list[tuple]:
    """A house rule's changes to its parent's turn, one phrase each."""
    said: list[tuple] = []
    if a.hand != b.hand:
        said.append(filled(_("Hands hold {hand} cards instead of {was}."), hand=Number(b.hand, feminine=True),
                           was=Number(a.hand, feminine=True)))
    if (a.draw, a.draw_before_play) != (b.draw, b.draw_before_play):
        said.append(filled(_("Each turn draws {cards} before playing.") if b.draw_before_play else
                           _("Each turn draws {cards} after playing."), cards=Count(b.draw, "card")))
    if set(a.before_go) != set(b.before_go):
        said.append((_("Changes what a side may play before its first start."), Refs((b.provenance,))))
    return said


def variant_reshuffle(a, b) -> list[tuple]:
    """A house rule's changes to its parent's reshuffle, one phrase each."""
    said: list[tuple] = []
    if a.go_piles != b.go_piles:
        said.append((_("At a reshuffle the starting piles are {what}.").format(what=keep_words(b.go_piles)),))
    if a.zone_piles != b.zone_piles:
        said.append((_("At a reshuffle the zone piles are {what}.").format(what=keep_words(b.zone_piles)),))
    if a.discard != b.discard:
        said.append((_("At a reshuffle the discard pile is shuffled back in.") if b.discard else
                     _("At a reshuffle the discard pile is kept out."),))
    return said


# the rulebook's loops over CORE (TURN's stage methods) ----------------------------------------------
def chapter(r, book) -> Chapter:
    """The Playing a turn chapter: how a turn runs, the cards it may play (each construct's, as the book
    gathers them), what a side may play before its first go card, the rules the book adds after it (the
    race's piles), and what happens when the draw pile runs out (with the zones' piles: mechanics.zones)."""
    zone_pile = zone_words.zone_pile(r)
    zone_piles = (_("every {zone_pile}") if r.zones.scope == "side" else _("the {zone_pile}")).format(zone_pile=zone_pile)
    return Chapter(_("Playing a turn"), "turn", (
        Para(flow(r.turn)), Para((_("The card you play may be:"),)), Items(tuple(book.play_options())),
        Para(before_go(r.turn, book.by_kind, book.kind_plural)), *book.turn_blocks(),
        Para(filled(_("When the draw pile runs out: {what}"),
                    what=reshuffle(r.reshuffle, zone_piles, bool(r.zones.zones))))))
