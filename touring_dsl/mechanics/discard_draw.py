"""Mechanics, taking the top discard: at the draw that starts a turn, a player may take the top discard
instead of drawing from the draw pile.

Construct: in the `turn` section (whose draw must be one card before play, the default), the line `draw may take the top
discard`. Before the card of a player's turn is drawn, if the top card of the discard pile was put
there by another player's discard (as a move: not a hazard cancelled by a counter, nor cards a safety
lifted, nor a card someone has taken back), and the draw pile still has cards, that player is asked:
`take the discard` (the card goes to the hand) or `draw` (the draw pile's top card, as always). A card
its own discarder would take back is not offered. The draws of an extra turn or after a counter are
not asked (only the draw that starts a turn). While the question waits, nothing else may be played.

Its state: `discard_mark`, the size the discard pile had just after the last discard move (-1 once that
card is taken), and `discard_seat`, the seat that made it; both public (View.extra), so a search
rebuilds them. Every piece is declared below, as the Extension's are.
"""
from __future__ import annotations

from ..base.i18n import _
from .base import Decision, Mechanic, model_on_first_use
from .vocabulary import ONE, PUBLIC, SAFETY, VALUE, Offer, StateField

TAKE, DRAW = "take", "draw"


# the part of the model: a turn's draw may take the top discard
__getattr__ = model_on_first_use(
    __name__, "DiscardDraw", "At the draw that starts a turn, the player may take the top discard instead.")


def bot_choice(t, top: int, needs: int) -> int:
    """The rule bots' answer (0: take, 1: draw): take a safety, or the go or remedy card that sets the side
    moving now; else draw. Both are cards the bot then lays at once, so two bots can never hand the same
    cards back and forth while the draw pile waits (taking a mere better card did: bots stuck behind
    hazards traded discards to the turn limit)."""
    if top < 0:
        return 1
    return 0 if t.kind[top] == SAFETY or needs >> top & 1 else 1


