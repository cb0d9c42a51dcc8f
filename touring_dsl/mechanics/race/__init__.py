"""Mechanics, the race: how far a side goes, on which piles, and how a race is won or ends.

Construct: the `race` and `ending` sections of an edition.

    race 1000 km {                    (or `race 700 miles exact`, a distance race laid exactly)
        pile "25" needs 4             a pile race: each mileage card on its own pile, N needed
        pile "200" needs 2 protected  (`protected`, `face down`, `tally N`: the pile's flags)
        at most 2 "200"               a distance race: at most N of a card per side
    }
    ending {
        win by completing every pile
        when exhausted play out hands most miles wins
        turn limit 400
    }

A mileage card goes on its pile while the pile is open (or, in a distance race, counts while under its
cap and, if exact, while it fits); the side that completes every pile or reaches the target wins at
once; when the cards or the turn limit run out, the side with the most miles wins, equal leaders tie.

What is in this package, one file per stage:

    statements.py  the sections' grammar aliases -> raw statements, and each statement's key (language.syntax)
    model.py       the model part Race, Pile and Ending (pydantic), which language.model imports from here
                   (a race's `mechanics` part is made from the registry: mechanics.parts)
    compile.py     the `race` section -> Race, checked whole; a setup's own race; the `ending` section ->
                   Ending; with their errors (E220, E221, E222, E223, E224, E260, E201)
    kernel.py      the tables (unit, target, exact, each mileage card's need, the piles' order) and
                   the kernel lines that lay a mileage card, reach the target, take a mileage card away
                   (a hazard's `removes`: mechanics.effects.removal), reopen a distance race's piles,
                   and settle the winner in finish()
    words.py       explain's refusal of a mileage card, `touring show`'s line, the differ's comparison of two
                   races, two endings and two setups' own races, and its sentences
    suggest.py     `touring new`'s suggestions: a shorter race, a turn limit
    rulebook.py    the rulebook's Object of the game (piles or distance, caps, shorter races) and Winning
                   sections, and what the other sections say of the piles (setting up, a turn's mileage
                   option, face-down and crosswise piles, counting, safe piles), as phrases (mechanics.phrases)

The stages call RACE below: language.syntax (the parse), the compiler's loops (compile_fields: the race and
the ending; setup_race: a setup's own race, checked against its pack), engine.tables and engine.codegen,
explain, cli.show, the differ's loops (compare, seating_changes, seating_summary, seating_said), and the
rulebook through its loops over mechanics.core.CORE (chapter: the object and the winning; card_chapter:
the mileage cards; card_role, setup_lines, play_options, turn_blocks, provenance_rows). The players'
table (each setup's race and its piles' needs) is the rulebook's.
"""
from __future__ import annotations

from ...base.i18n import _

from ..construct import Construct, on_first_call
from . import kernel, rulebook, statements, suggest, words
from ..vocabulary import MILEAGE
from ..phrases import Chapter
from .kernel import NO_CAP


