"""Web stage, a party's pages: the host's screen (each player's evening link, this round's tables and what each
stands at, the signal, the standings), the signal's confirmation, and a player's evening page. Every value is
escaped; the pages work without JavaScript.
"""
from __future__ import annotations

import time
from html import escape

from ..base.i18n import _, ngettext, typography
from ..base.wording import capital
from .pages import page, reach_notice


def said(text: str) -> str:
    """A sentence of the page: in the reader's typography, escaped as text."""
    return escape(typography(text), quote=False)


def distance(n: int, unit: str) -> str:
    """'25 miles', '700 km' in the reader's language."""
    return ngettext("{n} mile", "{n} miles", n).format(n=n) if unit == "miles" else f"{n} {unit}"


def rounds(n: int) -> str:
    return ngettext("{n} round", "{n} rounds", n).format(n=n)

# -- the host's screen --------------------------------------------------------------------------------------


def party_host(web_party, games_of, base: str, qr_svg, local_only: bool = False) -> str:
    """The host's screen: the evening links, this round's tables, the signal, the standings. local_only: the
    server listens on this machine alone: the screen says so (pages.reach_notice) and shows no QR code."""
    party, ruleset = web_party.party, web_party.ruleset
    rnd = party.current
    token = escape(web_party.meta["host"])
    title = said(_("{title}: a Progressive Touring party").format(title=ruleset.title))
    parts = [f"<h1>{title}</h1>"]
    if rnd is None:
        over, shown = said(_("The party is over.")), said(_("Every player's link shows the final standings."))
        parts.append(f"<p><strong>{over}</strong> {shown}</p>")
    else:
        heading = said(_("Round {number} of {rounds}").format(number=rnd.number, rounds=party.rounds_planned))
        parts.append(f'<h2 id="round">{heading}</h2>')
        deadline = web_party.meta.get("deadline")
        if deadline:
            sounds = said(_("The signal sounds at {time} ({minutes} minutes a round), or earlier from the button.")
                          .format(time=time.strftime("%H:%M", time.localtime(deadline)), minutes=party.minutes))
            parts.append(f'<p id="deadline">{sounds}</p>')
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
    return page(_("Touring: the party"), '<main class="party-page">' + "".join(parts) + "</main>")


def evening_links(web_party, base: str, qr_svg, opened: bool) -> str:
    """Each player's link for the whole evening, with its QR code: shown (or printed) once, at the start."""
    rows = []
    for name in web_party.party.players:
        url = f"{base}/pl/{web_party.meta['players'][name]}"
        rows.append(f'<li class="seat-link"><h3>{escape(name)}</h3><p><a href="{escape(url)}" '
                    f'data-evening="{escape(name)}">{escape(url)}</a></p>'
                    + (f'<figure class="qr" aria-label="{escape(qr_label(name))}">'
                       f"{qr_svg(url)}</figure>" if qr_svg else "") + "</li>")
    summary = said(_("Each player's link for the whole evening"))
    give = said(_("Give each player their own link once, at the start (show its code, or print this page): it says at "
                  "every round which table they go to and with whom, and opens their seat there. When the signal "
                  "sounds, every player's page moves on by itself. A link is its player's key: give it to them "
                  "alone."))
    return (f'<details class="evening-links" id="evening-links"{" open" if opened else ""}>'
            f"<summary>{summary}</summary><p>{give}</p>"
            f'<ul class="links">{"".join(rows)}</ul></details>')


def qr_label(name: str) -> str:
    return _("QR code of the evening link of {name}").format(name=name)


def signal_button(party) -> str:
    """What the signal button says it will do."""
    rnd = party.current
    if rnd.number >= party.rounds_planned:
        return typography(_("Sound the signal: round {number}, the last, ends and the final standings are shown")
                          .format(number=rnd.number))
    return typography(_("Sound the signal: round {number} ends, every table's miles are recorded, round {next} is "
                        "seated").format(number=rnd.number, next=rnd.number + 1))


