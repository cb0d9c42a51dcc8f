"""Mechanics, the safeties: a card kept in front of its side that shields the side from named hazards.

Construct: in the deck, `card "S" safety against "Hazard", ... [acts as go] [extra turn]`, with maybe
`cancels "Hazard", ... [responder plays next]`. A side may lay a safety on its own turn at any time
(even before its first go card); it stays in front of the side until the race ends. From then on the
hazards and zone cards it is `against` cannot be played on that side; if one of them is holding the
side up as the safety is laid, that card and the remedies on it go to the discards and the side runs
again. A safety that `acts as go` means the side never waits for a go card again. With `extra turn`,
the player who lays it draws and plays again. With `cancels`, the safety may also be laid out of turn
the moment one of those hazards is played on its side, cancelling that hazard (the counters' rule,
mechanics.counters, asks the seat; this module keeps the safety once it is shown).

Everything safety-specific is here: the card attributes and their checks (E233, E260), the tables
(IMMUNE, ACTS_AS_GO, EXTRA_TURN; and the kernel constants GO_FREE, STATE_HAZARD its lines read, which
the delays construct tabulates with the go pile states: mechanics.delays), the kernel lines, a safety laid in a position
built by hand, the refusal words of explain, and the words of the rulebook, `touring show` and the diff.
The stages call SAFETIES through small generic calls; the engine's other rules it needs it reaches
through the Emitter `e` (e.draw_cards, e.refresh, e.hook), and it imports no module of the engine.
"""
from __future__ import annotations

from ..base.i18n import _, ngettext
from ..base.wording import reasons_said
from .construct import Construct
from .effects.base import Named, NameList
from .phrases import Chapter, Para, Refs, filled
from .vocabulary import DERIVED, EMPTY, LIST, LISTS, PUBLIC, RUNNING, SAFETY, SIDE, StateField

KIND = "safety"
CONSTANTS = ("IMMUNE", "ACTS_AS_GO", "EXTRA_TURN", "GO_FREE", "STATE_HAZARD")  # the kernel constants its lines read

# its state (engine.schema): each side's safeties, and what they shield it from
STATE = (
    StateField("safety_piles", "each side's safeties laid in front of it", SIDE, "[]", LISTS, PUBLIC, local=True,
               view="sides[].safeties"),
    StateField("immune", "each side's shield: the hazards and zone cards its safeties are against", SIDE, "0",
               LIST, DERIVED, derive="safeties", local=True),
    StateField("runs_free", "1 for a side whose safety acts as go (it never waits for a go card)", SIDE, "0",
               LIST, DERIVED, derive="safeties", local=True),
)


