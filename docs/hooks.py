"""Docs stage, MkDocs build hook: rulebook and diff pages for the archive, and the CLI reference, made at build time.

Nothing here is written under docs/: every generated page exists only in the build.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass

from mkdocs.structure.files import File, Files

from touring_dsl.language.archive import load

from touring_dsl.language.locate import archive_files
from touring_dsl.language.errors import TouringError
from touring_dsl.language.model import Ruleset

log = logging.getLogger("mkdocs.plugins.touring")
# A missing optional module is announced outside the mkdocs logger, so a strict build does not stop.
notice = logging.getLogger("touring.docs")

EDITIONS_INDEX = "editions/index.md"
DIFFS_INDEX = "diffs/index.md"
CLI_MARKER = "<!-- touring:cli-reference -->"


@dataclass(frozen=True)
class Edition:
    id: str
    ruleset: Ruleset
    house: bool

    @property
    def page(self) -> str:
        return f"editions/{self.id}.md"


_state: dict = {}


# events -----------------------------------------------------------------------------------------------

def on_config(config):
    editions = _load_archive()
    differ = _differ()
    pairs = _diff_pairs(editions) if differ else []
    _state.update(editions=editions, pairs=pairs, differ=differ)
    config["nav"] = [_expand(item, editions, pairs) for item in config["nav"] or []]
    return config


def on_files(files: Files, config) -> Files:
    editions: list[Edition] = _state["editions"]
    by_id = {e.id: e for e in editions}
    files.append(File.generated(config, EDITIONS_INDEX, content=_editions_index(editions)))
    for edition in editions:
        parent = by_id[edition.ruleset.parent].ruleset if edition.ruleset.parent in by_id else None
        markdown, html, pdf = _rulebook(edition.ruleset, parent)
        files.append(File.generated(config, edition.page, content=_edition_page(edition, markdown, pdf is not None)))
        files.append(File.generated(config, f"editions/{edition.id}.html", content=html))
        if pdf is not None:
            files.append(File.generated(config, f"editions/{edition.id}.pdf", content=pdf))
    files.append(File.generated(config, DIFFS_INDEX, content=_diffs_index(_state["pairs"])))
    diff_rulesets, render_markdown = _state["differ"] or (None, None)
    for a, b in _state["pairs"]:
        text = render_markdown(diff_rulesets(by_id[a].ruleset, by_id[b].ruleset))
        files.append(File.generated(config, _diff_page(a, b), content=text))
    return files


def on_page_markdown(markdown: str, page, config, files):
    if CLI_MARKER in markdown:
        from touring_dsl.cli.app import app

        markdown = markdown.replace(CLI_MARKER, cli_reference(app))
    return markdown


# the archive ----------------------------------------------------------------------------------------

def _load_archive() -> list[Edition]:
    from touring_dsl.base.resources import editions_dir

    root = editions_dir()
    editions = []
    for path in archive_files():
        house = len(path.relative_to(root).parts) > 1
        try:
            editions.append(Edition(path.stem, load(str(path)), house))
        except TouringError as exc:  # a broken archive file fails a strict build, with the compiler's message
            log.error("touring docs: %s does not compile, so it has no page:\n%s", path.name, exc.render())
    return editions


def _diff_pairs(editions: list[Edition]) -> list[tuple[str, str]]:
    """Each variant against its parent, each edition against the one before it in time, and a
    descendant game (another title) against the latest edition before it of the oldest game."""
    pairs = []
    standalone = sorted((e for e in editions if not e.house and not e.ruleset.parent),
                        key=lambda e: (e.ruleset.year or 0, e.id))
    family = [e for e in standalone if standalone and e.ruleset.title == standalone[0].ruleset.title]
    for older, newer in zip(family, family[1:]):
        pairs.append((older.id, newer.id))
    for descendant in (e for e in standalone if e not in family):
        before = [e for e in family if (e.ruleset.year or 0) <= (descendant.ruleset.year or 0)]
        if before:
            pairs.append((before[-1].id, descendant.id))
    ids = {e.id for e in editions}
    for edition in editions:
        if not edition.house and edition.ruleset.parent in ids:
            pairs.append((edition.ruleset.parent, edition.id))
    order = {e.id: i for i, e in enumerate(standalone)}
    return sorted(pairs, key=lambda p: (order.get(p[0], 99), p[1]))


def _differ():
    """(diff_rulesets, render_markdown), or None while the differ does not exist."""
    try:
        from touring_dsl.diff import diff_rulesets, render_markdown
    except ImportError as exc:
        notice.warning("touring docs: diff pages skipped, touring_dsl.diff is not importable (%s)", exc)
        return None
    return diff_rulesets, render_markdown


def _diff_page(a: str, b: str) -> str:
    return f"diffs/{a}--{b}.md"


def _expand(item, editions: list[Edition], pairs: list[tuple[str, str]]):
    """Replace the nav's editions and diffs entries by a section listing every generated page."""
    if not isinstance(item, dict) or len(item) != 1:
        return item
    (title, target), = item.items()
    if target == EDITIONS_INDEX:
        pages = [{"Overview": EDITIONS_INDEX}] + [{e.id: e.page} for e in editions if not e.house]
        house = [{e.id: e.page} for e in editions if e.house]
        return {title: pages + ([{"House rules": house}] if house else [])}
    if target == DIFFS_INDEX:
        return {title: [{"Overview": DIFFS_INDEX}] + [{f"{a} → {b}": _diff_page(a, b)} for a, b in pairs]}
    return item


