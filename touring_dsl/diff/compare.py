"""Diff stage, comparison: two Rulesets and their card pairing -> Changes, topic by topic.

The topics are a loop over the core constructs (mechanics.core.CORE) that names none of them: each
construct's `compare` in its slots of mechanics.core.ORDER["compare"], this module's own topics (the
header, the cards, the seatings, the hazard effects' data, the scoring's terms, the notes, the optional
mechanics) in theirs, so the changes come in the order the differ's goldens hold. A card's aspects and
summary, and a seating's changes and summary, are loops over CORE too (card_changes, card_summary,
seating_changes, seating_summary).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Iterable

from ..mechanics import REGISTERED, core
from ..mechanics.effects import REGISTERED as EFFECTS, effects_of
from ..mechanics.scoring import score_words
from ..language.model import Card, Ruleset, Setup
from .changes import MECHANIC_ASPECT, Change
from .match import CardMatch

class Comparison:
    """Collects the Changes from A to B; every value of A is read in B's card names before comparing."""

    def __init__(self, a: Ruleset, b: Ruleset, match: CardMatch):
        self.a, self.b, self.match = a, b, match
        self.changes: list[Change] = []

    def run(self) -> list[Change]:
        own = {"metadata": self.metadata, "cards": self.cards, "players": self.players, "effects": self.effects,
               "scoring": self.scoring, "score_terms": self.score_terms, "notes": self.notes,
               "mechanics": self.mechanics}
        for section, compare in core.steps("compare", {slot: _own(topic) for slot, topic in own.items()}):
            compare(self, section)
        return self.changes

    # helpers -------------------------------------------------------------------------------------
    def t(self, name: str) -> str:
        return self.match.to_b(name)

    def ts(self, names: Iterable[str]) -> tuple[str, ...]:
        return tuple(self.t(n) for n in names)

    def emit(self, topic: str, action: str, aspect: str, subject=(None, None), old=None, new=None,
             seating: tuple | None = None) -> None:
        self.changes.append(Change(topic, action, aspect, tuple(subject), old, new, seating))  # type: ignore[arg-type]

    def value(self, topic: str, aspect: str, old: Any, new: Any, old_in_b: Any = None,
              subject=(None, None)) -> None:
        """A changed value; `old_in_b` is the old value in B's names when it holds card names."""
        if (old if old_in_b is None else old_in_b) != new:
            self.emit(topic, "changed", aspect, subject, old, new)

    def keyed(self, topic: str, aspect: str, old: dict, new: dict, key_to_b: Callable[[Any], Any],
              value_to_b: Callable[[Any], Any] = lambda v: v,
              norm: Callable[[Any], Any] = lambda v: v) -> None:
        """Things known by a key (a card, a zone...): removed, added, or with a changed value.

        `norm` puts a value in a canonical form (a set in sorted order) before comparing."""
        seen = set()
        for key, value in old.items():
            partner = key_to_b(key)
            if partner in new:
                seen.add(partner)
                if norm(value_to_b(value)) != norm(new[partner]):
                    self.emit(topic, "changed", aspect, (key, partner), value, new[partner])
            else:
                self.emit(topic, "removed", aspect, (key, None), value, None)
        for key, value in new.items():
            if key not in seen:
                self.emit(topic, "added", aspect, (None, key), None, value)

    # topics ----------------------------------------------------------------------------------------
    def metadata(self) -> None:
        for name in ("title", "subtitle", "year", "publisher", "author", "summary", "language"):
            show = _years if name == "year" else lambda r, n=name: getattr(r, n) or None
            self.value("metadata", name, show(self.a), show(self.b))
        for role in ("go", "zone"):  # what the players call the piles
            self.value("metadata", f"{role}_pile_name", getattr(self.a.pile_names, role) or None,
                       getattr(self.b.pile_names, role) or None)
        self.value("metadata", "counter_name", self.a.pile_names.counter or None, self.b.pile_names.counter or None)
        self.history()

    def history(self) -> None:
        """The facts of the editions' histories, known by their words: dropped, added, or now (un)certain.
        Only where both tell one (a variant tells its parent's): an edition that tells none denies nothing."""
        if not (self.a.history and self.b.history):
            return
        old = {fact.text: fact.uncertain for fact in self.a.history}
        new = {fact.text: fact.uncertain for fact in self.b.history}
        self.keyed("metadata", "history", old, new, lambda text: text)

    def cards(self) -> None:
        for kind, old, new in self.match.renames():
            self.emit("cards", "renamed", "name", (old, new), old, new)
        for card in self.match.removed():
            self.emit("cards", "removed", "card", (card.name, None), _card_summary(card), None)
        for card in self.match.added():
            self.emit("cards", "added", "card", (None, card.name), None, _card_summary(card))
        for old, new in self.match.pairs():
            subject = (old.name, new.name)
            for _, changes in core.steps("card_changes", {"card": _card_aspects}):
                for aspect, was, now, was_in_b in changes(old, new, self.ts):
                    self.value("cards", aspect, was, now, was_in_b, subject=subject)
        self.value("cards", "deck-size", _deck_size(self.a), _deck_size(self.b))

    def players(self) -> None:
        """Ways to seat players, known by (players, sides, decks); compared in groups of player counts."""
        old, new = _seatings(self.a), _seatings(self.b)
        found: list[tuple[tuple, str, str, Any, Any]] = []
        for key in list(old) + [k for k in new if k not in old]:
            for action, aspect, before, after in self._seating_changes(old.get(key), new.get(key)):
                found.append((key, action, aspect, before, after))
        for (arrangement, decks, action, aspect, before, after), counts in _group_counts(found):
            label = _seating_label(counts, arrangement, decks)
            self.emit("players", action, aspect, (label, label), before, after,
                      seating=(tuple(counts), *arrangement, decks))

    def _seating_changes(self, old: tuple[Setup, Ruleset] | None, new: tuple[Setup, Ruleset] | None):
        if old is None or new is None:
            present = old or new
            summary = _seating_summary(*present)  # type: ignore[misc]
            yield ("removed", "seating", summary, None) if new is None else ("added", "seating", None, summary)
            return
        (s_a, r_a), (s_b, r_b) = old, new
        own = {"removals": _removal_changes, "mechanics": _race_mechanic_changes}
        for _, changes in core.steps("seating_changes", own):  # the pack, the race's mechanics, its own race
            yield from changes(self.t, s_a, r_a, s_b, r_b)

    def effects(self) -> None:
        old, new = effects_of(self.a), effects_of(self.b)
        for effect in EFFECTS:  # each hazard effect's own data (mechanics.effects), under its aspect
            if effect.diff_aspect:
                self.keyed(effect.diff_topic, effect.diff_aspect,
                           {c.name: effect.diff_value(c) for c in self.a.deck if old.get(c.name) is effect},
                           {c.name: effect.diff_value(c) for c in self.b.deck if new.get(c.name) is effect},
                           self.t, self.t if effect.diff_names_card else (lambda v: v))

    def scoring(self) -> None:
        """Scoring brought in or dropped as a whole (with its match; a match changed between two scored
        rulesets is the match construct's, next in ORDER["compare"])."""
        a, b = self.a.scoring, self.b.scoring
        if (a is None) != (b is None):
            self.emit("scoring", "added" if a is None else "removed", "scoring",
                      old=None if a is None else a.match, new=b.match if b else None)

    def score_terms(self) -> None:
        """Each scoring term, known by what it counts."""
        a, b = self.a.scoring, self.b.scoring
        if a is None and b is None:
            return
        unit = " or ".join(sorted({"mile" if r.race.unit == "miles" else "km" for r in (self.a, self.b)
                                   if r.scoring}, reverse=True))  # the same words both ways round
        old = {score_words(t, unit, self.t): (t, self.t(t.card) if t.card else None) for t in (a.terms if a else ())}
        new = {score_words(t, unit): (t, t.card) for t in (b.terms if b else ())}
        start = len(self.changes)
        self.keyed("scoring", "score-term", {k: t.points for k, (t, _card) in old.items()},
                   {k: t.points for k, (t, _card) in new.items()}, lambda k: k)
        for i in range(start, len(self.changes)):  # each with its term, for its words in the reader's language
            change = self.changes[i]
            term, card = new.get(change.name) or old[change.name]
            self.changes[i] = replace(change, term=(term, unit, card))

    def mechanics(self) -> None:
        """The ruleset-wide mechanics (and the match's), each under the topic it declares."""
        for mechanic in REGISTERED:
            if mechanic.place != "race":
                old, new = mechanic_part(self.a, mechanic), mechanic_part(self.b, mechanic)
                if old != new:
                    self.emit(mechanic.topic, "changed", MECHANIC_ASPECT + mechanic.name, old=old, new=new)

    def notes(self) -> None:
        old = [text for text, _ in self.a.notes]
        new = [text for text, _ in self.b.notes]
        for text in old:
            if text not in new:
                self.emit("notes", "removed", "note", (text, None), text, None)
        for text in new:
            if text not in old:
                self.emit("notes", "added", "note", (None, text), None, text)


