"""Simulate stage, statistics: per-game records folded into mergeable, constant-memory tallies."""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field


@dataclass
class GameRecord:
    """What one finished game contributes; dropped as soon as it is folded in."""

    winner_side: int | None
    winner_seats: tuple[int, ...]
    outcome: str
    turns: int
    reshuffles: int
    lead_changes: int
    plays: Counter
    hazard_hits: Counter
    penalties_paid: Counter
    penalty_miles: int


@dataclass
class Tally:
    """Running totals for many games; merging two tallies equals tallying their games together."""

    players: int
    bots: tuple[str, ...]
    games: int = 0
    seat_wins: list[int] = field(default_factory=list)
    ties: int = 0
    outcomes: Counter = field(default_factory=Counter)
    lengths: Counter = field(default_factory=Counter)  # turns -> games: bounded by the turn limit
    reshuffles: int = 0
    lead_changes: int = 0
    plays: Counter = field(default_factory=Counter)
    hazard_hits: Counter = field(default_factory=Counter)
    penalties_paid: Counter = field(default_factory=Counter)
    penalty_miles: int = 0

    def __post_init__(self) -> None:
        if not self.seat_wins:
            self.seat_wins = [0] * self.players

    def add(self, record: GameRecord) -> None:
        self.games += 1
        if record.winner_side is None:
            self.ties += 1
        for seat in record.winner_seats:
            self.seat_wins[seat] += 1
        self.outcomes[record.outcome] += 1
        self.lengths[record.turns] += 1
        self.reshuffles += record.reshuffles
        self.lead_changes += record.lead_changes
        self.plays.update(record.plays)
        self.hazard_hits.update(record.hazard_hits)
        self.penalties_paid.update(record.penalties_paid)
        self.penalty_miles += record.penalty_miles

    def merge(self, other: "Tally") -> "Tally":
        self.games += other.games
        self.seat_wins = [a + b for a, b in zip(self.seat_wins, other.seat_wins)]
        self.ties += other.ties
        self.outcomes.update(other.outcomes)
        self.lengths.update(other.lengths)
        self.reshuffles += other.reshuffles
        self.lead_changes += other.lead_changes
        self.plays.update(other.plays)
        self.hazard_hits.update(other.hazard_hits)
        self.penalties_paid.update(other.penalties_paid)
        self.penalty_miles += other.penalty_miles
        return self


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval: well behaved near 0 and 1, unlike the normal approximation."""
    if trials == 0:
        return (0.0, 0.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exact at the edges, free of rounding
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def percentile(lengths: Counter, q: float) -> float:
    """The q-quantile (0..1) of a histogram, by the nearest-rank rule."""
    total = sum(lengths.values())
    if total == 0:
        return 0.0
    rank = max(1, math.ceil(q * total))
    seen = 0
    for value in sorted(lengths):
        seen += lengths[value]
        if seen >= rank:
            return float(value)
    return float(max(lengths))


def report(tally: Tally, side_of_seat: list[int]) -> dict:
    """The tally as plain data: the form `--json` prints and the text report reads."""
    n = tally.games or 1
    seats = []
    for seat, wins in enumerate(tally.seat_wins):
        low, high = wilson(wins, tally.games)
        seats.append({"seat": seat + 1, "side": side_of_seat[seat] + 1, "bot": tally.bots[seat],
                      "wins": wins, "rate": wins / n, "ci95": [low, high]})
    by_bot: dict[str, list[int]] = {}
    for seat, wins in enumerate(tally.seat_wins):
        entry = by_bot.setdefault(tally.bots[seat], [0, 0])
        entry[0] += wins
        entry[1] += tally.games
    bots = [{"bot": bot, "wins": w, "seat_games": g, "rate": w / (g or 1), "ci95": list(wilson(w, g))}
            for bot, (w, g) in by_bot.items()]
    sides = len(set(side_of_seat))
    first = seats[0]["rate"] if seats else 0.0
    mean = sum(t * c for t, c in tally.lengths.items()) / n
    return {
        "games": tally.games,
        "players": tally.players,
        "seats": seats,
        "bots": bots,
        "ties": tally.ties,
        "first_player_advantage": {"win_rate": first, "fair_share": 1 / sides if sides else 0.0,
                                   "edge": first - (1 / sides if sides else 0.0),
                                   "ci95": seats[0]["ci95"] if seats else [0.0, 0.0]},
        "length": {"mean": mean, "median": percentile(tally.lengths, 0.5),
                   "p10": percentile(tally.lengths, 0.1), "p25": percentile(tally.lengths, 0.25),
                   "p75": percentile(tally.lengths, 0.75), "p90": percentile(tally.lengths, 0.9),
                   "p99": percentile(tally.lengths, 0.99), "min": min(tally.lengths, default=0),
                   "max": max(tally.lengths, default=0)},
        "outcomes": {k: {"games": v, "share": v / n} for k, v in sorted(tally.outcomes.items())},
        "reshuffles_per_game": tally.reshuffles / n,
        "lead_changes_per_game": tally.lead_changes / n,
        "plays_per_game": {k: v / n for k, v in sorted(tally.plays.items())},
        "hazard_hits_per_game": {k: v / n for k, v in sorted(tally.hazard_hits.items())},
        "penalties_paid_per_game": {k: v / n for k, v in sorted(tally.penalties_paid.items())},
        "penalty_miles_per_game": tally.penalty_miles / n,
        "length_histogram": {str(k): v for k, v in sorted(tally.lengths.items())},
    }
