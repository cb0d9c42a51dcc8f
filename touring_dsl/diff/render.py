"""Diff stage, output: a Diff as a plain-text report, as Markdown or as JSON-ready data, grouped by topic."""
from __future__ import annotations

from typing import Any

from .changes import TOPIC_TITLES, Diff, EditionRef
from .describe import describe


def _edition(ref: EditionRef) -> str:
    return f"{ref.id} ({ref.title}, {ref.year or 'undated'})"


def _headline(diff: Diff) -> str:
    if diff.same:
        return f"{diff.a.id} and {diff.b.id} have the same rules."
    count = len(diff.changes)
    return f"{count} difference{'s' if count != 1 else ''} from {diff.a.id} to {diff.b.id}."


def render_text(diff: Diff) -> str:
    """A terminal report: a heading line per topic, one indented line per change."""
    lines = [f"{_edition(diff.a)} -> {_edition(diff.b)}", _headline(diff)]
    for topic, changes in diff.by_topic():
        lines += ["", TOPIC_TITLES[topic]]
        lines += [f"  {_mark(c.action)} {describe(c)}" for c in changes]
    return "\n".join(lines) + "\n"


def change_lines(diff: Diff, skip: tuple[str, ...] = ()) -> list[str]:
    """One line per change, marked as in the report ("~ Speeding forfeits ..."), topics in order."""
    return [f"{_mark(c.action)} {describe(c)}" for topic, changes in diff.by_topic() if topic not in skip
            for c in changes]


def render_markdown(diff: Diff) -> str:
    """The same report as a Markdown document."""
    lines = [f"# {diff.a.id} → {diff.b.id}", "",
             f"From *{_escape(diff.a.title)}* ({diff.a.year or 'undated'}) "
             f"to *{_escape(diff.b.title)}* ({diff.b.year or 'undated'}).", "", _headline(diff)]
    if diff.renames:
        lines += ["", "Renamed cards: " + "; ".join(f"{_escape(old)} → {_escape(new)}"
                                                   for _, old, new in diff.renames) + "."]
    for topic, changes in diff.by_topic():
        lines += ["", f"## {TOPIC_TITLES[topic]}", ""]
        lines += [f"- **{c.action}**: {_escape(describe(c))}" for c in changes]
    return "\n".join(lines) + "\n"


def render_json(diff: Diff) -> dict:
    """The diff as JSON-ready data (dicts, lists, strings, numbers), each change with its sentence."""
    return {
        "a": diff.a.to_json(),
        "b": diff.b.to_json(),
        "same": diff.same,
        "count": len(diff.changes),
        "renames": [{"kind": k, "old": old, "new": new} for k, old, new in diff.renames],
        "topics": [
            {"topic": topic, "title": TOPIC_TITLES[topic],
             "changes": [{"action": c.action, "aspect": c.aspect,
                          "subject": {"old": c.subject[0], "new": c.subject[1]},
                          "old": _jsonable(c.old), "new": _jsonable(c.new), "text": describe(c)}
                         for c in items]}
            for topic, items in diff.by_topic()
        ],
    }


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    return value


def _mark(action: str) -> str:
    return {"added": "+", "removed": "-", "changed": "~", "renamed": ">"}[action]


def _escape(text: str) -> str:
    for char in ("\\", "*", "_", "`", "[", "]", "<", ">"):
        text = text.replace(char, "\\" + char)
    return text
