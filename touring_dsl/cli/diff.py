"""CLI stage, `touring diff`: what changes in meaning from one edition to another."""
from __future__ import annotations

import sys
from enum import Enum

import typer
from rich.text import Text

from ..language.errors import InternalError, TouringError
from ..language.model import Ruleset
from .common import EXIT_USAGE, EXIT_USER, checked_language, out, print_json, read_in, report_bug, \
    use_color


class Format(str, Enum):
    text = "text"
    markdown = "markdown"


def _load_both(first: str, second: str) -> tuple[Ruleset, Ruleset]:
    """Both editions, or every error found in either; a bad edition is a usage error (exit 2)."""
    from ..language.archive import load

    loaded, messages = [], []
    for ref in (first, second):
        try:
            loaded.append(load(ref))
        except TouringError as exc:
            messages.append(exc.render(color=use_color(sys.stderr)))
        except InternalError as exc:
            report_bug(exc)
    if messages:
        print("\n".join(messages), file=sys.stderr)
        raise typer.Exit(EXIT_USAGE)
    return loaded[0], loaded[1]


def diff(old: str = typer.Argument(..., metavar="A", help="The edition compared from: an archive id or a path."),
         new: str = typer.Argument(..., metavar="B", help="The edition compared to: an archive id or a path."),
         fmt: Format = typer.Option(Format.text, "--format", "-f", help="Report as text or markdown."),
         as_json: bool = typer.Option(False, "--json", help="Print the differences as JSON: language-neutral "
                                      "data, the same keys and values whatever --lang."),
         lang: str = typer.Option(None, "--lang", metavar="fr|en",
                                  help="The language to read in: fr or en (default: B's own language).")) -> None:
    """Compare two editions by meaning, topic by topic, recognising renamed cards.

    Exit status: 0 when the rules are the same, 1 when they differ, 2 on an error."""
    from ..diff import diff_rulesets, render_json, render_markdown, render_text

    lang = checked_language(lang, "diff")
    a, b = _load_both(old, new)
    _warn(a, b)
    result = diff_rulesets(a, b)
    if as_json:
        print_json(render_json(result))
    else:
        with read_in(lang, b.language):  # the newer edition's language, unless the reader chose one
            if fmt is Format.markdown:
                sys.stdout.write(render_markdown(result))
            else:
                _print_text(render_text(result))
    raise typer.Exit(0 if result.same else EXIT_USER)


def _warn(*rulesets: Ruleset) -> None:
    """A change that leaves an inherited rule out of step with it is said before the differences."""
    from ..language.advice import warnings_for

    for ruleset in rulesets:
        for warning in warnings_for(ruleset):
            print(warning.render(color=use_color(sys.stderr)), file=sys.stderr)


def _print_text(report: str) -> None:
    """Topic headings in bold when colour is allowed; otherwise the plain report."""
    if not use_color(sys.stdout):
        sys.stdout.write(report)
        return
    console = out()
    for line in report.rstrip("\n").split("\n"):
        heading = bool(line) and not line.startswith(" ")
        console.print(Text(line, style="bold" if heading else ""))


def register(app: typer.Typer) -> None:
    app.command("diff")(diff)
