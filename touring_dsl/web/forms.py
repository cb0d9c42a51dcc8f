"""Web stage, reading a browser's request: its address, its declared size and the numbers typed in a form."""
from __future__ import annotations

from starlette.requests import Request


def address(request: Request) -> str | None:
    """The visitor's address as the connection says, or as a reverse proxy on this machine says in
    X-Forwarded-For (uvicorn believes that header from 127.0.0.1 alone; see docs/serve.md)."""
    return request.client.host if request.client else None


def declared_length(request: Request) -> int:
    """The body's length as the browser declares it (a length that is no number counts as too long)."""
    text = request.headers.get("content-length") or "0"
    return int(text) if text.isascii() and text.isdigit() and len(text) < 16 else 1 << 62


def number(text, what: str) -> int:
    text = (text or "").strip()
    if not text.isascii() or not text.isdigit():
        raise ValueError(f"the {what} should be a whole number")
    if len(text) > 12:  # a whole number still, but too long: say so rather than that it is not one
        raise ValueError(f"the {what} should have at most 12 digits")
    return int(text)


def base(request: Request) -> str:
    """The address links are made with: the configured one, never the Host header the request claims."""
    return request.app.state.settings.base


def qr_svg(url: str) -> str:
    """The link as a QR code, an SVG element to put in the page (no XML declaration, no outside style)."""
    import segno

    return segno.make(url, error="m").svg_inline(scale=4, dark="#111", light="#fff")


def text_fields(form) -> dict[str, str]:
    """A form's text fields, files left out. (Their text is always Unicode: a form's bytes are decoded with
    replacement characters, never into lone surrogates; only JSON escapes can make those, see channel.py.)"""
    return {key: value for key, value in form.items() if isinstance(value, str)}
