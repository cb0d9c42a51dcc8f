"""Rulebook stage, provenance: which source each rule comes from, and every editorial assumption.

The rows are a loop over mechanics.core.CORE in ORDER["provenance_rows"] (each construct's
`provenance_rows`), with the rulebook's own (the cards, the seatings, the mechanics, the piles' names, the
notes, the examples) in their slots."""
from __future__ import annotations

from ..base.i18n import _, pgettext

from ..mechanics import REGISTERED, core
from ..language.model import Assumption, Provenance, Ruleset
from .words import join
from .blocks import Assumed, Block, Bullets, Paragraph, Ref, Section, Table, Text, text


def mergeable() -> set[str]:
    """Kinds of rows that may share one line of the table when they cite the same sections: the rulebook's
    own, and each construct's (its `provenance_kinds`)."""
    return {_("Cards"), _("Seating"), _("Worked examples"),
            *(kind_read(kind) for c in core.CORE for kind in c.provenance_kinds)}


def kind_read(kind: str) -> str:
    """A construct's kind of sources row ("Piles", its provenance_kinds) as its rows say it, in the reader's
    language."""
    return {"Piles": _("Piles"), "Recovery": _("Recovery"), "Scores": _("Scores"),
            "Zones": pgettext("sources", "Zones"), "Who may play": _("Who may play")}.get(kind, kind)


def rule_provenances(r: Ruleset) -> list[tuple[str, Provenance]]:
    """Every rule of the ruleset with a label in words, in the order a reader meets them: each construct's
    rows and the rulebook's own, in core.ORDER["provenance_rows"]."""
    own = {"cards": lambda r, slot: _grouped_cards(r),
           "setups": lambda r, slot: [(_("Seating") + ": " + s.label, s.provenance) for s in r.setups],
           "mechanics": lambda r, slot: mechanic_provenances(r, ("race", "ruleset")),
           "match mechanics": lambda r, slot: mechanic_provenances(r, ("match",)),  # beside the match
           "pile names": lambda r, slot: ([(_("The piles' names"), r.pile_names.provenance)]
                                          if r.pile_names.go or r.pile_names.zone or r.pile_names.counter else []),
           "notes": lambda r, slot: [(_("Note “{note}”").format(note=_shorten(note)), prov) for note, prov in r.notes],
           "history": lambda r, slot: [(_("History “{fact}”").format(fact=_shorten(fact.text)), fact.provenance)
                                       for fact in r.history],
           "examples": lambda r, slot: [(_("Worked examples") + f": {i + 1}", e.provenance)
                                        for i, e in enumerate(r.examples)]}
    rows = [row for slot, step in core.steps("provenance_rows", own) for row in step(r, slot)]
    return _merged([(label, prov) for label, prov in rows if prov.cites or prov.assumptions])


def mechanic_provenances(r: Ruleset, places: tuple[str, ...]) -> list[tuple[str, Provenance]]:
    """Each part of a mechanic of these places (touring_dsl.mechanics): the ruleset's own, and each setup's race's."""
    rows = []
    for mechanic in REGISTERED:
        if mechanic.place not in places:
            continue
        label = mechanic.title()
        part = getattr(r.mechanics, mechanic.name, None) if mechanic.place != "race" else None
        if part is not None:
            rows.append((label, part.provenance))
        for s in r.setups if mechanic.place == "race" else ():
            part = getattr(s.race.mechanics, mechanic.name, None)
            if part is not None:
                rows.append((f"{label}: {s.label}", part.provenance))
    return rows


def _merged(rows: list[tuple[str, Provenance]]) -> list[tuple[str, Provenance]]:
    """Rows of one kind ('Piles: ...') resting on the same citations become one row listing them all."""
    merged: list[tuple[str, list[str], Provenance]] = []
    kinds = mergeable()
    for label, prov in rows:
        head, _, item = label.partition(": ")
        if head not in kinds:
            head, item = label, ""
        key = (prov.cites, prov.assumptions)
        for kind, items, seen in merged:
            if item and kind == head and (seen.cites, seen.assumptions) == key:
                items.append(item)
                break
        else:
            merged.append((head if item else label, [item] if item else [], prov))
    return [(f"{kind}: {join(items)}" if items else kind, prov) for kind, items, prov in merged]


def _grouped_cards(r: Ruleset) -> list[tuple[str, Provenance]]:
    """Cards citing the same sections share a row, so the pack does not fill the table."""
    groups: dict[tuple, list] = {}
    for card in r.deck:
        key = (card.provenance.cites, card.provenance.assumptions)
        groups.setdefault(key, []).append(card)
    rows = []
    for (cites, assumptions), cards in groups.items():
        names = ", ".join(c.name for c in cards)
        rows.append((_("Cards") + ": " + names, Provenance(cites=cites, assumptions=assumptions)))
    return rows


def _shorten(note: str, limit: int = 7) -> str:
    words = note.rstrip(".").split()
    return " ".join(words[:limit]) + (" ..." if len(words) > limit else "")


def provenance_section(r: Ruleset, numbers: dict[Assumption, int], computer_play: Text = ()) -> Section:
    source_keys = {s.id: f"S{i + 1}" for i, s in enumerate(r.sources)}
    blocks: list[Block] = [Paragraph(text(_(
        "These rules are kept as data and printed from it. Every rule rests on one of the sources below. "
        "Where the sources are silent or unclear, the editors made a decision; each such assumption is "
        "marked in the text, like [A1], and set out at the end of this section.")))]
    blocks.append(Bullets(tuple(_source_line(s, source_keys[s.id]) for s in r.sources)))
    rows = []
    first_label: dict[Assumption, str] = {}
    for label, prov in rule_provenances(r):
        cites = _cite_text(prov, source_keys)
        marks = tuple(Ref(numbers[a]) for a in prov.assumptions if a in numbers)
        for a in prov.assumptions:
            first_label.setdefault(a, label)
        rows.append((text(label), text(cites or _("editorial decision")), marks or text("")))
    blocks.append(Table((_("Rule"), _("Source, section"), _("Assumed")), tuple(rows)))
    outside = {s.id: s.document for s in r.sources}
    for assumption, number in numbers.items():
        basis = outside.get(assumption.based_on or "", "") if assumption.based_on else ""
        blocks.append(Assumed(number=number, body=text(assumption.text.rstrip(".") + "."),
                              reason=assumption.reason, applies_to=first_label.get(assumption, ""), basis=basis))
    if computer_play:
        blocks.append(Paragraph(computer_play))
    return Section(_("Sources and assumptions"), "sources", tuple(blocks))


def _cite_text(prov: Provenance, source_keys: dict[str, str]) -> str:
    """'S1: Playing; The cards' (sections grouped by source); a source cited by name alone is just 'S2'."""
    by_source: dict[str, list[str]] = {}
    for cite in prov.cites:
        sections = by_source.setdefault(source_keys.get(cite.source, cite.source), [])
        if cite.section:
            sections.append(cite.section)
    return "; ".join(f"{key}: {'; '.join(dict.fromkeys(sections))}" if sections else key
                     for key, sections in by_source.items())


def _source_line(source, key: str) -> Text:
    if source.outside:
        return text(_("{key}: {document}, from outside the rule sheets. {description}").format(
            key=key, document=source.document, description=source.description))
    return text(_("{key}: {description} (file {document}).").format(key=key, description=source.description,
                                                                   document=source.document))
