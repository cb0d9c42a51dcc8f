"""Mechanics, penalties, the rulebook's words: the Penalties section and a house rule's changes to it.

Phrases (mechanics.phrases) from the compiled Ruleset, which rulebook/construct_words.py sets as text:
card names (Named, NameList) in the card style, counts (Count) spelt, the marks of a rule's assumptions
(Refs); figures in miles are plain text. An edition without penalties gets no words from here.
"""
from __future__ import annotations

from ...base.wording import distance
from ..phrases import Chapter, Count, Grid, Named, NameList, Para, Refs, Run
from .words import hours_note


# the rulebook --------------------------------------------------------------------------------------
def section(r) -> Chapter | None:
    """The rulebook's Penalties section of ruleset r, or None without penalties."""
    p = r.penalties
    if p is None:
        return None
    unit = r.race.unit
    zones = [z.name for z in r.zones.zones]
    whose = "the zone the victim is in" if r.zones.scope == "side" else "the zone the table is in"
    blocks: list = [Para((reach(r), " The penalty depends on ", whose, ", and it is paid only from the ",
                          NameList(p.piles), " piles; the cards taken go to the discard pile.", Refs((p.provenance,))))]
    if p.per_hour:
        rates: list = []
        for i, (zone, miles) in enumerate(p.per_hour):
            rates += ([" and "] if i else []) + [f"{distance(miles, unit)} an hour in ", Named(zone)]
        blocks.append(Para(("The penalty is reckoned by the hour of delay: ", *rates, ".")))
    cost = {(e.hazard, e.zone): e for e in p.table}
    stopping = {chain.hazard for chain in r.delays.chains}
    hazards = list(dict.fromkeys([c.name for c in r.deck if c.kind == "hazard" and c.name in stopping]
                                 + [e.hazard for e in p.table]))
    rows = []
    for hazard in hazards:
        marks = Refs(tuple(e.provenance for e in p.table if e.hazard == hazard))
        rows.append(((Named(hazard), marks),) + tuple(
            (distance(cost[(hazard, zone)].miles, unit) if (hazard, zone) in cost else "nothing",) for zone in zones))
    blocks.append(Grid(("Hazard",) + tuple(f"In {z}" for z in zones), tuple(rows),
                       numeric=tuple(range(1, len(zones) + 1))))
    blocks.append(Para(payment_rules(r)))
    return Chapter("Penalties", "penalties", tuple(blocks))


def reach(r) -> str:
    """Whether every stopping hazard costs mileage in every zone, or only some do."""
    zones = [z.name for z in r.zones.zones] or [""]
    costed = {(e.hazard, e.zone) for e in r.penalties.table}
    if all((chain.hazard, z) in costed for chain in r.delays.chains for z in zones):
        return "A hazard also costs its victim mileage."
    return "Some hazards also cost their victim mileage; the table shows which, and where."


def payment_rules(r) -> tuple:
    """Who chooses the cards, how much must be taken, and whether a larger card may be."""
    p = r.penalties
    said: list = ["The player who laid the hazard chooses which cards to take"]
    example = payment_example(r)
    if example:
        said[0] = (said[0], ", in any mix that does not exceed the penalty: ", *example)
    if p.forfeit == "full":
        said.append("The whole penalty must be taken if the victim's piles can pay it, and otherwise as much "
                    "of it as they can; taking less, or nothing, is not allowed while more could be taken")
    else:
        said.append("The attacker may also take less than the penalty, or nothing at all")
    said.append("The victim pays only what it has and never owes the rest")
    if not p.larger_card:
        said.append("A card worth more than what is still owed is never taken, so a small penalty against a "
                    "side holding only larger cards costs nothing")
    parts: list = []
    for i, sentence in enumerate(said):
        parts += ([". "] if i else []) + (list(sentence) if isinstance(sentence, tuple) else [sentence])
    return (*parts, ".")


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
            parts: list = [f"a penalty of {distance(entry.miles, r.race.unit)} may be paid with "]
            for i, mix in enumerate(ways):
                parts += [_joiner(i, len(ways), " or with ")] if i else []
                for j, (name, n) in enumerate(mix):
                    parts += ([_joiner(j, len(mix), " and ")] if j else []) + [Count(n, f"{name} card")]
            return tuple(parts)
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
        return [("Adds penalties: ", NameList(costly), " also cost the victim mileage, taken from the ",
                 NameList(b.piles), " piles (see Penalties).", Refs((b.provenance,)))]
    if b is None:
        return [("Hazards no longer cost any mileage.",)]
    if a.model_dump(exclude={"provenance"}) != b.model_dump(exclude={"provenance"}):
        return [("Changes the penalties (see Penalties).", Refs((b.provenance,)))]
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
        parts += (["; "] if i else []) + [NameList(tuple(names)), Run((" ", Count(h, "hour"), "" if len(names) == 1 else " each"))]
    return [Para(("Delays are counted in hours: ", *parts, ".", hours_note(r)))]
