"""Mechanics, scoring: the `scoring` section, how each race is scored and what wins a match.

Construct: in the `scoring` section, terms that give each side points when a race ends, however it ended
(`N points per mile`, `N points per "Card" in play`, `N points for all safeties in play`, `N points per
hazard countered`), terms only the side that completed the race scores (`N points for completing the race`,
optionally `without "Card"`, `after the draw pile runs out`, `while no opponent has any mileage`, or a
mechanic's condition such as `after an extension`), a mechanic's own terms (its awards, such as the
Extension's bonus to its caller or to the caller's opponents), and `match to N points`: the races are
played on until some side's running total reaches N, and the highest total wins (that line is the match
construct's, mechanics.match, which the compile step asks for the Scoring's `match`; engine.match plays it).

Each kind of term is one TermKind (base.py; the core's in terms.py), listed once in KINDS: it carries its
grammar alias, its compile check, how it is counted on the finished table and its words. A mechanic's
`finishes` join KINDS as MechanicFinish, its `awards` as MechanicAward. The stages call the construct through the functions below:
compile.compile_scoring (the compiler's loop, through SCORING.compile_fields), count (engine.rules.scoring),
words and score_words (show, the diff, the score sheet) and the kind's rulebook words (rulebook.py: the
Scoring chapter and the sources rows, which the rulebook reaches through its stage methods chapter and
provenance_rows). language.syntax hands it the parse of its lines (parse_rule) and their keys (statement_key). A new kind of
term is one TermKind in KINDS, and its alternative in grammar/touring.lark (`score_rule`, or `finish`). The compiled model's part is model.py (ScoreTerm, Scoring).
"""
from __future__ import annotations

from typing import Any, Callable

from ...base.i18n import _, ngettext, pgettext
from ...base.wording import either, quoted
from .. import REGISTERED
from ..construct import Construct, on_first_call
from ..match import MATCH
from . import rulebook
from .base import Named, NameList, TermKind, completed
from .terms import CORE, MechanicAward, MechanicFinish

KINDS: tuple[TermKind, ...] = (*CORE, *(MechanicFinish(m, f) for m in REGISTERED for f in m.finishes),
                               *(MechanicAward(m, a) for m in REGISTERED for a in m.awards))
WHATS: tuple[str, ...] = tuple(kind.what for kind in KINDS)  # ScoreTerm.what's values, a mechanic's last
STATEMENTS = frozenset(kind.statement for kind in KINDS)  # the grammar aliases of the terms' lines
MATCH_RULES = MATCH.statements  # the section's statements about the match (mechanics.match), not terms that score a race


_BY_WHAT = {kind.what: kind for kind in KINDS}


def kind_of(what: str) -> TermKind:
    """The kind of a compiled term (ScoreTerm.what)."""
    if what in _BY_WHAT:
        return _BY_WHAT[what]
    raise KeyError(f"no kind of scoring term is called {what!r} (known: {', '.join(WHATS)})")


def kind_of_statement(statement: str, data: dict) -> TermKind:
    """The kind a parsed `score_rule` line is (its grammar alias, and a completing term's `finish`)."""
    for kind in KINDS:
        if kind.statement == statement and (kind.finish is None or kind.finish == data.get("finish")):
            return kind
    raise KeyError(f"no kind of scoring term is written {statement!r} ({data.get('finish')!r})")


def parse_rule(alias: str, children: list):
    """A scoring grammar alias's parsed value (language.syntax): a term's line -> (alias, its data); a
    completing term's finish -> (finish, its card or None); None for an alias that is not the scoring's."""
    if alias in STATEMENTS:
        return alias, next(k for k in KINDS if k.statement == alias).parse(children)
    for kind in KINDS:
        if kind.finish_alias == alias:
            return kind.finish, (children[0] if children else None)
    return None


def statement_key(statement: str, data: dict) -> tuple:
    """A term line's key within the section (language.syntax): its alias and what tells it apart."""
    return kind_of_statement(statement, data).key(data)


def key_words(key: tuple) -> str:
    """A term line's key (statement_key) in words, for messages."""
    return kind_of_statement(key[0], {"finish": key[1] if len(key) > 1 else None}).key_words(key[1:])