def _party_table(web_party, table, games, base: str, token: str) -> str:
    heading = said(_("Table {number}: {sides}").format(number=table.number, sides=_sides(table)))
    out = [f'<section class="party-table" data-table="{table.number}"><h3>{heading}</h3>',
           f'<p class="table-state">{said(table_state(table, games))}</p>']
    if games:
        current = games[-1]
        watch, links = said(_("Watch this game")), said(_("This game's seat links (if a player's evening link is lost)"))
        out.append(f'<p><a href="{escape(base)}/w/{escape(current.meta["spectator"])}">{watch}</a></p>'
                   f"<details><summary>{links}</summary>"
                   '<ul class="plain-links">')
        for seat, name in enumerate(web_party.seat_names(table, current)):
            url = f"{base}/s/{current.meta['tokens'][seat]}"
            out.append(f'<li>{escape(name)}: <a href="{escape(url)}" data-player="{escape(name)}">'
                       f"{escape(url)}</a></li>")
        out.append("</ul></details>")
        if current.game.is_over and current.game.outcome != "signal" and web_party.ruleset.progressive.restart:
            another = said(_("Another game at this table (its miles are added; its players' pages move on to it)"))
            out.append(f'<form method="post" action="/p/{token}/again/{table.number}"><button type="submit">'
                       f"{another}</button></form>")
    out.append("</section>")
    return "".join(out)


def table_state(table, games) -> str:
    """A party table's state in plain words: its game being played, won or stopped, and each side's distance."""
    if not games:
        return _("No game at this table yet.")
    current = games[-1]
    game = current.game
    number = _("Game {number}").format(number=len(games)) if len(games) > 1 else _("The game")
    if not game.is_over:
        moves = ngettext("{n} move", "{n} moves", len(current.record.moves)).format(n=len(current.record.moves))
        state = _("{game} is being played: {moves} made").format(game=number, moves=moves)
    elif game.outcome == "signal":
        state = _("{game} was stopped by the signal").format(game=number)
    elif game.winner is not None:
        state = _("{game} was won by {players}").format(game=number, players=" & ".join(table.sides[game.winner]))
    else:
        state = _("{game} ended with no winner").format(game=number)
    unit = game.setup.race.unit
    laid = game.side_miles()
    miles = "; ".join(f"{' & '.join(side)} {distance(laid[s], unit)}" for s, side in enumerate(table.sides))
    return _("{state}. {miles}.").format(state=state, miles=miles)


def standings_table(web_party, me: str | None = None) -> str:
    unit = web_party.ruleset.setups[0].race.unit
    prize = said(_("prize"))
    rows = "".join(f'<tr{_mine(s.player == me)}><td>{s.place}</td><td>{escape(s.player)}</td>'
                   f'<td class="num">{s.total}</td><td>{prize if s.prize else ""}</td></tr>'
                   for s in web_party.standings())
    w = {"standings": said(_("Standings")), "place": said(_("Place")), "player": said(_("Player")),
         "unit": said(capital(_("miles") if unit == "miles" else unit))}
    return (f'<h2>{w["standings"]}</h2><table id="standings"><thead><tr><th>{w["place"]}</th><th>{w["player"]}</th>'
            f'<th class="num">{w["unit"]}</th><th></th></tr></thead><tbody>{rows}</tbody></table>')


def _mine(mine: bool) -> str:
    return ' class="me" aria-current="true"' if mine else ""


# -- the signal's confirmation ---------------------------------------------------------------------------------


def signal_confirm(web_party, games_of) -> str:
    """The step before the signal: what it will do, and every table's state, with a button to sound it."""
    party = web_party.party
    rnd = party.current
    token = escape(web_party.meta["host"])
    last = rnd.number >= party.rounds_planned
    if last:
        what = _("Every game still being played stops where it stands, each side's miles at every table are recorded, "
                 "and the party ends: every player's page shows the final standings. This cannot be undone.")
    else:
        what = _("Every game still being played stops where it stands, each side's miles at every table are recorded, "
                 "and round {next} is seated: every player's page moves on to their next table. This cannot be "
                 "undone.").format(next=rnd.number + 1)
    states = "".join(_table_state_item(table, games_of(rnd.number, table.number)) for table in rnd.tables)
    question = said(_("Sound the signal for round {number}?").format(number=rnd.number))
    yes, no = said(_("Yes, sound the signal")), said(_("No, back to the party"))
    body = (f'<main class="narrow"><h1>{question}</h1>'
            f"<p>{said(what)}</p>"
            f'<ul id="table-states">{states}</ul>'
            f'<form method="post" action="/p/{token}/signal" class="confirm-signal">'
            f'<input type="hidden" name="confirm" value="yes"><input type="hidden" name="round" value="{rnd.number}">'
            f'<button type="submit" class="primary" id="confirm-signal">{yes}</button> '
            f'<a class="button-link" href="/p/{token}" id="not-yet">{no}</a></form></main>')
    return page(typography(_("Touring: sound the signal for round {number}?").format(number=rnd.number)), body)


