"""Web stage, the workshop's routes: the page where a house rule is written (its start page, a draft's editor,
the draft as a file) and the JSON endpoints its editor calls as the author types.

Every endpoint that looks at a draft's text asks the workshop's worker (workshop_worker.py: a child process
with limits on time and memory) and answers JSON. A request is refused in words, as JSON {"error": ...},
when it is not from this server's own page (403), too large (413), not a JSON object with the fields asked
(400), or when the worker refused it (422: too long, too much memory; 503: the server is busy).
"""
from __future__ import annotations

import asyncio
import json
import re
import secrets
from urllib.parse import parse_qs

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from . import pages, workshop_page
from .disk import disk_trouble
from .editions import MAX_EDITION_BYTES, EditionRefused, archive_choices, as_saved
from .forms import address, declared_length
from .security import CSP, foreign
from .store import MAX_PLAYERS
from .upload import BUSY
from .workshop_drafts import DRAFT_ID, DraftStore
from .workshop_worker import WorkshopRefused

MAX_REQUEST = 6 * MAX_EDITION_BYTES + 4096  # a JSON string may spell a character in up to six bytes
START_FORM = 1024  # bytes of the form that starts a draft (an edition's id and how to start)
BALANCE_BOTS = ("random", "greedy", "expert", "scorer")
MAX_BALANCE_GAMES = 400
PLAY_KINDS = ("human", "easy", "medium", "hard", "expert")
STARTS = ("house", "copy")
BALANCING = "a balance run is already going on this server; try again when it ends"


class BadRequest(ValueError):
    def __init__(self, words: str, status: int = 400):
        super().__init__(words)
        self.status = status


def refused(words: str, status: int) -> JSONResponse:
    return JSONResponse({"error": words}, status_code=status)


def drafts_of(request: Request) -> DraftStore:
    return DraftStore(request.app.state.store.root)


# the pages --------------------------------------------------------------------------------------

async def start_page(request: Request) -> Response:
    return HTMLResponse(workshop_page.start(archive_choices()))


async def new_draft(request: Request) -> Response:
    """A draft started from an archive edition (a house rule of it as `touring new` writes it, or its whole
    file): made, then the editor opened on it."""
    state = request.app.state
    if foreign(request):
        return HTMLResponse(workshop_page.start(archive_choices(), "a draft can be started only from this "
                                                "server's page"), status_code=403)
    try:
        form = parse_qs((await body_of(request, START_FORM)).decode("utf-8", "replace"))
    except BadRequest as exc:
        return HTMLResponse(workshop_page.start(archive_choices(), str(exc)), status_code=exc.status)
    edition, start = form.get("edition", [""])[0], form.get("start", ["house"])[0]
    ids = [choice["id"] for choice in archive_choices()]
    if edition not in ids or start not in STARTS:
        return HTMLResponse(workshop_page.start(archive_choices(), "choose an edition of the archive to start "
                                                "from"), status_code=400)
    if wait := state.settings.pace.wait(address(request)):
        return HTMLResponse(workshop_page.start(archive_choices(), f"too many drafts started from your address; "
                                                f"try again in {round(wait)} seconds"), status_code=429)
    drafts = drafts_of(request)
    if drafts.full():
        return HTMLResponse(workshop_page.start(archive_choices(), "this server keeps no more drafts; ask its "
                                                "host to make room"), status_code=507)
    try:
        text = (await state.workshop.ask("template", "", {"edition": edition, "start": start}))["text"]
        draft_id = drafts.new(text, f"{start}:{edition}")
    except WorkshopRefused as exc:
        return HTMLResponse(workshop_page.start(archive_choices(), str(exc)), status_code=503)
    except OSError as exc:
        return HTMLResponse(workshop_page.start(archive_choices(), f"{disk_trouble(exc)}: the draft was not "
                                                "kept"), status_code=507)
    return RedirectResponse(f"/workshop/d/{draft_id}", status_code=303)


async def draft_page(request: Request) -> Response:
    draft_id = request.path_params["draft"]
    found = drafts_of(request).read(draft_id)
    if found is None:
        return HTMLResponse(pages.refusal(), status_code=404)
    request.app.state.workshop.warm()  # a child ready for the first check
    nonce = secrets.token_urlsafe(16)  # the editor's own styles (CodeMirror writes them at run time)
    policy = CSP.replace("style-src 'self'", f"style-src 'self' 'nonce-{nonce}'")
    return HTMLResponse(workshop_page.editor(draft_id, found["text"], nonce, MAX_PLAYERS),
                        headers={"content-security-policy": policy})


