"""CLI stage, `touring new`: start a house rule as a variant that extends an edition, with suggestions."""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

import typer

from ..language.compiler import compile_text
from ..base.resources import SUFFIX
from ..language.errors import InternalError, TouringError
from ..language.model import Card, Ruleset
from ..mechanics.turn import TURN
from ..mechanics.penalties import PENALTIES
from ..mechanics.delays import DELAYS
from .common import EXIT_USAGE, EXIT_USER, report_bug, usable_text, use_color

# Prose in the generated file starts with "## "; a suggested rule starts with "# ", so removing
# that one mark (and the space after it) from each line of a block turns the block into rules.
PROSE, CODE = "## ", "# "


@dataclass(frozen=True)
class Suggestion:
    """One commented-out change: what it does, and the rule lines that do it."""

    about: str
    lines: tuple[str, ...]

    def commented(self) -> str:
        return "\n".join([PROSE + self.about] + [CODE + line for line in self.lines])

    def live(self) -> str:
        return "\n".join(self.lines)


# ------------------------------------------------------------------------------------------------
# writing rules in the language

def q(text: str) -> str:
    return f'"{text}"'


def pile_rule(card: str, needs: int, protected: bool, face_down: bool, tally: int | None) -> str:
    flags = (" protected" if protected else "") + (" face down" if face_down else "") + \
        (f" tally {tally}" if tally else "")
    return f"pile {q(card)} needs {needs}{flags}"


# ------------------------------------------------------------------------------------------------
# suggestions, each drawn from the parent edition itself

def suggest_race(r: Ruleset) -> list[Suggestion]:
    """A shorter race: halve every pile, or else only the piles each setup with a race of its own
    sets for itself (such a setup takes its other piles from the main race)."""
    everything = {p.card for p in r.race.piles}
    own = set(everything)
    for setup in (s for s in r.setups if s.race != r.race):
        own &= _overridden(setup, r)
    # a setup's file may restate every pile or only those it changes; only one of the two compiles
    return [s for s in (_shorter_race(r, halve, every) for halve in (everything, own) for every in (True, False)) if s]


