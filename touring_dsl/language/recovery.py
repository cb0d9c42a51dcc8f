"""Parse stage, recovery: every syntax error of a file in one run, and the parse tree of what parsed.

Lark's LALR parser stops at the first unexpected token. Here the parser is driven token by token
(its interactive parser), and at each mistake the file is repaired in the parser's head, never in the
text, in one of three ways, the first that lets the text go on cleanly:

- closing blocks: when the statement on the line where the parser noticed would be right after one or
  more `}`, the blocks are taken as never closed. The error is reported where the block opened (E103),
  with a note where the parser noticed (an unclosed `turn {` noticed at `penalties`); which block is
  read from the indentation when the braces alone could mean two.
- opening a block: when a heading's rules follow it without its `{`, reported at the heading.
- dropping the statement: otherwise the statement being read is dropped (the parser goes back to where
  it began), and words are skipped, together with any `{ ... }` they open, up to the next line that can
  start a statement there, or the `}` that closes the block. A line skipped that starts no statement
  either is reported as a mistake of its own.

What was dropped is remembered (the lines it spans and the quoted names it holds), so that the compile
step can leave out the errors the dropping itself causes (compiler.py: a card dropped with its line is
not reported as unknown wherever it is used).
"""
from __future__ import annotations

import difflib
from copy import copy
from dataclasses import dataclass, field

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedToken
from lark.parsers.lalr_parser_state import ParserState

from .errors import Collector, Diagnostic, Span

MOST_ERRORS = 50  # syntax errors reported in one file; past them the file is not read further
LOOKAHEAD = 6  # tokens a repair must let parse cleanly before it is taken

# Plain words for the grammar's named terminals, so errors never show Lark's internal names.
TERMINAL_WORDS = {
    "STRING": "a quoted name",
    "INT": "a whole number",
    "NAME": "a source name",
    "KIND_WORD": "a kind of card (mileage, go, remedy, hazard, zone, counter, safety)",
    "$END": "the end of the file",
}


@dataclass
class Damage:
    """What the recovery dropped: the lines (first, last) of each statement dropped, widened to the section
    or example around it, and the quoted names written there."""

    lines: list[tuple[int, int]] = field(default_factory=list)
    names: set[str] = field(default_factory=set)

    def __bool__(self) -> bool:
        return bool(self.lines)

    def covers(self, line: int) -> bool:
        return any(first <= line <= last for first, last in self.lines)


@dataclass
class Recovered:
    """The parse tree (None when the file could not be read to its end) and every syntax error found."""

    tree: Tree | None
    diagnostics: list[Diagnostic]
    damage: Damage


def parse_recovering(lark: Lark, text: str, file: str) -> Recovered:
    """Parse `text`, recovering from each syntax error; the tree of what parsed and every error found."""
    return _Recovery(lark, text, file).run()


class _GiveUp(Exception):
    """The file cannot be read further (too many errors, or a mistake no repair gets past)."""