async def draft_file(request: Request) -> Response:
    """The draft as its .touring file, to keep and to pass around."""
    found = drafts_of(request).read(request.path_params["draft"])
    if found is None:
        return HTMLResponse(pages.refusal(), status_code=404)
    return Response(found["text"], media_type="text/plain; charset=utf-8",
                    headers={"content-disposition": f'attachment; filename="{file_name(found["text"])}"'})


def file_name(text: str) -> str:
    """house-rules.touring, or the draft's edition id as the file's name where it says one plainly."""
    found = re.search(r'^\s*edition\s+"([a-z0-9][a-z0-9_-]{0,59})"', text, re.MULTILINE)
    return f"{found.group(1)}.touring" if found else "house-rules.touring"


# the JSON endpoints -----------------------------------------------------------------------------

async def read_request(request: Request, *fields: str) -> dict:
    """The request's JSON object, checked: from this server's page, not too large, its text (when it has
    one) a draft's size at most, with its lines ending in \\n."""
    if foreign(request):
        raise BadRequest("the workshop answers only its own page", 403)
    body = await body_of(request, MAX_REQUEST)
    try:
        data = json.loads(body)
    except ValueError:
        raise BadRequest("the request is not JSON") from None
    if not isinstance(data, dict):
        raise BadRequest("the request is not a JSON object")
    for name in fields:
        if name not in data:
            raise BadRequest(f"the request has no {name!r}")
    if "text" in data:
        data["text"] = draft_text(data["text"])
    return data


async def body_of(request: Request, most: int) -> bytes:
    """The request's body, refused (413) past `most` bytes, whether its length was declared or not."""
    if declared_length(request) > most:
        raise BadRequest("the request is too large", 413)
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > most:
            raise BadRequest("the request is too large", 413)
    return body


def draft_text(text) -> str:
    if not isinstance(text, str):
        raise BadRequest("the draft's text should be a string")
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError:  # a lone surrogate, which only a JSON escape can make
        raise BadRequest("the draft's text is not valid Unicode") from None
    if size > MAX_EDITION_BYTES:
        raise BadRequest(f"the draft is larger than {MAX_EDITION_BYTES // 1024} KB; an edition is a few kilobytes",
                         413)
    return as_saved(text)


def position(data: dict) -> dict:
    line, column = data.get("line"), data.get("column")
    if not all(isinstance(n, int) and not isinstance(n, bool) and 0 < n < 1_000_000 for n in (line, column)):
        raise BadRequest("line and column should be whole numbers from 1")
    return {"line": line, "column": column}


