"""Mechanics, penalties, the rulebook's words: the Penalties section and a house rule's changes to it.

Phrases (mechanics.phrases) from the compiled Ruleset, which rulebook/construct_words.py sets as text:
card names (Named, NameList) in the card style, counts (Count) spelt, the marks of a rule's assumptions
(Refs); figures in miles are plain text. An edition without penalties gets no words from here.
"""
from __future__ import annotations

from ...base.i18n import _, ngettext
from ...base.wording import distance_said as distance
from ..phrases import Chapter, Count, Grid, Named, NameList, Number, Para, Refs, Run, filled
from .words import hours_note


# the rulebook --------------------------------------------------------------------------------------
def section(r) -> Chapter | None:
    """The rulebook's Penalties section of ruleset r, or None without penalties."""
    p = r.penalties
    if p is None:
        return None
    unit = r.race.unit
    zones = [z.name for z in r.zones.zones]
    paid = (_("The penalty depends on the zone the victim is in, and it is paid only from the {piles} piles; the "
              "cards taken go to the discard pile.") if r.zones.scope == "side" else
            _("The penalty depends on the zone the table is in, and it is paid only from the {piles} piles; the "
              "cards taken go to the discard pile."))
    blocks: list = [Para((reach(r), " ", *filled(paid, piles=NameList(p.piles)), Refs((p.provenance,))))]
    if p.per_hour:
        rates: tuple = ()
        for i, (zone, miles) in enumerate(p.per_hour):
            rates += ((" " + _("and") + " ",) if i else ()) + filled(_("{distance} an hour in {zone}"),
                                                                      distance=distance(miles, unit), zone=Named(zone))
        blocks.append(Para(filled(_("The penalty is reckoned by the hour of delay: {rates}."), rates=rates)))
    cost = {(e.hazard, e.zone): e for e in p.table}
    stopping = {chain.hazard for chain in r.delays.chains}
    hazards = list(dict.fromkeys([c.name for c in r.deck if c.kind == "hazard" and c.name in stopping]
                                 + [e.hazard for e in p.table]))
    rows = []
    for hazard in hazards:
        marks = Refs(tuple(e.provenance for e in p.table if e.hazard == hazard))
        rows.append(((Named(hazard), marks),) + tuple(
            (distance(cost[(hazard, zone)].miles, unit) if (hazard, zone) in cost else _("nothing"),) for zone in zones))
    blocks.append(Grid((_("Hazard"),) + tuple(_("In {zone}").format(zone=z) for z in zones), tuple(rows),
                       numeric=tuple(range(1, len(zones) + 1))))
    blocks.append(Para(payment_rules(r)))
    return Chapter(_("Penalties"), "penalties", tuple(blocks))


def reach(r) -> str:
    """Whether every stopping hazard costs mileage in every zone, or only some do."""
    zones = [z.name for z in r.zones.zones] or [""]
    costed = {(e.hazard, e.zone) for e in r.penalties.table}
    if all((chain.hazard, z) in costed for chain in r.delays.chains for z in zones):
        return _("A hazard also costs its victim mileage.")
    return _("Some hazards also cost their victim mileage; the table shows which, and where.")


def payment_rules(r) -> tuple:
    """Who chooses the cards, how much must be taken, and whether a larger card may be."""
    p = r.penalties
    example = payment_example(r)
    said: list = [filled(_("The player who laid the hazard chooses which cards to take, in any mix that does not "
                           "exceed the penalty: {example}."), example=example) if example else
                  (_("The player who laid the hazard chooses which cards to take."),)]
    if p.forfeit == "full":
        said.append((_("The whole penalty must be taken if the victim's piles can pay it, and otherwise as much "
                       "of it as they can; taking less, or nothing, is not allowed while more could be taken."),))
    else:
        said.append((_("The attacker may also take less than the penalty, or nothing at all."),))
    said.append((_("The victim pays only what it has and never owes the rest."),))
    if not p.larger_card:
        said.append((_("A card worth more than what is still owed is never taken, so a small penalty against a "
                       "side holding only larger cards costs nothing."),))
    return tuple(part for i, sentence in enumerate(said) for part in (((" ",) if i else ()) + sentence))


