"""Mechanics, the turn, its words: explain's refusal while a hand is over its size, `touring show`'s line,
the differ's comparison of two turns and two reshuffles with its sentences (diff.compare calls
compare_turn and compare_reshuffle; diff.describe reads DIFF_PHRASES), and `touring new`'s suggestions.
"""
from __future__ import annotations

from ...base.i18n import _, ngettext, pgettext
from ...base.wording import flag_changed, kind_cards

# what a reshuffle does with a go or zone pile, in a diff's sentence
KEEP = {"all": "all go back", "all-but-top": "all but the top card go back", "none": "stay on the table"}


def refusal(game) -> str | None:
    """Why no card but a discard is a move now (explain), or None: the seat is discarding down to its hand."""
    if game.discarding_down:
        return ngettext("the hand holds more than {n} card: discard down first",
                        "the hand holds more than {n} cards: discard down first", game.t.hand_size).format(
            n=game.t.hand_size)
    return None


def show(r) -> str:
    """The turn in one line (`touring show`)."""
    return _("Turn: hand of {hand}; draw {draw}, then play or discard one; before a first Go a side may play "
             "{kinds}").format(hand=r.turn.hand, draw=r.turn.draw,
                               kinds=", ".join(kind_cards(k) for k in r.turn.before_go))


def compare_turn(c) -> None:
    """The turn's differences (c: the differ's Comparison, whose `a` and `b` are the two rulesets)."""
    a, b = c.a.turn, c.b.turn
    c.value("turn", "hand", a.hand, b.hand)
    c.value("turn", "draw", a.draw, b.draw)
    c.value("turn", "draw-before-play", a.draw_before_play, b.draw_before_play)
    c.value("turn", "before-go", tuple(sorted(a.before_go)), tuple(sorted(b.before_go)))


def compare_reshuffle(c) -> None:
    """The reshuffle's differences (c as above)."""
    a, b = c.a.reshuffle, c.b.reshuffle
    c.value("reshuffle", "reshuffle-discard", a.discard, b.discard)
    c.value("reshuffle", "reshuffle-go", a.go_piles, b.go_piles)
    c.value("reshuffle", "reshuffle-zone", a.zone_piles, b.zone_piles)


# the differ's sentence for each aspect compare_turn and compare_reshuffle report (c: a diff Change)
def kept(keep: str) -> str:
    """What a reshuffle does with a go or zone pile (KEEP), in the reader's language."""
    return {"all": _("all go back"), "all-but-top": _("all but the top card go back"),
            "none": _("stay on the table")}[keep]


def kinds_said(kinds) -> str:
    """Kinds of card listed ("hazard, zone"), or "nothing else", in the reader's language."""
    words = {"mileage": pgettext("card kind", "mileage"), "go": pgettext("card kind", "go"),
             "hazard": pgettext("card kind", "hazard"), "remedy": pgettext("card kind", "remedy"),
             "safety": pgettext("card kind", "safety"), "zone": pgettext("card kind", "zone"),
             "counter": pgettext("card kind", "counter")}
    return ", ".join(words.get(k, k) for k in kinds) or _("nothing else")


DIFF_PHRASES = {
    "hand": lambda c: _("A hand holds {new} cards (was {old})").format(new=c.new, old=c.old),
    "draw": lambda c: _("Each turn begins by drawing {new} (was {old})").format(new=c.new, old=c.old),
    "draw-before-play": flag_changed(lambda: _("A player draws before playing"),
                                     lambda: _("A player plays before drawing")),
    "before-go": lambda c: _("Before its first go card a side may play {new} cards (was {old})").format(
        new=kinds_said(c.new), old=kinds_said(c.old)),
    "reshuffle-discard": flag_changed(lambda: _("The discards are shuffled into a new deck"),
                                      lambda: _("The discards stay out of a new deck")),
    "reshuffle-go": lambda c: _("At a reshuffle, go piles: {new} (was: {old})").format(new=kept(c.new),
                                                                                       old=kept(c.old)),
    "reshuffle-zone": lambda c: _("At a reshuffle, zone piles: {new} (was: {old})").format(new=kept(c.new),
                                                                                           old=kept(c.old)),
}


# `touring new`'s commented-out suggestions for a house rule: (what it does, the rule lines that do it)
def suggest_hand(r) -> tuple[str, tuple[str, ...]]:
    return (f"A bigger hand: {r.turn.hand + 1} cards instead of {r.turn.hand}.",
            ("turn {", f"    change hand {r.turn.hand + 1}", "}"))


def suggest_reshuffle(r) -> list[tuple[str, tuple[str, ...]]]:
    keep = "all" if r.reshuffle.zone_piles != "all" else "except top"
    about = f"At a reshuffle, zone piles: {'all' if keep == 'all' else 'all but the top card'} go back into the deck."
    # The parent may or may not say what happens to zone piles: offer whichever form compiles.
    return [(about, ("reshuffle {", f"    {op} return zone piles {keep}", "}")) for op in ("change", "add")]


def reshuffle_said(n: int) -> str:
    """The log's line for a reshuffle, in the reader's language: how many cards make the new draw pile."""
    return ngettext("{n} card is shuffled into a new draw pile", "{n} cards are shuffled into a new draw pile",
                    n).format(n=n)
