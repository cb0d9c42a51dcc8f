"""Mechanics, counters, the words: what the players call turning a hazard away out of turn, the question it
opens, and the counters' words for `touring show`, explain, the differ and a house rule's changes.

An edition may name the moment as it names its piles (`piles { counter is called "coup fourré" }`,
model.PileNames.counter); without a name the words are the generic "counter". The terminal, the web
table, the game's log, the rulebook and the score sheet all take their words from here, so a named
counter reads the same everywhere.

The question is worded from public facts alone (who attacked, with what, which side): a seat that
holds no counter is asked in the very same words as one that does, and its one answer, "let it pass",
is worded as the holder's (mechanics.counters.kernel asks them alike).
"""
from __future__ import annotations

from ...base.i18n import _, language, pgettext
from ...base.wording import flag_changed, quoted, quoted_names

from ..phrases import Named, NameList, filled

LET_IT_PASS = "let it pass"  # the answer every seat asked has, holding a counter or not


def let_it_pass() -> str:
    """LET_IT_PASS in the reader's language (a button, a move in a list)."""
    return _("let it pass")


def counter_name(ruleset) -> str:
    """The edition's name for the moment ("coup fourré"), or "" where it names none."""
    return ruleset.pile_names.counter


def with_article(name: str) -> str:
    return (_("an {name}") if name[:1].lower() in "aeiou" else _("a {name}")).format(name=name)


def question(ruleset, attacker: int, hazard: str, victim: int, reader_side: int | None = None,
             reader_asked: bool = False, asked: int | None = None, seats_of=None) -> str:
    """The question open while a hazard waits. It is worded for its reader by public facts alone: a reader
    on the victim's side reads "your side", the seat asked reads "you"; whatever any seat holds, a reader
    reads the same words (the seat asked is the one to act, which every seat sees). seats_of: each side's
    seats, where the table is known (a language may name a side of one player as its player)."""
    name = counter_name(ruleset)
    answer = _("call {counter}").format(counter=with_article(name)) if name else _("counter it")
    alone = seats_of is not None and len(seats_of[victim]) == 1  # French names a player alone, not a team
    if reader_side != victim:
        where = who = (pgettext("one player", "side {number}") if alone else _("side {number}")).format(
            number=victim + 1)
    else:
        where = pgettext("one player", "your side") if alone else _("your side")
        if reader_asked:
            return _("Player {attacker} played {hazard} on {where}: you may {answer} now, or let it pass.").format(
                attacker=attacker + 1, hazard=hazard, where=where, answer=answer)
        who = _("player {number}").format(number=asked + 1) if asked is not None else where
    return _("Player {attacker} played {hazard} on {where}: {who} may {answer} now, or let it pass.").format(
        attacker=attacker + 1, hazard=hazard, where=where, who=who, answer=answer)


def waiting_words(attacker: int, hazard: str) -> str:
    """A hazard laid on a side's pile while its counter question is open: "Stop, waiting for an answer
    (played by player 2)"."""
    return _("{hazard}, waiting for an answer (played by player {number})").format(hazard=hazard,
                                                                                 number=attacker + 1)


def counter_label(ruleset, card: str) -> str:
    """A counter move in words: "coup fourré with Right of Way", else "counter with Mechanic"."""
    name = counter_name(ruleset)
    return _("{counter} with {card}").format(counter=name, card=card) if name else \
        _("counter with {card}").format(card=card)


def plays_next_words(who: str, card: str) -> str:
    """The table's line for a responder who takes the next turn (`responder plays next`)."""
    return _("{player} takes the next turn for showing {card}").format(player=who, card=card)


def shown_detail(name: str) -> str:
    """The Python source (an f-string of the kernel's names) of the log line for a counter shown."""
    if not name:
        return 'f"player {seat + 1} shows {NAMES[c]}: {NAMES[hazard]} is cancelled"'
    literal = name.replace("\\", "\\\\").replace('"', '\\"').replace("{", "{{").replace("}", "}}")
    # the log's words are English whatever the reader's language (a log is replayed by its events)
    article = "an " if literal[:1].lower() in "aeiou" else "a "
    return f'f"player {{seat + 1}} calls {article}{literal} with {{NAMES[c]}}: {{NAMES[hazard]}} is cancelled"'


def countered_words(ruleset) -> str:
    """A scoring term that counts hazards turned away, after "N points": "per coup fourré"."""
    name = counter_name(ruleset)
    return f"per {name}" if name else "per hazard countered"


# `touring show` ------------------------------------------------------------------------------------
def show_lines(r) -> list[str]:
    """One line per counter: what it cancels and what follows."""
    label = r.pile_names.counter.capitalize() if r.pile_names.counter else pgettext("show", "Counter")  # the edition's word
    return [(_("{label}: {card} cancels {hazards}, then its owner draws back up and takes the next turn")
             if counter.responder_next else _("{label}: {card} cancels {hazards}, then its owner draws back up"))
            .format(label=label, card=counter.card, hazards=", ".join(counter.cancels)) for counter in r.counters]


# explain -------------------------------------------------------------------------------------------
def answer_refusal(game, c: int) -> str | None:
    """While a hazard waits for its answer: None for card c that cancels it, else why c is no answer."""
    t, offer = game.t, game.counter_offer
    if t.counters_for[offer.hazard] >> c & 1:  # a counter card, or a safety that cancels it
        return None
    said = _("only {answer} (or letting it pass) answers the {hazard} now") if t.counter_name else \
        _("only a counter card (or letting it pass) answers the {hazard} now")
    name = t.counter_name
    answer = (pgettext("article", "an {name}") if name[:1].lower() in "aeiou" else pgettext("article", "a {name}"))
    return said.format(answer=answer.format(name=name), hazard=t.names[offer.hazard])


