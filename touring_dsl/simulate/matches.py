"""Simulate stage, matches: many seeded bot matches of an edition that scores a match, measured.

Match i is dealt from the run's seed and i alone (plan.game_seed), each race from the match's seed
(engine.match.race_seed) and led by the seat the match's rules name (engine.match.lead_seat), and each
race's bot choices from that race's seed: the numbers depend only on the seed, never on --jobs. With
--rotate, match i seats the bots as game i does (plan.bots_for), so each bot's match wins are counted
by bot as well as by side, as the games' are.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..base.i18n import _
from .plan import BOT_SALT, Plan, game_seed
from .stats import percentile, wilson

if TYPE_CHECKING:
    from ..language.model import Ruleset

MATCH_CHUNK = 10  # matches per work unit


def scores_a_match(ruleset: Ruleset) -> bool:
    return ruleset.scoring is not None and ruleset.scoring.match is not None


@dataclass
class MatchTally:
    """Running totals over many matches; merging two equals tallying their matches together."""

    sides: int
    matches: int = 0
    side_wins: list[int] = field(default_factory=list)
    undecided: int = 0
    races: Counter = field(default_factory=Counter)  # races per match -> matches
    points: list[int] = field(default_factory=list)  # each side's final totals, summed over the matches
    bot_wins: Counter = field(default_factory=Counter)  # bot -> seat-matches won
    bot_matches: Counter = field(default_factory=Counter)  # bot -> seat-matches played

    def __post_init__(self) -> None:
        for name in ("side_wins", "points"):
            if not getattr(self, name):
                setattr(self, name, [0] * self.sides)

    def add(self, match, bots: tuple[str, ...]) -> None:
        """One finished match, `bots` its bots by seat (seat s plays for side s % sides, as in the engine)."""
        self.matches += 1
        winner = match.winner
        if winner is None:
            self.undecided += 1
        else:
            self.side_wins[winner] += 1
        for seat, bot in enumerate(bots):
            self.bot_matches[bot] += 1
            if winner is not None and seat % self.sides == winner:
                self.bot_wins[bot] += 1
        self.races[len(match.races)] += 1
        for side, total in enumerate(match.totals):
            self.points[side] += total

    def merge(self, other: "MatchTally") -> "MatchTally":
        self.matches += other.matches
        self.undecided += other.undecided
        for name in ("races", "bot_wins", "bot_matches"):
            getattr(self, name).update(getattr(other, name))
        for name in ("side_wins", "points"):
            setattr(self, name, [a + b for a, b in zip(getattr(self, name), getattr(other, name))])
        return self


def play_bot_match(ruleset: Ruleset, plan: Plan, index: int):
    """Match number `index` of the plan, every seat played by its bot (moved round the seats with --rotate)."""
    from ..bots.players import make_bot, play
    from ..engine.match import play_match
    from ..base.rng import Rng

    bots = [make_bot(name, ruleset) for name in plan.bots_for(index)]
    return play_match(ruleset, plan.players, game_seed(plan.seed, index),
                      lambda game: play(game, bots, Rng(game.seed ^ BOT_SALT)), setup=plan.setup)


def run_match_chunk(plan: Plan, start: int, stop: int, sides: int) -> MatchTally:
    from ..language.archive import load

    ruleset = load(plan.edition)
    tally = MatchTally(sides)
    for index in range(start, stop):
        tally.add(play_bot_match(ruleset, plan, index), plan.bots_for(index))
    return tally


def _chunk(args: tuple) -> MatchTally:
    return run_match_chunk(*args)


def run_matches(plan: Plan, matches: int, sides: int, jobs: int = 1, progress=None) -> MatchTally:
    """Play `matches` bot matches; chunks merge in order, so --jobs never changes a number."""
    # streamed, as the games' chunks are: a huge --matches never becomes a list of every chunk
    work = ((plan, start, min(start + MATCH_CHUNK, matches), sides) for start in range(0, matches, MATCH_CHUNK))
    count = -(-matches // MATCH_CHUNK)
    total = MatchTally(sides)
    chunks = _results(work, jobs, count)
    try:
        for tally in chunks:
            total.merge(tally)
            if progress:
                progress(tally.matches)
    finally:
        chunks.close()  # an interrupted run ends its worker pool now, not at interpreter exit
    return total


def _results(work, jobs: int, count: int):
    if jobs <= 1 or count == 1:
        yield from map(_chunk, work)
        return
    from .pool import worker_pool

    with worker_pool(jobs) as pool:
        yield from pool.imap(_chunk, work)


def simulate_matches(ruleset: Ruleset, plan: Plan, matches: int, jobs: int = 1, progress=None) -> dict:
    """`matches` bot matches of the plan's seating, as report data."""
    sides = ruleset.setup_for(plan.players, plan.setup).side_count(plan.players)
    tally = run_matches(plan, matches, sides, jobs, progress)
    return match_report(tally, ruleset.scoring.match if ruleset.scoring else 0)


def match_report(tally: MatchTally, target: int) -> dict:
    """The match tally as plain data, for `--json` and the text report."""
    n = tally.matches or 1
    races = sum(k * v for k, v in tally.races.items())
    return {
        "matches": tally.matches,
        "to": target,
        "bots": [{"bot": bot, "wins": tally.bot_wins[bot], "seat_matches": played,
                  "rate": tally.bot_wins[bot] / played, "ci95": list(wilson(tally.bot_wins[bot], played))}
                 for bot, played in tally.bot_matches.items()],
        "sides": [{"side": side + 1, "wins": wins, "rate": wins / n, "ci95": list(wilson(wins, tally.matches)),
                   "points_per_race": tally.points[side] / (races or 1), "final_total": tally.points[side] / n}
                  for side, wins in enumerate(tally.side_wins)],
        "undecided": tally.undecided,
        "races_per_match": {"mean": races / n, "median": percentile(tally.races, 0.5),
                            "min": min(tally.races, default=0), "max": max(tally.races, default=0)},
    }


def match_lines(data: dict, figure=lambda text: text) -> list[str]:
    """The match part of `touring simulate`'s text report (nothing when the edition plays no match), in the
    reader's language; `figure` writes a printed number as the reader's language does."""
    match = data.get("match")
    if not match:
        return []
    races = match["races_per_match"]
    lines = ["", _("Matches to {to} points: {matches} played (races per match: mean {mean}, median {median}, "
                   "{least}-{most})").format(to=match["to"], matches=match["matches"],
                                            mean=figure(f"{races['mean']:.1f}"), median=f"{races['median']:.0f}",
                                            least=races["min"], most=races["max"]),
             _("Match wins by side (95% confidence interval):")]
    for side in match["sides"]:
        lines.append("  " + _("side {side}: {rate} [{low}, {high}]; {points} points per race, final total {total}")
                     .format(side=side["side"], rate=figure(f"{side['rate']:.1%}"),
                             low=figure(f"{side['ci95'][0]:.1%}"), high=figure(f"{side['ci95'][1]:.1%}"),
                             points=f"{side['points_per_race']:.0f}", total=f"{side['final_total']:.0f}"))
    if match["undecided"]:
        lines.append("  " + _("undecided: {n}").format(n=match["undecided"]))
    lines.append(_("Match wins by bot (per seat played):"))
    lines += [f"  {b['bot']}: {figure(format(b['rate'], '.1%'))} "
              f"[{figure(format(b['ci95'][0], '.1%'))}, {figure(format(b['ci95'][1], '.1%'))}]" for b in match["bots"]]
    return lines
