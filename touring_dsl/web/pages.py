"""Web stage, pages: the HTML the server sends, every value escaped; the live parts are drawn by table.js.

The pages hold no inline script or style (the Content-Security-Policy forbids both); the seat's token
travels only in its own URL path.
"""
from __future__ import annotations

from html import escape

from ..base.i18n import _, language, typography
from ..play.gamelog import HUMAN

PLAYER_KINDS = (HUMAN, "easy", "medium", "hard", "random", "greedy", "expert", "scorer", "ismcts", "rollout")
KIND_LABELS = {HUMAN: "a person", "easy": "bot: easy", "medium": "bot: medium", "hard": "bot: hard",
               "random": "bot: random", "greedy": "bot: greedy", "expert": "bot: expert",
               "scorer": "bot: scorer (plays for points)", "ismcts": "bot: ismcts (search)",
               "rollout": "bot: rollout (search)"}


def page(title: str, body: str, script: str | tuple[str, ...] | None = None, body_class: str = "") -> str:
    scripts = (script,) if isinstance(script, str) else script or ()
    tag = "".join(f'<script src="/static/{escape(name)}" defer></script>' for name in scripts)
    return (f'<!doctype html>\n<html lang="{escape(language())}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<meta name="referrer" content="same-origin">'
            f"<title>{escape(title)}</title>"
            f'<link rel="stylesheet" href="/static/style.css">{tag}</head>'
            f'<body class="{escape(body_class)}">{body}</body></html>\n')


def index(editions: list[dict], error: str | None = None, form: dict | None = None, party: str = "") -> str:
    """The host's form: an edition (or a house-rule file), the number of players, who sits where."""
    form = form or {}
    chosen = form.get("edition", "touring-1937")
    options = "".join(
        f'<option value="{escape(e["id"])}"{" selected" if e["id"] == chosen else ""}>'
        + escape(_("{title} ({id}; {players} players)").format(title=e["title"], id=e["id"],
                                                               players=", ".join(map(str, e["players"]))))
        + "</option>" for e in editions)
    seats = "".join(_seat_choice(seat, form.get(f"seat{seat}", HUMAN))
                    for seat in range(8))
    players = form.get("players", "2")
    not_made = escape(_("The table was not made"), quote=False)
    problem = (f'<section class="error" role="alert"><h2>{not_made}</h2>'
               f"<pre>{escape(error)}</pre></section>") if error else ""
    w = {key: escape(typography(text), quote=False) for key, text in index_words().items()}
    workshop = f'<a href="/workshop" id="workshop-link">{w["workshop"]}</a>'
    body = f"""<main class="narrow">
<h1>{w["title"]}</h1>
{problem}
<form method="post" action="/tables" enctype="multipart/form-data" id="new-table">
<fieldset><legend>{w["edition"]}</legend>
<label for="edition">{w["archive"]}</label>
<select id="edition" name="edition">{options}</select>
<p>{w["house"].format(workshop=workshop)}</p>
<label for="upload">{w["upload"]}</label> <input type="file" id="upload" name="upload" accept=".touring,text/plain">
<label for="source">{w["paste"]}</label>
<textarea id="source" name="source" rows="6" cols="60" spellcheck="false">{escape(form.get("source", ""))}</textarea>
</fieldset>
<fieldset><legend>{w["players"]}</legend>
<label for="players">{w["number"]}</label>
<input type="number" id="players" name="players" min="1" max="8" value="{escape(str(players))}" required>
<div class="seat-choices" id="seat-choices"><p class="hint">{w["who"].format(open='<span class="without-script">',
                                                                             close="</span>")}</p>{seats}</div>
<label for="seed">{w["seed"]}</label>
<input type="number" id="seed" name="seed" min="0" value="{escape(str(form.get("seed", "")))}">
</fieldset>
{_length_choice(form.get("length", "match"))}
<button type="submit" class="primary">{w["make"]}</button>
</form>{party}</main>"""
    return page(_("Touring: a new table"), body, "host.js")


def index_words() -> dict[str, str]:
    """The new table form's words, in the reader's language."""
    return {"title": _("Touring: a new table"), "edition": _("Edition"), "archive": _("From the archive"),
            "house": _("Or house rules of your own (an edition file; it may extend an archive edition; write one "
                       "in\n{workshop}):"),
            "workshop": _("the workshop"), "upload": _("Upload a file"), "paste": _("or paste it here"),
            "players": _("Players"), "number": _("Number of players"),
            "who": _('Who sits at each seat{open}\n(seats past the number of players are left empty){close}:'),
            "seed": _("Deal number (leave empty for a fresh shuffle)"), "make": _("Make the table")}