class RaceConstruct(Construct):
    """The race construct as the stages call it: one object, each attribute a stage's piece."""

    name = "race"  # the Ruleset field and the section's word (the ending's is "ending")
    sections = ("race", "ending")

    # the parse (language.syntax hands each grammar alias of the two sections here)
    parse = staticmethod(statements.parse)  # (alias, children): the statement's (kind, data), or a part's value
    statement_key = staticmethod(statements.statement_key)  # (kind, data): its key within the section
    statements = tuple(statements.PARSE)  # its grammar aliases (last: the name is the module's until here)
    errors = {"E220": "the piles do not add up to the race",  # its own codes (language.errors.CODES takes them in)
              "E221": "a pile that is not a mileage card",
              "E222": "a pile needs more cards than the deck holds",
              "E224": "a distance-race rule in a race of piles, or a race in the wrong unit"}

    # the compiler (pydantic: compile.py is imported on use, never by the engine's import of this package)
    compile_race = on_first_call(f"{__name__}.compile", "compile_race")  # (build): the Race, checked whole
    compile_setup_race = on_first_call(f"{__name__}.compile", "compile_setup_race")  # (build, stmt, piles, race)
    check_supply = on_first_call(f"{__name__}.compile", "check_supply")  # (build, race, supply, where, label): E222
    compile_pile = on_first_call(f"{__name__}.compile", "compile_pile")  # (build, stmt): one Pile, or None
    compile_caps = on_first_call(f"{__name__}.compile", "compile_caps")  # (build): the distance race's caps
    compile_ending = on_first_call(f"{__name__}.compile", "compile_ending")  # (build): the Ending part

    def compile_fields(self, build, section: str) -> dict:
        """The compiler's loop: the Ruleset's `race` (checked whole), or its `ending`."""
        if section == "race":
            return {"race": self.compile_race(build)}
        return {"ending": self.compile_ending(build)}

    def setup_race(self, build, setup, race):
        """A setup's own race (its `race` line and piles, or the edition's), its piles checked against the
        pack the setup deals (E222)."""
        own = self.compile_setup_race(build, setup.rules.get("setup_race"), setup.piles, race)
        self.check_supply(build, own, setup.supply, setup.name, f' of setup "{setup.name.value}"')
        return own

    # the engine: tables and kernel lines (engine.tables, engine.codegen, and the removal effect)
    def tables(self, t, ruleset, setup) -> None:
        kernel.tables(t, setup.race)  # unit, target, exact, needs, pile order, protected piles (the setup's race)
        t.turn_limit = ruleset.ending.turn_limit

    def kernel_names(self) -> dict[str, str]:
        return kernel.KERNEL_NAMES  # the run-time names of finish(): the outcome, the winner

    def plays(self, t) -> list:
        return [((MILEAGE,), self.mileage)]  # a mileage card laid (engine.codegen.Emitter.play)

    mileage = staticmethod(kernel.mileage)  # a mileage card played: laid on its pile, or speeding (mechanics.zones)
    lay_mileage = staticmethod(kernel.lay_mileage)
    reopen = staticmethod(kernel.reopen)  # a distance race's open piles for a side, recomputed
    removal = staticmethod(kernel.removal)  # a hazard that removes a mileage card, with a counter's chance
    remove_mileage = staticmethod(kernel.remove_mileage)
    settle = staticmethod(kernel.settle)  # finish()'s body: the winner, by completion or by most miles

    # words
    def card_refusal(self, game, s: int, c: int, asking) -> str | None:
        """Why a mileage card may not be laid now (a mechanic, the Extension, may have moved the target)."""
        return words.refusal(game, s, c, asking.target_now) if game.t.kind[c] == MILEAGE else None

    def show_lines(self, ruleset) -> list[str]:
        return [words.show(ruleset)]  # `touring show`'s line

    def suggestions(self, ruleset, section: str) -> list:
        """`touring new`'s: a shorter race (each way of writing it), or a turn limit (changed or added)."""
        return [suggest.suggest_race(ruleset)] if section == "race" else [suggest.suggest_turn_limit(ruleset)]

    def compare(self, comparison, section: str) -> None:
        """The differ's loop (diff.compare): the changes to the race, or to the ending."""
        (words.compare_race if section == "race" else words.compare_ending)(comparison)

    def seating_changes(self, to_b, setup_a, ruleset_a, setup_b, ruleset_b) -> list:
        return list(words.compare_setup_race(to_b, setup_a, ruleset_a, setup_b, ruleset_b))  # its own race

    def seating_summary(self, setup, ruleset) -> dict:
        return {"race": words.setup_length(setup, ruleset)}  # its own race's length, or None: the full race

    def seating_said(self, summary: dict) -> list[str]:
        race = summary["race"]
        return [_("the full race") if race is None else _("a race of {length}").format(length=words.length_said(race))]

    diff_phrases = words.DIFF_PHRASES  # their sentences (diff.describe, through mechanics.core)
    provenance_kinds = ("Piles",)  # its sources rows' kinds that share a line when they cite alike

    # the rulebook's loops (rulebook.document, rulebook.provenance)
    def chapter(self, ruleset, slot: str, book):
        """The Object of the game ("race": the race's blocks, then the mechanics' rules the book gives), or
        the Winning chapter ("ending")."""
        if slot == "ending":
            return rulebook.winning(ruleset)
        blocks = (*rulebook.object_blocks(ruleset, book.hindrances()), *book.mechanic_rules())
        return Chapter(_("Object of the game"), "object", blocks)

    def card_chapter(self, ruleset, slot: str, book):
        return rulebook.mileage_chapter(ruleset)

    def card_role(self, ruleset, card, book) -> tuple | None:
        return rulebook.mileage_role(ruleset, card) if card.kind == "mileage" else None

    def setup_lines(self, ruleset) -> list[tuple]:
        return [rulebook.setup_piles(ruleset)]

    def play_options(self, ruleset, book) -> list[tuple]:
        return [rulebook.mileage_option(ruleset)]

    def turn_blocks(self, ruleset) -> list:
        return list(rulebook.pile_flags(ruleset))  # the piles turned face down, the cards laid crosswise

    def provenance_rows(self, ruleset, slot: str) -> list[tuple[str, object]]:
        return rulebook.provenance_rows(ruleset, slot)


RACE = RaceConstruct()

__all__ = ["RACE", "RaceConstruct", "NO_CAP"]
