"""Mechanics, Progressive Touring, the rulebook's words: the Progressive play section (how tables are
seated, how long a round lasts, who records the miles, a game won early, who moves, who wins).

Phrases (mechanics.phrases) from the compiled Ruleset: rulebook/document.py sets them as text. An
edition without a `progressive` section gets no section.
"""
from __future__ import annotations

from ...base.wording import distance
from ..phrases import CardCounts, Chapter, Number, Numbers, Para, Refs, Run


def section(r) -> Chapter | None:
    """The Progressive play section, or None."""
    p = r.progressive
    if p is None:
        return None
    rounds = (("Each round lasts ", Number(p.minutes), " minutes, unless the host sets another length")
              if p.minutes else ("The host sets the length of a round",))
    recorder = ("the umpire, if the host has named one, goes from table to table and records" if p.umpire
                else "each table records")
    said = [
        ("For a party, several tables play at the same time, and the host decides how many rounds make "
         "the evening. ", Run(table_sizes(r, p))),
        (Run((*rounds, f". When the host gives the signal, play stops at every table at once and {recorder} "
                       "the miles of every player: each player scores the miles laid by their side, so partners "
                       "score alike.")),),
        ("A game won before the signal is followed at once by a fresh deal at the same table, and the "
         "miles of every game of the round are added together." if p.restart else
         "A table whose game is won before the signal waits for it, keeping the miles of that game.",),
        (movement(p),),
        (Run(("When the evening ends, the greatest total mileage wins",
              *(("; prizes go to the first ", Number(p.prizes), " places") if p.prizes > 1 else ()),
              ". Players with equal totals share a place.")), Refs((p.provenance,))),
    ]
    return Chapter("Progressive play", "progressive", tuple(Para(body) for body in said))


def table_sizes(r, p) -> tuple:
    """Who sits at a table, by the setup each size plays: partners or single players, cards out, race."""
    groups: dict[bool, list[int]] = {}
    for n in p.sizes():
        groups.setdefault(r.setup_for(n).side_size > 1, []).append(n)
    phrases = [(Numbers(tuple(sizes)), ", partners facing each other" if partners else ", each for themselves")
               for partners, sizes in groups.items()]
    said: list = ["A table seats ", *phrases[0]]
    if len(phrases) > 1:
        said += ["; or else ", *phrases[1], ", but tables of partners and tables of single players are never "
                 "mixed in one party"]
    said.append(".")
    for n in p.sizes():
        setup = r.setup_for(n)
        changes = ([(CardCounts(setup.removals), " are taken out")] if setup.removals else []) + (
            [(f"the race is {distance(setup.race.miles, 'miles')}",)] if setup.race.miles != r.race.miles else [])
        if changes:
            said += [" At a table of ", Number(n), ", "]
            for i, change in enumerate(changes):  # joined as in prose: "a, b and c"
                said += ([", " if i < len(changes) - 1 else " and "] if i else []) + list(change)
            said.append(".")
    return tuple(said)


def movement(p) -> str:
    """Who changes tables after a round."""
    if not p.winners_move_up:
        return "Nobody changes tables: each table plays together all evening."
    said = ("After each round the side with the most miles at each table moves up to the next table, and "
            "the others stay. At the head table the winners stay and the side with the fewest miles goes "
            "down to the foot table. A tie for the most miles is settled by a cut of the cards.")
    if p.partners:
        said += (" Partners move together and keep each other all evening." if p.partners_stay else
                 " Then every pair separates: each new pair joins one player who stayed with one who "
                 "arrived, and each player keeps the pair's miles as their own score.")
    return said

