"""Simulate stage, statistics: per-game records folded into mergeable, constant-memory tallies.

Every measure is defined on docs/balance.md. Per game the runner keeps a GameRecord (a few numbers);
the Tally keeps only sums and bounded histograms (turns, lead changes, deficits, percentages), so its
size does not grow with the number of games and two tallies merge into exactly the tally of their
games together.
"""
from __future__ import annotations

import re

import math
from collections import Counter
from dataclasses import dataclass, field


@dataclass(slots=True)
class GameRecord:
    """What one finished game contributes; dropped as soon as it is folded in (or written out)."""

    index: int
    bots: tuple[str, ...]  # by seat, for this game
    winner_side: int | None
    winner_seats: tuple[int, ...]
    outcome: str
    turns: int
    reshuffles: int
    lead_changes: int
    behind: int | None  # the winner's largest deficit in miles (None without a winner)
    decided_at: int | None  # the turn from which the winner led to the end (None without a winner)
    plays_offered: int  # distinct legal plays summed over the turns (discards not counted)
    stuck_turns: int  # turns with no legal play: the seat had to discard
    plays: Counter | None  # by card name; None when the cards are counted per chunk (the fast path)
    hazard_hits: Counter | None
    penalties_paid: Counter | None
    penalty_miles: int

    def row(self) -> list:
        """The compact per-game record of `--records`: one CSV row."""
        side = "" if self.winner_side is None else self.winner_side + 1
        return [self.index, "+".join(self.bots), side, self.outcome, self.turns, self.lead_changes,
                "" if self.behind is None else self.behind, "" if self.decided_at is None else self.decided_at,
                self.plays_offered, self.stuck_turns, self.reshuffles, self.penalty_miles]


RECORD_COLUMNS = ["game", "bots", "winner_side", "outcome", "turns", "lead_changes", "winner_behind_miles",
                  "decided_at_turn", "plays_offered", "stuck_turns", "reshuffles", "penalty_miles"]


