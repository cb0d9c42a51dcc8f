"""Web stage, the ASGI app: the host's form, each seat's page and its live WebSocket channel.

Every move goes through Table.apply (checked, logged, then shown); after each one every connected seat
is sent the position as it may see it. Bots move from a task of the table's own. Bad input from a
browser gets an error message on its own channel and never stops the table.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import time
from html import escape
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..party.host import player_names
from ..party.record import PartyError
from . import pages
from .party import PARTIES, WebParty
from .editions import MAX_EDITION_BYTES, EditionRefused, archive_choices
from .limits import PaceLimit, refusal_words
from .store import MAX_PLAYERS, TableStore
from .table import MoveRefused, Table
from .views import catalogue

MAX_MESSAGE = 4096  # characters: a move is under 200; anything longer is refused, the channel stays open
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
RULEBOOK_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'"
STATIC = Path(__file__).parent / "static"


class SecurityHeaders:
    """ASGI middleware: a Content-Security-Policy (unless a page set its own) and no caching of private pages."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def sending(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {name.lower() for name, _ in headers}
                extra = {b"content-security-policy": CSP.encode(), b"x-content-type-options": b"nosniff",
                         b"referrer-policy": b"same-origin", b"cache-control": b"no-store",
                         b"x-frame-options": b"DENY"}
                headers += [(name, value) for name, value in extra.items() if name not in names]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, sending)


class Hub:
    """The live connections of every table, and each table's bot task."""

    def __init__(self, store: TableStore, bot_delay: float):
        self.store, self.bot_delay = store, bot_delay
        self.connections: dict[str, set[tuple[WebSocket, int | None]]] = {}
        self.bot_tasks: dict[str, asyncio.Task] = {}

    def join(self, table: Table, ws: WebSocket, seat: int | None) -> None:
        self.connections.setdefault(table.id, set()).add((ws, seat))

    def leave(self, table: Table, ws: WebSocket, seat: int | None) -> None:
        self.connections.get(table.id, set()).discard((ws, seat))

    async def broadcast(self, table: Table) -> None:
        """Send every connected seat the new position as it may see it (each seat's message built once)."""
        built: dict[int | None, str] = {}
        gone = []
        sends = []
        for ws, seat in list(self.connections.get(table.id, ())):
            if seat not in built:
                built[seat] = json.dumps(table.state(seat), ensure_ascii=False)
            sends.append((ws, seat, ws.send_text(built[seat])))
        results = await asyncio.gather(*(send for _, _, send in sends), return_exceptions=True)
        for (ws, seat, _), result in zip(sends, results):
            if isinstance(result, Exception):
                gone.append((ws, seat))
        for ws, seat in gone:
            self.leave(table, ws, seat)

    def wake_bots(self, table: Table) -> None:
        task = self.bot_tasks.get(table.id)
        if table.bot_to_act() is not None and (task is None or task.done()):
            self.bot_tasks[table.id] = asyncio.create_task(self.run_bots(table))

    async def run_bots(self, table: Table) -> None:
        """Let the bots move while one is to act; a bot's failure is reported and leaves the table as it is."""
        try:
            while table.bot_to_act() is not None:
                await asyncio.sleep(self.bot_delay)
                seat, view, legal, rng = table.bot_choice()
                made = len(table.record.moves)
                bot = table.bots[seat]
                # every bot thinks off the event loop (a search, or a level made of one, takes a while;
                # the others lose a thread hop); the view is the bot's own copy, the table is untouched
                move = await asyncio.to_thread(bot.choose, view, legal, rng)
                if len(table.record.moves) != made or move not in legal:
                    continue
                table.commit(seat, move)
                await self.broadcast(table)
        except Exception as exc:  # a bug in a bot: said on the server's terminal, the table keeps its log
            print(f"touring serve: table {table.id}: the bot failed (a bug in touring): {exc!r}", file=sys.stderr)

    async def close(self) -> None:
        for task in self.bot_tasks.values():
            task.cancel()


