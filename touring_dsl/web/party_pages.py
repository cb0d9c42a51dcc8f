"""Web stage, a party's pages: the host's screen (each player's evening link, this round's tables and what each
stands at, the signal, the standings), the signal's confirmation, and a player's evening page. Every value is
escaped; the pages work without JavaScript.
"""
from __future__ import annotations

import time
from html import escape

from ..base.wording import capital, counted, distance
from .pages import page, reach_notice

# -- the host's screen --------------------------------------------------------------------------------------


def party_host(web_party, games_of, base: str, qr_svg, local_only: bool = False) -> str:
    """The host's screen: the evening links, this round's tables, the signal, the standings. local_only: the
    server listens on this machine alone: the screen says so (pages.reach_notice) and shows no QR code."""
    party, ruleset = web_party.party, web_party.ruleset
    rnd = party.current
    token = escape(web_party.meta["host"])
    parts = [f"<h1>{escape(ruleset.title)}: a Progressive Touring party</h1>"]
    if rnd is None:
        parts.append("<p><strong>The party is over.</strong> Every player's link shows the final standings.</p>")
    else:
        parts.append(f'<h2 id="round">Round {rnd.number} of {party.rounds_planned}</h2>')
        deadline = web_party.meta.get("deadline")
        if deadline:
            parts.append(f'<p id="deadline">The signal sounds at {time.strftime("%H:%M", time.localtime(deadline))} '
                         f"({party.minutes} minutes a round), or earlier from the button.</p>")
    if local_only:
        parts.append(reach_notice(base))
    parts.append(evening_links(web_party, base, None if local_only else qr_svg,
                               opened=rnd is not None and rnd.number == 1))
    if rnd is not None:
        for table in rnd.tables:
            parts.append(_party_table(web_party, table, games_of(rnd.number, table.number), base, token))
        parts.append(f'<form method="post" action="/p/{token}/signal"><button type="submit" id="signal">'
                     f"{escape(signal_button(party))}</button></form>")
    parts.append(standings_table(web_party))
    return page("Touring: the party", '<main class="party-page">' + "".join(parts) + "</main>")


def evening_links(web_party, base: str, qr_svg, opened: bool) -> str:
    """Each player's link for the whole evening, with its QR code: shown (or printed) once, at the start."""
    rows = []
    for name in web_party.party.players:
        url = f"{base}/pl/{web_party.meta['players'][name]}"
        rows.append(f'<li class="seat-link"><h3>{escape(name)}</h3><p><a href="{escape(url)}" '
                    f'data-evening="{escape(name)}">{escape(url)}</a></p>'
                    + (f'<figure class="qr" aria-label="QR code of the evening link of {escape(name)}">'
                       f"{qr_svg(url)}</figure>" if qr_svg else "") + "</li>")
    return (f'<details class="evening-links" id="evening-links"{" open" if opened else ""}>'
            f"<summary>Each player's link for the whole evening</summary>"
            "<p>Give each player their own link once, at the start (show its code, or print this page): it says "
            "at every round which table they go to and with whom, and opens their seat there. When the signal "
            "sounds, every player's page moves on by itself. A link is its player's key: give it to them alone.</p>"
            f'<ul class="links">{"".join(rows)}</ul></details>')


def signal_button(party) -> str:
    """What the signal button says it will do."""
    rnd = party.current
    if rnd.number >= party.rounds_planned:
        return f"Sound the signal: round {rnd.number}, the last, ends and the final standings are shown"
    return (f"Sound the signal: round {rnd.number} ends, every table's miles are recorded, "
            f"round {rnd.number + 1} is seated")


def _party_table(web_party, table, games, base: str, token: str) -> str:
    sides = " against ".join(escape(" & ".join(side)) for side in table.sides)
    out = [f'<section class="party-table" data-table="{table.number}"><h3>Table {table.number}: {sides}</h3>',
           f'<p class="table-state">{escape(table_state(table, games))}</p>']
    if games:
        current = games[-1]
        out.append(f'<p><a href="{escape(base)}/w/{escape(current.meta["spectator"])}">Watch this game</a></p>'
                   "<details><summary>This game's seat links (if a player's evening link is lost)</summary>"
                   '<ul class="plain-links">')
        for seat, name in enumerate(web_party.seat_names(table, current)):
            url = f"{base}/s/{current.meta['tokens'][seat]}"
            out.append(f'<li>{escape(name)}: <a href="{escape(url)}" data-player="{escape(name)}">'
                       f"{escape(url)}</a></li>")
        out.append("</ul></details>")
        if current.game.is_over and current.game.outcome != "signal" and web_party.ruleset.progressive.restart:
            out.append(f'<form method="post" action="/p/{token}/again/{table.number}"><button type="submit">'
                       "Another game at this table (its miles are added; its players' pages move on to it)"
                       "</button></form>")
    out.append("</section>")
    return "".join(out)


def table_state(table, games) -> str:
    """A party table's state in plain words: its game being played, won or stopped, and each side's distance."""
    if not games:
        return "No game at this table yet."
    current = games[-1]
    game = current.game
    number = f"Game {len(games)}" if len(games) > 1 else "The game"
    if not game.is_over:
        state = f"{number} is being played: {counted(len(current.record.moves), 'move')} made"
    elif game.outcome == "signal":
        state = f"{number} was stopped by the signal"
    elif game.winner is not None:
        state = f"{number} was won by {' & '.join(table.sides[game.winner])}"
    else:
        state = f"{number} ended with no winner"
    unit = game.setup.race.unit
    laid = game.side_miles()
    miles = "; ".join(f"{' & '.join(side)} {distance(laid[s], unit)}" for s, side in enumerate(table.sides))
    return f"{state}. {miles}."