class _Recovery:
    def __init__(self, lark: Lark, text: str, file: str):
        self.lark, self.text, self.file = lark, text, file
        self.ip = lark.parse_interactive(text)
        self.collector = Collector({file: text.splitlines()})
        self.damage = Damage()
        self.quiet_until = -1  # a stray character right after another is not reported again

    # the drive -----------------------------------------------------------------------------------
    def run(self) -> Recovered:
        tree = None
        try:
            self._read()
            tree = self._finish()
        except _GiveUp:
            tree = None
        self.damage.lines = _widened(self.damage.lines, tree)
        return Recovered(tree, self.collector.in_source_order(), self.damage)

    def _read(self) -> None:
        """Feed the file's tokens as the parser asks for them (Lark's own loop, while nothing is wrong); each
        mistake is reported and repaired, and the reading goes on."""
        while True:
            try:
                state = self.ip.parser_state
                for token in self.ip.lexer_thread.lex(state):
                    state.feed_token(token)
                return
            except UnexpectedToken as exc:  # a word not taken here (read by the lexer already)
                self._unexpected(exc.token, exc.expected)
            except UnexpectedCharacters as exc:
                self._bad_character(exc)

    @property
    def last(self) -> Token | None:
        return self.ip.lexer_thread.state.last_token

    def _finish(self) -> Tree:
        """Feed the end of the file; blocks still open there are reported where they opened (E102)."""
        end = Token.new_borrow_pos("$END", "", self.last) if self.last is not None else Token("$END", "", 0, 1, 1)
        if not _Trial(self.ip).feed(end):
            lines = self.text.splitlines() or [""]
            at_end = Span(self.file, len(lines), len(lines[-1]) + 1)
            try:
                unfinished = self._drop_statement()
            except _GiveUp:  # the file ends within its heading (or is empty)
                self._error("E102", "the file ends before its heading is finished", at_end,
                            _expected_hint(self.lark, self.ip.choices()))
                raise
            closed = self._close_blocks_at_end(end)
            if closed is None:
                self._error("E102", "the file ends before this rule is finished", at_end,
                            _expected_hint(self.lark, self.ip.choices()))
                raise _GiveUp
            if unfinished and not closed:
                self._error("E102", "the file ends before this rule is finished", at_end)
            for opened in reversed(closed):
                self._error("E102", "the file ends before this block is finished", opened,
                            "a `}` is missing: add it where the block's rules end",
                            ((at_end, f"the file ends here, at line {at_end.line}, with the block still open"),))
        return self.ip.feed_eof(self.last)

    # the two repairs -----------------------------------------------------------------------------
    def _unexpected(self, token: Token, expected) -> None:
        """A token the parser cannot take here: a block left open or never opened before this line, else
        a statement to drop."""
        if token.type == "$END":  # (the end of the text is fed by _finish)
            return
        if len(self.collector.diagnostics) >= MOST_ERRORS:
            raise _GiveUp
        if self._brace_missing_before(token):
            return
        self._report_unexpected(token, expected)
        self._drop_statement()
        self._skip_from(token)

    def _brace_missing_before(self, token: Token) -> bool:
        """When the statement holding `token` begins its line, and would be right after one or more `}`, or
        after a `{` (the text going on cleanly from there): report the brace missing, take it as written and
        read the line again."""
        line_start = self.text.rfind("\n", 0, token.start_pos) + 1
        if self._first_on_line(token) and self._closes_before(token, line_start):
            return True
        trial = _Trial(self.ip)
        popped = _pop_to_statement(trial.state)
        if popped is None or any(start < line_start for start in _starts(popped)):
            return False  # the statement began on an earlier line
        if not popped and not self._first_on_line(token):
            return False
        need = LOOKAHEAD + len(popped) + 1
        closing = trial.copy()
        for count in range(1, len(closing.state.state_stack)):  # blocks left open
            if not closing.feed(Token.new_borrow_pos("RBRACE", "}", token)):
                break
            if closing.copy().rewound(line_start, token.line).reads_on(need):
                self._report_unclosed(list(reversed(_open_blocks(self.text, line_start, self.file)[-count:])), token)
                self._read_line_again_after(["RBRACE"] * count, line_start, token)
                return True
        opening = trial.copy()  # a block never opened
        if opening.feed(Token.new_borrow_pos("LBRACE", "{", token)) \
                and opening.copy().rewound(line_start, token.line).reads_on(need):
            line, column = _end_of_code_before(self.text, line_start) or (token.line, token.column)
            self._error("E100", "this heading's block has no `{`", Span(self.file, line, column),
                        f"add `{{` at the end of line {line}: the rules below it are its block")
            self._read_line_again_after(["LBRACE"], line_start, token)
            return True
        return False

    def _closes_before(self, token: Token, line_start: int) -> bool:
        """When the line before was a whole statement and this one would be right after one or more `}`
        (a `turn {` whose rules end without their `}`): report the blocks unclosed and take the braces as
        written, keeping the statement before."""
        closing = _Trial(self.ip)
        for count in range(1, len(closing.state.state_stack)):
            if not closing.feed(Token.new_borrow_pos("RBRACE", "}", token)):
                return False
            if closing.copy().goes_on(token, LOOKAHEAD):
                self._report_unclosed(list(reversed(_open_blocks(self.text, line_start, self.file)[-count:])), token)
                for _ in range(count):
                    self.ip.feed_token(Token.new_borrow_pos("RBRACE", "}", token))
                self.ip.feed_token(_retyped(token, self.ip.parser_state, self.ip.lexer_thread))
                return True
        return False

    def _read_line_again_after(self, braces: list[str], line_start: int, token: Token) -> None:
        """Go back to where the statement on this line began, take `braces` as written there, and have the
        lexer read the line again."""
        state = self.ip.parser_state
        _pop_to_statement(state)
        for kind in braces:
            state.feed_token(Token.new_borrow_pos(kind, "}" if kind == "RBRACE" else "{", token))
        _rewind(self.ip.lexer_thread, line_start, token.line)

    def _close_blocks_at_end(self, end: Token) -> list[Span] | None:
        """Feed as many `}` as let the file end here; where the blocks closed were opened, innermost first."""
        trial = _Trial(self.ip)
        for count in range(0, len(self.ip.parser_state.state_stack)):
            if count and not trial.feed(Token.new_borrow_pos("RBRACE", "}", end)):
                return None
            if trial.copy().feed(end):
                opened = _open_blocks(self.text, len(self.text), self.file)[-count:] if count else []
                for _ in range(count):
                    self.ip.feed_token(Token.new_borrow_pos("RBRACE", "}", end))
                return list(reversed(opened))
        return None

    def _drop_statement(self) -> bool:
        """Go back to where the statement being read began: a point where `}` (or the end) may come.
        Whether anything was dropped."""
        popped = _pop_to_statement(self.ip.parser_state)
        if popped is None:
            raise _GiveUp  # a mistake in the edition's heading: there is nothing to go back to
        for value in popped:
            self._lose(value)
        return bool(popped)

    def _skip_from(self, token: Token) -> None:
        """Skip tokens, from `token` on, to one that can start a statement here (or close this block)."""
        depth = 0
        candidate: Token | None = token
        while candidate is not None:
            # a statement starts on a new line (a word in the middle of a line could only continue the last one)
            # the author's own `}` closes the block the broken statement was in, even where a later mistake
            # keeps the text after it from reading on cleanly (that mistake is reported in its turn)
            closes = depth == 0 and candidate.type == "RBRACE" and _Trial(self.ip).goes_on(candidate, 0)
            if closes or depth == 0 and (candidate.type == "RBRACE" or self._first_on_line(candidate)) \
                    and self._resumes_at(candidate):
                self.ip.feed_token(_retyped(candidate, self.ip.parser_state, self.ip.lexer_thread))
                return
            if depth == 0 and candidate is not token and candidate.type != "RBRACE" \
                    and self._first_on_line(candidate):
                # a line of this block that starts no statement either: a mistake of its own
                if len(self.collector.diagnostics) >= MOST_ERRORS:
                    raise _GiveUp
                self._report_unexpected(candidate, [name for name in self.ip.choices() if name.isupper()])
            self._lose(candidate)
            if candidate.type == "LBRACE":
                depth += 1
            elif candidate.type == "RBRACE" and depth:
                depth -= 1
            candidate = self._next_skipped()

    def _resumes_at(self, token: Token) -> bool:
        return _Trial(self.ip).goes_on(token, LOOKAHEAD)

    def _next_skipped(self) -> Token | None:
        """The next token while skipping (lexing mistakes in skipped text are not reported), None at the end."""
        while True:
            try:
                return next(iter(self.ip.lexer_thread.lex(self.ip.parser_state)))
            except StopIteration:
                return None
            except UnexpectedToken as exc:
                return exc.token
            except UnexpectedCharacters:
                self._step_over_character()

    # what was dropped ----------------------------------------------------------------------------
    def _lose(self, value) -> None:
        tokens = [value] if isinstance(value, Token) else list(value.scan_values(lambda v: isinstance(v, Token))) \
            if isinstance(value, Tree) else []
        for token in tokens:
            if token.type == "STRING":
                self.damage.names.add(token.value[1:-1])
            if token.line is not None:
                self.damage.lines.append((token.line, token.end_line or token.line))

    # lexing mistakes -----------------------------------------------------------------------------
    def _bad_character(self, exc: UnexpectedCharacters) -> None:
        if len(self.collector.diagnostics) >= MOST_ERRORS:
            raise _GiveUp
        position = exc.pos_in_stream
        char = self.text[position] if position < len(self.text) else ""
        span = Span(self.file, max(exc.line, 1), max(exc.column, 1))
        if char == '"':
            self._error("E101", "this quoted name is never closed", span, 'close it with " on the same line')
            rest = self.text[position + 1:].split("\n", 1)[0]
            words = rest.split()
            self.damage.names.update(" ".join(words[:n]) for n in range(1, len(words) + 1))
            self.damage.lines.append((span.line, span.line))
            self._step_over_line()
            self._drop_statement()
            token = self._next_skipped()
            if token is not None:
                self._skip_from(token)
            return
        if position != self.quiet_until:
            hint = _expected_hint(self.lark, exc.allowed) if exc.allowed else None
            self._error("E101", f"unexpected character {char!r}", span, hint)
        self._step_over_character()
        self.quiet_until = position + 1

    def _step_over_character(self) -> None:
        state = self.ip.lexer_thread.state
        position = state.line_ctr.char_pos
        state.line_ctr.feed(self.text[position:position + 1])

    def _step_over_line(self) -> None:
        state = self.ip.lexer_thread.state
        position = state.line_ctr.char_pos
        end = self.text.find("\n", position)
        state.line_ctr.feed(self.text[position:len(self.text) if end < 0 else end])

    # the words -----------------------------------------------------------------------------------
    def _error(self, code: str, message: str, span: Span, hint: str | None = None, notes=()) -> None:
        self.collector.error(code, message, span, hint, notes)

    def _report_unexpected(self, token: Token, expected) -> None:
        line, column = max(token.line or 1, 1), max(token.column or 1, 1)
        shown = token.value if len(token.value) < 40 else token.value[:37] + "..."
        words = {_terminal_word(self.lark, name).strip('"') for name in expected}
        close = _close_keyword(token.value, words) if token.value.isalpha() else None
        close = None if close == token.value else close  # (a keyword out of its place: no "did you mean")
        hint = f'did you mean "{close}"?' if close else _expected_hint(self.lark, expected)
        self._error("E100", f"unexpected {_describe_token(token)} {shown!r}",
                    Span(self.file, line, column, max(1, len(token.value))), hint)

    def _report_unclosed(self, opened: list[Span], token: Token) -> None:
        shown = token.value if len(token.value) < 40 else token.value[:37] + "..."
        noticed = Span(self.file, token.line, token.column, max(1, len(token.value)))
        for span in opened:
            self._error("E103", "this block is never closed: a `}` is missing", span,
                        f"close it with `}}` where its rules end, before line {token.line}, where the parser "
                        f"noticed",
                        ((noticed, f"noticed here, at line {token.line}: the {_describe_token(token)} {shown!r} "
                                   f"cannot come inside the block"),))

    # small questions ------------------------------------------------------------------------------
    def _first_on_line(self, token: Token) -> bool:
        start = self.text.rfind("\n", 0, token.start_pos) + 1
        return not self.text[start:token.start_pos].strip()