def refusal(card: str) -> str:
    """Why a counter card cannot be played in turn."""
    return _("{card} is only shown when a hazard it cancels is played on your side").format(card=card)


# a house rule's changes (rulebook.variant), as phrases ---------------------------------------------
def new_card_role(card) -> str:
    """An added card's role when it is a counter card ("card played out of turn"), else its kind's."""
    return f"{card.kind} card" if card.kind != "counter" else _("card played out of turn")  # (the others: rulebook.variant)


def new_card_extra(card) -> tuple:
    """What an added card cancels, as a phrase (empty where it cancels nothing)."""
    return filled(_(" that cancels {cards}"), cards=NameList(tuple(card.counters), "or")) if card.counters else ()


def card_change(was, card) -> tuple | None:
    """A card that now cancels other hazards, as a phrase; None where what it cancels is unchanged."""
    if was.counters != card.counters:
        return filled(_("{card} now cancels {cards}."), card=Named(card.name), cards=NameList(tuple(card.counters), "or"))
    return None


# the worked examples (rulebook.examples) -------------------------------------------------------------
# the events its kernel lines report (a worked example may expect them), in words
EVENTS = {"counter": "A hazard was turned away out of turn.",
          "decline": "A hazard was let through although it could have been turned away."}


def example_answer(ruleset, action: str, card: str | None, holds_none: bool, who: tuple = ()) -> tuple:
    """A worked example's answer to a hazard, with `who` answers (a phrase), as a phrase: a counter shown, or
    the hazard let pass (`holds_none`: by a player dealt nothing that turns a hazard away)."""
    name = counter_name(ruleset)
    named = (with_article(name) if language() == "en" else name) if name else ""
    if action == "counter":
        said = (_("{who} at once calls {name} with {card}, out of turn.") if name else
                _("{who} at once shows {card}, out of turn."))
        return filled(said, who=who, name=named, card=Named(card or ""))
    if holds_none:
        return filled(_("{who} holds nothing that turns it away, and lets it pass."), who=who)
    said = (_("{who} could call {name}, but lets the hazard stand.") if name else
            _("{who} could answer out of turn, but lets the hazard stand."))
    return filled(said, who=who, name=named)


# the bots' facts (bots.greedy, bots.strategy.knowledge) and the worked examples' words ----------------
def cancelling(ruleset) -> dict[str, set[str]]:
    """card -> the hazards (and zone cards) it may turn away out of turn: counter cards and safeties."""
    found: dict[str, set[str]] = {card.name: set(card.counters) for card in ruleset.deck if card.counters}
    for counter in ruleset.counters:
        found.setdefault(counter.card, set()).update(counter.cancels)
    return found


# the differ ----------------------------------------------------------------------------------------
def compare(cmp) -> None:
    """The counters of two rulesets (diff.compare.Comparison): what each cancels, whether its holder draws
    back up and takes the next turn."""
    cmp.keyed("removals", "counter", {c.card: c.cancels for c in cmp.a.counters},
              {c.card: c.cancels for c in cmp.b.counters}, cmp.t, cmp.ts, _as_set)
    new = {c.card: c for c in cmp.b.counters}
    paired = {cmp.t(c.card) for c in cmp.a.counters}
    for counter in cmp.b.counters:
        if counter.card not in paired and counter.responder_next:  # a new counter; the old default held
            cmp.value("removals", "responder-next", False, True, subject=(None, counter.card))
    for old in cmp.a.counters:
        partner = new.get(cmp.t(old.card))
        if partner is None and old.responder_next:  # a counter gone; the default holds again
            cmp.value("removals", "responder-next", True, False, subject=(old.card, None))
        if partner is not None:
            subject = (old.card, partner.card)
            cmp.value("removals", "redraw", old.redraw, partner.redraw, subject=subject)
            cmp.value("removals", "responder-next", old.responder_next, partner.responder_next,
                      subject=subject)


def summary(card) -> dict:
    """What a card cancels, in the differ's summary of an added or removed card."""
    return {"cancels": list(card.counters)} if card.counters else {}


def _as_set(value):
    return value if isinstance(value, str) else tuple(sorted(value))


def _counter(c) -> str:
    """A card's cancels added, removed or changed."""
    new = quoted_names(c.new) if c.new is not None else ""
    old = quoted_names(c.old) if c.old is not None else ""
    if c.action == "added":
        return _("{card} can be shown to cancel {new} (new)").format(card=quoted(c.name), new=new)
    if c.action == "removed":
        return _("{card} no longer cancels anything (it cancelled {old})").format(card=quoted(c.name), old=old)
    return _("{card} cancels {new} (was {old})").format(card=quoted(c.name), new=new, old=old)


def _counter_name(c) -> str:
    def show(v):
        return pgettext("diff", "none") if v is None else quoted(v)
    return _("Name of turning a hazard away out of turn: {new} (was {old})").format(new=show(c.new), old=show(c.old))


def _responder_next(c) -> str:
    said = _("After {card} is shown, its holder takes the next turn (was: play went on from the attacker)") if c.new \
        else _("After {card} is shown, play goes on from the attacker (was: its holder took the next turn)")
    return said.format(card=quoted(c.name))


# the differ's aspects -> the sentence of a change (diff.describe, through mechanics.core)
DIFF_PHRASES = {
    "counter_name": _counter_name,
    "responder-next": _responder_next,
    "counter": _counter,
    "redraw": flag_changed(lambda: _("After showing it, its holder draws back up"),
                           lambda: _("Its holder does not draw back up")),
}