def standings_table(web_party, me: str | None = None) -> str:
    unit = web_party.ruleset.setups[0].race.unit
    rows = "".join(f'<tr{_mine(s.player == me)}><td>{s.place}</td><td>{escape(s.player)}</td>'
                   f'<td class="num">{s.total}</td><td>{"prize" if s.prize else ""}</td></tr>'
                   for s in web_party.standings())
    return (f'<h2>Standings</h2><table id="standings"><thead><tr><th>Place</th><th>Player</th>'
            f'<th class="num">{escape(capital(unit))}</th><th></th></tr></thead><tbody>{rows}</tbody></table>')


def _mine(mine: bool) -> str:
    return ' class="me" aria-current="true"' if mine else ""


# -- the signal's confirmation ---------------------------------------------------------------------------------


def signal_confirm(web_party, games_of) -> str:
    """The step before the signal: what it will do, and every table's state, with a button to sound it."""
    party = web_party.party
    rnd = party.current
    token = escape(web_party.meta["host"])
    last = rnd.number >= party.rounds_planned
    after = ("the party ends: every player's page shows the final standings" if last else
             f"round {rnd.number + 1} is seated: every player's page moves on to their next table")
    states = "".join(f"<li><strong>Table {table.number}</strong>, {escape(_sides(table))}. "
                     f"{escape(table_state(table, games_of(rnd.number, table.number)))}</li>" for table in rnd.tables)
    body = (f'<main class="narrow"><h1>Sound the signal for round {rnd.number}?</h1>'
            f"<p>Every game still being played stops where it stands, each side's miles at every table are "
            f"recorded, and {after}. This cannot be undone.</p>"
            f'<ul id="table-states">{states}</ul>'
            f'<form method="post" action="/p/{token}/signal" class="confirm-signal">'
            f'<input type="hidden" name="confirm" value="yes"><input type="hidden" name="round" value="{rnd.number}">'
            f'<button type="submit" class="primary" id="confirm-signal">Yes, sound the signal</button> '
            f'<a class="button-link" href="/p/{token}" id="not-yet">No, back to the party</a></form></main>')
    return page(f"Touring: sound the signal for round {rnd.number}?", body)


def _sides(table) -> str:
    return " against ".join(" & ".join(side) for side in table.sides)


# -- a player's evening page -----------------------------------------------------------------------------------


def evening(web_party, name: str, place) -> str:
    """A player's page for the evening: the round, where they sit and with whom, the way to their seat, the
    round just played and the standings."""
    party = web_party.party
    parts = [f"<h1>{escape(name)}&rsquo;s evening</h1>",
             f"<p>{escape(web_party.ruleset.title)}: a Progressive Touring party of "
             f"{counted(party.rounds_planned, 'round')}.</p>"]
    parts.append(_last_round(web_party, name))
    rnd = party.current
    if rnd is None:
        parts.append('<p id="where"><strong>The party is over.</strong> Thank you for playing!</p>')
    elif place is None:
        parts.append(f'<p id="where"><strong>Round {rnd.number} of {party.rounds_planned}:</strong> you sit this '
                     "round out.</p>")
    else:
        parts.append(f'<p id="where"><strong>Round {rnd.number} of {party.rounds_planned}: table '
                     f"{place.table.number}</strong>, {escape(company(place.table, name))}.</p>")
        if place.game is None:
            parts.append("<p>Your table's game is being made: ask the host, then open this link again.</p>")
        else:
            token = escape(place.game.meta["tokens"][place.seat])
            parts.append(f'<p><a class="button-link primary" id="take-seat" href="/s/{token}">Take your seat at '
                         f"table {place.table.number}</a></p>")
    parts.append("<p>Keep this page&rsquo;s link: it leads to your table at every round. When the host sounds "
                 "the signal, your seat&rsquo;s page brings you back here.</p>")
    if party.completed_rounds():
        parts.append(standings_table(web_party, me=name))
    return page(f"Touring: {name}'s evening", '<main class="narrow evening">' + "".join(parts) + "</main>")


def company(table, name: str) -> str:
    """'your partner is Ann, against Bob & Cat' (or 'against Bob' for a player alone on their side)."""
    mine = table.side_of(name)
    partners = [other for other in table.sides[mine] if other != name]
    against = " and ".join(" & ".join(side) for s, side in enumerate(table.sides) if s != mine)
    if not partners:
        return f"you against {against}"
    said = "your partner is" if len(partners) == 1 else "your partners are"
    return f"{said} {' and '.join(partners)}, against {against}"


def _last_round(web_party, name: str) -> str:
    """What the player's side laid in the last round recorded, beside the others at that table."""
    done = web_party.party.completed_rounds()
    table = done[-1].table_of(name) if done else None
    if table is None:
        return ""
    unit = web_party.ruleset.setups[0].race.unit
    totals = table.totals()
    mine = table.side_of(name)
    others = "; ".join(f"{' & '.join(side)} {distance(totals[s], unit)}" for s, side in enumerate(table.sides)
                       if s != mine)
    return (f'<p id="last-round">Round {done[-1].number} is over: at table {table.number} your side laid '
            f"{distance(totals[mine], unit)} ({escape(others)}).</p>")
