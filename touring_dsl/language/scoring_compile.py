"""Compile stage, scoring: the `scoring` section's statements -> a checked Scoring model (or None)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import model as m
from ..mechanics import REGISTERED, finish_of
from .syntax import Name, Stmt

if TYPE_CHECKING:
    from .build import Build

# Scoring statements about the match, not terms that score a race (a mechanic's are its own: touring_dsl.mechanics).
MATCH_RULES = ("match_to",)
# What each completing term's `finish` (as parsed) is called in the model.
FINISHES = {"always": "completing", "without": "completing-without", "exhausted": "completing-exhausted",
            "shut-out": "shut-out"}


def compile_scoring(build: "Build") -> m.Scoring | None:
    """The edition's Scoring, checking every term; None when the edition has no scoring section."""
    head = build.one("scoring")
    if head is None:
        return None
    stmts = [s for s in build.stmts("scoring") if not any(s.kind in m.statements for m in REGISTERED)]
    terms = [t for t in (_term(build, s) for s in stmts if s.kind not in MATCH_RULES) if t]
    match = build.one("scoring", "match_to")
    if match is not None:
        _positive(build, match.data["points"], "a match")
    if not any(s.kind not in MATCH_RULES for s in stmts):
        build.c.error("E297", "the scoring gives no points", head.span,
                      "add a term such as `1 point per mile` or `400 points for completing the race`")
    return m.Scoring(terms=tuple(terms), match=match.data["points"].value if match else None,
                     match_provenance=build.provenance(match, "the match"),
                     provenance=build.provenance(head, "the scoring"))


def in_play_kinds(build: "Build") -> tuple[str, ...]:
    """The kinds of card a side keeps in front of it (its piles), so that they can be counted there."""
    kinds = ["mileage", "go", "remedy", "safety"]
    if build.one("zones") is not None and build.one("zones").data["scope"] != "game":
        kinds.append("zone")
    return tuple(kinds)


def _term(build: "Build", stmt: Stmt) -> m.ScoreTerm | None:
    d = stmt.data
    ok = _positive(build, d["points"], "a scoring term")
    card = kind = None
    if stmt.kind == "score_distance":
        what = "distance"
        ok = _unit(build, d["unit"]) and ok
    elif stmt.kind == "score_complete":
        what = FINISHES.get(d["finish"], d["finish"])  # a mechanic's condition is its own ScoreTerm.what
        ok = _mechanic_used(build, what, stmt) and ok
        if d["card"] is not None:
            card = _kept_card(build, d["card"])
            ok = ok and card is not None
    elif stmt.kind == "score_countered":
        what, kind = "countered", d["kind"].value
        ok = _countered(build, d["kind"]) and ok
    else:
        what = "in-play" if stmt.kind == "score_in_play" else "all-in-play"
        if d.get("card") is not None:
            card = _kept_card(build, d["card"])
            ok = ok and card is not None
        else:
            kind = d["kind"].value
            ok = _kept_kind(build, d["kind"]) and ok
    if not ok:
        return None
    return m.ScoreTerm(what=what, points=d["points"].value, card=card, kind=kind,  # type: ignore[arg-type]
                       provenance=build.provenance(stmt, "the scoring"))


def _mechanic_used(build: "Build", what: str, stmt: Stmt) -> bool:
    """A mechanic's condition scores only where some setup (or the ruleset) uses that mechanic."""
    found = finish_of(what)
    if found is None or found[0].name in build.mechanics_used:
        return True
    build.c.error("E295", f"no setup of this edition uses the {found[0].name}, so a race is never completed "
                  f"{found[1].words}", stmt.span, f"add the {found[0].name} to a setup, or leave the term out")
    return False


def _positive(build: "Build", points: Name, what: str) -> bool:
    if points.value < 1:
        build.c.error("E223", f"{what} must be worth at least 1 point", points.span)
        return False
    return True


def _unit(build: "Build", unit: Name) -> bool:
    race_unit = build.race.unit
    if unit.value == "mile" and race_unit == "miles" or unit.value == race_unit:
        return True
    said = "km" if race_unit == "km" else "miles"
    build.c.error("E298", f"the scoring counts per {unit.value}, but the race is run in {said}", unit.span,
                  f"write `per {'km' if race_unit == 'km' else 'mile'}`")
    return False


def _kept_card(build: "Build", name: Name) -> str | None:
    """A named card that lies in a side's play (its piles), so a term can count it there."""
    if build.card_name(name) is None:
        return None
    kind = build.cards[name.value].kind
    if kind == "zone" and _only_on_opponents(build, name.value):
        build.c.error("E295", f'"{name.value}" is only ever played on an opponent, so no side keeps it in its own play',
                      name.span, "count the zone cards a side lays on its own side")
        return None
    if kind not in in_play_kinds(build):
        build.c.error("E295", f'"{name.value}" is a {kind} card, which no side keeps in play', name.span,
                      "count cards a side lays in front of it: " + ", ".join(in_play_kinds(build)))
        return None
    return name.value


def _only_on_opponents(build: "Build", card: str) -> bool:
    plays = [s for s in build.stmts("zones") if s.kind == "zone_play" and s.data["card"].value == card]
    return bool(plays) and plays[0].data["reach"] == "opponent"


def _kept_kind(build: "Build", kind: Name) -> bool:
    if kind.value not in in_play_kinds(build):
        build.c.error("E295", f"no side keeps {kind.value} cards in play", kind.span,
                      "count cards a side lays in front of it: " + ", ".join(in_play_kinds(build)))
        return False
    return _deck_has(build, kind)


def _countered(build: "Build", kind: Name) -> bool:
    if kind.value != "hazard":
        build.c.error("E296", f"only hazards are countered, not {kind.value} cards", kind.span,
                      "write `per hazard countered`")
        return False
    if not any(c.counters for c in build.cards.values()):
        build.c.error("E295", "no card in the deck cancels a hazard as it is played, so none is ever countered",
                      kind.span, 'give a counter or a safety `cancels "..."`, or drop this term')
        return False
    return True


def _deck_has(build: "Build", kind: Name) -> bool:
    if not any(c.kind == kind.value for c in build.cards.values()):
        build.c.error("E295", f"the deck has no {kind.value} cards, so this term never scores", kind.span)
        return False
    return True
