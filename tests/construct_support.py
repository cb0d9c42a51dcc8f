"""Test support for the construct tests (issue 30): the grammar's aliases of a rule, and a scan of the
package's source for what a construct alone may write.

Imported as `from construct_support import ...` (tests/ is on the path, as for golden_files.py). One reader
of grammar/touring.lark and one scanner, so that the construct tests hold their lines the same way.
"""
from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import touring_dsl

PACKAGE = Path(touring_dsl.__file__).parent
GRAMMAR = (PACKAGE.parent / "grammar" / "touring.lark").read_text(encoding="utf-8")

# a needle is words (found in a line), a pattern (searched in each line) or a finder: text -> (line, label)s
Needle = str | re.Pattern | Callable[[str], Iterable[tuple[int, str]]]


def grammar_aliases(*rules: str, mechanics: bool = True) -> set[str]:
    """The aliases (`-> name`) of the alternatives of these grammar rules (of every rule if none is named).
    A rule runs from its `name:` line to the next rule's; with mechanics=False a line marked as a
    mechanic's (`// mechanics/...`) is left out: it is the mechanic's, not the construct's."""
    found, current = set(), None
    for line in GRAMMAR.splitlines():
        head = re.match(r"\??(\w+):", line)
        if head:
            current = head.group(1)
        alias = re.search(r"->\s*(\w+)", line)
        if alias and (not rules or current in rules) and (mechanics or "mechanics/" not in line):
            found.add(alias.group(1))
    return found


def grammar_rule_names() -> set[str]:
    """The names the grammar defines (`name:` or `?name:` at the start of a line)."""
    return set(re.findall(r"^\??(\w+):", GRAMMAR, re.M))


def where(path: Path) -> str:
    """A module's place in the package, as the messages name it: `mechanics/turn/words.py`."""
    return path.relative_to(PACKAGE).as_posix()


def sources_outside(construct: str) -> Iterator[tuple[str, str]]:
    """(place, text) of every module of the package that is not `construct` (a module or a folder, named
    from the package: "mechanics/safeties.py", "mechanics/turn"), in a fixed order."""
    for path in sorted(PACKAGE.rglob("*.py")):
        if not is_in(where(path), construct):
            yield where(path), path.read_text(encoding="utf-8")


def is_in(place: str, construct: str) -> bool:
    return place == construct or place.startswith(construct.rstrip("/") + "/")


def label(needle: Needle) -> str:
    return needle if isinstance(needle, str) else needle.pattern if isinstance(needle, re.Pattern) else needle.__name__


def found_in(text: str, needle: Needle) -> Iterator[tuple[int, str]]:
    """(line number, what) of each place `needle` is in `text`."""
    if callable(needle) and not isinstance(needle, re.Pattern):
        yield from needle(text)
        return
    lines = text.splitlines()
    if isinstance(needle, str):
        yield from ((n, line.strip()) for n, line in enumerate(lines, 1) if needle in line)
        return
    # a pattern is searched in the whole text, so that one may span lines (`one(\n    "turn")`)
    starts = sorted({text.count("\n", 0, match.start()) for match in needle.finditer(text)})
    yield from ((n + 1, lines[n].strip()) for n in starts)


def written_outside(construct: str, needles: Iterable[Needle], allowed: Iterable[tuple[str, str]] = ()) -> list[str]:
    """Each `place:line: what` where a needle is written outside `construct`, but for the (place, what)
    pairs `allowed` (each a reason the test names). An empty list: the construct alone writes them."""
    allowed, needles = set(allowed), list(needles)
    return [f"{place}:{n}: {what}" for place, text in sources_outside(construct)
            for needle in needles for n, what in found_in(text, needle) if (place, what) not in allowed]


def written_in(construct: str, needle: Needle) -> list[str]:
    """The construct's modules where `needle` is written (an empty list: the words are gone from it)."""
    folder = PACKAGE / construct
    paths = sorted(folder.rglob("*.py")) if folder.is_dir() else [folder]
    return [where(path) for path in paths if any(found_in(path.read_text(encoding="utf-8"), needle))]


def attribute_reads(*names: str) -> Callable[[str], Iterator[tuple[int, str]]]:
    """A needle: each read (not a store) of an attribute of these names, found in the module's syntax tree,
    as (line, name); a name in a string or a comment is not a read."""
    def reads(text: str) -> Iterator[tuple[int, str]]:
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and node.attr in names:
                yield node.lineno, node.attr
    reads.__name__ = "reads of ." + ", .".join(names)
    return reads
