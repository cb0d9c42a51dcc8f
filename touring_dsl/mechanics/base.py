"""Mechanics, the contract: what a mechanic module declares, and the do-nothing defaults of every piece.

A mechanic is one module in touring_dsl/mechanics/ holding one subclass of Mechanic, registered in
touring_dsl/mechanics/__init__.py. engine/mechanics.py's docstring states the contract in full; this
module is the base class, the small records a mechanic fills in (Decision, Finish, Award), and the stage each
method of the contract serves (stage, contract: the meta-tests read their lists of hooks from it).

The mechanics sit below the language and the engine: the model (touring_dsl.language.model) and the
move codec (engine.codec) read the registry while they are being imported, and every later stage reads
it too. So no module here imports the language or the engine, not even inside a function: what a
mechanic names of the engine's world is in vocabulary.py (card kinds, StateField, Offer), and what its
hooks do goes through what they are given (the Emitter `e`, the Tables `t`, the game).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .contract import STAGES, Contract, stage  # noqa: F401 (the stage marks: mechanics.contract)
from .vocabulary import Emitter, Tables


def model_on_first_use(module: str, name: str, doc: str, fields=dict):
    """A mechanic module's `__getattr__` that makes its part of the model, the frozen pydantic class
    `name` with `fields()` (pydantic field definitions) and a provenance, on first use: the engine
    imports mechanic modules and a warm simulation loads no pydantic model. Pickle finds the class in
    `module` under `name` through this hook."""
    made: list[type] = []

    def module_getattr(attr: str):
        if attr != name:
            raise AttributeError(f"module {module!r} has no attribute {attr!r}")
        if not made:
            from pydantic import create_model

            from ..base.model_base import Frozen, Provenance

            model = create_model(name, __base__=Frozen, __module__=module, **fields(),
                                 provenance=(Provenance, Provenance()))
            model.__doc__ = doc
            made.append(model)
        return made[0]

    return module_getattr


def contract() -> dict[str, str]:
    """Every method of the contract (Mechanic, with what it shares with the core constructs: Contract), with
    the stage it serves: what the meta-tests hold a mechanic to."""
    return {name: getattr(member, "stage", "race") for klass in reversed(Mechanic.__mro__[:-1])
            for name, member in vars(klass).items() if callable(member) and not name.startswith("_")}


@dataclass(frozen=True)
class Decision:
    """A move a mechanic adds: its action's name (engine.codec ACTION_NAMES grows by it; a Move of that
    action carries no card) and the move in words, for logs, prompts and buttons."""

    action: str
    words: str


@dataclass(frozen=True)
class Finish:
    """A condition a `N points for completing the race ...` term may carry: the ScoreTerm.what it
    compiles to, the grammar alias of its `finish` alternative (grammar/touring.lark), and its words
    ("after an extension": said after "for completing the race")."""

    what: str
    grammar: str
    words: str


@dataclass(frozen=True)
class Award:
    """A scoring term of a mechanic's own, scored by the sides the mechanic names at the end of a race (not
    only by the side that completed it): the ScoreTerm.what it compiles to, the grammar alias of its
    `score_rule` line (grammar/touring.lark), its short words ("for an extension, to its caller who completes
    it, else to each opponent of the caller": said after its points) and the rulebook's (said after its
    points, under "Each side scores")."""

    what: str
    grammar: str
    words: str
    rulebook: str


class Mechanic(Contract):
    """One optional mechanic. Subclasses set the class attributes and override the methods they need;
    every hook's default writes nothing, so a seating without the mechanic runs the core kernel as is.
    See engine/mechanics.py for when each piece is called and by what. What it shares with the core
    constructs (its statements' parse and keys, their words, its errors: mechanics.contract.Contract) is
    inherited; `name` is its id, the key of its part in the model (Race.mechanics / Ruleset.mechanics)."""

    means: str = ""  # what it adds, in one line (docs, `touring show`)
    place: str = "race"  # where its model part lives and what it plays: "race" (each setup's race), "ruleset"
    # (ruleset-wide, played in every race) or "match" (ruleset-wide, played between the races of a match: it
    # writes no kernel line, and its words go in the rulebook's Scoring section, beside the match)
    topic: str = "turn"  # a ruleset-wide mechanic's topic in a diff (diff.changes.TOPICS); a race's is "players"
    model: type | None = None  # its part of the compiled model: a model_base.Frozen subclass
    statements: dict[str, str] = {}  # grammar alias of each statement it adds -> the section it is written in
    decisions: tuple[Decision, ...] = ()  # the moves it adds
    finishes: tuple[Finish, ...] = ()  # the completing-term conditions it adds to the scoring section
    awards: tuple[Award, ...] = ()  # the scoring terms of its own it adds, scored by the sides it names
    events: dict[str, str] = {}  # the event kinds its kernel lines report (an example may expect them) -> words
    kernel_names: dict[str, str] = {}  # run-time names its kernel lines use (engine.codegen.KERNEL_NAMES)
    constants: tuple[str, ...] = ()  # module constants its kernel lines use (bound like engine.codegen.CONSTANTS)

    # the compiler (parse and statement_key: the shared contract, mechanics.contract.Contract) ------
    @stage("language")
    def compile(self, stmts: list, context: Any, build: Any):
        """Its model part from its statements (syntax.Stmt) in one place (a setup's for place "race":
        `context` is that setup's race), or None when they are absent. Errors go through
        `build.c.error(code, message, span, hint)` with codes of its own `errors`; `build.provenance(stmt)`
        gives a statement's citations and assumptions."""
        return None

    # the engine --------------------------------------------------------------------------------
    @stage("language")
    def part(self, ruleset, setup):
        """Its compiled part for one seating, or None: the mechanic is absent and writes nothing."""
        holder = setup.race if self.place == "race" else ruleset
        return getattr(holder.mechanics, self.name, None)

    def state(self) -> tuple:
        """The StateFields (vocabulary.py; engine.schema explains them) it adds (their slots exist on every table; only a seating that
        uses the mechanic writes them in its kernel)."""
        return ()

    def tables(self, t: Tables, part) -> None:
        """Put its integer constants on the Tables, its Offers in t.offers, and rewrite any core table
        it changes (the legality tables of hazards, say). Runs once per seating that uses it."""

    def kernel_constants(self, t: Tables) -> dict[str, str]:
        """Its kernel constants (named in `constants`): name -> Python source of the value (T is the Tables)."""
        return {}

    def target(self, e: Emitter) -> str | None:
        """Python source for the race's target where it is state (None: the setup's constant)."""
        return None

    # hooks: kernel lines at named points of a turn (engine/mechanics.py lists where each is written)
    def on_card_laid(self, e: Emitter) -> None: ...
    def on_hazard(self, e: Emitter) -> None: ...
    def on_discard(self, e: Emitter) -> None: ...
    def before_cover(self, e: Emitter) -> None: ...
    def go_shown(self, e: Emitter, v: str, by: str) -> None: ...  # by: "card" or "safety"
    def draw_step(self, e: Emitter, seat: str) -> bool:
        return False  # True: it wrote the seat's draw and the turn's passing itself (the core's are left out)
    def target_reached(self, e: Emitter, side: str) -> None: ...
    def end_of_turn(self, e: Emitter) -> None: ...
    def end_of_race(self, e: Emitter) -> None: ...

    def hazard_targets(self, t) -> str | None:
        """Where it lets a delaying hazard go besides a side showing go, in words for a refusal ("is held up
        by a hazard"; engine.explain), or None."""
        return None

    def go_pile_state(self, game, s: int) -> int | None:
        """The go pile state side s's pile implies under this mechanic (setting any state of its own that
        the pile implies), for a constructed position and a table rebuilt from a View; None: the core's."""
        return None

    def decide(self, e: Emitter) -> None:
        """Apply move `code`, one of its decisions, by `seat` of side s (its offer is `pending`)."""
        if self.decisions:
            raise NotImplementedError(f"mechanic {self.name} adds decisions but does not apply them")

    # the bots ----------------------------------------------------------------------------------
    def choose(self, t: Tables, side: int, miles, offer) -> int:
        """The rule bots' (greedy, expert) answer to one of its offers: an index into offer.codes."""
        if self.decisions:
            raise NotImplementedError(f"mechanic {self.name} adds decisions but gives the bots no choice")
        return 0

    def choose_seen(self, t: Tables, side: int, miles, offer, top: int, hand, needs: int) -> int:
        """The rule bots' answer where it depends on what the seat sees: `top` the top discard's card code
        (-1: none), `hand` the card codes it holds, `needs` the mask of the cards that would set its side
        moving now (0 while it runs). By default, `choose`."""
        return self.choose(t, side, miles, offer)

    def answer_lines(self, t: Tables) -> list[str] | None:
        """choose_seen as lines of plain Python on numbers (which the compiled backend, simulate.compiled,
        compiles for the rule seats of its game loop): they set `answer`, an index into its offer's codes,
        from `s` (the side), `miles` (each side's), `top` (the top discard's card code, -1: none), `hand`
        (the card codes held) and `needs` (as in choose_seen), with any table written in as a literal.
        None: the rule seats of a ruleset with this mechanic play on the Python kernel (the same games).
        tests/test_compiled_kernel.py holds the two answers to the same games."""
        return None

    def finish_holds(self, game, side: int, what: str) -> bool:
        """Whether one of its `finishes` holds for `side` at the end of a race it completed."""
        return True

    def award_count(self, game, side: int, what: str) -> int:
        """How many times one of its `awards` applies to `side` at the end of a race, however it ended."""
        if self.awards:
            raise NotImplementedError(f"mechanic {self.name} adds awards but does not count them")
        return 0

    # between the races of a match (place "match"; engine.match) -------------------------------
    @stage("match")
    def first_seat(self, part, players: int, race: int) -> int | None:
        """The seat (0-based) that leads race number `race` (0-based) of a match of `players` players: it is
        dealt to first and takes the first turn. None: the core's rule, seat 1 leads every race."""
        return None

    # words -------------------------------------------------------------------------------------
    @stage("words")
    def rulebook(self, part, unit: str) -> list[str]:
        """The rulebook's sentences for its part (rulebook/)."""
        raise NotImplementedError(f"mechanic {self.name} has no rulebook words")

    @stage("words")
    def title(self) -> str:
        """Its name as the rulebook's table of sources labels its rows, in the reader's language."""
        return self.name.replace("_", " ").capitalize()

    @stage("words")
    def award_rulebook(self, award: Award) -> str:
        """The rulebook's words for one of its awards, said after its points, in the reader's language (a
        mechanic with a translation returns its own message; the default is the award's English)."""
        return award.rulebook

    @stage("words")
    def finish_rulebook(self, finish: Finish) -> str:
        """The rulebook's words for one of its finishes ("after an extension"), in the reader's language."""
        return finish.words

    @stage("words")
    def variant_lines(self, old, new, unit: str) -> list[str]:
        """A house rule's changes to its part, for the rulebook's "How this variant differs", in the reader's
        language (default: the differ's words, `diff`)."""
        return self.diff(old, new, unit)

    @stage("words")
    def decision_rulebook(self, action: str) -> str | None:
        """A worked example's words for one of its decisions ("chooses to extend the race"), in the reader's
        language, or None (the rulebook then says the decision's English words)."""
        return None

    @stage("words")
    def diff(self, old, new, unit: str) -> list[str]:
        """The differences between two of its parts (either may be None: absent), in words (diff/)."""
        raise NotImplementedError(f"mechanic {self.name} has no diff words")

    @stage("words")
    def show(self, part, unit: str) -> str:
        """Its part in one line, for `touring show` and the table's header."""
        raise NotImplementedError(f"mechanic {self.name} has no show words")

    def status(self, game) -> str | None:
        """What a player at the table should know of its state now (the terminal and web table), or None."""
        return None

    @stage("words")
    def match_status(self, part, leader: str) -> str | None:
        """What the heading of a match's next race says of it (`leader`: the name of the seat that leads
        that race: "player 2 (greedy)"), or None (`touring play`)."""
        return None

    def decision_label(self, decision) -> str:
        """One of its decisions in the reader's language (a button, a move in a list); a mechanic with
        translated words gives them here, else its English words."""
        return decision.words

    def question(self, game, offer, reader_side: int | None = None) -> str:
        """The question of one of its offers, to the seat that must answer (the prompt, the web page), worded
        for a reader on reader_side (None: a spectator) by public facts alone ("your side" to the side asked)."""
        return f"{self.name}: choose"
