"""Engine stage, penalty choices: which mileage cards a delayed side may be made to give up."""
from __future__ import annotations


def penalty_choices(piles: tuple[tuple[int, int], ...], available: tuple[int, ...], owed: int,
                    larger_card: bool) -> list[tuple[tuple[int, int], ...]]:
    """Every distinct choice of cards the attacker may take, as ((card, how many), ...) in pile order.

    piles: (card, value) of each pile penalties may take from; available: cards in each.
    Normally a choice totals at most `owed`, never holds a card worth more than `owed`, and is
    maximal: no card left in those piles would still fit. The empty choice is the only one when
    nothing fits. With larger_card the victim pays at least `owed` when it can, with change
    allowed: every minimal set of cards reaching `owed`, or everything it has when short.
    """
    if larger_card:
        return _at_least(piles, available, owed)
    found: list[tuple[tuple[int, int], ...]] = []
    counts = [0] * len(piles)

    def walk(i: int, total: int) -> None:
        if i == len(piles):
            rest = owed - total
            if all(counts[j] == available[j] or piles[j][1] > rest for j in range(len(piles))):
                found.append(tuple((piles[j][0], counts[j]) for j in range(len(piles)) if counts[j]))
            return
        value = piles[i][1]
        most = min(available[i], (owed - total) // value) if value > 0 else 0
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
