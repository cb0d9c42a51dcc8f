"""Web stage, the workshop's help as the author types: the check (diagnostics and their quick fixes),
completion and hover, in the workshop's child process (workshop_tasks), each asked of the language
server's own feature functions (touring_dsl.lsp), so the page and `touring lsp` say the same things.

A draft is analysed under a name of its own (its draft id) and its analysis is kept in the child between
requests, with the pieces its parse is made of (lsp.incremental): the check after a small edit reparses
only the pieces the edit touched. At most KEPT_DRAFTS drafts are kept, the one least recently asked about
dropped first; they all go when the child is recycled (workshop_worker.py).

A draft extends an archive edition only, by its id: a path (or an unknown id) is refused (E205) before
anything is compiled. The compile's folder is the child's empty one, so nothing beside the draft is read
even when the parser reads an `extends` the quick look at the text missed (written across a comment).

The protocol counts positions from 0, a line's characters in UTF-16 units; the page counts lines and
columns from 1, a column in characters (page_place and protocol_position convert).
"""
from __future__ import annotations

import re
from collections import OrderedDict
from pathlib import Path

from lsprotocol import types as t

from ..language.errors import Collector, Diagnostic, Span
from .workshop_drafts import DRAFT_ID, KEPT_DRAFTS

SCRATCH = "scratch"  # the name of a text asked about without a draft id (a test, a script)
EXTENDS = re.compile(r'\bextends\s+"([^"\n]*)"')
MOST = 60  # suggestions sent at most
SEVERITIES = {t.DiagnosticSeverity.Error: "error", t.DiagnosticSeverity.Warning: "warning"}

_drafts: OrderedDict[str, None] = OrderedDict()  # the drafts kept, least recently asked about first


def draft_uri(draft: str | None) -> str:
    """The name a draft is analysed under (its diagnostics' file): one per draft, never a path."""
    return f"workshop:{draft if draft and DRAFT_ID.fullmatch(draft) else SCRATCH}.touring"


def keep(uri: str) -> None:
    """This draft was just asked about: kept, and the least recently asked about let go past KEPT_DRAFTS."""
    from ..lsp.analysis import forget

    _drafts.pop(uri, None)
    _drafts[uri] = None
    while len(_drafts) > KEPT_DRAFTS:
        forget(_drafts.popitem(last=False)[0])


def kept_drafts() -> list[str]:
    return list(_drafts)


def analysis_of(text: str, draft: str | None):
    """The language server's analysis of a draft's text (kept for its next request), or, for a draft that
    extends anything but an archive id, an analysis holding that one error, compiled no further."""
    from ..lsp.analysis import Analysis, analyse, forget

    uri = draft_uri(draft)
    keep(uri)
    refused = extends_refused(text, uri)
    if refused is not None:
        found = Analysis(uri, text, uri, Path.cwd(), diagnostics=[refused])
        found.parent = None  # never looked up: the name is not an archive id
        return found
    found = analyse(text, uri)
    if found.internal and "MemoryError" in found.internal:  # the compile ran out of the child's memory: the
        forget(uri)  # language server reports it as its own bug; here the worker refuses the text in words
        raise MemoryError(found.internal)
    return found


def extends_refused(text: str, file: str) -> Diagnostic | None:
    """E205 for an `extends` that names anything but an archive edition (read from the text as the parser
    reads it when it parses, else from its first `extends "..."` outside a comment)."""
    from ..language.locate import archive_ids
    from ..lsp.incremental import parse_reusing
    from ..lsp.text import code_part

    if all(found.group(1) in archive_ids() for found in EXTENDS.finditer(text)):
        return None  # (the quick way) whatever the parser reads after `extends` is an archive id, or nothing
    try:
        extends = parse_reusing(text, file).extends
        name, line, column = (extends.value, extends.span.line, extends.span.column) if extends else (None, 0, 0)
    except Exception:  # noqa: BLE001 - the text does not parse: its errors are the compile's to report
        name, line, column = None, 0, 0
        for row, written in enumerate(text.split("\n")[:200]):
            found = EXTENDS.search(code_part(written))
            if found:
                name, line, column = found.group(1), row + 1, found.start(1)
                break
    if name is None or name in archive_ids():
        return None
    collector = Collector({file: text.splitlines()})
    span = Span(file, line, column, len(name) + 2)
    collector.error("E205", f'a draft may extend only an archive edition, by its id, not "{name}"', span,
                    "name an archive id, such as " + ", ".join(archive_ids()[:3]))
    return collector.diagnostics[0]


# positions ------------------------------------------------------------------------------------------

def page_place(lines: list[str], position) -> tuple[int, int]:
    """A protocol position (line from 0, UTF-16 units) as the page's (line, column), both from 1, the
    column counted in characters."""
    from ..lsp.text import char_index

    text = lines[position.line] if 0 <= position.line < len(lines) else ""
    return position.line + 1, char_index(text, position.character) + 1


def protocol_position(lines: list[str], line: int, column: int):
    """The page's (line, column) as a protocol position, kept inside the text."""
    from ..lsp.text import position

    return position(lines, line, column)