def _shorter_race(r: Ruleset, halve: set[str], restated: bool = False) -> Suggestion | None:
    piles = [(p, max(1, p.needs // 2) if p.card in halve else p.needs) for p in r.race.piles]
    miles = sum(needs * (r.card(p.card).miles or 0) for p, needs in piles)
    if miles == r.race.miles:
        return None
    lines = [f"change race {miles} miles {{"]
    lines += [f"    {pile_rule(p.card, needs, p.protected, p.face_down, p.tally)}" for p, needs in piles]
    lines.append("}")
    setups = _shorter_setups(r, halve, dict((p.card, needs) for p, needs in piles), restated)
    for _, _, _, setup_lines in setups:
        lines += setup_lines
    shortened = [f'"{label}" from {was} to {now} miles' for label, was, now, _ in setups]
    also = (" A setup with a race of its own keeps it unless changed too, so these lines shorten "
            + ("the race of " if len(shortened) == 1 else "the races of ") + ", ".join(shortened) + " as well."
            if setups else "")
    return Suggestion(f"A shorter race of {miles} miles (was {r.race.miles}). A changed pile replaces the "
                      f"parent's pile whole: keep its `protected` and `face down`.{also}", tuple(lines))


def _shorter_setups(r: Ruleset, halve: set[str], new_needs: dict[str, int],
                    restated: bool) -> list[tuple[str, int, int, list[str]]]:
    """For each setup that runs a race of its own, its label, its race's miles before and after, and the
    lines that shorten it alike: the piles it sets for itself (every pile, when `restated`) halved, the
    others taken from the new main race."""
    found = []
    for setup in (s for s in r.setups if s.race != r.race and not s.race.is_distance):
        own = {p.card for p in setup.race.piles} if restated else _overridden(setup, r)
        needs = {p.card: (max(1, p.needs // 2) if p.card in halve else p.needs) if p.card in own
                 else new_needs[p.card] for p in setup.race.piles}
        miles = sum(n * (r.card(card).miles or 0) for card, n in needs.items())
        lines = [f"setup {q(setup.label)} {{", f"    change race {miles} miles"]
        lines += [f"    change pile {q(card)} needs {needs[card]}" for card in needs if card in own]
        found.append((setup.label, setup.race.miles, miles, lines + ["}"]))
    return found


def _needs(r: Ruleset, card: str) -> int:
    return next(p.needs for p in r.race.piles if p.card == card)


def _overridden(setup, r: Ruleset) -> set[str]:
    """Piles a setup sets for itself (its needs differ from the main race's)."""
    return {p.card for p in setup.race.piles if p.needs != _needs(r, p.card)}


def suggest_deck(r: Ruleset) -> Suggestion | None:
    hazard = next((c for c in r.deck if c.kind == "hazard"), None)
    if hazard is None:
        return None
    return Suggestion(f"One more {q(hazard.name)} in the deck. A changed card restates only what changes.",
                      ("deck {", f"    change card {q(hazard.name)} count {hazard.count + 1}", "}"))


def suggest_hand(r: Ruleset) -> Suggestion:
    return Suggestion(*TURN.suggest_hand(r))  # the turn construct's (mechanics.turn)


def suggest_chain(r: Ruleset) -> Suggestion | None:
    """Make the quickest repair need a remedy too (one borrowed from another chain)."""
    said = DELAYS.house_rule(r)  # the delays construct's (mechanics.delays)
    return Suggestion(*said) if said else None


def suggest_zone_scope(r: Ruleset) -> Suggestion | None:
    if not r.zones.zones:
        return None
    other = "for the whole game" if r.zones.scope == "side" else "per side"
    who = "one zone card rules every side at once" if r.zones.scope == "side" else \
        "each side keeps its own zone pile"
    if r.zones.scope == "game":
        return Suggestion(f"Zones {other}: {who}.", (f"change zones {other}",))
    # one shared pile has no sides: every zone card must be played "on any side" there
    plays = [f"    play {q(p.card)} on any side" for p in r.zones.plays if p.reach != "any"]
    if not plays:
        return Suggestion(f"Zones {other}: {who}.", (f"change zones {other}",))
    return Suggestion(f"Zones {other}: {who}. Every zone card then goes on the one shared pile.",
                      (f"change zones {other} {{", *plays, "}"))


def suggest_speeding(r: Ruleset) -> Suggestion | None:
    if not r.zones.zones:
        return None
    rules = {"forbidden": "forbidden", "forfeit-card": "forfeits the card", "forfeit-all": "forfeits all mileage"}
    words = {"forbidden": "is not allowed", "forfeit-card": "costs the card laid",
             "forfeit-all": "costs all the side's mileage"}
    other = "forfeit-card" if r.zones.speeding != "forfeit-card" else "forbidden"
    return Suggestion(f"Speeding {words[other]} (now it {words[r.zones.speeding]}).",
                      ("zones {", f"    change speeding {rules[other]}", "}"))


def suggest_zone_play(r: Ruleset) -> Suggestion | None:
    """The slowing zone card: laid only on opponents, or on any side (to shield one's own piles)."""
    play = next((p for p in r.zones.plays if p.card == r.zones.start), None)
    if play is None:
        return None
    reach, words = ("any side", "on any side, one's own included") if play.reach == "opponent" else \
        ("an opponent", "only on an opponent")
    return Suggestion(f"{q(play.card)} is laid {words}.",
                      ("zones {", f"    change play {q(play.card)} on {reach}", "}"))


def suggest_penalties(r: Ruleset) -> Suggestion | None:
    found = PENALTIES.house_rule(r)  # (the penalties construct: mechanics.penalties)
    return Suggestion(*found) if found else None


def suggest_setup(r: Ruleset) -> Suggestion | None:
    if len(r.setups) < 2:
        return None
    last = r.setups[-1]
    return Suggestion(f"Drop the setup {q(last.label)}.", (f"remove setup {q(last.label)}",))


def suggest_reshuffle(r: Ruleset) -> list[Suggestion]:
    return [Suggestion(*said) for said in TURN.suggest_reshuffle(r)]  # the turn construct's (mechanics.turn)


def suggest_turn_limit(r: Ruleset) -> list[Suggestion]:
    limit = max(1, r.ending.turn_limit // 2)
    about = f"Stop an endless race after {limit} turns (now {r.ending.turn_limit})."
    return [Suggestion(about, ("ending {", f"    {op} turn limit {limit}", "}")) for op in ("change", "add")]


def suggest_progressive(r: Ruleset) -> Suggestion | None:
    if r.progressive is None or r.progressive.minutes is None:
        return None
    minutes = r.progressive.minutes + 5
    return Suggestion(f"Progressive touring in rounds of {minutes} minutes.",
                      ("progressive {", f"    change rounds of {minutes} minutes", "}"))


def suggest_note(r: Ruleset) -> list[Suggestion]:
    note = '"At our table the youngest player deals."'
    return [Suggestion("A note for the rulebook.", ("notes {", f"    add note {note}", "}")),
            Suggestion("A note for the rulebook.", ("add notes {", f"    note {note}", "}"))]


SUGGESTERS = (suggest_race, suggest_deck, suggest_hand, suggest_chain, suggest_zone_scope, suggest_speeding,
              suggest_zone_play, suggest_penalties, suggest_setup, suggest_reshuffle, suggest_turn_limit,
              suggest_progressive, suggest_note)


# ------------------------------------------------------------------------------------------------
# the file

def header(name: str, parent: Ruleset, extends: str) -> str:
    return "\n".join([
        f"# {name}: a house rule for {parent.title} ({parent.id}), started with `touring new`.",
        "#",
        f"# As written it plays exactly like {parent.id}. Each block below that begins with ## is a",
        '# change you could make: delete the "# " at the start of each of its other lines to make',
        "# them rules. Then:",
        f"#   touring check {name}{SUFFIX}               (does it compile?)",
        f"#   touring diff {extends} {name}{SUFFIX}   (what did I change?)",
        f"#   touring test {name}{SUFFIX}                (do the examples still hold?)",
        f"#   touring rulebook {name}{SUFFIX} -o rules.pdf",
        "# A rule you `change` replaces the parent's rule whole (a card keeps what you leave out);",
        "# `add` brings in something new and `remove` drops a rule. Mark your decisions with:",
        "#   assume \"...\" because \"...\"",
        "",
        f"edition {q(name)} extends {q(extends)} {{",
        f"    title {q(parent.title + ': ' + name)}",
        '    author "our table"  # who made this house rule: its rulebook credits them',
        f"    summary {q('A house rule for ' + parent.id + '.')}",
        '    # source house "our-table.txt" "Where this house rule comes from"',
        "}",
    ])


def working_example(r: Ruleset) -> str:
    go = next(c for c in r.deck if c.kind == "go")
    return "\n".join([
        "## An example `touring test` runs: a position, the moves, and what must follow.",
        f'example "A {go.name} card starts the side"{_example_cite(r, go)} {{',
        "    given {",
        f"        hand 1 {q(go.name)}",
        "    }",
        f"    play {q(go.name)}",
        "    expect {",
        f"        side 1 go top {q(go.name)}",
        "    }",
        "}",
    ])


def _example_cite(r: Ruleset, go: Card) -> str:
    """The parent's own citation for the go card, so the example says where its rule comes from."""
    cites = go.provenance.cites or tuple(c for card in r.deck for c in card.provenance.cites)
    return f" cite {cites[0].source} {q(cites[0].section)}" if cites else ""


def variant_text(name: str, parent: Ruleset, extends: str, base_dir: Path) -> str:
    """The whole file; each suggestion is kept only if the file still compiles with it switched on."""
    head = header(name, parent, extends)
    example = working_example(parent)
    kept = []
    for suggester in SUGGESTERS:
        found = suggester(parent)
        alternatives = found if isinstance(found, list) else [found] if found else []
        working = next((s for s in alternatives
                        if _compiles("\n\n".join([head, s.live(), example]), base_dir)), None)
        if working:
            kept.append(working.commented())
    return "\n\n".join([head] + kept + [example]) + "\n"


def _compiles(text: str, base_dir: Path) -> bool:
    try:
        compile_text(text, "<suggestion>", base_dir)
        return True
    except (TouringError, InternalError):
        return False


# ------------------------------------------------------------------------------------------------
# the command

def _extends_ref(parent_path: Path, out_dir: Path) -> str:
    """The archive id when the parent is an archive edition, else its path from the new file's folder."""
    from ..language.archive import find_edition

    if find_edition(parent_path.stem) == parent_path:
        return parent_path.stem
    try:
        return Path(os.path.relpath(parent_path.resolve(), out_dir.resolve())).as_posix()
    except ValueError:  # another drive
        return str(parent_path.resolve())


def new(name: str = typer.Argument(..., help="The new edition's id, e.g. short-race."),
        parent: str = typer.Option(..., "--from", help="The edition it extends: an archive id or a path."),
        output: str = typer.Option(None, "-o", "--output",
                                   help="Where to write it (default NAME.touring; - for stdout)."),
        force: bool = typer.Option(False, "--force", help="Overwrite an existing file.")) -> None:
    """Start a house rule: a variant file that extends an edition, with suggested changes as comments."""
    from ..language.archive import load, resolve

    usable_text(name, "the id", "new")
    usable_text(parent, "--from", "new")
    if not name.strip() or any(ch in name for ch in '"\n\\'):
        _usage(f'touring new: "{name}" cannot be an edition id (no quotes, backslashes or line breaks)')
    try:
        parent_path = resolve(parent)
        ruleset = load(parent)
    except TouringError as exc:
        print(exc.render(color=use_color(sys.stderr)), file=sys.stderr)
        raise typer.Exit(EXIT_USAGE)
    except InternalError as exc:
        report_bug(exc)
    if name == ruleset.id:
        _usage(f'touring new: the new edition needs an id other than "{ruleset.id}", the one it extends')
    target = None if output == "-" else Path(output or f"{name}{SUFFIX}")
    out_dir = target.parent if target else Path.cwd()
    try:
        exists = target is not None and target.exists()
    except OSError as exc:  # a name longer than the file system allows, say
        print(f"touring new: cannot write {target}: {exc.strerror or exc}", file=sys.stderr)
        raise typer.Exit(EXIT_USER)
    if exists and not force:
        print(f"touring new: {target} already exists (use --force to overwrite it)", file=sys.stderr)
        raise typer.Exit(EXIT_USER)
    extends = _extends_ref(parent_path, out_dir)
    if extends.startswith("..") or Path(extends).is_absolute():
        _usage(f"touring new: an edition extends only archive editions and files in its own folder or below it; "
               f"write the new file beside {parent_path} or in a folder below it")
    text = variant_text(name, ruleset, extends, out_dir)
    if target is None:
        sys.stdout.write(text)
        return
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        print(f"touring new: cannot write {target}: {exc.strerror or exc}", file=sys.stderr)
        raise typer.Exit(EXIT_USER)
    print(f"wrote {target}: a variant of {ruleset.id}; try `touring check {target}`", file=sys.stderr)


def _usage(message: str) -> None:
    print(message, file=sys.stderr)
    raise typer.Exit(EXIT_USAGE)


def register(app: typer.Typer) -> None:
    app.command("new")(new)
