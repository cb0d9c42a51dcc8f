"""Parse stage, formatting: an edition's text in the one canonical layout (`touring fmt`).

The layout: four spaces of indentation a block; one statement a line, its words one space apart (a comma
against the name before it, a year range as 1958-1975); a block's `{` at the end of the line that opens
it and its `}` on a line of its own; one blank line between the sections and examples, and inside a block
a blank line kept where the author left one (never more than one); the lines of a run of statements of
one kind, with no blank line between them, aligned in columns (a deck's cards, a race's piles).
Nothing moves: statements, comments and `cite` / `assume` lines stay in the order written, and an
annotation written on its statement's line stays there, one written below it stays below it (one level in).

Formatting cannot change what a file means: the words of the result are checked to be the words of the
text, in the same order, with the same comments (a difference is a bug in touring: InternalError).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from lark import Token, Tree

from .errors import InternalError, TouringError

INDENT = "    "
COMMENT_GAP = "  "  # between a line's last word and a comment at its end


@dataclass
class _Row:
    """One line of the result: code (words, with the fields to align them by) or a comment."""

    indent: int
    groups: list[list[Token]]  # the line's words, grouped into the columns it aligns by
    first: int  # where its first word (or its comment) is in the text: a position, and the line
    first_line: int
    last_line: int
    kind: str | None = None  # the statement's kind, for alignment; None for lines that never align
    block: int = 0  # which block the line is in
    opens: bool = False  # ends with `{`
    closes: bool = False  # is a `}`
    top: bool = False  # begins a section, an example or the heading
    comment: str | None = None  # a comment at the end of the line, or the whole line's comment
    tokens: list[Token] = field(default_factory=list)

    @property
    def fields(self) -> list[str]:
        return [_joined(group) for group in self.groups]

    def last_field(self) -> int:
        return max((i for i, f in enumerate(self.fields) if f), default=-1)


def format_text(text: str, file: str = "<text>") -> str:
    """`text` in the canonical layout; TouringError (every syntax error) when it does not parse."""
    from .recovery import parse_recovering
    from .syntax import parser

    text = text.replace("\r\n", "\n").replace("\r", "\n")
    parsed = parse_recovering(parser(keep_all_tokens=True), text, file)  # every syntax error, as `check` says
    if parsed.diagnostics or parsed.tree is None:
        raise TouringError(parsed.diagnostics)
    result = _render(_Layout().rows(parsed.tree), text)
    _check_same_words(parsed.tree, text, result)
    return result


# laying out the tree ---------------------------------------------------------------------------------

class _Layout:
    """The tree's statements as rows: one for each statement, annotation line and closing brace."""

    def __init__(self):
        self.rows_out: list[_Row] = []
        self.blocks = 0

    def rows(self, tree: Tree) -> list[_Row]:
        edition, *items = [c for c in tree.children if c is not None]
        self._statement(edition, 0, 0, top=True)
        for item in items:
            self._statement(item, 0, 0, top=True)
        rows = [r for r in self.rows_out if r.tokens]
        for row in rows:
            row.first, row.first_line, row.last_line = (row.tokens[0].start_pos, row.tokens[0].line,
                                                        row.tokens[-1].end_line)
        return rows

    def _statement(self, tree: Tree, indent: int, block: int, top: bool = False) -> None:
        """A statement's lines: its own words, its annotations (on its line or below it), its block."""
        kind, parts = _statement_parts(tree)
        row = self._new_row(indent, block, kind, top)
        previous: Token | None = None
        for part in parts:
            if isinstance(part, Tree) and part.data in ("cite", "assume"):
                for depth, words in enumerate(_annotation_lines(part)):
                    if previous is not None and words[0].line != previous.end_line:
                        # written below: stays below (an assumption's `because` one level further in)
                        row = self._new_row(indent + 1 + depth, block, None, False)
                    row.groups.append(words)
                    row.tokens.extend(words)
                    previous = words[-1]
            elif isinstance(part, _Block):
                row.groups.append([part.open])
                row.tokens.append(part.open)
                row.opens = True
                self.blocks += 1
                inner = self.blocks
                for child in part.statements:
                    self._statement(child, indent + 1, inner)
                close = self._new_row(indent, inner, None, False)
                close.groups.append([part.close])
                close.tokens.append(part.close)
                close.closes = True
                previous = part.close
            elif isinstance(part, Token) and (part.type in ("COMMA", "MINUS") or (
                    row.tokens and row.tokens[-1].type == "MINUS")) and row.groups:
                row.groups[-1].append(part)  # `"A", "B"` and 1958-1975 are one column each
                row.tokens.append(part)
                previous = part
            else:
                words = _tokens(part) if isinstance(part, Tree) else [part] if part is not None else []
                row.groups.append(words)
                row.tokens.extend(words)
                previous = words[-1] if words else previous

    def _new_row(self, indent: int, block: int, kind: str | None, top: bool) -> _Row:
        row = _Row(indent, [], 0, 0, 0, kind, block, top=top)  # (where it is: filled in by rows())
        self.rows_out.append(row)
        return row


