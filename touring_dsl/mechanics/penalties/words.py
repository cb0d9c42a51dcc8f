"""Mechanics, penalties, the plain words: the construct said for `touring show`, the differ, `touring new`'s
suggested house rule and the rulebook's plain sentences (its Penalties section is book.py)."""
from __future__ import annotations

from ...base.i18n import _, pgettext
from ...base.wording import distance, distance_said, quoted, quoted_names


# the rulebook's list of sources -------------------------------------------------------------------
def provenance_rows(r) -> list[tuple[str, object]]:
    """The rules whose sources the rulebook lists: the section, then each price."""
    if not r.penalties:
        return []
    return [(_("Penalties"), r.penalties.provenance)] + [
        (_("Penalties: {hazard} in {zone}").format(hazard=e.hazard, zone=e.zone), e.provenance)
        for e in r.penalties.table]


# `touring new`: a house rule to try ----------------------------------------------------------------
def house_rule(r) -> tuple[str, tuple[str, ...]] | None:
    """A change of the penalties a new edition might try, commented out in its file: (what it does, the
    lines that do it). With penalties, a harsher price; without, a first price for the first stopping
    hazard in the last zone, the smallest mileage card's worth. None: nothing to suggest."""
    p = r.penalties
    if p is not None:
        if p.per_hour:
            zone, miles = p.per_hour[-1]
            return (f"Each hour of delay in {_q(zone)} costs {miles * 2} miles instead of {miles}.",
                    ("penalties {", f"    change per hour in {_q(zone)} take {miles * 2} miles", "}"))
        if p.table:
            entry = p.table[0]
            return (f"{_q(entry.hazard)} in {_q(entry.zone)} costs {entry.miles * 2} miles instead of "
                    f"{entry.miles}.", ("penalties {", f"    change when {_q(entry.hazard)} in "
                                        f"{_q(entry.zone)} take {entry.miles * 2} miles", "}"))
        return None
    zones = [z.name for z in r.zones.zones]
    piles = [pile for pile in r.race.piles if not pile.protected]
    hazards = [c.hazard for c in r.delays.chains]
    if not zones or not piles or not hazards:
        return None
    smallest = min(r.card(pile.card).miles or 0 for pile in piles)
    lines = ["add penalties {", "    take from " + ", ".join(_q(pile.card) for pile in piles),
             f"    when {_q(hazards[0])} in {_q(zones[-1])} take {smallest} miles",
             "    attacker chooses", "    never a larger card", "}"]
    return (f"Penalties: {_q(hazards[0])} in {_q(zones[-1])} costs the victim {distance(smallest, 'miles')}.",
            tuple(lines))


# the rulebook's delays section ---------------------------------------------------------------------
def hours_note(r) -> str:
    """What the rulebook adds after the hours of delay when the penalty is reckoned by them, else ""."""
    return " " + _("The hours set the size of the penalty.") if r.penalties and r.penalties.per_hour else ""


# `touring show` ------------------------------------------------------------------------------------
def show(r) -> list[str]:
    if not r.penalties:
        return []
    piles = ", ".join(r.penalties.piles)
    head = _("Penalties, taken from {piles} (in full):") if r.penalties.forfeit == "full" else \
        _("Penalties, taken from {piles} (up to the forfeit, at the attacker's choice):")
    return [head.format(piles=piles)] + [
        "  " + _("{hazard} in {zone}: {distance}").format(hazard=p.hazard, zone=p.zone,
                                                         distance=distance_said(p.miles, r.race.unit))
        for p in r.penalties.table]


# the differ ----------------------------------------------------------------------------------------
TOPIC = "penalties"


def compare(cmp) -> None:
    """Emit the changes from cmp.a's penalties to cmp.b's (cmp: diff.compare.Comparison; cmp.t reads A's
    card names in B's)."""
    a, b = cmp.a.penalties, cmp.b.penalties
    if a is None and b is None:
        return
    table = {"old": {(p.hazard, p.zone): p.miles for p in (a.table if a else ())},
             "new": {(p.hazard, p.zone): p.miles for p in (b.table if b else ())}}
    if a is None or b is None:
        # penalties brought in or dropped as a whole: one line for the rules, one per forfeit
        summary = _summary(a or b)
        cmp.emit(TOPIC, "added" if a is None else "removed", "penalties",
                 old=None if a is None else summary, new=summary if a is None else None)
    else:
        if sorted(cmp.ts(a.piles)) != sorted(b.piles):  # the order they are listed in means nothing
            cmp.emit(TOPIC, "changed", "penalty-piles", old=a.piles, new=b.piles)
        cmp.keyed(TOPIC, "per-hour", dict(a.per_hour), dict(b.per_hour), cmp.t)
        cmp.value(TOPIC, "chooser", a.chooser, b.chooser)
        cmp.value(TOPIC, "larger-card", a.larger_card, b.larger_card)
        cmp.value(TOPIC, "forfeit", a.forfeit, b.forfeit)
    cmp.keyed(TOPIC, "penalty", table["old"], table["new"], lambda k: (cmp.t(k[0]), cmp.t(k[1])))


