"""Web stage, the host's routes: the form that makes a table (or a party), and the host's page of seat links."""
from __future__ import annotations

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from ..base.i18n import _, reading, typography
from . import pages
from .reader import keep_choice, reader_language
from .editions import (MAX_EDITION_BYTES, EditionRefused, archive_choices, as_saved, house_rule_warnings,
                       saved_text)
from .forms import address, base, declared_length, number, qr_svg, text_fields
from .limits import refusal_words
from .security import foreign
from .store import MAX_PLAYERS
from .table import EDITION_NAME, Table


def home(error: str | None = None, form: dict | None = None, party_error: str | None = None,
         party_form: dict | None = None, status: int = 200) -> Response:
    """The host's form, with the reason a table or party was not made when there is one."""
    editions = archive_choices()
    party = pages.party_form([e for e in editions if e["progressive"]], party_error, party_form)
    return HTMLResponse(pages.index(editions, error, form, party), status_code=status)


def in_reader_language(handler):
    """A route read in its request's language (web.reader: the switch, the cookie, Accept-Language)."""
    async def run(request: Request) -> Response:
        with reading(reader_language(request)):
            response = await handler(request)
        keep_choice(request, response)
        return response
    return run


@in_reader_language
async def index(request: Request) -> Response:
    return home()


@in_reader_language
async def new_table(request: Request) -> Response:
    state = request.app.state
    if foreign(request):
        return home(_("a table can be made only from this server's page"), status=403)
    if wait := state.settings.pace.wait(address(request)):
        return home(refusal_words(wait), status=429)
    if full := state.settings.limits.refusal(address(request), len(state.store.tables), tables=1):
        return home(full, status=429)
    if declared_length(request) > 4 * MAX_EDITION_BYTES:
        return home(_("the form is too large"), status=413)
    try:
        form = await request.form(max_files=1, max_fields=40, max_part_size=2 * MAX_EDITION_BYTES)
    except Exception:  # multipart's own refusals (too many parts, a part too large)
        return home(_("the form could not be read"), status=400)
    fields = text_fields(form)
    try:
        table = await create_from_form(state, form, fields)
    except (EditionRefused, ValueError) as exc:
        return home(str(exc), fields, status=400)
    state.hub.wake_bots(table)
    return RedirectResponse(f"/h/{table.meta['host']}", status_code=303)


async def create_from_form(state, form, fields: dict) -> Table:
    text, name = await edition_text(form, fields)
    if text is not None:
        text = as_saved(text)  # checked and kept as it will be read back (a browser's lines end in CRLF)
        await state.compiler.check(text, name)  # off the event loop, limited in time and memory (web.upload)
    players = number(fields.get("players"), "players")
    if not 1 <= players <= MAX_PLAYERS:
        raise ValueError(_("a table seats 1 to {most} players").format(most=MAX_PLAYERS))
    kinds = [fields.get(f"seat{seat}", "human") for seat in range(players)]
    seed = number(fields["seed"], "deal") if fields.get("seed", "").strip() else None
    length = fields.get("length", "match")  # a match is the game, unless the host asks for one race
    if length not in ("match", "race"):
        raise ValueError(typography(_("choose how long to play: a match or one race")))
    return state.store.create(players, kinds, fields.get("edition"), text, seed, match=length == "match")


async def edition_text(form, fields: dict) -> tuple[str | None, str | None]:
    """The house rule uploaded or pasted and the uploaded file's name (None when pasted), or (None, None)
    for an archive edition."""
    upload = form.get("upload")
    if upload is not None and not isinstance(upload, str) and upload.filename:
        raw = await upload.read(MAX_EDITION_BYTES + 1)
        if len(raw) > MAX_EDITION_BYTES:
            raise EditionRefused(_("the edition file is larger than {size} KB").format(size=MAX_EDITION_BYTES // 1024))
        try:
            return raw.decode("utf-8"), upload.filename
        except UnicodeDecodeError:
            raise EditionRefused(typography(_("the uploaded file is not UTF-8 text; is it an edition file?"))) from None
    if fields.get("source", "").strip():
        return fields["source"], None
    return None, None


async def host_page(request: Request) -> Response:
    found = request.app.state.store.find(request.path_params["token"])
    if found is None or not found.host:
        return HTMLResponse(pages.refusal(), status_code=404)
    settings = request.app.state.settings
    with reading(reader_language(request, found.table.ruleset.language)):
        response = HTMLResponse(pages.host(found.table, base(request), qr_svg, settings.data_label,
                                           settings.local_only, _warnings(found.table)))
    keep_choice(request, response)
    return response


def _warnings(table: Table) -> list[str]:
    """The warnings of the table's house rule, rendered as `touring check` prints them (none for an archive
    edition: the archive is checked without warnings)."""
    if not table.meta["edition"].get("file"):
        return []
    try:
        text = saved_text(table.folder / EDITION_NAME)
    except (OSError, UnicodeDecodeError):
        return []
    return [warning.render() for warning in house_rule_warnings(table.ruleset, text)]


routes = [
    Route("/", index),
    Route("/tables", new_table, methods=["POST"]),
    Route("/h/{token}", host_page),
]
