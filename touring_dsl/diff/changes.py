"""Diff stage, data: one Change per difference in meaning, grouped by topic into a Diff."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..base.i18n import pgettext

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
TOPIC_TITLES = dict(TOPICS)  # in English, as the JSON gives them


def topic_title(topic: str) -> str:
    """A topic's title in the reader's language."""
    return {
        "metadata": pgettext("diff topic", "Metadata"), "cards": pgettext("diff topic", "Cards"),
        "race": pgettext("diff topic", "Race"), "players": pgettext("diff topic", "Players and setups"),
        "turn": pgettext("diff topic", "Turn"), "delays": pgettext("diff topic", "Delays and remedies"),
        "zones": pgettext("diff topic", "Zones"), "penalties": pgettext("diff topic", "Penalties"),
        "removals": pgettext("diff topic", "Removal hazards and counters"), "reshuffle": pgettext("diff topic", "Reshuffle"),
        "ending": pgettext("diff topic", "End of the race"), "scoring": pgettext("diff topic", "Scoring and the match"),
        "progressive": pgettext("diff topic", "Progressive touring"), "notes": pgettext("diff topic", "Notes"),
    }[topic]
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
    # a change of a way to seat players: (player counts, sides or None, side size, decks), from which the
    # reader's words for it are made (the subject holds them in English, as data)
    seating: tuple | None = None
    # a change of a scoring term: (the ScoreTerm, the unit words, its card in the words of the edition that
    # has it), from which the reader's words for it are made (the subject holds them in English)
    term: tuple | None = field(default=None, compare=False, repr=False)

    def mirrored(self) -> "Change":
        return Change(self.topic, MIRROR_ACTION[self.action], self.aspect,
                      (self.subject[1], self.subject[0]), self.new, self.old, self.seating, self.term)

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
