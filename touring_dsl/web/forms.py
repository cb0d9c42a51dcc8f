"""Web stage, reading a browser's request: its address, its declared size and the numbers typed in a form."""
from __future__ import annotations

from starlette.requests import Request

from ..base.i18n import _


def address(request: Request) -> str | None:
    """The visitor's address as the connection says, or as a reverse proxy on this machine says in
    X-Forwarded-For (uvicorn believes that header from 127.0.0.1 alone; see docs/serve.md)."""
    return request.client.host if request.client else None


def declared_length(request: Request) -> int:
    """The body's length as the browser declares it (a length that is no number counts as too long)."""
    text = request.headers.get("content-length") or "0"
    return int(text) if text.isascii() and text.isdigit() and len(text) < 16 else 1 << 62


def number(text, what: str) -> int:
    """A whole number typed in a form; what: "players", "deal", "rounds" or "table", the field it was typed
    in (ValueError with the refusal in the reader's language)."""
    text = (text or "").strip()
    not_whole, too_long = number_refusals()[what]
    if not text.isascii() or not text.isdigit():
        raise ValueError(not_whole)
    if len(text) > 12:  # a whole number still, but too long: say so rather than that it is not one
        raise ValueError(too_long)
    return int(text)


def number_refusals() -> dict[str, tuple[str, str]]:
    """Each numeric field's two refusals, whole sentences (a field's name is no fragment to glue in)."""
    return {
        "players": (_("the number of players should be a whole number"),
                    _("the number of players should have at most 12 digits")),
        "deal": (_("the deal number should be a whole number"), _("the deal number should have at most 12 digits")),
        "rounds": (_("the number of rounds should be a whole number"),
                   _("the number of rounds should have at most 12 digits")),
        "table": (_("the table number should be a whole number"), _("the table number should have at most 12 digits")),
    }


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
