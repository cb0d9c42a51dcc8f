"""Rulebook stage, variants: what an edition that extends another changes from its parent, in words.

The list is a loop over mechanics.core.CORE in ORDER["variant_lines"] (each construct's `variant_lines`,
phrases), with the rulebook's own comparisons (the deck, the race, the seatings, the mechanics, the notes,
the examples) in their slots; an added or changed card's words ask `new_card` and `card_change`."""
from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

from ..base.i18n import _, language, ngettext, pgettext
from ..mechanics.phrases import filled
from .construct_words import phrase
from ..mechanics.effects import by_name, effects_of
from ..language.model import Ruleset
from ..mechanics import REGISTERED, core
from . import words as w
from .blocks import Bullets, CardName, Paragraph, Section, Text, counted_cards, text


def variant_section(r: Ruleset, parent: Ruleset | None, refs: Callable[..., Text]) -> Section | None:
    if not r.parent:
        return None
    name = _edition_name(parent) if parent else r.parent
    blocks = [Paragraph(text(_("This edition is a variant of {name}. Everything not listed here is played as "
                               "in that edition.").format(name=name)))]
    changes = differences(parent, r, refs) if parent else []
    if changes:
        blocks.append(Paragraph(text(_edit_count(r) + _("What it changes, in short:"))))
        blocks.append(Bullets(tuple(changes)))
    elif r.changes:
        made = w.counted(len(r.changes), "change")
        blocks.append(Paragraph(text(_("Its file records {changes}, but they leave the rules as they were.").format(
            changes=made))))
    return Section(_("How this variant differs"), "variant", tuple(blocks))


def _edit_count(r: Ruleset) -> str:
    """'Its file adds seven rules and changes one. ' from the variant's own list of edits."""
    counts = {op: sum(1 for c in r.changes if c.op == op) for op in ("add", "change", "remove")}
    said = [_edit(op, n, first=i == 0) for i, (op, n) in enumerate((op, n) for op, n in counts.items() if n)]
    return _("Its file {edits}.").format(edits=w.join(said)) + " " if said else ""


def _edit(op: str, n: int, first: bool) -> str:
    """One kind of edit counted: "adds seven rules" (the first of the list), then "changes one"."""
    if first:
        return {"add": ngettext("adds {n} rule", "adds {n} rules", n),
                "change": ngettext("changes {n} rule", "changes {n} rules", n),
                "remove": ngettext("removes {n} rule", "removes {n} rules", n)}[op].format(
                    n=w.number(n, feminine=True))
    return {"add": _("adds {n}"), "change": _("changes {n}"), "remove": _("removes {n}")}[op].format(
        n=w.number(n, feminine=True))


def _edition_name(r: Ruleset) -> str:
    head = r.title + (f": {r.subtitle}" if r.subtitle else "")
    return f"{head} ({r.year})" if r.year else head


def differences(old: Ruleset, new: Ruleset, refs: Callable[..., Text]) -> list[Text]:
    """Each change, in core.ORDER["variant_lines"]: each construct's (phrases, set here with their marks) and
    the rulebook's own (the deck, the race, the seatings, the mechanics, the notes, the examples)."""
    own = {"deck": _deck, "race": _race, "setups": _setups, "mechanics": _mechanics, "notes": _notes,
           "examples": _examples}
    marks = SimpleNamespace(refs=refs)  # the only part of a writer these phrases need
    found: list[Text] = []
    for slot, step in core.steps("variant_lines", {slot: _own(compare, refs) for slot, compare in own.items()}):
        found += [phrase(said, marks) for said in step(old, new, slot)]  # (the rulebook's own are text already)
    return found


def _own(compare, refs):
    """One of the rulebook's own comparisons, called as a construct's variant_lines (old, new, slot)."""
    return lambda old, new, slot: compare(old, new, refs)


def _deck(old: Ruleset, new: Ruleset, refs) -> list[Text]:
    before = {c.name: c for c in old.deck}
    after = {c.name: c for c in new.deck}
    said = []
    for name, card in after.items():
        if name not in before:
            # its kind's word and what more it says: a hazard's effect's, or a construct's (core.ORDER["new_card"])
            own = {"effects": lambda r, c: (("hazard card", filled(_(" that {role}"), role=effects_of(r)[c.name].role(c)))
                                            if c.kind == "hazard" else None)}
            role, extra = core.first_said("new_card", new, card, own=own) or (f"{card.kind} card", ())
            extra = phrase(extra)
            said.append(text(*filled(ngettext("Adds {n} {card} card, a {role}{extra}.",
                                              "Adds {n} {card} cards, a {role}{extra}.", card.count),
                                     n=w.number(card.count, feminine=True), card=CardName(name),
                                     role=_card_role(role), extra=extra), refs(card.provenance)))
        elif card != before[name] and card.model_dump(exclude={"provenance"}) != \
                before[name].model_dump(exclude={"provenance"}):
            was = before[name]
            if was.count != card.count:
                said.append(text(*filled(_("The pack holds {card} {n} times instead of {was}."), card=CardName(name),
                                         n=w.number(card.count), was=w.number(was.count)), refs(card.provenance)))
            else:
                said.append(text(_card_change(was, card), refs(card.provenance)))
    for name in before:
        if name not in after:
            said.append(filled(_("Leaves {card} out of the pack."), card=CardName(name)))
    return said


def _card_role(role: str) -> str:
    """A new card's kind in words ("safety card"), in the reader's language."""
    if language() == "en":
        return role
    return {"mileage card": pgettext("new card", "mileage card"), "go card": pgettext("new card", "go card"),
            "remedy card": pgettext("new card", "remedy card"), "hazard card": pgettext("new card", "hazard card"),
            "zone card": pgettext("new card", "zone card"), "safety card": pgettext("new card", "safety card"),
            "counter card": pgettext("new card", "counter card")}.get(role, role)