class _Trial:
    """A copy of the parser, without its tree building, to try a repair on before it is made."""

    def __init__(self, ip, state: ParserState | None = None, lexer=None):
        if state is None:
            conf = copy(ip.parser_state.parse_conf)
            conf.callbacks = {}
            state = ParserState(conf, ip.parser_state.lexer, list(ip.parser_state.state_stack),
                                list(ip.parser_state.value_stack))
            lexer = copy(ip.lexer_thread)
        self.state, self.lexer = state, lexer

    def copy(self) -> "_Trial":
        return _Trial(None, ParserState(self.state.parse_conf, self.state.lexer, list(self.state.state_stack),
                                        list(self.state.value_stack)), copy(self.lexer))

    def feed(self, token: Token) -> bool:
        try:
            self.state.feed_token(token, token.type == "$END")
            return True
        except UnexpectedToken:
            return False

    def rewound(self, position: int, line: int) -> "_Trial":
        """This trial with its lexer back at `position`, the start of line `line`."""
        self.lexer = copy(self.lexer)
        _rewind(self.lexer, position, line)
        return self

    def reads_on(self, ahead: int) -> bool:
        """Whether the next `ahead` tokens the lexer reads parse cleanly (or the file ends cleanly first)."""
        fed = 0
        try:
            for following in self.lexer.lex(self.state):
                if not self.feed(following):
                    return False
                fed += 1
                if fed >= ahead:  # (asked no further: the lexer may not read the token after)
                    return True
        except (UnexpectedToken, UnexpectedCharacters):
            return False
        return self.feed(Token("$END", "", len(self.lexer.state.text.text), 1, 1))

    def goes_on(self, token: Token, ahead: int) -> bool:
        """Whether `token` is taken here, and the `ahead` tokens after it too (or the file ends cleanly)."""
        token = _retyped(token, self.state, self.lexer)
        if not self.feed(token):
            return False
        return token.type == "$END" or ahead == 0 or self.reads_on(ahead)