def kind_label(kind: str) -> str:
    """Who may sit at a seat, in the reader's language ("a person", "bot: greedy")."""
    if kind == HUMAN:
        return _("a person")
    said = {"scorer": _("bot: scorer (plays for points)"), "ismcts": _("bot: ismcts (search)"),
            "rollout": _("bot: rollout (search)")}
    return said.get(kind) or _("bot: {name}").format(name=kind)


def _length_choice(chosen: str) -> str:
    """A match (race after race, the scores after each, to the points the edition names) or one race."""
    match, race = (' checked' if chosen != "race" else ""), (' checked' if chosen == "race" else "")
    w = {"how": _("How long"), "match": _("A\nmatch: race after race, the score sheet after each, until a side reaches "
                                             "the points its edition plays to"),
         "race": _("One\nrace"), "hint": _("An edition that plays no match always plays one race.")}
    w = {key: escape(text, quote=False) for key, text in w.items()}
    return f"""<fieldset><legend>{w["how"]}</legend>
<p><input type="radio" id="length-match" name="length" value="match"{match}><label for="length-match" class="inline">{w["match"]}</label></p>
<p><input type="radio" id="length-race" name="length" value="race"{race}><label for="length-race" class="inline">{w["race"]}</label></p>
<p class="hint">{w["hint"]}</p></fieldset>"""


def _seat_choice(seat: int, chosen: str) -> str:
    options = "".join(f'<option value="{kind}"{" selected" if kind == chosen else ""}>{escape(kind_label(kind))}'
                      f"</option>" for kind in PLAYER_KINDS)
    label = escape(_("Seat {number}").format(number=seat + 1))
    return (f'<p class="seat-choice" data-seat="{seat}"><label for="seat{seat}">{label}</label> '
            f'<select id="seat{seat}" name="seat{seat}">{options}</select></p>')


def host(table, base: str, qr_svg, data_label: str = "touring-tables", local_only: bool = False,
         warnings: list[str] | None = None) -> str:
    """The host's page: every seat's private link with its QR code, and the spectator's view. The log is named
    by the data folder as the host gave it (data_label) when that is a relative name, else by "<data>", and the
    table's id: no absolute path of the server's is shown. local_only: the server listens on this machine
    alone, so no phone can open the links: the page says so and how to let the phones in, and shows no codes
    (a code of this machine's own address would lead a phone nowhere). warnings: the house rule's warnings as
    `touring check` prints them (each shown as plain text)."""
    if local_only:
        qr_svg = None
    log_path = f"{_shown_folder(data_label)}/{table.id}/game.jsonl"
    rows = []
    for seat, token in enumerate(table.meta["tokens"]):
        seat_title = escape(_("Seat {number}").format(number=seat + 1))
        kind, heading = table.kinds[seat], f"<h2>{seat_title}</h2>{_partners(table, seat)}"
        if kind != HUMAN:
            played = escape(_("played by the {bot} bot").format(bot=kind))
            rows.append(f'<li class="seat-link">{heading}<p>{played}</p></li>')
            continue
        url = f"{base}/s/{token}"
        qr_label = escape(_("QR code of the link for seat {number}").format(number=seat + 1))
        code = (f'<figure class="qr" aria-label="{qr_label}">{qr_svg(url)}</figure>'
                if qr_svg else "")
        rows.append(f'<li class="seat-link">{heading}'
                    f'<p><a href="{escape(url)}" data-seat="{seat}">{escape(url)}</a></p>{code}</li>')
    spectator = f"{base}/w/{table.meta['spectator']}"
    ready = escape(_("{title}: the table is ready").format(title=table.ruleset.title))
    give = (_("Give each player the link of their seat (or let them scan its code). A link is that seat's key:\n"
              "whoever has it sees that hand, so give it to that player alone.") if qr_svg else
            _("Give each player the link of their seat. A link is that seat's key:\n"
              "whoever has it sees that hand, so give it to that player alone."))
    show = escape(_("Show the table as a spectator sees it"), quote=False)
    watch = f'<a href="{escape(spectator)}" id="spectator-link">{show}</a>'
    rules = (f'<a href="/rules/{escape(table.meta["spectator"])}" target="_blank" rel="noopener">'
             + escape(_("Rulebook")) + "</a>")
    kept = (_("The game is kept as table {table} in the folder given to {serve}; check it with {replay}{later}.")
            .format(table=f"<code>{escape(table.id)}</code>", serve="<code>touring serve\n--data</code>",
                    replay=f"<code>touring replay {escape(log_path)}</code>", later=_later_races(table)))
    for_everyone = escape(_("The table for everyone"), quote=False)
    everyone = _("{watch} (no hand is shown)\n &middot; {rules}").format(watch=watch, rules=rules)
    body = f"""<main>
<h1>{ready}</h1>
{reach_notice(base) if local_only else ""}{_warnings(warnings or [])}
<p>{escape(typography(give), quote=False)}</p>
<ul class="links">{''.join(rows)}</ul>
<h2>{for_everyone}</h2>
<p>{everyone}</p>
<p>{typography(kept)}</p>
</main>"""
    return page(_("Touring: the table is ready"), body)


