"""Mechanics, the turn: how many cards a hand holds, how a turn draws and plays, how it passes, and
what happens when the draw pile runs out.

Construct: the `turn` and `reshuffle` sections of an edition.

    turn {
        hand 6                        each player is dealt six cards and holds six between turns
        draw 1 before play            (or `draw 2 after play`: draw after laying or discarding)
        before go hazard, zone        the kinds a side may lay before its first go card
    }
    reshuffle {
        return discards               the discard pile goes back into the draw pile
        return go piles except top    (`all`, `except top`, `none`) and the same for `zone piles`
    }

On a turn a player draws and then lays one card or discards one; a player who ends a turn holding more
than the hand (having drawn more than one) discards down to it before the turn passes, and those discards
are not turns. The turn passes to the next seat holding a card; when none holds one, the race is over
(exhausted). When the draw pile is empty, the cards the `reshuffle` section names are shuffled into a
new one; when nothing comes back, players play on without drawing.

Everything turn-specific is in this package, one file per stage:

    statements.py  the sections' grammar aliases -> raw statements, and each statement's key (language.syntax)
    model.py    the model part (Turn, Reshuffle), which language.model imports from here
    compile.py  the two sections' statements -> Turn and Reshuffle, with the errors (E260, E223)
    kernel.py   the tables (hand size, draw, before-go mask, what a reshuffle returns) and the kernel
                lines that deal, draw, discard, count a turn, pass it and reshuffle; the named points of
                a turn's end (end_of_turn, turn_passes, draw_step) where other rules write their lines
    words.py    explain's refusal, `touring show`'s line, the differ's comparison and its sentences,
                `touring new`'s suggestions (a bigger hand, a different reshuffle)
    rulebook.py the rulebook's words: how a turn runs, what a side may play before its first go card,
                what happens when the draw pile runs out, and a house rule's changes to either

TURN below is what the stages call (language.syntax, the compiler, engine.tables, engine.codegen and the rules that draw,
engine.explain, cli.show, cli.new, diff, the rulebook's turn chapter, sources rows and variant section; engine.tables,
engine.explain, cli.show, cli.new and the rulebook through their loops over mechanics.core.CORE). The grammar lines are in
grammar/touring.lark (`turn_rule`, `reshuffle_rule`). The state the turn moves
(hands, the draw and discard piles) and the wait for a discard down (engine.schema's DISCARD_DOWN, which
legality answers with discards only) are the engine's, shared with every rule.
"""
from __future__ import annotations

from ...base.i18n import _

from ..construct import Construct, on_first_call
from . import kernel, rulebook, statements, words


class TurnConstruct(Construct):
    """The turn construct as the stages call it: one object, each attribute a stage's piece."""

    name = "turn"  # the Ruleset field and the section's word (the reshuffle's is "reshuffle")
    sections = ("turn", "reshuffle")

    # the parse (language.syntax hands each grammar alias of the two sections here)
    parse = staticmethod(statements.parse)  # (alias, children): the statement's (kind, data), or a part's value
    statement_key = staticmethod(statements.statement_key)  # (kind, data): its key within the section
    statements = tuple(statements.PARSE)  # its grammar aliases (last: the name is the module's until here)

    # the compiler (pydantic: compile.py is imported on use, never by the engine's import of this package)
    compile_turn = on_first_call(f"{__name__}.compile", "compile_turn")  # (build): the Turn part
    compile_reshuffle = on_first_call(f"{__name__}.compile", "compile_reshuffle")  # (build): the Reshuffle part

    def compile_fields(self, build, section: str) -> dict:
        """The compiler's loop: the Ruleset's `turn` or `reshuffle` field, from that section."""
        if section == "turn":
            return {"turn": self.compile_turn(build)}
        return {"reshuffle": self.compile_reshuffle(build)}

    # the engine: tables and kernel lines
    events = kernel.EVENTS  # the event kinds its kernel lines report that an example may expect -> words

    def events_read(self) -> dict[str, str]:
        """Its events' words in the reader's language (a worked example's \"What follows\")."""
        return {"reshuffle": _("The cards were reshuffled into a new draw pile.")}

    def kernel_names(self) -> dict[str, str]:
        return kernel.KERNEL_NAMES  # the run-time names its kernel lines use (the kernel's heading)

    def tables(self, t, ruleset, setup) -> None:
        kernel.tables(t, ruleset)  # hand, draw, before-go mask, what a reshuffle returns

    def flags(self, t) -> dict[str, bool]:
        return {"hand_limit": kernel.hand_limit(t)}  # the Emitter's e.hand_limit: a turn may end over the hand size

    def waits(self, t) -> bool:
        return kernel.hand_limit(t)  # a turn that ends over the hand size waits for its discards

    hand_limit = staticmethod(kernel.hand_limit)
    leave_hand = staticmethod(kernel.leave_hand)
    count_turn = staticmethod(kernel.count_turn)
    discard = staticmethod(kernel.discard)
    draw_one = staticmethod(kernel.draw_one)
    draw_cards = staticmethod(kernel.draw_cards)
    advance = staticmethod(kernel.advance)
    deal = staticmethod(kernel.deal)
    reshuffle = staticmethod(kernel.reshuffle)

    # words
    def seat_refusal(self, game, seat: int) -> str | None:
        return words.refusal(game)  # the seat is discarding down to its hand

    def show_lines(self, ruleset) -> list[str]:
        return [words.show(ruleset)]

    def suggestions(self, ruleset, section: str) -> list:
        if section == "turn":
            return [[words.suggest_hand(ruleset)]]
        return [words.suggest_reshuffle(ruleset)]  # the reshuffle: one change, written as the parent allows

    def compare(self, comparison, section: str) -> None:
        """The differ's loop: the changes to the turn, or to the reshuffle."""
        (words.compare_turn if section == "turn" else words.compare_reshuffle)(comparison)

    diff_phrases = words.DIFF_PHRASES

    # the rulebook's loops (rulebook.document, rulebook.variant, rulebook.provenance)
    def chapter(self, ruleset, slot: str, book):
        return rulebook.chapter(ruleset, book)  # Playing a turn

    def provenance_rows(self, ruleset, slot: str) -> list[tuple[str, object]]:
        if slot == "reshuffle":
            return [(_("When the draw pile runs out"), ruleset.reshuffle.provenance)]
        return [(_("The turn"), ruleset.turn.provenance)]

    def variant_lines(self, old, new, slot: str) -> list[tuple]:
        if slot == "reshuffle":
            return rulebook.variant_reshuffle(old.reshuffle, new.reshuffle)
        return rulebook.variant_turn(old.turn, new.turn)


TURN = TurnConstruct()

__all__ = ["TURN", "TurnConstruct"]