def _table_state_item(table, games) -> str:
    """'<li><strong>Table 1</strong>, Ann against Bob. The game is being played...</li>'."""
    name = said(_("Table {number}").format(number=table.number))
    sides = said(_("{table}, {sides}.").format(table="{table}", sides=_sides(table)))
    return "<li>" + sides.replace("{table}", f"<strong>{name}</strong>", 1) + f" {said(table_state(table, games))}</li>"


def _sides(table) -> str:
    said = " & ".join(table.sides[0])
    for side in table.sides[1:]:
        said = _("{sides} against {side}").format(sides=said, side=" & ".join(side))
    return said


# -- a player's evening page -----------------------------------------------------------------------------------


def evening(web_party, name: str, place) -> str:
    """A player's page for the evening: the round, where they sit and with whom, the way to their seat, the
    round just played and the standings."""
    party = web_party.party
    title = said(_("{name}’s evening").format(name=name)).replace("’", "&rsquo;")
    intro = said(_("{title}: a Progressive Touring party of {rounds}.").format(title=web_party.ruleset.title,
                                                                               rounds=rounds(party.rounds_planned)))
    parts = [f"<h1>{title}</h1>", f"<p>{intro}</p>"]
    parts.append(_last_round(web_party, name))
    rnd = party.current
    if rnd is None:
        over, thanks = said(_("The party is over.")), said(_("Thank you for playing!"))
        parts.append(f'<p id="where"><strong>{over}</strong> {thanks}</p>')
    elif place is None:
        when = said(_("Round {number} of {rounds}:").format(number=rnd.number, rounds=party.rounds_planned))
        out = said(_("you sit this round out."))
        parts.append(f'<p id="where"><strong>{when}</strong> {out}</p>')
    else:
        where = said(_("Round {number} of {rounds}: table {table}").format(number=rnd.number,
                                                                          rounds=party.rounds_planned,
                                                                          table=place.table.number))
        parts.append(f'<p id="where"><strong>{where}</strong>, {said(company(place.table, name))}.</p>')
        if place.game is None:
            making = said(_("Your table's game is being made: ask the host, then open this link again."))
            parts.append(f"<p>{making}</p>")
        else:
            token = escape(place.game.meta["tokens"][place.seat])
            take = said(_("Take your seat at table {number}").format(number=place.table.number))
            parts.append(f'<p><a class="button-link primary" id="take-seat" href="/s/{token}">{take}</a></p>')
    keep = said(_("Keep this page’s link: it leads to your table at every round. When the host sounds the signal, "
                  "your seat’s page brings you back here.")).replace("’", "&rsquo;")
    parts.append(f"<p>{keep}</p>")
    if party.completed_rounds():
        parts.append(standings_table(web_party, me=name))
    return page(_("Touring: {name}'s evening").format(name=name),
                '<main class="narrow evening">' + "".join(parts) + "</main>")


def company(table, name: str) -> str:
    """'your partner is Ann, against Bob & Cat' (or 'against Bob' for a player alone on their side)."""
    mine = table.side_of(name)
    partners = [other for other in table.sides[mine] if other != name]
    others = [" & ".join(side) for s, side in enumerate(table.sides) if s != mine]
    against = others[0]
    for other in others[1:]:
        against = _("{names} and {name}").format(names=against, name=other)
    if not partners:
        return _("you against {others}").format(others=against)
    if len(partners) == 1:
        return _("your partner is {partner}, against {others}").format(partner=partners[0], others=against)
    together = partners[0]
    for partner in partners[1:]:
        together = _("{names} and {name}").format(names=together, name=partner)
    return _("your partners are {partners}, against {others}").format(partners=together, others=against)


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
    over = _("Round {number} is over: at table {table} your side laid {distance} ({others}).").format(
        number=done[-1].number, table=table.number, distance=distance(totals[mine], unit), others=others)
    return f'<p id="last-round">{said(over)}</p>'
