"""Web stage, the workshop's compile of a draft (in the workshop's child process, workshop_worker.py): its
Ruleset or its located diagnostics, and each diagnostic as the editor draws it, with the exact replacement
its hint names (a quick fix).

A draft may `extend` an archive edition only, by its id: a path is refused (E205) before anything is read.
"""
from __future__ import annotations

import re
from pathlib import Path

from ..language.errors import Collector, Diagnostic, TouringError

DRAFT_NAME = "draft.touring"  # the name a draft's diagnostics are located by
DID_YOU_MEAN = re.compile(r'^did you mean "([^"\n]+)"\?')
EXPECTED_WORD = re.compile(r'^expected "([A-Za-z]+)"$')  # a syntax error's one possible word: it is missing


def compile_draft(text: str, folder: Path):
    """(Ruleset or None, every diagnostic: the errors, or the warnings of a draft that compiles)."""
    from ..language.locate import archive_ids
    from ..language.compiler import compile_text
    from ..language.syntax import parse

    try:
        doc = parse(text, DRAFT_NAME)
        if doc.extends is not None and doc.extends.value not in archive_ids():
            collector = Collector({DRAFT_NAME: text.splitlines()})
            collector.error("E205", f'a draft may extend only an archive edition, by its id, not "{doc.extends.value}"',
                            doc.extends.span, "name an archive id, such as " + ", ".join(archive_ids()[:3]))
            collector.raise_if_any()
        ruleset = compile_text(text, DRAFT_NAME, folder)
    except TouringError as exc:
        return None, exc.diagnostics
    return ruleset, warnings_of(ruleset)


def warnings_of(ruleset) -> list[Diagnostic]:
    from ..language.advice import variant_warnings

    return variant_warnings(ruleset, parent_of(ruleset))


def parent_of(ruleset):
    """The archive edition a draft extends (a draft extends nothing else), or None."""
    from ..language.archive import load
    from ..language.locate import archive_ids

    if not ruleset.parent or ruleset.parent not in archive_ids():
        return None
    return load(ruleset.parent)


def diagnostic_json(diagnostic: Diagnostic, lines: list[str]) -> dict:
    """A diagnostic as the editor draws it: where it starts and ends (lines and columns from 1, the end
    column after the last character), its words, and the exact replacement its hint names, if any."""
    data = {"code": diagnostic.code, "severity": diagnostic.severity, "message": diagnostic.message,
            "hint": diagnostic.hint, "line": None, "column": None, "end_line": None, "end_column": None,
            "fix": None, "notes": [{"message": n.message, "line": n.span.line, "column": n.span.column}
                                   for n in diagnostic.notes if n.span.file == DRAFT_NAME]}
    span = diagnostic.span
    if span is None or span.file != DRAFT_NAME:
        return data  # a parent's own mistake (an archive edition never has one) or a file-wide one
    data.update(line=span.line, column=span.column, end_line=span.line, end_column=span.column + max(1, span.length))
    data["fix"] = exact_fix(diagnostic, lines)
    return data


def exact_fix(diagnostic: Diagnostic, lines: list[str]) -> dict | None:
    """The replacement a "did you mean" hint names for the words the diagnostic points at (a quoted name
    stays quoted), or the one word a syntax error says is expected there, inserted; None when the hint
    names neither."""
    span = diagnostic.span
    if span is None or not 0 < span.line <= len(lines):
        return None
    missing = EXPECTED_WORD.match(diagnostic.hint or "") if diagnostic.code == "E100" else None
    if missing:
        word = missing.group(1)
        return {"line": span.line, "column": span.column, "end_column": span.column, "text": word + " ",
                "title": f'Insert "{word}"'}
    found = DID_YOU_MEAN.match(diagnostic.hint or "")
    if not found:
        return None
    written = lines[span.line - 1][span.column - 1:span.column - 1 + span.length]
    if not written:
        return None
    name = found.group(1)
    replacement = f'"{name}"' if written.startswith('"') else name
    if replacement == written:
        return None
    return {"line": span.line, "column": span.column, "end_column": span.column + span.length, "text": replacement,
            "title": f"Replace with {replacement}"}
