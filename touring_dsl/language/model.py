"""Compiled model: the immutable Ruleset that every later stage (engine, rulebook, diff, simulate) reads."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_serializer

FORMAT_VERSION = 2  # 2: examples give deck_size (was deck_empty) and new checks; zones and penalties state more

CardKind = Literal["mileage", "go", "remedy", "hazard", "zone", "counter", "safety"]


from ..base.model_base import Assumption, Citation, Frozen, Location, Provenance, Source  # noqa: F401 (the model's own)
from ..mechanics import REGISTERED
from ..mechanics.zones.model import Reach, Speeding, Zone, ZonePlay, Zones, ZoneScope  # noqa: F401 (the zones construct's part)
from ..mechanics.effects import REGISTERED as EFFECTS
from ..mechanics.turn import TURN
from ..mechanics.turn.model import Keep, Reshuffle, Turn  # noqa: F401 (the turn construct's part)
from ..mechanics.scoring.model import ScoreTerm, Scoring  # noqa: F401 (the scoring construct's part of the model)
from ..base.wording import counted
from ..mechanics.penalties.model import Penalties, Penalty  # noqa: F401 (the penalties construct's part)
from ..mechanics.race.model import Ending, Pile, Race, RaceMechanics, Unit  # noqa: F401 (the race construct's part)
from ..mechanics.parts import HidesUnusedMechanics, mechanics_model
from ..mechanics.progressive.model import Progressive  # noqa: F401 (the progressive construct's part)
from ..mechanics.delays.model import Chain, Delays  # noqa: F401 (the delays construct's part)
from ..mechanics.counters.model import Counter  # noqa: F401 (the counters construct's part)


RulesetMechanics = mechanics_model("RulesetMechanics", __name__, "ruleset", "match")  # (a match's: between its races)


class Card(Frozen):
    """A card of the deck. A hazard's effect (touring_dsl.mechanics.effects) is read from `removes`, from
    the chains, or, for an effect named by an attribute of its own, from `effect` (left out of the dump
    where None, so the compiled form of a deck that names none is what it was before effects were modules)."""

    name: str
    kind: CardKind
    count: int
    miles: int | None = None  # mileage cards
    hours: int | None = None  # hazards counted in hours of delay
    removes: str | None = None  # hazards that take one mileage card instead of covering Go
    counters: tuple[str, ...] = ()  # counter cards and safeties: the hazards they cancel as they are played
    responder_next: bool = False  # after it cancels a hazard, its player takes the next turn
    against: tuple[str, ...] = ()  # safeties: the hazards (and zone cards) its side is immune to
    acts_as_go: bool = False  # safeties: its side never needs a go card
    extra_turn: bool = False  # safeties: laid in one's turn, its player plays again
    effect: str | None = None  # hazards: the effect an attribute named (mechanics.effects), None: removes or chain
    provenance: Provenance = Field(default_factory=Provenance)

    @model_serializer(mode="wrap")
    def _dump(self, handler):
        data = handler(self)
        if isinstance(data, dict) and data.get("effect", 1) is None:
            data.pop("effect")
        return data


class Setup(Frozen):
    """A way to seat a given number of players: sides, removals, the race they run."""

    id: str
    label: str
    players: tuple[int, ...]
    sides: int | None  # None: one side per player
    side_size: int
    decks: int = 1
    removals: tuple[tuple[str, int], ...] = ()
    race: Race
    provenance: Provenance = Field(default_factory=Provenance)

    def side_count(self, players: int) -> int:
        return self.sides if self.sides is not None else players


    provenance: Provenance = Field(default_factory=Provenance)



class ExampleSide(Frozen):
    side: int
    go: tuple[str, ...] = ()  # Go pile, bottom first
    zone: tuple[str, ...] = ()  # zone pile, bottom first (zones governing one side)
    piles: tuple[tuple[str, int], ...] = ()
    safeties: tuple[str, ...] = ()  # safeties in front of the side


class ExampleMove(Frozen):
    action: Literal[("play", "discard", "counter", "decline",
                     *(d.action for m in REGISTERED for d in m.decisions))]  # a mechanic's decisions last
    card: str | None = None
    target: int | None = None  # side number, 1-based
    take: tuple[tuple[str, int], ...] = ()  # penalty choice: pile card -> count
    taken: bool = False  # True when the example names the penalty choice (even "nothing")
    location: Location | None = None


# What an example may expect to have happened during its moves (the engine's event kinds).
ExampleEvent = Literal[tuple(dict.fromkeys((
    "speeding", "penalty", "remove", "counter", "decline",
    *TURN.events,  # the turn construct's (a reshuffle: mechanics.turn)
    "win",
    *(kind for e in EFFECTS for kind in e.events),  # a hazard effect's (mechanics.effects)
    *(kind for m in REGISTERED for kind in m.events))))]


class ExampleCheck(Frozen):
    """One expected fact after the moves: `what` names the fact, the rest are its arguments."""

    what: Literal[
        "miles", "pile", "go-top", "go-empty", "zone", "discard-top", "discard-count",
        "hand-count", "hand-has", "winner", "illegal", "legal", "draw-count", "to-act",
        "not-over", "hand-lacks", "discards", "go-count", "zone-count", "event", "safety", "score",
    ]
    side: int | None = None
    player: int | None = None
    card: str | None = None
    number: int | None = None
    cards: tuple[str, ...] = ()  # the discard pile, bottom first
    event: ExampleEvent | None = None
    location: Location | None = None


class Example(Frozen):
    title: str
    players: int = 2
    setup: str | None = None
    to_act: int = 1  # player number, 1-based
    zone: str | None = None  # the game's zone, where zones govern the whole game
    sides: tuple[ExampleSide, ...] = ()
    hands: tuple[tuple[int, tuple[str, ...]], ...] = ()
    deck: tuple[str, ...] = ()  # top of the draw pile first; unnamed cards lie beneath
    deck_size: int | None = None  # the draw pile holds exactly this many; other unnamed cards are set aside
    discard: tuple[str, ...] = ()
    moves: tuple[ExampleMove, ...]
    checks: tuple[ExampleCheck, ...]
    provenance: Provenance = Field(default_factory=Provenance)


class Change(Frozen):
    """One change a variant makes to its parent, in the variant's own words."""

    op: Literal["add", "change", "remove"]
    key: str
    location: Location | None = None