class ScoringConstruct(Construct):
    """The scoring as the parse calls it (the Construct contract: language.syntax, language.statements)."""

    name = "scoring"
    statements = (*sorted(STATEMENTS), *(k.finish_alias for k in KINDS if k.finish_alias))  # terms' lines, finishes

    def parse(self, alias: str, children: list):
        return parse_rule(alias, children)

    def statement_key(self, kind: str, data: dict) -> tuple:
        """A term line's key after its kind (its finish, its card...: the term's kind says what tells it apart)."""
        return statement_key(kind, data)[1:] if kind in STATEMENTS else ()

    def key_said(self, key: tuple) -> str | None:
        return key_words(key) if key and key[0] in STATEMENTS else None

    # the compiler (pydantic: compile.py is imported on use)
    compile_scoring = on_first_call(f"{__name__}.compile", "compile_scoring")  # (build): Scoring, or None

    def compile_fields(self, build, section: str) -> dict:
        return {"scoring": self.compile_scoring(build)}  # (the compiler's loop; reads build.mechanics_used)

    def show_lines(self, ruleset) -> list[str]:
        """`touring show`'s line: each term, then the match (and the match mechanics' words beside it)."""
        r = ruleset
        if not r.scoring:
            return []
        unit = "km" if r.race.unit == "km" else "mile"
        terms = [term_said(t, unit, r.pile_names.counter) for t in r.scoring.terms]
        return [_("Scoring: {terms}").format(terms=", ".join(terms)) + MATCH.show(r)]  # the match, its mechanics beside it (mechanics.match)

    # the rulebook's loops (rulebook.document, rulebook.provenance): rulebook.py's phrases
    provenance_kinds = ("Scores",)  # its sources rows' kinds that share a line when they cite alike

    def chapter(self, ruleset, slot: str, book):
        return rulebook.chapter(ruleset, kind_of, score_words)  # Scoring, or None

    def provenance_rows(self, ruleset, slot: str) -> list[tuple[str, object]]:
        return rulebook.provenance_rows(ruleset, score_words)


SCORING = ScoringConstruct()


def count(game: Any, term: Any, side: int, laid) -> int:
    """How many times `term` applies to `side` at the end of the race (engine.rules.scoring)."""
    return kind_of(term.what).count(game, term, side, laid)


def words(term: Any, unit: str, counter: str = "") -> tuple:
    """What a term counts, short, as a phrase (str and Named parts)."""
    return kind_of(term.what).words(term, unit, counter)


def term_said(term: Any, unit: str, counter: str = "") -> str:
    """A scoring term with its points, as `touring show` says it, in the reader's language: "100 points per
    safety in play"."""
    return ngettext("{n} point {term}", "{n} points {term}", term.points).format(
        n=term.points, term=term_words(term, unit, counter=counter))


def term_words(term: Any, unit: str, to_b: Callable[[str], str] = lambda n: n, counter: str = "") -> str:
    """What a scoring term counts, after its points, in the reader's language: score_words' phrase ("per
    safety in play", 'for completing the race without "200 km"'), each kind's a whole message (a mechanic's
    terms are its own: its term_words); a kind without one is said in score_words' English."""
    what, kind = term.what, getattr(term, "kind", None)
    card = quoted(to_b(term.card)) if getattr(term, "card", None) else ""
    if what == "distance":
        return _("per {unit}").format(unit=either(pgettext("unit", "mile") if u == "mile" else u
                                                  for u in unit.split(" or ")))
    if what == "in-play" and card:
        return _("per {card} in play").format(card=card)
    if what == "in-play" and kind == "safety":
        return _("per safety in play")
    if what == "all-in-play" and kind == "safety":
        return _("for all safeties in play")
    if what == "countered":
        return _("per {counter}").format(counter=counter) if counter else _("per hazard countered")
    if what == "completing":
        return _("for completing the race")
    if what == "completing-without":
        return _("for completing the race without {card}").format(card=card)
    if what == "completing-exhausted":
        return _("for completing the race after the draw pile runs out")
    if what == "shut-out":
        return _("for completing the race while no opponent has any mileage")
    if isinstance(kind_of(what), (MechanicAward, MechanicFinish)):
        said = getattr(kind_of(what).mechanic, "term_words", None)
        if said and said(what):
            return said(what)
    return score_words(term, unit, to_b, counter)


def score_words(term: Any, unit: str, to_b: Callable[[str], str] = lambda n: n, counter: str = "") -> str:
    """What a scoring term counts, in words and in B's card names ('per "200 km" in play'); `unit` is
    the distance word ("mile", "km", or "mile or km" between a race in miles and one in km); `counter`
    the edition's name for a hazard turned away ("coup fourré"), where the words are for its players."""
    return "".join(f'"{to_b(p.name)}"' if isinstance(p, Named) else p for p in words(term, unit, counter))


__all__ = ["SCORING", "ScoringConstruct", "KINDS", "WHATS", "STATEMENTS", "MATCH_RULES", "parse_rule", "statement_key", "key_words", "Named", "NameList", "TermKind", "completed", "kind_of",
           "kind_of_statement", "count", "words", "score_words"]
