"""Simulate stage, warm start: what a run on the fast path needs of an edition, kept plain in the ruleset cache.

A run whose bots all play inside the kernel (random, greedy, expert) needs no Ruleset: only the Tables
seated for it, detached (engine.tables.Tables.detached: no model object comes with them) and carrying
the generated kernel and measuring loops as compiled code, and the few facts its report prints. These
are a view of the edition's cache entry (ruleset_cache.view_cached), one per seating, so a warm
`touring simulate` imports neither pydantic nor the model and compiles no generated code. The view is
kept pickled inside the entry, so that the other commands reading the entry (show, check, editions)
neither load the engine nor unpickle tables they do not use. A miss builds it from the Ruleset, as the
run would have. With the cache off, or for an edition or seating the full path would refuse, there is
nothing here and the caller takes the full path, which reports it.
"""
from __future__ import annotations

import pickle
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine.tables import Tables
    from ..language.model import Ruleset


@dataclass(frozen=True)
class RunFacts:
    """What a run's report prints of its edition and seating, as plain data."""

    edition_id: str
    setup_id: str
    side_of: tuple[int, ...]  # each seat's side
    race_miles: int  # the race's length, in its unit
    unit: str
    scores_match: bool  # whether the edition scores a match (so --matches plays some)
    language: str = "en"  # the edition's language, the report's unless the reader chooses another


def run_facts(ruleset: Ruleset, players: int, setup_id: str) -> RunFacts:
    """The facts of a run of `ruleset` seated for `players` in setup `setup_id`."""
    from .matches import scores_a_match

    chosen = ruleset.setup_for(players, setup_id)
    race, sides = chosen.race, chosen.side_count(players)
    miles = {card.name: card.miles or 0 for card in ruleset.deck}
    length = race.miles if race.is_distance else sum(p.needs * miles[p.card] for p in race.piles)
    return RunFacts(edition_id=ruleset.id, setup_id=chosen.id, side_of=tuple(seat % sides for seat in range(players)),
                    race_miles=length, unit=race.unit, scores_match=scores_a_match(ruleset), language=ruleset.language)


@dataclass(frozen=True)
class Seated:
    """An edition seated for fast-path runs: the report's facts and the detached Tables, code compiled."""

    facts: RunFacts
    tables: Tables


# the kernel policies whose measuring loops a Seated carries: one per loop shape (every seat random;
# some seats following the greedy rule, whatever its Style)
CARRIED_LOOPS = (("random",), ("greedy",))
_SEATED: dict = {}


def seated(edition: str, players: int, setup: str | None) -> Seated | None:
    """The edition seated for `players` (in `setup`, else the one that seats them), once per process and
    from the ruleset cache when it has it; None when the cache is off, or when the edition does not
    compile or seat them that way (the full path says why)."""
    from ..language.ruleset_cache import enabled

    if not enabled():
        return None
    key = (edition, players, setup)
    if key in _SEATED:
        return _SEATED[key]
    from ..language.archive import load_view
    from ..language.errors import InternalError, TouringError

    name = f"simulate: seated for {players} in {setup}"
    try:
        kept = load_view(edition, name, lambda ruleset: pickled_seating(ruleset, players, setup))
    except (TouringError, InternalError):
        kept = None
    try:  # bytes from a cache entry whose signature held (private_store): written by this user's touring
        found = None if kept is None else pickle.loads(kept)
    except Exception:  # noqa: BLE001 - a seating that no longer loads is only a cache miss
        found = None
    _SEATED[key] = found
    if found is not None:  # a plan names the setup chosen: the same seating
        _SEATED[(edition, players, found.facts.setup_id)] = found
    return found


def pickled_seating(ruleset: Ruleset, players: int, setup: str | None) -> bytes | None:
    """The Seated, pickled, built from the Ruleset: its tables, kernel and carried loops compiled, then detached."""
    from ..engine.kernel import kernel_for
    from ..engine.tables import Tables
    from .fast import loop_for
    from .plan import Plan

    if players not in ruleset.player_counts():
        return None
    try:
        # new tables, not tables_for's shared ones: what is kept must not depend on what else this
        # process has played (their caches, the code compiled for them)
        t = Tables(ruleset, ruleset.setup_for(players, setup), players)
    except (KeyError, ValueError):  # no such setup, or a seating the engine cannot play
        return None
    kernel_for(t)
    for bots in CARRIED_LOOPS:
        loop_for(t, Plan(edition=ruleset.id, players=players, setup=t.setup_id, bots=bots * players, seed=0, games=1))
    seated = Seated(facts=run_facts(ruleset, players, t.setup_id), tables=t.detached())
    return pickle.dumps(seated, protocol=pickle.HIGHEST_PROTOCOL)