# page contents ------------------------------------------------------------------------------------------

def _rulebook(ruleset: Ruleset, parent: Ruleset | None) -> tuple[str, str, bytes | None]:
    from touring_dsl.rulebook import build
    from touring_dsl.rulebook.html import render as to_html
    from touring_dsl.rulebook.markdown import render as to_markdown

    book = build(ruleset, parent)
    try:
        from touring_dsl.rulebook.pdf import render as to_pdf

        pdf = to_pdf(book)
    except ImportError:
        notice.warning("touring docs: typst is not installed; the PDF rulebooks are left out")
        pdf = None
    return to_markdown(book), to_html(book), pdf


def _edition_page(edition: Edition, markdown: str, has_pdf: bool) -> str:
    _, _, rest = markdown.partition("\n")  # the rulebook's own title, which names the game but not the edition
    title = f"# {page_heading(edition)}"
    kind = "house rule" if edition.house else "edition"
    links = [f"[standalone HTML]({edition.id}.html)"]
    if has_pdf:
        links.insert(0, f"[printable PDF]({edition.id}.pdf)")
    note = (f'\n!!! note "Generated rulebook"\n    This page is printed from the {kind} file '
            f"`{edition.id}.touring` when the site is built. Also available as {' and '.join(links)}.\n")
    return f"{title}\n{note}{rest}"


def page_heading(edition: Edition) -> str:
    """The edition a page is about, told apart from its siblings: title, subtitle (a house rule's
    title already says what it is), year and id."""
    r = edition.ruleset
    name = r.title if edition.house or not r.subtitle else f"{r.title}: {r.subtitle}"
    year = f"{r.year}, " if r.year else ""
    return f"{name} ({year}{edition.id})"


def _editions_index(editions: list[Edition]) -> str:
    lines = ["# Editions", "",
             "Every edition in the archive, with its rulebook generated from the edition file when this "
             "site was built. Assumptions the editors made where a rule sheet is silent are marked in each "
             "rulebook and listed at its end.", "",
             "| Edition | Title | Year | Publisher | Race | Extends |", "| --- | --- | --- | --- | --- | --- |"]
    for e in (e for e in editions if not e.house):
        lines.append(_index_row(e))
    house = [e for e in editions if e.house]
    if house:
        lines += ["", "## House rules", "",
                  "| Edition | Title | Year | Publisher | Race | Extends |", "| --- | --- | --- | --- | --- | --- |"]
        lines += [_index_row(e) for e in house]
    return "\n".join(lines) + "\n"