def _pop_to_statement(state: ParserState) -> list | None:
    """Pop the parser back to where the statement being read began (a point where `}` or the end of the
    file may come); the values popped, first written first, or None when there is no such point."""
    popped = []
    table = state.parse_conf.parse_table.states
    while state.value_stack and not ({"RBRACE", "$END"} & set(table[state.position])):
        popped.append(state.value_stack.pop())
        state.state_stack.pop()
    if not ({"RBRACE", "$END"} & set(table[state.position])):
        return None
    return popped[::-1]


def _starts(values: list) -> list[int]:
    """Where each value popped from the parser begins in the text, when it says (a keyword-only rule does not)."""
    starts = []
    for value in values:
        if isinstance(value, Token) and value.start_pos is not None:
            starts.append(value.start_pos)
        elif isinstance(value, Tree) and not value.meta.empty:
            starts.append(value.meta.start_pos)
    return starts


def _end_of_code_before(text: str, line_start: int) -> tuple[int, int] | None:
    """The line and column just after the last word written before `line_start` (comments skipped)."""
    lines = text[:line_start].split("\n")
    for number in range(len(lines), 0, -1):
        code = _without_comment(lines[number - 1]).rstrip()
        if code:
            return number, len(code) + 1
    return None


def _without_comment(line: str) -> str:
    quoted = False
    for i, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char == "#" and not quoted:
            return line[:i]
    return line