@dataclass
class _Block:
    open: Token
    statements: list[Tree]
    close: Token


def _statement_parts(tree: Tree) -> tuple[str, list]:
    """A statement's parts, in order: its words grouped as the grammar groups them (each a column), its
    annotations, and its block; and the kind of statement it is (for alignment)."""
    children = [c for c in tree.children if not (isinstance(c, Tree) and c.data == "body")]
    body = next((c for c in tree.children if isinstance(c, Tree) and c.data == "body"), None)
    kind = str(tree.data)
    if tree.data in ("entry", "rename_entry", "section"):
        # an entry or a section: its op, then the rule's (or the heading's) own words, column by column;
        # its kind is the rule's with the op (a run of `add pile` lines is not aligned with `pile` lines)
        parts: list = []
        op = next((str(c.data) for c in children if isinstance(c, Tree) and c.data in ("add", "change", "remove")), "")
        for child in children:
            if isinstance(child, Tree) and child.data not in ("cite", "assume", "add", "change", "remove"):
                kind = f"{op} {child.data}".strip()
                parts.extend(child.children)
            else:
                parts.append(child)
        children = parts
    if body is not None:
        children = children + [body]
    parts = []
    for child in children:
        if isinstance(child, Tree) and child.data == "body":
            parts.extend(child.children)
        else:
            parts.append(child)
    return str(kind), _blocks_of(parts)


def _blocks_of(parts: list) -> list:
    """Gather `{`, the statements inside and `}` into one _Block part."""
    out: list = []
    i = 0
    while i < len(parts):
        part = parts[i]
        if isinstance(part, Token) and part.type == "LBRACE":
            end = next(j for j in range(len(parts) - 1, i, -1)
                       if isinstance(parts[j], Token) and parts[j].type == "RBRACE")
            out.append(_Block(part, [p for p in parts[i + 1:end] if p is not None], parts[end]))
            i = end + 1
            continue
        out.append(part)
        i += 1
    return out


def _annotation_lines(tree: Tree) -> list[list[Token]]:
    """An annotation's words, as one line, or two when its author wrote an assumption's `because` below it."""
    words = _tokens(tree)
    split = next((i for i, t in enumerate(words) if t.type == "BECAUSE"), None)
    if tree.data == "assume" and split and words[split].line != words[split - 1].end_line:
        return [words[:split], words[split:]]
    return [words]


def _tokens(tree: Tree) -> list[Token]:
    return [t for t in tree.scan_values(lambda v: isinstance(v, Token))]


def _joined(tokens: list[Token]) -> str:
    """Words one space apart; a comma against the word before it, a year range's dash against both."""
    out = ""
    for i, token in enumerate(tokens):
        if i and token.type not in ("COMMA", "MINUS") and tokens[i - 1].type != "MINUS":
            out += " "
        out += token.value
    return out


# writing the rows out ----------------------------------------------------------------------------------

def _render(rows: list[_Row], text: str) -> str:
    source = text.split("\n")
    _place_comments(rows, _comments(text))
    widths = _column_widths(rows, source)
    group_starts = _top_groups(rows, source)
    lines: list[str] = []
    for index, row in enumerate(rows):
        if index and _blank_before(rows[index - 1], row, index in group_starts, source):
            lines.append("")
        lines.append(_line(row, widths.get(id(row))))
    return "\n".join(lines) + "\n"


def _line(row: _Row, widths: list[int] | None) -> str:
    indent = INDENT * row.indent
    if not row.tokens:  # a comment on its own line
        return indent + (row.comment or "")
    if widths is None:
        code = " ".join(f for f in row.fields if f)
    else:
        words = []
        for i, text in enumerate(row.fields[:row.last_field() + 1]):
            width = widths[i] if i < len(widths) else 0
            if width:
                words.append(text.ljust(width))
            elif text:  # (a column empty in every line of the run takes no room)
                words.append(text)
        code = " ".join(words)
    return indent + code + (COMMENT_GAP + row.comment if row.comment else "")


