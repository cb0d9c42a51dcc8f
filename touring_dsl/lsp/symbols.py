"""Language server stage, the outline: the document's sections, cards and worked examples as symbols, and
the folding ranges of its blocks and comment runs (read from the braces, so a broken file still folds)."""
from __future__ import annotations

from lsprotocol import types as t

from .analysis import Analysis
from .text import Block, blocks, comment_runs, position, utf16_column

KINDS = {"card": t.SymbolKind.Constant, "setup": t.SymbolKind.Struct, "example": t.SymbolKind.Event}


def document_symbols(analysis: Analysis) -> list[t.DocumentSymbol]:
    """Each section (its cards inside the deck) and worked example, from its heading to its closing brace."""
    doc = analysis.document
    if doc is None:
        return []
    braces = blocks(analysis.lines)
    starts = sorted([s.span.line for s in doc.stmts if s.section is None] + [e["span"].line for e in doc.examples])
    symbols = []
    for stmt in doc.stmts:
        if stmt.section is not None:
            continue
        children = [_entry_symbol(analysis, s) for s in doc.stmts if s.section == stmt.key and s.kind == "card"]
        name = (f"{stmt.op} " if stmt.op else "") + _section_name(stmt)
        symbols.append(_symbol(analysis, name, KINDS.get(stmt.kind, t.SymbolKind.Namespace), stmt.span,
                               _end(analysis, braces, starts, stmt.span.line), children))
    for example in doc.examples:
        symbols.append(_symbol(analysis, f'example "{example["title"].value}"', KINDS["example"], example["span"],
                               _end(analysis, braces, starts, example["span"].line), []))
    return sorted(symbols, key=lambda s: (s.range.start.line, s.range.start.character))


def _section_name(stmt) -> str:
    if stmt.kind == "setup":
        return f'setup "{stmt.data["name"].value}"'
    return stmt.kind


def _entry_symbol(analysis: Analysis, stmt) -> t.DocumentSymbol:
    name = stmt.data["name"]
    line = analysis.lines[stmt.span.line - 1] if stmt.span.line <= len(analysis.lines) else ""
    end = t.Position(line=stmt.span.line - 1, character=utf16_column(line, len(line.rstrip())))
    detail = stmt.data.get("kind") or ""
    return t.DocumentSymbol(name=(f"{stmt.op} " if stmt.op else "") + f'card "{name.value}"', detail=detail,
                            kind=KINDS["card"], range=t.Range(start=position(analysis.lines, stmt.span.line,
                                                                             stmt.span.column), end=end),
                            selection_range=t.Range(start=position(analysis.lines, name.span.line, name.span.column),
                                                    end=position(analysis.lines, name.span.line,
                                                                 name.span.column + name.span.length)))


def _symbol(analysis, name, kind, span, end: t.Position, children) -> t.DocumentSymbol:
    start = position(analysis.lines, span.line, span.column)
    return t.DocumentSymbol(name=name, kind=kind, range=t.Range(start=start, end=end),
                            selection_range=t.Range(start=start, end=start), children=children or None)


def _end(analysis: Analysis, braces: list[Block], starts: list[int], line: int) -> t.Position:
    """Where a top-level item ends: the close of the first outermost block it opens before the next item,
    else the end of its first line."""
    following = next((s for s in starts if s > line), len(analysis.lines) + 1)
    for block in braces:
        if block.depth == 0 and line - 1 <= block.open_line < following - 1 and block.close_line is not None:
            text = analysis.lines[block.close_line]
            return t.Position(line=block.close_line, character=utf16_column(text, block.close_char + 1))
    text = analysis.lines[line - 1] if line - 1 < len(analysis.lines) else ""
    return t.Position(line=line - 1, character=utf16_column(text, len(text)))


def folding_ranges(analysis: Analysis) -> list[t.FoldingRange]:
    if analysis.too_large:
        return []
    found = [t.FoldingRange(start_line=b.open_line, end_line=b.close_line, kind=t.FoldingRangeKind.Region)
             for b in blocks(analysis.lines) if b.close_line is not None and b.close_line > b.open_line]
    found += [t.FoldingRange(start_line=a, end_line=b, kind=t.FoldingRangeKind.Comment)
              for a, b in comment_runs(analysis.lines)]
    return sorted(found, key=lambda f: (f.start_line, f.end_line))
