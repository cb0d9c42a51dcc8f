"""Rulebook stage, model to document: a compiled Ruleset -> the sections of a player's rulebook."""
from __future__ import annotations

from collections.abc import Iterable

from ..language.counter_words import with_article
from ..mechanics import REGISTERED
from ..mechanics import effects
from ..mechanics.turn import TURN
from ..mechanics.penalties import PENALTIES
from ..mechanics.safeties import SAFETIES
from ..language.model import Card, Provenance, Ruleset, Setup
from . import words as w
from .blocks import (Block, Bullets, CardName, Paragraph, Ref, Rulebook, Section, Table, Text,
                     card_list, counted_cards, join_texts, plain, text)
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

    def stopping_hazards(self) -> list[str]:
        return [c.hazard for c in self.r.delays.chains]

    def hazards_by_effect(self) -> list[tuple[effects.HazardEffect, list[Card]]]:
        """Each hazard effect the deck uses (mechanics.effects), in registry order, with its hazards."""
        found = effects.effects_of(self.r)
        return [(e, cards) for e in effects.REGISTERED
                for cards in [[c for c in self.by_kind.get("hazard", []) if found[c.name] is e]] if cards]

    def countered_by(self, hazard: str) -> list[str]:
        return [c.card for c in self.r.counters if hazard in c.cancels]

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
        r = self.r
        if r.race.is_distance:
            return self.distance_object()
        piles = r.race.piles
        total = sum(p.needs for p in piles)
        blocks: list[Block] = [
            Paragraph(text(f"The game is a race of {w.miles(r.race.miles, self.unit)}. Every player, or every side of "
                           f"partners, covers the distance by laying mileage cards on {w.counted(len(piles), 'pile')}, "
                           "one pile for each kind of mileage card, and must complete all of them:",
                           self.refs(r.race.provenance))),
            Bullets(tuple(text(f"{w.number(p.needs)} ", CardName(p.card), f" ({w.miles(p.needs * _miles(r, p.card), self.unit)})",
                               self.refs(p.provenance)) for p in piles)),
            Paragraph(text(f"That is {w.counted(total, 'card')} in all. The first side to complete every pile wins. "
                           "Along the way each side tries to hold the others back", self.hindrances(), ".")),
        ]
        self.shorter_races(blocks)
        self.mechanic_rules(blocks)
        return Section("Object of the game", "object", tuple(blocks))

    def distance_object(self) -> Section:
        """The object of a distance race: any mileage, up to (and in an exact race, exactly) the target."""
        r = self.r
        race = r.race
        goal = self.dist(race.miles)
        rule = (f"The first side to reach exactly {goal} wins: a card that would take a side past {goal} may "
                "not be laid." if race.exact else f"The first side to reach {goal} or more wins.")
        blocks: list[Block] = [Paragraph(text(
            f"The game is a race of {goal}. Every player, or every side of partners, covers the distance by "
            "laying mileage cards of any value on its distance pile; their values add up. ", rule,
            " Along the way each side tries to hold the others back", self.hindrances(), ".",
            self.refs(race.provenance)))]
        if race.caps:
            limits = [text(f"{w.number(n)} ", CardName(card)) for card, n in race.caps]
            blocks.append(Paragraph(text("No side may lay more than ", join_texts(limits, " or "),
                                         " in one race.")))
        self.shorter_races(blocks)
        self.mechanic_rules(blocks)
        return Section("Object of the game", "object", tuple(blocks))

    def dist(self, n: int) -> str:
        return w.miles(n, self.unit)

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

    def shorter_races(self, blocks: list[Block]) -> None:
        r = self.r
        shorter = [s for s in r.setups if s.race.miles != r.race.miles]
        if shorter:
            alike: dict[tuple[int, str], list[int]] = {}  # setups running the same race, seated alike
            for s in shorter:
                alike.setdefault((s.race.miles, seating(s)), []).extend(s.players)
            lines = [text(f"with {w.players_phrase(tuple(players))} players ({seats}) the race is {w.miles(miles, self.unit)}")
                     for (miles, seats), players in alike.items()]
            blocks.append(Paragraph(text("The distance changes with the number of players: ",
                                         join_texts(lines, "; "), ". See ", "the table of players and sides", ".")))

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
        if card.kind == "go":
            return text("lets a side lay mileage")
        if card.kind == "remedy":
            hazards = [c.hazard for c in self.r.delays.chains if card.name in c.steps]
            return text("repairs ", cards(hazards, "or")) if hazards else text("a remedy")
        if card.kind == "hazard":
            return phrase(effects.effects_of(self.r)[card.name].role(card))
        if card.kind == "zone":
            return self.said(zone_words.zone_role(self.r, card))
        if card.kind == SAFETIES.kind:
            return phrase(SAFETIES.role(card, self.go))
        return text("cancels ", cards(card.counters, "or"), ", shown out of turn")

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
        lay = [text("a ", self.go_pile(), ", on which it lays its ", cards(self.names("go")), " cards"
                    + (" and its remedies, and on which opponents lay hazards" if self.stopping_hazards() else ""))]
        zone_pile = zone_words.setup_pile(r)
        if zone_pile:
            lay.append(self.said(zone_pile))
        if r.race.is_distance:
            lay.append(text("one distance pile, on which it lays its mileage cards of every value"))
        else:
            lay.append(text("one mileage pile for each of ", cards(p.card for p in r.race.piles)))
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
        face_down = [p.card for p in r.race.piles if p.face_down]
        if face_down:
            blocks.append(Paragraph(text("Once the ", cards(face_down), " " + w.plural(len(face_down), "pile") +
                                         (" is" if len(face_down) == 1 else " are") +
                                         " complete, turn " + ("it" if len(face_down) == 1 else "them") +
                                         " face down to show that " + ("it is" if len(face_down) == 1 else
                                                                       "they are") + " finished.")))
        for pile in r.race.piles:
            if pile.tally:
                blocks.append(Paragraph(text(f"Lay the {w.ordinal(pile.tally)} card of the ", CardName(pile.card),
                                             " pile crosswise: it makes the pile quick to count.")))
        blocks.append(Paragraph(text("When the draw pile runs out: ", self.reshuffle_text())))
        return Section("Playing a turn", "turn", tuple(blocks))

    def play_options(self) -> list[Text]:
        r = self.r
        where, limit = ((" on your side's distance pile", "; never past the goal" if r.race.exact else "")
                        if r.race.is_distance else (" on your side's pile of that card",
                                                    "; a complete pile takes no more cards"))
        options = [text("a mileage card,", where, ", but only while your side's ",
                        self.go_pile(), " shows an undelayed ", CardName(self.go),
                        zone_words.mileage_condition(r), limit)]
        options.append(text("a ", CardName(self.go), ", on your own ", self.go_pile(),
                            ", to start your side or to end a delay"))
        if self.by_kind.get("remedy"):
            options.append(text("a remedy (", cards(self.names("remedy"), "or"), "), on your own ",
                                self.go_pile(), " when it is the next step of a repair"))
        if self.stopping_hazards():
            options.append(text("a hazard, on an opponent's ", self.go_pile(), " (", cards(self.stopping_hazards(), "or"),
                                ")"))
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
        counting = (f"They all go on a side's distance pile, and a side counts its {r.race.unit} by adding up "
                    "their values." if r.race.is_distance else
                    "Each kind goes on its own pile, and a side counts its miles by adding up its piles.")
        blocks: list[Block] = [Paragraph(text("The mileage cards are ", cards(names), ". ", counting))]
        blocks += [Paragraph(self.said(limit)) for limit in zone_words.mileage_limits(r)]
        safe = [p.card for p in r.race.piles if p.protected]
        if safe and (r.penalties or zone_words.speeding_costs_all(r)):
            blocks.append(Paragraph(text("The ", cards(safe), " piles are safe: penalties never take cards "
                                         "from them.")))
        return Section("Mileage cards", "mileage", tuple(blocks))

    def go_cards(self) -> Section | None:
        if not self.by_kind.get("go"):
            return None
        go = CardName(self.go)
        body = text("A side may lay mileage only while the top card of its ", self.go_pile(), " is a ", go,
                    ". Lay your first ", go, " to start the race")
        if self.stopping_hazards():
            body = text(body, "; after a hazard has stopped you, a ", go,
                        " laid on top (once any remedy it needs is down) sets you going again.")
        else:
            body = text(body, ".")
        return Section(f"The {self.go} card", "go", (Paragraph(body),))

    def hazard_cards(self) -> Section | None:
        r = self.r
        if not self.by_kind.get("hazard"):
            return None
        blocks: list[Block] = []
        stopping = self.stopping_hazards()
        if stopping:
            blocks.append(Paragraph(text(
                "A hazard that stops a side (", cards(stopping), ") is laid on an opponent's ", self.go_pile(),
                ". The victim can lay no more mileage until it has covered the hazard with the cards shown "
                "below, one per turn, in that order.")))
            if r.delays.target == "showing-go":
                blocks.append(Paragraph(text(
                    "Such a hazard may be laid only on a side whose ", self.go_pile(), " shows an undelayed ",
                    CardName(self.go), ": never on a side that has not started, nor on one already stopped.",
                    self.refs(r.delays.provenance))))
            else:
                blocks.append(Paragraph(text(
                    "Such a hazard may be laid on any opponent, even one that has not started or is "
                    "already stopped.", self.refs(r.delays.provenance))))
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
        chain = next((c for c in self.r.delays.chains if c.hazard == card.name), None)
        does, recovers = effects.effects_of(self.r)[card.name].row(card, chain)
        effect, cure = phrase(does), phrase(recovers)
        counters = self.countered_by(card.name)
        if counters:
            cure = text(cure, "; or turn it away with ", cards(counters, "or"))
        return (text(CardName(card.name)), text(str(card.count)), effect,
                text(cure, self.refs(chain.provenance) if chain else ()))

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
        if not self.r.counters:
            return None
        blocks: list[Block] = []
        for counter in self.r.counters:
            card = CardName(counter.card)
            safety = self.r.card(counter.card).kind == "safety"
            redraw = (f" You then draw until you hold {w.number(self.r.turn.hand)} cards again." if counter.redraw
                      else "")
            hazard = "the card" if any(self.r.card(h).kind == "zone" for h in counter.cancels) else "the hazard"
            fate = (text(f": {hazard} does nothing and goes to the discard pile, and ", card,
                         " is laid in front of your side as a safety.") if safety else
                    text(f": {hazard} does nothing, and both cards go to the discard pile."))
            when = (" is the one card you play when it is not your turn." if len(self.r.counters) == 1 else
                    " is one of the cards you may play when it is not your turn.")
            after = (text(" Then you draw and take the next turn yourself; the players seated between the "
                          "attacker and you miss theirs.") if counter.responder_next else
                     text(" The attacker's turn is over all the same, and play passes on as usual."))
            blocks.append(Paragraph(text(
                card, when, " When an opponent lays ",
                cards(counter.cancels, "or"), " against your side, you may at once show ", card, fate, redraw,
                after, " You may also keep ", card, f" in hand and let {hazard} take effect.",
                self.refs(counter.provenance))))
        blocks.append(Paragraph(self.answering_in_turn()))
        name = self.r.pile_names.counter
        return Section(f"Played out of turn: the {name}" if name else "Played out of turn", "counters", tuple(blocks))

    def answering_in_turn(self) -> Text:
        """Who answers a hazard, and in what order: the players of the side attacked, each alike."""
        name = self.r.pile_names.counter
        called = text(f"Turning a hazard away like this is called {with_article(name)}. ") if name else text()
        return text(called, "When a hazard that such a card cancels is laid against a side, each player of that "
                    "side in turn order, starting after the attacker, either turns it away or lets it pass, until one "
                    "turns it away; a player who holds no such card simply lets it pass, so that the pause "
                    "tells nobody who holds one. Once every copy of those cards lies face up, nobody is asked.")

    def penalties_section(self) -> Section | None:
        return construct_words.section(PENALTIES.section(self.r), self)

    def winning_section(self) -> Section:
        e = self.r.ending
        goal = (f"The first side to reach {'exactly ' if self.r.race.exact else ''}{self.dist(self.r.race.miles)} "
                "wins the race at once." if self.r.race.is_distance else
                "The first side to complete every one of its mileage piles wins the race at once.")
        blocks: list[Block] = [Paragraph(text(goal)),
            Paragraph(text(
                "If the draw pile is empty and a reshuffle would bring back no cards, play on without drawing "
                f"until every hand is empty. The side with the most {self.unit} then wins; equal {self.unit} make a tie.",
                self.refs(e.provenance)))]
        return Section("Winning", "winning", tuple(blocks))

    def progressive_section(self) -> Section | None:
        p = self.r.progressive
        if p is None:
            return None
        rounds = (f"Each round lasts {w.number(p.minutes)} minutes, unless the host sets another length"
                  if p.minutes else "The host sets the length of a round")
        recorder = ("the umpire, if the host has named one, goes from table to table and records" if p.umpire
                    else "each table records")
        said = [
            text("For a party, several tables play at the same time, and the host decides how many rounds make "
                 "the evening. ", self.table_sizes(p)),
            text(f"{rounds}. When the host gives the signal, play stops at every table at once and {recorder} "
                 "the miles of every player: each player scores the miles laid by their side, so partners "
                 "score alike."),
            text("A game won before the signal is followed at once by a fresh deal at the same table, and the "
                 "miles of every game of the round are added together." if p.restart else
                 "A table whose game is won before the signal waits for it, keeping the miles of that game."),
            self.movement(p),
            text("When the evening ends, the greatest total mileage wins"
                 + (f"; prizes go to the first {w.number(p.prizes)} places" if p.prizes > 1 else "")
                 + ". Players with equal totals share a place."),
        ]
        body = tuple(Paragraph(t) for t in said[:-1]) + (Paragraph(text(said[-1], self.refs(p.provenance))),)
        return Section("Progressive play", "progressive", body)

    def table_sizes(self, p) -> Text:
        """Who sits at a table, by the setup each size plays: partners or single players, cards out, race."""
        groups: dict[bool, list[int]] = {}
        for n in p.sizes():
            groups.setdefault(self.r.setup_for(n).side_size > 1, []).append(n)
        phrases = [w.players_phrase(sizes) + (", partners facing each other" if partners else
                                              ", each for themselves")
                   for partners, sizes in groups.items()]
        said = f"A table seats {phrases[0]}" + (f"; or else {phrases[1]}, but tables of partners and tables " 
                                                 "of single players are never mixed in one party"
                                                 if len(phrases) > 1 else "") + "."
        for n in p.sizes():
            setup = self.r.setup_for(n)
            changes = ([plain(counted(setup.removals)) + " are taken out"] if setup.removals else []) + (
                [f"the race is {w.miles(setup.race.miles)}"] if setup.race.miles != self.r.race.miles else [])
            if changes:
                said += f" At a table of {w.number(n)}, {w.join(changes)}."
        return text(said)

    def movement(self, p) -> Text:
        if not p.winners_move_up:
            return text("Nobody changes tables: each table plays together all evening.")
        said = ("After each round the side with the most miles at each table moves up to the next table, and "
                "the others stay. At the head table the winners stay and the side with the fewest miles goes "
                "down to the foot table. A tie for the most miles is settled by a cut of the cards.")
        if p.partners:
            said += (" Partners move together and keep each other all evening." if p.partners_stay else
                     " Then every pair separates: each new pair joins one player who stayed with one who "
                     "arrived, and each player keeps the pair's miles as their own score.")
        return text(said)

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


def _miles(ruleset: Ruleset, name: str) -> int:
    try:
        return ruleset.card(name).miles or 0
    except KeyError:
        return 0



__all__ = ["build", "cards", "seating"]
