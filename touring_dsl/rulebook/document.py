"""Rulebook stage, model to document: a compiled Ruleset -> the sections of a player's rulebook.

A loop over the core constructs (mechanics.core.CORE) that names none: the chapters, in
mechanics.core.ORDER["chapter"], are each construct's `chapter` (its phrases, set as text by
construct_words) or the rulebook's own (equipment, setting up, players, the cards, notes, the variant, the
examples, the sources); within them each list, row and paragraph a construct gives is one of its stage
methods (mechanics.construct), visited in that method's ORDER. The writer is the constructs' `book`: what
one construct's sentence needs of the others (the hindrances, a turn's plays, the mechanics' rules).
"""
from __future__ import annotations

from collections.abc import Iterable

from ..base.i18n import _, pgettext

from ..mechanics import REGISTERED, core
from ..mechanics import effects
from ..mechanics import phrases as p
from ..language.model import Card, Provenance, Ruleset, Setup
from . import words as w
from .blocks import (Block, Bullets, CardName, Paragraph, Ref, Rulebook, Section, Table, Text,
                     card_list, counted_cards, text)
from . import construct_words
from .construct_words import phrase
from ..mechanics.phrases import filled
from .examples import worked_examples
from .history import history_section
from .provenance import provenance_section
from .typeset import typeset
from ..language.archive import load_parent
from .variant import variant_section

def kind_label(kind: str) -> str:
    """A card kind as the equipment table labels it: its word in the language, except the counter's, whose
    word says less to a player."""
    return w.capital({"mileage": pgettext("rulebook card kind", "mileage"), "go": pgettext("rulebook card kind", "go"),
                      "remedy": pgettext("rulebook card kind", "remedy"), "hazard": pgettext("rulebook card kind", "hazard"),
                      "zone": pgettext("rulebook card kind", "zone"), "safety": pgettext("rulebook card kind", "safety"),
                      "counter": pgettext("rulebook card kind", "out of turn")}[kind])


def kind_plural() -> dict[str, str]:
    """Each card kind in words, plural, as a sentence names them ("you may already play hazards")."""
    return {"mileage": pgettext("card kinds", "mileage cards"), "go": pgettext("card kinds", "go cards"),
            "remedy": pgettext("card kinds", "remedies"), "hazard": pgettext("card kinds", "hazards"),
            "zone": pgettext("card kinds", "zone cards"), "counter": pgettext("card kinds", "out-of-turn cards"),
            "safety": pgettext("card kinds", "safeties")}


# The editions of a rulebook, from the most to the least a reader gets:
# scholarly: every rule, every worked example, each rule's source and each editorial assumption marked
#            and set out, and the notes only computer play needs;
# family:    what a family prints: the rules and a few worked examples, no marks, and a closing line
#            saying that the scholarly edition exists;
# rules:     the family edition without worked examples.
EDITIONS = ("scholarly", "family", "rules")
FAMILY_EXAMPLES = 3  # a few examples show the rules at work; the scholarly edition gives them all


def scholarly_exists() -> str:
    return _("A scholarly edition of this rulebook also gives the source of every rule, each decision its "
             "editors made where the sources are silent, and every worked example: touring rulebook "
             "--scholarly prints it.")


def build(ruleset: Ruleset, parent: Ruleset | None = None, rules_only: bool = False,
          edition: str = "scholarly") -> Rulebook:
    """The whole rulebook; the parent (for a variant) is loaded from the archive when not given.

    edition: one of EDITIONS; rules_only (kept for callers that predate editions) means "rules"."""
    if edition not in EDITIONS:
        raise ValueError(f"no rulebook edition {edition!r}; choose from {', '.join(EDITIONS)}")
    if parent is None and ruleset.parent:
        parent = load_parent(ruleset)
    return typeset(_Writer(ruleset, parent, "rules" if rules_only else edition).rulebook())


def cards(names: Iterable[str], last: str = "and") -> Text:
    return card_list(names, last)


