"""Language server stage, diagnostics: the compiler's errors and warnings as the editor underlines them,
and a quick fix for each hint that names its exact replacement.

An error in a file this one extends is shown on the `extends` line, saying where it is. A hint becomes a
quick fix when it names the text to write: a did-you-mean name (a card, a pile, a keyword, an archive
id), the unit the race is run in, the right order of a year range, the one word the parser expected
(a missing unit, a missing `}`), the `}` a block left open at the end of the file lacks.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from lsprotocol import types as t

from ..language.errors import Diagnostic
from .analysis import MOST_CHARACTERS, Analysis, uri_of
from .text import position, span_range

SOURCE = "touring"
UNITS = ("miles", "km")


def diagnostics(analysis: Analysis) -> list[t.Diagnostic]:
    """Every error and warning for the document, located in it."""
    if analysis.too_large:
        return [t.Diagnostic(range=t.Range(start=t.Position(line=0, character=0), end=t.Position(line=0, character=0)),
                             message=f"this file is too large to check as you type ({len(analysis.text):,} "
                                     f"characters; at most {MOST_CHARACTERS:,}): run `touring check` on it",
                             severity=t.DiagnosticSeverity.Information, source=SOURCE)]
    found = [_diagnostic(analysis, d) for d in analysis.diagnostics]
    if analysis.internal:
        found.append(t.Diagnostic(range=t.Range(start=t.Position(line=0, character=0),
                                                end=t.Position(line=0, character=0)),
                                  message=f"a bug in touring, not in this file: {analysis.internal}",
                                  severity=t.DiagnosticSeverity.Information, source=SOURCE))
    return found


def _diagnostic(analysis: Analysis, d: Diagnostic) -> t.Diagnostic:
    message = d.message + (f"\nhint: {d.hint}" if d.hint else "")
    here = d.span is not None and analysis.is_here(d.span.file)
    if here:
        where = span_range(analysis.lines, d.span.line, d.span.column, d.span.length)
    else:
        where = _extends_range(analysis)
        if d.span is not None:
            message = f"in {d.span.file}, line {d.span.line}: {message}"
    related = [t.DiagnosticRelatedInformation(location=_location(analysis, n.span), message=n.message)
               for n in d.notes]
    if d.span is not None and not here:
        related.append(t.DiagnosticRelatedInformation(location=_location(analysis, d.span), message=d.message))
    severity = t.DiagnosticSeverity.Warning if d.severity == "warning" else t.DiagnosticSeverity.Error
    return t.Diagnostic(range=where, message=message, severity=severity, code=d.code, source=SOURCE,
                        related_information=related or None)


def _extends_range(analysis: Analysis) -> t.Range:
    """The `extends "..."` of the header, where an error of a parent file is shown (else the first line)."""
    for row, text in enumerate(analysis.lines[:50]):
        found = re.search(r'\bextends\s+"[^"\n]*"', text)
        if found:
            return t.Range(start=t.Position(line=row, character=found.start()),
                           end=t.Position(line=row, character=found.end()))
    return t.Range(start=t.Position(line=0, character=0), end=t.Position(line=0, character=0))


def _location(analysis: Analysis, span) -> t.Location:
    if analysis.is_here(span.file):
        return t.Location(uri=analysis.uri, range=span_range(analysis.lines, span.line, span.column, span.length))
    point = t.Position(line=max(span.line - 1, 0), character=max(span.column - 1, 0))
    return t.Location(uri=uri_of(span.file), range=t.Range(start=point, end=point))


# quick fixes ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Fix:
    """One replacement a hint names: the text between two (0-based line, character) points becomes `new`."""

    title: str
    line: int
    start: int
    end: int
    new: str


def fixes(analysis: Analysis, d: Diagnostic) -> list[Fix]:
    """The exact replacements a diagnostic's hint names (none for a hint that only explains)."""
    if not d.hint or d.span is None or not analysis.is_here(d.span.file) or not 0 < d.span.line <= len(analysis.lines):
        return []
    unclosed = _unclosed(analysis, d)
    if unclosed:
        return unclosed
    line = analysis.lines[d.span.line - 1]
    row, at = d.span.line - 1, d.span.column - 1
    for make in (_did_you_mean, _unit, _years, _expected_word):
        found = make(d, line, row, at)
        if found:
            return found
    return []


