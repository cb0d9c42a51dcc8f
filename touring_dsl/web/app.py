"""Web stage, the ASGI app: the routes of the host (host_routes), the seats (seat_routes), their live channel
(channel), the parties (party_routes), each player's evening link (evening) and the workshop where house rules
are written (workshop_routes), assembled around the server's
shared state.

app.state holds what every route shares: the store of tables, the hub of live connections, the parties
by their host token and the settings (settings.py); no route keeps state of its own.
"""
from __future__ import annotations

import asyncio
import contextlib
import functools
from pathlib import Path

from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from . import channel, evening, host_routes, party_routes, seat_routes, workshop_routes
from .channel import MAX_MESSAGE, Hub  # noqa: F401  (MAX_MESSAGE: the channel's limit, imported by tests)
from .limits import Limits, PaceLimit
from .upload import UploadCompiler
from .party_routes import load_parties
from .security import SecurityHeaders
from .settings import Settings
from .store import TableStore
from .workshop_worker import WorkshopWorker

STATIC = Path(__file__).parent / "static"


def create_app(data: Path, share_base: str | None = None, bot_delay: float = 0.6,
               store: TableStore | None = None, pace: PaceLimit | None = None,
               address: str = "http://127.0.0.1:8000", limits: Limits | None = None,
               compiler: UploadCompiler | None = None) -> SecurityHeaders:
    """The app serving the tables kept under data (reloaded now unless a loaded store is given). address: where
    the server listens; share_base: the address players are given when it is another (settings.Settings)."""
    if store is None:
        store = TableStore(data)
        store.load_all()
    app = Starlette(routes=routes(), lifespan=lifespan,
                    exception_handlers={404: seat_routes.not_found, 405: seat_routes.not_found})
    state = app.state
    state.settings = Settings(address=address, share_base=share_base, data_label=str(data), bot_delay=bot_delay,
                              pace=pace or PaceLimit(), limits=limits or Limits())
    state.compiler = compiler or UploadCompiler()
    state.workshop = WorkshopWorker(state.compiler)  # the workshop's compiles take turns with the uploads'
    state.store, state.hub = store, Hub(store, bot_delay)
    state.parties = {party.meta["host"]: party for party in load_parties(store)}
    state.sound_due_signals = functools.partial(party_routes.sound_due_signals, state)
    state.moved_message = functools.partial(evening.moved_message, state)
    state.seat_evening = functools.partial(evening.seat_evening, state)
    return SecurityHeaders(app, state.settings)


def routes() -> list:
    return [*host_routes.routes, *seat_routes.routes, *party_routes.routes, *evening.routes,
            *channel.routes, *workshop_routes.routes,
            Mount("/static", StaticFiles(directory=STATIC), name="static")]


@contextlib.asynccontextmanager
async def lifespan(app: Starlette):
    ticking = asyncio.create_task(party_routes.clock(app.state))
    yield
    ticking.cancel()
    await app.state.hub.close()
    app.state.store.close()
    app.state.workshop.close()
