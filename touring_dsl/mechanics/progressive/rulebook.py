"""Mechanics, Progressive Touring, the rulebook's words: the Progressive play section (how tables are
seated, how long a round lasts, who records the miles, a game won early, who moves, who wins).

Phrases (mechanics.phrases) from the compiled Ruleset: rulebook/document.py sets them as text. An
edition without a `progressive` section gets no section.
"""
from __future__ import annotations

from ...base.i18n import _
from ...base.wording import distance_said as distance
from ..phrases import CardCounts, Chapter, Number, Numbers, Para, Refs, Run, filled


def section(r) -> Chapter | None:
    """The Progressive play section, or None."""
    p = r.progressive
    if p is None:
        return None
    rounds = (filled(_("Each round lasts {minutes} minutes, unless the host sets another length"),
                     minutes=Number(p.minutes)) if p.minutes else (_("The host sets the length of a round"),))
    recorder = (_("When the host gives the signal, play stops at every table at once and the umpire, if the host "
                  "has named one, goes from table to table and records the miles of every player: each player "
                  "scores the miles laid by their side, so partners score alike.") if p.umpire else
                _("When the host gives the signal, play stops at every table at once and each table records the "
                  "miles of every player: each player scores the miles laid by their side, so partners score "
                  "alike."))
    ending = (filled(_("When the evening ends, the greatest total mileage wins; prizes go to the first {prizes} "
                       "places. Players with equal totals share a place."), prizes=Number(p.prizes))
              if p.prizes > 1 else
              (_("When the evening ends, the greatest total mileage wins. Players with equal totals share a place."),))
    said = [
        (_("For a party, several tables play at the same time, and the host decides how many rounds make "
           "the evening.") + " ", Run(table_sizes(r, p))),
        (Run((*rounds, ". ", recorder)),),
        (_("A game won before the signal is followed at once by a fresh deal at the same table, and the "
           "miles of every game of the round are added together.") if p.restart else
         _("A table whose game is won before the signal waits for it, keeping the miles of that game."),),
        (movement(p),),
        (Run(ending), Refs((p.provenance,))),
    ]
    return Chapter(_("Progressive play"), "progressive", tuple(Para(body) for body in said))


def table_sizes(r, p) -> tuple:
    """Who sits at a table, by the setup each size plays: partners or single players, cards out, race."""
    groups: dict[bool, list[int]] = {}
    for n in p.sizes():
        groups.setdefault(r.setup_for(n).side_size > 1, []).append(n)
    phrases = [filled(_("{sizes}, partners facing each other") if partners else _("{sizes}, each for themselves"),
                      sizes=Numbers(tuple(sizes))) for partners, sizes in groups.items()]
    if len(phrases) > 1:
        said: list = list(filled(_("A table seats {one}; or else {other}, but tables of partners and tables of "
                                   "single players are never mixed in one party."), one=phrases[0], other=phrases[1]))
    else:
        said = list(filled(_("A table seats {one}."), one=phrases[0]))
    for n in p.sizes():
        setup = r.setup_for(n)
        changes = ([filled(_("{cards} are taken out"), cards=CardCounts(setup.removals))] if setup.removals else []) + (
            [(_("the race is {goal}").format(goal=distance(setup.race.miles, "miles")),)]
            if setup.race.miles != r.race.miles else [])
        if changes:
            joined: tuple = ()
            for i, change in enumerate(changes):  # joined as in prose: "a, b and c"
                joined += ((", " if i < len(changes) - 1 else " " + _("and") + " ",) if i else ()) + change
            said += [" ", *filled(_("At a table of {n}, {changes}."), n=Number(n), changes=joined)]
    return tuple(said)


def movement(p) -> str:
    """Who changes tables after a round."""
    if not p.winners_move_up:
        return _("Nobody changes tables: each table plays together all evening.")
    said = _("After each round the side with the most miles at each table moves up to the next table, and "
             "the others stay. At the head table the winners stay and the side with the fewest miles goes "
             "down to the foot table. A tie for the most miles is settled by a cut of the cards.")
    if p.partners:
        said += " " + (_("Partners move together and keep each other all evening.") if p.partners_stay else
                       _("Then every pair separates: each new pair joins one player who stayed with one who "
                         "arrived, and each player keeps the pair's miles as their own score."))
    return said
