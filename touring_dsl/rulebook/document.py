"""Rulebook stage, model to document: a compiled Ruleset -> the sections of a player's rulebook."""
from __future__ import annotations

from collections.abc import Iterable

from ..mechanics import REGISTERED
from ..mechanics import effects
from ..mechanics.turn import TURN
from ..mechanics.penalties import PENALTIES
from ..mechanics.race import RACE
from ..mechanics.progressive import PROGRESSIVE
from ..mechanics.delays import DELAYS
from ..mechanics.safeties import SAFETIES
from ..mechanics.counters import COUNTERS
from ..language.model import Card, Provenance, Ruleset, Setup
from . import words as w
from .blocks import (Block, Bullets, CardName, Paragraph, Ref, Rulebook, Section, Table, Text,
                     card_list, counted_cards, join_texts, text)
from . import construct_words
from .construct_words import phrase
from ..mechanics.zones import rulebook as zone_words
from .examples import worked_examples
from .history import history_section
from .provenance import provenance_section
from .scoring import scoring_section
from ..language.archive import load_parent
from .variant import variant_section

# each kind is labelled by its word in the language, except the counter, whose word says less to a player
KIND_LABEL = {kind: kind.capitalize() for kind in ("mileage", "go", "remedy", "hazard", "zone", "safety")} | {
    "counter": "Out of turn"}
KIND_PLURAL = {"mileage": "mileage cards", "go": "go cards", "remedy": "remedies",
               "hazard": "hazards", "zone": "zone cards", "counter": "out-of-turn cards",
               "safety": "safeties"}