def _did_you_mean(d: Diagnostic, line: str, row: int, at: int) -> list[Fix]:
    match = re.match(r'did you mean "([^"\n]*)"\?', d.hint)
    if not match:
        return []
    name = match.group(1)
    written = line[at:at + d.span.length]
    if written.startswith('"'):
        return [Fix(f'Change to "{name}"', row, at, at + len(written), f'"{name}"')]
    word = re.match(r"[A-Za-z0-9_-]+", line[at:])
    if not word:
        return []
    return [Fix(f"Change to {name}", row, at, at + word.end(), name)]


def _unit(d: Diagnostic, line: str, row: int, at: int) -> list[Fix]:
    """`write km`, `write miles`, `write \\`per mile\\``: the unit written after the span becomes the race's."""
    match = re.fullmatch(r"write `?(?:per )?(miles|mile|km)`?", d.hint)
    if not match:
        return []
    wanted = match.group(1)
    for unit in re.finditer(r"\b(miles|mile|km)\b", line):
        if unit.start() >= at and unit.group() != wanted:
            return [Fix(f"Write {wanted}", row, unit.start(), unit.end(), wanted)]
    return []


def _years(d: Diagnostic, line: str, row: int, at: int) -> list[Fix]:
    match = re.fullmatch(r"write (\d+)-(\d+)", d.hint)
    if not match:
        return []
    start, end = match.groups()
    written = re.search(rf"\b{end}\s*-\s*{start}\b", line)
    if not written:
        return []
    return [Fix(f"Write {start}-{end}", row, written.start(), written.end(), f"{start}-{end}")]


def _expected_word(d: Diagnostic, line: str, row: int, at: int) -> list[Fix]:
    """A syntax error where the parser expected one word (or one of the units): insert it there."""
    if not d.code.startswith("E10"):
        return []
    match = re.fullmatch(r"expected (?:one of )?((?:\"[^\"]+\"(?:, )?)+)", d.hint)
    if not match:
        return []
    words = re.findall(r'"([^"]+)"', match.group(1))
    if not (len(words) == 1 or sorted(words) == sorted(UNITS)):
        return []
    at = min(at, len(line))
    before = "" if at == 0 or line[at - 1] == " " else " "
    after = "" if words == ["}"] and at >= len(line.rstrip()) else " "
    return [Fix(f"Insert {word}", row, at, at, f"{before}{word}{after}") for word in words]


def _unclosed(analysis: Analysis, d: Diagnostic) -> list[Fix]:
    """A block left open: a `}` on its own line before the line where the parser noticed, or at the end
    of the file when the file ended first. (Said by the hint "a `}` is missing before this line" at the
    line noticed, or by a note "noticed here" or "the file ends here" beside the block's opening.)"""
    lines = analysis.lines
    noticed = next((n.span.line for n in d.notes if n.message.startswith("noticed here")), None)
    if noticed is None and d.hint.startswith("a `}` is missing before this line"):
        noticed = d.span.line
    if noticed is not None and 0 < noticed <= len(lines):
        line = lines[noticed - 1]
        indent = len(line) - len(line.lstrip())
        return [Fix("Insert } before this line", noticed - 1, indent, indent, "}\n" + line[:indent])]
    if d.code == "E102":
        last = max((i for i, text in enumerate(lines) if text.strip()), default=0)
        return [Fix("Insert } at the end", last, len(lines[last]), len(lines[last]), "\n}")]
    return []


def code_actions(analysis: Analysis, wanted: t.Range) -> list[t.CodeAction]:
    """The quick fixes of every diagnostic touching the requested range."""
    actions = []
    for d in analysis.diagnostics:
        lsp = _diagnostic(analysis, d)
        if not _touches(lsp.range, wanted):
            continue
        for fix in fixes(analysis, d):
            edit = t.TextEdit(range=t.Range(start=position(analysis.lines, fix.line + 1, fix.start + 1),
                                            end=position(analysis.lines, fix.line + 1, fix.end + 1)),
                              new_text=fix.new)
            actions.append(t.CodeAction(title=fix.title, kind=t.CodeActionKind.QuickFix, diagnostics=[lsp],
                                        is_preferred=True,
                                        edit=t.WorkspaceEdit(changes={analysis.uri: [edit]})))
    return actions


def _touches(a: t.Range, b: t.Range) -> bool:
    def key(p: t.Position):
        return p.line, p.character
    return not (key(a.end) < key(b.start) or key(b.end) < key(a.start))
