"""Mechanics, the Extension: at a short race's target, the player who reached it may lengthen the race.

Construct: in a setup, after its `race N km`, the line `extension to M km` (M longer than N; a distance
race only), and in the scoring section the bonus, one of two ways: `P points for an extension, to its
caller who completes it, else to each opponent of the caller` (the rulebooks' way: the caller's side
scores it if it completes the longer race; if it does not, whoever else completes it or nobody, every
other side scores it), or `P points for completing the race after an extension` (to whichever side
completes the extended race, as some computer games pay it). When a side first reaches the race's
target (N), the player who laid the card decides, before anything else happens: `extend` (the race goes
on to M, an exact race still needs M exactly) or `stop` (the race ends as it would have without the
rule). A race may be extended once. The target is state from then on (`race_target`, public), so every
rule that reads the target reads it there, and so is the side that called it (`extended_by`, public).

Every piece this mechanic adds is declared below; docs/language.md, "Adding a mechanic", walks
through them one by one.
"""
from __future__ import annotations

from ..base.i18n import _, pgettext

from functools import partial

from ..base.wording import unit_said
from .base import Award, Decision, Finish, Mechanic, model_on_first_use
from .vocabulary import ONE, PUBLIC, VALUE, Offer, StateField


# the Extension's part of the model: a race that the side reaching its target may extend, once, to `to`
__getattr__ = model_on_first_use(
    __name__, "Extension", "A race that the side reaching its target may extend, once, to `to` (in the race's unit).",
    lambda: {"to": (int, ...)})


EXTEND, STOP = "extend", "stop"
MARGIN = 1  # the bots extend when their lead over every rival is at least the extension's length (times this)


def bot_choice(target: int, to: int, side: int, miles) -> int:
    """The rule bots' answer (0: extend, 1: stop): extend only with a lead over every rival at least as
    long as the extension, so that a rival needs more to finish the long race than the side needs
    (declining is safe: the side has completed the race and scores it)."""
    lead = min((miles[side] - m for v, m in enumerate(miles) if v != side), default=0)
    return 0 if lead >= (to - target) * MARGIN else 1


