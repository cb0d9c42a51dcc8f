"""Diff stage, wording: one Change -> one plain sentence (B's state first, A's in brackets).

The core constructs' sentences are loops over mechanics.core.CORE that name none of them: their
diff_phrases and diff_words, and their parts of a card's and a seating's summary (card_said, seating_said,
in the order mechanics.core.ORDER declares).
"""
from __future__ import annotations

from ..base.wording import flag_changed
from ..base.i18n import LANGUAGES

from typing import Any, Callable

from ..mechanics.effects import REGISTERED as EFFECTS
from .changes import MECHANIC_ASPECT, Change
from ..mechanics import by_name
from ..mechanics import core



def q(name: Any) -> str:
    return f'"{name}"'


def names(items) -> str:
    return ", ".join(q(n) for n in items) if items else "nothing"


def counted(items) -> str:
    return ", ".join(f"{n} x {q(card)}" for card, n in items) if items else "nothing"


def describe(change: Change) -> str:
    """The change in words."""
    if change.aspect.startswith(MECHANIC_ASPECT):
        return _mechanic(change)
    phrase = _PHRASES.get(change.aspect)
    if phrase is None:
        return f"{change.aspect}: {_plain(change.old)} -> {_plain(change.new)}"
    return phrase(change)


# per aspect ----------------------------------------------------------------------------------------
def _mechanic(c: Change) -> str:
    """A mechanic's part changed: the mechanic words it (touring_dsl.mechanics)."""
    mechanic = by_name(c.aspect.removeprefix(MECHANIC_ASPECT))
    unit = (c.new or c.old)["unit"]
    old, new = (None if v is None else mechanic.model.model_validate({k: x for k, x in v.items() if k != "unit"})
                for v in (c.old, c.new))
    said = "; ".join(mechanic.diff(old, new, unit))
    return f"{c.name}: {said}" if c.name else said[:1].upper() + said[1:]


def _plain(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)):
        return ", ".join(_plain(v) for v in value) or "none"
    return str(value)


def _meta(label: str) -> Callable[[Change], str]:
    def phrase(c: Change) -> str:
        show = (lambda v: "none" if v is None else str(v)) if label == "Year" else \
            (lambda v: "none" if v is None else q(v))
        return f"{label}: {show(c.new)} (was {show(c.old)})"
    return phrase


def _card(c: Change) -> str:
    info = c.new if c.action == "added" else c.old
    extra = "".join(said(info, names) for _, said in core.steps("card_said", {"card": _card_own_said}))
    what = f"{info['kind']} card, {info['count']} in the deck{extra}"
    if c.action == "added":
        return f"New card {q(c.name)}: {what}"
    return f"Card {q(c.name)} is gone (was a {what})"


def _card_own_said(info: dict, names) -> str:
    """The words of what every card may have: its miles and its hours (the "card" slot of ORDER["card_said"])."""
    extra = f", worth {info['miles']}" if "miles" in info else ""
    return extra + (f", {info['hours']} hours of delay" if "hours" in info else "")


def _hours(c: Change) -> str:
    def show(v):
        return f"{v} hour" + ("s" if v != 1 else "")
    if c.new is None:
        return f"{q(c.name)} no longer counts its delay in hours (was {show(c.old)})"
    if c.old is None:
        return f"{q(c.name)} now delays for {show(c.new)} (was not counted in hours)"
    return f"{q(c.name)} delays for {show(c.new)} (was {show(c.old)})"


def _seating(c: Change) -> str:
    info = c.new if c.action == "added" else c.old
    own = {"removals": lambda summary: [f"taking out {counted(summary['removals'])}"]}
    what = ", ".join(part for _, said in core.steps("seating_said", own) for part in said(info))
    if c.action == "added":
        return f"{c.name}: now a way to play ({what})"
    return f"{c.name}: no longer a way to play (it was {what})"


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
    rounds = f"a match is played to {match} points" if match else "each race is scored on its own"
    return f"Races are now scored ({rounds})" if c.action == "added" else \
        f"Races are no longer scored (they were, and {rounds})"


def _score_term(c: Change) -> str:
    def points(n: int) -> str:
        return f"{n} point" + ("" if n == 1 else "s")
    if c.action == "added":
        return f"New score: {points(c.new)} {c.name}"
    if c.action == "removed":
        return f"No more points {c.name} (it was {points(c.old)})"
    return f"Points {c.name}: {c.new} (was {c.old})"


_PHRASES: dict[str, Callable[[Change], str]] = {
    "title": _meta("Title"), "subtitle": _meta("Subtitle"), "year": _meta("Year"),
    "publisher": _meta("Publisher"), "author": _meta("Author"), "summary": _meta("Summary"),
    "language": lambda c: f"Written in {LANGUAGES.get(c.new, c.new)} (was {LANGUAGES.get(c.old, c.old)})",
    "go_pile_name": _meta("Name of the pile a go card is laid on"), "zone_pile_name": _meta("Name of the zone pile"),
    "name": lambda c: f"{q(c.old)} is now called {q(c.new)}",
    "card": _card,
    "kind": lambda c: f"{q(c.name)} is a {c.new} card (was a {c.old} card)",
    "miles": lambda c: f"{q(c.name)} is worth {c.new} miles (was {c.old})",
    "count": lambda c: f"{q(c.name)}: {c.new} in the deck (was {c.old})",
    "hours": _hours,
    "deck-size": lambda c: f"The deck holds {c.new} cards (was {c.old})",
    **{aspect: phrase for construct in core.CORE  # the card aspects a construct words with the differ's helpers
       for aspect, phrase in construct.diff_words(q, names, flag_changed).items()},
    "seating": _seating,
    "removals": lambda c: f"{c.name}: take out {counted(c.new)} (was {counted(c.old)})",
    **core.diff_phrases(),  # every core construct's aspects (mechanics.core.CORE: the turn's, the race's, delays', zones', penalties'...)
    **{e.diff_aspect: (lambda c, e=e: e.diff(c.action, q(c.name), None if c.old is None else q(c.old),
                                             None if c.new is None else q(c.new)))
       for e in EFFECTS if e.diff_aspect},  # each hazard effect's words (mechanics.effects)
    "scoring": _scoring,
    "score-term": _score_term,
    "note": lambda c: f"Note added: {c.new}" if c.action == "added" else f"Note dropped: {c.old}",
    "history": lambda c: _history(c),
}


def _history(c) -> str:
    """A fact of the history added, dropped, or become (un)certain (c.subject: its words; values: why in doubt)."""
    fact = c.subject[1] if c.action == "added" else c.subject[0]
    doubt = (lambda why: f" (uncertain: {why})" if why else "")
    if c.action == "added":
        return f"History adds: {fact}{doubt(c.new)}"
    if c.action == "removed":
        return f"History drops: {fact}"
    return f"History, now uncertain: {fact} ({c.new})" if c.new else f"History, now settled: {fact}"
