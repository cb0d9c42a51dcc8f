"""Bots stage, what an edition rewards: the facts a scoring-minded bot reads off the compiled ruleset.

Nothing here names a card: which safety shields from which hazard, which remedy mends which hazard,
how many of each card the deck holds for a seating, how long the race is, and the points each scoring
term pays, all come from the Ruleset. A house edition with other cards or other scoring is read the same
way.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ...engine.tables import tables_for
from ...mechanics import core
from ...language.model import Ruleset
from ...mechanics.scoring import kind_of


@dataclass
class Points:
    """The points of the scoring terms a bot can steer (0 where the edition has no such term)."""

    per_mile: int = 0
    complete: int = 0
    without: dict[str, int] = field(default_factory=dict)  # card -> points for completing with none laid
    exhausted: int = 0  # completing after the draw pile ran out
    shut_out: int = 0
    per_safety: int = 0  # each safety in play (by kind, or the sum over safety names)
    all_safeties: int = 0
    countered: int = 0  # each hazard turned away out of turn (a coup fourre)

    @property
    def scored(self) -> bool:
        return any((self.per_mile, self.complete, self.without, self.exhausted, self.shut_out,
                    self.per_safety, self.all_safeties, self.countered))


class Knowledge:
    """One seating of a ruleset as a scoring-minded bot reads it."""

    def __init__(self, ruleset: Ruleset, players: int, setup: str | None):
        seating = ruleset.setup_for(players, setup or None)
        self.ruleset = ruleset
        self.race = seating.race
        self.target = seating.race.miles  # the race's length as dealt; a mechanic may change it in play
        # the public state field holding the race's length once a mechanic may change it (the Extension)
        self.target_field = tables_for(ruleset, players, setup or None).target_field
        self.exact = seating.race.exact
        self.caps = dict(seating.race.caps)
        removed = dict(seating.removals)
        self.total = Counter({card.name: max(0, card.count * seating.decks - removed.get(card.name, 0))
                              for card in ruleset.deck})
        self.kind = {card.name: card.kind for card in ruleset.deck}
        self.miles = {card.name: card.miles or 0 for card in ruleset.deck}
        # each a union over the core constructs (mechanics.core.CORE: the safeties' cards, today)
        self.extra_turn = set().union(*(construct.extra_turns(ruleset.deck) for construct in core.CORE))
        self.acts_as_go = set().union(*(construct.run_free(ruleset.deck) for construct in core.CORE))
        # shields[h]: the cards (safeties) whose side the hazard (or zone card) h cannot touch
        self.shields: dict[str, set[str]] = {}
        for construct in core.CORE:
            for hazard, shielding in construct.shields(ruleset.deck).items():
                self.shields.setdefault(hazard, set()).update(shielding)
        # cancels[s]: the hazards card s may turn away out of turn
        self.cancels: dict[str, set[str]] = core.united("cancelling", ruleset)  # (the counters': mechanics.counters)
        # chains: hazard -> the cards that must follow it; mends[r]: the hazards remedy r helps past
        self.chains = {chain.hazard: tuple(chain.steps) for chain in ruleset.delays.chains}
        self.mends: dict[str, set[str]] = {}
        for hazard, steps in self.chains.items():
            for step in steps:
                if self.kind.get(step) == "remedy":
                    self.mends.setdefault(step, set()).add(hazard)
        self.safeties = [card.name for card in ruleset.deck if card.kind == "safety"]
        self.points = read_points(ruleset)


def read_points(ruleset: Ruleset) -> Points:
    points = Points()
    if ruleset.scoring is None:
        return points
    for term in ruleset.scoring.terms:  # what each kind of term lets a bot steer (mechanics.scoring)
        steer = kind_of(term.what).steers(term, ruleset)
        if steer is None:
            continue
        field_name, n, *card = steer
        if card:
            kept = getattr(points, field_name)
            kept[card[0]] = kept.get(card[0], 0) + n
        else:
            setattr(points, field_name, getattr(points, field_name) + n)
    return points


_KNOWN: dict[tuple, tuple[Ruleset, Knowledge]] = {}


def knowledge_for(ruleset: Ruleset, players: int, setup: str | None) -> Knowledge:
    """The Knowledge of one seating, read once."""
    key = (id(ruleset), players, setup or None)
    found = _KNOWN.get(key)
    if found is None or found[0] is not ruleset:
        if len(_KNOWN) > 64:
            _KNOWN.clear()
        found = _KNOWN[key] = (ruleset, Knowledge(ruleset, players, setup))
    return found[1]
