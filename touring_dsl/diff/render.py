"""Diff stage, output: a Diff as a plain-text report, as Markdown or as JSON-ready data, grouped by topic.

The text and Markdown reports are read in the reader's language (base.i18n: the command sets it) and set
as that language prints them (base.i18n.typography); the JSON is data, the same in every language, so
render_json reads its sentences in English whatever the reader's language.
"""
from __future__ import annotations

from typing import Any

from ..base.i18n import SOURCE_LANGUAGE, _, ngettext, pgettext, reading, typography
from .changes import TOPIC_TITLES, Diff, EditionRef, topic_title
from .describe import describe


def _edition(ref: EditionRef) -> str:
    undated = pgettext("edition", "undated")
    return f"{ref.id} ({ref.title}, {ref.year or undated})"


def _headline(diff: Diff) -> str:
    if diff.same:
        return _("{a} and {b} have the same rules.").format(a=diff.a.id, b=diff.b.id)
    count = len(diff.changes)
    return ngettext("{n} difference from {a} to {b}.", "{n} differences from {a} to {b}.", count).format(
        n=count, a=diff.a.id, b=diff.b.id)


def render_text(diff: Diff) -> str:
    """A terminal report: a heading line per topic, one indented line per change."""
    lines = [f"{_edition(diff.a)} -> {_edition(diff.b)}", _headline(diff)]
    for topic, changes in diff.by_topic():
        lines += ["", topic_title(topic)]
        lines += [f"  {_mark(c.action)} {describe(c)}" for c in changes]
    return typography("\n".join(lines) + "\n")


def change_lines(diff: Diff, skip: tuple[str, ...] = ()) -> list[str]:
    """One line per change, marked as in the report ("~ Speeding forfeits ..."), topics in order."""
    return [typography(f"{_mark(c.action)} {describe(c)}") for topic, changes in diff.by_topic() if topic not in skip
            for c in changes]


def render_markdown(diff: Diff) -> str:
    """The same report as a Markdown document."""
    lines = [f"# {diff.a.id} → {diff.b.id}", "",
             _("From *{a}* ({a_year}) to *{b}* ({b_year}).").format(
                 a=_escape(diff.a.title), a_year=diff.a.year or pgettext("edition", "undated"),
                 b=_escape(diff.b.title), b_year=diff.b.year or pgettext("edition", "undated")), "", _headline(diff)]
    if diff.renames:
        lines += ["", _("Renamed cards: {renames}.").format(
            renames="; ".join(f"{_escape(old)} → {_escape(new)}" for _kind, old, new in diff.renames))]
    for topic, changes in diff.by_topic():
        lines += ["", f"## {topic_title(topic)}", ""]
        lines += [pgettext("markdown", "- **{action}**: {change}").format(action=_action(c.action),
                                                                   change=_escape(describe(c))) for c in changes]
    return typography("\n".join(lines) + "\n")


def render_json(diff: Diff) -> dict:
    """The diff as JSON-ready data (dicts, lists, strings, numbers), each change with its sentence: the same
    data whatever the reader's language (its titles and sentences in English, the project's own words)."""
    with reading(SOURCE_LANGUAGE):
        return _json(diff)


def _json(diff: Diff) -> dict:
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


def _action(action: str) -> str:
    """The action as the Markdown report names it ("added", "removed"...), in the reader's language."""
    return {"added": pgettext("diff action", "added"), "removed": pgettext("diff action", "removed"),
            "changed": pgettext("diff action", "changed"), "renamed": pgettext("diff action", "renamed")}[action]


def _mark(action: str) -> str:
    return {"added": "+", "removed": "-", "changed": "~", "renamed": ">"}[action]


def _escape(text: str) -> str:
    for char in ("\\", "*", "_", "`", "[", "]", "<", ">"):
        text = text.replace(char, "\\" + char)
    return text