def counted(items: Iterable[tuple[str, int]], last: str = "and") -> Text:
    return counted_cards(items, last, w.number)


def seating(setup: Setup) -> str:
    if setup.sides is None:
        return _("each for themselves")
    if setup.sides == 2:
        return _("{size} against {size}").format(size=w.number(setup.side_size))
    return _("{sides} teams of {size}").format(sides=w.number(setup.sides, feminine=True),
                                              size=w.number(setup.side_size))


class _Writer:
    def __init__(self, ruleset: Ruleset, parent: Ruleset | None, edition: str = "scholarly"):
        self.r = ruleset
        self.parent = parent
        self.unit = ruleset.race.unit
        self.edition = edition
        self.scholarly = edition == "scholarly"
        # only the scholarly edition sets the assumptions out, so only there may a mark point to one
        self.numbers = {a: i + 1 for i, a in enumerate(ruleset.assumptions())} if self.scholarly else {}
        go_cards = [c.name for c in ruleset.deck if c.kind == "go"]
        self.go = go_cards[0] if go_cards else _("starting")
        self.by_kind: dict[str, list[Card]] = {}
        for card in ruleset.deck:
            self.by_kind.setdefault(card.kind, []).append(card)

    # helpers -------------------------------------------------------------------------------------
    def refs(self, *provenances: Provenance) -> Text:
        """Visible marks for the assumptions behind a rule, e.g. ' [A2]'."""
        seen = dict.fromkeys(a for p in provenances for a in p.assumptions)
        return tuple(Ref(self.numbers[a]) for a in seen if a in self.numbers)

    def names(self, kind: str) -> list[str]:
        return [c.name for c in self.by_kind.get(kind, [])]

    def go_pile(self) -> Text:
        """The pile a go card is laid on: the name the edition gives it, else the go card's name and "pile"."""
        if self.r.pile_names.go:
            return text(self.r.pile_names.go)
        return filled(_("{card} pile"), card=CardName(self.go))

    def said(self, parts: tuple) -> Text:
        """A construct's phrase (mechanics.phrases) as text."""
        return construct_words.phrase(parts, self)

    def hazards_by_effect(self) -> list[tuple[effects.HazardEffect, list[Card]]]:
        """Each hazard effect the deck uses (mechanics.effects), in registry order, with its hazards."""
        found = effects.effects_of(self.r)
        return [(e, cards) for e in effects.REGISTERED
                for cards in [[c for c in self.by_kind.get("hazard", []) if found[c.name] is e]] if cards]

    # the book ------------------------------------------------------------------------------------
    def rulebook(self) -> Rulebook:
        r = self.r
        own = {"equipment": self.equipment_section, "setup": self.setup_section, "players": self.players_section,
               "cards": self.cards_section, "notes": self.notes_section,
               "variant": lambda: variant_section(r, self.parent, self.refs),
               "history": self.history_section, "examples": self.examples_section, "sources": self.sources_section}
        made = (self.section(step(r, slot, self)) for slot, step in core.steps("chapter", _as_chapters(own)))
        sections = tuple(s for s in made if s is not None and (s.blocks or s.subsections))
        return Rulebook(title=r.title, subtitle=r.subtitle, byline=self.byline(), running=self.running(),
                        summary=r.summary,
                        sections=sections, colophon="" if self.scholarly else scholarly_exists(),
                        kicker=_("Rules of play"))

    def section(self, made) -> Section | None:
        """A chapter as the rulebook's Section: a construct's phrases (mechanics.phrases) set as text."""
        return construct_words.section(made, self) if isinstance(made, p.Chapter) else made

    def history_section(self) -> Section | None:
        return history_section(self.r, self.refs) if self.scholarly else None  # the scholar's, with its sources

    def examples_section(self) -> Section | None:
        if self.scholarly:
            return worked_examples(self.r, self.go)
        return worked_examples(self.r, self.go, FAMILY_EXAMPLES) if self.edition == "family" else None

    def sources_section(self) -> Section | None:
        return provenance_section(self.r, self.numbers, self.computer_play()) if self.scholarly else None

    # what a construct's sentence asks of the others (the `book` of the stage methods) ----------------
    @property
    def kind_plural(self) -> dict[str, str]:
        return kind_plural()

    def hindrances(self) -> str:
        """The ways a side holds the others back (" by ..."), each construct's (core.ORDER["hindrances"])."""
        own = {"effects": lambda r: [said for effect, hazards in self.hazards_by_effect()
                                     if (said := effect.hindrance(hazards))]}
        means = [said for _, step in core.steps("hindrances", own) for said in step(self.r)]
        return (" " + w.join(means)) if means else ""

    def play_options(self) -> list[tuple]:
        """The cards a turn may play, each construct's (core.ORDER["play_options"]), the discard last."""
        own = {"effects": lambda r, book: [said for effect, hazards in self.hazards_by_effect()
                                           if (said := effect.play_option(hazards))],
               "discard": lambda r, book: [(_("any card at all, on the discard pile, when you cannot or would "
                                              "rather not lay one"),)]}
        return [said for _, step in core.steps("play_options", own) for said in step(self.r, self)]

    def turn_blocks(self) -> list:
        """What the constructs add to "Playing a turn" after the before-go paragraph (core.ORDER["turn_blocks"])."""
        return [block for _, step in core.steps("turn_blocks") for block in step(self.r)]

    def mechanic_rules(self) -> list:
        """Each mechanic's sentences (touring_dsl.mechanics), as phrase paragraphs: the ruleset's own, then
        each setup race's, setups with the same part said once (a match's are said in the Scoring section)."""
        r = self.r
        blocks = []
        for mechanic in REGISTERED:
            if mechanic.place == "match":
                continue
            if mechanic.place == "ruleset":
                part = getattr(r.mechanics, mechanic.name, None)
                if part is not None:
                    blocks.append(p.Para((" ".join(mechanic.rulebook(part, self.unit)), p.Refs((part.provenance,)))))
                continue
            groups: list[tuple[object, list[int], list[Provenance]]] = []  # the same rule, citations aside
            for s in r.setups:
                part = getattr(s.race.mechanics, mechanic.name, None)
                if part is None:
                    continue
                key = part.model_copy(update={"provenance": Provenance()})
                for group in groups:
                    if group[0] == key:
                        group[1].extend(s.players)
                        group[2].append(part.provenance)
                        break
                else:
                    groups.append((key, list(s.players), [part.provenance]))
            for key, players, provenances in groups:
                said = " ".join(mechanic.rulebook(key, self.unit))
                said = said[:1].lower() + said[1:]
                blocks.append(p.Para((*p.filled(_("With {players} players: {rule}"),
                                                players=w.players_phrase(tuple(sorted(set(players)))), rule=said),
                                      p.Refs(tuple(provenances)))))
        return blocks

    def byline(self) -> str:
        r = self.r
        if r.author:  # a house rule credits whoever made it, and says what it is based on
            based = _edition_name(self.parent) if self.parent else r.parent
            if based:
                return _("A house rule by {author} · based on {parent}").format(author=r.author, parent=based)
            return _("A house rule by {author}").format(author=r.author)
        return f"{r.publisher} · {_published(r)}"

    def running(self) -> str:
        """The byline for the head of every page after the first: a house rule's maker without what it is
        based on (the title page says it), so that it fits beside the title."""
        return _("A house rule by {author}").format(author=self.r.author) if self.r.author else self.byline()

    def computer_play(self) -> Text:
        """The simulator's safeguard, which people at a table never meet: said only in the scholarly edition."""
        from ..engine.match import MAX_RACES

        if self.r.scoring is not None and self.r.scoring.match is not None:
            return text(_("A note for computer play: when programs play each other, a race still running after "
                          "{moves} moves is stopped and scored as if the cards had run out; and a match still "
                          "undecided after {races} races ends without a winner.").format(
                              moves=self.r.ending.turn_limit, races=MAX_RACES))
        return text(_("A note for computer play: when programs play each other, a race still running after "
                      "{moves} moves is stopped and scored as if the cards had run out.").format(
                          moves=self.r.ending.turn_limit))

    def equipment_section(self) -> Section:
        rows = []
        for card in self.r.deck:
            rows.append((text(CardName(card.name)), text(kind_label(card.kind)), text(str(card.count)),
                         text(self.card_role(card), self.refs(card.provenance))))
        total = sum(c.count for c in self.r.deck)
        intro = Paragraph(text(_("One pack of {total} cards, of {kinds} kinds:").format(
            total=total, kinds=w.number(len(self.r.deck), feminine=True))))
        header = (_("Card"), _("Kind"), _("Count"), _("What it does"))
        return Section(_("Equipment"), "equipment", (intro, Table(header, tuple(rows), numeric=(2,))))

    def card_role(self, card: Card) -> Text:
        """What a card does: the first construct that answers for it (core.ORDER["card_role"]); a hazard's
        is its effect's (mechanics.effects)."""
        own = {"effects": lambda r, c, book: (effects.effects_of(r)[c.name].role(c) if c.kind == "hazard" else None)}
        return self.said(core.first_said("card_role", self.r, card, self, own=own) or ())

    def mileage_list(self, allows: Iterable[str]) -> Text:
        allows = tuple(allows)
        if set(allows) >= set(self.names("mileage")):
            return text(_("every mileage card"))
        return cards(allows, "and")

    def setup_section(self) -> Section:
        r = self.r
        hand = w.number(r.turn.hand, feminine=True)
        blocks: list[Block] = [Paragraph(text(_(
            "Choose a dealer. Shuffle the pack very well and deal {hand} cards to each player. "
            "Put the rest face down in the middle of the table as the draw pile; discarded cards go on a "
            "discard pile beside it.").format(hand=hand)))]
        lay = [self.said(said) for _, step in core.steps("setup_lines") for said in step(r)]  # each construct's piles
        blocks.append(Paragraph(text(_("Each side keeps in front of it:"))))
        blocks.append(Bullets(tuple(lay)))
        blocks += [construct_words.block(said, self) for _, step in core.steps("setup_blocks") for said in step(r)]
        return Section(_("Setting up"), "setup", tuple(blocks))

    def players_section(self) -> Section:
        r = self.r
        pile_cards = list(dict.fromkeys(p.card for s in r.setups for p in s.race.piles))
        header = (_("Players"), _("Seating"), _("Pack"), _("Race")) + tuple(pile_cards)
        rows = []
        for s in r.setups:
            own_race = s.race.provenance if s.race.provenance != r.race.provenance else Provenance()
            rows.append((text(w.capital(w.players_phrase(s.players))), text(seating(s)), self.pack(s),
                         text(w.miles(s.race.miles, self.unit), self.refs(s.provenance, own_race)))
                        + tuple(self.needs_cell(s, c) for c in pile_cards))
        blocks: list[Block] = [
            Paragraph(text(_("The number of players decides the seating, the pack and the length of the race.")
                           if r.race.is_distance else
                           _("The number of players decides the seating, the pack and the length of the race. "
                             "The last columns give how many cards each mileage pile needs."))),
            Table(header, tuple(rows), numeric=tuple(range(4, len(header))))]
        if any(s.sides is not None for s in r.setups):
            shared = "".join(step(r) for _slot, step in core.steps("partner_piles"))  # the zone piles...
            blocks.append(Paragraph(filled(_(
                "Partners make one side: they share one {go_pile}{shared} and one set of mileage "
                "piles, and each partner may play on them in turn. Partners sit apart, so that the sides "
                "take turns one after another round the table."), go_pile=self.go_pile(), shared=shared)))
        return Section(_("Players and sides"), "players", tuple(blocks))

    def needs_cell(self, setup: Setup, card: str) -> Text:
        """A setup's target for one pile, marked with the assumptions of a target it sets for itself."""
        pile = next((p for p in setup.race.piles if p.card == card), None)
        if pile is None:
            return text("-")
        main = next((p for p in self.r.race.piles if p.card == card), None)
        own = pile.provenance if main is None or pile.provenance != main.provenance else Provenance()
        return text(str(pile.needs), self.refs(own))

    def pack(self, setup: Setup) -> Text:
        parts: list[Text] = []
        packs = (_("one pack") if setup.decks <= 1 else
                 _("{n} packs shuffled together").format(n=w.number(setup.decks)))
        if setup.removals:
            return filled(_("{packs} without {cards}"), packs=packs, cards=counted(setup.removals))
        return text(packs)

    def cards_section(self) -> Section:
        """The cards' chapters, each construct's (core.ORDER["card_chapter"]); the hazards are the effects'."""
        own = {"hazards": lambda r, slot, book: self.hazard_cards()}
        made = (self.section(step(self.r, slot, self)) for slot, step in core.steps("card_chapter", own))
        return Section(_("The cards"), "cards", (), tuple(s for s in made if s is not None))

    def hazard_cards(self) -> Section | None:
        """The hazards: what the constructs say of them (core.ORDER["hazard_blocks"]: what stops a side, the
        hours), each effect's paragraph, then the table of hazards."""
        if not self.by_kind.get("hazard"):
            return None
        own = {"effects": lambda r, book: [p.Para((*said, p.Refs(tuple(c.provenance for c in hazards))))
                                           for effect, hazards in self.hazards_by_effect()
                                           if (said := effect.paragraph(hazards))]}
        blocks: list[Block] = [construct_words.block(said, self) for _, step in core.steps("hazard_blocks", own)
                               for said in step(self.r, self)]
        blocks.append(Table((_("Hazard"), _("Count"), _("What it does"), _("To recover")),
                            tuple(self.hazard_row(c) for c in self.by_kind["hazard"]), numeric=(1,)))
        return Section(_("Hazards and remedies"), "hazards", tuple(blocks))

    def hazard_row(self, card: Card) -> tuple[Text, ...]:
        """A hazard's row: its effect's words given its repair (core.ORDER["hazard_chain"]), the "To recover"
        cell rewritten by each construct in turn (core.ORDER["hazard_cure"])."""
        chain = core.first_said("hazard_chain", self.r, card.name)
        does, cure = effects.effects_of(self.r)[card.name].row(card, chain)
        for _slot, step in core.steps("hazard_cure"):
            cure = step(self.r, card.name, cure)
        return (text(CardName(card.name)), text(str(card.count)), phrase(does), self.said(cure))

    def notes_section(self) -> Section | None:
        if not self.r.notes:
            return None
        items = tuple(text(note, self.refs(prov)) for note, prov in self.r.notes)
        return Section(_("Further notes"), "notes", (Bullets(items),))


def _as_chapters(own: dict) -> dict:
    """The rulebook's own chapters, each called as a construct's chapter is: (ruleset, slot, book)."""
    return {slot: (lambda make: lambda ruleset, slot, book: make())(make) for slot, make in own.items()}


def _published(r: Ruleset) -> str:
    return (_("sold {first}-{last}").format(first=r.year, last=r.year_end) if r.year and r.year_end else
            _("first published {year}").format(year=r.year) if r.year else _("date of publication unknown"))


def _edition_name(r: Ruleset) -> str:
    """The parent named for a credit line: its title and subtitle, then its publisher and year in brackets."""
    head = r.title + (f": {r.subtitle}" if r.subtitle else "")
    maker = ", ".join(part for part in (r.publisher, str(r.year) if r.year else "") if part)
    return f"{head} ({maker})" if maker else head


__all__ = ["build", "cards", "seating"]
