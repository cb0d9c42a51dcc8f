"""Party stage, the standings sheet: table plans, score cards and final standings as a document the
rulebook's renderers draw (Markdown, HTML, PDF)."""
from __future__ import annotations

from ..language.model import Ruleset
from ..rulebook import words as w
from ..rulebook.blocks import Paragraph, Rulebook, Section, Table, text
from .record import Party, Round
from .scores import side_name
from .standings import Standing, standings


def plan_rows(rnd: Round) -> tuple:
    """One row per table: who plays whom, and once recorded the miles and the winners."""
    rows = []
    for table in rnd.tables:
        if table.recorded:
            miles = " v ".join("+".join(str(g[s]) for g in table.games) for s in range(len(table.sides)))
            winners = side_name(table.sides[table.winner]) + (" (by a cut)" if table.cut else "")
        else:
            miles, winners = "", ""
        rows.append((text(str(table.number)), text(" v ".join(side_name(s) for s in table.sides)),
                     text(miles), text(winners)))
    return tuple(rows)


def plan_table(rnd: Round) -> Table:
    return Table(("Table", "Sides", "Miles", "Winners"), plan_rows(rnd), numeric=(0,))


def standings_table(rows: list[Standing]) -> Table:
    return Table(("Place", "Player", "Miles", "Rounds won", "Moves", "Prize"),
                 tuple((text(str(r.place)), text(r.player), text(str(r.total)), text(str(r.rounds_won)),
                        text(str(r.moves)), text(w.ordinal(r.place) if r.prize else ""))
                       for r in rows), numeric=(0, 2, 3, 4))


def card_table(row: Standing) -> Table:
    running, lines = 0, []
    for e in row.card:
        running += e.miles
        lines.append((text(str(e.round)), text(str(e.table)), text(", ".join(e.partners) or "-"),
                      text(", ".join(e.opponents)), text(str(e.miles) + (" (won)" if e.won else "")),
                      text(str(running))))
    return Table(("Round", "Table", "Partner", "Opponents", "Miles", "Total"), tuple(lines), numeric=(0, 1, 5))


def build(party: Party, ruleset: Ruleset) -> Rulebook:
    p = ruleset.progressive
    rows = standings(party, p.prizes)
    done = len(party.completed_rounds())
    state = ("Final standings" if party.finished else
             f"Standings after {w.counted(done, 'round')} of {party.rounds_planned}")
    recorder = f"the umpire, {party.umpire}" if party.umpire else "each table"
    sections = [
        Section(state, "standings", (
            Paragraph(text(f"{len(party.players)} players; greatest total mileage first. Players with equal "
                           "totals share a place" + (f"; prizes for the first {w.number(p.prizes)} places."
                                                     if p.prizes > 1 else "; a prize for the first place."))),
            standings_table(rows))),
        Section("Rounds", "rounds", (Paragraph(text(
            "Table 1 is the head table. Miles are those of each side when the signal sounded"
            + (", the games of a round joined by +" if p.restart else "") + f", as recorded by {recorder}.")),),
            tuple(Section(f"Round {r.number}", f"round-{r.number}", (plan_table(r),)) for r in party.rounds)),
        Section("Score cards", "score-cards", (),
                tuple(Section(row.player, f"card-{i + 1}", (card_table(row),)) for i, row in enumerate(rows)
                      if row.card)),
    ]
    when = f"rounds of {w.counted(party.minutes, 'minute')}" if party.minutes else "rounds timed by the host"
    return Rulebook(title="Progressive Touring", subtitle=f"{ruleset.title}: {ruleset.subtitle}".rstrip(": "),
                    byline=f"{ruleset.id}, {when}, seed {party.seed}", summary="",
                    sections=tuple(sections), kicker="Score sheet")
