"""Compile stage, advice: what a variant's file compiles to but probably does not mean, as located warnings.

A warning never stops a file from compiling; `touring check` and `touring diff` print them. Each points
into the variant's own file, at the change that caused it, and says what to change.
"""
from __future__ import annotations

from pathlib import Path

from .errors import Diagnostic, Span
from .model import Ruleset


def variant_warnings(ruleset: Ruleset, parent: Ruleset | None, lines: list[str] | None = None) -> list[Diagnostic]:
    """Every warning for a variant (none for an edition that extends nothing). lines: the variant's text, for
    the excerpts (else its file is read): a text not saved, or one uploaded, whose name means no file here."""
    if parent is None:
        return []
    return _setups_left_behind(ruleset, parent, lines)


def _setups_left_behind(r: Ruleset, parent: Ruleset, lines: list[str] | None) -> list[Diagnostic]:
    """The race was made shorter (or longer), but a setup that ran a shorter race of its own keeps it
    unchanged from the parent, and is now no longer shorter than the race it was a shortening of."""
    change = next((c for c in r.changes if c.key == "race" and c.location is not None), None)
    if change is None or r.race.miles == parent.race.miles:
        return []
    was = {s.id: s for s in parent.setups}
    found = []
    for setup in r.setups:
        before = was.get(setup.id)
        if before is None or setup.race.miles == r.race.miles:
            continue
        if _plain(setup.race) != _plain(before.race):
            continue  # the variant set this setup's race itself
        shorter_before = before.race.miles < parent.race.miles
        if shorter_before and setup.race.miles >= r.race.miles:
            found.append(_warning(
                change, f'setup "{setup.label}" keeps its race of {setup.race.miles} {r.race.unit} from '
                        f'{parent.id}, which is not shorter than the new race of {r.race.miles} {r.race.unit} '
                        f'(in {parent.id} it was {parent.race.miles - before.race.miles} {r.race.unit} shorter)',
                f'change that setup\'s race too: setup "{setup.label}" {{ change race N {r.race.unit} '
                f'... change pile "CARD" needs N }}', lines))
    return found


def _plain(race) -> tuple:
    """What a race asks of the players: its length and each pile's target (not where the rules come from)."""
    return race.miles, tuple((p.card, p.needs) for p in race.piles)


def _warning(change, message: str, hint: str, lines: list[str] | None) -> Diagnostic:
    loc = change.location
    span = Span(loc.file, loc.line, loc.column, len("change"))
    if lines is not None:
        source = lines[loc.line - 1] if 0 < loc.line <= len(lines) else None
    else:
        source = _line(loc.file, loc.line)
    return Diagnostic("W100", message, span, hint, source, severity="warning")


def _line(file: str, line: int) -> str | None:
    try:
        return Path(file).read_text(encoding="utf-8").splitlines()[line - 1]
    except (OSError, UnicodeDecodeError, IndexError):
        return None


def warnings_for(ruleset: Ruleset, lines: list[str] | None = None) -> list[Diagnostic]:
    """The warnings for a compiled edition, its parent found as the rulebook finds it. lines: its text (else
    the excerpts are read from its file)."""
    if not ruleset.parent:
        return []
    from .archive import load_parent

    return variant_warnings(ruleset, load_parent(ruleset), lines)
