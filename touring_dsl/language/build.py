"""Compile stage, the builder: what every part of the compile step reads and reports through.

A Build holds the merged table of statements (merge.py), the collector every error goes to, the
edition's sources and the deck as it is built, and the helpers each part uses to read statements and
check names: `stmts`, `one`, `provenance`, `card_name`. The Ruleset is built by compiler.py (a Build of
its own), a loop over the core constructs' compile steps (mechanics.construct.Construct.compile_fields...)
that keeps each step's fields in `compiled` for the steps after it; those steps, examples
(examples_compile.py), the limits (limits_compile.py) and each mechanic's `compile` (touring_dsl.mechanics)
are handed the build.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import model as m
from .errors import Collector, suggest
from .merge import Merged
from .statements import describe_key, location
from .syntax import Annot, Name, Stmt


class Build:
    """The merged table being built into a Ruleset, with the collector every check reports to.

    `cards` fills as the deck is built; `compiled` holds the Ruleset's fields as the compile steps make
    them, in mechanics.core.ORDER["compile_fields"] (`race`, the edition's race, is compiled["race"]);
    `mechanics_used` (the names of the mechanics some setup or the ruleset uses) is set by the compiler
    before scoring reads it.
    """

    mechanics_used: set[str]

    def __init__(self, merged: Merged, collector: Collector):
        self.merged = merged
        self.c = collector
        self.table = merged.table
        self.sources = {s[0].value: m.Source(id=s[0].value, document=s[1], description=s[2], outside=s[3])
                        for s in merged.sources}
        self.cards: dict[str, m.Card] = {}
        self.compiled: dict = {}

    @property
    def race(self) -> m.Race:
        """The edition's race (its compile step runs before the setups', the penalties' and the scoring's)."""
        return self.compiled["race"]

    suggest = staticmethod(suggest)  # a 'did you mean' hint (errors.suggest), for the constructs' compile steps

    def stmts(self, *prefix) -> list[Stmt]:
        """The statements below a key (a section's rules, a setup's lines), in the order written."""
        return [s for k, s in self.table.items() if k[:len(prefix)] == prefix and len(k) > len(prefix)]

    def one(self, *key) -> Stmt | None:
        """The statement with exactly this key, or None."""
        return self.table.get(key)

    def provenance(self, stmt: Stmt | None, subject: str = "") -> m.Provenance:
        if stmt is None:
            return m.Provenance()
        cites, assumptions = [], []
        for annot in stmt.annots:
            source = self._source(annot)
            if annot.kind == "cite":
                if source:
                    cites.append(m.Citation(source=source.id, document=source.document, section=annot.text))
            else:
                assumptions.append(m.Assumption(text=annot.text, reason=annot.reason,
                                                based_on=source.id if source else None,
                                                subject=subject or describe_key(stmt.key)))
        if not cites and stmt.section is not None and stmt.section in self.table:
            cites = list(self.provenance(self.table[stmt.section]).cites)  # a rule inherits its section's citation
        return m.Provenance(cites=tuple(cites), assumptions=tuple(assumptions), location=location(stmt.span))

    def merged_provenance(self, section: str, subject: str) -> m.Provenance:
        """A section's citations together with those of every rule inside it."""
        stmts = [s for s in (self.one(section),) if s] + self.stmts(section)
        cites, assumptions = [], []
        for stmt in stmts:
            p = self.provenance(stmt, subject if stmt.section is None else "")
            cites.extend(c for c in p.cites if c not in cites)
            assumptions.extend(a for a in p.assumptions if a not in assumptions)
        head = self.one(section)
        return m.Provenance(cites=tuple(cites), assumptions=tuple(assumptions),
                            location=location(head.span) if head else None)

    def _source(self, annot: Annot) -> m.Source | None:
        if annot.source is None:
            return None
        found = self.sources.get(annot.source.value)
        if found is None:
            self.c.error("E203", f'unknown source "{annot.source.value}"', annot.source.span,
                         suggest(annot.source.value, list(self.sources)) or "declare it in the edition header with `source`")
        return found

    def card_name(self, name: Name, *kinds: str, role: str = "card", code: str = "E270") -> str | None:
        """Check that a name is a card of the deck (and of one of `kinds`, else error `code`); None if not."""
        card = self.cards.get(name.value)
        if card is None:
            self.c.error("E200", f'unknown card "{name.value}"', name.span, suggest(name.value, list(self.cards)))
            return None
        if kinds and card.kind not in kinds:
            wanted = " or ".join(kinds)
            self.c.error(code, f'"{name.value}" is a {card.kind} card, but {role} must be a {wanted} card', name.span)
            return None
        return name.value


@dataclass(frozen=True)
class SetupLines:
    """One setup's lines as the steps that make its race read them (Construct.setup_race)."""

    name: Name  # the setup's name as written (an error about the whole setup points at it)
    rules: dict  # its lines (`race`, `players`...) by kind; a mechanic's by its whole key after the setup's
    piles: tuple[Stmt, ...]  # its own `pile` lines
    supply: dict[str, int]  # each card's count in the pack it deals (its decks, less what it takes out)
