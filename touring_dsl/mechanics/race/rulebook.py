"""Mechanics, the race, the rulebook's words: the Object of the game (the race's length, its piles or its
distance, its caps, and the shorter races some seatings run), the Winning section, and what the other
sections say of the piles (the setting up's piles, a turn's mileage option and the piles' flags, the
mileage cards' counting and safe piles).

Phrases (mechanics.phrases) from the compiled Ruleset: rulebook/document.py sets them as text, and adds
to the object the hindrances the hazards and zones give (passed in, as words) and the race mechanics'
sentences after it.
"""
from __future__ import annotations

from ...base.i18n import _, language, ngettext
from ...base.wording import distance_said as distance
from ..phrases import (Chapter, Count, GoCard, GoPile, Items, Named, NameList, Number, Numbers, Ordinal, Para, Refs, Run,
                       filled)
from ..zones import rulebook as zone_words


def object_blocks(r, hindrances: str) -> tuple:
    """The Object of the game's blocks: a race of piles, or a distance race; then the shorter races.
    `hindrances` says how the sides hold each other back (" by ..."), or is empty."""
    blocks = list(distance_object(r, hindrances) if r.race.is_distance else piles_object(r, hindrances))
    shorter = shorter_races(r)
    if shorter is not None:
        blocks.append(shorter)
    return tuple(blocks)


def piles_object(r, hindrances: str) -> tuple:
    """A race of piles: its length, each pile's cards and miles, and that every pile must be completed."""
    race, unit = r.race, r.race.unit
    piles = race.piles
    total = sum(p.needs for p in piles)
    return (
        Para((Run(filled(_("The game is a race of {goal}. Every player, or every side of partners, "
                            "covers the distance by laying mileage cards on {piles}, one pile for each kind "
                            "of mileage card, and must complete all of them:"),
                          goal=distance(race.miles, unit), piles=Count(len(piles), "pile"))), Refs((race.provenance,)))),
        Items(tuple((*filled(_("{n} {card} ({distance})"), n=Run((Number(p.needs),)), card=Named(p.card),
                             distance=distance(p.needs * _miles(r, p.card), unit)),
                     Refs((p.provenance,))) for p in piles)),
        Para(filled(_("That is {cards} in all. The first side to complete every pile wins. Along the way "
                      "each side tries to hold the others back{hindrances}."),
                    cards=Run((Count(total, "card"),)), hindrances=hindrances)),
    )


def distance_object(r, hindrances: str) -> tuple:
    """A distance race: any mileage, up to (and in an exact race, exactly) the target; its caps."""
    race = r.race
    goal = distance(race.miles, race.unit)
    said = (_("The game is a race of {goal}. Every player, or every side of partners, covers the distance by "
              "laying mileage cards of any value on its distance pile; their values add up. The first side to "
              "reach exactly {goal} wins: a card that would take a side past {goal} may not be laid. Along the "
              "way each side tries to hold the others back{hindrances}.") if race.exact else
            _("The game is a race of {goal}. Every player, or every side of partners, covers the distance by "
              "laying mileage cards of any value on its distance pile; their values add up. The first side to "
              "reach {goal} or more wins. Along the way each side tries to hold the others back{hindrances}."))
    blocks = [Para((*filled(said, goal=goal, hindrances=hindrances), Refs((race.provenance,))))]
    if race.caps:
        limits: list = []
        for i, (card, n) in enumerate(race.caps):
            limits += ([" " + _("or") + " "] if i else []) + list(filled(
                ngettext("{n} {card}", "{n} {card}", n), n=Run((Number(n, feminine=True),)), card=Named(card)))
        blocks.append(Para(filled(_("No side may lay more than {cards} in one race."), cards=tuple(limits))))
    return tuple(blocks)


def seating(setup) -> tuple:
    """How a setup seats its players, as the players' table says it: each for themselves, or sides."""
    if setup.sides is None:
        return (_("each for themselves"),)
    if setup.sides == 2:
        return filled(_("{size} against {size}"), size=Number(setup.side_size))
    return filled(_("{sides} teams of {size}"), sides=Number(setup.sides, feminine=True), size=Number(setup.side_size))


def shorter_races(r) -> Para | None:
    """The seatings that run a race of another length than the edition's, those alike said together."""
    shorter = [s for s in r.setups if s.race.miles != r.race.miles]
    if not shorter:
        return None
    alike: dict[tuple, list[int]] = {}  # setups running the same race, seated alike
    for s in shorter:
        alike.setdefault((s.race.miles, seating(s)), []).extend(s.players)
    lines: list = []
    for i, ((miles, seats), players) in enumerate(alike.items()):
        lines += (["; "] if i else []) + [Run(filled(_("with {players} players ({seating}) the race is {goal}"),
                                                     players=Numbers(tuple(players)), seating=seats,
                                                     goal=distance(miles, r.race.unit)))]
    return Para(filled(_("The distance changes with the number of players: {changes}. See the table of players "
                         "and sides."), changes=tuple(lines)))


