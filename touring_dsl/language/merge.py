"""Compile stage, inheritance: a Document merged over its parent's rules -> one table of statements.

An edition that extends nothing puts each statement in the table under its key (a key written twice is
E210). A variant starts from its parent's table and applies its own lines: `add`, `change` (a card's
change restates only what changes), `remove` (a rule and everything under it), `rename card` (the card and
every rule naming it), and `remove year`; each applied change is kept for the change list. The build
(build.py, compiler.py) reads the table; finding and reading the parent's file is the compiler's.
"""
from __future__ import annotations

import re

import hashlib

from . import model as m
from .errors import Collector, suggest
from .statements import describe_key, location, name_span
from .syntax import Document, Name, Stmt


class Merged:
    """The statement table after inheritance: key -> statement, in the order written."""

    def __init__(self, doc: Document, table: dict, sources: list, meta: dict, hashes: list[str],
                 parent_id: str | None, changes: list[m.Change]):
        self.doc = doc
        self.table = table
        self.sources = sources
        self.meta = meta
        self.hashes = hashes
        self.parent_id = parent_id
        self.changes = changes

    @classmethod
    def start(cls, doc: Document, parent: Merged | None) -> Merged:
        if parent is None:
            return cls(doc, {}, [], {}, [], doc.extends.value if doc.extends else None, [])
        return cls(doc, dict(parent.table), list(parent.sources), dict(parent.meta), list(parent.hashes),
                   parent.doc.id.value, [])

    @property
    def is_variant(self) -> bool:
        return self.doc.extends is not None

    def apply(self, doc: Document, collector: Collector) -> None:
        self.hashes.append(hashlib.sha256(doc.text.encode()).hexdigest())
        self._remove_year(doc, collector)
        self.meta.update(doc.meta)
        self._add_sources(doc, collector)
        heads: dict[tuple, str | None] = {}
        seen: set[tuple] = set()
        for stmt in doc.stmts:
            op = stmt.op
            if stmt.section is None:
                heads[stmt.key] = stmt.op
            elif op is None:
                op = heads.get(stmt.section)
            if not self.is_variant:
                self._plain(stmt, collector)
            else:
                self._variant(stmt, op, collector, seen)

    def _remove_year(self, doc: Document, collector: Collector) -> None:
        """`remove year` in a variant's header drops the year (or years) it inherits."""
        year = doc.meta.get("year")
        if year is None or year.value is not None:
            return
        if not self.is_variant:
            collector.error("E254", '"remove year" is only for files that extend another edition', year.span,
                            "leave the year out instead")
        elif self.meta.get("year") is None or self.meta["year"].value is None:
            collector.error("E251", "cannot remove the year: the parent edition has none", year.span)

    def _add_sources(self, doc: Document, collector: Collector) -> None:
        known = {s[0].value for s in self.sources}
        for source in doc.sources:
            if source[0].value in known:
                collector.error("E210", f'source "{source[0].value}" is declared twice', source[0].span)
            known.add(source[0].value)
            self.sources.append(source)

    def _plain(self, stmt: Stmt, collector: Collector) -> None:
        if stmt.kind == "rename":
            collector.error("E254", "`rename card` is only for files that extend another edition", stmt.span,
                            "write the card under its name, or add `extends` to the edition header")
            return
        if stmt.op is not None:
            collector.error("E254", f'"{stmt.op}" is only for files that extend another edition', stmt.span,
                            "write the rule plainly, or add `extends` to the edition header")
        if stmt.key in self.table:
            first = self.table[stmt.key].span
            collector.error("E210", f"{describe_key(stmt.key)} is defined twice", name_span(stmt),
                            f"first defined at line {first.line}")
            return
        self.table[stmt.key] = stmt

    def _variant(self, stmt: Stmt, op: str | None, collector: Collector, seen: set) -> None:
        if stmt.kind == "rename":
            self._rename(stmt, collector)
            return
        if stmt.key in seen:
            collector.error("E210", f"{describe_key(stmt.key)} is written twice in this variant", name_span(stmt))
            return
        seen.add(stmt.key)
        if op is None:
            if stmt.section is None and stmt.key in self.table:
                if self._restates_head(stmt, collector):
                    self._merge_annotations(stmt)  # a plain section head is only a container
                return
            collector.error("E253", f"say whether {describe_key(stmt.key)} is added, changed or removed",
                            stmt.span, "begin the line with add, change or remove")
            return
        exists = stmt.key in self.table
        if op == "add" and exists:
            collector.error("E252", f"{describe_key(stmt.key)} is already in the parent edition",
                            name_span(stmt), "use `change` to alter it")
            return
        if op in ("change", "remove") and not exists:
            siblings = [k[-1] for k in self.table if len(k) == len(stmt.key) and k[:-1] == stmt.key[:-1]
                        and isinstance(k[-1], str)]
            hint = suggest(str(stmt.key[-1]), siblings) if siblings else None
            collector.error("E251", f"cannot {op} {describe_key(stmt.key)}: the parent edition has no such rule",
                            name_span(stmt), hint or "use `add` for something new")
            return
        if op == "remove":
            for key in [k for k in self.table if k[:len(stmt.key)] == stmt.key]:
                del self.table[key]
        elif op == "change" and stmt.kind == "card":
            self.table[stmt.key] = _changed_card(self.table[stmt.key], stmt)
        else:
            self.table[stmt.key] = stmt
        self.changes.append(m.Change(op=op, key=describe_key(stmt.key), location=location(stmt.span)))

    def _restates_head(self, stmt: Stmt, collector: Collector) -> bool:
        """A container head must repeat the parent's heading (or leave its words out), never alter it."""
        old = self.table[stmt.key].data
        for field, value in stmt.data.items():
            said = value.value if isinstance(value, Name) else value
            was = old.get(field).value if isinstance(old.get(field), Name) else old.get(field)
            if said is not None and said != was:
                written = _head_words(stmt.kind, said)
                collector.error("E255", f"this heading says {written}, but the parent's says "
                                f"{_head_words(stmt.kind, was)}, and a heading without `change` changes nothing",
                                stmt.span, f"write `change {written}` to change it, or "
                                f"`{_head_words(stmt.kind, was)}` to keep it")
                return False
        return True

    def _rename(self, stmt: Stmt, collector: Collector) -> None:
        """`rename card "A" to "B"`: the card and every rule naming it now say B."""
        old, new = stmt.data["name"], stmt.data["to"]
        if ("deck", "card", old.value) not in self.table:
            collector.error("E251", f'cannot rename card "{old.value}": the parent edition has no such card',
                            old.span, suggest(old.value, [k[2] for k in self.table if k[:2] == ("deck", "card")]))
            return
        if ("deck", "card", new.value) in self.table:
            collector.error("E252", f'cannot rename to "{new.value}": the edition already has that card', new.span)
            return
        self.table = {_renamed(key, old.value, new.value): _renamed_stmt(s, old.value, new.value)
                      for key, s in self.table.items()}
        self.changes.append(m.Change(op="change", key=RENAMED.format(old=old.value, new=new.value),
                                     location=location(stmt.span)))

    def _merge_annotations(self, stmt: Stmt) -> None:
        if stmt.annots:
            old = self.table[stmt.key]
            self.table[stmt.key] = Stmt(old.op, old.key, old.kind, old.data, old.annots + stmt.annots,
                                        old.span, old.section)


