"""Rulebook stage, Markdown renderer: the document as plain Markdown (GitHub and MkDocs both read it)."""
from __future__ import annotations

import re

from ..base.i18n import _, typography
from ..language.model import Ruleset
from .blocks import (Assumed, Block, Bullets, CardName, Paragraph, Ref, Rulebook, Section, Strong, Table, Text,
                     Worked)

_SPECIAL = re.compile(r"([\\`*_\[\]<>|#])")


def escape(value: str) -> str:
    return _SPECIAL.sub(r"\\\1", value)


def inline(value: Text) -> str:
    out = []
    for part in value:
        if isinstance(part, CardName):
            out.append(f"**{escape(part.text)}**")
        elif isinstance(part, Strong):
            out.append(f"**{escape(part.text)}**")
        elif isinstance(part, Ref):
            out.append(f" [A{part.number}](#assumption-{part.number})")
        else:
            out.append(escape(part))
    return "".join(out)


def render(book: Rulebook, heading_level: int = 1) -> str:
    """Markdown text; heading_level 2 lets a host page supply its own title."""
    h = "#" * heading_level
    lines = [f"{h} {escape(book.title)}", ""]
    if book.subtitle:
        lines += [f"*{escape(book.subtitle)}*", ""]
    lines += [f"{escape(book.byline)}", ""]
    if book.summary:
        lines += [f"> {escape(book.summary)}", ""]
    for section in book.sections:
        lines += _section(section, heading_level + 1)
    if book.colophon:
        lines += ["---", "", f"*{escape(book.colophon)}*", ""]
    return "\n".join(lines).rstrip() + "\n"


def rulebook_markdown(ruleset: Ruleset, parent: Ruleset | None = None, heading_level: int = 1) -> str:
    from .document import build

    return render(build(ruleset, parent), heading_level)


def _section(section: Section, level: int) -> list[str]:
    lines = [f"{'#' * level} {escape(section.title)}", ""]
    for block in section.blocks:
        lines += _block(block) + [""]
    for sub in section.subsections:
        lines += _section(sub, level + 1)
    return lines


def _block(block: Block) -> list[str]:
    if isinstance(block, Paragraph):
        return [inline(block.body)]
    if isinstance(block, Bullets):
        return [f"{i + 1}. {inline(item)}" if block.ordered else f"- {inline(item)}"
                for i, item in enumerate(block.items)]
    if isinstance(block, Table):
        return _table(block)
    if isinstance(block, Assumed):
        return _assumed(block)
    if isinstance(block, Worked):
        return _worked(block)
    raise TypeError(f"no Markdown for {type(block).__name__}")


def _table(table: Table) -> list[str]:
    def cell(value: str) -> str:
        return value.replace("\n", " ") or " "

    head = "| " + " | ".join(escape(h) for h in table.header) + " |"
    rule = "| " + " | ".join("---:" if i in table.numeric else "---" for i in range(len(table.header))) + " |"
    rows = ["| " + " | ".join(cell(inline(c)) for c in row) + " |" for row in table.rows]
    return [head, rule, *rows]


def _assumed(block: Assumed) -> list[str]:
    label = typography(_("Assumption A{number}.").format(number=block.number))
    why, applies, rests = (typography(said) for said in (_("Why:"), _("Applies to:"), _("Rests on:")))
    lines = [f'<a id="assumption-{block.number}"></a>', "",
             f"> **{label}** {inline(block.body)}  ", f"> *{why}* {escape(block.reason)}"]
    if block.applies_to:
        lines[-1] += "  "
        lines.append(f"> *{applies}* {escape(block.applies_to)}")
    if block.basis:
        lines[-1] += "  "
        lines.append(f"> *{rests}* {escape(block.basis)}")
    return lines


def _worked(block: Worked) -> list[str]:
    title = "**" + typography(_("Example {number}: {title}").format(number=block.number,
                                                                     title=escape(block.title))) + "**"
    if block.source:
        title += " *" + _("(from {source})").format(source=escape(block.source)) + "*"
    lines = [title, "", "*" + _("Position.") + "*", ""]
    lines += [f"- {inline(p)}" for p in block.position]
    lines += ["", "*" + _("Moves.") + "*", ""]
    lines += [f"{i + 1}. {inline(m)}" for i, m in enumerate(block.moves)]
    lines += ["", "*" + _("What follows.") + "*", ""]
    lines += [f"- {inline(o)}" for o in block.outcome]
    return lines