def _own(topic: Callable[[], None]):
    """One of Comparison's own topics as a step of ORDER["compare"]: (comparison, section) -> None."""
    def step(comparison: Comparison, section: str) -> None:
        topic()
    return step


def _card_aspects(old: Card, new: Card, in_b) -> list[tuple[str, Any, Any, Any]]:
    """What the differ compares of every card matched across the rulesets (the "card" slot of
    ORDER["card_changes"]): its kind, miles, count and hours."""
    return [(aspect, getattr(old, aspect), getattr(new, aspect), None)
            for aspect in ("kind", "miles", "count", "hours")]


def _removal_changes(to_b, s_a: Setup, r_a: Ruleset, s_b: Setup, r_b: Ruleset):
    """The cards a seating takes out of the pack (the "removals" slot of ORDER["seating_changes"])."""
    if _removal_key(s_a.removals, to_b) != _removal_key(s_b.removals, lambda n: n):
        yield "changed", "removals", _removal_list(s_a.removals, r_a), _removal_list(s_b.removals, r_b)


def _race_mechanic_changes(to_b, s_a: Setup, r_a: Ruleset, s_b: Setup, r_b: Ruleset):
    """A seating's race mechanics (the Extension...): each says its own differences (the "mechanics" slot)."""
    for mechanic in REGISTERED:
        if mechanic.place == "race":
            old_part, new_part = mechanic_part(s_a.race, mechanic), mechanic_part(s_b.race, mechanic)
            if old_part != new_part:
                yield "changed", MECHANIC_ASPECT + mechanic.name, old_part, new_part


