"""Language stage, words: what the players call turning a hazard away out of turn, and the question it opens.

An edition may name the moment as it names its piles (`piles { counter is called "coup fourré" }`,
model.PileNames.counter); without a name the words are the generic "counter". The terminal, the web
table, the game's log, the rulebook and the score sheet all take their words from here, so a named
counter reads the same everywhere.

The question is worded from public facts alone (who attacked, with what, which side): a seat that
holds no counter is asked in the very same words as one that does, and its one answer, "let it pass",
is worded as the holder's (engine.rules.counters asks them alike).
"""
from __future__ import annotations

LET_IT_PASS = "let it pass"  # the answer every seat asked has, holding a counter or not


def counter_name(ruleset) -> str:
    """The edition's name for the moment ("coup fourré"), or "" where it names none."""
    return ruleset.pile_names.counter


def with_article(name: str) -> str:
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def question(ruleset, attacker: int, hazard: str, victim: int, reader_side: int | None = None,
             reader_asked: bool = False, asked: int | None = None) -> str:
    """The question open while a hazard waits. It is worded for its reader by public facts alone: a reader
    on the victim's side reads "your side", the seat asked reads "you"; whatever any seat holds, a reader
    reads the same words (the seat asked is the one to act, which every seat sees)."""
    name = counter_name(ruleset)
    answer = f"call {with_article(name)}" if name else "counter it"
    if reader_side != victim:
        where, who = f"side {victim + 1}", f"side {victim + 1}"
    else:
        where = "your side"
        who = "you" if reader_asked else (f"player {asked + 1}" if asked is not None else "your side")
    return f"Player {attacker + 1} played {hazard} on {where}: {who} may {answer} now, or {LET_IT_PASS}."


def waiting_words(attacker: int, hazard: str) -> str:
    """A hazard laid on a side's pile while its counter question is open: "Stop, waiting for an answer
    (played by player 2)"."""
    return f"{hazard}, waiting for an answer (played by player {attacker + 1})"


def counter_label(ruleset, card: str) -> str:
    """A counter move in words: "coup fourré with Right of Way", else "counter with Mechanic"."""
    return f"{counter_name(ruleset) or 'counter'} with {card}"


def shown_detail(name: str) -> str:
    """The Python source (an f-string of the kernel's names) of the log line for a counter shown."""
    if not name:
        return 'f"player {seat + 1} shows {NAMES[c]}: {NAMES[hazard]} is cancelled"'
    literal = name.replace("\\", "\\\\").replace('"', '\\"').replace("{", "{{").replace("}", "}}")
    return f'f"player {{seat + 1}} calls {with_article(literal)} with {{NAMES[c]}}: {{NAMES[hazard]}} is cancelled"'


def countered_words(ruleset) -> str:
    """A scoring term that counts hazards turned away, after "N points": "per coup fourré"."""
    name = counter_name(ruleset)
    return f"per {name}" if name else "per hazard countered"