def _card_change(was, card) -> Text:
    """What changed of a card that stays: the first of core.ORDER["card_change"] that says (the hours, what it
    takes, its effect, a construct's), else that it changed."""
    said = core.first_said("card_change", was, card, own=_CARD_CHANGES)
    return phrase(said) if said is not None else filled(_("Changes what {card} does."), card=CardName(card.name))


_CARD_CHANGES = {
    "hours": lambda was, card: (filled(_("{card} now delays {hours} (it was {was})."), card=CardName(card.name),
                                       hours=w.hours(card.hours), was=w.hours(was.hours or 0))
                                if was.hours != card.hours and card.hours else None),
    "removes": lambda was, card: (filled(_("{card} now takes a {removed}."), card=CardName(card.name),
                                         removed=CardName(card.removes))
                                  if was.removes != card.removes and card.removes else None),
    # a hazard effect named by its own attribute (mechanics.effects)
    "effects": lambda was, card: (filled(_("{card} now {does}."), card=CardName(card.name),
                                         does=phrase(by_name(card.effect).role(card)))
                                  if was.effect != card.effect and card.effect else None),
    "miles": lambda was, card: (filled(_("{card} now counts {distance}."), card=CardName(card.name),
                                       distance=w.miles(card.miles or 0))
                                if was.miles != card.miles else None),
}


def _race(old: Ruleset, new: Ruleset, refs) -> list[Text]:
    if old.race.model_dump(exclude={"provenance"}) == new.race.model_dump(exclude={"provenance"}):
        return []
    piles = counted_cards(((p.card, p.needs) for p in new.race.piles), "and", w.number)
    return [text(*filled(_("The race is {goal} (it was {was}), run by completing {piles}."),
                         goal=w.miles(new.race.miles, new.race.unit), was=w.miles(old.race.miles, old.race.unit),
                         piles=piles), refs(new.race.provenance))]


def _setups(old: Ruleset, new: Ruleset, refs) -> list[Text]:
    before = {s.label: s for s in old.setups}
    said = []
    for s in new.setups:
        was = before.pop(s.label, None)
        who = w.players_phrase(s.players)
        if was is None:
            said.append(text(_("Adds a way to seat {players} players ({label}).").format(players=who, label=s.label),
                             refs(s.provenance)))
            continue
        if was.model_dump(exclude={"provenance", "race"}) != s.model_dump(exclude={"provenance", "race"}):
            said.append(text(_("Changes the seating or the pack for {players} players ({label}).").format(
                players=who, label=s.label), refs(s.provenance)))
        follows_main_race = was.race == old.race and s.race == new.race
        if was.race.miles != s.race.miles and not follows_main_race:
            said.append(text(_("With {players} players the race is now {goal} (it was {was}).").format(
                players=who, goal=w.miles(s.race.miles, new.race.unit), was=w.miles(was.race.miles, new.race.unit)),
                refs(s.provenance)))
    said += [text(_("Drops the seating for {players} players ({label}).").format(
        players=w.players_phrase(s.players), label=s.label)) for s in before.values()]
    return said


def _mechanics(old: Ruleset, new: Ruleset, refs) -> list[Text]:
    """Each mechanic the variant adds, drops or changes, in its own diff words (touring_dsl.mechanics): the
    ruleset's and the match's once, a race's for the seatings it differs in (those alike said together)."""
    unit, said = new.race.unit, []
    for mechanic in REGISTERED:
        if mechanic.place != "race":
            was, part = getattr(old.mechanics, mechanic.name, None), getattr(new.mechanics, mechanic.name, None)
            said += [text(_sentence(line), refs(part.provenance) if part is not None else ())
                     for line in mechanic.variant_lines(was, part, unit)]
            continue
        before = {s.label: getattr(s.race.mechanics, mechanic.name, None) for s in old.setups}
        alike: dict[tuple[str, ...], tuple[list[int], list]] = {}  # the same words -> players, provenances
        for s in new.setups:
            part = getattr(s.race.mechanics, mechanic.name, None)
            lines = tuple(mechanic.variant_lines(before.get(s.label), part, unit)) if s.label in before or part else ()
            if lines:
                players, provenances = alike.setdefault(lines, ([], []))
                players.extend(s.players)
                provenances += [part.provenance] if part is not None else []
        for lines, (players, provenances) in alike.items():
            some = len(alike) > 1 or len(players) < sum(len(s.players) for s in new.setups)
            who = w.players_phrase(tuple(sorted(set(players))))
            said += [text(_("With {players} players: {change}.").format(players=who, change=line) if some else
                          _sentence(line), refs(*provenances)) for line in lines]
    return said


def _sentence(line: str) -> str:
    """A mechanic's diff words ("hazards stack ... (was: ...)") as a sentence of the list."""
    return line[:1].upper() + line[1:] + ("" if line.endswith(".") else ".")


def _notes(old: Ruleset, new: Ruleset, refs) -> list[Text]:
    before = {note for note, _ in old.notes}
    added = [(note, prov) for note, prov in new.notes if note not in before]
    return [text(_("Adds a note: {note}").format(note=note), refs(prov)) for note, prov in added]


def _examples(old: Ruleset, new: Ruleset, refs) -> list[Text]:
    before = {e.title for e in old.examples}
    added = [e for e in new.examples if e.title not in before]
    if not added:
        return []
    return [text(_("Comes with worked examples of its own, given below."))]


__all__ = ["variant_section", "differences"]
