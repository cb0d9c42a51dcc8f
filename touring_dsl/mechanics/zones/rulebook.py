"""Mechanics, zones, the rulebook's words: the Zones section, and what the other sections say of zones
(the equipment table's roles, setting up, the players' piles, a turn's options, the mileage cards' limits).

Phrases (mechanics.phrases) from the compiled Ruleset: rulebook/document.py sets them as text, in the
order its sections ask for them. An edition without zones gets no words from here.
"""
from __future__ import annotations

from ...base.i18n import _, pgettext
from ..phrases import Chapter, GoCard, GoPile, Grid, MileageList, Named, NameList, Para, Refs, filled


def zone_pile(ruleset) -> str:
    """The pile a side's zone cards are laid on: the name the edition gives it, else "zone pile"."""
    return ruleset.pile_names.zone or _("zone pile")


def per_side(ruleset) -> bool:
    """Whether the edition has zones, each side its own."""
    return bool(ruleset.zones.zones) and ruleset.zones.scope == "side"


def zone_cards(ruleset) -> tuple[str, ...]:
    return tuple(c.name for c in ruleset.deck if c.kind == "zone")


def restricted_mileage(ruleset) -> dict[str, list[str]]:
    """Mileage cards some zone forbids -> the zones that allow them."""
    allows = {z.name: z.allows for z in ruleset.zones.zones}
    found: dict[str, list[str]] = {}
    for name in (c.name for c in ruleset.deck if c.kind == "mileage"):
        zones = [z for z, ok in allows.items() if name in ok]
        if allows and len(zones) < len(allows):
            found[name] = zones
    return found


# the other sections' words ------------------------------------------------------------------------
def hindrance(ruleset) -> str | None:
    """How zones hinder the other sides, for the object of the game."""
    return _("by keeping them to low speeds") if ruleset.zones.zones else None


def mileage_role(ruleset, card) -> tuple:
    """What the equipment table adds to a mileage card's role: where it may be laid ("; only in ...")."""
    zones = restricted_mileage(ruleset).get(card.name)
    if not zones:
        return ()
    limit = _("; only in {zones}") if ruleset.zones.speeding == "forbidden" else _("; speeding outside {zones}")
    return filled(limit, zones=NameList(tuple(zones), "or"))


def zone_role(ruleset, card) -> tuple:
    """A zone card's role in the equipment table."""
    allows = next((z.allows for z in ruleset.zones.zones if z.name == card.name), ())
    return filled(_("allows {mileage}"), mileage=MileageList(allows))


def setup_pile(ruleset) -> tuple | None:
    """The pile each side keeps for its zone cards (zones per side), for the setting up's list."""
    if not per_side(ruleset):
        return None
    return filled(_("a {zone_pile} for its {cards} cards"), zone_pile=zone_pile(ruleset),
                  cards=NameList(zone_cards(ruleset)))


def setup_start(ruleset) -> Para | None:
    """Where the race starts, for the setting up."""
    z = ruleset.zones
    if not z.zones:
        return None
    refs = Refs((z.provenance, z.start_provenance))
    if z.scope == "side":
        return Para((*filled(_("Every side starts the race in {zone} without laying a card for it."),
                             zone=Named(z.start)), refs))
    return Para((*filled(_("Zone cards, whoever plays them, go on one shared {zone_pile} beside the draw pile. "
                           "The whole table starts the race in {zone}; nobody lays a card for it."),
                         zone_pile=zone_pile(ruleset), zone=Named(z.start)), refs))


def partners_pile(ruleset) -> str:
    """The zone pile partners share (", one zone pile"), or "" without zones per side."""
    return _(", one {zone_pile}").format(zone_pile=zone_pile(ruleset)) if per_side(ruleset) else ""


def mileage_condition(ruleset) -> str:
    """What a turn's mileage option adds: the zone must allow the card."""
    return _(" and its zone allows the card") if ruleset.zones.zones else ""


def play_option(ruleset) -> tuple | None:
    """Playing a zone card, among a turn's options."""
    if not ruleset.zones.zones:
        return None
    return filled(_("a zone card ({cards}), as explained under Zones"), cards=NameList(zone_cards(ruleset), "or"))


def mileage_limits(ruleset) -> list[tuple]:
    """The mileage cards section's paragraphs on where some mileage is within the limit: a flat ban, or
    speeding that the Zones section prices (one per set of zones that allow the same cards)."""
    by_zones: dict[tuple[str, ...], list[str]] = {}
    for name, zones in restricted_mileage(ruleset).items():
        by_zones.setdefault(tuple(zones), []).append(name)
    said = []
    for zones, limited in by_zones.items():
        if ruleset.zones.speeding == "forbidden":
            said.append(filled(_("{cards} may be laid only in {zones}."), cards=NameList(tuple(limited)),
                               zones=NameList(zones, "or")))
            continue
        one = len(limited) == 1
        said.append(filled(_("{cards} keeps within the speed limit only in {zones}. Laid anywhere else, it is "
                             "speeding, and the Zones section says what that costs.") if one else
                           _("{cards} keep within the speed limit only in {zones}. Laid anywhere else, they are "
                             "speeding, and the Zones section says what that costs."),
                           cards=NameList(tuple(limited)), zones=NameList(zones, "or")))
    return said


def speeding_costs_all(ruleset) -> bool:
    """Whether speeding takes a side's mileage piles (so a protected pile's safety is worth saying)."""
    return ruleset.zones.speeding == "forfeit-all"