def winning(r) -> Chapter:
    """The Winning section: reaching the goal wins at once; when the cards run out, the most miles win."""
    race, unit = r.race, r.race.unit
    goal = (_("The first side to reach exactly {goal} wins the race at once.") if race.is_distance and race.exact
            else _("The first side to reach {goal} wins the race at once.") if race.is_distance else
            _("The first side to complete every one of its mileage piles wins the race at once."))
    ending = (_("If the draw pile is empty and a reshuffle would bring back no cards, play on without drawing "
                "until every hand is empty. The side with the most km then wins; equal km make a tie.")
              if unit == "km" else
              _("If the draw pile is empty and a reshuffle would bring back no cards, play on without drawing "
                "until every hand is empty. The side with the most miles then wins; equal miles make a tie."))
    return Chapter(_("Winning"), "winning", (
        Para((goal.format(goal=distance(race.miles, unit)),)),
        Para((ending, Refs((r.ending.provenance,))))))


# the other sections' words ------------------------------------------------------------------------
def setup_piles(r) -> tuple:
    """The mileage piles each side keeps in front of it, for the setting up's list."""
    if r.race.is_distance:
        return (_("one distance pile, on which it lays its mileage cards of every value"),)
    return filled(_("one mileage pile for each of {cards}"), cards=NameList(tuple(p.card for p in r.race.piles)))


def mileage_play(r) -> tuple[str, str]:
    """Where a turn lays a mileage card, and the limit the race sets it, for a turn's options."""
    if r.race.is_distance:
        return _(" on your side's distance pile"), _("; never past the goal") if r.race.exact else ""
    return _(" on your side's pile of that card"), _("; a complete pile takes no more cards")


def pile_flags(r) -> tuple[Para, ...]:
    """The piles turned face down once complete, and those with a card laid crosswise, for a turn."""
    said = []
    face_down = [p.card for p in r.race.piles if p.face_down]
    if face_down:
        done = (_("Once the {cards} pile is complete, turn it face down to show that it is finished.")
                if len(face_down) == 1 else
                _("Once the {cards} piles are complete, turn them face down to show that they are finished."))
        said.append(Para(filled(done, cards=NameList(tuple(face_down)))))
    for pile in r.race.piles:
        if pile.tally:
            said.append(Para(filled(_("Lay the {rank} card of the {card} "
                                      "pile crosswise: it makes the pile quick to count."),
                                    rank=Run((Ordinal(pile.tally),)), card=Named(pile.card))))
    return tuple(said)


def counting(r) -> str:
    """How a side counts its distance, for the mileage cards."""
    if r.race.is_distance and r.race.unit == "km":
        return _("They all go on a side's distance pile, and a side counts its km by adding up their values.")
    if r.race.is_distance:
        return _("They all go on a side's distance pile, and a side counts its miles by adding up their values.")
    return _("Each kind goes on its own pile, and a side counts its miles by adding up its piles.")


def safe_piles(r) -> Para | None:
    """The piles penalties never take from, where something takes from piles (penalties, or speeding that
    costs all mileage: mechanics.zones)."""
    safe = tuple(p.card for p in r.race.piles if p.protected)
    if not safe or not (r.penalties or zone_words.speeding_costs_all(r)):
        return None
    return Para(filled(_("The {cards} piles are safe: penalties never take cards from them."), cards=NameList(safe)))


def _miles(r, name: str) -> int:
    """A mileage card's value (0 for a name the deck lacks)."""
    return next((card.miles or 0 for card in r.deck if card.name == name), 0)


# the rulebook's loops over CORE (RACE's stage methods) ----------------------------------------------
def mileage_chapter(r) -> Chapter | None:
    """The Mileage cards chapter of "The cards": their names and counting, the zones' limits on them (the
    zones' sentences: mechanics.zones), and the piles penalties never take from; None without mileage."""
    names = tuple(c.name for c in r.deck if c.kind == "mileage")
    if not names:
        return None
    blocks = [Para(filled(_("The mileage cards are {cards}. {counting}"), cards=NameList(names), counting=counting(r)))]
    blocks += [Para(limit) for limit in zone_words.mileage_limits(r)]
    safe = safe_piles(r)
    if safe is not None:
        blocks.append(safe)
    return Chapter(_("Mileage cards"), "mileage", tuple(blocks))


def mileage_role(r, card) -> tuple:
    """A mileage card's role in the equipment table: what it counts, and the zones it may be laid in."""
    return (_("counts {distance}").format(distance=distance(card.miles or 0, r.race.unit)),
            *zone_words.mileage_role(r, card))


def mileage_option(r) -> tuple:
    """A turn's mileage option: where it goes, while the go pile shows the go card, the zones' condition and
    the race's limit (one sentence, the race's, with the zones' words inside)."""
    where, limit = mileage_play(r)
    return filled(_("a mileage card,{where}, but only while your side's {go_pile} shows an undelayed "
                    "{go}{zone_condition}{limit}"), where=where, go_pile=GoPile(), go=GoCard(),
                  zone_condition=zone_words.mileage_condition(r), limit=limit)


def provenance_rows(r, slot: str) -> list[tuple[str, object]]:
    """The sources table's rows: the race and its piles ("race"), or the ending ("ending")."""
    if slot == "ending":
        return [(_("Winning and the end of the cards"), r.ending.provenance)]
    goal = f"{r.race.miles} {r.race.unit}" if language() == "en" else distance(r.race.miles, r.race.unit)
    return [(_("The race of {goal}").format(goal=goal), r.race.provenance)] + [
        (_("Piles") + ": " + p.card, p.provenance) for p in r.race.piles]