RENAMED = 'card "{old}" renamed to "{new}"'  # a rename's Change.key: declared_renames reads it back
_RENAMED = re.compile(r'card "(?P<old>[^"]*)" renamed to "(?P<new>[^"]*)"')


def declared_renames(ruleset: m.Ruleset) -> list[tuple[str, str]]:
    """The cards a variant renames from its parent, (parent's name, variant's name), in the order written."""
    found = [_RENAMED.fullmatch(change.key) for change in ruleset.changes if change.op == "change"]
    return [(match["old"], match["new"]) for match in found if match]


def _renamed(value, old: str, new: str):
    """A key, name or rule's data with the name `old` replaced by `new` wherever it appears."""
    if isinstance(value, Name):
        return Name(new, value.span) if value.value == old else value
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, tuple):
        return tuple(_renamed(v, old, new) for v in value)
    if isinstance(value, list):
        return [_renamed(v, old, new) for v in value]
    if isinstance(value, dict):
        return {k: _renamed(v, old, new) for k, v in value.items()}
    return value


def _renamed_stmt(stmt: Stmt, old: str, new: str) -> Stmt:
    return Stmt(stmt.op, _renamed(stmt.key, old, new), stmt.kind, _renamed(stmt.data, old, new), stmt.annots,
                stmt.span, stmt.section)


def _changed_card(old: Stmt, new: Stmt) -> Stmt:
    """`change card` restates only what changes; the rest of the card comes from the parent."""
    data = dict(old.data)
    data.update({k: v for k, v in new.data.items() if v is not None})
    if new.data.get("kind") is None:
        data["kind"], data["miles"] = old.data["kind"], old.data["miles"]
    return Stmt(new.op, new.key, new.kind, data, new.annots or old.annots, new.span, new.section)


def _head_words(kind: str, value) -> str:
    """A section heading's words for one value of it: `race 40 miles`, `zones for the whole game`."""
    if kind == "zones":
        return "zones for the whole game" if value == "game" else "zones per side"
    if kind == "race":
        return f"race {value} miles"
    return f"{kind} {value}"
