"""CLI stage, `touring rulebook`: print an edition's rulebook as Markdown, standalone HTML or PDF."""
from __future__ import annotations

import sys
from pathlib import Path

import typer

from .common import EXIT_USAGE, checked_language, err, fail, load_edition

FORMATS = {".md": "md", ".markdown": "md", ".html": "html", ".htm": "html", ".pdf": "pdf"}


def choose_format(output: str, fmt: str | None, command: str = "rulebook") -> str:
    """The format asked for, else the one the output file's suffix names."""
    if fmt:
        fmt = fmt.lower().lstrip(".")
        fmt = {"markdown": "md", "htm": "html"}.get(fmt, fmt)
        if fmt not in ("md", "html", "pdf"):
            fail(f"touring {command}: unknown format {fmt!r}; choose md, html or pdf", EXIT_USAGE)
        return fmt
    if output == "-":
        return "md"
    suffix = Path(output).suffix.lower()
    if suffix not in FORMATS:
        fail(f"touring {command}: cannot tell the format from {output!r}; name the file .md, .html or .pdf, "
             "or pass --format", EXIT_USAGE)
    return FORMATS[suffix]


PAPERS = {"letter": "us-letter", "a4": "a4"}


def render(ruleset, fmt: str, rules_only: bool = False, paper: str = "letter", edition: str = "family") -> bytes:
    from ..rulebook import build

    return render_book(build(ruleset, edition="rules" if rules_only else edition), fmt, "rulebook", paper)


def render_book(book, fmt: str, command: str, paper: str = "letter") -> bytes:
    """A rulebook-shaped document (a rulebook, a party's score sheet) as Markdown, HTML or PDF bytes."""
    if fmt == "md":
        from ..rulebook.markdown import render as to_markdown

        return to_markdown(book).encode("utf-8")
    if fmt == "html":
        from ..rulebook.html import render as to_html

        return to_html(book).encode("utf-8")
    try:
        from ..rulebook.pdf import render as to_pdf

        return to_pdf(book, PAPERS[paper])
    except ImportError:
        fail(f"touring {command}: PDF output needs the typst package (pip install 'touring-dsl[pdf]')")


def rulebook(edition: str = typer.Argument(..., help="An archive id or a path."),
             output: str = typer.Option("-", "--output", "-o",
                                        help="File to write (.md, .html or .pdf); '-' for standard output."),
             fmt: str = typer.Option(None, "--format", "-f", help="md, html or pdf; default: from the suffix."),
             rules_only: bool = typer.Option(False, "--rules-only",
                                             help="The family edition without its worked examples: only the rules."),
             scholarly: bool = typer.Option(False, "--scholarly",
                                            help="The scholarly edition: every worked example, the source of "
                                                 "every rule and every editorial assumption, marked in the text."),
             paper: str = typer.Option(None, "--paper", help="PDF page size: a4 or letter (default letter)."),
             lang: str = typer.Option(None, "--lang",
                                      help="The reader's language: en or fr (default: the edition's own).")) -> None:
    """Write the rulebook of an edition: the rules a family plays by, or with --scholarly every source.

    By default the family edition: the rules and a few worked examples. --scholarly adds every example, the
    source of each rule and each editorial assumption; --rules-only leaves out the examples too. --lang
    chooses the language of the sentences (the card names are always the edition's)."""
    from ..base.i18n import reading, reader_language

    lang = checked_language(lang, "rulebook")
    if rules_only and scholarly:
        fail("touring rulebook: --rules-only and --scholarly cannot be combined: the one leaves out what the "
             "other adds", EXIT_USAGE)
    chosen = choose_format(output, fmt)
    if output == "-" and chosen == "pdf":
        fail("touring rulebook: a PDF cannot go to standard output; give a file with -o", EXIT_USAGE)
    if paper is not None:
        paper = paper.lower()
        if paper not in PAPERS:
            fail(f"touring rulebook: unknown paper {paper!r}; choose a4 or letter", EXIT_USAGE)
        if chosen != "pdf":
            fail("touring rulebook: --paper sets the page size of a PDF; the output here is "
                 f"{chosen}", EXIT_USAGE)
    ruleset = load_edition(edition)
    with reading(reader_language(ruleset.language, lang)):
        data = render(ruleset, chosen, rules_only, paper or "letter", "scholarly" if scholarly else "family")
    if output == "-":
        sys.stdout.write(data.decode("utf-8"))
        sys.stdout.flush()
        return
    try:
        Path(output).write_bytes(data)
    except OSError as exc:
        fail(f"touring rulebook: cannot write {output}: {exc.strerror or exc}")
    err().print(f"wrote {output} ({chosen}, {len(data):,} bytes)", markup=False)


def register(app: typer.Typer) -> None:
    app.command("rulebook")(rulebook)
