"""Web stage, security: the Host a request names and the Origin it comes from, and the headers every response
carries.

A request is answered only when its Host header is one of the addresses the server serves (settings.py):
a page fetched under another name (DNS rebinding: a foreign name pointed at this machine) is refused, so
its scripts never read a table. A state-changing request (a POST) must come from this server's own page: its
Origin (or, failing that, its Referer) must be one of the server's origins; so must a WebSocket's Origin
when the browser sends one. Links and redirects are made from the configured address, never from Host.
"""
from __future__ import annotations

from starlette.requests import Request

from .settings import Settings, host_of, origin_of

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
RULEBOOK_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'"
HEADERS = {b"content-security-policy": CSP.encode(), b"x-content-type-options": b"nosniff",
           b"referrer-policy": b"same-origin", b"cache-control": b"no-store", b"x-frame-options": b"DENY"}
WRONG_HOST = b"this server does not answer to that address\n"


class SecurityHeaders:
    """ASGI middleware: the Host check (and a WebSocket's Origin), then a Content-Security-Policy (unless a
    page set its own) and no caching of private pages."""

    def __init__(self, app, settings: Settings):
        self.app, self.settings = app, settings

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        if not serves_host(self.settings, header(scope, b"host")):
            return await refuse(scope, send)
        if scope["type"] == "websocket":
            origin = header(scope, b"origin")
            if origin and origin_of(origin) not in self.settings.origins():
                return await refuse(scope, send)
            return await self.app(scope, receive, send)

        async def sending(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": with_security_headers(message.get("headers", []))}
            await send(message)

        await self.app(scope, receive, sending)


def header(scope, name: bytes) -> str:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return value.decode("latin-1")
    return ""


def serves_host(settings: Settings, value: str) -> bool:
    """Whether the Host header names this server (its port may be left out where it is the scheme's own)."""
    hosts = settings.hosts()
    return any(host_of(value, scheme) in hosts for scheme in ("http", "https"))


async def refuse(scope, send) -> None:
    """400 for a page under a name this server does not serve; a WebSocket handshake is refused."""
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1008})
        return
    await send({"type": "http.response.start", "status": 400,
                "headers": with_security_headers([(b"content-type", b"text/plain; charset=utf-8"),
                                                  (b"content-length", str(len(WRONG_HOST)).encode())])})
    await send({"type": "http.response.body", "body": WRONG_HOST})


def with_security_headers(headers) -> list:
    headers = list(headers)
    names = {name.lower() for name, _ in headers}
    return headers + [(name, value) for name, value in HEADERS.items() if name not in names]


def foreign(request: Request) -> bool:
    """A form not posted from this server's own page: its Origin is another site's (or "null"), or it says no
    Origin and its Referer is not one of this server's pages either."""
    origins = request.app.state.settings.origins()
    origin = request.headers.get("origin")
    if origin:
        return origin_of(origin) not in origins
    referer = request.headers.get("referer", "")
    return origin_of(referer) not in origins
