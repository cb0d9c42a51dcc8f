"""Mechanics, the core constructs: the one registry the stages loop over, and each stage's order.

CORE lists every core construct; each is a mechanics.construct.Construct (its grammar aliases, their
parse, each statement's key in its section and its words, and its stage methods). language.syntax parses
a construct's alias and keys its statements by looping over CORE, and language.statements names the keys
the same way; the keys' words and the differ's sentences of the optional mechanics (mechanics.REGISTERED)
are read with theirs, through the contract both share (mechanics.contract.Contract).

ORDER declares, for each stage method of the contract, the order its stage visits the constructs in:
the order of the lines of `touring show`, of `touring new`'s suggestions, of the tables (a construct's
tables may read another's), of explain's questions, of the compiler's steps (a construct's compiled
fields may read another's, and one card's errors keep their order) and of the diff's changes. A slot names a construct (or one of its `sections`)
or a piece the stage still does itself (a rule not yet a construct: "delays", "counters"...), which the
stage hands to `steps`; tests/test_stage_loops.py holds every construct that implements a stage method
to a slot in its order. A new core construct is one entry in CORE, its slots here, and its module.
"""
from __future__ import annotations

from collections.abc import Callable

from .construct import Construct
from .match import MATCH
from .delays import DELAYS
from .counters import COUNTERS
from .penalties import PENALTIES
from .progressive import PROGRESSIVE
from .race import RACE
from .safeties import SAFETIES
from .scoring import SCORING
from .turn import TURN
from .zones import ZONES

CORE: tuple[Construct, ...] = (TURN, RACE, DELAYS, ZONES, PENALTIES, SAFETIES, COUNTERS, SCORING, MATCH, PROGRESSIVE)

# each stage method's order of visit (see the docstring); a slot no construct implements is the stage's own
ORDER: dict[str, tuple[str, ...]] = {
    # engine.tables: safeties and penalties read the delays' go pile states, penalties the race's piles
    "tables": ("race", "turn", "delays", "effects", "zones", "safeties", "penalties", "counters"),
    "state_tables": ("safeties",),
    # cli.show: the summary's lines, top to bottom
    "show_lines": ("race", "deck", "setups", "mechanics", "turn", "delays", "effects", "safeties", "counters",
                   "zones", "penalties", "scoring", "history"),
    # cli.new: the sections whose changes it suggests, in the order of the file it writes
    "suggestions": ("race", "deck", "turn", "delays", "zones", "penalties", "setup", "reshuffle", "ending",
                    "progressive", "notes"),
    # engine.explain: a wait that refuses every card (or every card but its answers), then the card's own refusal (each answers for its
    # own cards), then what shields a side, and why a running side needs no go card
    "seat_refusal": ("turn",),
    # a question waiting for its answer refuses every card but its answers
    "answer_refusal": ("counters",),
    "card_refusal": ("race", "delays", "effects", "zones", "counters"),
    "shield_reason": ("safeties",),
    "shielded_targets": ("safeties",),
    "running_refusal": ("safeties",),
    # language.compiler: a card statement's checks (its hazard effect's, each construct's, then the kinds of
    # card each attribute belongs to, E271, in card_attributes' order: the errors of one card in that order)
    "check_card": ("effects", "counters", "attributes", "safeties"),
    "card_attributes": ("counters", "safeties"),
    # a setup's race: the race's own lines, then the race mechanics' parts (the Extension...) laid on it
    "setup_race": ("race", "mechanics"),
    # the Ruleset's fields, each step reading those before it (build.compiled): the setups read the race,
    # the penalties the race's piles, Progressive the setups, the scoring the mechanics used
    "compile_fields": ("deck", "race", "setups", "limits", "metadata", "mechanics", "turn", "delays", "zones",
                       "penalties", "counters", "reshuffle", "ending", "progressive", "scoring", "notes",
                       "history", "pile_names"),
    # diff.compare: the order of the diff's changes, topic by topic (the differ's goldens hold it)
    "compare": ("metadata", "cards", "race", "players", "turn", "delays", "zones", "penalties", "effects",
                "counters", "reshuffle", "ending", "scoring", "match", "score_terms", "progressive", "notes",
                "mechanics"),
    "card_changes": ("card", "safeties"),
    "card_summary": ("card", "counters", "safeties"),
    "card_said": ("card", "safeties"),
    "seating_changes": ("removals", "mechanics", "race"),
    "seating_summary": ("removals", "race"),
    "seating_said": ("race", "removals"),
    # rulebook.document: the chapters, top to bottom (a slot a construct owns is its chapter: "race" the
    # object of the game, "ending" the winning); the others are the rulebook's own
    "chapter": ("race", "equipment", "setup", "players", "turn", "cards", "zones", "penalties", "ending", "scoring",
                "progressive", "notes", "variant", "history", "examples", "sources"),
    # "The cards"' chapters: the mileage cards, the go cards, the hazards (the effects'), safeties, counters
    "card_chapter": ("race", "delays", "hazards", "safeties", "counters"),
    # the equipment table's "What it does": the first that answers for the card
    "card_role": ("race", "delays", "effects", "zones", "safeties", "counters"),
    # "Setting up": what each side keeps, then what follows the list
    "setup_lines": ("delays", "zones", "race", "safeties"),
    "setup_blocks": ("zones",),
    "partner_piles": ("zones",),
    # "Playing a turn": the cards a turn may play, the last a discard; then the piles' flags
    "play_options": ("race", "delays", "effects", "zones", "safeties", "discard"),
    "turn_blocks": ("race",),
    # the object of the game: the ways of hindering an opponent
    "hindrances": ("effects", "zones"),
    # "Hazards and remedies": the stopping hazards, the hours, each effect's paragraph; a hazard's repair, and
    # its "To recover" cell (the counters that turn it away, then the chain's marks)
    "hazard_blocks": ("delays", "penalties", "effects"),
    "hazard_chain": ("delays",),
    "hazard_cure": ("counters", "delays"),
    # rulebook.provenance: the sources table's rows, in the order a reader meets the rules
    "provenance_rows": ("cards", "race", "setups", "mechanics", "turn", "delays", "zones", "penalties", "counters",
                        "reshuffle", "ending", "scoring", "match mechanics", "progressive", "pile names", "notes",
                        "history", "examples"),
    # rulebook.variant: "How this variant differs"'s list, and an added or changed card's words
    "variant_lines": ("deck", "race", "setups", "turn", "delays", "zones", "penalties", "reshuffle", "progressive",
                      "mechanics", "notes", "examples"),
    "new_card": ("effects", "counters"),
    "card_change": ("hours", "removes", "effects", "counters", "miles"),
    # rulebook.examples: an answer out of turn
    "example_answer": ("counters",),
    # the kernel (engine.schema, engine.codegen, engine.emitter): each order is that of the generated text.
    # engine.schema: the state, as the kernel's reset writes it (the cards, then the piles, the table's turn)
    "state": ("cards", "delays", "zones", "mileage", "safeties", "counters", "table"),
    # engine.codegen: the run-time names the kernel's heading lists, its heading's words, its constant lines
    "kernel_names": ("moves", "counters", "lines", "turn", "race"),
    "features": ("zones", "penalties", "removals", "counters"),
    "kernel_constants": ("cards", "delays", "removals", "counters", "safeties", "counters.responders", "seating"),
    # engine.emitter: the constants a kernel function binds as defaults, in its `def` line
    "constant_names": ("cards", "delays", "removals", "counters", "codes", "safeties", "counters.responders",
                       "copies_and_waits"),
    # engine.codegen.Emitter.play: a card laid, by its kind (the branches' order; a hazard's is the effects')
    "plays": ("race", "delays", "zones", "hazards", "safeties"),
}


