"""Compile stage: Documents -> inheritance resolved -> checked, immutable Ruleset.

compile_file and compile_text read an edition and each file it `extends` (found by locate.py), merge
them into one table of statements (merge.py) and build the Ruleset from it here, section by section,
through the shared builder (build.py). The build is a loop over the core constructs (mechanics.core.CORE)
that names none of them: the Ruleset's fields are each construct's compile_fields, with this module's own
pieces (the deck, the setups, the limits, the header, the notes and the piles' names) in their slots of
mechanics.core.ORDER["compile_fields"]; a card statement's fields and checks, and a setup's race, are
loops too (card_fields, check_card, card_attributes, setup_race). Examples, the limits and each optional
mechanic check and build their own parts (examples_compile.py, limits_compile.py, touring_dsl.mechanics).
"""
from __future__ import annotations

import hashlib
from pathlib import Path

from . import model as m
from .build import Build, SetupLines
from .errors import Collector, InternalError, Span, TouringError, suggest
from .examples_compile import compile_examples
from .limits_compile import check as check_limits
from .locate import archive_ids, find_edition, names_a_path
from .merge import Merged
from ..mechanics import REGISTERED as MECHANICS
from ..mechanics import core, effects
from ..base.resources import display_path
from ..base.i18n import LANGUAGES, UnknownLanguage, check_language
from .statements import name_span
from .recovery import Damage
from .syntax import Document, Name, Stmt, parse_document


def compile_file(path: str | Path, display: str | None = None, parents: list | None = None) -> m.Ruleset:
    """Compile an edition file (and every file it extends) into a Ruleset.

    parents, when given, receives (extends text, folder it was looked up from, file found) for each
    file extended, so a cache can tell later whether the same files would be read again.
    """
    path = Path(path)
    compiler = _Compiler()
    if parents is not None:
        compiler.parents = parents
    return compiler.compile(path, display or str(path))


def compile_text(text: str, file: str = "<text>", base_dir: str | Path = ".", parse_with=None) -> m.Ruleset:
    """Compile source text; `extends` is looked up beside base_dir, then in the archive.

    parse_with(text, file), when given, is asked first for each file's Document: the one syntax.parse
    makes, or None to leave the parse (and its errors) to the compiler (the language server's parse,
    which reuses what it parsed of the text before an edit)."""
    compiler = _Compiler()
    compiler.parse_with = parse_with
    return compiler.compile_source(text, file, Path(base_dir))