# the check ------------------------------------------------------------------------------------------

def check(text: str, draft: str | None) -> dict:
    """The draft's diagnostics as `touring lsp` publishes them, each with its quick fixes (the language
    server's code actions), in the page's places; and what the draft compiled to."""
    from ..lsp.diagnostics import code_actions, diagnostics

    found = analysis_of(text, draft)
    lines = found.lines
    shown = diagnostics(found)
    everywhere = t.Range(start=t.Position(line=0, character=0), end=t.Position(line=len(lines), character=0))
    fixes: dict[int, list[dict]] = {}
    for action in code_actions(found, everywhere):
        at = next((i for i, d in enumerate(shown) if d == action.diagnostics[0]), None)
        if at is not None:
            fixes.setdefault(at, []).extend(fix_json(lines, action))
    ruleset = found.ruleset
    return {"compiles": ruleset is not None and not found.internal, "id": ruleset.id if ruleset else None,
            "title": ruleset.title if ruleset else None, "parent": ruleset.parent if ruleset else None,
            "diagnostics": [diagnostic_json(lines, d, found.uri, fixes.get(i, [])) for i, d in enumerate(shown)]}


def diagnostic_json(lines: list[str], diagnostic, uri: str, fixes: list[dict]) -> dict:
    """A protocol diagnostic as the page draws it: where it starts and ends, its code, words and hint
    (the language server writes the hint on the message's last line), its notes in the draft, its fixes."""
    message, _, hint = diagnostic.message.partition("\nhint: ")
    line, column = page_place(lines, diagnostic.range.start)
    end_line, end_column = page_place(lines, diagnostic.range.end)
    severity = SEVERITIES.get(diagnostic.severity, "information")
    notes = [{"message": note.message, **dict(zip(("line", "column"), page_place(lines, note.location.range.start)))}
             for note in diagnostic.related_information or () if note.location.uri == uri]
    return {"code": diagnostic.code, "severity": severity, "message": message, "hint": hint or None,
            "line": line, "column": column, "end_line": end_line, "end_column": end_column, "notes": notes,
            "fixes": fixes}


def fix_json(lines: list[str], action) -> list[dict]:
    """A code action's edits as the page applies them: a title, then each replaced range and its text."""
    found = []
    for edits in (action.edit.changes or {}).values():
        for edit in edits:
            line, column = page_place(lines, edit.range.start)
            end_line, end_column = page_place(lines, edit.range.end)
            found.append({"title": action.title, "line": line, "column": column, "end_line": end_line,
                          "end_column": end_column, "text": edit.new_text})
    return found


# completion and hover -------------------------------------------------------------------------------

KINDS = {t.CompletionItemKind.Keyword: "keyword", t.CompletionItemKind.Module: "edition",
         t.CompletionItemKind.Constant: "card", t.CompletionItemKind.Struct: "setup",
         t.CompletionItemKind.Reference: "source"}  # what the page calls each kind of suggestion


def completions(text: str, line: int, column: int, draft: str | None) -> dict:
    """{"from": the column where the replaced words start, "items": [{"label", "kind", "detail", "apply"}]}:
    the language server's completion at the cursor (the keywords its parser expects there, card names,
    archive ids after `extends`, setups, sources), each item's text replacing the page's from..cursor."""
    from ..lsp.completion import completions as lsp_completions

    found = analysis_of(text, draft)
    lines = found.lines
    where = protocol_position(lines, line, column)
    typed = re.search(r"[A-Za-z0-9_-]*$", lines[where.line][:page_place(lines, where)[1] - 1]).group()
    start = page_place(lines, where)[1] - len(typed)
    items = []
    for item in lsp_completions(found, where)[:MOST]:
        apply = item.label
        if item.text_edit is not None:
            start = page_place(lines, item.text_edit.range.start)[1]
            apply = item.text_edit.new_text
        items.append({"label": item.label, "kind": KINDS.get(item.kind, "keyword"), "detail": item.detail,
                      "apply": apply})
    return {"from": start, "items": items}


def hover(text: str, line: int, column: int, draft: str | None) -> dict:
    """{"text": the language server's hover in plain words, "markdown": as it wrote them} (both None where it
    has nothing to say)."""
    from ..lsp.hover import hover as lsp_hover

    found = analysis_of(text, draft)
    said = lsp_hover(found, protocol_position(found.lines, line, column))
    if said is None:
        return {"text": None, "markdown": None}
    markdown = said.contents.value
    return {"text": plain(markdown), "markdown": markdown}


def plain(markdown: str) -> str:
    """The hover's Markdown as plain text: the marks taken out, its lines kept."""
    text = re.sub(r"\*\*([^*]+)\*\*", r"\1", markdown)
    text = re.sub(r"(?<![\w*])\*([^*\n]+)\*(?![\w*])", r"\1", text)
    text = re.sub(r"`([^`\n]+)`", r"\1", text)
    text = re.sub(r"^> ?", "", text, flags=re.M)
    return re.sub(r"\n{3,}", "\n\n", text).strip()
