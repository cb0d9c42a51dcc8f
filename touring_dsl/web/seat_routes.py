"""Web stage, the seat's routes: a seat's, the spectator's and the replay's pages, a finished game's steps and
the edition's rulebook. The live part of a page comes over its channel (channel.py)."""
from __future__ import annotations

from html import escape

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from . import pages
from .again import AgainRefused, again_message, again_path, following, play_again
from .editions import EditionRefused, as_saved, saved_text
from ..base.i18n import _, reading
from .forms import address
from .host_routes import in_reader_language
from .reader import keep_choice, reader_language, switch
from .security import RULEBOOK_CSP, foreign
from .table import EDITION_NAME
from .views import catalogue


def refused(request: Request) -> Response:
    """A wrong link's page, in the reader's language (the browser's, or the switch's cookie)."""
    with reading(reader_language(request)):
        return HTMLResponse(pages.refusal(), status_code=404)


def access(request: Request, seat_ok: bool = True):
    """What the link's token opens (a seat or the spectator's view, never the host's page), or None."""
    found = request.app.state.store.find(request.path_params["token"])
    if found is None or found.host or (not seat_ok and found.seat is not None):
        return None
    return found


async def seat_page(request: Request) -> Response:
    found = access(request)
    if found is None or found.seat is None:
        return refused(request)
    lang = reader_language(request, found.table.ruleset.language)
    with reading(lang):
        evening = request.app.state.seat_evening(found.table, found.seat)  # a party's seat: back to the evening page
        title = _("{title}: seat {number}").format(title=found.table.ruleset.title, number=found.seat + 1)
        return in_language(request, pages.game_page(title, "seat", evening, switch(request.url.path, lang)))


def in_language(request: Request, html: str) -> Response:
    """A page read in the request's language; a language chosen by the switch is kept for the next ones."""
    response = HTMLResponse(html)
    keep_choice(request, response)
    return response


async def watch_page(request: Request) -> Response:
    found = access(request, seat_ok=False)
    if found is None:
        return refused(request)
    lang = reader_language(request, found.table.ruleset.language)
    with reading(lang):
        return in_language(request, pages.game_page(_("{title}: the table").format(title=found.table.ruleset.title),
                                                    "watch", switch=switch(request.url.path, lang)))


async def replay_page(request: Request) -> Response:
    found = access(request)
    if found is None:
        return refused(request)
    lang = reader_language(request, found.table.ruleset.language)
    with reading(lang):
        return in_language(request, pages.game_page(
            _("{title}: the game again").format(title=found.table.ruleset.title), "replay",
            switch=switch(request.url.path, lang)))


async def replay_data(request: Request) -> Response:
    found = access(request)  # a seat's link too: a finished game is public, hands are not shown
    if found is None:
        return JSONResponse({"error": "no such table"}, status_code=404)
    if not found.table.game.is_over:
        return JSONResponse({"error": "the game is not over yet: watch it live"}, status_code=409)
    steps = found.table.replay_steps()  # on the loop: the engine's caches are not shared across threads
    return JSONResponse({"steps": steps, "cards": catalogue(found.table.ruleset)})


async def rulebook(request: Request) -> Response:
    found = request.app.state.store.find(request.path_params["token"])
    if found is None:
        return refused(request)
    return HTMLResponse(rulebook_for(found.table.ruleset), headers={"content-security-policy": RULEBOOK_CSP})


@in_reader_language
async def again(request: Request) -> Response:
    """"Play again" on a finished table: every player lands at their own seat of one new table (web.again)."""
    state = request.app.state
    found = state.store.find(request.path_params["token"])
    if found is None or foreign(request):
        return refused(request)
    table, token = found.table, request.path_params["token"]
    back = f"/h/{token}" if found.host else f"/w/{token}" if found.seat is None else f"/s/{token}"
    first = following(state.store, table) is None
    if first and table.game.is_over and table.names is None:
        # only the first press makes a table: it counts against the server's and the address's bounds
        if full := state.settings.limits.refusal(address(request), len(state.store.tables), tables=1):
            return not_again(full, 429, back)
        if table.meta["edition"].get("file"):  # a house rule: checked off the event loop, as on the form
            try:
                await state.compiler.check(as_saved(saved_text(table.folder / EDITION_NAME)))
            except (EditionRefused, OSError) as exc:
                return not_again(str(exc), 400, back)
    try:
        made = play_again(state.store, table, by=found.seat)
    except AgainRefused as exc:
        return not_again(str(exc), 409, back)
    except (EditionRefused, ValueError) as exc:  # a full disk included (store.DiskRefused)
        return not_again(str(exc), 400, back)
    state.hub.wake_bots(made)
    if first:  # the other pages of the old table are told, each with its own place at the new one
        state.hub.tell_seats(table, lambda seat: again_message(state.store, table, seat))
    return RedirectResponse(again_path(made, found), status_code=303)


def not_again(words: str, status: int, back: str) -> Response:
    heading, link = escape(_("No new game"), quote=False), escape(_("Back to the table"), quote=False)
    body = (f'<main class="narrow"><h1>{heading}</h1><p role="alert">{escape(words)}</p>'
            f'<p><a href="{escape(back)}">{link}</a></p></main>')
    return HTMLResponse(pages.page(_("Touring: play again"), body), status_code=status)


async def no_icon(request: Request) -> Response:
    return Response(status_code=204)


async def not_found(request: Request, exc) -> Response:
    """Any other address gets the refusal a wrong link gets: the same words, whatever was asked."""
    return refused(request)


_RULEBOOKS: dict[str, str] = {}


def rulebook_for(ruleset) -> str:
    """The edition's HTML rulebook, made once per edition text."""
    from ..rulebook.html import rulebook_html

    key = ruleset.source_hash
    if key not in _RULEBOOKS:
        _RULEBOOKS[key] = rulebook_html(ruleset)
    return _RULEBOOKS[key]


routes = [
    Route("/s/{token}", seat_page),
    Route("/w/{token}", watch_page),
    Route("/r/{token}", replay_page),
    Route("/api/replay/{token}", replay_data),
    Route("/rules/{token}", rulebook),
    Route("/again/{token}", again, methods=["POST"]),
    Route("/favicon.ico", no_icon),
]
