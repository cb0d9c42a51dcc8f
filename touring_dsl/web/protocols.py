"""Web stage, the server's connections: uvicorn's HTTP and WebSocket protocols with the time limits it lacks.

uvicorn times out a connection idle between requests (timeout_keep_alive) but not one that never finishes
its request: thousands of half-sent requests would hold the server's open files. TimedHttpProtocol closes a
connection whose request head is not complete within HEAD_SECONDS of its start, or whose body is not
complete within BODY_SECONDS of its head. BoundedWebSocketProtocol answers a handshake it cannot parse (a
request line over 8 KB, say) with websockets' refusal (414, 431) or 400 instead of holding it, and ends at once a connection whose reader has
stopped reading when the app closes it or its pings go unanswered (no close frame can reach such a reader,
and waiting to flush to it would hold the connection for ever).
"""
from __future__ import annotations

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

HEAD_SECONDS = 10.0  # from a request's first byte (or the connection's start) to the end of its headers
BODY_SECONDS = 30.0  # from the end of the headers to the end of the body (a 64 KB upload from a phone)
BAD_HANDSHAKE = b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"


class TimedHttpProtocol(HttpToolsProtocol):
    deadline = None

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self.arm(HEAD_SECONDS)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.arm(HEAD_SECONDS)

    def on_headers_complete(self) -> None:
        self.disarm()
        super().on_headers_complete()
        if not self.transport.is_closing():
            self.arm(BODY_SECONDS)

    def on_message_complete(self) -> None:
        self.disarm()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self.disarm()
        super().handle_websocket_upgrade()

    def connection_lost(self, exc) -> None:
        self.disarm()
        super().connection_lost(exc)

    def arm(self, seconds: float) -> None:
        self.disarm()
        self.deadline = self.loop.call_later(seconds, self.too_slow)

    def disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def too_slow(self) -> None:
        """The request is not complete in time: the connection is ended (no answer is owed to half a request)."""
        self.deadline = None
        if self.cycle is not None and not self.cycle.response_complete and self.cycle.response_started:
            return  # the app is already answering: its own reading ends when the connection does
        self.transport.abort()


class BoundedWebSocketProtocol(WebSocketsSansIOProtocol):
    def data_received(self, data: bytes) -> None:
        if not self.handshake_complete:
            self.conn.receive_data(data)
            if self.conn.parser_exc is not None or self.conn.handshake_exc is not None:
                self.refuse_handshake()
                return
            self.handle_events()
            return
        super().data_received(data)

    def refuse_handshake(self) -> None:
        """An unreadable handshake (a request line over 8 KB, say): websockets' own answer (414, 431) or a 400,
        and the connection is closed, never held."""
        answer = b"".join(self.conn.data_to_send()) or BAD_HANDSHAKE
        self.handshake_complete = self.close_sent = True
        self.transport.write(answer)
        self.transport.close()

    async def send(self, message) -> None:
        if message["type"] == "websocket.close" and self.handshake_complete and not self.writable.is_set():
            self.end_now()  # the reader has stopped reading: a close frame would wait behind what it never read
            return
        await super().send(message)

    def keepalive_timeout(self) -> None:
        super().keepalive_timeout()
        self.loop.call_later(self.close_timeout, self.end_now)

    def end_now(self) -> None:
        if not self.disconnected:
            self.transport.abort()