class PileNames(Frozen):
    """What an edition's players call the piles in front of each side ("battle pile", "speed pile")
    and the moment a hazard is turned away out of turn ("coup fourre"); empty where the edition names
    none, and the rulebook and table use their own words."""

    go: str = ""
    zone: str = ""
    counter: str = ""
    provenance: Provenance = Field(default_factory=Provenance)


class HistoryFact(Frozen):
    """A fact of the edition's history (who made the game, who first published it, when), with its sources;
    `uncertain` says why the sources leave it in doubt ("" where they settle it)."""

    text: str
    uncertain: str = ""
    provenance: Provenance = Field(default_factory=Provenance)


class Ruleset(HidesUnusedMechanics):
    format: int = FORMAT_VERSION
    id: str
    title: str
    subtitle: str = ""
    year: int | None = None  # None where the source gives no year
    year_end: int | None = None  # the last year of a range (sold 1958-1975)
    publisher: str
    author: str = ""  # who made a house rule; said in its own file only, never inherited
    summary: str = ""
    language: str = "en"  # the language its names and notes are written in (base.i18n.LANGUAGES)
    parent: str | None = None
    changes: tuple[Change, ...] = ()
    source_hash: str  # sha256 of the edition text and every file it extends
    sources: tuple[Source, ...]
    deck: tuple[Card, ...]
    race: Race
    setups: tuple[Setup, ...]
    turn: Turn
    delays: Delays
    zones: Zones
    penalties: Penalties | None = None
    counters: tuple[Counter, ...] = ()
    reshuffle: Reshuffle
    ending: Ending
    progressive: Progressive | None = None
    scoring: Scoring | None = None
    notes: tuple[tuple[str, Provenance], ...] = ()
    history: tuple[HistoryFact, ...] = ()  # the `history` section: left out of the dump where empty
    pile_names: PileNames = Field(default_factory=PileNames)
    mechanics: RulesetMechanics = Field(default_factory=RulesetMechanics)  # the ruleset-wide mechanics
    examples: tuple[Example, ...] = ()

    def card(self, name: str) -> Card:
        for card in self.deck:
            if card.name == name:
                return card
        raise KeyError(name)

    def setup_for(self, players: int, setup: str | None = None) -> Setup:
        for candidate in self.setups:
            if (setup is None or candidate.id == setup) and players in candidate.players:
                return candidate
        raise KeyError(f"no setup for {counted(players, 'player')}" + (f" named {setup!r}" if setup else ""))

    def player_counts(self) -> tuple[int, ...]:
        return tuple(sorted({n for s in self.setups for n in s.players}))

    def assumptions(self) -> tuple[Assumption, ...]:
        """Every editorial assumption in the ruleset, in the order written."""
        found: list[Assumption] = []
        _collect_assumptions(self, found)
        return tuple(dict.fromkeys(found))


def _collect_assumptions(node: object, found: list[Assumption]) -> None:
    if isinstance(node, Provenance):
        found.extend(node.assumptions)
    elif isinstance(node, BaseModel):
        for name in type(node).model_fields:
            _collect_assumptions(getattr(node, name), found)
    elif isinstance(node, tuple):
        for item in node:
            _collect_assumptions(item, found)


def json_schema() -> dict:
    return Ruleset.model_json_schema()


__all__ = [name for name in dir() if not name.startswith("_")] + ["Field"]
