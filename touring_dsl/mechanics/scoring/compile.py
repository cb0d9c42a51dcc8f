"""Mechanics, scoring, compile: the `scoring` section's statements -> a checked Scoring model (or None).

`build` is the compiler's shared builder (touring_dsl.language.build), passed in by language.compiler.
"""
from __future__ import annotations

from typing import Any

from .. import REGISTERED
from ..match import MATCH
from . import MATCH_RULES, kind_of_statement
from .checks import positive
from .model import ScoreTerm, Scoring


def compile_scoring(build: Any) -> Scoring | None:
    """The edition's Scoring, checking every term; None when the edition has no scoring section."""
    head = build.one("scoring")
    if head is None:
        return None
    stmts = [s for s in build.stmts("scoring") if not any(s.kind in m.statements for m in REGISTERED)]
    terms = [t for t in (_term(build, s) for s in stmts if s.kind not in MATCH_RULES) if t]
    match, match_provenance = MATCH.compile(build)  # the match's target (mechanics.match)
    if not any(s.kind not in MATCH_RULES for s in stmts):
        build.c.error("E297", "the scoring gives no points", head.span,
                      "add a term such as `1 point per mile` or `400 points for completing the race`")
    return Scoring(terms=tuple(terms), match=match, match_provenance=match_provenance,
                   provenance=build.provenance(head, "the scoring"))


def _term(build: Any, stmt: Any) -> ScoreTerm | None:
    """One term: its points checked, then its kind's own check (both, so that every error is said)."""
    ok = positive(build, stmt.data["points"], "a scoring term")
    kind = kind_of_statement(stmt.kind, stmt.data)
    fields = kind.check(build, stmt)
    if not ok or fields is None:
        return None
    return ScoreTerm(what=kind.what, points=stmt.data["points"].value, **fields,
                     provenance=build.provenance(stmt, "the scoring"))