class StageOrderError(LookupError):
    """A stage's order and the constructs disagree: a construct implements the stage's method and has no
    slot, or a slot is filled twice, or by nobody."""


def implements(construct: Construct, method: str) -> bool:
    """Whether a construct overrides a stage method of the contract (the default does nothing)."""
    return getattr(type(construct), method) is not getattr(Construct, method)


def steps(method: str, own: dict[str, Callable] | None = None) -> list[tuple[str, Callable]]:
    """The stage's steps in ORDER[method]: (slot, the construct's bound method or the stage's own piece `own`
    gives for that slot). Raises StageOrderError where a construct implementing the method has no slot,
    where a slot is both a construct's and the stage's own, and where a slot is nobody's."""
    own = own or {}
    order = ORDER[method]
    for construct in CORE:
        if implements(construct, method) and not any(construct.owns(slot) for slot in order):
            raise StageOrderError(f"construct {construct.name} implements {method} but has no place in "
                                  f"mechanics.core.ORDER[{method!r}]")
    found = []
    for slot in order:
        construct = next((c for c in CORE if c.owns(slot) and implements(c, method)), None)
        if construct is not None and slot in own:
            raise StageOrderError(f"the {slot} slot of {method} is both construct {construct.name}'s and the stage's own")
        if construct is not None:
            found.append((slot, getattr(construct, method)))
        elif slot in own:
            found.append((slot, own[slot]))
        elif not any(c.owns(slot) for c in CORE):
            raise StageOrderError(f"nothing fills the {slot} slot of {method}: no construct implements it "
                                  "and the stage gives no piece for it")
    return found


def united(method: str, *args) -> dict[str, set[str]]:
    """The union over CORE of a stage method that maps card names to sets of names (cancelling, shields)."""
    found: dict[str, set[str]] = {}
    for construct in CORE:
        for card, names in getattr(construct, method)(*args).items():
            found.setdefault(card, set()).update(names)
    return found


def first_said(method: str, *args, own: dict[str, Callable] | None = None):
    """The first answer (not None) of the stage's steps, in ORDER[method], to these arguments; None if none says."""
    for _, step in steps(method, own):
        said = step(*args)
        if said is not None:
            return said
    return None

_BY_ALIAS: dict[str, Construct] = {alias: construct for construct in CORE for alias in construct.statements}


def construct_of(alias: str) -> Construct | None:
    """The core construct that parses this grammar alias, or None."""
    return _BY_ALIAS.get(alias)


def rule_key(kind: str, data: dict) -> tuple | None:
    """The key a core construct gives a statement of this kind within its section, or None."""
    for construct in CORE:
        key = construct.rule_key(kind, data)
        if key is not None:
            return key
    return None


def key_said(key: tuple) -> str | None:
    """A rule's key in words, where a core construct says it whole, or None."""
    for construct in CORE:
        said = construct.key_said(key)
        if said is not None:
            return said
    return None


def _contracted() -> tuple:
    """Every core construct, then every optional mechanic: what declares the shared contract's words."""
    from . import REGISTERED

    return (*CORE, *REGISTERED)


def key_words() -> dict[str, tuple[str, int]]:
    """Every construct's and mechanic's statement kind -> its words in messages and the names of its key they take."""
    return {kind: said for part in _contracted() for kind, said in part.key_words.items()}


def diff_phrases() -> dict:
    """Every construct's and mechanic's differ aspects -> the sentence of a change (diff.describe)."""
    return {aspect: phrase for part in _contracted() for aspect, phrase in part.diff_phrases.items()}


__all__ = ["CORE", "ORDER", "Construct", "StageOrderError", "implements", "steps", "first_said", "construct_of",
           "rule_key", "key_said", "key_words", "diff_phrases"]
