"""Engine stage, a table rebuilt from what one seat sees: the public state of a View put back on a kernel game.

A search (search.determinize) starts from this table and deals the cards the seat cannot see. Every
public field of the state schema (engine.schema) is put back by its entry in FROM_VIEW, or, for a field
a mechanic adds that the View shows only in View.extra, copied from there; every derived field is then
recomputed by its step in DERIVE, in the order listed. tests/test_engine_schema.py checks that every
field has its way back, and that a rebuilt table equals the real one on every field the seat may know.
"""
from __future__ import annotations

from ..mechanics.safeties import SAFETIES
from .derived import go_pile_state, recount
from .schema import DERIVED, DISCARD_DOWN, OWN, PUBLIC, CounterOffer, state_fields
from .view import View


def _go_piles(game, view: View) -> None:
    for s, pile in enumerate(view.face_up[0]):
        game.go_piles[s] = list(pile)


def _zone_piles(game, view: View) -> None:
    for z, pile in enumerate(view.face_up[1]):
        game.zone_piles[z] = list(pile)


def _zone_state(game, view: View) -> None:
    code = game.t.code
    for side in view.sides:
        game.zone_state[side.side] = game.t.K if side.zone is None else code[side.zone]


def _mileage_counts(game, view: View) -> None:
    code = game.t.code
    for side in view.sides:
        for name, laid, _ in side.piles:
            game.mileage_counts[side.side][code[name]] = laid


def _safety_piles(game, view: View) -> None:
    code = game.t.code
    for side in view.sides:
        game.safety_piles[side.side] = [code[name] for name in side.safeties]


def _pending(game, view: View) -> None:
    t = game.t
    if view.pending is not None:
        attacker, hazard, victim = view.pending
        c = t.code[hazard]
        game.pending = CounterOffer(attacker, c, victim, t.tgt_code[victim][c])  # with the hazard's move
    elif view.discarding_down:
        game.pending = DISCARD_DOWN
    elif view.offer is not None:  # a mechanic's question (engine.mechanics)
        game.pending = t.offers[view.offer]


def _hands(game, view: View) -> None:
    game.set_hand(view.seat, [game.t.code[name] for name in view.hand])


def _scalar(name: str):
    def put(game, view: View) -> None:
        setattr(game, name, getattr(view, name))
    return put


FROM_VIEW = {"discard": lambda game, view: setattr(game, "discard", list(view.face_up[2])), "go_piles": _go_piles,
             "zone_piles": _zone_piles, "zone_state": _zone_state, "mileage_counts": _mileage_counts,
             "safety_piles": _safety_piles, "pending": _pending, "hands": _hands, "to_act": _scalar("to_act"),
             "turns": _scalar("turns"), "is_over": _scalar("is_over")}


def _hand_masks(game) -> None:
    for seat, hand in enumerate(game.hands):
        game.set_hand(seat, hand)


def _go_states(game) -> None:
    for s in range(len(game.go_piles)):
        game.go_state[s] = go_pile_state(game, s)  # a mechanic (stacked hazards) may read the pile its way


def _safeties(game) -> None:
    """Each safety's shield and go, as if laid again on the rebuilt go pile (the zone is the view's)."""
    for s, pile in enumerate(game.safety_piles):
        laid, game.safety_piles[s] = pile, []
        for c in laid:
            SAFETIES.laid(game, s, c)  # (mechanics.safeties)


def _race_on(game) -> None:
    game.winner = game.outcome = None  # a search starts from a race still on


# derived fields, by the step that recomputes them, in the order they run ("mileage" also refreshes the masks)
DERIVE = {"hands": _hand_masks, "go piles": _go_states, "safeties": _safeties, "mileage": recount,
          "masks": lambda game: game.refresh_all(), "race over": _race_on}


def rebuild(game, view: View) -> None:
    """Put on `game` (a fresh table of the view's ruleset and seating) everything `view` shows."""
    fields = state_fields()
    for f in fields:
        if f.seen not in (PUBLIC, OWN):  # OWN: the seat's own hand (the others are dealt by the search)
            continue
        if f.view == "extra":
            setattr(game, f.name, _from_extra(f, view.extra[f.name]))
        else:
            FROM_VIEW[f.name](game, view)
    steps = {f.derive for f in fields if f.seen == DERIVED}
    for step, derive in DERIVE.items():
        if step in steps:
            derive(game)


def _from_extra(f, value):
    if f.copy == "lists":
        return [list(p) for p in value]
    if f.copy == "list":
        return list(value)
    return value
