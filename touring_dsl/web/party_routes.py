"""Web stage, the party's routes: setting up a Progressive Touring evening, the host's screen, the signal
(the host's button, confirmed on a page of its own, or the edition's clock) and another game at a table.
After the signal or another game every open seat page whose game its player has left is moved on (web.evening)."""
from __future__ import annotations

import asyncio
import sys
import time
from html import escape

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from ..base.i18n import _, reading
from ..party.host import player_names
from ..party.record import PartyError
from . import evening, pages, party_pages
from .editions import EditionRefused
from .forms import address, base, declared_length, number, qr_svg, text_fields
from .host_routes import home, in_reader_language
from .limits import PARTY_PLAYERS, refusal_words
from .party import PARTIES, WebParty
from .reader import keep_choice, reader_language
from .security import foreign
from .store import TableStore

NAME_LENGTH = 40  # characters of a player's name


@in_reader_language
async def new_party(request: Request) -> Response:
    state = request.app.state
    if foreign(request):
        return home(party_error=_("a party can be set up only from this server's page"), status=403)
    if wait := state.settings.pace.wait(address(request)):
        return home(party_error=refusal_words(wait), status=429)
    if declared_length(request) > 16 * 1024:
        return home(party_error=_("the form is too large"), status=413)
    try:
        form = await request.form(max_files=0, max_fields=10)
    except Exception:
        return home(party_error=_("the form could not be read"), status=400)
    fields = text_fields(form)
    try:
        names = party_names(fields)
    except (PartyError, ValueError) as exc:
        return home(party_error=str(exc), party_form=fields, status=400)
    # a table seats two players at least: the first round makes at most half as many tables as names
    if full := state.settings.limits.refusal(address(request), len(state.store.tables), len(state.parties),
                                             tables=len(names) // 2, parties=1):
        return home(party_error=full, party_form=fields, status=429)
    try:
        made = create_party(state.store, fields, names)
    except (PartyError, EditionRefused, ValueError) as exc:
        return home(party_error=str(exc), party_form=fields, status=400)
    state.parties[made.meta["host"]] = made
    return RedirectResponse(f"/p/{made.meta['host']}", status_code=303)


def party_names(fields: dict) -> list[str]:
    """The players' names typed in the form, at most PARTY_PLAYERS of them."""
    names = player_names(fields.get("names", ""))
    if len(names) > PARTY_PLAYERS:
        raise ValueError(_("a party here seats at most {most} players").format(most=PARTY_PLAYERS))
    if any(len(name) > NAME_LENGTH for name in names):
        raise ValueError(_("a player's name is at most {most} characters").format(most=NAME_LENGTH))
    return names


def create_party(store: TableStore, fields: dict, names: list[str]) -> WebParty:
    rounds = number(fields.get("rounds"), "rounds")
    if not 1 <= rounds <= 20:
        raise ValueError(_("a party has 1 to {most} rounds").format(most=20))
    made = WebParty.create(store.root, fields.get("edition", ""), names, rounds, clock=fields.get("clock") == "yes")
    made.seat_round(store)
    return made


def party_of(request: Request) -> WebParty | None:
    token = request.path_params["token"]
    return request.app.state.parties.get(token) if isinstance(token, str) and len(token) <= 64 else None


async def party_page(request: Request) -> Response:
    found, store = party_of(request), request.app.state.store
    if found is None:
        return HTMLResponse(pages.refusal(), status_code=404)
    with reading(reader_language(request, found.ruleset.language)):
        response = HTMLResponse(party_pages.party_host(found, games_lister(found, store), base(request), qr_svg,
                                                       request.app.state.settings.local_only))
    keep_choice(request, response)
    return response


def games_lister(found: WebParty, store: TableStore):
    return lambda round_number, table_number: found.games_of(store, round_number, table_number)


async def party_signal(request: Request) -> Response:
    """The host's signal in two steps: the button shows what it will do and every table's state; the
    confirmation (confirm=yes, and the round it was asked for) sounds it."""
    found, state = party_of(request), request.app.state
    if found is None or foreign(request):
        return HTMLResponse(pages.refusal(), status_code=404)
    fields = await small_form(request)
    if fields is None:
        return party_refusal(found, "the form could not be read")
    if found.party.current is None:
        return party_refusal(found, "the party is over: there is no round to end")
    if fields.get("confirm") != "yes":
        with reading(reader_language(request, found.ruleset.language)):
            return HTMLResponse(party_pages.signal_confirm(found, games_lister(found, state.store)))
    asked = fields.get("round", str(found.party.current.number))
    if asked != str(found.party.current.number):  # a second press, or the clock sounded it meanwhile
        return party_refusal(found, "that round's signal has already sounded: the party is at round "
                                    f"{found.party.current.number}", status=409)
    if refused := making_refused(request, tables=len(found.party.current.tables)):
        return party_refusal(found, refused, status=429)
    try:
        await sound_signal(state, found)
    except PartyError as exc:
        return party_refusal(found, str(exc))
    return RedirectResponse(f"/p/{found.meta['host']}", status_code=303)


async def small_form(request: Request) -> dict | None:
    """A form of a few short fields (a button's), or None when it is too large or cannot be read."""
    if declared_length(request) > 1024:
        return None
    try:
        return text_fields(await request.form(max_files=0, max_fields=5))
    except Exception:
        return None


async def sound_signal(state, found: WebParty) -> None:
    """The signal: the stopped games shown to their seats, then every seat page of the round moved on."""
    for table in found.signal(state.store):
        await state.hub.broadcast(table)
    evening.move_on(state, found)


async def party_again(request: Request) -> Response:
    found = party_of(request)
    if found is None or foreign(request):
        return HTMLResponse(pages.refusal(), status_code=404)
    if refused := making_refused(request, tables=1):
        return party_refusal(found, refused, status=429)
    try:
        found.another_game(request.app.state.store, number(request.path_params["number"], "table"))
    except (PartyError, ValueError) as exc:
        return party_refusal(found, str(exc))
    evening.move_on(request.app.state, found)  # the finished game's players go on to the new one
    return RedirectResponse(f"/p/{found.meta['host']}", status_code=303)


def making_refused(request: Request, tables: int) -> str | None:
    """A signal or another game makes tables: it counts against the address's pace and the server's bounds."""
    state, visitor = request.app.state, address(request)
    if wait := state.settings.pace.wait(visitor):
        return refusal_words(wait)
    return state.settings.limits.refusal(visitor, len(state.store.tables), tables=tables)


def party_refusal(found: WebParty, words: str, status: int = 400) -> Response:
    return HTMLResponse(pages.page("Touring: the party", f'<main><p role="alert">{escape(words)}</p>'
                                   f'<p><a href="/p/{escape(found.meta["host"])}">Back</a></p></main>'),
                        status_code=status)


def load_parties(store: TableStore) -> list[WebParty]:
    """Every party kept under the data folder; one that cannot be read is reported and left as it is."""
    folder = store.root / PARTIES
    found = []
    for path in sorted(folder.iterdir()) if folder.is_dir() else []:
        try:
            found.append(WebParty.load(path))
        except (OSError, ValueError, KeyError) as exc:
            print(f"touring serve: party {path.name} not loaded: {exc}", file=sys.stderr)
    return found


async def sound_due_signals(state) -> None:
    """The edition's timed rounds: a party whose clock ran out gets its signal, as from the host's button."""
    for party in list(state.parties.values()):
        if party.signal_due(time.time()):
            try:
                await sound_signal(state, party)
            except PartyError as exc:  # a full disk: the deadline stands, so the next tick tries again
                print(f"touring serve: party {party.id}: the signal is not sounded yet: {exc}", file=sys.stderr)


async def clock(state) -> None:
    while True:
        await asyncio.sleep(2)
        try:
            await sound_due_signals(state)
        except Exception as exc:  # a bug: said on the terminal; the parties keep their files
            print(f"touring serve: the party clock failed (a bug in touring): {exc!r}", file=sys.stderr)


routes = [
    Route("/parties", new_party, methods=["POST"]),
    Route("/p/{token}", party_page),
    Route("/p/{token}/signal", party_signal, methods=["POST"]),
    Route("/p/{token}/again/{number}", party_again, methods=["POST"]),
]
