"""Diff stage, data: one Change per difference in meaning, grouped by topic into a Diff."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Action = Literal["added", "removed", "changed", "renamed"]

# Topics in reading order: the title shown for each, and the key used in JSON.
TOPICS: tuple[tuple[str, str], ...] = (
    ("metadata", "Metadata"),
    ("cards", "Cards"),
    ("race", "Race"),
    ("players", "Players and setups"),
    ("turn", "Turn"),
    ("delays", "Delays and remedies"),
    ("zones", "Zones"),
    ("penalties", "Penalties"),
    ("removals", "Removal hazards and counters"),
    ("reshuffle", "Reshuffle"),
    ("ending", "End of the race"),
    ("scoring", "Scoring and the match"),
    ("progressive", "Progressive touring"),
    ("notes", "Notes"),
)
TOPIC_TITLES = dict(TOPICS)
MIRROR_ACTION = {"added": "removed", "removed": "added", "changed": "changed", "renamed": "renamed"}
MECHANIC_ASPECT = "mechanic:"  # a Change of a mechanic's part: aspect "mechanic:<name>" (describe asks it for words)


@dataclass(frozen=True)
class Change:
    """One difference: what it is about (topic, aspect, subject) and its value in A (old) and B (new).

    `subject` names the thing in A's words and in B's words (they differ only after a rename);
    `old` is written with A's card names and `new` with B's, so a Change reads the same either way.
    """

    topic: str
    action: Action
    aspect: str
    subject: tuple[str | None, str | None] = (None, None)
    old: Any = None
    new: Any = None

    def mirrored(self) -> "Change":
        return Change(self.topic, MIRROR_ACTION[self.action], self.aspect,
                      (self.subject[1], self.subject[0]), self.new, self.old)

    @property
    def name(self) -> str | None:
        """The subject as B calls it (or as A did, for something B no longer has)."""
        return self.subject[1] if self.subject[1] is not None else self.subject[0]


@dataclass(frozen=True)
class EditionRef:
    id: str
    title: str
    year: int | None

    def to_json(self) -> dict:
        return {"id": self.id, "title": self.title, "year": self.year}


@dataclass(frozen=True)
class Diff:
    """Every difference in meaning between edition A (old) and edition B (new)."""

    a: EditionRef
    b: EditionRef
    renames: tuple[tuple[str, str, str], ...] = ()  # (kind, name in A, name in B)
    changes: tuple[Change, ...] = field(default_factory=tuple)

    @property
    def same(self) -> bool:
        return not self.changes

    def __len__(self) -> int:
        return len(self.changes)

    def by_topic(self) -> list[tuple[str, list[Change]]]:
        grouped: list[tuple[str, list[Change]]] = []
        for topic, _ in TOPICS:
            items = [c for c in self.changes if c.topic == topic]
            if items:
                grouped.append((topic, items))
        return grouped

    def mirrored(self) -> "Diff":
        return Diff(self.b, self.a, tuple((k, new, old) for k, old, new in self.renames),
                    tuple(c.mirrored() for c in self.changes))
