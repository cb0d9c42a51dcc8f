"""Engine stage, compilation: a Ruleset and a seating -> integer-coded tables the game loop reads.

Cards become small ints (their index in the deck list); every rule question the game loop asks
("may this card go on a go pile in this state?", "which mileage does this zone allow?", "what does
this hazard cost in this zone?") becomes a list lookup or a bitmask test. Nothing here names a card:
every table is read off the Ruleset. A detached copy (Tables.detached) keeps no Ruleset at all: plain
data, with its compiled kernel, that pickles and unpickles without the model (simulate.warm keeps one).
"""
from __future__ import annotations

import copy
import marshal
from typing import TYPE_CHECKING

# the card kinds and the go pile states a mechanic names too are kept below the engine (mechanics.vocabulary):
# card kinds, then go pile states (empty, running, then one state per (chain, next step expected): mechanics.delays)
from ..mechanics.vocabulary import (  # noqa: F401 (the engine imports them from here)
    COUNTER, EMPTY, GO, HAZARD, KIND_CODES, MILEAGE, REMEDY, RUNNING, SAFETY, ZONE)
from .codec import ACTIONS, CARD, DISCARD, PLAY, TARGET, pack
from .mechanics import install as install_mechanics, install_effects
from ..mechanics import core
from ..mechanics.race import NO_CAP  # noqa: F401 (play.table_view reads NO_CAP here too)

if TYPE_CHECKING:
    from ..language.model import Ruleset, Setup


