"""Web stage, the reader's language: which language a page and its channel speak, chosen per request.

The reader's choice comes first: `?lang=fr` (the page's switch) or the cookie that switch leaves; then the
browser's Accept-Language, where it names a language the project speaks; then the edition's own. A value
that is not one of base.i18n.LANGUAGES is ignored (never echoed back, never kept). Every request and
channel is read in its own language with base.i18n.reading, a context variable: two readers at one table
never see each other's words.
"""
from __future__ import annotations

from html import escape

from ..base.i18n import LANGUAGES, SOURCE_LANGUAGE, UnknownLanguage, _, accepted_language, check_language

COOKIE = "touring_lang"
YEAR = 365 * 24 * 3600


def chosen(value: str | None) -> str | None:
    """A language the reader chose (a query parameter, a cookie), or None when it is none of ours."""
    if not value or len(value) > 20:
        return None
    try:
        return check_language(value)
    except UnknownLanguage:
        return None


def reader_language(request, edition_language: str = SOURCE_LANGUAGE) -> str:
    """The language to read this request (an HTTP request or a websocket) in."""
    picked = chosen(request.query_params.get("lang")) or chosen(request.cookies.get(COOKIE))
    if picked:
        return picked
    header = request.headers.get("accept-language")
    if header:
        found = accepted_language(header, default="")
        if found:
            return found
    return chosen(edition_language) or SOURCE_LANGUAGE


def keep_choice(request, response) -> None:
    """Keep a language chosen by the switch (?lang=) in a cookie, so the channel and the next pages speak it."""
    picked = chosen(request.query_params.get("lang"))
    if picked:
        response.set_cookie(COOKIE, picked, max_age=YEAR, samesite="lax", httponly=True)


def switch(path: str, current: str) -> str:
    """Links to read the page in each other language ("English", "Français"), each named in its own language."""
    links = [f'<a href="{escape(path)}?lang={code}" hreflang="{code}" lang="{code}" class="lang-switch">'
             f"{escape(name)}</a>" for code, name in LANGUAGES.items() if code != current]
    label = escape(_("Language"))
    return f'<nav class="languages" aria-label="{label}">{" ".join(links)}</nav>'
