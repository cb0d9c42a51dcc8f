"""Web stage, a party's evening links: one private link per player for the whole evening (/pl/{token}).

The host shows or prints each player's link once, at the start. Opened at any time it says where its player
sits now (the round, the table, the partners and opponents), gives the way to their seat at that table's
current game, and the standings; once the party is over, the final standings. The tokens are kept in the
party's meta.json (meta["players"], name -> token), beside the host's.

When a game is no longer its player's (the signal ended the round, or another game was begun at the table)
each of its open seat pages is sent a "moved" message naming that seat's own evening link, and the page
follows it; a seat page that connects later is sent it too. A spectator is sent nothing, and no page is
ever sent another player's link.
"""
from __future__ import annotations

import json
import secrets
from dataclasses import dataclass

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from ..base.i18n import _, reading
from . import pages, party_pages
from .party import PLAYERS, WebParty
from .reader import keep_choice, reader_language
from .table import Table


def link_of(web_party: WebParty, name: str) -> str | None:
    """The path of a player's evening link."""
    token = web_party.meta.get(PLAYERS, {}).get(name)
    return f"/pl/{token}" if token else None


def player_of(parties: dict, token) -> tuple[WebParty, str] | None:
    """The party and the player an evening token belongs to (compared in constant time), or None."""
    if not isinstance(token, str) or len(token) > 64:
        return None
    found = None
    for web_party in parties.values():
        for name, known in web_party.meta.get(PLAYERS, {}).items():
            if secrets.compare_digest(known, token):
                found = (web_party, name)
    return found


@dataclass(frozen=True)
class Place:
    """Where a player sits in the party's current round: the party's table, its current web game and the
    player's seat there (game and seat None while the table has no game)."""

    round: int
    table: object
    game: Table | None
    seat: int | None


def place_of(web_party: WebParty, store, name: str) -> Place | None:
    """The player's place in the current round; None when the party is over or the player sits this round out."""
    rnd = web_party.party.current
    table = rnd.table_of(name) if rnd is not None else None
    if table is None:
        return None
    games = web_party.games_of(store, rnd.number, table.number)
    if not games:
        return Place(rnd.number, table, None, None)
    game = games[-1]
    return Place(rnd.number, table, game, web_party.seat_names(table, game).index(name))


def party_holding(parties: dict, table: Table) -> WebParty | None:
    """The party a web table was made for, if any (only a party's tables name their players)."""
    if table.names is None:
        return None
    return next((p for p in parties.values() if any(table.id in ids for ids in p.meta["games"].values())), None)


def moved_to(state, table: Table, seat: int | None, web_party: WebParty | None = None) -> str | None:
    """Where a party seat's page goes when its game is no longer its player's: that player's evening link.
    None for a spectator, a table of no party, and a seat whose game is its player's current one.
    web_party: the table's party when the caller knows it."""
    if seat is None:
        return None
    web_party = web_party or party_holding(state.parties, table)
    if web_party is None:
        return None
    name = table.names[seat]
    place = place_of(web_party, state.store, name)
    if place is not None and place.game is table:
        return None
    return link_of(web_party, name)


def moved_message(state, table: Table, seat: int | None, web_party: WebParty | None = None) -> str | None:
    """The "moved" message for a seat page whose game its player has left, or None."""
    path = moved_to(state, table, seat, web_party)
    if path is None:
        return None
    return json.dumps({"type": "moved", "to": path, "words": _("Play has moved on: on to your next table.")},
                      ensure_ascii=False)


def move_on(state, web_party: WebParty) -> None:
    """Send every open seat page of the party whose game is no longer its player's the way on (its own link)."""
    for ids in web_party.meta["games"].values():
        for table_id in ids:
            table = state.store.tables.get(table_id)
            if table is not None:
                state.hub.tell_seats(table, lambda seat, table=table: moved_message(state, table, seat, web_party))


def seat_evening(state, table: Table, seat: int) -> tuple[str, str] | None:
    """For a party's seat page: its player's evening link and what the page calls it ("Round 2, table 1"),
    or None at a table of no party."""
    web_party = party_holding(state.parties, table)
    if web_party is None:
        return None
    name = table.names[seat]
    place = place_of(web_party, state.store, name)
    label = _("Round {number}, table {table}").format(number=place.round, table=place.table.number) if place \
        else _("Your evening")
    path = link_of(web_party, name)
    return (path, label) if path else None


async def evening_page(request: Request) -> Response:
    state = request.app.state
    found = player_of(state.parties, request.path_params["token"])
    if found is None:
        return HTMLResponse(pages.refusal(), status_code=404)
    web_party, name = found
    with reading(reader_language(request, web_party.ruleset.language)):
        response = HTMLResponse(party_pages.evening(web_party, name, place_of(web_party, state.store, name)))
    keep_choice(request, response)
    return response


routes = [Route("/pl/{token}", evening_page)]