def create_app(data: Path, share_base: str | None = None, bot_delay: float = 0.6,
               store: TableStore | None = None, pace: PaceLimit | None = None) -> Starlette:
    """The app serving the tables kept under data (reloaded now). share_base: the address links are made
    with (the network address under --host 0.0.0.0); by default the address the host's browser used.
    pace: how many tables and parties an address may make (web.limits; loopback is never limited)."""
    pace = pace or PaceLimit()
    if store is None:
        store = TableStore(data)
        store.load_all()
    hub = Hub(store, bot_delay)
    parties = {party.meta["host"]: party for party in load_parties(store)}

    def base(request: Request) -> str:
        return share_base or str(request.base_url).rstrip("/")

    def home(error: str | None = None, form: dict | None = None, party_error: str | None = None,
             party_form: dict | None = None, status: int = 200) -> Response:
        editions = archive_choices()
        party = pages.party_form([e for e in editions if e["progressive"]], party_error, party_form)
        return HTMLResponse(pages.index(editions, error, form, party), status_code=status)

    def foreign(request: Request) -> bool:
        """A form posted from another site's page (the browser says where it came from; under the pages'
        same-origin referrer policy it says "null" for a cross-site post)."""
        origin = request.headers.get("origin")
        return bool(origin) and origin.rstrip("/") != str(request.base_url).rstrip("/") and origin != share_base

    async def index(request: Request) -> Response:
        return home()

    async def new_table(request: Request) -> Response:
        if foreign(request):
            return home("a table can be made only from this server's page", status=403)
        if wait := pace.wait(_address(request)):
            return home(refusal_words(wait), status=429)
        if _declared_length(request) > 4 * MAX_EDITION_BYTES:
            return home("the form is too large", status=413)
        try:
            form = await request.form(max_files=1, max_fields=40, max_part_size=2 * MAX_EDITION_BYTES)
        except Exception:  # multipart's own refusals (too many parts, a part too large)
            return home("the form could not be read", status=400)
        fields = {key: value for key, value in form.items() if isinstance(value, str)}
        try:
            table = await _create_from_form(store, form, fields)
        except (EditionRefused, ValueError) as exc:
            return home(str(exc), fields, status=400)
        hub.wake_bots(table)
        return RedirectResponse(f"/h/{table.meta['host']}", status_code=303)

    def access_or_refuse(request: Request, host: bool = False, seat_ok: bool = True):
        found = store.find(request.path_params["token"])
        if found is None or found.host != host or (not seat_ok and found.seat is not None):
            return None
        return found

    async def host_page(request: Request) -> Response:
        found = access_or_refuse(request, host=True)
        if found is None:
            return HTMLResponse(pages.refusal(), status_code=404)
        return HTMLResponse(pages.host(found.table, base(request), qr_svg))

    async def seat_page(request: Request) -> Response:
        found = access_or_refuse(request)
        if found is None or found.seat is None:
            return HTMLResponse(pages.refusal(), status_code=404)
        return HTMLResponse(pages.game_page(f"Touring: seat {found.seat + 1}", "seat"))

    async def watch_page(request: Request) -> Response:
        found = access_or_refuse(request, seat_ok=False)
        if found is None:
            return HTMLResponse(pages.refusal(), status_code=404)
        return HTMLResponse(pages.game_page("Touring: the table", "watch"))

    async def replay_page(request: Request) -> Response:
        found = access_or_refuse(request)
        if found is None:
            return HTMLResponse(pages.refusal(), status_code=404)
        return HTMLResponse(pages.game_page("Touring: the game again", "replay"))

    async def replay_data(request: Request) -> Response:
        found = access_or_refuse(request)  # a seat's link too: a finished game is public, hands are not shown
        if found is None:
            return JSONResponse({"error": "no such table"}, status_code=404)
        if not found.table.game.is_over:
            return JSONResponse({"error": "the game is not over yet: watch it live"}, status_code=409)
        steps = found.table.replay_steps()  # on the loop: the engine's caches are not shared across threads
        return JSONResponse({"steps": steps, "cards": _cards(found.table)})

    async def rulebook(request: Request) -> Response:
        found = store.find(request.path_params["token"])
        if found is None:
            return HTMLResponse(pages.refusal(), status_code=404)
        return HTMLResponse(rulebook_for(found.table.ruleset), headers={"content-security-policy": RULEBOOK_CSP})

    async def new_party(request: Request) -> Response:
        if foreign(request):
            return home(party_error="a party can be set up only from this server's page", status=403)
        if wait := pace.wait(_address(request)):
            return home(party_error=refusal_words(wait), status=429)
        if _declared_length(request) > 16 * 1024:
            return home(party_error="the form is too large", status=413)
        try:
            form = await request.form(max_files=0, max_fields=10)
        except Exception:
            return home(party_error="the form could not be read", status=400)
        fields = {key: value for key, value in form.items() if isinstance(value, str)}
        try:
            rounds = _number(fields.get("rounds"), "number of rounds")
            if not 1 <= rounds <= 20:
                raise ValueError("a party has 1 to 20 rounds")
            made = WebParty.create(store.root, fields.get("edition", ""), player_names(fields.get("names", "")),
                                   rounds, clock=fields.get("clock") == "yes")
            made.seat_round(store)
        except (PartyError, EditionRefused, ValueError) as exc:
            return home(party_error=str(exc), party_form=fields, status=400)
        parties[made.meta["host"]] = made
        return RedirectResponse(f"/p/{made.meta['host']}", status_code=303)

    def party_or_none(request: Request):
        token = request.path_params["token"]
        return parties.get(token) if isinstance(token, str) and len(token) <= 64 else None

    async def party_page(request: Request) -> Response:
        found = party_or_none(request)
        if found is None:
            return HTMLResponse(pages.refusal(), status_code=404)
        return HTMLResponse(pages.party_host(found, lambda r, t: found.games_of(store, r, t), base(request), qr_svg))

    async def party_signal(request: Request) -> Response:
        found = party_or_none(request)
        if found is None or foreign(request):
            return HTMLResponse(pages.refusal(), status_code=404)
        try:
            changed = found.signal(store)
        except PartyError as exc:
            return HTMLResponse(pages.page("Touring: the party", f'<main><p role="alert">{escape(str(exc))}</p>'
                                           f'<p><a href="/p/{escape(found.meta["host"])}">Back</a></p></main>'),
                                status_code=400)
        for table in changed:
            await hub.broadcast(table)
        return RedirectResponse(f"/p/{found.meta['host']}", status_code=303)

    async def party_again(request: Request) -> Response:
        found = party_or_none(request)
        if found is None or foreign(request):
            return HTMLResponse(pages.refusal(), status_code=404)
        try:
            found.another_game(store, _number(request.path_params["number"], "table number"))
        except (PartyError, ValueError) as exc:
            return HTMLResponse(pages.page("Touring: the party", f'<main><p role="alert">{escape(str(exc))}</p>'
                                           f'<p><a href="/p/{escape(found.meta["host"])}">Back</a></p></main>'),
                                status_code=400)
        return RedirectResponse(f"/p/{found.meta['host']}", status_code=303)

    async def live(ws: WebSocket) -> None:
        found = store.find(ws.path_params["token"])
        if found is None or found.host:
            await ws.close(code=1008)  # before accepting: the browser sees a refused handshake, nothing more
            return
        table, seat = found.table, found.seat
        await ws.accept()
        hub.join(table, ws, seat)
        try:
            await ws.send_text(json.dumps({"type": "cards", "cards": _cards(table),
                                           "rules": f"/rules/{ws.path_params['token']}"}, ensure_ascii=False))
            await ws.send_text(json.dumps(table.state(seat), ensure_ascii=False))
            hub.wake_bots(table)
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                problem = await _handle(hub, table, seat, message.get("text"))
                if problem:
                    await ws.send_text(json.dumps({"type": "error", "message": problem}, ensure_ascii=False))
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            hub.leave(table, ws, seat)

    async def sound_due_signals() -> None:
        """The edition's timed rounds: a party whose clock ran out gets its signal, as from the host's button."""
        for party in list(parties.values()):
            if party.signal_due(time.time()):
                for table in party.signal(store):
                    await hub.broadcast(table)

    async def clock() -> None:
        while True:
            await asyncio.sleep(2)
            try:
                await sound_due_signals()
            except Exception as exc:  # a bug: said on the terminal; the parties keep their files
                print(f"touring serve: the party clock failed (a bug in touring): {exc!r}", file=sys.stderr)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        ticking = asyncio.create_task(clock())
        yield
        ticking.cancel()
        await hub.close()
        store.close()

    app = Starlette(routes=[
        Route("/", index), Route("/tables", new_table, methods=["POST"]),
        Route("/h/{token}", host_page), Route("/s/{token}", seat_page), Route("/w/{token}", watch_page),
        Route("/r/{token}", replay_page), Route("/api/replay/{token}", replay_data),
        Route("/parties", new_party, methods=["POST"]), Route("/p/{token}", party_page),
        Route("/p/{token}/signal", party_signal, methods=["POST"]),
        Route("/p/{token}/again/{number}", party_again, methods=["POST"]),
        Route("/rules/{token}", rulebook), Route("/favicon.ico", lambda request: Response(status_code=204)), WebSocketRoute("/ws/{token}", live),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ], lifespan=lifespan, exception_handlers={404: not_found, 405: not_found})
    app.state.store, app.state.hub, app.state.parties = store, hub, parties
    app.state.sound_due_signals = sound_due_signals
    return SecurityHeaders(app)