def whole(value, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BadRequest(f"the {what} should be a whole number from {low} to {high}")
    return value


def draft_of(data: dict) -> dict:
    """The draft the text is of, when the page names it (its id): the worker keeps the draft's analysis
    between requests under it. Any draft's id is taken: what is kept is the text sent, never the saved file."""
    draft = data.get("draft")
    if draft is None:
        return {}
    if not isinstance(draft, str) or not DRAFT_ID.fullmatch(draft):
        raise BadRequest("the draft should be named by its id")
    return {"draft": draft}


def task_endpoint(task: str, options=lambda data: {}):
    """An endpoint that passes the draft's text (and its checked options) to the worker's task."""
    async def endpoint(request: Request) -> Response:
        try:
            data = await read_request(request, "text")
            result = await request.app.state.workshop.ask(task, data["text"], {**options(data), **draft_of(data)})
        except BadRequest as exc:
            return refused(str(exc), exc.status)
        except WorkshopRefused as exc:
            return refused(str(exc), 503 if str(exc) == BUSY else 422)
        return JSONResponse(result)
    return endpoint


def balance_options(data: dict) -> dict:
    bots = data.get("bots")
    if not isinstance(bots, list) or not 1 <= len(bots) <= 2 or any(b not in BALANCE_BOTS for b in bots):
        raise BadRequest(f"choose one or two bots among {', '.join(BALANCE_BOTS)}")
    return {"bots": bots, "games": whole(data.get("games"), "number of games", 1, MAX_BALANCE_GAMES),
            "players": whole(data.get("players"), "number of players", 1, MAX_PLAYERS)}


async def balance(request: Request) -> Response:
    """A small simulation of the draft, streamed as JSON lines: {"progress": [done, of]} as games are
    played, then {"result": ...} (the numbers and the figure) or {"error": words}."""
    state = request.app.state
    try:
        data = await read_request(request, "text")
        options = balance_options(data)
    except BadRequest as exc:
        return refused(str(exc), exc.status)
    if state.workshop.balancing:
        return refused(BALANCING, 503)
    lines: asyncio.Queue = asyncio.Queue()

    async def run() -> None:
        try:
            result = await state.workshop.ask("balance", data["text"], options,
                                              progress=lambda done, of: lines.put_nowait({"progress": [done, of]}))
            lines.put_nowait({"result": result})
        except WorkshopRefused as exc:
            lines.put_nowait({"error": str(exc)})
        finally:
            state.workshop.balancing = False
            lines.put_nowait(None)

    async def stream():
        if state.workshop.balancing:  # another run began since the check above (no await between check and set)
            yield json.dumps({"error": BALANCING}) + "\n"
            return
        state.workshop.balancing = True
        running = asyncio.create_task(run())
        try:
            while (line := await lines.get()) is not None:
                yield json.dumps(line) + "\n"
        finally:
            await running

    return StreamingResponse(stream(), media_type="application/x-ndjson")


async def save_draft(request: Request) -> Response:
    try:
        data = await read_request(request, "text")
    except BadRequest as exc:
        return refused(str(exc), exc.status)
    try:
        if not drafts_of(request).save(request.path_params["draft"], data["text"]):
            return refused("no such draft", 404)
    except OSError as exc:
        return refused(f"{disk_trouble(exc)}: the draft was not saved (keep a copy: Download)", 507)
    return JSONResponse({"saved": True})


async def language(request: Request) -> Response:
    """The language's words, read from the grammar, for the editor's colours."""
    from ..language.lexer import ANNOTATIONS, CARD_KINDS, CHANGES, SECTIONS, WORDS

    return JSONResponse({"sections": SECTIONS, "changes": CHANGES, "card_kinds": CARD_KINDS,
                         "annotations": ANNOTATIONS, "words": WORDS})


async def play(request: Request) -> Response:
    """A table with the draft's rules: checked as an uploaded house rule is, then made; its host page's
    address (where the seat links are) is answered."""
    from .limits import refusal_words

    state = request.app.state
    try:
        data = await read_request(request, "text")
        players = whole(data.get("players"), "number of players", 1, MAX_PLAYERS)
        others = data.get("others", "human")
        if others not in PLAY_KINDS:
            raise BadRequest(f"the other seats are played by one of {', '.join(PLAY_KINDS)}")
    except BadRequest as exc:
        return refused(str(exc), exc.status)
    if wait := state.settings.pace.wait(address(request)):
        return refused(refusal_words(wait), 429)
    if full := state.settings.limits.refusal(address(request), len(state.store.tables), tables=1):
        return refused(full, 429)
    try:
        await state.compiler.check(data["text"], "house-rules.touring")  # as an upload: off the loop, limited
        table = state.store.create(players, ["human"] + [others] * (players - 1), None, data["text"], None,
                                   match=True)
    except (EditionRefused, ValueError) as exc:
        return refused(str(exc), 422)
    state.hub.wake_bots(table)
    return JSONResponse({"host": f"/h/{table.meta['host']}"})


routes = [
    Route("/workshop", start_page),
    Route("/workshop/drafts", new_draft, methods=["POST"]),
    Route("/workshop/d/{draft}", draft_page),
    Route("/workshop/d/{draft}/file", draft_file),
    Route("/workshop/api/language", language),
    Route("/workshop/api/drafts/{draft}", save_draft, methods=["POST"]),
    Route("/workshop/api/check", task_endpoint("check"), methods=["POST"]),
    Route("/workshop/api/rulebook", task_endpoint("rulebook"), methods=["POST"]),
    Route("/workshop/api/diff", task_endpoint("diff"), methods=["POST"]),
    Route("/workshop/api/examples", task_endpoint("examples"), methods=["POST"]),
    Route("/workshop/api/complete", task_endpoint("complete", position), methods=["POST"]),
    Route("/workshop/api/hover", task_endpoint("hover", position), methods=["POST"]),
    Route("/workshop/api/balance", balance, methods=["POST"]),
    Route("/workshop/api/play", play, methods=["POST"]),
]
