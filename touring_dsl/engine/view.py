"""Engine stage, what a seat may see: its own hand and the open table, never other hands or the draw order."""
from __future__ import annotations

from dataclasses import dataclass, field

from .schema import LIST, LISTS, PUBLIC, Offer, state_fields
from .tables import RUNNING

# public state the View's own fields do not show (a mechanic's, say): View.extra carries it by name
EXTRA = tuple(f for f in state_fields() if f.seen == PUBLIC and f.view == "extra")


@dataclass(frozen=True)
class SideView:
    side: int
    seats: tuple[int, ...]
    go_top: str | None
    go_size: int
    showing_go: bool
    zone: str | None  # the zone this side races in (the game's zone when zones govern the whole game)
    zone_size: int  # cards on this side's zone pile (the shared pile's size under a game-wide zone)
    piles: tuple[tuple[str, int, int], ...]  # (mileage card, cards laid, cards needed)
    miles: int
    needs: tuple[str, ...]  # cards that would move its go pile on now: a go, or the next repair
    missing: tuple[tuple[str, int], ...]  # mileage cards still wanted, per pile (distance races: cards that fit)
    safeties: tuple[str, ...] = ()  # safeties laid in front of the side


@dataclass(frozen=True)
class View:
    seat: int
    side: int
    to_act: int
    hand: tuple[str, ...]  # own hand, card by card, in the order drawn
    sides: tuple[SideView, ...]
    zone: str | None  # the shared zone when zones govern the whole game, else None
    discard_top: str | None
    discard_size: int
    draw_size: int
    hand_sizes: tuple[int, ...]  # every seat's hand size
    turns: int
    players: int
    pending: tuple[int, str, int] | None  # (attacker seat, hazard, victim side) while a counter is offered
    is_over: bool
    discarding_down: bool = False  # the seat to act discards down to its hand size before its turn passes
    offer: str | None = None  # the mechanic (touring_dsl.mechanics) whose question the seat to act answers
    extra: dict = field(default_factory=dict, compare=False)  # public state fields by name (see EXTRA)
    ruleset: object = field(repr=False, compare=False, default=None)
    setup: str = ""
    # every face-up card, bottom first (a seat saw each one laid), as card codes (indices into the
    # ruleset's deck; copying codes keeps a view cheap): what a search bot needs to know which cards
    # are unseen, i.e. in other hands or the draw pile. go_piles, zone_piles and discards name them.
    face_up: tuple = ((), (), ())  # (go piles per side, zone piles, discard pile)

    @property
    def go_piles(self) -> tuple[tuple[str, ...], ...]:
        """Each side's go pile, bottom first."""
        return tuple(self._names(pile) for pile in self.face_up[0])

    @property
    def zone_piles(self) -> tuple[tuple[str, ...], ...]:
        """Each side's zone pile, or the one pile when zones govern the whole game, bottom first."""
        return tuple(self._names(pile) for pile in self.face_up[1])

    @property
    def discards(self) -> tuple[str, ...]:
        """The discard pile, bottom first."""
        return self._names(self.face_up[2])

    def _names(self, codes: tuple[int, ...]) -> tuple[str, ...]:
        deck = self.ruleset.deck
        return tuple(deck[c].name for c in codes)


def _record(cls, fields: dict):
    """An instance of a frozen dataclass made from its fields without running its __init__
    (which sets each field through object.__setattr__: the slow part of building a view per turn)."""
    record = _new(cls)
    record.__dict__.update(fields)
    return record


_new = object.__new__


def build_view(game, seat: int) -> View:
    t = game.t
    names = t.names
    pending = None
    offer = game.counter_offer
    if offer is not None:
        pending = (offer.attacker, names[offer.hazard], offer.victim)
    discard = game.discard
    return _record(View, {
        "seat": seat, "side": t.side_of[seat], "to_act": game.to_act,
        "hand": tuple(map(names.__getitem__, game.hands[seat])),
        "sides": tuple([_side_view(game, s) for s in range(t.sides)]),
        "zone": t.zone_names[game.zone_state[0]] if t.game_scope else None,
        "discard_top": names[discard[-1]] if discard else None,
        "discard_size": len(discard), "draw_size": len(game.draw), "hand_sizes": tuple(map(len, game.hands)),
        "turns": game.turns, "players": t.players, "pending": pending, "is_over": game.is_over,
        "discarding_down": game.discarding_down, "extra": extra_of(game),
        "offer": game.pending.mechanic if type(game.pending) is Offer else None,
        "ruleset": t.ruleset, "setup": t.setup.id,
        "face_up": (tuple(map(tuple, game.go_piles)), tuple(map(tuple, game.zone_piles)), tuple(discard))})


def extra_of(game) -> dict:
    """View.extra: the public fields the View's own fields do not show, as immutable copies."""
    out = {}
    for f in EXTRA:
        value = getattr(game, f.name)
        out[f.name] = tuple(map(tuple, value)) if f.copy == LISTS else tuple(value) if f.copy == LIST else value
    return out


SIDE_VIEW_CACHE = 4096  # side positions recur within a game; a small cache keeps most of the gain


def _side_view(game, s: int) -> SideView:
    """A side's public view, shared between positions that look the same (bots build one per turn)."""
    t = game.t
    go = game.go_piles[s]
    zone_pile = game.zone_piles[0 if t.game_scope else s]
    # every field the side view shows must be in the key: safeties too, or a side would be shown
    # another game's safeties (the cache is shared by every game of a ruleset seating)
    key = (s, game.go_state[s], go[-1] if go else -1, len(go), game.zone_state[s], len(zone_pile), tuple(game.safety_piles[s]),
           *game.mileage_counts[s])
    if t.target_field is not None:  # a mechanic made the target state: the cards still wanted depend on it
        key += (getattr(game, t.target_field),)
    cache = t.side_views
    found = cache.get(key)
    if found is None:
        if len(cache) >= SIDE_VIEW_CACHE:
            cache.clear()  # keeps simulation memory flat however many games are played
        found = cache[key] = _build_side_view(game, s)
    return found


def _build_side_view(game, s: int) -> SideView:
    t = game.t
    go = game.go_piles[s]
    zone_pile = game.zone_piles[0 if t.game_scope else s]
    piles, missing = _piles(t, game.mileage_counts[s], None if t.target_field is None else getattr(game, t.target_field))
    state = game.go_state[s]
    return _record(SideView, {
        "side": s, "seats": t.seats_of[s], "go_top": t.names[go[-1]] if go else None, "go_size": len(go),
        "showing_go": state == RUNNING, "zone": t.zone_names[game.zone_state[s]], "zone_size": len(zone_pile),
        "piles": piles, "miles": game.miles[s], "needs": tuple(t.names[c] for c in t.bits[t.onto[state]]),
        "missing": missing, "safeties": tuple(t.names[c] for c in game.safety_piles[s])})


def _piles(t, counts: list[int], target: int | None = None) -> tuple:
    """(piles, missing) of a SideView for these mileage counts (and the race's target, where a mechanic
    moves it), built once per distinct counts."""
    key = tuple(counts) if target is None else (target, *counts)
    found = t.pile_views.get(key)
    if found is None:
        piles = tuple((t.names[c], counts[c], t.need[c]) for c in t.pile_order)
        if t.distance:  # any card that still fits is wanted, once
            fits = t.open_mask(counts, sum(counts[c] * t.miles[c] for c in t.pile_order), target)
            missing = tuple((t.names[c], 1) for c in t.pile_order if fits >> c & 1)
        else:
            missing = tuple((name, need - n) for name, n, need in piles if need > n)
        found = t.pile_views[key] = (piles, missing)
    return found
