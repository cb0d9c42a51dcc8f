"""Web stage, the workshop's tasks: what the editor asks of a draft (its diagnostics, its rulebook, its diff
against its parent, its worked examples, a balance run), each done here in the workshop's child process
(workshop_worker.py), never in the server: the draft is the author's text, compiled with limits on time
and memory.

Every task takes the draft's text, an empty folder of the child's own (the draft is compiled as if it
were a file there, so nothing beside it can be read) and the request's options (already checked by the
server, workshop_routes; among them the draft's id, under which the child keeps its analysis), and returns
plain JSON-ready data. The check, completion and hover are the language server's (workshop_help); the
panes' compile is the same analysis (workshop_compile), made once for a text.
"""
from __future__ import annotations

from pathlib import Path

from ..language.errors import Diagnostic, InternalError
from .workshop_compile import DRAFT_NAME, compile_draft, parent_of


def check(text: str, folder: Path, options: dict) -> dict:
    from .workshop_help import check as lsp_check

    return lsp_check(text, options.get("draft"))


def not_compiled(diagnostics: list[Diagnostic]) -> dict:
    count = sum(d.severity == "error" for d in diagnostics)
    return {"compiles": False, "errors": count}


def rulebook(text: str, folder: Path, options: dict) -> dict:
    """The rulebook as `touring rulebook` prints it, its body only (the page styles it)."""
    from ..rulebook.html import rulebook_html

    ruleset, diagnostics, _ = compile_draft(text, options.get("draft"))
    if ruleset is None:
        return not_compiled(diagnostics)
    page = rulebook_html(ruleset, parent_of(ruleset))
    body = page.split("<main>", 1)[-1].rsplit("</main>", 1)[0]
    return {"compiles": True, "title": ruleset.title, "html": body}


def diff(text: str, folder: Path, options: dict) -> dict:
    """What the draft changes against the archive edition it extends, one sentence a change, by topic."""
    from ..diff import diff_rulesets
    from ..diff.render import render_json

    ruleset, diagnostics, _ = compile_draft(text, options.get("draft"))
    if ruleset is None:
        return not_compiled(diagnostics)
    parent = parent_of(ruleset)
    if parent is None:
        return {"compiles": True, "parent": None}
    data = render_json(diff_rulesets(parent, ruleset))
    return {"compiles": True, "parent": parent.id, "parent_title": parent.title, "same": data["same"],
            "count": data["count"],
            "topics": [{"title": t["title"],
                        "changes": [{"action": c["action"], "text": c["text"]} for c in t["changes"]]}
                       for t in data["topics"]]}


def examples(text: str, folder: Path, options: dict) -> dict:
    """Each worked example's outcome, with its line in the draft (an example the parent gives has none)."""
    from ..play.scenarios import run_examples

    ruleset, diagnostics, own_file = compile_draft(text, options.get("draft"))
    if ruleset is None:
        return not_compiled(diagnostics)
    found = []
    for result in run_examples(ruleset):
        where = result.location
        own = where is not None and where.file == own_file
        found.append({"title": result.title, "passed": result.passed, "line": where.line if own else None,
                      "failures": [{"message": f.message,
                                    "line": f.location.line if f.location and f.location.file == own_file else None}
                                   for f in result.failures]})
    return {"compiles": True, "examples": found, "passed": sum(e["passed"] for e in found),
            "failed": sum(not e["passed"] for e in found)}


BALANCE_SLICE = 10  # games between two reports of progress


def balance(text: str, folder: Path, options: dict, progress=None) -> dict:
    """A small `touring simulate` of the draft: options give the players, the bots (one or two names) and
    the games; the report's numbers, and its figure as SVG (workshop_plot)."""
    from ..simulate import Plan, seat_bots
    from ..simulate.runner import run_chunk
    from ..simulate.stats import Tally, report
    from ..simulate.warm import run_facts
    from .workshop_plot import report_svg

    ruleset, diagnostics, _ = compile_draft(text, options.get("draft"))
    if ruleset is None:
        return not_compiled(diagnostics)
    players, names, games = options["players"], options["bots"], options["games"]
    if players not in ruleset.player_counts():
        counts = ", ".join(map(str, ruleset.player_counts()))
        return {"compiles": True, "refused": f"{ruleset.title} is played by {counts} players, not {players}"}
    path = folder / DRAFT_NAME
    path.write_text(text, encoding="utf-8")
    setup = ruleset.setup_for(players, None).id
    rotate = len(set(names)) > 1
    plan = Plan(edition=str(path), players=players, setup=setup, bots=seat_bots(names, players), seed=1,
                games=games, rotate=rotate)
    total = Tally(players=players, bots=plan.bots)
    for start in range(0, games, BALANCE_SLICE):
        tally, _ = run_chunk(plan, start, min(games, start + BALANCE_SLICE))
        total.merge(tally)
        if progress:
            progress(total.games, games)
    facts = run_facts(ruleset, players, setup)
    data = report(total, list(facts.side_of), race_miles=facts.race_miles, rotate=rotate)
    data["edition"] = ruleset.id
    data["unit"] = facts.unit
    return {"compiles": True, "report": {key: data[key] for key in SHOWN_NUMBERS},
            "svg": report_svg(data)}


SHOWN_NUMBERS = ("edition", "unit", "games", "players", "rotate", "seats", "bots", "ties", "first_seat_advantage",
                 "skill", "length", "completed_share", "lead_changes_per_game", "wire_to_wire_share", "drama",
                 "decisiveness")


def template(text: str, folder: Path, options: dict) -> dict:
    """A new draft's text: a house rule of an archive edition as `touring new` writes it, or the edition's
    whole file to edit as an edition of its own."""
    from ..cli.new import variant_text
    from ..language.archive import load
    from ..language.locate import archive_ids, find_edition

    edition = options["edition"]
    if edition not in archive_ids():
        raise InternalError(f"no archive edition {edition!r}")  # the server checks the id before asking
    if options["start"] == "copy":
        return {"text": find_edition(edition).read_text(encoding="utf-8")}
    return {"text": variant_text("our-rules", load(edition), edition, folder)}


def help_task(kind: str):
    def task(text: str, folder: Path, options: dict) -> dict:
        from . import workshop_help

        ask = workshop_help.completions if kind == "complete" else workshop_help.hover
        return ask(text, options["line"], options["column"], options.get("draft"))
    return task


TASKS = {"check": check, "rulebook": rulebook, "diff": diff, "examples": examples, "balance": balance,
         "template": template, "complete": help_task("complete"), "hover": help_task("hover")}
