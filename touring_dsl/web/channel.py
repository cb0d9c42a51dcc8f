"""Web stage, the live channel: each seat's (or spectator's) WebSocket, the hub of every table's connections,
and a browser's messages.

Every move goes through Table.apply (checked, logged, then shown); after each one every connected seat
is sent the position as it may see it. Bots move from a task of the table's own. Between the races of a
match any seat may send {"type": "next", "race": N} to deal race N (Table.next_race); a table of bots
alone deals its next race itself, from that task. Bad input from a
browser gets an error message on its own channel and never stops the table.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import sys

from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..base.i18n import reading
from .again import again_message
from .page_words import page_words
from .reader import reader_language
from .store import TableStore
from .table import MoveRefused, Table
from .views import catalogue

MAX_MESSAGE = 4096  # characters: a move is under 200; anything longer is refused, the channel stays open
QUEUE_LIMIT = 32  # positions waiting for one browser; a reader this far behind is closed and rejoins
CLOSE_SECONDS = 5.0  # a behind reader's close is not waited for longer
DISK_RETRY_SECONDS = 5.0  # a bot's move the disk could not take is tried again after this long


class Connection:
    """One seat's (or spectator's) channel: a bounded queue of messages, sent by a task of its own, so that a
    reader that falls behind never holds up its table; once its queue is full it is closed (its page rejoins
    by its link and is sent the position then)."""

    def __init__(self, ws: WebSocket, seat: int | None, limit: int = QUEUE_LIMIT, lang: str = "en"):
        self.ws, self.seat, self.lang = ws, seat, lang  # lang: the language its reader reads (web.reader)
        self.queue: asyncio.Queue[str] = asyncio.Queue(limit)
        self.sender = asyncio.create_task(self.send_all())
        self.closing: asyncio.Task | None = None

    def offer(self, text: str) -> bool:
        """Queue a message; False when the queue is full (the reader has fallen behind)."""
        try:
            self.queue.put_nowait(text)
            return True
        except asyncio.QueueFull:
            return False

    async def send_all(self) -> None:
        try:
            while True:
                await self.ws.send_text(await self.queue.get())
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass  # the browser went away; its handler sees the disconnection and leaves
        except Exception as exc:  # a bug: said on the terminal; the channel is closed and its page rejoins
            print(f"touring serve: a channel failed (a bug in touring): {exc!r}", file=sys.stderr)
            self.closing = self.closing or asyncio.create_task(self.close())

    def drop(self) -> None:
        """Stop sending and close the channel (behind: code 1013, try again later)."""
        self.sender.cancel()
        if self.closing is None:
            self.closing = asyncio.create_task(self.close())

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(code=1013), CLOSE_SECONDS)


class Hub:
    """The live connections of every table, and each table's bot task."""

    def __init__(self, store: TableStore, bot_delay: float):
        self.store, self.bot_delay = store, bot_delay
        self.connections: dict[str, set[Connection]] = {}
        self.bot_tasks: dict[str, asyncio.Task] = {}

    def join(self, table: Table, ws: WebSocket, seat: int | None, lang: str = "en") -> Connection:
        connection = Connection(ws, seat, lang=lang)
        self.connections.setdefault(table.id, set()).add(connection)
        return connection

    def leave(self, table: Table, connection: Connection) -> None:
        self.connections.get(table.id, set()).discard(connection)
        connection.sender.cancel()

    def send(self, table: Table, connection: Connection, text: str) -> None:
        """Queue one message; a connection whose queue is full is dropped, never waited for."""
        if not connection.offer(text):
            self.connections.get(table.id, set()).discard(connection)
            connection.drop()

    async def broadcast(self, table: Table) -> None:
        """Queue for every connected seat the new position as it may see it (each seat's message built once);
        nothing here waits for a browser."""
        built: dict[tuple[int | None, str], str] = {}
        for connection in list(self.connections.get(table.id, ())):
            key = (connection.seat, connection.lang)
            if key not in built:
                with reading(connection.lang):  # each reader's words in its own language
                    built[key] = json.dumps(table.state(connection.seat), ensure_ascii=False)
            self.send(table, connection, built[key])

    def tell_seats(self, table: Table, message_for) -> None:
        """Queue for each connected seat of a table the message message_for(seat) gives it (None: nothing)."""
        for connection in list(self.connections.get(table.id, ())):
            with reading(connection.lang):  # its words in its reader's language
                text = message_for(connection.seat)
            if text is not None:
                self.send(table, connection, text)

    def wake_bots(self, table: Table) -> None:
        task = self.bot_tasks.get(table.id)
        if (table.bot_to_act() is not None or table.deals_itself) and (task is None or task.done()):
            self.bot_tasks[table.id] = asyncio.create_task(self.play_on(table))

    async def play_on(self, table: Table) -> None:
        """The bots' moves (run_bots); at a table of bots alone, each next race of its match too, after the bot
        delay (with a person at the table, a person deals it: deal_next)."""
        await self.run_bots(table)
        while table.deals_itself:
            await asyncio.sleep(self.bot_delay)
            try:
                table.next_race()
            except MoveRefused as exc:  # the disk: said on the server's terminal, tried again when a page joins
                print(f"touring serve: table {table.id}: {exc}", file=sys.stderr)
                return
            await self.broadcast(table)
            await self.run_bots(table)

    async def run_bots(self, table: Table) -> None:
        """Let the bots move while one is to act; a bot's failure is reported and leaves the table as it is."""
        try:
            while table.bot_to_act() is not None:
                seat, view, legal, rng = table.bot_choice()
                made = len(table.record.moves)
                bot = table.bots[seat]
                # every bot thinks off the event loop (a search, or a level made of one, takes a while;
                # the others lose a thread hop); the view is the bot's own copy, the table is untouched.
                # It thinks during the bot delay, so its move shows the delay after its turn began however
                # long it thought within it: a search's time grows with the plays its hidden hand allows
                thinking = asyncio.ensure_future(asyncio.to_thread(bot.choose, view, legal, rng))
                await asyncio.sleep(self.bot_delay)
                move = await thinking
                if len(table.record.moves) != made or move not in legal:
                    continue
                try:
                    table.commit(seat, move)
                except MoveRefused as exc:  # the disk took nothing: the table is as it was; try again later
                    print(f"touring serve: table {table.id}: {exc}", file=sys.stderr)
                    await asyncio.sleep(DISK_RETRY_SECONDS)
                    continue  # the bot's generator depends on the move number: the same move is chosen again
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
    lang = reader_language(ws, table.ruleset.language)
    await ws.accept()
    connection = hub.join(table, ws, seat, lang)
    try:
        with reading(lang):
            hub.send(table, connection, json.dumps({"type": "cards", "cards": catalogue(table.ruleset),
                                                    "rules": f"/rules/{ws.path_params['token']}",
                                                    "lang": lang, "words": page_words()}, ensure_ascii=False))
            hub.send(table, connection, json.dumps(table.state(seat), ensure_ascii=False))
            if moved := ws.app.state.moved_message(table, seat):  # a party's game its player has left (web.evening)
                hub.send(table, connection, moved)
            if again := again_message(hub.store, table, seat):  # a finished game another player has followed
                hub.send(table, connection, again)
        hub.wake_bots(table)
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            with reading(lang):  # a refusal is said in the reader's language
                problem = await handle(hub, table, seat, message.get("text"))
            if problem:
                hub.send(table, connection, json.dumps({"type": "error", "message": problem}, ensure_ascii=False))
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        hub.leave(table, connection)


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
    if not is_unicode(data):
        return "message refused: text that is not Unicode (a lone surrogate escape such as \\ud800)"
    if not isinstance(data, dict) or data.get("type") not in ("move", "ping", "next"):
        return 'message refused: expected {"type": "move", "move": {...}}'
    if data["type"] == "ping":
        return None
    if data["type"] == "next":
        return await deal_next(hub, table, seat, data.get("race"))
    if seat is None:
        return "a spectator cannot make moves"
    try:
        table.apply(seat, data.get("move"), confirm=data.get("confirm") is True)
    except MoveRefused as exc:
        return str(exc)
    await hub.broadcast(table)
    hub.wake_bots(table)
    return None


async def deal_next(hub: Hub, table: Table, seat: int | None, race) -> str | None:
    """A seat's "next race" ({"type": "next", "race": N}): race N of the match dealt and shown to every seat. Any
    player may press; when several do, the first deals it and the others' presses are done already."""
    if seat is None:
        return "a spectator cannot deal the next race"
    if not isinstance(race, int) or isinstance(race, bool):
        return 'message refused: expected {"type": "next", "race": N}, N the race to deal'
    try:
        dealt = table.next_race(race)
    except MoveRefused as exc:
        return str(exc)
    if dealt:
        await hub.broadcast(table)
        hub.wake_bots(table)
    return None


def is_unicode(data) -> bool:
    """Whether every string in the message is Unicode text: JSON lets a browser send a lone surrogate
    escape ("\\ud800"), which no reply quoting it could be sent as (it has no UTF-8 form)."""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False


routes = [WebSocketRoute("/ws/{token}", live)]
