"""Mechanics, scoring, the kinds of term: what each counts, how it is checked, counted and said (base.py).

    N points per mile | km                     distance      the miles its mileage piles add up to
    N points per "Card" | kind in play         in-play       the cards of that name (kind) in its play
    N points for all <kind> in play            all-in-play   once, with one card of every name of that kind
    N points per hazard countered              countered     each hazard it turned away with a counter
    N points for completing the race           completing    once, to the side that completed it ...
      without "Card"                           completing-without     ... with none of that card in play
      after the draw pile runs out             completing-exhausted   ... with the draw pile empty
      while no opponent has any mileage        shut-out               ... while no other side has miles

A mechanic's completing condition ("after an extension") is MechanicFinish, made from its Finish; a term of
a mechanic's own, scored by the sides the mechanic names ("for an extension, to its caller who completes it,
else to each opponent of the caller"), is MechanicAward, made from its Award.
"""
from __future__ import annotations

from typing import Any

from ...base.i18n import _, pgettext
from ..base import Award, Finish, Mechanic
from ..phrases import filled
from .base import Named, NameList, TermKind
from .checks import counted_card_or_kind, kept_card, kept_kind, same_unit

KIND_WORDS = {"mileage": ("mileage card", "mileage cards"), "go": ("go card", "go cards"),
              "remedy": ("remedy", "remedies"), "zone": ("zone card", "zone cards"),
              "safety": ("safety", "safeties")}


def _kind_of(game: Any, name: str) -> str:
    return game.ruleset.card(name).kind


class Distance(TermKind):
    what, statement = "distance", "score_distance"

    def steers(self, term, ruleset):
        return ("per_mile", term.points)

    def parse(self, children):
        n, _points, unit = children
        return {"points": n, "unit": unit}

    def key_words(self, rest):
        return "points per mile"

    def check(self, build, stmt):
        return {} if same_unit(build, stmt.data["unit"]) else None

    def count(self, game, term, side, laid):
        return game.miles[side]

    def words(self, term, unit, counter):
        return (f"per {unit}",)

    def rulebook(self, term, ruleset):
        if ruleset.race.unit == "km":
            return (_(" for every km it has travelled"),)
        return (_(" for every mile it has travelled"),)


