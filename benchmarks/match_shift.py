"""Benchmark (not a test): how many more points a race a bot would need to win a given share of matches.

Usage: python benchmarks/match_shift.py RESULTS --bot B --against A [--edition E] [--want 0.65]
Reads the rows duel_matches.py kept for B against A (each match's points margin a race and its races)
and asks: had B scored d more points in every race of those very matches, what share would it have won?
It prints that share for d = 0, 20, 40, ... and the least d that reaches --want. A match's total margin
is its margin a race times its races; a total above zero is a match won, zero a match tied. This is an
estimate: a stronger bot would change which races are long and close, not only add points; it says
how far a target is in the units a bot's changes are measured in (points a race), beside what the
changes tried have gained (docs/bots.md).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from results_file import results_rows

STEP = 20  # points a race between the shares printed


def matches_of(rows: list[dict], key: tuple[str, str, str]) -> list[tuple[float, int]]:
    """(total margin, races) of every match of the pair, both seats of every deal."""
    return [(margin * races, races) for row in rows if (row["edition"], row["bot"], row["against"]) == key
            for margin, races in zip(row["margins"], row["races"])]


def share_with(matches: list[tuple[float, int]], extra: float) -> float:
    """The share of the matches won had the bot scored `extra` more points in every race."""
    won = sum(1.0 if total + extra * races > 0 else 0.5 if total + extra * races == 0 else 0.0
              for total, races in matches)
    return won / len(matches)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", type=Path)
    parser.add_argument("--bot", required=True)
    parser.add_argument("--against", required=True)
    parser.add_argument("--edition", default="mille-bornes")
    parser.add_argument("--want", type=float, default=0.65)
    args = parser.parse_args()
    if not args.results.exists():
        parser.error(f"{args.results}: no such results file")
    matches = matches_of(results_rows(args.results), (args.edition, args.bot, args.against))
    if not matches:
        print(f"{args.results}: no matches of {args.bot} against {args.against} in {args.edition}", file=sys.stderr)
        raise SystemExit(1)
    races = sum(r for _, r in matches)
    print(f"{args.edition}: {args.bot} against {args.against}, {len(matches)} matches, "
          f"{sum(t for t, _ in matches) / races:+.0f} points a race over the rival (all margins over all races), {races / len(matches):.2f} races a match")
    extra = 0
    while share_with(matches, extra) < args.want and extra < 5000:
        if extra % STEP == 0:
            print(f"  {extra:+5d} points a race: {share_with(matches, extra):.1%} of matches")
        extra += 1
    print(f"{args.want:.0%} of matches would need {extra:+d} points a race more ({share_with(matches, extra):.1%})")


if __name__ == "__main__":
    main()