# The editions of a rulebook, from the most to the least a reader gets:
# scholarly: every rule, every worked example, each rule's source and each editorial assumption marked
#            and set out, and the notes only computer play needs;
# family:    what a family prints: the rules and a few worked examples, no marks, and a closing line
#            saying that the scholarly edition exists;
# rules:     the family edition without worked examples.
EDITIONS = ("scholarly", "family", "rules")
FAMILY_EXAMPLES = 3  # a few examples show the rules at work; the scholarly edition gives them all
SCHOLARLY_EXISTS = ("A scholarly edition of this rulebook also gives the source of every rule, each decision its "
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
    return _Writer(ruleset, parent, "rules" if rules_only else edition).rulebook()


def cards(names: Iterable[str], last: str = "and") -> Text:
    return card_list(names, last)


def counted(items: Iterable[tuple[str, int]], last: str = "and") -> Text:
    return counted_cards(items, last, w.number)


def seating(setup: Setup) -> str:
    if setup.sides is None:
        return "each for themselves"
    if setup.sides == 2:
        return f"{w.number(setup.side_size)} against {w.number(setup.side_size)}"
    return f"{w.number(setup.sides)} teams of {w.number(setup.side_size)}"


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
        self.go = go_cards[0] if go_cards else "starting"
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
        return text(CardName(self.go), " pile")

    @property
    def zone_pile(self) -> str:
        """The pile a side's zone cards are laid on (mechanics.zones)."""
        return zone_words.zone_pile(self.r)

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
        makers = [self.object_section, self.equipment_section, self.setup_section, self.players_section,
                  self.turn_section, self.cards_section,
                  lambda: construct_words.section(zone_words.section(r), self), self.penalties_section,
                  self.winning_section, lambda: scoring_section(r, self.refs), self.progressive_section, self.notes_section,
                  lambda: variant_section(r, self.parent, self.refs)]
        if self.scholarly:
            makers += [lambda: history_section(r, self.refs), lambda: worked_examples(r, self.go),
                       lambda: provenance_section(r, self.numbers, self.computer_play())]
        elif self.edition == "family":
            makers += [lambda: worked_examples(r, self.go, FAMILY_EXAMPLES)]
        sections = tuple(s for s in (make() for make in makers) if s is not None and (s.blocks or s.subsections))
        return Rulebook(title=r.title, subtitle=r.subtitle, byline=self.byline(), running=self.running(),
                        summary=r.summary,
                        sections=sections, colophon="" if self.scholarly else SCHOLARLY_EXISTS)

    def byline(self) -> str:
        r = self.r
        if r.author:  # a house rule credits whoever made it, and says what it is based on
            based = f" · based on {_edition_name(self.parent)}" if self.parent else (
                f" · based on {r.parent}" if r.parent else "")
            return f"A house rule by {r.author}{based}"
        return f"{r.publisher} · {_published(r)}"

    def running(self) -> str:
        """The byline for the head of every page after the first: a house rule's maker without what it is
        based on (the title page says it), so that it fits beside the title."""
        return f"A house rule by {self.r.author}" if self.r.author else self.byline()

    def computer_play(self) -> Text:
        """The simulator's safeguard, which people at a table never meet: said only in the scholarly edition."""
        from ..engine.match import MAX_RACES

        match = (f"; and a match still undecided after {MAX_RACES} races ends without a winner"
                 if self.r.scoring is not None and self.r.scoring.match is not None else "")
        return text(f"A note for computer play: when programs play each other, a race still running after "
                    f"{self.r.ending.turn_limit} moves is stopped and scored as if the cards had run out{match}.")

    def object_section(self) -> Section:
        blocks = [construct_words.block(said, self)  # the race's words (mechanics.race), then its mechanics'
                  for said in RACE.rulebook.object_blocks(self.r, self.hindrances())]
        self.mechanic_rules(blocks)
        return Section("Object of the game", "object", tuple(blocks))

    def mechanic_rules(self, blocks: list[Block]) -> None:
        """Each mechanic's sentences (touring_dsl.mechanics): the ruleset's own, then each setup race's,
        setups with the same part said once (a match's are said in the Scoring section: rulebook.scoring)."""
        r = self.r
        for mechanic in REGISTERED:
            if mechanic.place == "match":
                continue
            if mechanic.place == "ruleset":
                part = getattr(r.mechanics, mechanic.name, None)
                if part is not None:
                    blocks.append(Paragraph(text(" ".join(mechanic.rulebook(part, self.unit)),
                                                 self.refs(part.provenance))))
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
                blocks.append(Paragraph(text(f"With {w.players_phrase(tuple(sorted(set(players))))} players: ",
                                             said, self.refs(*provenances))))

    def hindrances(self) -> str:
        means = []
        means += [said for effect, hazards in self.hazards_by_effect() if (said := effect.hindrance(hazards))]
        zones = zone_words.hindrance(self.r)
        if zones:
            means.append(zones)
        return (" " + w.join(means)) if means else ""

    def equipment_section(self) -> Section:
        rows = []
        for card in self.r.deck:
            rows.append((text(CardName(card.name)), text(KIND_LABEL[card.kind]), text(str(card.count)),
                         text(self.card_role(card), self.refs(card.provenance))))
        total = sum(c.count for c in self.r.deck)
        intro = Paragraph(text(f"One pack of {total} cards, of {w.number(len(self.r.deck))} kinds:"))
        return Section("Equipment", "equipment", (intro, Table(("Card", "Kind", "Count", "What it does"),
                                                              tuple(rows), numeric=(2,))))

    def card_role(self, card: Card) -> Text:
        if card.kind == "mileage":
            return text(f"counts {w.miles(card.miles or 0, self.unit)}", self.said(zone_words.mileage_role(self.r, card)))
        if card.kind in DELAYS.rulebook.CARD_KINDS:  # a go or remedy card (mechanics.delays)
            return self.said(DELAYS.rulebook.card_role(self.r, card))
        if card.kind == "hazard":
            return phrase(effects.effects_of(self.r)[card.name].role(card))
        if card.kind == "zone":
            return self.said(zone_words.zone_role(self.r, card))
        if card.kind == SAFETIES.kind:
            return phrase(SAFETIES.role(card, self.go))
        return phrase(COUNTERS.role(card))

    def mileage_list(self, allows: Iterable[str]) -> Text:
        allows = tuple(allows)
        if set(allows) >= set(self.names("mileage")):
            return text("every mileage card")
        return cards(allows, "and")

    def setup_section(self) -> Section:
        r = self.r
        hand = w.number(r.turn.hand)
        blocks: list[Block] = [Paragraph(text(
            f"Choose a dealer. Shuffle the pack very well and deal {hand} cards to each player. "
            "Put the rest face down in the middle of the table as the draw pile; discarded cards go on a "
            "discard pile beside it."))]
        lay = [self.said(DELAYS.rulebook.go_pile_laid(self.r))]  # (mechanics.delays)
        zone_pile = zone_words.setup_pile(r)
        if zone_pile:
            lay.append(self.said(zone_pile))
        lay.append(self.said(RACE.rulebook.setup_piles(r)))  # (mechanics.race)
        if self.by_kind.get(SAFETIES.kind):
            lay.append(text(SAFETIES.setup_line()))
        blocks.append(Paragraph(text("Each side keeps in front of it:")))
        blocks.append(Bullets(tuple(lay)))
        start = zone_words.setup_start(r)
        if start:
            blocks.append(construct_words.block(start, self))
        return Section("Setting up", "setup", tuple(blocks))

    def players_section(self) -> Section:
        r = self.r
        pile_cards = list(dict.fromkeys(p.card for s in r.setups for p in s.race.piles))
        header = ("Players", "Seating", "Pack", "Race") + tuple(pile_cards)
        rows = []
        for s in r.setups:
            own_race = s.race.provenance if s.race.provenance != r.race.provenance else Provenance()
            rows.append((text(w.capital(w.players_phrase(s.players))), text(seating(s)), self.pack(s),
                         text(w.miles(s.race.miles, self.unit), self.refs(s.provenance, own_race)))
                        + tuple(self.needs_cell(s, c) for c in pile_cards))
        blocks: list[Block] = [
            Paragraph(text("The number of players decides the seating, the pack and the length of the race."
                           + ("" if r.race.is_distance else
                              " The last columns give how many cards each mileage pile needs."))),
            Table(header, tuple(rows), numeric=tuple(range(4, len(header))))]
        if any(s.sides is not None for s in r.setups):
            zone = zone_words.partners_pile(r)
            blocks.append(Paragraph(text(
                "Partners make one side: they share one ", self.go_pile(), f"{zone} and one set of mileage "
                "piles, and each partner may play on them in turn. Partners sit apart, so that the sides "
                "take turns one after another round the table.")))
        return Section("Players and sides", "players", tuple(blocks))

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
        parts.append(text("two packs shuffled together" if setup.decks == 2 else
                          f"{w.number(setup.decks)} packs shuffled together" if setup.decks > 1 else "one pack"))
        if setup.removals:
            parts.append(text(" without ", counted(setup.removals)))
        return text(*parts)

    def turn_section(self) -> Section:
        r = self.r
        t = r.turn
        said = construct_words.phrase  # the turn construct's words (mechanics.turn), set as rulebook text
        blocks: list[Block] = [Paragraph(said(TURN.rulebook.flow(t), self)),
                               Paragraph(text("The card you play may be:")),
                               Bullets(tuple(self.play_options()))]
        blocks.append(Paragraph(said(TURN.rulebook.before_go(t, self.by_kind, KIND_PLURAL), self)))
        blocks += [construct_words.block(said, self) for said in RACE.rulebook.pile_flags(r)]  # (mechanics.race)
        blocks.append(Paragraph(text("When the draw pile runs out: ", self.reshuffle_text())))
        return Section("Playing a turn", "turn", tuple(blocks))

    def play_options(self) -> list[Text]:
        r = self.r
        where, limit = RACE.rulebook.mileage_play(r)  # (mechanics.race)
        options = [text("a mileage card,", where, ", but only while your side's ",
                        self.go_pile(), " shows an undelayed ", CardName(self.go),
                        zone_words.mileage_condition(r), limit)]
        options += [self.said(said) for said in DELAYS.rulebook.play_options(r)]  # on the go piles (mechanics.delays)
        options += [phrase(said) for effect, hazards in self.hazards_by_effect()
                    if (said := effect.play_option(hazards))]
        zone_card = zone_words.play_option(r)
        if zone_card:
            options.append(self.said(zone_card))
        if self.by_kind.get(SAFETIES.kind):
            options.append(phrase(SAFETIES.play_option(self.names(SAFETIES.kind))))
        options.append(text("any card at all, on the discard pile, when you cannot or would rather "
                            "not lay one"))
        return options

    def reshuffle_text(self) -> Text:
        rs = self.r.reshuffle
        zone_piles = f"every {self.zone_pile}" if self.r.zones.scope == "side" else f"the {self.zone_pile}"
        return construct_words.phrase(TURN.rulebook.reshuffle(rs, zone_piles, bool(self.r.zones.zones)), self)

    def cards_section(self) -> Section:
        subsections = [s for s in (self.mileage_cards(), self.go_cards(), self.hazard_cards(),
                                   self.safety_cards(), self.counter_cards()) if s is not None]
        return Section("The cards", "cards", (), tuple(subsections))

    def mileage_cards(self) -> Section | None:
        names = self.names("mileage")
        if not names:
            return None
        r = self.r
        blocks: list[Block] = [Paragraph(text("The mileage cards are ", cards(names), ". ",
                                              RACE.rulebook.counting(r)))]  # (mechanics.race)
        blocks += [Paragraph(self.said(limit)) for limit in zone_words.mileage_limits(r)]
        safe = RACE.rulebook.safe_piles(r)  # the piles penalties never take from (mechanics.race)
        if safe is not None:
            blocks.append(construct_words.block(safe, self))
        return Section("Mileage cards", "mileage", tuple(blocks))

    def go_cards(self) -> Section | None:
        return construct_words.section(DELAYS.rulebook.go_section(self.r), self)  # (mechanics.delays)

    def hazard_cards(self) -> Section | None:
        r = self.r
        if not self.by_kind.get("hazard"):
            return None
        blocks: list[Block] = []
        blocks += [Paragraph(self.said(said)) for said in DELAYS.rulebook.stopping(r)]  # (mechanics.delays)
        timed = [c for c in self.by_kind["hazard"] if c.hours]
        if timed:
            groups: dict[int, list[str]] = {}
            for card in timed:
                groups.setdefault(card.hours, []).append(card.name)
            parts = [text(cards(names), f" {w.hours(h)}" if len(names) == 1 else f" {w.hours(h)} each")
                     for h, names in groups.items()]
            blocks.append(Paragraph(text("Delays are counted in hours: ", join_texts(parts, "; "), ".",
                                         PENALTIES.hours_note(r))))
        for effect, hazards in self.hazards_by_effect():  # each effect's own paragraph (mechanics.effects)
            said = effect.paragraph(hazards)
            if said:
                blocks.append(Paragraph(text(phrase(said), self.refs(*(c.provenance for c in hazards)))))
        blocks.append(Table(("Hazard", "Count", "What it does", "To recover"),
                            tuple(self.hazard_row(c) for c in self.by_kind["hazard"]), numeric=(1,)))
        return Section("Hazards and remedies", "hazards", tuple(blocks))

    def hazard_row(self, card: Card) -> tuple[Text, ...]:
        chain = DELAYS.rulebook.chain_of(self.r, card.name)  # (mechanics.delays)
        does, recovers = effects.effects_of(self.r)[card.name].row(card, chain)
        effect, cure = phrase(does), phrase(recovers)
        counters = COUNTERS.countered_by(self.r, card.name)
        if counters:
            cure = phrase(COUNTERS.turned_away(recovers, counters))
        return (text(CardName(card.name)), text(str(card.count)), effect,
                text(cure, self.said(DELAYS.rulebook.chain_marks(self.r, card.name))))

    def safety_cards(self) -> Section | None:
        safeties = self.by_kind.get(SAFETIES.kind)
        if not safeties:
            return None
        blocks: list[Block] = [Paragraph(phrase(SAFETIES.section_intro(self.go)))]
        for card in safeties:
            head, extras = SAFETIES.section_card(card, self.go)  # (mechanics.safeties)
            blocks.append(Paragraph(text(
                phrase(head), text(": ", join_texts([phrase(x) for x in extras], "; and "), ".") if extras else ".",
                self.refs(card.provenance))))
        return Section("Safeties", "safeties", tuple(blocks))

    def counter_cards(self) -> Section | None:
        return construct_words.section(COUNTERS.section(self.r), self)  # (mechanics.counters)

    def penalties_section(self) -> Section | None:
        return construct_words.section(PENALTIES.section(self.r), self)

    def winning_section(self) -> Section:
        return construct_words.section(RACE.rulebook.winning(self.r), self)  # (mechanics.race)

    def progressive_section(self) -> Section | None:
        return construct_words.section(PROGRESSIVE.section(self.r), self)  # (mechanics.progressive)

    def notes_section(self) -> Section | None:
        if not self.r.notes:
            return None
        items = tuple(text(note, self.refs(prov)) for note, prov in self.r.notes)
        return Section("Further notes", "notes", (Bullets(items),))


def _published(r: Ruleset) -> str:
    return (f"sold {r.year}-{r.year_end}" if r.year and r.year_end else
            f"first published {r.year}" if r.year else "date of publication unknown")


def _edition_name(r: Ruleset) -> str:
    """The parent named for a credit line: its title and subtitle, then its publisher and year in brackets."""
    head = r.title + (f": {r.subtitle}" if r.subtitle else "")
    maker = ", ".join(part for part in (r.publisher, str(r.year) if r.year else "") if part)
    return f"{head} ({maker})" if maker else head


__all__ = ["build", "cards", "seating"]