class InPlay(TermKind):
    what, statement, reads_play = "in-play", "score_in_play", True

    def steers(self, term, ruleset):
        safeties = {card.name for card in ruleset.deck if card.kind == "safety"}
        if term.kind == "safety":
            return ("per_safety", term.points)
        if term.card in safeties:  # one safety's points, spread over them all
            return ("per_safety", term.points // max(len(safeties), 1))
        return None

    def parse(self, children):
        n, _points, scored = children  # scored: {"card": Name, "kind": None} or {"card": None, "kind": Name}
        return {"points": n, **scored}

    def key(self, data):
        return (self.statement, "card", data["card"].value) if data.get("card") else \
            (self.statement, "kind", data["kind"].value)

    def key_words(self, rest):
        return "points per " + (f'"{rest[1]}"' if rest[0] == "card" else rest[1]) + " in play"

    def check(self, build, stmt):
        return counted_card_or_kind(build, stmt.data)

    def count(self, game, term, side, laid):
        if term.card:
            return laid[term.card]
        return sum(n for name, n in laid.items() if _kind_of(game, name) == term.kind)

    def words(self, term, unit, counter):
        return ("per ", Named(term.card), " in play") if term.card else (f"per {term.kind} in play",)

    def rulebook(self, term, ruleset):
        if term.card:
            return filled(_(" for every {card} card it has in play"), card=Named(term.card))
        kind = {"mileage": pgettext("one card kind", "mileage card"), "go": pgettext("one card kind", "go card"),
                "remedy": pgettext("one card kind", "remedy"), "zone": pgettext("one card kind", "zone card"),
                "safety": pgettext("one card kind", "safety")}.get(term.kind or "", term.kind or _("card"))
        return (_(" for every {kind} it has in play").format(kind=kind),)


class AllInPlay(TermKind):
    what, statement, reads_play = "all-in-play", "score_all_in_play", True

    def steers(self, term, ruleset):
        return ("all_safeties", term.points) if term.kind == "safety" else None

    def key(self, data):
        return (self.statement, data["kind"].value)

    def key_words(self, rest):
        return f"points for all {rest[0]} in play"

    def check(self, build, stmt):
        kind = stmt.data["kind"]
        return {"kind": kind.value} if kept_kind(build, kind) else None

    def count(self, game, term, side, laid):
        names = [c.name for c in game.ruleset.deck if c.kind == term.kind]
        return int(all(laid[name] for name in names))

    def words(self, term, unit, counter):
        kinds = {"safety": "safeties", "remedy": "remedies"}
        return (f"for all {kinds.get(term.kind or '', f'{term.kind}s')} in play",)

    def rulebook(self, term, ruleset):
        names = tuple(c.name for c in ruleset.deck if c.kind == term.kind)
        return filled(_(" when it has all of {cards} in play"), cards=NameList(names, "and"))


class Countered(TermKind):
    what, statement = "countered", "score_countered"

    def steers(self, term, ruleset):
        return ("countered", term.points)

    def key(self, data):
        return (self.statement, data["kind"].value)

    def key_words(self, rest):
        return f"points per {rest[0]} countered"

    def check(self, build, stmt):
        kind = stmt.data["kind"]
        if kind.value != "hazard":
            build.c.error("E296", f"only hazards are countered, not {kind.value} cards", kind.span,
                          "write `per hazard countered`")
            return None
        if not any(c.counters for c in build.cards.values()):
            build.c.error("E295", "no card in the deck cancels a hazard as it is played, so none is ever countered",
                          kind.span, 'give a counter or a safety `cancels "..."`, or drop this term')
            return None
        return {"kind": kind.value}

    def count(self, game, term, side, laid):
        return game.countered[side]

    def words(self, term, unit, counter):
        return (f"per {counter}" if counter else "per hazard countered",)

    def rulebook(self, term, ruleset):
        name = ruleset.pile_names.counter
        if name:
            return (_(" for every {name} it called (the card that turned the hazard away scores as well, if it "
                      "stays in play)").format(name=name),)
        return (_(" for every hazard it turned away as it was played, out of turn (the card that turned the "
                  "hazard away scores as well, if it stays in play)"),)


class Completing(TermKind):
    what, statement, finish, completes = "completing", "score_complete", "always", True

    def steers(self, term, ruleset):
        return ("complete", term.points)

    def words(self, term, unit, counter):
        return ("for completing the race",)

    def rulebook(self, term, ruleset):
        return (_(" for completing it"),)


class CompletingWithout(TermKind):
    what, statement, finish, completes, reads_play = "completing-without", "score_complete", "without", True, True
    written, finish_alias = " without", "finish_without"

    def steers(self, term, ruleset):
        return ("without", term.points, term.card) if term.card else None

    def check(self, build, stmt):
        card = kept_card(build, stmt.data["card"])
        return None if card is None else {"card": card}

    def holds(self, game, term, side, laid):
        return not laid[term.card]

    def words(self, term, unit, counter):
        return ("for completing the race without ", Named(term.card))

    def rulebook(self, term, ruleset):
        return filled(_(" more if it has no {card} card in play"), card=Named(term.card or ""))


class CompletingExhausted(TermKind):
    what, statement, finish, completes = "completing-exhausted", "score_complete", "exhausted", True
    written, finish_alias = " after the draw pile runs out", "finish_exhausted"

    def steers(self, term, ruleset):
        return ("exhausted", term.points)

    def holds(self, game, term, side, laid):
        return not game.draw

    def words(self, term, unit, counter):
        return ("for completing the race after the draw pile runs out",)

    def rulebook(self, term, ruleset):
        return (_(" more if the draw pile was empty when it completed the race"),)


class ShutOut(TermKind):
    what, statement, finish, completes = "shut-out", "score_complete", "shut-out", True
    written, finish_alias = " while no opponent has any mileage", "finish_shut_out"

    def steers(self, term, ruleset):
        return ("shut_out", term.points)

    def holds(self, game, term, side, laid):
        return all(not miles for other, miles in enumerate(game.miles) if other != side)

    def words(self, term, unit, counter):
        return ("for completing the race while no opponent has any mileage",)

    def rulebook(self, term, ruleset):
        return (_(" more if no opponent has any mileage (a shut-out)"),)


class MechanicFinish(TermKind):
    """A mechanic's completing condition (its Finish): checked, held and said by the mechanic."""

    statement, completes = "score_complete", True

    def __init__(self, mechanic: Mechanic, finish: Finish) -> None:
        self.mechanic, self.said = mechanic, finish
        self.what = self.finish = finish.what
        self.written, self.finish_alias = " " + finish.words, finish.grammar

    def check(self, build, stmt):
        return mechanic_used(build, stmt, self.mechanic, f"a race is never completed {self.said.words}")

    def holds(self, game, term, side, laid):
        return self.mechanic.finish_holds(game, side, self.what)

    def words(self, term, unit, counter):
        return (f"for completing the race {self.said.words}",)

    def rulebook(self, term, ruleset):
        return (_(" more if it completed the race {condition}").format(
            condition=self.mechanic.finish_rulebook(self.said)),)


def mechanic_used(build, stmt, mechanic: Mechanic, never: str) -> dict | None:
    """A term of a mechanic's checks that some setup uses the mechanic (E295: else the term `never` applies)."""
    if mechanic.name in build.mechanics_used:
        return {}
    build.c.error("E295", f"no setup of this edition uses the {mechanic.name}, so {never}", stmt.span,
                  f"add the {mechanic.name} to a setup, or leave the term out")
    return None


class MechanicAward(TermKind):
    """A mechanic's own term (its Award): a line of its own in the scoring section, checked like a finish
    (a setup must use the mechanic), counted for each side by the mechanic, whoever completed the race."""

    def __init__(self, mechanic: Mechanic, award: Award) -> None:
        self.mechanic, self.said = mechanic, award
        self.what, self.statement = award.what, award.grammar

    def parse(self, children):
        n, _points = children
        return {"points": n}

    def key_words(self, rest):
        return "points " + self.said.words

    def check(self, build, stmt):
        return mechanic_used(build, stmt, self.mechanic, f"nobody ever scores points {self.said.words}")

    def count(self, game, term, side, laid):
        return self.mechanic.award_count(game, side, self.what)

    def words(self, term, unit, counter):
        return (self.said.words,)

    def rulebook(self, term, ruleset):
        return (" " + self.mechanic.award_rulebook(self.said),)


CORE = (Distance(), Completing(), CompletingWithout(), CompletingExhausted(), ShutOut(), InPlay(), AllInPlay(),
        Countered())  # in ScoreTerm.what's order (the compiled model's)