def _warnings(warnings: list[str]) -> str:
    """The house rule's warnings: it is played as written, but probably does not say what its author meant."""
    if not warnings:
        return ""
    count = f"{len(warnings)} warning{'s' if len(warnings) != 1 else ''}"
    items = "".join(f"<li><pre>{escape(text)}</pre></li>" for text in warnings)
    return (f'<section class="warnings" id="warnings"><h2>The house rule compiles, with {count}</h2>'
            "<p>The table plays the rules as written; these probably do not say what was meant. "
            "Change the file and make a new table to fix them.</p>"
            f"<ul>{items}</ul></section>")


def _partners(table, seat: int) -> str:
    """Who plays on the seat's side, where sides have more than one seat: "Side 1, with seat 3"."""
    game = table.game
    side = game.side_of(seat)
    others = [other + 1 for other in range(game.players) if other != seat and game.side_of(other) == side]
    if not others:
        return ""
    seats = ", ".join(_("seat {number}").format(number=n) for n in others)
    said = escape(_("Side {number}, with {seats}").format(number=side + 1, seats=seats), quote=False)
    return f'<p class="partners">{said}</p>'


def reach_notice(base: str) -> str:
    """What a host must know when the server listens on this machine alone: phones cannot open its links yet,
    and how to let them in."""
    heading = escape(_("Only this computer can open these links"), quote=False)
    alone = escape(_("The server is listening on this computer alone ({address}), so a phone cannot reach it and no "
                     "QR codes are shown. The links work in this computer's own browser, for players who share its "
                     "screen."), quote=False).format(address=f"<code>{escape(base)}</code>")
    phones = escape(_("To let the phones in: stop the server (Ctrl-C) and start it again with {command}, with the "
                      "phones on the same Wi-Fi as this computer. It prints the address to share, every link and code "
                      "then carries it, and the tables you made are kept (their links change address, not key)."),
                    quote=False).format(command="<code>touring serve --host 0.0.0.0</code>")
    return (f'<section class="notice" role="note" id="local-only"><h2>{heading}</h2>'
            f"<p>{alone}</p><p>{phones}</p></section>")


def _later_races(table) -> str:
    return escape(_(" (a match's later races are kept beside it, in game-race2.jsonl and on)"), quote=False) if table.plays_match \
        else ""


def _shown_folder(data_label: str) -> str:
    from pathlib import PurePosixPath

    parts = PurePosixPath(data_label).parts
    plain = parts and not PurePosixPath(data_label).is_absolute() and ".." not in parts and "~" not in data_label
    return data_label.rstrip("/") if plain else "<data>"