def _summary(p) -> dict:
    return {"piles": list(p.piles), "per_hour": [list(x) for x in p.per_hour],
            "chooser": p.chooser, "larger_card": p.larger_card, "forfeit": p.forfeit}


def _q(name) -> str:
    return f'"{name}"'  # `touring new`'s suggestion, written into an edition file: English, as the files are


def _chooser(who: str) -> str:
    return {"attacker": pgettext("penalty chooser", "attacker")}.get(who, who)


def _miles(n: int) -> str:
    return distance_said(n, "miles")


def _penalties(c) -> str:
    info = c.new if c.action == "added" else c.old
    rules = _("the {chooser} takes cards from {piles}").format(chooser=_chooser(info["chooser"]),
                                                               piles=quoted_names(info["piles"]))
    if info["per_hour"]:
        rules += _("; per hour of delay: {costs}").format(costs=", ".join(
            _("{distance} in {zone}").format(distance=_miles(m), zone=quoted(z)) for z, m in info["per_hour"]))
    if not info["larger_card"]:
        rules += _("; never a card worth more than what is owed")
    if info.get("forfeit") == "up-to":
        rules += _("; the attacker may take less, or nothing")
    if c.action == "added":
        return _("The game now has penalties: a delay costs the victim mileage ({rules})").format(rules=rules)
    return _("The game has no penalties any more: delays cost no mileage (they did: {rules})").format(rules=rules)


def _per_hour(c) -> str:
    if c.action == "added":
        return _("In {zone} each hour of delay costs {distance} (new)").format(zone=quoted(c.name),
                                                                              distance=_miles(c.new))
    if c.action == "removed":
        return _("In {zone} hours of delay no longer cost mileage (each cost {distance})").format(
            zone=quoted(c.name), distance=_miles(c.old))
    return _("In {zone} each hour of delay costs {distance} (was {old})").format(zone=quoted(c.name),
                                                                                distance=_miles(c.new), old=c.old)


def _penalty(c) -> str:
    hazard, zone = c.subject[1] or c.subject[0]
    if c.action == "added":
        said = _("{hazard} in {zone} costs the victim {distance} (new)")
    elif c.action == "removed":
        said = _("{hazard} in {zone} no longer costs mileage (it cost {distance})")
    else:
        said = _("{hazard} in {zone} costs the victim {distance} (was {old})")
    return said.format(hazard=quoted(hazard), zone=quoted(zone),
                       distance=_miles(c.old if c.action == "removed" else c.new), old=c.old)


def _larger(c) -> str:
    def said(v):
        if v is None:
            return _("no penalties")
        return _("a card worth more than the miles owed may be taken, with change") if v else \
            _("a card worth more than the miles owed is never taken")
    return _("Penalties: {new} (was: {old})").format(new=said(c.new), old=said(c.old))


def _forfeit(forfeit: str) -> str:
    """`take the full forfeit` / `take up to the forfeit`, in the differ's words."""
    return {"full": _("taken in full, as far as the victim's piles allow"),
            "up-to": _("any part of the forfeit the attacker chooses, even nothing")}[forfeit]


# the differ's aspects -> a Change (diff.changes.Change) in one sentence
DIFF_WORDS = {
    "penalties": _penalties,
    "penalty-piles": lambda c: _("Penalties take cards from {new} (was {old})").format(
        new=quoted_names(c.new), old=quoted_names(c.old)),
    "per-hour": _per_hour,
    "penalty": _penalty,
    "chooser": lambda c: _("The {new} chooses which cards a penalty takes (was the {old})").format(
        new=_chooser(c.new), old=_chooser(c.old)),
    "larger-card": _larger,
    "forfeit": lambda c: _("A penalty is {new} (was {old})").format(new=_forfeit(c.new), old=_forfeit(c.old)),
}
