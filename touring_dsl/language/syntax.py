"""Parse stage: edition source text -> a Document of located, keyed statements (no meaning checked yet)."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from lark import Lark, Token, Transformer, v_args

from .errors import Collector, Diagnostic, Span, TouringError
from .recovery import Damage, parse_recovering
from ..mechanics.effects import attribute_effect
from ..mechanics import core
from ..base.resources import grammar_text
from .limits import MOST_DIGITS

@dataclass(frozen=True)
class Name:
    """A quoted name or number as written, with where it was written."""

    value: Any
    span: Span


@dataclass(frozen=True)
class Annot:
    kind: str  # "cite" or "assume"
    source: Name | None
    text: str
    reason: str
    span: Span


@dataclass
class Stmt:
    op: str | None
    key: tuple
    kind: str
    data: dict
    annots: list[Annot]
    span: Span
    section: tuple | None = None


@dataclass
class Document:
    file: str
    text: str
    id: Name
    extends: Name | None
    meta: dict[str, Name] = field(default_factory=dict)
    sources: list[tuple[Name, str, str, bool]] = field(default_factory=list)
    stmts: list[Stmt] = field(default_factory=list)
    examples: list[dict] = field(default_factory=list)


_OPTIONS = dict(parser="lalr", lexer="contextual", propagate_positions=True)


@lru_cache(maxsize=2)
def parser(keep_all_tokens: bool = False) -> Lark:
    """The LALR parser, built once per process and kept signed in the user's private cache folder.
    keep_all_tokens: every keyword and brace stays in the tree (the formatter's tree, format.py).

    Every CLI start and every simulation worker would otherwise spend about a second rebuilding its
    tables. Never Lark's own cache=True: that loads a pickle from a predictable name in the shared
    temporary folder, which any local user could plant (private_store says how a kept file is trusted).
    """
    import hashlib
    import io

    import lark

    from ..base.private_store import cache_root, read_signed, write_signed

    options = dict(_OPTIONS, keep_all_tokens=True) if keep_all_tokens else _OPTIONS
    text = grammar_text()
    key = hashlib.sha256("|".join([lark.__version__, repr(sorted(options.items())), text]).encode()).hexdigest()
    kept = cache_root() / "parser" / f"{key[:32]}.lark"
    payload = read_signed(kept)
    if payload is not None:
        try:
            return Lark.load(io.BytesIO(payload))
        except Exception:  # noqa: BLE001 - a kept parser that no longer loads is only a cache miss
            pass
    built = Lark(text, **options)
    buffer = io.BytesIO()
    built.save(buffer)
    write_signed(kept, buffer.getvalue())
    return built


def parse(text: str, file: str) -> Document:
    """Parse one source file; raises TouringError with every syntax error in it, each located."""
    doc, diagnostics, _ = parse_document(text, file)
    if diagnostics or doc is None:
        raise TouringError(diagnostics)
    return doc


def parse_document(text: str, file: str) -> tuple[Document | None, list[Diagnostic], Damage]:
    """Parse one source file, reading past each syntax error (recovery.py): the Document of what parsed
    (None when the file could not be read to its end), every syntax error, and what the recovery dropped."""
    recovered = parse_recovering(parser(), text, file)
    diagnostics, damage = list(recovered.diagnostics), recovered.damage
    if recovered.tree is None:
        return None, diagnostics, damage
    found = _check_number_sizes(recovered.tree, text, file)
    for diagnostic in found:  # the section of a number refused is not compiled further
        damage.lines.extend(_section_lines(recovered.tree, diagnostic.span.line))
    diagnostics = sorted(diagnostics + found, key=lambda d: (d.span.line, d.span.column) if d.span else (0, 0))
    return _Builder(file, text).document(ToRaw(file).transform(recovered.tree)), diagnostics, damage


def _section_lines(tree, line: int) -> list[tuple[int, int]]:
    """The lines of the top-level part of the tree (heading, section or example) holding `line`."""
    for child in tree.children:
        meta = getattr(child, "meta", None)
        if meta is not None and not meta.empty and meta.line <= line <= meta.end_line:
            return [(meta.line, meta.end_line)]
    return [(line, line)]


def _check_number_sizes(tree, text: str, file: str) -> list[Diagnostic]:
    """Numbers longer than the language allows (limits.MOST_DIGITS), and control characters in quoted names
    (a NUL in an edition id would reach file names and generated code), each reported where it is written."""
    import unicodedata

    collector = Collector({file: text.splitlines()})
    for token in tree.scan_values(lambda v: isinstance(v, Token) and v.type == "STRING"):
        for offset, char in enumerate(token.value):
            if char != "\t" and unicodedata.category(char) == "Cc":
                collector.error("E101", f"a control character (U+{ord(char):04X}) in a quoted name",
                                Span(file, token.line, token.column + offset), "write the name in plain text")
                break
    for token in tree.scan_values(lambda v: isinstance(v, Token) and v.type == "INT"):
        digits = token.value.lstrip("0")
        if len(digits) > MOST_DIGITS:
            shown = digits if len(digits) <= 20 else f"{digits[:12]}... ({len(digits):,} digits)"
            collector.error("E223", f"the number {shown} is too large", Span(file, token.line, token.column,
                            min(len(token.value), 40)), f"numbers in an edition have at most {MOST_DIGITS} digits")
    return collector.diagnostics


def _mechanic_rule(rule: str):
    """("statement" | "move", its mechanic, the move's action) for a grammar alias a registered mechanic
    declares (a move's alias is m_<action>), else None. (A core construct's aliases are its own:
    mechanics.core.)"""
    from ..mechanics import REGISTERED

    for mechanic in REGISTERED:
        if rule in mechanic.statements:
            return "statement", mechanic, None
        for decision in mechanic.decisions:
            if rule == f"m_{decision.action}":
                return "move", mechanic, decision.action
    return None


def _unquote(token: Token) -> str:
    return token.value[1:-1]


@v_args(inline=True)
class ToRaw(Transformer):
    """Turns the parse tree into plain tuples and dicts, keeping every name's location."""

    def __init__(self, file: str):
        super().__init__()
        self.file = file

    def _span(self, token: Token) -> Span:
        return Span(self.file, token.line, token.column, len(token.value))

    def STRING(self, token):  # noqa: N802 - Lark terminal callback
        return Name(_unquote(token), self._span(token))

    def INT(self, token):  # noqa: N802
        # a number too long is reported by the parser (E223), and its section is not compiled: 0 stands for it
        value = int(token.value) if len(token.value.lstrip("0")) <= MOST_DIGITS else 0
        return Name(value, self._span(token))

    def NAME(self, token):  # noqa: N802
        return Name(token.value, self._span(token))

    # header
    def start(self, edition, *items):
        return edition, list(items)

    def edition(self, name, extends, *meta):
        return {"id": name, "extends": extends, "meta": list(meta)}

    def extends(self, name):
        return name

    def title(self, v): return ("title", v)
    def subtitle(self, v): return ("subtitle", v)
    def year(self, v): return ("year", v)
    def year_range(self, start, end): return ("year", Name((start.value, end.value), start.span))
    @v_args(inline=False, meta=True)
    def remove_year(self, meta, children): return ("year", Name(None, Span(self.file, meta.line, meta.column)))
    def publisher(self, v): return ("publisher", v)
    def author(self, v): return ("author", v)
    def summary(self, v): return ("summary", v)
    def language(self, v): return ("language", v)
    def source(self, ident, doc, desc): return ("source", (ident, doc.value, desc.value, False))
    def outside_source(self, ident, doc, desc): return ("source", (ident, doc.value, desc.value, True))

    # sections and entries
    def add(self): return "add"
    def change(self): return "change"
    def remove(self): return "remove"

    @v_args(inline=False, meta=True)
    def section(self, meta, children):
        op, head, *rest = children
        annots = [c for c in rest if isinstance(c, Annot)]
        body = next((c for c in rest if isinstance(c, tuple) and c and c[0] == "body"), None)
        return ("section", op, head, annots, body[1] if body else [], Span(self.file, meta.line, meta.column))

    def body(self, *entries):
        return ("body", list(entries))

    @v_args(inline=False, meta=True)
    def entry(self, meta, children):
        op, rule, *annots = children
        return ("entry", op, rule, list(annots), Span(self.file, meta.line, meta.column))

    @v_args(inline=False, meta=True)
    def rename_entry(self, meta, children):
        rule, *annots = children
        return ("entry", None, rule, list(annots), Span(self.file, meta.line, meta.column))

    def rename(self, old, new): return ("rename", {"name": old, "to": new})

    def deck(self): return ("deck", {})
    def miles_unit(self): return "miles"
    def km_unit(self): return "km"
    def setup(self, name): return ("setup", {"name": name})
    def turn(self): return ("turn", {})
    def delays(self): return ("delays", {})
    def penalties(self): return ("penalties", {})
    def reshuffle(self): return ("reshuffle", {})
    def scoring(self): return ("scoring", {})
    def notes(self): return ("notes", {})
    def history(self): return ("history", {})
    def piles(self): return ("piles", {})

    @v_args(inline=False, meta=True)
    def cite(self, meta, children):
        source, section = children  # an outside source with no sections is cited by name alone
        return Annot("cite", source, section.value if section else "", "", Span(self.file, meta.line, meta.column))

    @v_args(inline=False, meta=True)
    def assume(self, meta, children):
        text, reason, source = children
        return Annot("assume", source, text.value, reason.value, Span(self.file, meta.line, meta.column))

    # rules: (kind, data)
    def card(self, name, kind, *attrs):
        kind = kind or (None, None)  # a variant may name a card without restating its kind
        data = {"name": name, "kind": kind[0], "miles": kind[1]}
        for attr, value in attrs:
            data[attr] = value
        return ("card", data)

    def mileage(self, miles): return ("mileage", miles)
    def go(self): return ("go", None)
    def remedy(self): return ("remedy", None)
    def hazard(self): return ("hazard", None)
    def zone(self): return ("zone", None)
    def counter(self): return ("counter", None)
    def safety(self): return ("safety", None)
    def count(self, n): return ("count", n)
    def hours(self, n): return ("hours", n)


    def players(self, *counts): return ("players", {"counts": list(counts)})
    def individuals(self): return ("sides", {"sides": None, "size": 1})
    def sides(self, sides, size): return ("sides", {"sides": sides, "size": size})
    def decks(self, n): return ("decks", {"decks": n})
    def without(self, *removals): return ("without", {"removals": list(removals)})
    def removal(self, count, card): return (card, count)
    def setup_race(self, miles, unit): return ("setup_race", {"miles": miles, "unit": unit})

    def kind_name(self, token):
        word = token.value
        return Name("safety" if word.startswith("safet") else word.rstrip("s"), self._span(token))






    # a scoring term's line and a completing term's finish: parsed by its kind (touring_dsl.mechanics.scoring)
    def points(self): return None
    @v_args(inline=False, meta=True)
    def per_mile(self, meta, children): return Name("mile", Span(self.file, meta.line, meta.column, 4))

    @v_args(inline=False, meta=True)
    def per_km(self, meta, children): return Name("km", Span(self.file, meta.line, meta.column, 2))

    def scored_card(self, name): return {"card": name, "kind": None}
    def scored_kind(self, kind): return {"card": None, "kind": kind}

    def note(self, text): return ("note", {"text": text})
    def fact(self, text): return ("fact", {"text": text})
    def uncertain(self, text, reason): return ("uncertain", {"text": text, "reason": reason})
    def go_pile_name(self, name): return ("pile_name", {"role": "go", "name": name})
    def zone_pile_name(self, name): return ("pile_name", {"role": "zone", "name": name})

    def names(self, *names): return list(names)

    # examples
    @v_args(inline=False, meta=True)
    def example(self, meta, children):
        title, *rest = children
        annots = [c for c in rest if isinstance(c, Annot)]
        items = [c for c in rest if not isinstance(c, Annot)]
        return ("example", title, annots, items, Span(self.file, meta.line, meta.column))

    def ex_players(self, n): return ("players", n)
    def ex_setup(self, name): return ("setup", name)
    def ex_given(self, *given): return ("given", list(given))
    def ex_expect(self, *checks): return ("expect", list(checks))

    def g_to_act(self, n): return ("to_act", n)
    def g_zone(self, name): return ("zone", name)
    def g_go(self, side, names): return ("go", side, names)
    def g_side_zone(self, side, names): return ("side_zone", side, names)
    def g_safety(self, side, names): return ("safety", side, names)
    def g_pile(self, side, card, n): return ("pile", side, card, n)
    def g_hand(self, player, names): return ("hand", player, names)
    def g_deck(self, names): return ("deck", names)
    @v_args(inline=False, meta=True)
    def g_deck_empty(self, meta, children):
        return ("deck_size", Name(0, Span(self.file, meta.line, meta.column, len("deck empty"))))

    def g_deck_size(self, n): return ("deck_size", n)
    def g_discard(self, names): return ("discard", names)

    @v_args(inline=False, meta=True)
    def m_play(self, meta, children):
        card, side, taking = children
        return ("move", "play", card, side, taking, Span(self.file, meta.line, meta.column))

    @v_args(inline=False, meta=True)
    def m_discard(self, meta, children):
        return ("move", "discard", children[0], None, None, Span(self.file, meta.line, meta.column))

    @v_args(inline=False, meta=True)
    def m_counter(self, meta, children):
        return ("move", "counter", children[0], None, None, Span(self.file, meta.line, meta.column))

    @v_args(inline=False, meta=True)
    def m_decline(self, meta, children):
        return ("move", "decline", None, None, None, Span(self.file, meta.line, meta.column))

    # a core construct's aliases (each construct in mechanics.core.CORE parses its own), a hazard effect's
    # card attributes, and a mechanic's statements, score conditions and example moves: no method each
    def __default__(self, data, children, meta):
        construct = core.construct_of(str(data))
        if construct is not None:
            return construct.parse(str(data), list(children))
        effect = attribute_effect(str(data))  # a hazard effect's card attribute (mechanics.effects)
        if effect is not None:
            return (str(data), effect.attribute(str(data), list(children)))
        found = _mechanic_rule(str(data))
        if found is None:
            return super().__default__(data, children, meta)
        kind, mechanic, what = found
        if kind == "statement":
            return (str(data), mechanic.parse(str(data), list(children)))
        return ("move", what, None, None, None, Span(self.file, meta.line, meta.column))

    def take_nothing(self): return []
    def take_cards(self, *removals): return list(removals)

    def _check(what, *fields):  # noqa: N805 - a factory for check callbacks
        @v_args(inline=False, meta=True)
        def callback(self, meta, children):
            return ("check", what, dict(zip(fields, children)), Span(self.file, meta.line, meta.column))
        return callback

    c_miles = _check("miles", "side", "number")
    c_pile = _check("pile", "side", "card", "number")
    c_go_top = _check("go-top", "side", "card")
    c_go_empty = _check("go-empty", "side")
    c_side_zone = _check("zone", "side", "card")
    c_safety = _check("safety", "side", "card")
    c_zone = _check("zone", "card")
    c_discard_top = _check("discard-top", "card")
    c_discard_count = _check("discard-count", "number")
    c_hand_count = _check("hand-count", "player", "number")
    c_hand_has = _check("hand-has", "player", "card")
    c_deck_count = _check("draw-count", "number")
    c_winner = _check("winner", "side")
    c_score = _check("score", "side", "number")
    c_illegal = _check("illegal")
    c_to_act = _check("to-act", "player")
    c_not_over = _check("not-over")
    c_hand_lacks = _check("hand-lacks", "player", "card")
    c_discards = _check("discards", "cards")
    c_go_count = _check("go-count", "side", "number")
    c_side_zone_count = _check("zone-count", "side", "number")
    c_zone_count = _check("zone-count", "number")
    c_event = _check("event", "event")
    c_legal = _check("legal", "card", "target")


class _Builder:
    """Assigns every statement its key, so variants can add, change and remove by name."""

    def __init__(self, file: str, text: str):
        self.file = file
        self.text = text

    def document(self, raw) -> Document:
        header, items = raw
        doc = Document(self.file, self.text, header["id"], header["extends"])
        for field_name, value in header["meta"]:
            if field_name == "source":
                doc.sources.append(value)
            else:
                doc.meta[field_name] = value
        for item in items:
            if item[0] == "example":
                doc.examples.append(self._example(item))
            else:
                doc.stmts.extend(self._section(item))
        return doc

    def _section(self, item) -> list[Stmt]:
        _, op, (kind, data), annots, entries, span = item
        key = (kind, data["name"].value) if kind == "setup" else (kind,)
        head = Stmt(op, key, kind, data, annots, span, None)
        out = [head]
        for _, entry_op, (rule_kind, rule_data), entry_annots, entry_span in entries:
            out.append(Stmt(entry_op, key + _rule_key(rule_kind, rule_data), rule_kind, rule_data,
                            entry_annots, entry_span, key))
        return out

    def _example(self, item) -> dict:
        _, title, annots, items, span = item
        return {"title": title, "annots": annots, "items": items, "span": span}


def _rule_key(kind: str, data: dict) -> tuple:
    """The name a rule is known by inside its section (a core construct's or a mechanic's statement: its
    kind and the key its construct or mechanic gives it, mechanics.contract.Contract.rule_key)."""
    construct = core.rule_key(kind, data)
    if construct is not None:
        return construct
    found = _mechanic_rule(kind)
    if found is not None and found[0] == "statement":
        return found[1].rule_key(kind, data)
    if kind == "card":
        return ("card", data["name"].value)
    if kind == "rename":
        return ("rename", data["name"].value)
    if kind == "note":
        return ("note", data["text"].value)
    if kind in ("fact", "uncertain"):  # a fact of the history, certain or not, is known by its words
        return ("fact", data["text"].value)
    if kind == "pile_name":
        return ("pile_name", data["role"])
    return (kind,)
