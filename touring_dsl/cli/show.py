"""CLI stage, `touring show`: a readable summary of one compiled edition."""
from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from ..mechanics.effects import effects_of
from ..mechanics import REGISTERED, core
from ..base.wording import counted
from .common import EXIT_USAGE, fail, load_edition, load_edition_view, print_json

if TYPE_CHECKING:
    from ..language.model import Ruleset


def parent_lines(r: Ruleset) -> list[str]:
    """What a variant changes from the edition it extends, said as `touring diff` says it."""
    from ..diff import diff_rulesets
    from ..diff.render import change_lines
    from ..language.archive import load_parent

    parent = load_parent(r)
    if parent is None:  # the parent cannot be read now: the variant's own list of edits is all there is
        return [f"Extends {r.parent}: " + "; ".join(f"{c.op} {c.key}" for c in r.changes)]
    changes = change_lines(diff_rulesets(parent, r), skip=("metadata",))
    head = f"Extends {parent.id}" + (", changing:" if changes else ", with the same rules.")
    return [head] + [f"  {line}" for line in changes]


def summary_lines(r: Ruleset) -> list[str]:
    """The edition in plain lines; shared by `show` and anything else that wants a digest."""
    years = f"{r.year}-{r.year_end}" if r.year_end else r.year or "undated"
    made = f"a house rule by {r.author}" if r.author else f"{years}, {r.publisher}"
    lines = [f"{r.title}{': ' + r.subtitle if r.subtitle else ''} ({made})"]
    if r.parent:
        lines += parent_lines(r)
    # each core construct's lines (mechanics.core.CORE) and this summary's own, in mechanics.core.ORDER["show_lines"]
    for _, said in core.steps("show_lines", OWN_LINES):
        lines += said(r)
    lines.append(f"Examples: {len(r.examples)}; assumptions: {len(r.assumptions())}")
    return lines


def deck_lines(r: Ruleset) -> list[str]:
    return [f"Deck: {sum(c.count for c in r.deck)} cards: " + ", ".join(f"{c.count} {c.name}" for c in r.deck)]


def setup_lines(r: Ruleset) -> list[str]:
    """A line per setup: who plays, decks and removals, a race of its own, the race mechanics it uses."""
    lines = []
    for s in r.setups:
        sides = "individuals" if s.sides is None else f"{s.sides} sides of {s.side_size}"
        extra = [f"{s.decks} decks"] if s.decks > 1 else []
        extra += [f"without {n} {c}" for c, n in s.removals]
        if s.race.model_copy(update={"mechanics": r.race.mechanics}) != r.race:  # its mechanics are said below
            extra.append(f"race {s.race.miles} {s.race.unit}")
        extra += [mechanic.show(part, s.race.unit) for mechanic in REGISTERED if mechanic.place == "race"
                  for part in [getattr(s.race.mechanics, mechanic.name, None)] if part is not None]
        players = " or ".join(map(str, s.players))
        lines.append(f"Setup {s.label}: {players} players as {sides}" + (f"; {', '.join(extra)}" if extra else ""))
    return lines


def mechanic_lines(r: Ruleset) -> list[str]:
    return [f"Mechanic: {mechanic.show(part, r.race.unit)}" for mechanic in REGISTERED if mechanic.place == "ruleset"
            for part in [getattr(r.mechanics, mechanic.name, None)] if part is not None]


def effect_lines(r: Ruleset) -> list[str]:
    hazard_effects = effects_of(r)  # each hazard's effect says its own line (mechanics.effects)
    return [said for card in r.deck if card.kind == "hazard" and (said := hazard_effects[card.name].show(card))]


def history_lines(r: Ruleset) -> list[str]:
    """The edition's history, a fact a line with its sources; a fact the sources leave in doubt is marked so."""
    lines = []
    for fact in r.history:
        cited = "; ".join(f"{c.source}, {c.section}" if c.section else c.source for c in fact.provenance.cites)
        said = f"History (uncertain): {fact.text} {fact.uncertain}" if fact.uncertain else f"History: {fact.text}"
        lines.append(said + (f" [{cited}]" if cited else ""))
    return lines


# the summary's own lines, each in its slot of mechanics.core.ORDER["show_lines"] among the constructs'
OWN_LINES = {"deck": deck_lines, "setups": setup_lines, "mechanics": mechanic_lines,
             "effects": effect_lines, "history": history_lines}


def show(edition: str = typer.Argument(..., help="An archive id or a path."),
         as_json: bool = typer.Option(False, "--json", help="Print the compiled ruleset as JSON."),
         kernel: bool = typer.Option(False, "--kernel", help="Print the rules kernel the engine runs for this "
                                     "edition (generated Python), each line with the rule that wrote it."),
         players: int = typer.Option(2, "--players", help="With --kernel: the seating to write the kernel for.")
         ) -> None:
    """Summarise an edition: race, deck, setups, delays, zones and penalties (or, with --kernel, its rules kernel)."""
    if kernel:
        print(kernel_text(edition, players), end="")
        return
    if as_json:
        print_json(load_edition(edition).model_dump(mode="json"))
        return
    # the lines come from the cache when they can, sparing the model; plain print spares loading rich
    print("\n".join(load_edition_view(edition, "summary", summary_lines)))


def kernel_text(edition: str, players: int) -> str:
    """The generated kernel, annotated line by line with the rule module and function that wrote it."""
    from ..engine.kernel import source_for

    ruleset = load_edition(edition)
    if players not in ruleset.player_counts():
        counts = ", ".join(map(str, ruleset.player_counts()))
        fail(f"touring show: {ruleset.id} does not seat {counted(players, 'player')} (it seats {counts})", EXIT_USAGE)
    return source_for(ruleset, players, annotated=True)


def register(app: typer.Typer) -> None:
    app.command("show")(show)