# reading a ruleset -----------------------------------------------------------------------------------


def mechanic_part(holder, mechanic) -> dict | None:
    """A mechanic's part of a race or a ruleset as a Change holds it: its rule (not its citations) as data,
    with the unit of the race its words are in; None where it is not used."""
    part = getattr(holder.mechanics, mechanic.name, None)
    if part is None:
        return None
    unit = holder.unit if hasattr(holder, "unit") else holder.race.unit
    return {"unit": unit, **part.model_dump(mode="json", exclude={"provenance"})}


def _card_summary(card: Card) -> dict:
    """An added or removed card as a Change holds it: each part in ORDER["card_summary"]."""
    summary: dict[str, Any] = {}
    for _, part in core.steps("card_summary", {"card": _card_own_summary}):
        summary.update(part(card))
    return summary


def _card_own_summary(card: Card) -> dict:
    """What every card has: its kind, count, and the fields it sets of its miles, hours and effect."""
    summary: dict[str, Any] = {"kind": card.kind, "count": card.count}
    for field in ("miles", "hours", "removes", "effect"):
        if getattr(card, field) is not None:
            summary[field] = getattr(card, field)
    return summary


def _years(ruleset: Ruleset) -> int | str | None:
    """The year, or the years sold as 'first-last'."""
    return f"{ruleset.year}-{ruleset.year_end}" if ruleset.year_end else ruleset.year


def _deck_size(ruleset: Ruleset) -> int:
    return sum(card.count for card in ruleset.deck)


def _arrangement(setup: Setup) -> tuple[int | None, int | None]:
    """(sides, players a side), or (None, None) for players as individuals."""
    return (None, None) if setup.sides is None else (setup.sides, setup.side_size)


def _seatings(ruleset: Ruleset) -> dict[tuple, tuple[Setup, Ruleset]]:
    """(players, arrangement, decks) -> the first setup that seats them so."""
    found: dict[tuple, tuple[Setup, Ruleset]] = {}
    for setup in ruleset.setups:
        for players in setup.players:
            found.setdefault((players, _arrangement(setup), setup.decks), (setup, ruleset))
    return found


def _seating_summary(setup: Setup, ruleset: Ruleset) -> dict:
    """A way to seat players added or removed, as a Change holds it: each part in ORDER["seating_summary"]."""
    own = {"removals": lambda s, r: {"removals": _removal_list(s.removals, r)}}
    summary: dict[str, Any] = {}
    for _, part in core.steps("seating_summary", own):
        summary.update(part(setup, ruleset))
    return summary


def _removal_list(removals: tuple[tuple[str, int], ...], ruleset: Ruleset) -> tuple:
    order = {c.name: i for i, c in enumerate(ruleset.deck)}
    return tuple(sorted(removals, key=lambda r: order.get(r[0], len(order))))


def _removal_key(removals, to_b: Callable[[str], str]) -> tuple:
    return tuple(sorted((to_b(card), n) for card, n in removals))


def _group_counts(found: list[tuple[tuple, str, str, Any, Any]]):
    """Merge the same change for several player counts: 3 and 4 players -> "3 or 4 players"."""
    groups: dict[tuple, list[int]] = {}
    for (players, arrangement, decks), action, aspect, before, after in found:
        groups.setdefault((arrangement, decks, action, aspect, _hashable(before), _hashable(after)),
                          []).append(players)
    for (arrangement, decks, action, aspect, before, after), counts in groups.items():
        yield (arrangement, decks, action, aspect, _unhash(before), _unhash(after)), sorted(counts)


def _hashable(value: Any) -> Any:
    if isinstance(value, dict):
        return ("__dict__", tuple(sorted((k, _hashable(v)) for k, v in value.items())))
    return value


def _unhash(value: Any) -> Any:
    if isinstance(value, tuple) and len(value) == 2 and value[0] == "__dict__":
        return {k: _unhash(v) for k, v in value[1]}
    return value


def _seating_label(counts: list[int], arrangement: tuple[int | None, int | None], decks: int) -> str:
    """The seating's words in English, kept as the Change's data (diff.describe says it in the reader's)."""
    players = " or ".join(str(n) for n in counts)
    sides, size = arrangement
    label = f"{players} players " + ("as individuals" if sides is None else f"in {sides} sides of {size}")
    return label + (f", with {decks} decks" if decks > 1 else "")
