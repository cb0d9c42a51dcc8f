"""Web stage, the live channel: each seat's (or spectator's) WebSocket, the hub of every table's connections,
and a browser's messages.

Every move goes through Table.apply (checked, logged, then shown); after each one every connected seat
is sent the position as it may see it. Bots move from a task of the table's own. Bad input from a
browser gets an error message on its own channel and never stops the table.
"""
from __future__ import annotations

import asyncio
import json
import sys

from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from .store import TableStore
from .table import MoveRefused, Table
from .views import catalogue

MAX_MESSAGE = 4096  # characters: a move is under 200; anything longer is refused, the channel stays open


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


async def live(ws: WebSocket) -> None:
    """A seat's or the spectator's channel: the cards and the position first, then its messages one by one."""
    hub: Hub = ws.app.state.hub
    found = ws.app.state.store.find(ws.path_params["token"])
    if found is None or found.host:
        await ws.close(code=1008)  # before accepting: the browser sees a refused handshake, nothing more
        return
    table, seat = found.table, found.seat
    await ws.accept()
    hub.join(table, ws, seat)
    try:
        await ws.send_text(json.dumps({"type": "cards", "cards": catalogue(table.ruleset),
                                       "rules": f"/rules/{ws.path_params['token']}"}, ensure_ascii=False))
        await ws.send_text(json.dumps(table.state(seat), ensure_ascii=False))
        hub.wake_bots(table)
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            problem = await handle(hub, table, seat, message.get("text"))
            if problem:
                await ws.send_text(json.dumps({"type": "error", "message": problem}, ensure_ascii=False))
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        hub.leave(table, ws, seat)


async def handle(hub: Hub, table: Table, seat: int | None, text) -> str | None:
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


routes = [WebSocketRoute("/ws/{token}", live)]
