"""Mechanics, penalties, the choices: which mileage cards a delayed side may be made to give up (pure arithmetic)."""
from __future__ import annotations

Take = tuple[tuple[int, int], ...]  # ((pile card, how many), ...) in pile order


def penalty_choices(piles: tuple[tuple[int, int], ...], available: tuple[int, ...], owed: int,
                    larger_card: bool, forfeit: str = "full") -> list[Take]:
    """Every distinct choice of cards the attacker may take.

    piles: (card, value) of each pile penalties may take from; available: cards in each.
    Without larger_card a choice totals at most `owed` (so no card worth more than what is still owed
    is taken); with it the victim pays at least `owed` when it can, with change: every minimal set of
    cards reaching `owed`, or everything it has when short. forfeit "full": the attacker takes the
    most the rules let it take, in any mix (nothing only when nothing can be taken); "up-to": any
    part of that, nothing included.
    """
    if larger_card:
        reaching = _at_least(piles, available, owed)
        if forfeit == "full":
            return reaching
        return reaching + [c for c in _within(piles, available, owed - 1) if c not in reaching]
    within = _within(piles, available, owed)
    if forfeit == "full":
        most = max(_total(piles, c) for c in within)
        return [c for c in within if _total(piles, c) == most]
    return within


def _total(piles, take: Take) -> int:
    value = dict(piles)
    return sum(value[card] * n for card, n in take)


def _within(piles, available, limit: int) -> list[Take]:
    """Every choice totalling at most `limit` (larger counts first, so the fullest choices lead)."""
    found: list[Take] = []
    counts = [0] * len(piles)

    def walk(i: int, total: int) -> None:
        if i == len(piles):
            found.append(tuple((piles[j][0], counts[j]) for j in range(len(piles)) if counts[j]))
            return
        value = piles[i][1]
        most = min(available[i], (limit - total) // value) if value > 0 and limit >= total else 0
        for n in range(most, -1, -1):
            counts[i] = n
            walk(i + 1, total + n * value)
        counts[i] = 0

    walk(0, 0)
    return found


def _at_least(piles, available, owed):
    total_all = sum(v * n for (_, v), n in zip(piles, available))
    if total_all <= owed:
        return [tuple((c, n) for (c, _), n in zip(piles, available) if n)]
    found = []
    counts = [0] * len(piles)

    def walk(i: int, total: int) -> None:
        if total >= owed:
            # minimal: dropping any one taken card would leave the debt unpaid
            if all(total - piles[j][1] < owed for j in range(len(piles)) if counts[j]):
                found.append(tuple((piles[j][0], counts[j]) for j in range(len(piles)) if counts[j]))
            return
        if i == len(piles):
            return
        for n in range(available[i] + 1):
            counts[i] = n
            walk(i + 1, total + n * piles[i][1])
            if total + n * piles[i][1] >= owed:
                break
        counts[i] = 0

    walk(0, 0)
    return found
