"""Diff stage, renames: pair each card of edition A with the card of edition B that plays its role."""
from __future__ import annotations

from difflib import SequenceMatcher
from typing import Callable

from ..language.merge import declared_renames
from ..language.model import Card, Ruleset

# An exhaustive search for the best pairing is cheap for the handful of cards that share a role;
# above this many candidates we fall back to a greedy choice.
_EXHAUSTIVE_LIMIT = 5


class CardMatch:
    """A one-to-one pairing of A's cards with B's: same name first, then the same role."""

    def __init__(self, a: Ruleset, b: Ruleset):
        self.a, self.b = a, b
        self.a_to_b: dict[str, str] = {}
        self.b_to_a: dict[str, str] = {}
        self._a_order = {c.name: i for i, c in enumerate(a.deck)}
        self._b_order = {c.name: i for i, c in enumerate(b.deck)}
        self._match_same_names()
        self._match_declared_renames()
        self._match_go_cards()
        self._match_mileage_by_pile()
        self._match_zone_cards()
        self._match_chained_hazards()
        self._match_remedies_along_chains()
        self._match_removal_hazards()
        self._match_counters()

    # the result ------------------------------------------------------------------------------
    def to_b(self, name: str) -> str:
        """A's card name in B's words (unchanged when the card has no partner)."""
        return self.a_to_b.get(name, name)

    def renames(self) -> list[tuple[str, str, str]]:
        """(kind, A name, B name) for every pair whose names differ, in A's deck order."""
        return [(self.a.card(old).kind, old, new) for old, new in self.a_to_b.items() if old != new]

    def removed(self) -> list[Card]:
        return [c for c in self.a.deck if c.name not in self.a_to_b]

    def added(self) -> list[Card]:
        return [c for c in self.b.deck if c.name not in self.b_to_a]

    def pairs(self) -> list[tuple[Card, Card]]:
        return [(self.a.card(x), self.b.card(y)) for x, y in self.a_to_b.items()]

    # pairing steps ---------------------------------------------------------------------------
    def _pair(self, old: str, new: str) -> None:
        self.a_to_b[old] = new
        self.b_to_a[new] = old

    def _free(self, ruleset: Ruleset, taken: dict[str, str], kind: str) -> list[Card]:
        return [c for c in ruleset.deck if c.kind == kind and c.name not in taken]

    def _match_same_names(self) -> None:
        b_names = {c.name for c in self.b.deck}
        for card in self.a.deck:
            if card.name in b_names:
                self._pair(card.name, card.name)

    def _match_declared_renames(self) -> None:
        """Where one edition is a variant of the other, the cards it renames (`rename card`) are the pairs."""
        if self.b.parent == self.a.id:
            pairs = declared_renames(self.b)
        elif self.a.parent == self.b.id:
            pairs = [(old, new) for new, old in declared_renames(self.a)]
        else:
            return
        for old, new in pairs:
            if old in self._a_order and new in self._b_order and old not in self.a_to_b and new not in self.b_to_a:
                self._pair(old, new)

    def _match_go_cards(self) -> None:
        old, new = self._free(self.a, self.a_to_b, "go"), self._free(self.b, self.b_to_a, "go")
        if len(old) == 1 and len(new) == 1:
            self._pair(old[0].name, new[0].name)

    def _match_mileage_by_pile(self) -> None:
        """Mileage cards play the role of their pile: the n-th pile of A is the n-th pile of B."""
        a_piles = {p.card: i for i, p in enumerate(self.a.race.piles)}
        b_piles = {p.card: i for i, p in enumerate(self.b.race.piles)}
        old = [c for c in self._free(self.a, self.a_to_b, "mileage") if c.name in a_piles]
        new = [c for c in self._free(self.b, self.b_to_a, "mileage") if c.name in b_piles]
        self._assign(old, new, lambda x, y: True,
                     lambda x, y: -abs(a_piles[x.name] - b_piles[y.name]))

    def _match_zone_cards(self) -> None:
        """The zone a race starts in pairs with the other's; the zone that opens all mileage likewise."""
        old, new = self._free(self.a, self.a_to_b, "zone"), self._free(self.b, self.b_to_a, "zone")
        self._assign(old, new, lambda x, y: _zone_role(self.a, x.name) == _zone_role(self.b, y.name),
                     self._name_score)

    def _match_chained_hazards(self) -> None:
        """Hazards pair when their chains have the same length and agree on every card already paired."""
        a_chains = {c.hazard: c.steps for c in self.a.delays.chains}
        b_chains = {c.hazard: c.steps for c in self.b.delays.chains}
        old = [c for c in self._free(self.a, self.a_to_b, "hazard") if c.name in a_chains]
        new = [c for c in self._free(self.b, self.b_to_a, "hazard") if c.name in b_chains]

        def fits(x: Card, y: Card) -> bool:
            steps_a, steps_b = a_chains[x.name], b_chains[y.name]
            if len(steps_a) != len(steps_b):
                return False
            return all(self.a_to_b.get(sa, sb) == sb and self.b_to_a.get(sb, sa) == sa
                       for sa, sb in zip(steps_a, steps_b))

        self._assign(old, new, fits, self._name_score)

    def _match_remedies_along_chains(self) -> None:
        """The remedy at a given step of a hazard's chain pairs with the one at that step of its partner's."""
        b_chains = {c.hazard: c.steps for c in self.b.delays.chains}
        for chain in self.a.delays.chains:
            partner = self.a_to_b.get(chain.hazard)
            if partner not in b_chains or len(b_chains[partner]) != len(chain.steps):
                continue
            for old, new in zip(chain.steps, b_chains[partner]):
                if (old not in self.a_to_b and new not in self.b_to_a
                        and self.a.card(old).kind == self.b.card(new).kind == "remedy"):
                    self._pair(old, new)

    def _match_removal_hazards(self) -> None:
        old = [c for c in self._free(self.a, self.a_to_b, "hazard") if c.removes]
        new = [c for c in self._free(self.b, self.b_to_a, "hazard") if c.removes]
        self._assign(old, new, lambda x, y: self.to_b(x.removes or "") == y.removes, self._name_score)

    def _match_counters(self) -> None:
        old, new = self._free(self.a, self.a_to_b, "counter"), self._free(self.b, self.b_to_a, "counter")

        def overlap(x: Card, y: Card) -> int:
            return len({self.to_b(n) for n in x.counters} & set(y.counters))

        self._assign(old, new, lambda x, y: overlap(x, y) > 0,
                     lambda x, y: overlap(x, y) + self._name_score(x, y))

    # the search -------------------------------------------------------------------------------
    def _name_score(self, x: Card, y: Card) -> float:
        """Likeness of names, with a small preference for cards listed at the same place in the deck."""
        a, b = x.name.lower(), y.name.lower()
        # the larger of both directions, so that comparing B with A pairs the cards A with B did
        likeness = max(SequenceMatcher(None, a, b).ratio(), SequenceMatcher(None, b, a).ratio())
        return likeness - 0.001 * abs(self._a_order[x.name] - self._b_order[y.name])

    def _assign(self, old: list[Card], new: list[Card], fits: Callable[[Card, Card], bool],
                score: Callable[[Card, Card], float]) -> None:
        """Pair as many as possible of `old` with `new` (only pairs that fit), best total score first."""
        if not old or not new:
            return
        for x, y in _best_pairing(old, new, fits, score):
            self._pair(x.name, y.name)