async def _handle(hub: Hub, table: Table, seat: int | None, text) -> str | None:
    """One message from a browser; returns the error to send back, or None when it was done."""
    if not isinstance(text, str):
        return "message refused: expected JSON text, not binary data"
    if len(text) > MAX_MESSAGE:
        return f"message refused: longer than {MAX_MESSAGE} characters"
    try:
        data = json.loads(text)
    except ValueError:
        return "message refused: not JSON"
    except RecursionError:  # a few kilobytes of brackets: the parser's stack, not the channel, must give
        return "message refused: JSON nested too deeply"
    if not isinstance(data, dict) or data.get("type") not in ("move", "ping"):
        return 'message refused: expected {"type": "move", "move": {...}}'
    if data["type"] == "ping":
        return None
    if seat is None:
        return "a spectator cannot make moves"
    try:
        table.apply(seat, data.get("move"), confirm=data.get("confirm") is True)
    except MoveRefused as exc:
        return str(exc)
    await hub.broadcast(table)
    hub.wake_bots(table)
    return None


async def not_found(request: Request, exc) -> Response:
    """Any other address gets the refusal a wrong link gets: the same words, whatever was asked."""
    return HTMLResponse(pages.refusal(), status_code=404)


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


def _cards(table: Table) -> list[dict]:
    return catalogue(table.ruleset)


