"""Party stage, the standings sheet: table plans, score cards and final standings as a document the
rulebook's renderers draw (Markdown, HTML, PDF)."""
from __future__ import annotations

from ..base.i18n import SOURCE_LANGUAGE, _, language, ngettext
from ..language.model import Ruleset
from ..rulebook import words as w
from ..rulebook.blocks import Paragraph, Rulebook, Section, Table, text
from .record import Party, Round
from .scores import side_name
from .standings import Standing, standings


def in_words(n: int) -> str:
    """A small count as the sheet writes it: in words in English ("two"), as the rulebook does; in figures in a
    language whose number words the sheet does not know."""
    return w.number(n) if language() == SOURCE_LANGUAGE else str(n)


def place_words(n: int) -> str:
    """A prize's place: "first" (English), "1er", "2e" (French)."""
    if language() == SOURCE_LANGUAGE:
        return w.ordinal(n)
    return (_("{n}st") if n == 1 else _("{n}th")).format(n=n)


def plan_rows(rnd: Round) -> tuple:
    """One row per table: who plays whom, and once recorded the miles and the winners."""
    rows = []
    for table in rnd.tables:
        if table.recorded:
            miles = " v ".join("+".join(str(g[s]) for g in table.games) for s in range(len(table.sides)))
            winners = side_name(table.sides[table.winner]) + (_(" (by a cut)") if table.cut else "")
        else:
            miles, winners = "", ""
        rows.append((text(str(table.number)), text(" v ".join(side_name(s) for s in table.sides)),
                     text(miles), text(winners)))
    return tuple(rows)


def plan_table(rnd: Round) -> Table:
    return Table((_("Table"), _("Sides"), _("Miles"), _("Winners")), plan_rows(rnd), numeric=(0,))


def standings_table(rows: list[Standing]) -> Table:
    return Table((_("Place"), _("Player"), _("Miles"), _("Rounds won"), _("Moves"), _("Prize")),
                 tuple((text(str(r.place)), text(r.player), text(str(r.total)), text(str(r.rounds_won)),
                        text(str(r.moves)), text(place_words(r.place) if r.prize else ""))
                       for r in rows), numeric=(0, 2, 3, 4))


def card_table(row: Standing) -> Table:
    running, lines = 0, []
    for e in row.card:
        running += e.miles
        lines.append((text(str(e.round)), text(str(e.table)), text(", ".join(e.partners) or "-"),
                      text(", ".join(e.opponents)), text(str(e.miles) + (_(" (won)") if e.won else "")),
                      text(str(running))))
    return Table((_("Round"), _("Table"), _("Partner"), _("Opponents"), _("Miles"), _("Total")), tuple(lines),
                 numeric=(0, 1, 5))


def build(party: Party, ruleset: Ruleset) -> Rulebook:
    p = ruleset.progressive
    rows = standings(party, p.prizes)
    done = len(party.completed_rounds())
    state = (_("Final standings") if party.finished else
             _("Standings after {rounds} of {planned}").format(
                 rounds=ngettext("{n} round", "{n} rounds", done).format(n=in_words(done)), planned=party.rounds_planned))
    recorder = _("the umpire, {umpire}").format(umpire=party.umpire) if party.umpire else _("each table")
    prizes = (_("{players} players; greatest total mileage first. Players with equal totals share a place; prizes for "
                "the first {prizes} places.") if p.prizes > 1 else
              _("{players} players; greatest total mileage first. Players with equal totals share a place; a prize "
                "for the first place."))
    recorded = (_("Table 1 is the head table. Miles are those of each side when the signal sounded, the games of a "
                  "round joined by +, as recorded by {recorder}.") if p.restart else
                _("Table 1 is the head table. Miles are those of each side when the signal sounded, as recorded by "
                  "{recorder}."))
    sections = [
        Section(state, "standings", (
            Paragraph(text(prizes.format(players=len(party.players), prizes=in_words(p.prizes)))),
            standings_table(rows))),
        Section(_("Rounds"), "rounds", (Paragraph(text(recorded.format(recorder=recorder))),),
                tuple(Section(_("Round {number}").format(number=r.number), f"round-{r.number}", (plan_table(r),))
                      for r in party.rounds)),
        Section(_("Score cards"), "score-cards", (),
                tuple(Section(row.player, f"card-{i + 1}", (card_table(row),)) for i, row in enumerate(rows)
                      if row.card)),
    ]
    when = _("rounds of {minutes}").format(minutes=ngettext("{n} minute", "{n} minutes", party.minutes).format(
        n=in_words(party.minutes))) if party.minutes else _("rounds timed by the host")
    return Rulebook(title="Progressive Touring", subtitle=f"{ruleset.title}: {ruleset.subtitle}".rstrip(": "),
                    byline=_("{edition}, {when}, seed {seed}").format(edition=ruleset.id, when=when, seed=party.seed),
                    summary="", sections=tuple(sections), kicker=_("Score sheet"))
