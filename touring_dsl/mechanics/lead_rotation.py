"""Mechanics, the lead rotates: in a match, the player left of a race's first player leads the next race.

Construct: in the `scoring` section, beside `match to N points`, the line `lead rotates` (without a
match there is no next race to lead: E299). Seat 1 leads (is dealt to first and takes the first turn
of) race 1; then the lead passes to the left, so race k (0-based) is led by seat k mod players and the
lead goes round the table. Without it, seat 1 leads every race (the core's rule, engine.match).

A mechanic of the match (place "match"): it writes no kernel line and keeps no state; engine.match
asks its first_seat for the seat each race is dealt from. Every piece is declared below, as the
Extension's are (docs/language.md, "Adding a mechanic").
"""
from __future__ import annotations

from ..base.i18n import _
from .base import Mechanic, model_on_first_use

# the part of the model: the match's lead passes to the left race by race
__getattr__ = model_on_first_use(
    __name__, "LeadRotation", "In a match, the player left of a race's first player leads the next race.")


class LeadRotationMechanic(Mechanic):
    name = "lead_rotation"
    means = "in a match, the player left of a race's first player leads the next race"
    place = "match"
    topic = "scoring"
    model = property(lambda self: __getattr__("LeadRotation"))  # made on first use (base.model_on_first_use)
    statements = {"lead_rotates": "scoring"}
    errors = {"E299": "a lead that rotates between the races of no match"}

    # the compiler ------------------------------------------------------------------------------
    def parse(self, rule: str, children: list) -> dict:
        return {}

    def compile(self, stmts: list, context, build):
        if not stmts:
            return None
        stmt = stmts[-1]
        if build.one("scoring", "match_to") is None:
            build.c.error("E299", "the lead rotates between the races of a match, but the scoring plays no match",
                          stmt.span, "add `match to N points`, or drop `lead rotates`")
            return None
        return self.model(provenance=build.provenance(stmt, "the lead"))

    # between the races of a match ----------------------------------------------------------------
    def first_seat(self, part, players: int, race: int) -> int:
        return race % players

    def title(self) -> str:
        return _("Lead rotation")

    # words -------------------------------------------------------------------------------------
    def rulebook(self, part, unit: str) -> list[str]:
        return [_("The lead passes to the left from race to race: the player on the left of the one who took the "
                  "first turn of a race is dealt to first and plays first in the next, so every player leads in "
                  "turn.")]

    def variant_lines(self, old, new, unit: str) -> list[str]:
        """The differ's words (diff below), in the reader's language for the rulebook."""
        if (old is None) == (new is None):
            return []
        if new is None:
            return [_("the same player leads every race (was: in the match the lead passes to the left from "
                      "race to race)")]
        return [_("in the match the lead passes to the left from race to race (was: the same player leads every "
                  "race)")]

    def diff(self, old, new, unit: str) -> list[str]:
        if (old is None) == (new is None):
            return []
        if new is None:
            return [_("the same player leads every race (was: in the match the lead passes to the left from race "
                      "to race)")]
        return [_("in the match the lead passes to the left from race to race (was: the same player leads every "
                  "race)")]

    def show(self, part, unit: str) -> str:
        return _("the lead passing to the left race by race")

    def match_status(self, part, leader: str) -> str:
        return _("{leader} leads").format(leader=leader)


MECHANIC = LeadRotationMechanic()