async def _create_from_form(store: TableStore, form, fields: dict) -> Table:
    upload = form.get("upload")
    text = None
    if upload is not None and not isinstance(upload, str) and upload.filename:
        raw = await upload.read(MAX_EDITION_BYTES + 1)
        if len(raw) > MAX_EDITION_BYTES:
            raise EditionRefused(f"the edition file is larger than {MAX_EDITION_BYTES // 1024} KB")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise EditionRefused("the uploaded file is not UTF-8 text; is it an edition file?") from None
    elif fields.get("source", "").strip():
        text = fields["source"]
    players = _number(fields.get("players"), "number of players")
    if not 1 <= players <= MAX_PLAYERS:
        raise ValueError(f"a table seats 1 to {MAX_PLAYERS} players")
    kinds = [fields.get(f"seat{seat}", "human") for seat in range(players)]
    seed = _number(fields["seed"], "deal number") if fields.get("seed", "").strip() else None
    return store.create(players, kinds, fields.get("edition"), text, seed)


def _address(request: Request) -> str | None:
    """The visitor's address as the connection says (a proxy's forwarded headers are not trusted)."""
    return request.client.host if request.client else None


def _declared_length(request: Request) -> int:
    """The body's length as the browser declares it (a length that is no number counts as too long)."""
    text = request.headers.get("content-length") or "0"
    return int(text) if text.isascii() and text.isdigit() and len(text) < 16 else 1 << 62


def _number(text, what: str) -> int:
    text = (text or "").strip()
    if not text.isascii() or not text.isdigit() or len(text) > 12:
        raise ValueError(f"the {what} should be a whole number")
    return int(text)


_RULEBOOKS: dict[str, str] = {}


def rulebook_for(ruleset) -> str:
    """The edition's HTML rulebook, made once per edition text."""
    from ..rulebook.html import rulebook_html

    key = ruleset.source_hash
    if key not in _RULEBOOKS:
        _RULEBOOKS[key] = rulebook_html(ruleset)
    return _RULEBOOKS[key]


def qr_svg(url: str) -> str:
    """The link as a QR code, an SVG element to put in the page (no XML declaration, no outside style)."""
    import segno

    return segno.make(url, error="m").svg_inline(scale=4, dark="#111", light="#fff")
