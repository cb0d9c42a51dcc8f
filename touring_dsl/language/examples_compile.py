"""Compile stage, examples: raw `example` blocks -> checked Example models (names, seats, sides)."""
from __future__ import annotations

from typing import TYPE_CHECKING, get_args

from . import model as m
from .errors import suggest
from .syntax import Name

if TYPE_CHECKING:
    from .build import Build


def compile_examples(raws: list[dict], ruleset: m.Ruleset, build: "Build") -> tuple[m.Example, ...]:
    return tuple(e for e in (_Example(raw, ruleset, build).compile() for raw in raws) if e is not None)


class _Example:
    def __init__(self, raw: dict, ruleset: m.Ruleset, build: "Build"):
        self.raw = raw
        self.ruleset = ruleset
        self.build = build
        self.c = build.c
        self.ok = True

    def error(self, code: str, message: str, span, hint: str | None = None) -> None:
        self.ok = False
        self.c.error(code, message, span, hint)

    def card(self, name: Name) -> str:
        if name.value not in {c.name for c in self.ruleset.deck}:
            self.error("E200", f'unknown card "{name.value}"', name.span,
                       suggest(name.value, [c.name for c in self.ruleset.deck]))
        return name.value

    def compile(self) -> m.Example | None:
        items = self.raw["items"]
        players = next((i[1] for i in items if i[0] == "players"), None)
        setup_name = next((i[1] for i in items if i[0] == "setup"), None)
        count = players.value if players else 2
        setup = self._setup(count, players, setup_name)
        if setup is None:
            return None
        self.sides = setup.side_count(count)
        self.players = count
        given = [g for i in items if i[0] == "given" for g in i[1]]
        moves = [self._move(i) for i in items if i[0] == "move"]
        checks = [self._check(c) for i in items if i[0] == "expect" for c in i[1]]
        fields = self._position(given)
        if not moves:
            self.error("E280", "an example needs at least one move", self.raw["span"],
                       'add a move such as `play "Go"`')
        if not self.ok:
            return None
        return m.Example(title=self.raw["title"].value, players=count, setup=setup.id, moves=tuple(moves),
                         checks=tuple(checks), provenance=self.build.provenance(_Annotated(self.raw), "example"),
                         **fields)

    def _setup(self, count: int, players: Name | None, setup_name: Name | None) -> m.Setup | None:
        wanted = None
        if setup_name is not None:
            ids = {s.id: s for s in self.ruleset.setups} | {s.label: s for s in self.ruleset.setups}
            if setup_name.value not in ids:
                self.error("E204", f'unknown setup "{setup_name.value}"', setup_name.span,
                           suggest(setup_name.value, [s.label for s in self.ruleset.setups]))
                return None
            wanted = ids[setup_name.value].id
        try:
            return self.ruleset.setup_for(count, wanted)
        except KeyError:
            span = (players or setup_name).span if (players or setup_name) else self.raw["span"]
            self.error("E280", f"this edition has no setup for {count} players", span,
                       "players: " + ", ".join(map(str, self.ruleset.player_counts())))
            return None

    def pile(self, name: Name) -> str:
        """A card named as a mileage pile must be a mileage card of the race."""
        card = self.card(name)
        if self.ruleset.race.is_distance:  # every mileage card counts towards a distance race
            piles = [c.name for c in self.ruleset.deck if c.kind == "mileage"]
        else:
            piles = [p.card for p in self.ruleset.race.piles]
        if self.ok and card not in piles:
            self.error("E201", f'"{card}" is not a mileage pile', name.span,
                       suggest(card, piles))
        return card

    def side(self, number: Name) -> int:
        if not 1 <= number.value <= self.sides:
            self.error("E280", f"side {number.value} does not exist: this example has {self.sides} sides",
                       number.span)
        return number.value

    def player(self, number: Name) -> int:
        if not 1 <= number.value <= self.players:
            self.error("E280", f"player {number.value} does not exist: this example has {self.players} players",
                       number.span)
        return number.value

    def _position(self, given: list) -> dict:
        sides: dict[int, dict] = {}
        hands: dict[int, list[str]] = {}
        fields: dict = {}
        named = sized = None  # the first `deck "..."` name and the `deck N` size, for messages
        for item in given:
            tag = item[0]
            if tag == "to_act":
                fields["to_act"] = self.player(item[1])
            elif tag == "zone":
                self.zone_scope("game", item[1].span)
                fields["zone"] = self.card(item[1])
            elif tag in ("go", "side_zone", "safety"):
                if tag == "side_zone":
                    self.zone_scope("side", item[1].span)
                entry = sides.setdefault(self.side(item[1]), {"go": [], "zone": [], "piles": [], "safety": []})
                entry["zone" if tag == "side_zone" else tag].extend(self.card(n) for n in item[2])
            elif tag == "pile":
                entry = sides.setdefault(self.side(item[1]), {"go": [], "zone": [], "piles": [], "safety": []})
                entry["piles"].append((self.pile(item[2]), item[3].value))
            elif tag == "hand":
                hands.setdefault(self.player(item[1]), []).extend(self.card(n) for n in item[2])
            elif tag == "deck":
                fields["deck"] = fields.get("deck", ()) + tuple(self.card(n) for n in item[1])
                named = named or item[1][0]
            elif tag == "deck_size":
                if "deck_size" in fields:
                    self.error("E281", "the draw pile's size is given twice", item[1].span,
                               "keep one `deck N` or `deck empty`")
                fields["deck_size"] = item[1].value
                sized = item[1]
            elif tag == "discard":
                fields["discard"] = tuple(self.card(n) for n in item[1])
        if sized is not None and len(fields.get("deck", ())) > sized.value:
            shown = "empty" if sized.value == 0 else f"{sized.value} cards"
            self.error("E281", f'the draw pile is given as {shown} but {len(fields["deck"])} cards are named '
                       "on top of it", named.span if sized.value == 0 else sized.span,
                       "name fewer cards, or give a size that holds them all")
        fields["sides"] = tuple(m.ExampleSide(side=s, go=tuple(v["go"]), zone=tuple(v["zone"]),
                                              piles=tuple(v["piles"]), safeties=tuple(v["safety"]))
                                for s, v in sorted(sides.items()))
        fields["hands"] = tuple((p, tuple(cards)) for p, cards in sorted(hands.items()))
        return fields

    def _move(self, item) -> m.ExampleMove:
        _, action, card, side, taking, span = item
        return m.ExampleMove(action=action, card=self.card(card) if card else None,
                             target=self.side(side) if side else None,
                             take=tuple((self.card(c), n.value) for c, n in (taking or [])),
                             taken=taking is not None,
                             location=m.Location(file=span.file, line=span.line, column=span.column))

    def _check(self, item) -> m.ExampleCheck | None:
        _, what, values, span = item
        fields: dict = {"what": what,
                        "location": m.Location(file=span.file, line=span.line, column=span.column)}
        if "side" in values:
            fields["side"] = self.side(values["side"])
        if "player" in values:
            fields["player"] = self.player(values["player"])
        if "card" in values:
            fields["card"] = self.pile(values["card"]) if what == "pile" else self.card(values["card"])
        if "number" in values:
            fields["number"] = values["number"].value
        if "cards" in values:
            fields["cards"] = tuple(self.card(n) for n in values["cards"])
        if values.get("target") is not None:
            fields["side"] = self.side(values["target"])
        if "event" in values:
            fields["event"] = self.event(values["event"])
        if what in ("zone", "zone-count"):
            if "side" in values:
                self.zone_scope("side", values["side"].span)
            else:
                self.zone_scope("game", span)
        if what == "score" and self.ruleset.scoring is None:
            self.error("E280", "this edition scores no races", span, "add a `scoring` section")
        return m.ExampleCheck(**fields) if self.ok else None

    def zone_scope(self, wanted: str, span) -> None:
        """A zone given or checked the way this edition's zones work: one for the game, or one per side."""
        zones = self.ruleset.zones
        if not zones.zones:
            self.error("E282", "this edition has no zones", span, "leave the zone out of the example")
        elif zones.scope != wanted:
            if zones.scope == "game":
                self.error("E282", "zones govern the whole game here, so a side has no zone of its own", span,
                           'write `zone "..."` for the zone the whole table is in')
            else:
                self.error("E282", "zones are per side here, so there is no zone for the whole game", span,
                           'write `side N zone "..."` for one side\'s zone')

    def event(self, name: Name) -> str:
        known = get_args(m.ExampleEvent)
        if name.value not in known:
            self.error("E283", f'unknown event "{name.value}"', name.span,
                       suggest(name.value, known) or "events: " + ", ".join(known))
            return None
        return name.value


class _Annotated:
    """Lets an example's annotations reuse the build's provenance (Build.provenance)."""

    def __init__(self, raw: dict):
        self.annots = raw["annots"]
        self.span = raw["span"]
        self.key = ("example", raw["title"].value)
        self.section = None  # examples stand alone: no section citation to inherit