def _column_widths(rows: list[_Row], source: list[str]) -> dict[int, list[int]]:
    """For each run of statements of one kind in one block, with no blank line between them (their
    annotation lines and comments may come between), the width of each column they all go on past."""
    widths: dict[int, list[int]] = {}
    run: list[_Row] = []

    def close_run() -> None:
        if len(run) > 1:
            # the columns every line of the run goes on past (a card's name, kind and count; not the
            # attributes only some cards have)
            count = min(r.last_field() for r in run)
            columns = [max(len(r.fields[i]) for r in run) for i in range(count)]
            for r in run:
                widths[id(r)] = columns
        run.clear()

    for index, row in enumerate(rows):
        if index and _blank_between(rows[index - 1], row, source):
            close_run()
        alignable = row.kind is not None and row.tokens and not row.opens and not row.closes and not row.top
        if run and alignable and row.kind == run[-1].kind and row.block == run[-1].block:
            run.append(row)
        elif run and not alignable and row.block == run[-1].block and not row.opens and not row.closes \
                and (not row.tokens or row.indent > run[-1].indent):
            continue  # an annotation line of the statement above, or a comment: the run goes on
        else:
            close_run()
            if alignable:
                run.append(row)
    close_run()
    return widths


def _top_groups(rows: list[_Row], source: list[str]) -> set[int]:
    """The rows each top-level part begins at, with the comments written right above it (no blank line
    between): one blank line comes before each of them."""
    starts = set()
    for index, row in enumerate(rows):
        if not row.top:
            continue
        start = index
        while start > 0 and not rows[start - 1].tokens and rows[start - 1].indent == 0 \
                and not _blank_between(rows[start - 1], rows[start], source):
            start -= 1
        starts.add(start)
    return starts


def _blank_before(previous: _Row, row: _Row, top_group: bool, source: list[str]) -> bool:
    if top_group:
        return True
    if previous.opens or row.closes:
        return False
    return _blank_between(previous, row, source)


def _blank_between(previous: _Row, row: _Row, source: list[str]) -> bool:
    """Whether the text has a blank line between the two rows' lines."""
    return any(not source[n - 1].strip() for n in range(previous.last_line + 1, row.first_line)
               if 0 < n <= len(source))


# comments ----------------------------------------------------------------------------------------------

@dataclass
class _Comment:
    position: int
    line: int
    text: str
    own_line: bool


def _comments(text: str) -> list[_Comment]:
    """Every comment of the text (a `#` outside a quoted name, to the end of its line)."""
    found = []
    position, line = 0, 1
    for source_line in text.split("\n"):
        i = 0
        while i < len(source_line):
            char = source_line[i]
            if char == '"':
                close = source_line.find('"', i + 1)
                i = len(source_line) if close < 0 else close + 1
                continue
            if char == "#":
                found.append(_Comment(position + i, line, source_line[i:].rstrip(),
                                      not source_line[:i].strip()))
                break
            i += 1
        position += len(source_line) + 1
        line += 1
    return found


def _place_comments(rows: list[_Row], comments: list[_Comment]) -> None:
    """Each comment at the end of its code line, or on a line of its own before the code that follows
    it, at that code's indentation (inside a block when a `}` follows)."""
    for comment in comments:
        before = [r for r in rows if r.tokens and r.tokens[-1].end_pos <= comment.position]
        owner = max(before, key=lambda r: r.tokens[-1].end_pos, default=None)
        if not comment.own_line and owner is not None and owner.last_line == comment.line \
                and owner.comment is None:
            owner.comment = comment.text
            continue
        following = [i for i, r in enumerate(rows) if r.first > comment.position]
        at = following[0] if following else len(rows)
        if at < len(rows):
            indent = rows[at].indent + (1 if rows[at].closes else 0)
            block = rows[at].block
        else:
            indent, block = 0, 0
        row = _Row(indent, [], comment.position, comment.line, comment.line, None, block, comment=comment.text)
        rows.insert(at, row)


# the safety check ---------------------------------------------------------------------------------------

def _check_same_words(tree: Tree, before: str, after: str) -> None:
    """The formatted text must hold the same words in the same order, and the same comments."""
    from lark.exceptions import UnexpectedInput

    from .syntax import parser

    def words(parsed: Tree) -> list[tuple[str, str]]:
        return [(t.type, t.value) for t in parsed.scan_values(lambda v: isinstance(v, Token))]

    try:
        same = words(tree) == words(parser(keep_all_tokens=True).parse(after))
    except UnexpectedInput:
        same = False
    if not same or [c.text for c in _comments(before)] != [c.text for c in _comments(after)]:
        raise InternalError("touring fmt would change the file's words or comments (a bug in touring)")
