"""Diagnostics for every stage: located errors rendered like a compiler's, with caret and hint."""
from __future__ import annotations

from dataclasses import dataclass, field

# Every code the compiler can emit, with a one-line summary; docs/errors.md explains each.
CODES: dict[str, str] = {
    "E100": "syntax error: something unexpected",
    "E101": "syntax error: a character the language does not use",
    "E102": "syntax error: the file ends too early",
    "E103": "syntax error: a block that is never closed",
    "E200": "unknown card",
    "E201": "unknown pile",
    "E202": "unknown zone",
    "E203": "unknown source",
    "E204": "unknown setup",
    "E205": "unknown edition",
    "E206": "an extends path outside the edition's folder, or not an edition file",
    "E210": "duplicate definition",
    "E223": "a number out of range",
    "E250": "an extends cycle",
    "E251": "a variant changes or removes something its parent does not have",
    "E252": "a variant adds something its parent already has",
    "E253": "a rule in a variant without add, change or remove",
    "E254": "add, change or remove in a file that extends nothing",
    "E255": "a section heading in a variant that differs from its parent's without `change`",
    "E256": "a rule that cannot apply to this edition",
    "E207": "a language the project has no words for",
    "E260": "something every edition needs is missing",
    "E270": "a card of the wrong kind",
    "E271": "an attribute that belongs to another kind of card",
    "E280": "an example that cannot be set up",
    "E281": "an example's draw pile given in two ways that disagree",
    "E282": "an example's zone given or checked in a way the edition's zones do not work",
    "E283": "an example expects an unknown event",
    "E295": "a scoring term that can never score",
    "E296": "a scoring term that counters something other than hazards",
    "E297": "a scoring section that gives no points",
    "E298": "a scoring term in a distance unit the race does not use",
    "E300": "a file that cannot be read",
    "W100": "warning: a variant's change leaves an inherited setup out of step with it",
}


def _mechanics_codes() -> None:
    """Each mechanic's and construct's own codes (touring_dsl.mechanics), which must not take a code of the core's."""
    from ..mechanics import REGISTERED
    from ..mechanics.core import CORE
    from ..mechanics.effects import REGISTERED as EFFECTS

    # (a hazard effect's codes too: mechanics.effects; and every core construct's: mechanics.core.CORE)
    for mechanic in (*REGISTERED, *EFFECTS, *CORE):
        for code, summary in mechanic.errors.items():
            if code in CODES:
                raise ValueError(f"mechanic {getattr(mechanic, 'name', mechanic.kind)} declares error {code}, "
                                 "which is already taken")
            CODES[code] = summary


_mechanics_codes()


@dataclass(frozen=True)
class Span:
    file: str
    line: int
    column: int
    length: int = 1

    @property
    def end_column(self) -> int:
        """The column just after the span (its range in an editor: column to end_column, on one line)."""
        return self.column + max(1, self.length)


@dataclass(frozen=True)
class Note:
    """A second place an error points to, as a compiler's "note: ... here"."""

    span: Span
    message: str
    source_line: str | None = None


@dataclass(frozen=True)
class Diagnostic:
    code: str
    message: str
    span: Span | None = None
    hint: str | None = None
    source_line: str | None = None
    severity: str = "error"  # or "warning": the file compiles, but probably does not say what was meant
    notes: tuple["Note", ...] = ()  # other places that explain the error (where an unclosed block opened)

    def render(self, color: bool = False) -> str:
        where = f"{self.span.file}:{self.span.line}:{self.span.column}: " if self.span else ""
        head = f"{where}{self.severity}[{self.code}]: {self.message}"
        lines = [_bold(head, color)]
        if self.span and self.source_line is not None:
            lines.extend(_excerpt(self.span, self.source_line, color))
        if self.hint:
            lines.append(f"  = hint: {self.hint}")
        for note in self.notes:
            lines.append(f"{note.span.file}:{note.span.line}:{note.span.column}: note: {note.message}")
            if note.source_line is not None:
                lines.extend(_excerpt(note.span, note.source_line, color))
        return "\n".join(lines)

    def as_json(self) -> dict:
        data: dict = {"code": self.code, "message": self.message, "hint": self.hint}
        if self.severity != "error":
            data["severity"] = self.severity
        if self.notes:
            data["notes"] = [{"message": n.message, "file": n.span.file, "line": n.span.line,
                              "column": n.span.column} for n in self.notes]
        if self.span:
            data.update(file=self.span.file, line=self.span.line, column=self.span.column)
        return data


EXCERPT_WIDTH = 100  # characters of a source line shown around an error; longer lines are clipped