def game_page(title: str, mode: str, evening: tuple[str, str] | None = None, switch: str = "") -> str:
    """The seat's (or spectator's, or replay's) page: a frame that table.js fills from the live channel.

    Laid out as a card table seen from the seat: the other sides across the table, the draw and discard
    piles between, this seat's side nearest with its hand under it, any question's buttons above them (together, "near": on a phone they stay
    at the foot of the screen, as a hand is held, while the other sides scroll above); the log folds away below. evening: a
    party seat's way back to its player's evening page, (path, words). switch: the links to the page in
    the other languages (web.reader.switch), in the page's bar."""
    w = {key: escape(typography(text)) for key, text in game_page_words().items()}
    back = (f'<a id="evening-link" href="{escape(evening[0])}" title="{w["evening"]}">'
            f"{escape(evening[1])}</a> ") if evening else ""
    body = f"""<header class="bar"><h1 id="title">{escape(title)}</h1>
<nav>{back}<a id="rules-link" href="#" target="_blank" rel="noopener">{w["rulebook"]}</a></nav>{switch}</header>
<main id="app" data-mode="{escape(mode)}">
<p id="status" role="status" aria-live="polite">{w["connecting"]}</p>
<p id="match-line" class="match-line" hidden></p>
<p id="last-line" class="last-line" aria-hidden="true"></p>
<section id="end" class="end" aria-labelledby="end-title" hidden></section>
<section id="again-notice" class="notice again-notice" role="status" hidden></section>
<section id="table-area" class="table-area" aria-labelledby="table-title"><h2 id="table-title" class="quiet">{w["table"]}</h2>
<div id="sides" class="sides"><div id="others" class="others"></div>
<div id="centre" class="centre" aria-label="{w["piles"]}"></div></div></section>
<div id="near" class="near">
<section id="decision" aria-live="assertive" hidden></section>
<section id="confirm" role="alertdialog" aria-labelledby="confirm-text" hidden>
<p id="confirm-text"></p><button id="confirm-yes" type="button">{w["anyway"]}</button>
<button id="confirm-no" type="button">{w["again"]}</button></section>
<section id="mine-area" class="table-area mine-felt" aria-label="{w["mine"]}"><div id="mine" class="mine-area"></div></section>
<section id="hand-area" class="hand-area" aria-labelledby="hand-title"><h2 id="hand-title">{w["hand"]}</h2>
<div id="choices" class="choices" aria-live="polite"></div>
<p id="why" class="why" aria-live="polite"></p>
<div id="hand" class="cards"></div></section></div>
<section id="replay-controls" hidden aria-label="{w["controls"]}">
<button id="first" type="button">{w["first"]}</button><button id="prev" type="button">{w["previous"]}</button>
<span id="step" aria-live="polite"></span>
<button id="next" type="button">{w["next"]}</button><button id="last" type="button">{w["last"]}</button></section>
<details class="log-box"><summary id="log-title">{w["log"]}</summary><ol id="log" class="log"></ol></details>
</main>"""
    return page(title, body, ("faces.js", "table.js"), body_class=mode)


def game_page_words() -> dict[str, str]:
    """The seat page's own words, in the reader's language."""
    return {"evening": _("Your evening: where you play, and the standings"), "rulebook": _("Rulebook"),
            "connecting": _("Connecting…"), "table": _("The table"), "piles": _("Draw and discard piles"),
            "anyway": _("Make it anyway"), "again": _("Choose again"), "mine": _("Your side"),
            "hand": _("Your hand"), "controls": _("Replay controls"), "first": _("First"),
            "previous": _("Previous move"), "next": _("Next move"), "last": _("Last"), "log": _("What happened")}


def refusal() -> str:
    """What a missing or wrong link gets: the same words whatever was asked, so nothing is revealed."""
    heading = escape(_("No such table"), quote=False)
    ask = escape(_("This link does not open a seat. Ask the host for your seat's link."), quote=False)
    return page(_("Touring: no such table"), f'<main class="narrow"><h1>{heading}</h1><p>{ask}</p></main>')


def party_form(editions: list[dict], error: str | None = None, form: dict | None = None) -> str:
    """The form for a Progressive Touring evening: the edition, the players' names, the rounds."""
    form = form or {}
    chosen = form.get("edition", "touring-1937")
    options = "".join(f'<option value="{escape(e["id"])}"{" selected" if e["id"] == chosen else ""}>'
                      f'{escape(e["title"])} ({escape(e["id"])})</option>' for e in editions)
    w = {"not": _("The party was not set up"), "host": _("Or host a Progressive\nTouring party"),
         "edition": _("Edition"), "names": _("Players' names, separated by commas"), "rounds": _("Rounds"),
         "clock": _("The edition's clock\nsounds the signal (else the host's button does)"),
         "set": _("Set up the party")}
    w = {key: escape(typography(text), quote=False) for key, text in w.items()}
    problem = (f'<section class="error" role="alert"><h2>{w["not"]}</h2>'
               f"<pre>{escape(error)}</pre></section>") if error else ""
    return f"""<section class="narrow" aria-labelledby="party-title"><h2 id="party-title">{w["host"]}</h2>{problem}
<form method="post" action="/parties" id="new-party">
<label for="party-edition">{w["edition"]}</label><select id="party-edition" name="edition">{options}</select>
<label for="names">{w["names"]}</label>
<textarea id="names" name="names" rows="3" cols="60">{escape(form.get("names", ""))}</textarea>
<label for="rounds">{w["rounds"]}</label>
<input type="number" id="rounds" name="rounds" min="1" max="20" value="{escape(str(form.get("rounds", "3")))}">
<p><input type="checkbox" id="clock" name="clock" value="yes"><label for="clock" class="inline">{w["clock"]}</label></p>
<button type="submit">{w["set"]}</button></form></section>"""
