"""CLI stage, `touring show`: a readable summary of one compiled edition, in the reader's language."""
from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from ..base.i18n import _, ngettext, pgettext, typography
from ..base.wording import either, unit_said
from ..mechanics.effects import effects_of
from ..mechanics import REGISTERED, core
from .common import EXIT_USAGE, LANG_HELP, checked_language, fail, load_edition, load_edition_view, print_json, \
    read_in

if TYPE_CHECKING:
    from ..language.model import Ruleset


def parent_lines(r: Ruleset) -> list[str]:
    """What a variant changes from the edition it extends, said as `touring diff` says it."""
    from ..diff import diff_rulesets
    from ..diff.render import change_lines
    from ..language.archive import load_parent

    parent = load_parent(r)
    if parent is None:  # the parent cannot be read now: the variant's own list of edits is all there is
        return [_("Extends {parent}: {edits}").format(
            parent=r.parent, edits="; ".join(f"{c.op} {c.key}" for c in r.changes))]
    changes = change_lines(diff_rulesets(parent, r), skip=("metadata",))
    head = _("Extends {parent}, changing:") if changes else _("Extends {parent}, with the same rules.")
    return [head.format(parent=parent.id)] + [f"  {line}" for line in changes]


def summary_lines(r: Ruleset) -> list[str]:
    """The edition in plain lines; shared by `show` and anything else that wants a digest."""
    years = f"{r.year}-{r.year_end}" if r.year_end else r.year or pgettext("edition", "undated")
    made = _("a house rule by {author}").format(author=r.author) if r.author else f"{years}, {r.publisher}"
    lines = [f"{r.title}{': ' + r.subtitle if r.subtitle else ''} ({made})"]
    if r.parent:
        lines += parent_lines(r)
    # each core construct's lines (mechanics.core.CORE) and this summary's own, in mechanics.core.ORDER["show_lines"]
    for _slot, said in core.steps("show_lines", OWN_LINES):
        lines += said(r)
    lines.append(_("Examples: {examples}; assumptions: {assumptions}").format(
        examples=len(r.examples), assumptions=len(r.assumptions())))
    return lines


def deck_lines(r: Ruleset) -> list[str]:
    size = sum(c.count for c in r.deck)
    cards = ", ".join(pgettext("deck", "{count} {card}").format(count=c.count, card=c.name) for c in r.deck)
    return [ngettext("Deck: {n} card: {cards}", "Deck: {n} cards: {cards}", size).format(n=size, cards=cards)]


def setup_lines(r: Ruleset) -> list[str]:
    """A line per setup: who plays, decks and removals, a race of its own, the race mechanics it uses."""
    lines = []
    for s in r.setups:
        extra = [_("{n} decks").format(n=s.decks)] if s.decks > 1 else []
        extra += [_("without {n} {card}").format(n=n, card=c) for c, n in s.removals]
        if s.race.model_copy(update={"mechanics": r.race.mechanics}) != r.race:  # its mechanics are said below
            extra.append(_("race {miles} {unit}").format(miles=s.race.miles, unit=unit_said(s.race.unit)))
        extra += [mechanic.show(part, s.race.unit) for mechanic in REGISTERED if mechanic.place == "race"
                  for part in [getattr(s.race.mechanics, mechanic.name, None)] if part is not None]
        players = either(map(str, s.players))
        said = _("Setup {label}: {players} players as individuals") if s.sides is None else \
            _("Setup {label}: {players} players as {sides} sides of {size}")
        said = said.format(label=s.label, players=players, sides=s.sides, size=s.side_size)
        lines.append(said + (f"; {', '.join(extra)}" if extra else ""))
    return lines


def mechanic_lines(r: Ruleset) -> list[str]:
    return [_("Mechanic: {rule}").format(rule=mechanic.show(part, r.race.unit)) for mechanic in REGISTERED if mechanic.place == "ruleset"
            for part in [getattr(r.mechanics, mechanic.name, None)] if part is not None]


def effect_lines(r: Ruleset) -> list[str]:
    hazard_effects = effects_of(r)  # each hazard's effect says its own line (mechanics.effects)
    return [said for card in r.deck if card.kind == "hazard" and (said := hazard_effects[card.name].show(card))]


def history_lines(r: Ruleset) -> list[str]:
    """The edition's history, a fact a line with its sources; a fact the sources leave in doubt is marked so."""
    lines = []
    for fact in r.history:
        cited = "; ".join(f"{c.source}, {c.section}" if c.section else c.source for c in fact.provenance.cites)
        said = _("History (uncertain): {fact} {why}").format(fact=fact.text, why=fact.uncertain) if fact.uncertain \
            else _("History: {fact}").format(fact=fact.text)
        lines.append(said + (f" [{cited}]" if cited else ""))
    return lines


# the summary's own lines, each in its slot of mechanics.core.ORDER["show_lines"] among the constructs'
OWN_LINES = {"deck": deck_lines, "setups": setup_lines, "mechanics": mechanic_lines,
             "effects": effect_lines, "history": history_lines}


def show(edition: str = typer.Argument(..., help="An archive id or a path."),
         as_json: bool = typer.Option(False, "--json", help="Print the compiled ruleset as JSON."),
         kernel: bool = typer.Option(False, "--kernel", help="Print the rules kernel the engine runs for this "
                                     "edition (generated Python), each line with the rule that wrote it."),
         players: int = typer.Option(2, "--players", help="With --kernel: the seating to write the kernel for."),
         lang: str = typer.Option(None, "--lang", metavar="fr|en", help=LANG_HELP)) -> None:
    """Summarise an edition: race, deck, setups, delays, zones and penalties (or, with --kernel, its rules kernel)."""
    lang = checked_language(lang, "show")
    if kernel:
        print(kernel_text(edition, players, lang), end="")
        return
    if as_json:
        print_json(load_edition(edition).model_dump(mode="json"))
        return
    # the lines come from the cache when they can, sparing the model; plain print spares loading rich.
    # The view of the edition's own language is "summary"; another language's is its own view.
    view = "summary" if lang is None else f"summary-{lang}"
    print("\n".join(load_edition_view(edition, view, lambda r: read_lines(r, lang))))


def read_lines(r: Ruleset, lang: str | None) -> list[str]:
    """The summary's lines read in `lang` (None: the edition's language), set as that language prints."""
    with read_in(lang, r.language):
        return [typography(line) for line in summary_lines(r)]



def kernel_text(edition: str, players: int, lang: str | None = None) -> str:
    """The generated kernel, annotated line by line with the rule module and function that wrote it."""
    from ..engine.kernel import source_for

    ruleset = load_edition(edition)
    if players not in ruleset.player_counts():
        counts = ", ".join(map(str, ruleset.player_counts()))
        with read_in(lang, ruleset.language):
            fail(ngettext("touring show: {edition} does not seat {n} player (it seats {counts})",
                          "touring show: {edition} does not seat {n} players (it seats {counts})",
                          players).format(edition=ruleset.id, n=players, counts=counts), EXIT_USAGE)
    return source_for(ruleset, players, annotated=True)


def register(app: typer.Typer) -> None:
    app.command("show")(show)
