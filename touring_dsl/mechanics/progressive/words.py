"""Mechanics, Progressive Touring, its words: the differ's comparison of two parties' rules (diff.compare
calls compare) and its sentences (DIFF_PHRASES, which diff.describe reads through mechanics.core), the
rulebook's variant line (variant: what a house rule changes of it), and `touring new`'s suggestion.
"""
from __future__ import annotations

from ...base.i18n import _, ngettext, pgettext
from ...base.wording import either, flag_changed

from ..phrases import Refs


def compare(c) -> None:
    """The party's differences (c: the differ's Comparison, whose `a` and `b` are the two rulesets): brought
    in or left out as a whole, else each rule."""
    a, b = c.a.progressive, c.b.progressive
    if (a is None) != (b is None):
        present = a or b
        summary = {"table": present.table, "tables": list(present.sizes()), "partners": present.partners,
                   "minutes": present.minutes}
        c.emit("progressive", "added" if a is None else "removed", "progressive",
               old=None if a is None else summary, new=summary if a is None else None)
        return
    if a is None or b is None:
        return
    c.value("progressive", "tables", a.sizes(), b.sizes())
    for aspect, field in (("partners", "partners"), ("partners-stay", "partners_stay"),
                          ("minutes", "minutes"), ("winners-move-up", "winners_move_up"), ("score", "score"),
                          ("restart", "restart"), ("prizes", "prizes"), ("umpire", "umpire")):
        c.value("progressive", aspect, getattr(a, field), getattr(b, field))


def sizes_said(sizes) -> str:
    return either(map(str, sizes))


def offered(c) -> str:
    info = c.new if c.action == "added" else c.old
    rounds = _("rounds of {minutes} minutes").format(minutes=info["minutes"]) if info["minutes"] else \
        _("rounds set by the host")
    what = (_("{sizes} at a table, partners, {rounds}") if info["partners"] else
            _("{sizes} at a table, no partners, {rounds}")).format(
        sizes=sizes_said(info.get("tables") or [info["table"]]), rounds=rounds)
    return _("Progressive touring is offered ({what})").format(what=what) if c.action == "added" else \
        _("Progressive touring is no longer described (it had {what})").format(what=what)


def party_yes_no(yes, no):
    """A party's yes-or-no rule changed (`yes` and `no`: functions giving its words in the reader's language)."""
    return lambda c: _("Progressive touring: {change}").format(change=flag_changed(yes, no)(c))


def _open(minutes) -> str:
    return minutes or pgettext("round length", "open")


# the differ's sentence for each aspect compare reports (c: a diff Change)
DIFF_PHRASES = {
    "progressive": offered,
    "tables": lambda c: _("Progressive touring: {new} players at each table (was {old})").format(
        new=sizes_said(c.new), old=sizes_said(c.old)),
    "partners": flag_changed(lambda: _("Progressive touring is played by partners"),
                             lambda: _("Progressive touring is played without partners")),
    "minutes": lambda c: _("Progressive touring: rounds of {new} minutes (was {old})").format(
        new=_open(c.new), old=_open(c.old)),
    "partners-stay": party_yes_no(lambda: _("partners move together all evening"),
                                  lambda: _("partners separate after every round")),
    "winners-move-up": party_yes_no(lambda: _("the winners at each table move up"),
                                    lambda: _("everyone keeps their table")),
    "score": lambda c: _("Progressive touring is scored by {new} (was {old})").format(new=c.new, old=c.old),
    "restart": party_yes_no(lambda: _("a game won before the signal is followed by another, miles added"),
                            lambda: _("a table that finishes early waits for the signal")),
    "prizes": lambda c: ngettext("Progressive touring: prizes for {new} place (was {old})",
                                 "Progressive touring: prizes for {new} places (was {old})", c.new).format(
        new=c.new, old=c.old),
    "umpire": party_yes_no(lambda: _("an umpire records the scores"), lambda: _("each table records its own scores")),
}


def variant(old, new) -> tuple | None:
    """The rulebook's variant line for a house rule (rulebook.variant), as a phrase with its marks, or None
    where the party's rules are unchanged (their citations aside)."""
    a, b = old.progressive, new.progressive
    if a == b or (a and b and a.model_dump(exclude={"provenance"}) == b.model_dump(exclude={"provenance"})):
        return None
    if b is None:
        return (_("Leaves out progressive play."),)
    return (_("Changes progressive play (see Progressive play)."), Refs((b.provenance,)))


def suggest(r) -> tuple[str, tuple[str, ...]] | None:
    """`touring new`'s suggestion: rounds five minutes longer (what it does, and the lines that do it)."""
    if r.progressive is None or r.progressive.minutes is None:
        return None
    minutes = r.progressive.minutes + 5
    return (f"Progressive touring in rounds of {minutes} minutes.",
            ("progressive {", f"    change rounds of {minutes} minutes", "}"))
