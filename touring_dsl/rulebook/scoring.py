"""Rulebook stage, scoring: a ruleset's `scoring` section -> the rulebook's "Scoring" section."""
from __future__ import annotations

from typing import Callable

from ..mechanics import REGISTERED, finish_of, match_parts, names_the_lead
from ..language.model import Provenance, Ruleset, ScoreTerm
from . import words as w
from .blocks import Block, Bullets, CardName, Paragraph, Section, Text, card_list, text

KIND_WORDS = {"mileage": ("mileage card", "mileage cards"), "go": ("go card", "go cards"),
              "remedy": ("remedy", "remedies"), "zone": ("zone card", "zone cards"),
              "safety": ("safety", "safeties")}
COMPLETING = ("completing", "completing-without", "completing-exhausted", "shut-out",
              *(f.what for m in REGISTERED for f in m.finishes))  # a mechanic's conditions too


def scoring_section(ruleset: Ruleset, refs: Callable[..., Text]) -> Section | None:
    """How each race is scored and, for a match, how the match is won; None without a scoring section."""
    scoring = ruleset.scoring
    if scoring is None:
        return None
    every = [t for t in scoring.terms if t.what not in COMPLETING]
    finisher = [t for t in scoring.terms if t.what in COMPLETING]
    in_play = any(t.what in ("in-play", "all-in-play", "completing-without") for t in scoring.terms)
    blocks: list[Block] = [Paragraph(text(
        "Every race is scored as soon as it ends, whether or not a side completed it.",
        " A card is in a side's play while it lies in front of that side: on its mileage piles, among the "
        "cards it laid on its own piles, or among its safeties. Hazards that opponents laid on it are never "
        "its own." if in_play else "", refs(scoring.provenance)))]
    if every:
        blocks += [Paragraph(text("Each side scores:")),
                   Bullets(tuple(text(_term(ruleset, t), refs(t.provenance)) for t in every))]
    if finisher:
        blocks += [Paragraph(text("The side that completed the race also scores:")),
                   Bullets(tuple(text(_term(ruleset, t), refs(t.provenance)) for t in finisher))]
    blocks.append(Paragraph(_match(ruleset, scoring.match_provenance, refs)))
    matched = match_parts(ruleset)  # the match's own mechanics (touring_dsl.mechanics), said beside it
    if scoring.match is not None and not any(names_the_lead(mechanic) for mechanic, _ in matched):
        blocks.append(Paragraph(_same_lead()))
    blocks += [Paragraph(text(" ".join(mechanic.rulebook(part, ruleset.race.unit)), refs(part.provenance)))
               for mechanic, part in matched]
    return Section("Scoring", "scoring", tuple(blocks))


def _term(ruleset: Ruleset, term: ScoreTerm) -> Text:
    points = _points(term.points)
    what = term.what
    if what == "distance":
        return text(f"{points} for every {_unit(ruleset)} it has travelled")
    if what == "in-play":
        return text(f"{points} for every ", _counted_thing(term), " it has in play")
    if what == "all-in-play":
        names = [c.name for c in ruleset.deck if c.kind == term.kind]
        return text(f"{points} when it has all of ", card_list(names, "and"), " in play")
    if what == "countered":
        name = ruleset.pile_names.counter
        done = f"{name} it called" if name else "hazard it turned away as it was played, out of turn"
        return text(f"{points} for every {done} (the card that turned the hazard away scores as well, if it "
                    "stays in play)")
    if what == "completing":
        return text(f"{points} for completing it")
    if what == "completing-without":
        return text(f"{points} more if it has no ", CardName(term.card or ""), " card in play")
    if what == "completing-exhausted":
        return text(f"{points} more if the draw pile was empty when it completed the race")
    found = finish_of(what)  # a mechanic's condition (touring_dsl.mechanics)
    if found is not None:
        return text(f"{points} more if it completed the race {found[1].words}")
    return text(f"{points} more if no opponent has any mileage (a shut-out)")


def _counted_thing(term: ScoreTerm) -> Text:
    if term.card:
        return text(CardName(term.card), " card")
    return text(KIND_WORDS.get(term.kind or "", (term.kind or "card",))[0])


def _match(ruleset: Ruleset, provenance: Provenance, refs: Callable[..., Text]) -> Text:
    target = ruleset.scoring.match if ruleset.scoring else None
    if target is None:
        return text("Each race is scored on its own; the scores do not change who wins the race.")
    return text(
        f"A match is played over several races. Each side keeps a running total of its scores. When at "
        f"the end of a race some side's total has reached {_points(target)}, the match is over and the side "
        "with the highest total wins it; if the highest totals are equal, another race is dealt.",
        refs(provenance))


def _same_lead() -> Text:
    """Who leads each race of the match, where no mechanic of the match names the leader: the first player."""
    return text("The same player leads every race of the match: the cards are dealt from that player, "
                "who also takes the first turn.")


def _points(n: int) -> str:
    return f"{n} {w.plural(n, 'point')}"


def _unit(ruleset: Ruleset) -> str:
    return "km" if ruleset.race.unit == "km" else "mile"