# the Zones section --------------------------------------------------------------------------------
def section(ruleset) -> Chapter | None:
    z = ruleset.zones
    if not z.zones:
        return None
    refs = Refs((z.provenance, z.start_provenance))
    if z.scope == "side":
        intro = (*filled(_("Each side has its own zone, set by the top card of its {zone_pile}. A side that has "
                           "no zone card yet is in {zone}."), zone_pile=zone_pile(ruleset), zone=Named(z.start)),
                 refs)
    else:
        intro = (*filled(_("One zone governs the whole table at once: the zone card on top of the shared zone "
                           "pile sets the speed for every side, whoever played it. The race begins in {zone} "
                           "before any zone card is played."), zone=Named(z.start)), refs)
    rows = []
    plays = {p.card: p for p in z.plays}
    for zone in z.zones:
        play = plays.get(zone.name)
        where = reach(z, play.reach) if play else "-"
        rows.append(((Named(zone.name),), (MileageList(zone.allows),),
                     (where, Refs((play.provenance,))) if play else (where,)))
    blocks = [Para(intro), Grid((_("Zone"), _("Mileage allowed"), _("Played")), tuple(rows))]
    if z.change_only:
        said = (_("A zone card may be laid on a side only when that side is in a different zone.")
                if z.scope == "side" else _("A zone card may be played only when it changes the zone."))
    else:
        said = (_("A zone card may be laid even on a side already in that zone; it then changes nothing.")
                if z.scope == "side" else
                _("A zone card may be played even when that zone already governs; it then changes nothing."))
    blocks.append(Para((said, Refs((z.change_provenance,)))))
    if "zone" in ruleset.turn.before_go:
        blocks.append(Para((_("Zone cards may be played on any turn, even by a side that is "
                              "stopped or has not yet started."),)))
    blocks.append(Para((*speeding(z), Refs((z.speeding_provenance,)))))
    return Chapter(_("Zones"), "zones", tuple(blocks))


def reach(zones, where: str) -> str:
    if zones.scope == "game":
        return _("by any player, for the whole table")
    return {"own": _("on your own side"), "opponent": _("on an opponent's side"),
            "any": _("on your own side or an opponent's")}[where]


def speeding(zones) -> tuple:
    """What laying a mileage card the zone does not allow does."""
    if zones.speeding == "forbidden":
        return (_("A mileage card that the zone does not allow simply cannot be laid."),)
    if zones.speeding == "forfeit-card":
        return (_("Laying a mileage card that the zone does not allow is speeding: the card is lost to "
                  "the discard pile and counts for nothing."),)
    return filled(_("Speeding is punished hard. A side that lays a mileage card its zone does not allow loses "
                    "that card, every mileage card it has laid (safe piles included) and its whole {go_pile}; "
                    "all of it goes to the discard pile, and the side must start again with a fresh {go}."),
                  go_pile=GoPile(), go=GoCard())


# a variant's differences from its parent ("How this variant differs") ----------------------------
def variant_speeding(how: str) -> str:
    return {"forbidden": _("a card the zone does not allow cannot be laid"),
            "forfeit-card": _("speeding costs the card laid"),
            "forfeit-all": _("speeding costs every mileage card laid")}[how]


def variant_reach(where: str) -> str:
    return {"own": _("on one's own side"), "opponent": _("on an opponent's side"), "any": _("on any side")}[where]


def differences(old, new) -> list[tuple]:
    """What the variant `new` changes in the zones of its parent `old`, one phrase per change."""
    a, b = old.zones, new.zones
    said = []
    if a.scope != b.scope:
        said.append((_("Zones now govern each side separately.") if b.scope == "side"
                     else _("Zones now govern the whole table at once."),))
    if a.start != b.start and b.start:
        said.append(filled(_("The race starts in {zone}."), zone=Named(b.start)))
    if a.speeding != b.speeding:
        said.append((_("Speeding: in the parent edition {old}; here {new}.").format(
            old=variant_speeding(a.speeding), new=variant_speeding(b.speeding)), Refs((b.speeding_provenance,))))
    allows = {z.name: z.allows for z in a.zones}
    for zone in b.zones:
        if allows.get(zone.name) != zone.allows:
            said.append((*filled(_("Changes the mileage allowed in {zone}."), zone=Named(zone.name)),
                         Refs((zone.provenance,))))
    reach = {p.card: p.reach for p in a.plays}
    for play in b.plays:
        if play.card in reach and reach[play.card] != play.reach:
            said.append((*filled(_("{card} is now played {where} (it was {was})."), card=Named(play.card),
                                 where=variant_reach(play.reach), was=variant_reach(reach[play.card])),
                         Refs((play.provenance,))))
        elif play.card not in reach:
            said.append((*filled(_("{card} may now be played {where}."), card=Named(play.card),
                                 where=variant_reach(play.reach)), Refs((play.provenance,))))
    return said


# the scholarly edition's sources table -------------------------------------------------------------
PROVENANCE_KINDS = ("Zones", "Who may play")  # its rows' kinds that may share a line when they cite alike


def provenances(ruleset) -> list[tuple[str, object]]:
    """Each zone rule with a label in words, and its provenance."""
    z = ruleset.zones
    if not z.zones:
        return []
    zones, who = pgettext("sources", "Zones"), _("Who may play")
    rows = [(zones, z.provenance)]
    rows += [(zones + ": " + zone.name, zone.provenance) for zone in z.zones]
    rows += [(who + ": " + p.card, p.provenance) for p in z.plays]
    rows.append((_("The starting zone"), z.start_provenance))
    rows.append((_("Zone cards that change nothing"), z.change_provenance))
    rows.append((_("Speeding"), z.speeding_provenance))
    return rows