def payment_example(r) -> tuple:
    """One penalty that can be paid in two ways, counting only cards a side's piles can hold (() if none)."""
    p = r.penalties
    values = {name: _card_miles(r, name) for name in p.piles}
    most = {name: max((pile.needs for s in r.setups for pile in s.race.piles if pile.card == name), default=0)
            for name in p.piles}
    order = sorted((name for name in p.piles if values[name]), key=lambda n: -values[n])
    for entry in sorted(p.table, key=lambda e: -e.miles):
        ways = mixes(order, values, most, entry.miles)
        if len(ways) >= 2:
            paid: tuple = ()
            for i, mix in enumerate(ways):
                paid += (_joiner(i, len(ways), " " + _("or with") + " "),) if i else ()
                for j, (name, n) in enumerate(mix):
                    paid += ((_joiner(j, len(mix), " " + _("and") + " "),) if j else ()) + (Run(filled(
                        ngettext("{n} {card} card", "{n} {card} cards", n), n=Number(n, feminine=True), card=name)),)
            return filled(_("a penalty of {distance} may be paid with {ways}"),
                          distance=distance(entry.miles, r.race.unit), ways=paid)
    return ()


def _joiner(i: int, count: int, last: str) -> str:
    """Between items of a list: ", " and, before the last, `last` ("a, b and c")."""
    return last if i == count - 1 else ", "


def _card_miles(r, name: str) -> int:
    try:
        return r.card(name).miles or 0
    except KeyError:
        return 0


def mixes(order: list[str], values: dict[str, int], most: dict[str, int], owed: int,
          ) -> list[tuple[tuple[str, int], ...]]:
    """Every way to pay exactly `owed` from piles holding at most `most` cards each, largest cards first."""
    if owed == 0:
        return [()]
    if not order:
        return []
    name, rest = order[0], order[1:]
    found = []
    for n in range(min(most[name], owed // values[name]), -1, -1):
        found += [((name, n),) + mix if n else mix for mix in mixes(rest, values, most, owed - n * values[name])]
    return found


def differences(old, new) -> list[tuple]:
    """A house rule's changes to its parent's penalties, for its "How this variant differs" section."""
    a, b = old.penalties, new.penalties
    if a is None and b is None:
        return []
    if a is None:
        costly = tuple(dict.fromkeys(e.hazard for e in b.table))
        return [(*filled(_("Adds penalties: {hazards} also cost the victim mileage, taken from the {piles} piles "
                           "(see Penalties)."), hazards=NameList(costly), piles=NameList(b.piles)),
                 Refs((b.provenance,)))]
    if b is None:
        return [(_("Hazards no longer cost any mileage."),)]
    if a.model_dump(exclude={"provenance"}) != b.model_dump(exclude={"provenance"}):
        return [(_("Changes the penalties (see Penalties)."), Refs((b.provenance,)))]
    return []


def hours(r) -> list[Para]:
    """The hours each timed hazard delays a side (the Hazards and remedies chapter), with what the penalties
    reckon by them (words.hours_note); none where no hazard is timed."""
    groups: dict[int, list[str]] = {}
    for card in r.deck:
        if card.kind == "hazard" and card.hours:
            groups.setdefault(card.hours, []).append(card.name)
    if not groups:
        return []
    parts: list = []
    for i, (h, names) in enumerate(groups.items()):
        each = (_("{cards} {hours}") if len(names) == 1 else _("{cards} {hours} each"))
        parts += (["; "] if i else []) + list(filled(each, cards=NameList(tuple(names)), hours=Run((Count(h, "hour"),))))
    return [Para((*filled(_("Delays are counted in hours: {delays}."), delays=tuple(parts)), hours_note(r)))]
