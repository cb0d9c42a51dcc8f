"""Web stage, pages: the HTML the server sends, every value escaped; the live parts are drawn by table.js.

The pages hold no inline script or style (the Content-Security-Policy forbids both); the seat's token
travels only in its own URL path.
"""
from __future__ import annotations

from html import escape

from ..gamelog import HUMAN

PLAYER_KINDS = (HUMAN, "random", "greedy", "expert", "ismcts")
KIND_LABELS = {HUMAN: "a person", "random": "bot: random", "greedy": "bot: greedy", "expert": "bot: expert",
               "ismcts": "bot: ismcts (search)"}


def page(title: str, body: str, script: str | None = None, body_class: str = "") -> str:
    tag = f'<script src="/static/{escape(script)}" defer></script>' if script else ""
    return (f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<meta name="referrer" content="no-referrer">'
            f"<title>{escape(title)}</title>"
            f'<link rel="stylesheet" href="/static/style.css">{tag}</head>'
            f'<body class="{escape(body_class)}">{body}</body></html>\n')


def index(editions: list[dict], error: str | None = None, form: dict | None = None) -> str:
    """The host's form: an edition (or a house-rule file), the number of players, who sits where."""
    form = form or {}
    chosen = form.get("edition", "touring-1937")
    options = "".join(
        f'<option value="{escape(e["id"])}"{" selected" if e["id"] == chosen else ""}>'
        f'{escape(e["title"])} ({escape(e["id"])}; {escape(", ".join(map(str, e["players"])))} players)</option>'
        for e in editions)
    seats = "".join(_seat_choice(seat, form.get(f"seat{seat}", HUMAN if seat < 2 else "greedy"))
                    for seat in range(8))
    players = form.get("players", "2")
    problem = (f'<section class="error" role="alert"><h2>The table was not made</h2>'
               f"<pre>{escape(error)}</pre></section>") if error else ""
    body = f"""<main class="narrow">
<h1>Touring: a new table</h1>
{problem}
<form method="post" action="/tables" enctype="multipart/form-data" id="new-table">
<fieldset><legend>Edition</legend>
<label for="edition">From the archive</label>
<select id="edition" name="edition">{options}</select>
<p>Or house rules of your own (an edition file; it may extend an archive edition):</p>
<label for="upload">Upload a file</label> <input type="file" id="upload" name="upload" accept=".touring,text/plain">
<label for="source">or paste it here</label>
<textarea id="source" name="source" rows="6" cols="60" spellcheck="false">{escape(form.get("source", ""))}</textarea>
</fieldset>
<fieldset><legend>Players</legend>
<label for="players">Number of players</label>
<input type="number" id="players" name="players" min="1" max="8" value="{escape(str(players))}" required>
<div class="seat-choices">{seats}</div>
<label for="seed">Deal number (leave empty for a fresh shuffle)</label>
<input type="number" id="seed" name="seed" min="0" value="{escape(str(form.get("seed", "")))}">
</fieldset>
<button type="submit">Make the table</button>
</form></main>"""
    return page("Touring: a new table", body)


def _seat_choice(seat: int, chosen: str) -> str:
    options = "".join(f'<option value="{kind}"{" selected" if kind == chosen else ""}>{escape(KIND_LABELS[kind])}'
                      f"</option>" for kind in PLAYER_KINDS)
    return (f'<p class="seat-choice"><label for="seat{seat}">Seat {seat + 1}</label> '
            f'<select id="seat{seat}" name="seat{seat}">{options}</select></p>')


def host(table, base: str, qr_svg) -> str:
    """The host's page: every seat's private link with its QR code, and the spectator's view."""
    rows = []
    for seat, token in enumerate(table.meta["tokens"]):
        kind = table.kinds[seat]
        if kind != HUMAN:
            rows.append(f'<li class="seat-link"><h2>Seat {seat + 1}</h2><p>played by the {escape(kind)} bot</p></li>')
            continue
        url = f"{base}/s/{token}"
        rows.append(f'<li class="seat-link"><h2>Seat {seat + 1}</h2>'
                    f'<p><a href="{escape(url)}" data-seat="{seat}">{escape(url)}</a></p>'
                    f'<figure class="qr" aria-label="QR code of the link for seat {seat + 1}">{qr_svg(url)}</figure>'
                    f"</li>")
    spectator = f"{base}/w/{table.meta['spectator']}"
    body = f"""<main>
<h1>{escape(table.ruleset.title)}: the table is ready</h1>
<p>Give each player the link of their seat (or let them scan its code). A link is that seat's key:
whoever has it sees that hand, so give it to that player alone.</p>
<ul class="links">{''.join(rows)}</ul>
<h2>The table for everyone</h2>
<p><a href="{escape(spectator)}" id="spectator-link">Show the table as a spectator sees it</a> (no hand is shown)
 &middot; <a href="/rules/{escape(table.meta['spectator'])}" target="_blank" rel="noopener">Rulebook</a></p>
<p>The game is written to <code>{escape(str(table.folder / "game.jsonl"))}</code>; check it with
<code>touring replay</code>.</p>
</main>"""
    return page("Touring: the table is ready", body)


def game_page(title: str, mode: str) -> str:
    """The seat's (or spectator's, or replay's) page: a frame that table.js fills from the live channel."""
    body = f"""<header class="bar"><h1 id="title">{escape(title)}</h1>
<nav><a id="rules-link" href="#" target="_blank" rel="noopener">Rulebook</a></nav></header>
<main id="app" data-mode="{escape(mode)}">
<p id="status" role="status" aria-live="polite">Connecting&hellip;</p>
<section id="decision" aria-live="assertive" hidden></section>
<section id="confirm" role="alertdialog" aria-labelledby="confirm-text" hidden>
<p id="confirm-text"></p><button id="confirm-yes" type="button">Make it anyway</button>
<button id="confirm-no" type="button">Choose again</button></section>
<section id="hand-area" aria-labelledby="hand-title"><h2 id="hand-title">Your hand</h2>
<div id="hand" class="cards"></div><div id="choices" class="choices" aria-live="polite"></div>
<p id="why" class="why" aria-live="polite"></p></section>
<section aria-labelledby="table-title"><h2 id="table-title">The table</h2>
<p id="piles"></p><div id="sides" class="sides"></div></section>
<section id="replay-controls" hidden aria-label="Replay controls">
<button id="first" type="button">First</button><button id="prev" type="button">Previous move</button>
<span id="step" aria-live="polite"></span>
<button id="next" type="button">Next move</button><button id="last" type="button">Last</button></section>
<section aria-labelledby="log-title"><h2 id="log-title">What happened</h2><ol id="log" class="log"></ol></section>
</main>"""
    return page(title, body, "table.js", body_class=mode)


def refusal() -> str:
    """What a missing or wrong link gets: the same words whatever was asked, so nothing is revealed."""
    return page("Touring: no such table", '<main class="narrow"><h1>No such table</h1>'
                "<p>This link does not open a seat. Ask the host for your seat's link.</p></main>")