class SafetyConstruct(Construct):
    """The safety cards: what the compiler, the tables, the kernel's writer, explain and the words ask of them."""

    kind = KIND
    # the card statement's attributes only a safety may carry (grammar aliases) -> how each is written
    attributes = {"against": "against", "acts_as_go": "acts as go", "extra_turn": "extra turn"}
    errors = {"E233": "a safety that answers a hazard it does not shield from"}

    name = "safeties"
    statements = tuple(attributes)  # the parse's contract (mechanics.construct): its attributes' aliases

    def parse(self, alias: str, children: list):
        """A card attribute's alias with its value (language.syntax.ToRaw)."""
        return (alias, self.attribute(alias, children))

    def rule_key(self, kind: str, data: dict) -> None:
        return None  # its attributes are parts of a card statement, never keyed on their own

    # the compiler ------------------------------------------------------------------------------
    def attribute(self, alias: str, children: list):
        """The value of one of its card attributes, from the parse tree's children (syntax.ToRaw): the
        names of `against`, True for a flag."""
        return children[0] if children else True

    def card_fields(self, d: dict) -> dict:
        """The model.Card fields a card statement's data gives a safety."""
        return {"against": tuple(n.value for n in d.get("against", [])),
                "acts_as_go": bool(d.get("acts_as_go")), "extra_turn": bool(d.get("extra_turn"))}

    def card_attributes(self) -> dict:
        """Its card attributes belong to safety cards only (the compiler's E271)."""
        return {attr: ((KIND,), words) for attr, words in self.attributes.items()}

    def check_card(self, build, stmt) -> None:
        """A safety protects against named hazards or zone cards, and may answer only those as they come."""
        d = stmt.data
        if d["kind"] != KIND:
            return
        name = d["name"].value
        if not d.get("against"):
            build.c.error("E260", f'safety "{name}" protects against nothing', d["name"].span,
                          'add `against "Hazard", ...`')
        against = {n.value for n in d.get("against", [])}
        for hazard in d.get("against", []):
            build.card_name(hazard, "hazard", "zone", role="what a safety protects against")
        for hazard in d.get("cancels", []):
            if hazard.value not in against:
                build.c.error("E233", f'safety "{name}" cancels "{hazard.value}", which it does not shield from',
                              hazard.span, f'add "{hazard.value}" to its `against` list, or leave it out of `cancels`')

    # the tables --------------------------------------------------------------------------------
    def tables(self, t, ruleset, setup) -> None:
        """IMMUNE[c]: the hazards and zone cards safety c shields from; ACTS_AS_GO and EXTRA_TURN. (Its
        lines also read GO_FREE[state], the go pile state of a side whose safety acts as go, and
        STATE_HAZARD[state], the hazard a state is held up by, so a safety against it can lift it: the
        delays construct tabulates both with the go pile states, DELAYS.tables; kernel_constants writes them.)"""
        K = t.K
        t.safety_mask = t.mask_of(c for c in range(K) if t.kind[c] == SAFETY)
        t.immune = [0] * K
        t.acts_as_go = [False] * K
        t.extra_turn = [False] * K
        for c, card in enumerate(ruleset.deck):
            if card.kind == KIND:
                t.immune[c] = t.mask_of(t.code[n] for n in card.against)
                t.acts_as_go[c], t.extra_turn[c] = card.acts_as_go, card.extra_turn
        t.go_safeties = any(t.acts_as_go)
        t.before_go |= t.safety_mask  # a safety may be laid at any time, even before a first go card
        # (GO_FREE and STATE_HAZARD, which its lines read, are the go pile states' tables: mechanics.delays)

    def state_tables(self, t) -> None:
        """A side may lay its safeties whatever its go pile shows: own_gz (engine.tables) grows by them."""
        if t.safety_mask:
            t.own_gz = [[m | t.safety_mask for m in row] for row in t.own_gz]

    def state(self) -> tuple:
        return STATE  # its StateFields (engine.schema)

    def constant_names(self, slot: str) -> tuple[str, ...]:
        return CONSTANTS

    def kernel_constants(self, t, slot: str) -> list[str]:
        """The kernel's constant lines for the safeties' tables (engine.codegen.constants)."""
        return [f"IMMUNE = {tuple(t.immune)!r}", f"ACTS_AS_GO = {tuple(t.acts_as_go)!r}",
                f"EXTRA_TURN = {tuple(t.extra_turn)!r}", f"GO_FREE = {tuple(t.go_free)!r}",
                f"STATE_HAZARD = {tuple(t.state_hazard)!r}"]

    # kernel lines ------------------------------------------------------------------------------
    def plays(self, t) -> list:
        return [((SAFETY,), self.lay)]  # a safety laid in turn (engine.codegen.Emitter.play)

    def lay(self, e) -> None:
        """Safety c, from the hand of `seat`, goes in front of side s; an extra turn follows if it says so."""
        self.keep(e, "s")
        e.event('"safety"', "seat", "s", "NAMES[c]", 'f"player {seat + 1} lays {NAMES[c]} in front of side {s + 1}"')
        if any(e.t.extra_turn):
            with e.w.block("if EXTRA_TURN[c]:  # the same player draws and plays again (if a card is left)"):
                e.draw_cards("seat", str(e.t.draw_count))  # (the turn construct: mechanics.turn)
                with e.w.block("if hands[seat]:"):
                    e.pause()

    def keep(self, e, v: str) -> None:
        """Safety c joins side v's safeties: v is shielded from now on, and a delay it shields from is lifted."""
        w, t = e.w, e.t
        w(f"safety_piles[{v}].append(c)", f"shield = immune[{v}] = immune[{v}] | IMMUNE[c]", f"_g = go_state[{v}]")
        if t.chain_hazards & _shielded(t):
            with w.block("if STATE_HAZARD[_g] >= 0 and shield >> STATE_HAZARD[_g] & 1:"):
                self.lift_delay(e, v)
        if t.go_safeties:
            with w.block("if ACTS_AS_GO[c]:"):
                w(f"runs_free[{v}] = 1", f"go_state[{v}] = GO_FREE[go_state[{v}]]")
        if not t.game_scope and t.zone_start < t.K and _shielded_zones(t):
            with w.block(f"if shield >> zone_state[{v}] & 1:  # out of a zone it shields from, back to the start"):
                w(f"zone_state[{v}] = {t.zone_start}")
        e.hook("go_shown", v, "safety")  # a mechanic may change what the go pile shows now (go_state[v]; _g is stale here)
        e.refresh(v)  # (rules.legality)

    def lift_delay(self, e, v: str) -> None:
        """The hazard holding side v up, and the remedies laid on it, go to the discards: v runs again."""
        w = e.w
        w("_hz = STATE_HAZARD[_g]")
        with w.block(f"while go_piles[{v}]:"):
            w(f"_x = go_piles[{v}].pop()", "discard.append(_x)")
            with w.block("if _x == _hz:"):
                w("break")
        w(f"go_state[{v}] = {RUNNING} if go_piles[{v}] or runs_free[{v}] else {EMPTY}")

    def shield(self, t, v: str, exposed_mask: str) -> str:
        """Python source: the attacks side v is open to, less what its safeties shield it from."""
        return f"{exposed_mask} & ~immune[{v}]" if t.safety_mask else exposed_mask

    def go_free(self, t, v: str, state: str) -> str:
        """Python source: a go pile state for side v, as a side whose safety acts as go sees it."""
        return f"(GO_FREE[{state}] if runs_free[{v}] else {state})" if t.go_safeties else state

    # a position built by hand (engine.position, engine.rebuild) --------------------------------
    def laid(self, game, s: int, c: int) -> None:
        """Safety c already in front of side s: its shield, and its go if it acts as one."""
        t = game.t
        game.safety_piles[s].append(c)
        game.immune[s] |= t.immune[c]
        if t.acts_as_go[c]:
            game.runs_free[s] = 1
            game.go_state[s] = t.go_free[game.go_state[s]]
        if not t.game_scope and game.immune[s] >> game.zone_state[s] & 1:  # out of a zone it shields from
            game.zone_state[s] = t.zone_start

    # explain -----------------------------------------------------------------------------------
    def shield_of(self, game, v: int, c: int) -> str | None:
        """The safety on side v that shields it from card c, if any (its name)."""
        t = game.t
        return next((t.names[x] for x in game.safety_piles[v] if t.immune[x] >> c & 1), None)

    def shielded(self, who: str, card: str, safety: str) -> str:
        """A refusal's words: side `who` is shielded from `card` by `safety`."""
        return _("{who} is shielded from {card} by {safety}").format(who=who, card=card, safety=safety)

    def shield_reason(self, game, who: str, v: int, c: int) -> str | None:
        """Why card c may not go on side v (named `who`): a safety in front of it shields it, or None."""
        shield = self.shield_of(game, v, c)
        return None if shield is None else self.shielded(who, game.t.names[c], shield)

    def shielded_targets(self, game, s: int, c: int, side_name) -> str | None:
        """Why hazard c cannot go on the other sides when a safety is what stops it: each side that shows a go
        card holds a safety against c (the safety, not a missing go card, is the reason there), and each other
        side shows no go card. None when some side shows a go card and no safety (another reason holds).
        `side_name(t, v)`: how explain names side v."""
        t, card = game.t, game.t.names[c]
        shielded, bare = [], []
        for v in t.others[s]:
            shield = self.shield_of(game, v, c)
            if game.go_state[v] != RUNNING:
                bare.append(_("{who} shows no {go}").format(who=side_name(t, v), go=t.go_name))
            elif shield is None:
                return None
            else:
                shielded.append(self.shielded(side_name(t, v), card, shield))
        return reasons_said(shielded + bare) if shielded else None

    def running_refusal(self, game, s: int) -> str | None:
        """Why a go card cannot go on side s's pile when a safety lets the side run without one, or None."""
        t = game.t
        if not game.runs_free[s]:
            return None
        runner = next((t.names[x] for x in game.safety_piles[s] if t.acts_as_go[x]), None)
        return _("{safety} already lets your side run without a {go}").format(safety=runner, go=t.go_name) \
            if runner is not None else None

    # the bots' facts (bots.greedy, bots.strategy.knowledge) -----------------------------------
    def extra_turns(self, deck) -> set[str]:
        """The safeties whose player plays again after laying one."""
        return {card.name for card in deck if card.kind == KIND and card.extra_turn}

    def run_free(self, deck) -> set[str]:
        """The safeties that act as go: their side never needs a go card again."""
        return {card.name for card in deck if card.kind == KIND and card.acts_as_go}

    def shields(self, deck) -> dict[str, set[str]]:
        """hazard (or zone card) -> the safeties whose side it cannot touch."""
        found: dict[str, set[str]] = {}
        for card in deck:
            for hazard in card.against:
                found.setdefault(hazard, set()).add(card.name)
        return found

    def ends_wait(self, card, hazard: str | None, waits_for_go: bool) -> bool | None:
        """Whether laying safety `card` ends a wait: held up by `hazard` (None: no hazard), or waiting
        for a go card (`waits_for_go`); None for a card that is no safety."""
        if card.kind != KIND:
            return None
        return (hazard is not None and hazard in card.against) or (card.acts_as_go and waits_for_go)

    # words (phrases: effects.base; each face sets the card names its own way) -------------------
    def role(self, card, go: str) -> tuple:
        """What the card does, for the rulebook's equipment table."""
        against = NameList(tuple(card.against), "and")
        n = len(card.against)  # (French: "contre la carte X", "contre les cartes X et Y")
        role = (filled(ngettext("shields its side from {cards} for the rest of the race; its side needs no {go}",
                                "shields its side from {cards} for the rest of the race; its side needs no {go}", n),
                       cards=against, go=Named(go)) if card.acts_as_go else
                filled(ngettext("shields its side from {cards} for the rest of the race",
                                "shields its side from {cards} for the rest of the race", n), cards=against))
        if card.counters:
            return role + filled(_("; may be laid out of turn against {cards}"),
                                 cards=NameList(tuple(card.counters), "or"))
        return role

    def setup_line(self) -> str:
        """The rulebook's line for what a side keeps of its safeties."""
        return _("a row for its safeties, which stay there until the race ends")

    def play_option(self, names: list[str]) -> tuple:
        """The rulebook's line for laying a safety, among a turn's options."""
        return filled(_("a safety ({cards}), in front of your own side"), cards=NameList(tuple(names), "or"))

    def section_intro(self, go: str) -> tuple:
        """The rulebook's Safeties section: how every safety is laid and what it does."""
        return filled(_("A safety is laid in front of your own side, on your turn, at any time: even before your "
                        "first {go}. It stays there until the race ends, and the cards it shields from can no "
                        "longer be played on your side. If one of them is holding your side up when you lay the "
                        "safety, that card and any remedies on it go to the discard pile, and your side runs "
                        "again."), go=Named(go))

    def section_card(self, card, go: str) -> tuple[tuple, list[tuple]]:
        """The rulebook's paragraph on one safety: what it shields from, and its extras (each a phrase)."""
        extras = []
        if card.acts_as_go:
            extras.append(filled(_("your side never needs a {go} again, not even after a remedy, and counts as "
                                   "showing one (so hazards may be laid on it whenever it is not stopped)"),
                                 go=Named(go)))
        if card.extra_turn:
            extras.append((_("you draw and play again at once"),))
        return filled(ngettext("{card} shields from {cards}", "{card} shields from {cards}", len(card.against)),
                      card=Named(card.name), cards=NameList(tuple(card.against), "and")), extras

    # the rulebook's loops (rulebook.document): its words above, set in the rulebook's places
    def card_chapter(self, ruleset, slot: str, book):
        """The Safeties chapter of "The cards": how every safety is laid, then each safety's paragraph."""
        safeties = [card for card in ruleset.deck if card.kind == KIND]
        if not safeties:
            return None
        blocks = [Para(self.section_intro(book.go))]
        for card in safeties:
            head, extras = self.section_card(card, book.go)
            joined = tuple(part for i, extra in enumerate(extras) for part in (((_("; and "),) if i else ()) + extra))
            said = (filled(_("{safety}: {extras}."), safety=head, extras=joined) if extras else
                    filled(_("{safety}."), safety=head))
            blocks.append(Para((*said, Refs((card.provenance,)))))
        return Chapter(_("Safeties"), "safeties", tuple(blocks))

    def card_role(self, ruleset, card, book) -> tuple | None:
        return self.role(card, book.go) if card.kind == KIND else None

    def setup_lines(self, ruleset) -> list[tuple]:
        return [(self.setup_line(),)] if any(card.kind == KIND for card in ruleset.deck) else []

    def play_options(self, ruleset, book) -> list[tuple]:
        names = [card.name for card in ruleset.deck if card.kind == KIND]
        return [self.play_option(names)] if names else []

    def guards(self, card) -> list[str]:
        """The hazards whose family a safety's face shows on the web table: those it shields from or cancels."""
        return list(dict.fromkeys(card.against + card.counters))

    def show_lines(self, ruleset) -> list[str]:
        """A line per safety card in `touring show`."""
        return [(_("Safety: {card} shields its side from {hazards}").format(card=card.name,
                                                                            hazards=", ".join(card.against))
                 + (_(", acts as a Go") if card.acts_as_go else "") + (_(", extra turn") if card.extra_turn else ""))
                for card in ruleset.deck if card.kind == KIND]

    # the diff ------------------------------------------------------------------------------------
    def card_changes(self, old, new, in_b) -> list[tuple[str, object, object, object]]:
        """What the differ compares of a card matched across two rulesets: (aspect, old value, new value,
        the old value in the new ruleset's card names or None); `in_b` renames a tuple of card names."""
        return [("against", old.against, new.against, in_b(old.against)),
                ("acts-as-go", old.acts_as_go, new.acts_as_go, None),
                ("extra-turn", old.extra_turn, new.extra_turn, None)]

    def card_summary(self, card) -> dict:
        """A card's safety data in the differ's summary of an added or removed card."""
        found: dict = {}
        if card.against:
            found["against"] = list(card.against)
        for field in ("acts_as_go", "extra_turn"):
            if getattr(card, field):
                found[field] = True
        return found

    def card_said(self, info: dict, names) -> str:
        """The words of a card summary's safety data ("" where it has none)."""
        extra = _(", shielding from {hazards}").format(hazards=names(info["against"])) if "against" in info else ""
        extra += _(", acting as a go card") if info.get("acts_as_go") else ""
        extra += _(", giving an extra turn") if info.get("extra_turn") else ""
        return extra

    def diff_words(self, q, names, yes_no) -> dict:
        """The differ's words for a change of each aspect (describe.ASPECTS entries)."""
        return {"against": lambda c: _("{card} shields from {new} (was {old})").format(
                    card=q(c.name), new=names(c.new), old=names(c.old)),
                "acts-as-go": yes_no(lambda: _("The safety acts as a go card"),
                                     lambda: _("The safety does not act as a go card")),
                "extra-turn": yes_no(lambda: _("Laying the safety gives an extra turn"),
                                     lambda: _("Laying the safety gives no extra turn"))}


def _shielded(t) -> int:
    mask = 0
    for m in t.immune:
        mask |= m
    return mask


def _shielded_zones(t) -> int:
    return _shielded(t) & ~t.mask_of(c for effect, cards, _ in t.effects for c in cards)  # (not a hazard's)


SAFETIES = SafetyConstruct()