def _rewind(lexer_thread, position: int, line: int) -> None:
    """Make the lexer read again from `position`, the start of line `line`."""
    counter = lexer_thread.state.line_ctr
    counter.char_pos, counter.line, counter.column, counter.line_start_pos = position, line, 1, position


def _retyped(token: Token, state: ParserState, lexer_thread) -> Token:
    """The token as the lexer would read it where the parser now stands: a word read out of its place is
    typed by the lexer of the whole grammar ("zones" as a kind of card), not as the keyword it is here."""
    if token.type in ("$END",) or token.start_pos is None:
        return token
    lexer = getattr(lexer_thread.lexer, "lexers", {}).get(state.position)
    found = lexer.match(lexer_thread.state.text, token.start_pos) if lexer is not None else None
    if found and found[0] == token.value and found[1] != token.type:
        return Token.new_borrow_pos(found[1], token.value, token)
    return token


def _widened(lines: list[tuple[int, int]], tree: Tree | None) -> list[tuple[int, int]]:
    """Each dropped range widened to the top-level section or example around it, when one parsed."""
    if not lines:
        return []
    items = [(child.meta.line, child.meta.end_line) for child in (tree.children[1:] if tree is not None else [])
             if isinstance(child, Tree) and not child.meta.empty]
    widened = []
    for first, last in lines:
        for start, end in items:
            if start <= last and first <= end:
                first, last = min(first, start), max(last, end)
        widened.append((first, last))
    return sorted(set(widened))