def _excerpt(span: Span, source_line: str, color: bool) -> list[str]:
    number = str(span.line)
    gutter = " " * len(number)
    # a control character from the file (an escape sequence, a bell) is never sent to the terminal as is
    plain = "".join(ch if ch == "\t" or ch.isprintable() or ch == " " else "?" for ch in source_line.rstrip("\n"))
    text, column, length = _clip(plain.expandtabs(4), span.column, max(1, span.length))
    if color:
        from .lexer import highlight_line

        shown = highlight_line(text)
    else:
        shown = text
    caret = " " * (column - 1) + "^" * length
    if color:
        caret = f"\x1b[1;31m{caret}\x1b[0m"
    return [f" {number} | {shown}", f" {gutter} | {caret}"]


def _clip(text: str, column: int, length: int) -> tuple[str, int, int]:
    """A long line cut to the window around the error, marked "..." where cut; the caret moves with it."""
    if len(text) <= EXCERPT_WIDTH:
        return text, column, length
    start = max(0, min(column - 1 - EXCERPT_WIDTH // 3, len(text) - EXCERPT_WIDTH))
    end = start + EXCERPT_WIDTH
    before, after = ("..." if start else ""), ("..." if end < len(text) else "")
    length = max(1, min(length, end - (column - 1)))
    return before + text[start:end] + after, column - start + len(before), length


def _bold(text: str, color: bool) -> str:
    return f"\x1b[1m{text}\x1b[0m" if color else text


class TouringError(Exception):
    """The user's input is wrong; carries every diagnostic found."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.render() for d in self.diagnostics))

    def __reduce__(self):
        # rebuilt from its diagnostics: the default (from the message) failed in a worker process, and a
        # multiprocessing pool then waited for the result forever (a bad --edition hung benchmarks)
        return (type(self), (self.diagnostics,))

    def render(self, color: bool = False) -> str:
        body = "\n\n".join(d.render(color) for d in self.diagnostics)
        count = len(self.diagnostics)
        return f"{body}\n\n{count} error{'s' if count != 1 else ''} found"


class InternalError(Exception):
    """A bug in touring itself, never the user's fault."""


SUGGESTED_LENGTH = 64  # names longer than this get no "did you mean": comparing two is quadratic in their length
SUGGESTED_AMONG = 400  # and a name is compared with this many known names at most


def suggest(name: str, known: list[str] | tuple[str, ...]) -> str | None:
    """A 'did you mean' hint for a misspelt name, or None. Its cost is bounded whatever the input: only names
    of up to SUGGESTED_LENGTH characters are compared, with at most SUGGESTED_AMONG known names."""
    import difflib

    lowered = name.lower()
    same = next((k for k in known if len(k) == len(name) and k.lower() == lowered), None)
    if same is not None:
        return f'did you mean "{same}"? (names are case-sensitive)'
    if len(name) > SUGGESTED_LENGTH:
        return None
    candidates = [k for k in known if len(k) <= SUGGESTED_LENGTH][:SUGGESTED_AMONG]
    close = difflib.get_close_matches(name, candidates, n=1, cutoff=0.6)
    return f'did you mean "{close[0]}"?' if close else None


@dataclass
class Collector:
    """Gathers diagnostics so a check can report every error in a file before stopping."""

    sources: dict[str, list[str]] = field(default_factory=dict)  # file -> lines
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def error(self, code: str, message: str, span: Span | None = None, hint: str | None = None,
              notes: tuple[tuple[Span, str], ...] = ()) -> None:
        assert code in CODES, code
        diagnostic = Diagnostic(code, message, span, hint, self.line(span),
                                notes=tuple(Note(s, text, self.line(s)) for s, text in notes))
        if diagnostic not in self.diagnostics:  # one mistake inherited by many rules is reported once
            self.diagnostics.append(diagnostic)

    def line(self, span: Span | None) -> str | None:
        """The source line a span points into, when the file's text is known."""
        if span is None:
            return None
        lines = self.sources.get(span.file)
        return lines[span.line - 1] if lines is not None and 0 < span.line <= len(lines) else None

    def raise_if_any(self) -> None:
        if self.diagnostics:
            # a parent's errors come back through each file that extends it: each is reported once
            raise TouringError(list(dict.fromkeys(self.in_source_order())))

    def in_source_order(self) -> list[Diagnostic]:
        """Errors sorted by position within each file, files in the order they were first reported."""
        files = list(dict.fromkeys(d.span.file if d.span else "" for d in self.diagnostics))

        def place(d: Diagnostic):
            return (files.index(d.span.file if d.span else ""), d.span.line if d.span else 0,
                    d.span.column if d.span else 0)
        return sorted(self.diagnostics, key=place)
