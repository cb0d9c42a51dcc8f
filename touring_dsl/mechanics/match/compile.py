"""Mechanics, the match, the compile step: the scoring section's `match to N points` -> the match's target
and its citations (the Scoring's `match` and `match_provenance`), with its error: E223 (a match worth
less than a point).

`build` is the compiler's Build (language.build): build.one finds the line, build.c.error reports,
build.provenance gathers the citations. mechanics.scoring's compile step calls this for its Scoring.
"""
from __future__ import annotations


def compile_match(build) -> tuple:
    """(the points a side's total must reach, or None: each race scored alone; the line's provenance)."""
    match = build.one("scoring", "match_to")
    if match is not None and match.data["points"].value < 1:
        build.c.error("E223", "a match must be worth at least 1 point", match.data["points"].span)
    return (match.data["points"].value if match else None), build.provenance(match, "the match")