@dataclass
class Tally:
    """Running totals for many games; merging two tallies equals tallying their games together."""

    players: int
    bots: tuple[str, ...]  # by seat, before any rotation
    games: int = 0
    seat_wins: list[int] = field(default_factory=list)
    bot_wins: Counter = field(default_factory=Counter)  # bot -> seat-games won
    bot_games: Counter = field(default_factory=Counter)  # bot -> seat-games played
    ties: int = 0
    outcomes: Counter = field(default_factory=Counter)
    lengths: Counter = field(default_factory=Counter)  # turns -> games: bounded by the turn limit
    reshuffles: int = 0
    lead_changes: Counter = field(default_factory=Counter)  # lead changes in a game -> games
    behind: Counter = field(default_factory=Counter)  # winner's largest deficit (miles) -> games
    decided: Counter = field(default_factory=Counter)  # percent of the game before the lead held -> games
    plays_offered: int = 0
    stuck_turns: int = 0
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
        bots = record.bots
        for seat in record.winner_seats:
            self.seat_wins[seat] += 1
            self.bot_wins[bots[seat]] += 1
        bot_games = self.bot_games
        for bot in bots:  # not Counter.update: a call that checks its argument costs more than these few adds
            bot_games[bot] += 1
        turns = record.turns
        self.outcomes[record.outcome] += 1
        self.lengths[turns] += 1
        self.reshuffles += record.reshuffles
        self.lead_changes[record.lead_changes] += 1
        if record.behind is not None:
            self.behind[record.behind] += 1
        if record.decided_at is not None and turns:
            self.decided[100 * record.decided_at // turns] += 1
        self.plays_offered += record.plays_offered
        self.stuck_turns += record.stuck_turns
        if record.plays is not None:  # the fast path counts cards per chunk, not per game
            self.plays.update(record.plays)
            self.hazard_hits.update(record.hazard_hits)
            self.penalties_paid.update(record.penalties_paid)
        self.penalty_miles += record.penalty_miles

    def merge(self, other: "Tally") -> "Tally":
        self.games += other.games
        self.seat_wins = [a + b for a, b in zip(self.seat_wins, other.seat_wins)]
        self.ties += other.ties
        self.reshuffles += other.reshuffles
        self.plays_offered += other.plays_offered
        self.stuck_turns += other.stuck_turns
        self.penalty_miles += other.penalty_miles
        for name in ("bot_wins", "bot_games", "outcomes", "lengths", "lead_changes", "behind", "decided", "plays",
                     "hazard_hits", "penalties_paid"):
            getattr(self, name).update(getattr(other, name))
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


def mean(histogram: Counter) -> float:
    total = sum(histogram.values())
    return sum(v * n for v, n in histogram.items()) / total if total else 0.0


def share_at_least(histogram: Counter, threshold: float) -> float:
    total = sum(histogram.values())
    return sum(n for v, n in histogram.items() if v >= threshold) / total if total else 0.0


def by_name(items):
    """(card name, value) pairs in natural order: numbers compared as numbers, so "3 Miles" comes before
    "15 Miles" and mileage cards run by value."""
    def key(item):
        return [(0, int(part), "") if part.isdigit() else (1, 0, part.lower())
                for part in re.split(r"(\d+)", item[0]) if part]
    return sorted(items, key=key)


def report(tally: Tally, side_of_seat: list[int], race_miles: int = 0, rotate: bool = False) -> dict:
    """The tally as plain data: the form `--json` prints and the text report reads."""
    n = tally.games or 1
    seats = []
    for seat, wins in enumerate(tally.seat_wins):
        low, high = wilson(wins, tally.games)
        seats.append({"seat": seat + 1, "side": side_of_seat[seat] + 1,
                      "bot": "rotating" if rotate and len(set(tally.bots)) > 1 else tally.bots[seat],
                      "wins": wins, "rate": wins / n, "ci95": [low, high]})
    bots = [{"bot": bot, "wins": tally.bot_wins[bot], "seat_games": games, "rate": tally.bot_wins[bot] / games,
             "ci95": list(wilson(tally.bot_wins[bot], games))} for bot, games in tally.bot_games.items()]
    sides = len(set(side_of_seat))
    fair = 1 / sides if sides else 0.0
    equal_bots = len(set(tally.bots)) == 1
    seat_edge = None
    if equal_bots or rotate:
        # with equal bots (or bots rotating through the seats) seat 1's wins measure the seat itself
        seat_edge = {"win_rate": seats[0]["rate"], "fair_share": fair, "edge": seats[0]["rate"] - fair,
                     "ci95": seats[0]["ci95"], "bots": "equal" if equal_bots else "rotating"}
    turns = sum(t * c for t, c in tally.lengths.items())
    decided_games = sum(tally.decided.values())
    return {
        "games": tally.games,
        "players": tally.players,
        "bots_differ": not equal_bots,
        "rotate": rotate,
        "seats": seats,
        "bots": bots,
        "ties": tally.ties,
        "first_seat_advantage": seat_edge,
        "skill": skill(tally, bots) if not equal_bots else None,
        "length": {"mean": turns / n, "median": percentile(tally.lengths, 0.5),
                   "p10": percentile(tally.lengths, 0.1), "p25": percentile(tally.lengths, 0.25),
                   "p75": percentile(tally.lengths, 0.75), "p90": percentile(tally.lengths, 0.9),
                   "p99": percentile(tally.lengths, 0.99), "min": min(tally.lengths, default=0),
                   "max": max(tally.lengths, default=0)},
        "outcomes": {k: {"games": v, "share": v / n} for k, v in sorted(tally.outcomes.items())},
        "completed_share": tally.outcomes.get("completed", 0) / n,
        "reshuffles_per_game": tally.reshuffles / n,
        "lead_changes_per_game": mean(tally.lead_changes),
        "wire_to_wire_share": tally.lead_changes.get(0, 0) / n,
        "drama": {"race_miles": race_miles, "winner_behind_mean": mean(tally.behind),
                  "winner_behind_median": percentile(tally.behind, 0.5),
                  "comeback_share": share_at_least(tally.behind, race_miles / 4) if race_miles else 0.0},
        "decisiveness": {"mean": mean(tally.decided) / 100, "median": percentile(tally.decided, 0.5) / 100,
                         "games": decided_games},
        "branching": {"plays_per_turn": tally.plays_offered / turns if turns else 0.0,
                      "stuck_share": tally.stuck_turns / turns if turns else 0.0},
        "plays_per_game": {k: v / n for k, v in by_name(tally.plays.items())},
        "hazard_hits_per_game": {k: v / n for k, v in by_name(tally.hazard_hits.items()) if v},
        "penalties_paid_per_game": {k: v / n for k, v in by_name(tally.penalties_paid.items()) if v},
        "penalty_miles_per_game": tally.penalty_miles / n,
        "length_histogram": {str(k): v for k, v in sorted(tally.lengths.items())},
    }


def skill(tally: Tally, bots: list[dict]) -> dict | None:
    """Two different bots: the stronger one's share of the games between them (the skill check)."""
    if len(bots) != 2:
        return None
    strong, weak = sorted(bots, key=lambda b: -b["rate"])
    decided = strong["wins"] + weak["wins"]
    low, high = wilson(strong["wins"], decided)
    return {"stronger": strong["bot"], "weaker": weak["bot"], "share": strong["wins"] / decided if decided else 0.0,
            "ci95": [low, high], "games": decided}