class ExtensionMechanic(Mechanic):
    name = "extension"
    means = "at the target, the player who reached it may extend the race to a longer one"
    place = "race"
    model = property(lambda self: __getattr__("Extension"))  # made on first use (base.model_on_first_use)
    statements = {"extension": "setup"}
    errors = {"E225": "an extension that is not longer than its race, or on a race of piles, or in another unit"}
    decisions = (Decision(EXTEND, "extend the race"), Decision(STOP, "end the race here"))
    finishes = (Finish("completing-extended", "finish_extension", "after an extension"),)
    awards = (Award("extension-called", "score_extension",
                    "for an extension, to its caller who completes it, else to each opponent of the caller",
                    "when the race was extended: the side whose player called the extension scores them if it "
                    "completed the longer race; if it did not (another side completed it, or nobody did), each "
                    "other side scores them instead"),)
    events = {"extend": "The race was extended."}

    def events_read(self) -> dict[str, str]:
        """Its events' words in the reader's language (a worked example's \"What follows\")."""
        return {"extend": _("The race was extended.")}

    kernel_names = {}
    constants = ("EXTENSION_OFFER",)

    # the compiler ------------------------------------------------------------------------------
    def parse(self, rule: str, children: list) -> dict:
        to, unit = children
        return {"to": to, "unit": unit}

    def compile(self, stmts: list, race, build):
        if not stmts:
            return None
        stmt = stmts[-1]
        to = stmt.data["to"]
        if not race.is_distance:
            build.c.error("E225", "an extension is for a distance race, but this race has piles", stmt.span,
                          "leave the piles out, or the extension")
            return None
        if stmt.data["unit"] != race.unit:
            build.c.error("E225", f'this extension is in {stmt.data["unit"]}, the race in {race.unit}', stmt.span,
                          f"write {race.unit}")
            return None
        if to.value <= race.miles:
            build.c.error("E225", f"an extension to {to.value} {race.unit} is not longer than the race of "
                          f"{race.miles} {race.unit}", to.span, f"extend to more than {race.miles} {race.unit}")
            return None
        return self.model(to=to.value, provenance=build.provenance(stmt, "the extension"))

    # the engine --------------------------------------------------------------------------------
    def state(self) -> tuple:
        return (StateField("race_target", "the distance a side must reach to complete the race (an extension "
                           "lengthens it)", ONE, "{t.target}", VALUE, PUBLIC, view="extra"),
                StateField("extended_by", "the side whose player called the extension (-1: not extended)", ONE,
                           "-1", VALUE, PUBLIC, view="extra"))

    def tables(self, t, part) -> None:
        t.target_field = "race_target"
        t.extend_to = part.to
        t.offers[self.name] = Offer(self.name, (t.action_code(EXTEND), t.action_code(STOP)),
                                    partial(bot_choice, t.target, part.to))

    def kernel_constants(self, t) -> dict[str, str]:
        return {"EXTENSION_OFFER": f"T.offers[{self.name!r}]  # extend or stop, asked at the target"}

    def target(self, e) -> str:
        return "self.race_target"

    def target_reached(self, e, side: str) -> None:
        """The first time a side reaches the short target, the player who laid the card is asked."""
        with e.w.block(f"if self.race_target < {e.t.extend_to}:  # not extended yet: the player decides"):
            e.w("pending = EXTENSION_OFFER")
            e.pause()

    def decide(self, e) -> None:
        """`extend`: the race goes on to the longer target, every side's cards that fit change; `stop`: the
        race ends, won by the side that reached the target."""
        w, t = e.w, e.t
        w("pending = None")
        with w.block(f"if {e.action_test(EXTEND)}:"):
            w(f"self.race_target = {t.extend_to}")
            w("self.extended_by = s  # the caller's side: the bonus is its, or its opponents'")
            with w.block(f"for v in range({t.sides}):"):
                w(f"remaining[v] = {t.extend_to} - miles[v]")
                e.reopen("v")
                e.refresh("v")
            e.event('"extend"', "seat", "s", "None",
                    f'f"player {{seat + 1}} extends the race to {t.extend_to} {t.unit}"')
        with w.block("else:"):
            e.finish("completed", "s")

    # the bots ----------------------------------------------------------------------------------
    def choose(self, t, side: int, miles, offer) -> int:
        return offer.choose(side, miles)

    def answer_lines(self, t) -> list[str]:
        """bot_choice, on numbers."""
        return ["lead = 0", "first = True",
                "for v in range(len(miles)):",
                "    if v != s and (first or miles[s] - miles[v] < lead):",
                "        lead = miles[s] - miles[v]",
                "        first = False",
                f"answer = 0 if lead >= {(t.extend_to - t.target) * MARGIN!r} else 1"]

    def finish_holds(self, game, side: int, what: str) -> bool:
        return game.race_target > game.t.target

    def award_count(self, game, side: int, what: str) -> int:
        """The caller's side scores the bonus if it completed the extended race; if not, every other side."""
        caller = game.extended_by
        if caller < 0:
            return 0
        made_good = game.outcome == "completed" and game.winner == caller  # (scoring.base.completed)
        return int(side == caller) if made_good else int(side != caller)

    def title(self) -> str:
        return _("Extension")

    # words -------------------------------------------------------------------------------------
    def rulebook(self, part, unit: str) -> list[str]:
        return [_("The first side to reach the target does not win at once: the player who laid the card "
                  "chooses to extend the race to {goal}, or to stop there and win. A race is extended once; an "
                  "extended race is run to {goal} by the same rules.").format(goal=f"{part.to} {unit}")]

    def award_rulebook(self, award) -> str:
        return _("when the race was extended: the side whose player called the extension scores them if it "
                 "completed the longer race; if it did not (another side completed it, or nobody did), each "
                 "other side scores them instead")

    def finish_rulebook(self, finish) -> str:
        return _("after an extension")

    def variant_lines(self, old, new, unit: str) -> list[str]:
        """The differ's words (diff above), in the reader's language for the rulebook."""
        if old == new or (old is not None and new is not None and old.to == new.to):
            return []
        if new is None:
            return [_("no extension (was: the race may be extended to {goal})").format(goal=f"{old.to} {unit}")]
        if old is None:
            return [_("the race may be extended to {goal} (was: no extension)").format(goal=f"{new.to} {unit}")]
        return [_("the race may be extended to {goal} (was {was})").format(goal=f"{new.to} {unit}",
                                                                            was=f"{old.to} {unit}")]

    def decision_rulebook(self, action: str) -> str | None:
        return {EXTEND: _("chooses to extend the race"), STOP: _("chooses to end the race here")}.get(action)

    def diff(self, old, new, unit: str) -> list[str]:
        if old == new or (old is not None and new is not None and old.to == new.to):
            return []
        if new is None:
            return [_("no extension (was: the race may be extended to {miles} {unit})").format(
                miles=old.to, unit=unit_said(unit))]
        if old is None:
            return [_("the race may be extended to {miles} {unit} (was: no extension)").format(
                miles=new.to, unit=unit_said(unit))]
        return [_("the race may be extended to {miles} {unit} (was {old} {unit})").format(
            miles=new.to, old=old.to, unit=unit_said(unit))]

    def show(self, part, unit: str) -> str:
        return _("extension to {miles} {unit}").format(miles=part.to, unit=unit_said(unit))

    def term_words(self, what: str) -> str | None:
        """What its scoring terms count, after their points, in the reader's language."""
        if what == "extension-called":
            return _("for an extension, to its caller who completes it, else to each opponent of the caller")
        if what == "completing-extended":
            return _("for completing the race after an extension")
        return None

    def decision_label(self, decision) -> str:
        return _("extend the race") if decision.action == EXTEND else _("end the race here")

    def status(self, game) -> str | None:
        t = game.t
        if game.race_target > t.target:
            return _("the race is extended to {to} {unit}").format(to=game.race_target, unit=t.unit)
        return _("the race is {target} {unit}; it may be extended to {to} {unit}").format(
            target=t.target, unit=t.unit, to=t.extend_to)

    def question(self, game, offer, reader_side: int | None = None) -> str:
        """The question to the seat to act, worded for a reader on reader_side: "Your side reached 700 km"
        to the side asked, "Side 1 reached 700 km" to the others."""
        t = game.t
        terms = game.ruleset.scoring.terms if game.ruleset.scoring else ()
        bonus = sum(term.points for term in terms if term.what in (self.finishes[0].what, self.awards[0].what))
        lost = sum(term.points for term in terms if term.what == self.awards[0].what)
        asked = t.side_of[game.to_act]
        mine = reader_side == asked
        alone = len(t.seats_of[asked]) == 1  # French names a player alone, not a team
        if bonus and lost:
            more = (_(", {bonus} more points if your side completes it and {lost} to each other side if not") if mine
                    else _(", {bonus} more points if the side completes it and {lost} to each other side if not"))
        elif bonus:
            more = _(", {bonus} more points if your side completes it") if mine else \
                _(", {bonus} more points if the side completes it")
        else:
            more = ""
        if mine:
            text = _("Your side reached {target} {unit}: extend the race to {to} {unit}{more}, or stop here and win?")
        elif alone:
            text = pgettext("one player", "Side {number} reached {target} {unit}: extend the race to {to} {unit}"
                                          "{more}, or stop here and win?")
        else:
            text = _("Side {number} reached {target} {unit}: extend the race to {to} {unit}{more}, or stop here and "
                     "win?")
        return text.format(number=asked + 1, target=t.target, unit=t.unit, to=t.extend_to,
                           more=more.format(bonus=bonus, lost=lost))


MECHANIC = ExtensionMechanic()
