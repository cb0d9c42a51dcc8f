"""Mechanics, the match, its words: `touring show`'s part of the scoring line, the rulebook's paragraphs on
how a match is won and who leads its races (as phrases: mechanics.phrases), and the differ's comparison
of two matches (diff.compare calls compare) with its sentence (DIFF_PHRASES, read by diff.describe
through mechanics.core). The mechanics of a match (place "match": the rotating lead) say their own words
beside it, found by mechanics.match_parts.
"""
from __future__ import annotations

from ...base.i18n import _, ngettext
from ...base.wording import counted
from .. import match_parts, names_the_lead
from ..phrases import Para, Refs


def target(ruleset) -> int | None:
    """The points that win the match, or None where each race is scored on its own (or nothing is scored)."""
    return ruleset.scoring.match if ruleset.scoring else None


def show(r) -> str:
    """The end of `touring show`'s scoring line: the match, and its mechanics beside it."""
    said = ngettext("; match to {n} point", "; match to {n} points", r.scoring.match).format(n=r.scoring.match) \
        if r.scoring.match else _("; each race scored on its own")
    return said + "".join(f", {mechanic.show(part, r.race.unit)}" for mechanic, part in match_parts(r))


def rulebook(r) -> tuple[Para, ...]:
    """The Scoring section's paragraphs on the match: how it is won (or that each race stands alone), who
    leads each race where no mechanic of the match names the leader, and each mechanic of the match's words."""
    points = target(r)
    if points is None:
        said = [Para((_("Each race is scored on its own; the scores do not change who wins the race."),))]
    else:
        said = [Para((_("A match is played over several races. Each side keeps a running total of its scores. When "
                        "at the end of a race some side's total has reached {points}, the match is over and the "
                        "side with the highest total wins it; if the highest totals are equal, another race is "
                        "dealt.").format(points=ngettext("{n} point", "{n} points", points).format(n=points)),
                      Refs((r.scoring.match_provenance,))))]
    matched = match_parts(r)  # the match's own mechanics (touring_dsl.mechanics), said beside it
    if points is not None and not any(names_the_lead(mechanic) for mechanic, _ in matched):
        said.append(Para((_("The same player leads every race of the match: the cards are dealt from that "
                            "player, who also takes the first turn."),)))
    said += [Para((" ".join(mechanic.rulebook(part, r.race.unit)), Refs((part.provenance,))))
             for mechanic, part in matched]
    return tuple(said)


def compare(c) -> None:
    """The match's difference between two scored rulesets (c: the differ's Comparison): its target."""
    c.value("scoring", "match", c.a.scoring.match, c.b.scoring.match)


def match_changed(c) -> str:
    def show(v):
        return _("a match to {v} points").format(v=v) if v else _("no match, each race scored on its own")
    return _("Scoring: {new} (was {old})").format(new=show(c.new), old=show(c.old))


DIFF_PHRASES = {"match": match_changed}