def _index_row(e: Edition) -> str:
    r = e.ruleset
    title = r.title + (f": {r.subtitle}" if r.subtitle else "")
    years = f"{r.year}-{r.year_end}" if r.year_end else r.year or "unknown"
    return (f"| [{e.id}]({e.id}.md) | {title} | {years} | {r.publisher} | {r.race.miles} {r.race.unit} "
            f"| {r.parent or ''} |")


def _diffs_index(pairs: list[tuple[str, str]]) -> str:
    lines = ["# Differences between editions", ""]
    if not pairs:
        lines.append("The comparisons are generated by `touring diff`; they were not available when this site "
                     "was built.")
    else:
        lines += ["Each page compares two editions by meaning, as `touring diff A B` does: each variant against "
                  "its parent, and each edition against the one before it.", ""]
        lines += [f"- [{a} → {b}]({a}--{b}.md)" for a, b in pairs]
    return "\n".join(lines) + "\n"


# the CLI reference ----------------------------------------------------------------------------------------

def cli_reference(app) -> str:
    """Markdown for every subcommand of the typer app: what it does, its usage and its options."""
    import click
    import typer.main

    root = typer.main.get_command(app)
    root_ctx = click.Context(root, info_name="touring")
    parts = [_command_markdown(root, root_ctx, "touring", level=2, is_root=True)]
    for name in sorted(root.list_commands(root_ctx)):
        command = root.get_command(root_ctx, name)
        ctx = click.Context(command, info_name=name, parent=root_ctx)
        parts.append(_command_markdown(command, ctx, f"touring {name}", level=2))
    return "\n".join(parts)


def _command_markdown(command, ctx, title: str, level: int, is_root: bool = False) -> str:
    help_text = (command.help or "").strip().split("\n\n")[0].replace("\n", " ")
    usage = "touring [OPTIONS] COMMAND [ARGS]..." if is_root else " ".join([title, "[OPTIONS]"] + [
        _argument_usage(p) for p in command.params if _is_argument(p)])
    lines = [f"{'#' * level} `{title}`", "", help_text, "", "```text", usage, "```", ""]
    rows = []
    for param in command.params:
        if _is_argument(param):
            name, what = f"`{param.name.upper()}`", getattr(param, "help", None) or ""
        else:
            name, what = ", ".join(f"`{o}`" for o in param.opts + param.secondary_opts), param.help or ""
        if param.required:
            what += " (required)"
        else:
            what += _default_note(param, what, is_root)
        rows.append(f"| {name} | {_value_kind(param)} | {what.strip().replace('|', '/')} |")
    rows.append("| `--help` | flag | Show the command's help and exit. |")
    lines += ["| Argument or option | Value | Meaning |", "| --- | --- | --- |", *rows, ""]
    return "\n".join(lines)


def _argument_usage(param) -> str:
    name = param.name.upper() + ("..." if param.nargs == -1 else "")
    return name if param.required else f"[{name}]"


def _is_argument(param) -> bool:
    return getattr(param, "param_type_name", "") == "argument"


def _value_kind(param) -> str:
    """flag, number, text or the choices, judged from the parameter and its default."""
    from enum import Enum

    if getattr(param, "is_flag", False):
        return "flag"
    default = param.default
    if isinstance(default, Enum):
        return " / ".join(f"`{m.value}`" for m in type(default))
    if isinstance(default, (int, float)) and not isinstance(default, bool):
        return "number"
    return "text"


def _default_note(param, what: str, is_root: bool) -> str:
    default = param.default
    if is_root or "default" in what.lower() or default in (None, False, "", ()) or callable(default):
        return ""
    return f" (default: `{getattr(default, 'value', default)}`)"
