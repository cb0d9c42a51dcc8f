"""Diff stage, wording: one Change -> one plain sentence (B's state first, A's in brackets).

The core constructs' sentences are loops over mechanics.core.CORE that name none of them: their
diff_phrases and diff_words, and their parts of a card's and a seating's summary (card_said, seating_said,
in the order mechanics.core.ORDER declares).
"""
from __future__ import annotations

from ..base.i18n import _, language_name, ngettext, pgettext
from ..base.wording import flag_changed, quoted, quoted_counts, quoted_names, seating_said

from typing import Any, Callable

from ..mechanics.effects import REGISTERED as EFFECTS
from ..mechanics.scoring import term_words
from .changes import MECHANIC_ASPECT, Change
from ..mechanics import by_name
from ..mechanics import core



# the differ's short names for base.wording's quoting: a quoted name, quoted names, counted quoted cards
q, names, counted = quoted, quoted_names, quoted_counts


def describe(change: Change) -> str:
    """The change in words."""
    if change.aspect.startswith(MECHANIC_ASPECT):
        return _mechanic(change)
    phrase = _PHRASES.get(change.aspect)
    if phrase is None:
        return f"{change.aspect}: {_plain(change.old)} -> {_plain(change.new)}"  # a bug's words: no translation
    return phrase(change)


# per aspect ----------------------------------------------------------------------------------------
def _mechanic(c: Change) -> str:
    """A mechanic's part changed: the mechanic words it (touring_dsl.mechanics)."""
    mechanic = by_name(c.aspect.removeprefix(MECHANIC_ASPECT))
    unit = (c.new or c.old)["unit"]
    old, new = (None if v is None else mechanic.model.model_validate({k: x for k, x in v.items() if k != "unit"})
                for v in (c.old, c.new))
    said = "; ".join(mechanic.diff(old, new, unit))
    return f"{seating_label(c)}: {said}" if c.name else said[:1].upper() + said[1:]


def _plain(value: Any) -> str:
    if value is None:
        return pgettext("diff", "none")
    if isinstance(value, (list, tuple)):
        return ", ".join(_plain(v) for v in value) or pgettext("diff", "none")
    return str(value)


def _meta_label(aspect: str) -> str:
    """What a piece of an edition's header is called, in the reader's language."""
    return {"title": pgettext("edition header", "Title"), "subtitle": pgettext("edition header", "Subtitle"),
            "year": pgettext("edition header", "Year"), "publisher": pgettext("edition header", "Publisher"),
            "author": pgettext("edition header", "Author"), "summary": pgettext("edition header", "Summary"),
            "go_pile_name": _("Name of the pile a go card is laid on"),
            "zone_pile_name": _("Name of the zone pile")}[aspect]


def _meta(aspect: str) -> Callable[[Change], str]:
    def phrase(c: Change) -> str:
        show = (lambda v: pgettext("diff", "none") if v is None else str(v)) if aspect == "year" else \
            (lambda v: pgettext("diff", "none") if v is None else q(v))
        return _("{label}: {new} (was {old})").format(label=_meta_label(aspect), new=show(c.new), old=show(c.old))
    return phrase


def kind_card(kind: str) -> str:
    """A kind of card said as a noun: "mileage card", "safety card"."""
    return {"mileage": _("mileage card"), "go": _("go card"), "hazard": _("hazard card"),
            "remedy": _("remedy card"), "safety": _("safety card"), "zone": _("zone card"),
            "counter": _("counter card")}.get(kind) or _("{kind} card").format(kind=kind)


def _card(c: Change) -> str:
    info = c.new if c.action == "added" else c.old
    extra = "".join(said(info, names) for _slot, said in core.steps("card_said", {"card": _card_own_said}))
    what = _("{kind_card}, {count} in the deck").format(kind_card=kind_card(info["kind"]), count=info["count"]) + extra
    if c.action == "added":
        return _("New card {name}: {what}").format(name=q(c.name), what=what)
    return _("Card {name} is gone (was a {what})").format(name=q(c.name), what=what)


def _card_own_said(info: dict, names) -> str:
    """The words of what every card may have: its miles and its hours (the "card" slot of ORDER["card_said"])."""
    extra = _(", worth {miles}").format(miles=info["miles"]) if "miles" in info else ""
    return extra + (_(", {hours} hours of delay").format(hours=info["hours"]) if "hours" in info else "")


def _hours(c: Change) -> str:
    def show(v):
        return ngettext("{n} hour", "{n} hours", v).format(n=v)
    if c.new is None:
        return _("{name} no longer counts its delay in hours (was {old})").format(name=q(c.name), old=show(c.old))
    if c.old is None:
        return _("{name} now delays for {new} (was not counted in hours)").format(name=q(c.name), new=show(c.new))
    return _("{name} delays for {new} (was {old})").format(name=q(c.name), new=show(c.new), old=show(c.old))


