"""Mechanics, hazard effects, losing a turn: the side the hazard is played on loses its next turn.

Construct: a hazard card's `loses turn` attribute (`card "Police Stop" hazard count 3 loses turn`).
Played on a side showing go (where a delay could go), the hazard does not cover the side's go pile: it
goes to the discard pile, and the next time the turn comes to a seat of that side, the seat neither
draws nor plays: the turn passes on to the seat after it. A counter that cancels the hazard (`card "X"
counter cancels "Police Stop"`, or a safety's `cancels`) turns it away as it is played, as for any
hazard; a safety `against` it shields its side. Each side's turns still to lose are public state
(lost_turns), told at the table, in the View and in the log ("turn-lost").

The turn is skipped before anything else is offered to the seat (a mechanic's draw step, such as
taking the top discard, is asked of the seat that really plays: turn_passes runs before those hooks).
"""
from __future__ import annotations

from ...base.i18n import _, ngettext
from ..phrases import filled
from ..vocabulary import LIST, PUBLIC, SIDE, StateField
from .base import HazardEffect, NameList


class LoseTurnEffect(HazardEffect):
    name = "lose-turn"
    means = "the side the hazard is played on loses its next turn (it neither draws nor plays)"
    attributes = {"loses_turn": "loses turn"}
    how = "give it `loses turn`"
    errors = {"E236": "a hazard that makes a side lose a turn is also a delay or a removal"}
    events = {"lose-turn": "A hazard made a side lose its next turn.", "turn-lost": "A side lost its turn."}

    def events_read(self) -> dict[str, str]:
        """Its events' words in the reader's language (a worked example's \"What follows\")."""
        return {"lose-turn": _("A hazard made a side lose its next turn."), "turn-lost": _("A side lost its turn.")}

    diff_aspect = "loses-turn"

    # the compiler ------------------------------------------------------------------------------
    def check_statement(self, build, stmt) -> None:
        d = stmt.data
        if d["kind"] not in ("hazard", None):
            build.c.error("E271", f'card "{d["name"].value}" is a {d["kind"]} card, but `loses turn` is only '
                          "for hazard cards", d["name"].span)
        elif d.get("removes"):
            build.c.error("E236", f'hazard "{d["name"].value}" both removes a card and makes the side lose a turn',
                          d["name"].span, "give it one of `removes` and `loses turn`")

    def check_hazard(self, build, card, chained, others: tuple = ()) -> None:
        if card.name in chained:
            build.c.error("E236", f'hazard "{card.name}" makes the side lose a turn, but a chain makes it a delay',
                          build.card_span(card), f'leave out `loses turn`, or the chain for "{card.name}"')

    # the engine --------------------------------------------------------------------------------
    def state(self) -> tuple:
        return (StateField("lost_turns", "each side's turns it is still to lose (hazards that make a side lose "
                           "its next turn)", SIDE, "0", LIST, PUBLIC, local=True, view="extra"),)

    def tables(self, t, cards, mask) -> None:
        t.attack_cards |= mask
        t.open_running |= mask  # played where a delay could be: on a side showing go

    def acts(self, e) -> None:
        e.w("lost_turns[v] += 1", "discard.append(c)")
        e.event('"lose-turn"', "seat", "v", "NAMES[c]", 'f"side {v + 1} will lose its next turn"')

    def turn_passes(self, e) -> None:
        side = e.side("nxt")
        with e.w.block(f"while lost_turns[{side}]:  # the seat's side loses this turn: it passes on"):
            e.w(f"lost_turns[{side}] -= 1")
            e.event('"turn-lost"', "nxt", side, "None", 'f"player {nxt + 1} loses the turn"')
            e.w(f"nxt = {e.next_seat('nxt')}")

    def status(self, game) -> str | None:
        """Each side still to lose a turn (public: every seat saw the hazard played)."""
        said = [ngettext("side {number} loses its next turn", "side {number} loses its next {n} turns", n).format(
                number=s + 1, n=n) for s, n in enumerate(game.lost_turns) if n]
        return "; ".join(said) or None

    # explain -------------------------------------------------------------------------------------
    def refusal(self, game, s: int, c: int, shielded) -> str:
        said = shielded()
        return said or _("no other side shows a {go} to make it lose a turn").format(go=game.t.go_name)

    # words -------------------------------------------------------------------------------------
    def role(self, card):
        return (_("makes an opponent lose its next turn"),)

    def row(self, card, chain):
        return (_("the side loses its next turn"),), (_("nothing: the side plays again the turn after"),)

    def paragraph(self, cards: list):
        said = (_("{hazards} does not stop a side. Laid against an opponent showing a go card, it goes to the "
                  "discard pile, and the next time the turn comes to a player of that side, the turn passes over "
                  "them: they neither draw nor play.") if len(cards) == 1 else
                _("{hazards} do not stop a side. Laid against an opponent showing a go card, it goes to the "
                  "discard pile, and the next time the turn comes to a player of that side, the turn passes over "
                  "them: they neither draw nor play."))
        return filled(said, hazards=NameList(tuple(c.name for c in cards)))

    def hindrance(self, cards: list) -> str:
        return _("by making them lose turns")

    def play_option(self, cards: list):
        return filled(_("{hazards}, against an opponent showing a go card, which loses its next turn"),
                      hazards=NameList(tuple(c.name for c in cards), "or"))

    def show(self, card) -> str:
        return _("Hazard: {card} makes the side it is played on lose its next turn").format(card=card.name)

    def diff(self, action: str, name: str, old, new) -> str:
        said = {"added": _("{name} makes the side lose its next turn instead of stopping it (new)"),
                "removed": _("{name} no longer makes the side lose a turn")}.get(action) or \
            _("{name} makes the side lose its next turn")
        return said.format(name=name)


EFFECT = LoseTurnEffect()