class DiscardDrawMechanic(Mechanic):
    name = "discard_draw"
    means = "at the draw that starts a turn, the player may take the top discard instead"
    place = "ruleset"
    topic = "turn"
    model = property(lambda self: __getattr__("DiscardDraw"))  # made on first use (base.model_on_first_use)
    statements = {"discard_draw": "turn"}
    errors = {"E235": "taking the top discard where a turn does not begin with a draw of one card"}
    decisions = (Decision(TAKE, "take the top discard"), Decision(DRAW, "draw from the draw pile"))

    def decision_label(self, decision) -> str:
        return _("take the top discard") if decision.action == TAKE else _("draw from the draw pile")
    events = {"take": "A player took the top discard."}

    def events_read(self) -> dict[str, str]:
        """Its events' words in the reader's language (a worked example's \"What follows\")."""
        return {"take": _("A player took the top discard.")}

    kernel_names = {}
    constants = ("DISCARD_OFFER",)

    # the compiler ------------------------------------------------------------------------------
    def parse(self, rule: str, children: list) -> dict:
        return {}

    def compile(self, stmts: list, context, build):
        if not stmts:
            return None
        stmt = stmts[-1]
        draw = build.one("turn", "draw")  # without it a turn draws one card before play
        count = getattr(draw.data["draw"], "value", draw.data["draw"]) if draw is not None else 1
        if count != 1:
            build.c.error("E235", "the top discard is taken instead of a turn's draw, but a turn here does not "
                          "begin with a draw of one card", stmt.span, "write `draw 1 before play` in the turn section")
            return None
        return self.model(provenance=build.provenance(stmt, "taking the top discard"))

    # the engine --------------------------------------------------------------------------------
    def state(self) -> tuple:
        return (StateField("discard_mark", "the discard pile's size just after the last discard move (-1 once "
                           "that card is taken): the top discard may be taken while the size is this",
                           ONE, "-1", VALUE, PUBLIC, view="extra"),
                StateField("discard_seat", "the seat that made the last discard move (it may not take it back)",
                           ONE, "-1", VALUE, PUBLIC, view="extra"))

    def tables(self, t, part) -> None:
        t.offers[self.name] = Offer(self.name, (t.action_code(TAKE), t.action_code(DRAW)), None)

    def kernel_constants(self, t) -> dict[str, str]:
        return {"DISCARD_OFFER": f"T.offers[{self.name!r}]  # take the top discard or draw, asked before a turn"}

    def on_discard(self, e) -> None:
        e.w("self.discard_mark = len(discard)", "self.discard_seat = seat")

    def draw_step(self, e, seat: str) -> bool:
        """Before `seat` draws for its turn: with another player's discard on top and cards to draw, ask."""
        with e.w.block(f"if draw and len(discard) == self.discard_mark and self.discard_seat != {seat}:"):
            e.w(f"seat = {seat}", "pending = DISCARD_OFFER")
            e.pause()
        return False

    def decide(self, e) -> None:
        """`take`: the top discard goes to the hand (and may not be offered again); `draw`: the draw pile's
        top card, as always. Then the same seat plays its turn."""
        w = e.w
        w("pending = None")
        with w.block(f"if {e.action_test(TAKE)}:"):
            w("d = discard.pop()", "hands[seat].append(d)", "hand_mask[seat] |= BIT[d]", "self.discard_mark = -1")
            e.event('"take"', "seat", e.side("seat"), "NAMES[d]", 'f"player {seat + 1} takes {NAMES[d]} from the discards"')
        with w.block("else:"):
            e.draw_one("seat")
        e.pause()

    # the bots ----------------------------------------------------------------------------------
    def choose(self, t, side: int, miles, offer) -> int:
        return 1  # seeing nothing, draw (choose_seen is the rule the bots use)

    def choose_seen(self, t, side: int, miles, offer, top: int, hand, needs: int) -> int:
        return bot_choice(t, top, needs)

    def answer_lines(self, t) -> list[str]:
        """bot_choice, on numbers (the safeties as a mask)."""
        safeties = sum(1 << c for c, kind in enumerate(t.kind) if kind == SAFETY)
        return [f"answer = 1 if top < 0 else (0 if ({safeties} >> top) & 1 or (needs >> top) & 1 else 1)"]

    def title(self) -> str:
        return _("Discard draw")

    # words -------------------------------------------------------------------------------------
    def rulebook(self, part, unit: str) -> list[str]:
        return [_("Instead of the card a turn begins by drawing, a player may take the top card of the discard "
                  "pile, when another player discarded it (as a turn's move: not a hazard a counter cancelled nor "
                  "cards a safety lifted) and the draw pile still has cards. Nobody takes back their own discard, "
                  "and a card taken is gone from the discards; the draws of an extra turn are from the draw "
                  "pile.")]

    def variant_lines(self, old, new, unit: str) -> list[str]:
        """The differ's words (diff below), in the reader's language for the rulebook."""
        if (old is None) == (new is None):
            return []
        if new is None:
            return [_("a turn's draw is always from the draw pile (was: it may take the top discard)")]
        return [_("a turn's draw may take the top discard instead (was: always from the draw pile)")]

    def decision_rulebook(self, action: str) -> str | None:
        return {TAKE: _("chooses to take the top discard"), DRAW: _("chooses to draw from the draw pile")}.get(action)

    def diff(self, old, new, unit: str) -> list[str]:
        if (old is None) == (new is None):
            return []
        if new is None:
            return [_("a turn's draw is always from the draw pile (was: it may take the top discard)")]
        return [_("a turn's draw may take the top discard instead (was: always from the draw pile)")]

    def show(self, part, unit: str) -> str:
        return _("draw may take the top discard")

    def status(self, game) -> str | None:
        t = game.t
        if game.discard and len(game.discard) == game.discard_mark:
            return _("the top discard, {card}, may be taken instead of a draw (not by player {number}, who discarded "
                     "it)").format(card=t.names[game.discard[-1]], number=game.discard_seat + 1)
        return _("a turn's draw may take the top discard, when another player discarded it")

    def question(self, game, offer, reader_side: int | None = None) -> str:
        return _("Player {number}: take {card} from the discards, or draw from the draw pile?").format(
            number=game.to_act + 1, card=game.t.names[game.discard[-1]])


MECHANIC = DiscardDrawMechanic()