def _seating(c: Change) -> str:
    info = c.new if c.action == "added" else c.old
    own = {"removals": lambda summary: [_("taking out {cards}").format(cards=counted(summary["removals"]))
                                        if summary["removals"] else _("taking out nothing")]}
    what = ", ".join(part for _slot, said in core.steps("seating_said", own) for part in said(info))
    if c.action == "added":
        return _("{seating}: now a way to play ({what})").format(seating=seating_label(c), what=what)
    return _("{seating}: no longer a way to play (it was {what})").format(seating=seating_label(c), what=what)


def seating_label(c: Change) -> str:
    """Who a change of seating is about, in the reader's words (base.wording.seating_said)."""
    return seating_said(c)


def _three(added: str, removed: str, changed: str,
           show: Callable[[Any], str] = str) -> Callable[[Change], str]:
    """A phrase from one template per action; {name}, {new} and {old} are filled in."""
    templates = {"added": added, "removed": removed}

    def phrase(c: Change) -> str:
        return templates.get(c.action, changed).format(
            name=q(c.name), new="" if c.new is None else show(c.new), old="" if c.old is None else show(c.old))
    return phrase




def _scoring(c: Change) -> str:
    match = c.new if c.action == "added" else c.old
    rounds = _("a match is played to {points} points").format(points=match) if match else \
        _("each race is scored on its own")
    return _("Races are now scored ({rounds})").format(rounds=rounds) if c.action == "added" else \
        _("Races are no longer scored (they were, and {rounds})").format(rounds=rounds)


def _score_term(c: Change) -> str:
    def points(n: int) -> str:
        return ngettext("{n} point", "{n} points", n).format(n=n)
    term = c.name
    if c.term is not None:  # the term's words in the reader's language
        scored, unit, card = c.term
        term = term_words(scored, unit, to_b=lambda name: card or name)
    if c.action == "added":
        return _("New score: {points} {term}").format(points=points(c.new), term=term)
    if c.action == "removed":
        return _("No more points {term} (it was {points})").format(term=term, points=points(c.old))
    return _("Points {term}: {new} (was {old})").format(term=term, new=c.new, old=c.old)


_PHRASES: dict[str, Callable[[Change], str]] = {
    **{aspect: _meta(aspect) for aspect in ("title", "subtitle", "year", "publisher", "author", "summary",
                                            "go_pile_name", "zone_pile_name")},
    "language": lambda c: _("Written in {new} (was {old})").format(new=language_name(c.new),
                                                                    old=language_name(c.old)),
    "name": lambda c: _("{old} is now called {new}").format(old=q(c.old), new=q(c.new)),
    "card": _card,
    "kind": lambda c: _("{name} is a {new} (was a {old})").format(name=q(c.name), new=kind_card(c.new),
                                                                  old=kind_card(c.old)),
    "miles": lambda c: _("{name} is worth {new} miles (was {old})").format(name=q(c.name), new=c.new, old=c.old),
    "count": lambda c: _("{name}: {new} in the deck (was {old})").format(name=q(c.name), new=c.new, old=c.old),
    "hours": _hours,
    "deck-size": lambda c: _("The deck holds {new} cards (was {old})").format(new=c.new, old=c.old),
    **{aspect: phrase for construct in core.CORE  # the card aspects a construct words with the differ's helpers
       for aspect, phrase in construct.diff_words(q, names, flag_changed).items()},
    "seating": _seating,
    "removals": lambda c: _("{seating}: take out {new} (was {old})").format(
        seating=seating_label(c), new=counted(c.new), old=counted(c.old)),
    **core.diff_phrases(),  # every core construct's aspects (mechanics.core.CORE: the turn's, the race's, delays', zones', penalties'...)
    **{e.diff_aspect: (lambda c, e=e: e.diff(c.action, q(c.name), None if c.old is None else q(c.old),
                                             None if c.new is None else q(c.new)))
       for e in EFFECTS if e.diff_aspect},  # each hazard effect's words (mechanics.effects)
    "scoring": _scoring,
    "score-term": _score_term,
    "note": lambda c: _("Note added: {note}").format(note=c.new) if c.action == "added" else
    _("Note dropped: {note}").format(note=c.old),
    "history": lambda c: _history(c),
}


def _history(c) -> str:
    """A fact of the history added, dropped, or become (un)certain (c.subject: its words; values: why in doubt)."""
    fact = c.subject[1] if c.action == "added" else c.subject[0]
    if c.action == "added":
        return _("History adds: {fact} (uncertain: {why})").format(fact=fact, why=c.new) if c.new else \
            _("History adds: {fact}").format(fact=fact)
    if c.action == "removed":
        return _("History drops: {fact}").format(fact=fact)
    return _("History, now uncertain: {fact} ({why})").format(fact=fact, why=c.new) if c.new else \
        _("History, now settled: {fact}").format(fact=fact)
