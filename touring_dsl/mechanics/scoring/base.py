"""Mechanics, scoring, the contract: one kind of scoring term (what it counts), and how its words are said.

A kind of term is one subclass of TermKind with one instance, listed once in scoring/__init__.py KINDS
(a mechanic's completing conditions, its `finishes`, join them there as MechanicFinish). It carries:
its `what` (ScoreTerm.what in the compiled model), the grammar alias it is written with (grammar/
touring.lark `score_rule`, and for a completing term its `finish`), its compile check, how it is counted
on a finished table, and its words (the short ones of `touring show`, the diff and the score sheet, and the
rulebook's). Its words name cards through Named and NameList (mechanics.effects.base), so that each face
shows them its own way. Like every mechanic module it imports only touring_dsl.base and touring_dsl.mechanics.
"""
from __future__ import annotations

from typing import Any

from ..effects.base import Named, NameList  # noqa: F401 (a term's words name cards through them)


class TermKind:
    """One kind of scoring term. `count` and the words raise until written (tests/test_scoring_terms.py)."""

    what: str = ""  # ScoreTerm.what: its id in the compiled model
    statement: str = ""  # the grammar alias of its `score_rule` line (grammar/touring.lark)
    finish: str | None = None  # a completing term's parsed `finish` ("always", "without", ...); None otherwise
    completes: bool = False  # scored once, by the side that completed the race, when its condition holds
    reads_play: bool = False  # it looks at the cards in a side's play (the rulebook then says what that is)

    finish_alias: str | None = None  # the grammar alias of a completing term's `finish` alternative

    # the compiler ------------------------------------------------------------------------------
    def parse(self, children: list) -> dict:
        """The data of its line, from the parse tree's children (language.syntax): its points (INT), the
        `points` word (None), then what it counts; a completing term's `finish` is (finish, card) or None."""
        n, _points, counted = children
        if self.completes:
            condition, card = counted or ("always", None)
            return {"points": n, "finish": condition, "card": card}
        return {"points": n, "kind": counted}

    def check(self, build: Any, stmt: Any) -> dict | None:
        """The ScoreTerm fields its statement sets besides `what` and `points` (card, kind), or None when
        the statement is wrong (build.c.error said why). By default: none."""
        return {}

    def key(self, data: dict) -> tuple:
        """What tells its line apart from the section's other lines (language.syntax keys statements by it;
        plain values, never a Name): a completing term's finish and card, by default nothing more."""
        if self.completes:
            return (self.statement, data["finish"]) + ((data["card"].value,) if data.get("card") else ())
        return (self.statement,)

    def key_words(self, rest: tuple) -> str:
        """Its line's key (after the statement) in words, for messages ("points for completing the race
        without "200 km"")."""
        if self.completes:
            return "points for completing the race" + self.written + "".join(f' "{r}"' for r in rest[1:])
        raise NotImplementedError(f"scoring term {self.what} has no key words")

    written: str = ""  # a completing term's finish as written, after "for completing the race" (" without")

    # the finished race -------------------------------------------------------------------------
    def count(self, game: Any, term: Any, side: int, laid) -> int:
        """How many times `term` applies to `side` at the end of the race (`laid`: card name -> how many
        lie in its play). A completing kind says `holds` instead."""
        if self.completes:
            return int(completed(game, side) and self.holds(game, term, side, laid))
        raise NotImplementedError(f"scoring term {self.what} is not counted")

    def holds(self, game: Any, term: Any, side: int, laid) -> bool:
        """A completing kind's condition, for the side that completed the race."""
        return True

    # the bots --------------------------------------------------------------------------------
    def steers(self, term: Any, ruleset: Any) -> tuple | None:
        """What the scoring-minded bots (bots.strategy.knowledge Points) may steer for: (the Points field,
        the points, and for a field kept by card the card), or None where they leave it to chance."""
        return None

    # words -------------------------------------------------------------------------------------
    def words(self, term: Any, unit: str, counter: str) -> tuple:
        """What it counts, short ("per km", "for completing the race without ", Named(card)); `unit` the
        distance word, `counter` the edition's name for a hazard turned away ("" where none)."""
        raise NotImplementedError(f"scoring term {self.what} has no words")

    def rulebook(self, term: Any, ruleset: Any) -> tuple:
        """The rulebook's words after its points (" for every km it has travelled")."""
        raise NotImplementedError(f"scoring term {self.what} has no rulebook words")


def completed(game: Any, side: int) -> bool:
    """Whether `side` ended the race by completing it."""
    return game.outcome == "completed" and game.winner == side


def distance_word(unit: str) -> str:
    """The rulebook's and the language's word for one unit of a race run in `unit` ("miles" or "km")."""
    return "km" if unit == "km" else "mile"