class _Compiler:
    def __init__(self) -> None:
        self.collector = Collector()
        self.stack: list[str] = []
        self.parents: list[tuple[str, Path, Path]] = []
        self.parse_with = None  # compile_text's: a Document already parsed, or None
        self.damage: Damage | None = None  # what the parse's recovery dropped from the file compiled
        self.syntax_errors: set = set()  # the parser's errors in that file

    def _without_cascades(self, diagnostics: list, file: str) -> list:
        """The errors to report when the file had syntax errors: each syntax error, and each compile error
        that the parser's recovery did not cause (recovery.py). A compile error is left out when it is in a
        section where something was dropped, names something dropped, or says something is missing."""
        if self.damage is None:
            return diagnostics
        kept = []
        for d in diagnostics:
            if d not in self.syntax_errors and d.span is not None and d.span.file == file:
                if self.damage.covers(d.span.line) or (d.code == "E260" and self.damage) or any(
                        f'"{name}"' in d.message for name in self.damage.names):
                    continue
            kept.append(d)
        return kept

    def compile(self, path: Path, display: str) -> m.Ruleset:
        return self.compile_source(_read(path, display), display, path.parent)

    def compile_source(self, text: str, file: str, base_dir: Path) -> m.Ruleset:
        try:
            self.collector.sources[file] = text.splitlines()
            merged = self._resolve(text, file, base_dir, root=True)
            # the file's shape first (its meaning is checked only when the shape is right); with syntax errors
            # too, what did parse is still checked, then reported with them
            if any(d not in self.syntax_errors for d in self.collector.diagnostics) or self.damage is None:
                self.collector.raise_if_any()
            ruleset = _RulesetBuild(merged, self.collector).ruleset()
            self.collector.raise_if_any()
            return ruleset
        except TouringError as exc:
            raise TouringError(self._without_cascades(exc.diagnostics, file)) from None
        except Exception as exc:  # a bug in touring, never the user's fault
            raise InternalError(f"internal error while compiling {file}: {type(exc).__name__}: {exc}") from exc

    # inheritance --------------------------------------------------------------------------
    def _resolve(self, text: str, file: str, base_dir: Path, root: bool = False) -> Merged:
        doc = self.parse_with(text, file) if self.parse_with else None  # (the language server's pieced parse)
        doc, syntax_errors, damage = (doc, [], None) if doc is not None else parse_document(text, file)
        self.collector.sources[file] = text.splitlines()
        if syntax_errors and not root:  # a parent that does not parse is the one cause: it is not compiled
            raise TouringError(syntax_errors)
        self.collector.diagnostics.extend(syntax_errors)
        self.syntax_errors.update(syntax_errors)
        if doc is None:
            self.collector.raise_if_any()
        if syntax_errors:
            self.damage = damage
        parent = None
        if doc.extends is not None:
            parent = self._parent(doc, base_dir)
            if parent is None:  # a missing or broken parent is the one cause: its variant's rules are not checked
                self.collector.raise_if_any()
        merged = Merged.start(doc, parent)
        merged.apply(doc, self.collector)
        return merged

    def _parent(self, doc: Document, base_dir: Path) -> Merged | None:
        ref = doc.extends
        path = find_edition(ref.value, base_dir)
        if path is None:
            if names_a_path(ref.value):  # said alike whether or not such a file exists; nothing of it is read
                self.collector.error("E206", f'no edition file "{ref.value}" beside this one or below its folder',
                                     ref.span, "an edition extends an archive edition, or an edition file (.touring)"
                                     " in its own folder or a folder below it")
                return None
            self.collector.error("E205", f'no edition "{ref.value}" to extend', ref.span,
                                 suggest(ref.value, archive_ids()))
            return None
        self.parents.append((ref.value, base_dir, path))
        key = str(path.resolve())
        if key in self.stack or doc.id.value == ref.value:
            self.collector.error("E250", f'"{doc.id.value}" extends "{ref.value}", which leads back to itself',
                                 ref.span, "an edition may not extend itself, directly or through others")
            return None
        self.stack.append(key)
        try:
            display = display_path(path)
            return self._resolve(_read(path, display), display, path.parent)
        except TouringError as exc:
            self.collector.diagnostics.extend(exc.diagnostics)
            return None
        finally:
            self.stack.pop()


