"""Web stage, security: the headers every response carries, and whether a form was posted from this server's page."""
from __future__ import annotations

from starlette.requests import Request

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
RULEBOOK_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'"
HEADERS = {b"content-security-policy": CSP.encode(), b"x-content-type-options": b"nosniff",
           b"referrer-policy": b"same-origin", b"cache-control": b"no-store", b"x-frame-options": b"DENY"}


class SecurityHeaders:
    """ASGI middleware: a Content-Security-Policy (unless a page set its own) and no caching of private pages."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def sending(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": with_security_headers(message.get("headers", []))}
            await send(message)

        await self.app(scope, receive, sending)


def with_security_headers(headers) -> list:
    headers = list(headers)
    names = {name.lower() for name, _ in headers}
    return headers + [(name, value) for name, value in HEADERS.items() if name not in names]


def foreign(request: Request) -> bool:
    """A form posted from another site's page (the browser says where it came from; under the pages'
    same-origin referrer policy it says "null" for a cross-site post)."""
    origin = request.headers.get("origin")
    share_base = request.app.state.settings.share_base
    return bool(origin) and origin.rstrip("/") != str(request.base_url).rstrip("/") and origin != share_base