def _open_blocks(text: str, end: int, file: str) -> list[Span]:
    """Where each `{` still open at position `end` was written, outermost first (quoted names and comments
    are skipped). Which one a `}` closes is read from the indentation when it can be: a `}` that begins its
    line closes the innermost open `{` on a line indented as much as its own, so that in

        example "..." {
            expect {
                ...
        }

    the `}` is the example's and the block left open is `expect`, though the parser, counting braces
    only, could as well have closed the `expect` there and left the example open."""
    opened: list[tuple[int, int, int]] = []  # (line, column, indentation of its line)
    line, column, i, line_start = 1, 1, 0, 0
    while i < end:
        char = text[i]
        if char == "#":  # a comment runs to the end of the line
            while i < end and text[i] != "\n":
                i, column = i + 1, column + 1
            continue
        if char == '"':
            close = text.find('"', i + 1)
            newline = text.find("\n", i + 1)
            close = end if close < 0 or close > end or (0 <= newline < close) else close
            column += close + 1 - i
            i = close + 1
            continue
        if char == "{":
            opened.append((line, column, _indentation(text, line_start)))
        elif char == "}" and opened:
            del opened[_closed_by(opened, text, line_start, i)]
        if char == "\n":
            line, column, line_start = line + 1, 1, i + 1
        else:
            column += 1
        i += 1
    return [Span(file, line, column) for line, column, _ in opened]


def _indentation(text: str, line_start: int) -> int:
    return len(text[line_start:].split("\n", 1)[0]) - len(text[line_start:].split("\n", 1)[0].lstrip())


def _closed_by(opened: list[tuple[int, int, int]], text: str, line_start: int, position: int) -> int:
    """Which open `{` the `}` at `position` closes: the innermost on a line indented as its own line is,
    when the `}` begins its line; else the innermost."""
    if text[line_start:position].strip():
        return len(opened) - 1
    indent = position - line_start
    return next((j for j in range(len(opened) - 1, -1, -1) if opened[j][2] == indent), len(opened) - 1)


def _close_keyword(word: str, expected: set[str]) -> str | None:
    """The keyword a misspelt word was probably meant to be ("chnage" -> "change"), if one is close."""
    if len(word) > 64:  # no keyword is that long; comparing would only cost time
        return None
    keywords = sorted(w for w in expected if w.isalpha())
    found = difflib.get_close_matches(word.lower(), keywords, n=1, cutoff=0.75)
    return found[0] if found else None


def _describe_token(token: Token) -> str:
    if token.type == "STRING":
        return "quoted name"
    if token.type == "INT":
        return "number"
    return "word" if token.value.isalpha() else "symbol"


def _expected_hint(lark: Lark, expected) -> str | None:
    # a closing brace is the likeliest fix, so it is never cut off the end of a long list
    words = sorted({_terminal_word(lark, name) for name in expected if name.isupper() or name == "$END"},
                   key=lambda w: (w != '"}"', w))
    if not words:
        return None
    if len(words) > 12:
        return f"expected one of {', '.join(words[:12])}, ..."
    return "expected " + (words[0] if len(words) == 1 else "one of " + ", ".join(words))


def _terminal_word(lark: Lark, name: str) -> str:
    if name in TERMINAL_WORDS:
        return TERMINAL_WORDS[name]
    terminal = next((t for t in lark.terminals if t.name == name), None)
    if terminal is not None and terminal.pattern.type == "str":
        return f'"{terminal.pattern.value}"'
    return name.lower()
