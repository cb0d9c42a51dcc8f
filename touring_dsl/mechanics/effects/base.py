"""Mechanics, hazard effects, the contract: what a hazard does to the side it is played on, one module each.

A hazard card is played on another side and, unless a seat of that side answers it with a counter, it
acts. What it does is its EFFECT: it covers the side's go pile (a delay: effects/delay.py), it takes one
of the side's mileage cards (effects/removal.py), the side loses its next turn (effects/lose_turn.py)...
Each effect is one module holding one subclass of HazardEffect and an instance of it, EFFECT, listed
once in effects/__init__.py REGISTERED (new ones at the end). The compiler, the tables, the kernel's
writer (engine.codegen, mechanics.counters), explain, the rulebook, `touring show`, the differ and the
worked examples' events loop over the registry: no other module branches on a hazard's effect.

Like every mechanic module, an effect imports only touring_dsl.base and touring_dsl.mechanics: it reaches
the engine through what it is given (the Emitter `e`: e.w writes lines, e.t is the Tables, its steps such
as e.offer_counter(), and e.rules the engine's rule modules; the Tables `t`; the game).

Its words name cards through Named, so that each face (the rulebook's card names, plain text) shows
them its own way: a phrase (mechanics.phrases, every construct's) is a tuple of str, Named, NameList
and Count.
"""
from __future__ import annotations

from typing import Any

from ..phrases import Count, Named, NameList, Phrase, plain  # noqa: F401 (an effect's words: the constructs' phrases)


class HazardEffect:
    """One hazard effect. Subclasses set the class attributes and override the methods; a method that
    must give words raises until it is written (tests/test_hazard_effects.py names the missing piece)."""

    name: str = ""  # its id ("delay"): what Card.effect holds where an attribute of the card chose it
    means: str = ""  # what it does, in one line (docs, the registry's errors)
    # the card statement's attributes that give a hazard this effect (grammar aliases of `card_attr` in
    # grammar/touring.lark, parsed by `attribute` below) -> how the attribute is written, for messages
    attributes: dict[str, str] = {}
    how: str = ""  # how an edition gives a hazard this effect, for a hint ("make it `removes` a mileage card")
    errors: dict[str, str] = {}  # error code -> one-line summary (errors.CODES; docs/errors.md explains each)
    events: dict[str, str] = {}  # the event kinds its kernel lines report (a worked example may expect them) -> words
    diff_aspect: str = ""  # the differ's aspect for a change of its data (diff.describe), "" when it has none
    diff_names_card: bool = False  # whether its diff_value is a card's name (matched across renamed cards)
    diff_topic: str = "cards"  # the differ's topic its changes are listed under (diff.changes.TOPICS)
    face: str = "hazard"  # the pictogram its card's face wears on the web table (web/static/faces.js roles)

    # the compiler ------------------------------------------------------------------------------
    def attribute(self, alias: str, children: list) -> Any:
        """The value of one of its card attributes, from the parse tree's children (syntax.ToRaw)."""
        return children[0] if children else True

    def card_fields(self, data: dict) -> dict:
        """The model.Card fields its attributes in a card statement's data set (the attributes are present)."""
        return {"effect": self.name}

    def check_statement(self, build, stmt) -> None:
        """Checks of a card statement that carries one of its attributes (build.c.error(code, ...))."""

    def recognises(self, card, chained: frozenset[str]) -> bool:
        """Whether a compiled hazard card has this effect (`chained`: the hazards a delay chain names)."""
        return getattr(card, "effect", None) == self.name

    def check_hazard(self, build, card, chained: frozenset[str], others: tuple = ()) -> None:
        """Checks of a hazard with this effect, once the delays are compiled (a delay needs its chain).
        `others`: the other registered effects (a hint may name how each is given: their `how`)."""

    # the engine --------------------------------------------------------------------------------
    def state(self) -> tuple:
        """The engine StateFields it adds (every table has the slots; only a seating that uses it writes them)."""
        return ()

    def tables(self, t, cards: tuple[int, ...], mask: int) -> None:
        """Its tables, for a seating whose hazards `cards` (card codes; `mask` their bits) have this effect.
        t.attack_cards and t.open_running (the attacks a side showing go is open to) grow by what it adds."""

    def played(self, e) -> None:
        """Kernel lines: hazard c, played by `seat`, goes on side v (v is set). By default: the event, the
        counter question where some card may counter it (the move pauses), then `acts`."""
        e.hazard_event()
        if e.has_counters:
            e.offer_counter()
        self.acts(e)

    def acts(self, e) -> None:
        """Kernel lines: hazard c (move `code` of `seat`) acts on side v: played, or let pass by every seat
        that could counter it."""
        raise NotImplementedError(f"hazard effect {self.name} writes no kernel lines")

    def turn_passes(self, e) -> None:
        """Kernel lines when the turn passes to seat `nxt` (before it draws or is asked anything): an
        effect may pass it on (mechanics.turn.kernel.advance)."""

    def status(self, game) -> str | None:
        """What a player at the table should know of its state now (the terminal and web table), or None."""
        return None

    # explain -------------------------------------------------------------------------------------
    def refusal(self, game, s: int, c: int, shielded) -> str:
        """Why hazard c, held by a seat of side s, cannot be played now (it is not among the plays):
        which sides it may go on, and why none is open. `shielded()`: the words when safeties are what
        shield the sides it could go on, or None (engine.explain)."""
        raise NotImplementedError(f"hazard effect {self.name} gives no refusal reason")

    # words -------------------------------------------------------------------------------------
    def role(self, card) -> Phrase:
        """What the card does, for the rulebook's equipment table ("takes one ", Named("25"), " from an opponent")."""
        raise NotImplementedError(f"hazard effect {self.name} has no rulebook words")

    def row(self, card, chain) -> tuple[Phrase, Phrase]:
        """The rulebook's hazards table: what it does to the side, and how the side recovers (`chain`: the
        card's delay chain, or None)."""
        raise NotImplementedError(f"hazard effect {self.name} has no rulebook words")

    def paragraph(self, cards: list) -> Phrase | None:
        """The rulebook's paragraph on the hazards with this effect (all of them at once), or None."""
        return None

    def hindrance(self, cards: list) -> str | None:
        """How these hazards hinder the other sides, for the rulebook's object of the game ("by taking their
        mileage cards away"), or None."""
        raise NotImplementedError(f"hazard effect {self.name} has no rulebook words")

    def play_option(self, cards: list) -> Phrase | None:
        """The rulebook's line for playing these hazards, among a turn's options, or None where another
        line says it (a delay's is the go pile's, which the delays construct words)."""
        return None

    def show(self, card) -> str | None:
        """The card's line in `touring show` ("Hazard: X takes one Y"), or None where another line says it."""
        raise NotImplementedError(f"hazard effect {self.name} has no show words")

    def diff_value(self, card) -> Any:
        """What the differ compares for a card with this effect (under diff_aspect)."""
        return True

    def diff(self, action: str, name: str, old, new) -> str:
        """A change of a card's effect data in words (`action`: added, removed or changed; `name` quoted)."""
        raise NotImplementedError(f"hazard effect {self.name} has no diff words")