def _zone_role(ruleset: Ruleset, name: str) -> tuple[bool, bool]:
    """(is the starting zone, opens every mileage card)."""
    mileage = {c.name for c in ruleset.deck if c.kind == "mileage"}
    zone = next((z for z in ruleset.zones.zones if z.name == name), None)
    opens_all = zone is not None and set(zone.allows) >= mileage
    return (ruleset.zones.start == name, opens_all)


def _best_pairing(old: list[Card], new: list[Card], fits, score) -> list[tuple[Card, Card]]:
    """The pairing with the most pairs, then the highest total score (exhaustive for small sets)."""
    if len(old) * len(new) > _EXHAUSTIVE_LIMIT ** 2:
        return _greedy_pairing(old, new, fits, score)
    options = [[y for y in new if fits(x, y)] for x in old]
    best: list = [(-1, 0.0), []]

    def search(i: int, used: frozenset, pairs: list) -> None:
        if i == len(old):
            rank = (len(pairs), round(sum(score(x, y) for x, y in pairs), 9))
            if rank > best[0] or rank == best[0] and _canonical(pairs) < _canonical(best[1]):
                best[0], best[1] = rank, list(pairs)
            return
        for y in options[i]:
            if y.name not in used:
                search(i + 1, used | {y.name}, pairs + [(old[i], y)])
        search(i + 1, used, pairs)

    search(0, frozenset(), [])
    return best[1]


def _canonical(pairs) -> tuple:
    """A pairing as the same value whichever edition is old: ties between equal pairings are broken
    by it, so that the diff from B to A mirrors the diff from A to B."""
    return tuple(sorted(tuple(sorted((x.name, y.name))) for x, y in pairs))


def _greedy_pairing(old, new, fits, score) -> list[tuple[Card, Card]]:
    candidates = sorted(((score(x, y), i, j) for i, x in enumerate(old)
                         for j, y in enumerate(new) if fits(x, y)), key=lambda c: c[0], reverse=True)
    used_old, used_new, pairs = set(), set(), []
    for _, i, j in candidates:
        if i not in used_old and j not in used_new:
            used_old.add(i)
            used_new.add(j)
            pairs.append((old[i], new[j]))
    return pairs
