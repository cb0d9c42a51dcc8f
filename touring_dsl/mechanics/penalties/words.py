"""Mechanics, penalties, the plain words: the construct said for `touring show`, the differ, `touring new`'s
suggested house rule and the rulebook's plain sentences (its Penalties section is book.py)."""
from __future__ import annotations

from ...base.i18n import _

from ...base.wording import distance


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
    taken = "in full" if r.penalties.forfeit == "full" else "up to the forfeit, at the attacker's choice"
    return [f"Penalties, taken from {', '.join(r.penalties.piles)} ({taken}):"] + [
        f"  {p.hazard} in {p.zone}: {distance(p.miles, r.race.unit)}" for p in r.penalties.table]


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
    return f'"{name}"'


def _names(items) -> str:
    return ", ".join(_q(n) for n in items) if items else "nothing"


def _penalties(c) -> str:
    info = c.new if c.action == "added" else c.old
    rules = f"the {info['chooser']} takes cards from {_names(info['piles'])}"
    if info["per_hour"]:
        rules += "; per hour of delay: " + ", ".join(f"{distance(m, 'miles')} in {_q(z)}" for z, m in info["per_hour"])
    if not info["larger_card"]:
        rules += "; never a card worth more than what is owed"
    if info.get("forfeit") == "up-to":
        rules += "; the attacker may take less, or nothing"
    if c.action == "added":
        return f"The game now has penalties: a delay costs the victim mileage ({rules})"
    return f"The game has no penalties any more: delays cost no mileage (they did: {rules})"


def _per_hour(c) -> str:
    if c.action == "added":
        return f"In {_q(c.name)} each hour of delay costs {distance(c.new, 'miles')} (new)"
    if c.action == "removed":
        return f"In {_q(c.name)} hours of delay no longer cost mileage (each cost {distance(c.old, 'miles')})"
    return f"In {_q(c.name)} each hour of delay costs {distance(c.new, 'miles')} (was {c.old})"


def _penalty(c) -> str:
    hazard, zone = c.subject[1] or c.subject[0]
    where = f"{_q(hazard)} in {_q(zone)}"
    if c.action == "added":
        return f"{where} costs the victim {distance(c.new, 'miles')} (new)"
    if c.action == "removed":
        return f"{where} no longer costs mileage (it cost {distance(c.old, 'miles')})"
    return f"{where} costs the victim {distance(c.new, 'miles')} (was {c.old})"


def _larger(c) -> str:
    def said(v):
        if v is None:
            return "no penalties"
        return "a card worth more than the miles owed may be taken, with change" if v else \
            "a card worth more than the miles owed is never taken"
    return f"Penalties: {said(c.new)} (was: {said(c.old)})"


# `take the full forfeit` / `take up to the forfeit`, in the differ's words
FORFEIT = {"full": "taken in full, as far as the victim's piles allow",
           "up-to": "any part of the forfeit the attacker chooses, even nothing"}


# the differ's aspects -> a Change (diff.changes.Change) in one sentence
DIFF_WORDS = {
    "penalties": _penalties,
    "penalty-piles": lambda c: f"Penalties take cards from {_names(c.new)} (was {_names(c.old)})",
    "per-hour": _per_hour,
    "penalty": _penalty,
    "chooser": lambda c: f"The {c.new} chooses which cards a penalty takes (was the {c.old})",
    "larger-card": _larger,
    "forfeit": lambda c: f"A penalty is {FORFEIT[c.new]} (was {FORFEIT[c.old]})",
}
