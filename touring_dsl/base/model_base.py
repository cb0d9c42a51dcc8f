"""Compiled model, its base: the immutable model class and a rule's provenance, which every part of the
model uses (touring_dsl.language.model) and so does each mechanic's own part (touring_dsl.mechanics)."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Frozen(BaseModel):
    # defer_build: a schema is built on first validation, so reading a cached Ruleset skips building them all
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class Location(Frozen):
    """Where a rule was written: the file (as given to the compiler), line and column."""

    file: str
    line: int
    column: int


class Citation(Frozen):
    """A rule's source: a declared source id, its document, and the section of it."""

    source: str
    document: str
    section: str


class Assumption(Frozen):
    """An editorial decision where the sources are silent or ambiguous."""

    text: str
    reason: str
    based_on: str | None = None  # id of an outside source the decision rests on
    subject: str = ""  # which rule it is attached to, in words ("card Collision")


class Provenance(Frozen):
    cites: tuple[Citation, ...] = ()
    assumptions: tuple[Assumption, ...] = ()
    location: Location | None = None


class Source(Frozen):
    id: str
    document: str
    description: str
    outside: bool = False  # True when the fact comes from outside the rule sheets