def _read(path: Path, display: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else "it is not UTF-8 text"
        collector = Collector()
        collector.error("E300", f"cannot read {display}: {reason}")
        raise TouringError(collector.diagnostics) from None


def _mechanic_statement(stmt: Stmt) -> bool:
    return any(stmt.kind in mechanic.statements for mechanic in MECHANICS)


class _RulesetBuild(Build):
    """Builds the Ruleset from the merged table, checking meaning and collecting every error."""

    # the ruleset -----------------------------------------------------------------------------
    def ruleset(self) -> m.Ruleset:
        own = {"deck": self._deck, "setups": self._setups, "limits": self._limits, "metadata": self._metadata,
               "mechanics": self._ruleset_mechanics, "notes": self._notes, "history": self._history,
               "pile_names": self._pile_names}
        for slot, step in core.steps("compile_fields", {slot: _own(piece) for slot, piece in own.items()}):
            fields = step(self, slot)
            twice = sorted(fields.keys() & self.compiled.keys())
            if twice:  # never one step's field silently replaced by another's (a bug: reported as internal)
                raise ValueError(f"the {slot} step of the compiler gives {twice}, which a step before it gave")
            self.compiled.update(fields)  # (a later step reads an earlier one's fields: build.compiled)
        if self.c.diagnostics:
            return None  # type: ignore[return-value]
        ruleset = m.Ruleset(**self.compiled)
        examples = compile_examples(self.merged.doc.examples, ruleset, self)
        return ruleset.model_copy(update={"examples": examples})

    # this module's own steps of ORDER["compile_fields"], each giving its fields of the Ruleset ------------
    def _limits(self) -> dict:
        """Nothing beyond the engine's limits goes on to be compiled and played (limits_compile.py)."""
        before = len(self.c.diagnostics)
        check_limits(self, self.compiled["setups"])
        if len(self.c.diagnostics) > before:
            self.c.raise_if_any()
        return {}

    def _metadata(self) -> dict:
        """The header's fields and where the edition comes from."""
        doc = self.merged.doc
        year, year_end = self._years()
        return dict(id=doc.id.value, title=self._meta("title", doc.id.value), subtitle=self._meta("subtitle", ""),
                    year=year, year_end=year_end, publisher=self._meta("publisher", ""), author=self._own_author(),
                    summary=self._meta("summary", ""), language=self._language(), parent=self.merged.parent_id,
                    changes=tuple(self.merged.changes),
                    source_hash=hashlib.sha256("".join(self.merged.hashes).encode()).hexdigest(),
                    sources=tuple(self.sources.values()))

    def _notes(self) -> dict:
        return {"notes": tuple((s.data["text"].value, self.provenance(s, "note")) for s in self.stmts("notes"))}

    def _history(self) -> dict:
        """The edition's history: each fact with its sources, an uncertain one with why it stays in doubt."""
        return {"history": tuple(m.HistoryFact(text=s.data["text"].value,
                                               uncertain=s.data["reason"].value if s.kind == "uncertain" else "",
                                               provenance=self.provenance(s, "the history"))
                                 for s in self.stmts("history"))}

    def _years(self) -> tuple[int | None, int | None]:
        """The year, or the first and last year of a range."""
        year = self._meta("year", None)
        if not isinstance(year, tuple):
            return year, None
        start, end = year
        if end < start:
            self.c.error("E223", f"the years run backwards: {start}-{end}", self.merged.meta["year"].span,
                         f"write {end}-{start}")
        return start, end

    def _pile_names(self) -> dict:
        """The names the `piles` section gives; a zone pile named in an edition without zones is an error
        (a counter named where no card cancels is the counters' own check: their compile step)."""
        names = {s.data["role"]: s for s in self.stmts("piles") if s.kind == "pile_name"}
        zone, counter = names.get("zone"), names.get("counter")
        if zone is not None and not self.stmts("zones"):
            self.c.error("E256", "this edition has no zones, so it has no zone pile to name", zone.span,
                         "leave the zone pile unnamed")
        head = self.one("piles")
        return {"pile_names": m.PileNames(
            go=names["go"].data["name"].value if "go" in names else "",
            zone=zone.data["name"].value if zone is not None else "",
            counter=counter.data["name"].value if counter is not None else "",
            provenance=self.merged_provenance("piles", "the piles' names") if head else m.Provenance())}

    def _language(self) -> str:
        """The language the edition is written in: one the project has words for (base.i18n.LANGUAGES)."""
        value = self.merged.meta.get("language")
        if value is None:
            return "en"
        try:
            return check_language(value.value)
        except UnknownLanguage as problem:
            self.c.error("E207", str(problem), value.span,
                         "write one of " + ", ".join(f'"{code}"' for code in LANGUAGES))
            return "en"

    def _own_author(self) -> str:
        """The author this file names: a variant of a house rule credits its own maker, not its parent's."""
        author = self.merged.doc.meta.get("author")
        return author.value if author is not None else ""

    def _meta(self, name: str, default):
        value = self.merged.meta.get(name)
        return value.value if value is not None else default

    def _deck(self) -> dict:
        """The deck's cards (build.cards), each card statement checked once every card is known."""
        stmts = self.stmts("deck")
        if not stmts:
            self.c.error("E260", "the edition has no deck", self.merged.doc.id.span, "add a `deck { card ... }` section")
        for stmt in stmts:
            d = stmt.data
            if d["kind"] is None:
                self.c.error("E260", f'card "{d["name"].value}" says no kind', d["name"].span,
                             "say mileage N, go, remedy, hazard, zone, counter or safety after the name")
                continue
            count = d.get("count")
            if count is None:
                self.c.error("E260", f'card "{d["name"].value}" says no count', d["name"].span, "add `count N`")
            elif count.value < 1:
                self.c.error("E223", f'card "{d["name"].value}" has count {count.value}', count.span,
                             "a card in the deck needs a count of at least 1; remove the card instead")
            self.cards[d["name"].value] = m.Card(
                name=d["name"].value, kind=d["kind"], count=count.value if count else 0,
                miles=d["miles"].value if d.get("miles") else None,
                hours=d["hours"].value if d.get("hours") else None,
                **self._attribute_fields(d),
                provenance=self.provenance(stmt, f'card "{d["name"].value}"'))
        own = {"effects": self._check_effects, "attributes": self._check_kind_attributes}
        for stmt in stmts:
            for _, check in core.steps("check_card", own):
                check(self, stmt)
        kinds = [card.kind for card in self.cards.values()]
        if stmts and kinds.count("go") != 1:
            self.c.error("E260", f"the deck needs exactly one go card, found {kinds.count('go')}",
                         stmts[0].span)
        return {"deck": tuple(self.cards.values())}

    @staticmethod
    def _attribute_fields(d: dict) -> dict:
        """The Card fields of the hazard effects whose attributes the card statement carries, and of each
        core construct's card attributes (a union: each gives fields of its own)."""
        found: dict = {}
        for effect in effects.REGISTERED:
            if any(d.get(attr) for attr in effect.attributes):
                found.update(effect.card_fields(d))
        for construct in core.CORE:
            found.update(construct.card_fields(d))
        return found

    @staticmethod
    def _check_effects(build: Build, stmt: Stmt) -> None:
        """A hazard effect's attributes are checked by its module (mechanics.effects)."""
        for effect in effects.REGISTERED:
            if any(stmt.data.get(attr) for attr in effect.attributes):
                effect.check_statement(build, stmt)

    @staticmethod
    def _check_kind_attributes(build: Build, stmt: Stmt) -> None:
        """E271: a construct's card attribute on a card of a kind it does not belong to."""
        d = stmt.data
        attribute_kinds = {attr: said for _, step in core.steps("card_attributes") for attr, said in step().items()}
        for attr, (kinds, words) in attribute_kinds.items():
            if d.get(attr) and d["kind"] is not None and d["kind"] not in kinds:
                build.c.error("E271", f'card "{d["name"].value}" is a {d["kind"]} card, but `{words}` is only '
                             f'for {" and ".join(k + " cards" for k in kinds)}', d["name"].span)

    def _setups(self) -> dict:
        """The ways to seat players, each with its race (the edition's race, compiled before)."""
        heads = [s for k, s in self.table.items() if k[0] == "setup" and len(k) == 2]
        if not heads:
            self.c.error("E260", "the edition has no setup", self.merged.doc.id.span,
                         'add `setup "two players" { players 2 individuals }`')
        return {"setups": tuple(s for s in (self._setup(h, self.race) for h in heads) if s)}

    def _setup(self, head: Stmt, race: m.Race) -> m.Setup | None:
        name = head.data["name"].value
        # a mechanic's lines are kept apart by their whole key (Mechanic.statement_key): two may share a kind
        rules = {(s.key[2:] if _mechanic_statement(s) else s.key[2]): s for s in self.stmts("setup", name)
                 if s.kind != "pile"}
        piles = [s for s in self.stmts("setup", name) if s.kind == "pile"]
        players = rules.get("players")
        if players is None:
            self.c.error("E260", f'setup "{name}" says no number of players', head.data["name"].span)
            return None
        counts = tuple(n.value for n in players.data["counts"])
        sides = rules.get("sides")
        side_count = sides.data["sides"].value if sides and sides.data["sides"] else None
        size = sides.data["size"].value if sides and sides.data["sides"] else 1
        for n, name_token in zip(counts, players.data["counts"]):
            if n < 2 or (side_count is not None and n != side_count * size):
                self.c.error("E223", f'setup "{name}" seats {n} players, which does not fit its sides',
                             name_token.span, f"{side_count} sides of {size} seat {(side_count or 0) * size}"
                             if side_count else "a race needs at least two players")
        decks = rules["decks"].data["decks"].value if "decks" in rules else 1
        removals = self._removals(rules.get("without"))
        supply = {c.name: c.count * decks - dict(removals).get(c.name, 0) for c in self.cards.values()}
        lines = SetupLines(name=head.data["name"], rules=rules, piles=tuple(piles), supply=supply)
        setup_race = race
        for _, step in core.steps("setup_race", {"mechanics": _race_mechanics}):
            setup_race = step(self, lines, setup_race)
        return m.Setup(id=_slug(name), label=name, players=counts, sides=side_count, side_size=size,
                       decks=decks, removals=removals, race=setup_race,
                       provenance=self._setup_provenance(head, rules.values(), f'setup "{name}"'))

    def _setup_provenance(self, head: Stmt, rules, subject: str) -> m.Provenance:
        """The setup's own annotations and those on its seating lines (players, sides, decks, without);
        the race line's go with the setup's race."""
        own = self.provenance(head, subject)
        cites, assumptions = list(own.cites), list(own.assumptions)
        for stmt in rules:
            if stmt.kind != "setup_race" and not _mechanic_statement(stmt):  # those go with the race
                p = self.provenance(stmt, subject)
                cites.extend(c for c in p.cites if c not in cites)
                assumptions.extend(a for a in p.assumptions if a not in assumptions)
        return own.model_copy(update={"cites": tuple(cites), "assumptions": tuple(assumptions)})

    def _removals(self, stmt: Stmt | None) -> tuple[tuple[str, int], ...]:
        if stmt is None:
            return ()
        out = []
        for card, count in stmt.data["removals"]:
            if self.card_name(card) and count.value > self.cards[card.value].count:
                self.c.error("E223", f'cannot take {count.value} "{card.value}" out of a deck that holds '
                             f'{self.cards[card.value].count}', count.span)
            out.append((card.value, count.value))
        return tuple(out)

    # mechanics (touring_dsl.mechanics): each compiles its own statements into its part of the model --------
    def _ruleset_mechanics(self) -> dict:
        """The parts of the ruleset-wide mechanics (and the match's), each from its statements in the sections
        it declares; and the names of every mechanic some setup or the ruleset uses (the scoring reads them)."""
        parts = {}
        for mechanic in MECHANICS:
            if mechanic.place != "race":
                stmts = [s for section in sorted(set(mechanic.statements.values())) for s in self.stmts(section)
                         if s.kind in mechanic.statements]
                part = mechanic.compile(stmts, None, self)
                if part is not None:
                    parts[mechanic.name] = part
        mechanics = m.RulesetMechanics(**parts)
        self.mechanics_used = {name for name, part in mechanics if part is not None} | {
            name for s in self.compiled["setups"] for name, part in s.race.mechanics if part is not None}
        return {"mechanics": mechanics}


    def card_span(self, card: m.Card) -> Span | None:
        """Where a card's name is written in its statement (for a message about the card)."""
        stmt = self.table.get(("deck", "card", card.name))
        return name_span(stmt) if stmt else None



def _race_mechanics(build: Build, setup: SetupLines, race: m.Race) -> m.Race:
    """A setup's race with the parts of the race mechanics its lines declare (the Extension...): the last
    step of ORDER["setup_race"]."""
    stmts = list(setup.rules.values())
    parts = {}
    for mechanic in MECHANICS:
        if mechanic.place == "race":
            part = mechanic.compile([s for s in stmts if s.kind in mechanic.statements], race, build)
            if part is not None:
                parts[mechanic.name] = part
    if not parts:
        return race
    return race.model_copy(update={"mechanics": race.mechanics.model_copy(update=parts)})


def _own(piece):
    """One of this module's own pieces of ORDER["compile_fields"] as a step: (build, section) -> its fields."""
    def step(build: Build, section: str) -> dict:
        return piece()
    return step


def _slug(text: str) -> str:
    return "-".join("".join(ch.lower() if ch.isalnum() else " " for ch in text).split())