def bits_of(mask: int) -> tuple[int, ...]:
    """The set bit positions of mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


class BitTable(dict):
    """mask -> its set bits, computed once per mask."""

    def __missing__(self, mask: int) -> tuple[int, ...]:
        value = bits_of(mask)
        self[mask] = value
        return value


class Tables:
    """Everything about one ruleset seated one way that never changes during a game."""

    def __init__(self, ruleset: Ruleset, setup: Setup, players: int):
        self.ruleset, self.setup, self.players = ruleset, setup, players
        self.ruleset_id, self.setup_id = ruleset.id, setup.id  # the names, for whoever holds no Ruleset
        self.sides = setup.side_count(players)
        if self.sides < 1 or self.sides > TARGET.mask - 1 or players % self.sides:  # a move code's target field
            raise ValueError(f"cannot seat {players} players as {self.sides} sides")
        self.side_of = tuple(seat % self.sides for seat in range(players))
        self.seats_of = tuple(tuple(p for p in range(players) if p % self.sides == s) for s in range(self.sides))
        self._cards(ruleset)
        self._deck(ruleset, setup)
        # each core construct's tables (mechanics.core.CORE), with the delays' and the counters' (not yet
        # constructs) in their places: in the order mechanics.core.ORDER["tables"] declares
        for _, tables in core.steps("tables", _OWN_TABLES):
            tables(self, ruleset, setup)
        self._codes()
        self.bits = BitTable()
        self.duel = self.sides == 2
        self.duel_codes: list[dict[int, tuple[int, ...]]] = [{}, {}]
        self.own_codes: list[dict[int, tuple[int, ...]]] = [{} for _ in range(self.sides)]
        self.tgt_codes: list[dict[int, tuple[int, ...]]] = [{} for _ in range(self.sides)]
        self.takes: list[tuple[tuple[int, int], ...]] = [()]  # take id -> ((pile card, how many), ...)
        self.take_ids: dict[tuple[tuple[int, int], ...], int] = {(): 0}
        self.choice_cache: dict = {}
        self.moves: dict = {}  # move code -> Move, filled by the public layer
        self.codes: dict = {}  # Move -> move code
        self.side_views: dict = {}  # public side views by what they show
        self.pile_views: dict = {}  # mileage counts -> (piles, missing) of a public side view
        self.move_lists: dict = {}  # (play codes, hand mask) -> the legal Moves (game.legal_moves)
        self.game_class = None  # the Game subclass with this ruleset's kernel (engine.game.game_class)
        self.kernel: dict | None = None  # the generated kernel's functions (engine.kernel.kernel_for)
        # generated code by what it is ("kernel", a measuring loop's shape): (source, code object), so
        # that a copy carries it and never writes or compiles it again
        self.compiled: dict = {}
        self.facts = None  # the greedy rule's reading of the ruleset (greedy.facts_of), carried the same way
        install_mechanics(self)  # the mechanics this seating uses: t.mechanics, t.offers (engine.mechanics)

    # copies ----------------------------------------------------------------------------------
    def detached(self) -> Tables:
        """A copy that refers to no Ruleset, Setup or chain (model objects) and has none of the public
        layer's caches: the fast path's plain data, with the code compiled so far and the greedy Facts."""
        state = {key: value for key, value in self.__dict__.items() if key not in _NOT_DETACHED}
        clone = object.__new__(Tables)
        clone.__dict__.update(copy.deepcopy(state))
        clone.ruleset = clone.setup = clone.chains = clone.kernel = clone.game_class = None
        clone.moves, clone.codes, clone.side_views, clone.pile_views, clone.move_lists = {}, {}, {}, {}, {}
        return clone

    def __getstate__(self) -> dict:
        """Pickled with the compiled code as marshal bytes; the functions and class made from it are made again."""
        state = dict(self.__dict__, kernel=None, game_class=None)
        state["compiled"] = {key: (text, marshal.dumps(code)) for key, (text, code) in self.compiled.items()}
        return state

    def __setstate__(self, state: dict) -> None:
        state["compiled"] = {key: (text, marshal.loads(code)) for key, (text, code) in state["compiled"].items()}
        self.__dict__.update(state)

    # cards -----------------------------------------------------------------------------------
    def _cards(self, ruleset: Ruleset) -> None:
        self.names = tuple(card.name for card in ruleset.deck)
        if len(self.names) > CARD.mask:  # a move code's card field (engine.codec)
            raise ValueError(f"the engine handles at most {CARD.mask} different cards")
        self.code = {name: i for i, name in enumerate(self.names)}
        self.K = len(self.names)
        self.kind = tuple(KIND_CODES[card.kind] for card in ruleset.deck)
        self.miles = tuple(card.miles or 0 for card in ruleset.deck)
        self.bit = tuple(1 << c for c in range(self.K))
        self.go_mask = self.mask_of(c for c in range(self.K) if self.kind[c] == GO)
        self.go_name = next((self.names[c] for c in range(self.K) if self.kind[c] == GO), "go card")
        self.go_pile_name = ruleset.pile_names.go or "go pile"  # what the edition calls it, for the players' words
        self.mileage_mask = self.mask_of(c for c in range(self.K) if self.kind[c] == MILEAGE)

    def mask_of(self, codes) -> int:
        """The bit mask of some card codes."""
        mask = 0
        for c in codes:
            mask |= 1 << c
        return mask

    def _deck(self, ruleset: Ruleset, setup: Setup) -> None:
        removed = dict(setup.removals)
        deck = []
        for c, card in enumerate(ruleset.deck):
            deck.extend([c] * max(0, card.count * setup.decks - removed.get(card.name, 0)))
        self.deck_codes = tuple(deck)

    def open_mask(self, counts: list[int], miles: int, target: int | None = None) -> int:
        """The mileage cards a side may still lay: piles not full, or, in a distance race, cards under
        their cap that (in an exact race) do not pass the target (`target`: where a mechanic moved it)."""
        if not self.distance:
            return self.mask_of(c for c in self.pile_order if counts[c] < self.need[c])
        left = (self.target if target is None else target) - miles
        return self.mask_of(c for c in self.pile_order
                          if counts[c] < self.need[c] and (not self.exact or self.miles[c] <= left))

    # delays ----------------------------------------------------------------------------------
    def targeted(self, c: int) -> bool:
        """Whether playing card c names a side: hazards, and a construct's card that may reach another side
        (a zone card: mechanics.zones)."""
        if self.kind[c] == HAZARD:
            return True
        return any(construct.targets(self, c) for construct in core.CORE)

    # move codes ------------------------------------------------------------------------------
    def _codes(self) -> None:
        K, S = self.K, self.sides
        self.self_code = [[pack(PLAY, c, s if self.targeted(c) else None) for c in range(K)]
                          for s in range(S)]
        self.tgt_code = [[pack(PLAY, c, t) for c in range(K)] for t in range(S)]
        self.discard_code = tuple(pack(DISCARD, c) for c in range(K))
        self.others = tuple(tuple(t for t in range(S) if t != s) for s in range(S))
        self._state_tables()
        # (attack_cards holds the hazards with an effect: install_effects)
        if not self.game_scope:
            self.attack_cards |= self.mask_of(c for c, r in self.reach.items() if r != "own")

    def fill_duel(self, s: int, key: int) -> tuple[int, ...]:
        """Two sides: the codes for own-side cards (low K bits of key) then attacks (the bits above)."""
        own, attack = key & ((1 << self.K) - 1), key >> self.K
        value = tuple(self.self_code[s][c] for c in self.bits[own])
        value += tuple(self.tgt_code[1 - s][c] for c in self.bits[attack])
        self.duel_codes[s][key] = value
        return value

    def fill_codes(self, table: dict, codes: list[int], mask: int) -> tuple[int, ...]:
        """Remember the move codes of the cards in `mask` (plain dicts: the lookup is the hot path)."""
        value = table[mask] = tuple(codes[c] for c in self.bits[mask])
        return value

    def _state_tables(self) -> None:
        """own_gz / expo_gz[go state][zone]: own-side plays (mileage aside) and exposure to attacks."""
        n, Z = len(self.onto), self.K + 1
        self.own_gz = [[self.onto[g] | self.zone_own[z] for z in range(Z)] for g in range(n)]
        self.expo_gz = [[self.zone_opp[z] for z in range(Z)] for g in range(n)]
        for _, rewrite in core.steps("state_tables"):  # a construct's plays in any state (a safety's)
            rewrite(self)
        for z in range(Z):
            self.expo_gz[RUNNING][z] |= self.open_running  # the hazards a side showing go is open to
            if self.open_empty:
                self.expo_gz[EMPTY][z] |= self.open_empty  # (delays with `target any`)

    def take_id(self, take: tuple[tuple[int, int], ...]) -> int:
        found = self.take_ids.get(take)
        if found is None:
            found = self.take_ids[take] = len(self.takes)
            self.takes.append(take)
        return found

    def take_code(self, c: int, target: int, take: tuple[tuple[int, int], ...]) -> int:
        """The move code of card c played on side `target` taking the cards of `take` as its penalty."""
        return pack(PLAY, c, target, self.take_id(take))

    @staticmethod
    def action_code(action: str, c: int = 0) -> int:
        """The move code of a move of this action, by name, with card c (none for a mechanic's decision) (engine.codec)."""
        return pack(ACTIONS[action], c)


# the tables stage's own pieces, for the rules that are not yet constructs (mechanics.core.ORDER["tables"])
_OWN_TABLES = {"effects": lambda t, ruleset, setup: install_effects(t)}  # the delays' masks, the removals...

# what a detached copy leaves behind: model objects, and what is made from code or for the public layer
_NOT_DETACHED = frozenset({"ruleset", "setup", "chains", "kernel", "game_class", "moves", "codes", "side_views",
                           "pile_views", "move_lists"})
_CACHE: dict = {}


def tables_for(ruleset: Ruleset | Tables, players: int, setup: str | None = None) -> Tables:
    """Compiled tables for a ruleset seated for `players`, built once per (ruleset, seating).

    Tables given for the ruleset (a detached copy, say) are those tables, if they seat the same way."""
    if isinstance(ruleset, Tables):
        if players != ruleset.players or setup not in (None, ruleset.setup_id):
            raise ValueError(f"tables for {ruleset.ruleset_id} seat {ruleset.players} players in setup "
                             f"{ruleset.setup_id}, not {players} in {setup}")
        return ruleset
    try:
        chosen = ruleset.setup_for(players, setup)
    except KeyError as exc:
        counts = ", ".join(map(str, ruleset.player_counts()))
        raise ValueError(f"{exc.args[0]} in {ruleset.id} (it seats {counts})") from None
    key = (id(ruleset), chosen.id, players)
    hit = _CACHE.get(key)
    if hit is not None and hit.ruleset is ruleset:
        return hit
    if len(_CACHE) > 256:
        _CACHE.clear()
    tables = _CACHE[key] = Tables(ruleset, chosen, players)
    return tables
