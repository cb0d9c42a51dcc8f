"""Mechanics, zones: which mileage a side may lay depends on the zone it (or the whole table) is in.

Construct: the `zones` section of an edition.

    zones per side {                      (or `zones for the whole game`)
        zone "Speed Limit" allows "25", "50"     (or `allows all mileage`)
        zone "End of Limit" allows all mileage
        start in "End of Limit"
        play "Speed Limit" on an opponent       (own side | an opponent | any side)
        play "End of Limit" on own side
        speeding forbidden                       (forfeits the card | forfeits all mileage)
        zone cards must change                   (or `may repeat the zone`)
    }

Each zone is named by the zone card (a deck card of kind `zone`) that puts a side into it, and allows
some mileage cards. Per side, each side has its own zone pile and is in the zone of its top card (the
`start in` zone before any); for the whole game, one shared zone pile sets the zone of every side. A
zone card is played where its `play` line says; it must change the zone unless `may repeat the zone`.
A mileage card the zone does not allow cannot be laid (`speeding forbidden`), or may be laid and costs
the speeder that card, or every mileage card and its go pile.

Everything zone-specific is in this package, one file per stage:

    parse.py    the section's grammar aliases -> raw statements, and each rule's key (language.syntax)
    model.py    the model part (Zone, ZonePlay, Zones), which language.model imports from here
    compile.py  the section's statements -> Zones, with the errors (E202, E256, E260)
    kernel.py   the state (zone piles, each side's zone), the tables (ALLOW, MILE_OK, zone_own /
                zone_opp, reach) and the kernel lines of a zone card and of speeding
    words.py    explain's refusals, `touring show`'s lines, the differ's comparison and sentences
    suggest.py  `touring new`'s suggested changes to the section
    rulebook.py the rulebook's Zones section and what the other sections, the variant section and the
                sources table say of zones, as phrases (mechanics.phrases; rulebook/construct_words.py)

ZONES below is what the stages call (language.syntax, the compiler, engine.schema, engine.tables,
engine.codegen and the rules that lay mileage and answer counters, engine.explain, cli.show, cli.new, diff; the
tables, explain, show, new and the rulebook (document, variant, provenance: rulebook.py's phrases)
through their loops over mechanics.core.CORE). The grammar lines are in
grammar/touring.lark (`zone_rule`).
"""
from __future__ import annotations

from ..construct import Construct, on_first_call
from . import kernel, rulebook, suggest, words
from ..vocabulary import ZONE
from . import parse as grammar
from .kernel import FORBIDDEN, FORFEIT_ALL, FORFEIT_CARD, SPEEDING_CODES


class ZonesConstruct(Construct):
    """The zones construct as the stages call it: one object, each method a stage's piece."""

    name = "zones"  # the Ruleset field and the section's word
    topic = "zones"  # the differ's topic (diff.changes.TOPICS)

    # the parse and the compiler (the Construct contract: language.syntax loops over mechanics.core.CORE)
    statements = tuple(grammar.PARSE)  # its grammar aliases
    key_words = {"zone": ("zone", 1), "zone_play": ("where to play", 1)}  # its keys' words in messages
    kinds = grammar.KINDS  # the statement kinds the aliases parse to ("zone_def" is a "zone" statement)
    statement_key = staticmethod(grammar.statement_key)  # (kind, data): its key within the section

    def parse(self, alias: str, children: list):
        """A grammar alias's raw statement, or a part's word (language.syntax.ToRaw)."""
        return grammar.PARSE[alias](*children)

    compile_zones = on_first_call(f"{__name__}.compile", "compile_zones")  # (build): the Zones model part

    def compile_fields(self, build, section: str) -> dict:
        return {"zones": self.compile_zones(build)}  # (the compiler's loop)

    # the engine
    def state(self) -> tuple:
        return kernel.STATE  # its StateFields: the zone piles, each side's zone (engine.schema)

    def tables(self, t, ruleset, setup) -> None:
        kernel.tables(t, ruleset.zones)  # the zone tables on the Tables

    def targets(self, t, c: int) -> bool:
        return t.kind[c] == ZONE and kernel.targeted(t, c)  # a zone card that may reach another side's pile

    features = staticmethod(kernel.features)  # (t): the kernel heading's words
    play = staticmethod(kernel.zone)  # (e): a zone card laid

    def plays(self, t) -> list:
        return [((ZONE,), self.play)]  # a zone card laid (engine.codegen.Emitter.play)

    speeding = staticmethod(kernel.speeding)  # (e): a mileage card laid outside the zone's allowance
    change_zone = staticmethod(kernel.change_zone)  # (e): zone card c puts side v in its zone
    against_zones = staticmethod(kernel.against_zones)  # (e): whether a counter may answer a zone card

    # words
    mileage_refusal = staticmethod(words.mileage_refusal)

    def card_refusal(self, game, s: int, c: int, asking) -> str | None:
        """Why zone card c may not be played: each side it may go on is in its zone already, or shielded."""
        if game.t.kind[c] != ZONE:
            return None
        return words.refusal(game, s, c, asking.shield_reason, asking.side_name)

    def show_lines(self, ruleset) -> list[str]:
        return words.show_lines(ruleset.zones)

    def suggestions(self, ruleset, section: str) -> list:
        return suggest.suggestions(ruleset)

    def compare(self, comparison, section: str) -> None:
        words.compare(comparison)  # the differ's changes (diff.compare's loop)

    diff_phrases = words.DIFF_PHRASES

    # the rulebook's loops (rulebook.document, rulebook.variant, rulebook.provenance): rulebook.py's phrases
    provenance_kinds = rulebook.PROVENANCE_KINDS  # its sources rows' kinds that share a line when they cite alike

    def chapter(self, ruleset, slot: str, book):
        return rulebook.section(ruleset)  # the Zones chapter, or None

    def card_role(self, ruleset, card, book) -> tuple | None:
        return rulebook.zone_role(ruleset, card) if card.kind == "zone" else None

    def setup_lines(self, ruleset) -> list[tuple]:
        pile = rulebook.setup_pile(ruleset)
        return [pile] if pile else []

    def setup_blocks(self, ruleset) -> list:
        start = rulebook.setup_start(ruleset)
        return [start] if start else []

    def partner_piles(self, ruleset) -> str:
        return rulebook.partners_pile(ruleset)

    def play_options(self, ruleset, book) -> list[tuple]:
        said = rulebook.play_option(ruleset)
        return [said] if said else []

    def hindrances(self, ruleset) -> list[str]:
        said = rulebook.hindrance(ruleset)
        return [said] if said else []

    def provenance_rows(self, ruleset, slot: str) -> list[tuple[str, object]]:
        return rulebook.provenances(ruleset)

    def variant_lines(self, old, new, slot: str) -> list[tuple]:
        return rulebook.differences(old, new)


ZONES = ZonesConstruct()

__all__ = ["ZONES", "ZonesConstruct", "FORBIDDEN", "FORFEIT_CARD", "FORFEIT_ALL", "SPEEDING_CODES"]
