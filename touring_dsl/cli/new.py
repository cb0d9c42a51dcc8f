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
from ..mechanics import core
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
# suggestions, each drawn from the parent edition itself: the core constructs' (mechanics.core.CORE,
# Construct.suggestions) and this command's own, section by section in mechanics.core.ORDER["suggestions"]

def q(text: str) -> str:
    return f'"{text}"'


def suggest_deck(r: Ruleset) -> Suggestion | None:
    hazard = next((c for c in r.deck if c.kind == "hazard"), None)
    if hazard is None:
        return None
    return Suggestion(f"One more {q(hazard.name)} in the deck. A changed card restates only what changes.",
                      ("deck {", f"    change card {q(hazard.name)} count {hazard.count + 1}", "}"))


def suggest_setup(r: Ruleset) -> Suggestion | None:
    if len(r.setups) < 2:
        return None
    last = r.setups[-1]
    return Suggestion(f"Drop the setup {q(last.label)}.", (f"remove setup {q(last.label)}",))


def suggest_note(r: Ruleset) -> list[Suggestion]:
    note = '"At our table the youngest player deals."'
    return [Suggestion("A note for the rulebook.", ("notes {", f"    add note {note}", "}")),
            Suggestion("A note for the rulebook.", ("add notes {", f"    note {note}", "}"))]


# this command's own suggestions, each in its section's slot of mechanics.core.ORDER["suggestions"]
OWN_SUGGESTERS = {"deck": suggest_deck, "setup": suggest_setup,
                  "notes": suggest_note}


def suggestions(r: Ruleset) -> list[list[Suggestion]]:
    """Every suggested change, section by section: each a list of alternatives (ways of writing it)."""
    own = {section: _own(suggester) for section, suggester in OWN_SUGGESTERS.items()}
    found = []
    for section, suggest in core.steps("suggestions", own):
        found += [[Suggestion(*alternative) for alternative in choice] for choice in suggest(r, section)]
    return found


def _own(suggester):
    """One of this command's suggesters as a stage step: (ruleset, section) -> choices of (about, lines)."""
    def step(r: Ruleset, section: str) -> list:
        found = suggester(r)
        alternatives = found if isinstance(found, list) else [found] if found else []
        return [[(s.about, s.lines) for s in alternatives]] if alternatives else []
    return step


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
    for alternatives in suggestions(parent):
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
    from ..language.locate import find_edition

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
    from ..language.archive import load
    from ..language.locate import resolve

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
