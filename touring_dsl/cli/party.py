"""CLI stage, `touring party`: run a Progressive Touring party for a host: seats, rounds, scores, standings."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from ..base.i18n import (_, language, ngettext, reader_language, set_language,
                         typography)
from .fit_lines import print_fitted
from .common import EXIT_INTERRUPTED, EXIT_USAGE, Stop, ask, checked_language, err, fail, load_edition, out, print_json, usable_text

def help_text() -> str:
    return typography(_("""\
Type the miles each side had laid when the signal sounded, e.g. 45.
When a game was won before the signal and another begun, add the games: 110+20.
  t   show this round's tables again
  s   show the standings so far
  q   stop; everything entered is saved, continue later with --resume"""))


HELP = help_text()  # the help in English, as the module is read


def counted(n: int, what: str) -> str:
    """'3 players', '1 table', '4 rounds', '20 minutes', '2 moves' in the reader's language."""
    forms = {"player": ngettext("{n} player", "{n} players", n), "table": ngettext("{n} table", "{n} tables", n),
             "round": ngettext("{n} round", "{n} rounds", n), "minute": ngettext("{n} minute", "{n} minutes", n),
             "move": ngettext("{n} move", "{n} moves", n)}
    return forms[what].format(n=n)


def distance(n: int, unit: str) -> str:
    return ngettext("{n} mile", "{n} miles", n).format(n=n) if unit == "miles" else f"{n} {unit}"


def miles_word(n: int) -> str:
    """'mile' or 'miles' alone, after a figure set in its column."""
    return ngettext("mile", "miles", n)


def party(
    edition: Optional[str] = typer.Argument(None, help="An archive id or a path (not needed with --resume)."),
    players: Optional[str] = typer.Option(None, "--players", "-p",
                                          help='How many players ("8") or their names ("Ann,Bob,...").'),
    rounds: Optional[int] = typer.Option(None, "--rounds", "-r", help="Rounds in the evening (default 4)."),
    minutes: Optional[int] = typer.Option(None, "--minutes", help="Minutes a round (default: the edition's)."),
    table_size: Optional[int] = typer.Option(None, "--table-size", help="Players at a table (default: the edition's first)."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed for the seat draw and for cuts that settle ties."),
    umpire: Optional[str] = typer.Option(None, "--umpire", help="Who records the scores, where the edition has an umpire."),
    in_order: bool = typer.Option(False, "--in-order", help="Seat players in the order given instead of drawing seats."),
    save_to: Optional[Path] = typer.Option(None, "--save", help="The party's file (default party-EDITION.json)."),
    resume: Optional[Path] = typer.Option(None, "--resume", help="Continue the party saved in this file."),
    scores: Optional[Path] = typer.Option(None, "--scores", help="Record miles from a CSV of round,player,miles."),
    output: Optional[str] = typer.Option(None, "--output", "-o", help="Write the score sheet (.md, .html or .pdf)."),
    fmt: Optional[str] = typer.Option(None, "--format", "-f", help="md, html or pdf; default: from the suffix."),
    as_json: bool = typer.Option(False, "--json", help="Print the party and standings as JSON; never prompt."),
    lang: Optional[str] = typer.Option(None, "--lang", help="The language the host reads: en or fr (default: the "
                                       "edition's own)."),
) -> None:
    """Run a Progressive Touring party: seat the players, take each table's miles, move them, keep standings."""
    lang = checked_language(lang, "party")
    before = language()
    try:
        run_party(edition, players, rounds, minutes, table_size, seed, umpire, in_order, save_to, resume, scores,
                  output, fmt, as_json, lang)
    finally:
        set_language(before)  # the command read in its host's language; whoever called it reads in its own


def run_party(edition, players, rounds, minutes, table_size, seed, umpire, in_order, save_to, resume, scores,
              output, fmt, as_json, lang) -> None:
    """`touring party` itself, read in the host's language from the moment the edition is loaded."""
    from ..party.record import PartyError
    from .rulebook import choose_format

    chosen = choose_format(output, fmt, "party") if output else None
    if chosen == "pdf" and output == "-":
        fail("touring party: a PDF cannot go to standard output; give a file with -o", EXIT_USAGE)
    try:
        if resume is not None:
            ruleset, record, path = _resumed(resume, edition, players, table_size, seed, rounds, lang)
        else:
            ruleset, record, path = _new(edition, players, rounds, minutes, table_size, seed, in_order, save_to,
                                         umpire, lang)
        stopped = None
        if scores is not None:
            record = _import(record, ruleset, scores, path, show=not as_json)
        elif not as_json and not record.finished:
            stopped = _prompt_rounds(record, ruleset, path)
    except PartyError as exc:
        fail(f"touring party: {exc}")
    if as_json:
        print_json(_json(record, ruleset))
    elif stopped is None:
        _show_standings(record, ruleset)
    if output:
        _write_sheet(record, ruleset, output, chosen)
    if stopped is not None:
        raise typer.Exit(stopped)


def _new(edition, players, rounds, minutes, table_size, seed, in_order, save_to, umpire, lang=None):
    from ..base.json_input import SEED_RANGE, seed_in_range
    from ..party.host import player_names, start
    from .play import free_name, fresh_seed

    if edition is None:
        fail("touring party: name an edition, or continue a party with --resume FILE", EXIT_USAGE)
    usable_text(edition, "the edition", "party")  # the save names it
    if players is None:
        fail("touring party: say who comes with --players (a number, or names separated by commas)", EXIT_USAGE)
    if minutes is not None and minutes < 1:
        fail("touring party: --minutes must be at least 1", EXIT_USAGE)
    if seed is not None and not seed_in_range(seed):
        fail(f"touring party: --seed should be {SEED_RANGE}", EXIT_USAGE)
    ruleset = load_edition(edition)
    set_language(reader_language(ruleset.language, lang))
    if ruleset.progressive is None:
        fail(f"touring party: {ruleset.id} describes no progressive play")
    record = start(ruleset, edition, player_names(players), rounds or 4, minutes, table_size,
                   seed if seed is not None else fresh_seed(), shuffle=not in_order, umpire=umpire)
    path = save_to or free_name(f"party-{ruleset.id}.json")
    _save(path, record)
    say(_("{title} ({id}), Progressive Touring: {players} at {tables}, {rounds}, seed {seed}.").format(
        title=ruleset.title, id=ruleset.id, players=counted(len(record.players), "player"),
        tables=counted(len(record.rounds[0].tables), "table"), rounds=counted(record.rounds_planned, "round"),
        seed=record.seed))
    note(_("The party is saved in {path} after every table; continue it with: touring party --resume {path}").format(
        path=path))
    return ruleset, record, path


def _resumed(path: Path, edition, players, table_size, seed, rounds, lang=None):
    from ..party.host import replan, seat_next_round
    from ..party.save import load

    for given, flag in ((players, "--players"), (table_size, "--table-size"), (seed, "--seed")):
        if given is not None:
            fail(f"touring party: {flag} cannot be combined with --resume: the saved party decides it", EXIT_USAGE)
    record = load(path)
    ruleset = load_edition(edition or record.edition)
    set_language(reader_language(ruleset.language, lang))
    if ruleset.id != record.edition_id:
        fail(f"touring party: {path} is a party of {record.edition_id}, not of {ruleset.id}", EXIT_USAGE)
    if ruleset.source_hash != record.source_hash:
        fail(f"touring party: the rules of {ruleset.id} have changed since the party began; "
             "finish it with the edition it started with")
    if rounds is not None and rounds != record.rounds_planned:
        replan(record, ruleset, rounds)
        _save(path, record)
    elif seat_next_round(record, ruleset):  # saved between a round's last table and the next round's seats
        _save(path, record)
    note(_("Resuming the {edition} party in {path}: {done} of {rounds} recorded.").format(
        edition=record.edition_id, path=path, done=len(record.completed_rounds()),
        rounds=counted(record.rounds_planned, "round")))
    return ruleset, record, path


def _save(path: Path, record) -> None:
    from ..party.save import save

    try:
        save(path, record)
    except OSError as exc:
        fail(f"touring party: cannot write {path}: {exc.strerror or exc}")


def _import(record, ruleset, scores: Path, path: Path, show: bool):
    from ..party.host import import_csv

    record, count = import_csv(record, ruleset, scores)
    _save(path, record)
    note(_("Recorded {rounds} from {scores}; saved in {path}.").format(rounds=counted(count, "round"), scores=scores,
                                                                      path=path))
    if record.current is not None and show:
        show_plan(record, ruleset, record.current)
    return record


# -- the host at the keyboard ---------------------------------------------------------------------

def _prompt_rounds(record, ruleset, path: Path) -> int | None:
    """Ask for every table's miles until the party ends (None), or the host stops (the exit status)."""
    from ..party.host import enter

    saved = True
    try:
        while not record.finished:
            rnd = record.current
            show_plan(record, ruleset, rnd)
            for table in [t for t in rnd.tables if not t.recorded]:
                _ask_table(record, ruleset, rnd, table, enter)
                saved = _save_or_keep(path, record, saved)
            show_results(rnd)
            if record.current is not None:
                show_moves(rnd, record.current)
    except Stop as stop:
        if not saved:
            path = _save_at_last(path, record)
        what = {"quit": _("Stopped"), "eof": _("Input ended"), "interrupt": _("Interrupted")}[str(stop)]
        note(_("{what}; every table entered is saved in {path}.\nContinue with: touring party --resume {path}").format(
            what=what, path=path))
        return EXIT_INTERRUPTED if str(stop) == "interrupt" else 0
    if not saved:
        _save_at_last(path, record)
    return None


def _save_or_keep(path: Path, record, saved_before: bool) -> bool:
    """Save after a table; when the disk cannot take it the tables stay in memory, the host is told (once)
    and the next table's save tries again. True when the file holds every table entered."""
    from ..party.save import save

    try:
        save(path, record)
    except OSError as exc:
        if saved_before:
            note(_("Cannot save the party to {path} ({why}): every table entered is kept here and saved with the next "
                   "one, or when you stop; free some space on that disk.").format(path=path, why=exc.strerror or exc))
        return False
    if not saved_before:
        note(_("The party is saved in {path} again, every table entered included.").format(path=path))
    return True


def _save_at_last(path: Path, record) -> Path:
    """The party's last save: its file, or else a file of the same name in the home or temporary folder;
    exit 1 when none can be written (the tables entered since the last save would be lost)."""
    import tempfile

    from ..party.save import save
    from .play import free_name

    problem = None
    for place in (path, free_name(path.name, Path.home()), free_name(path.name, Path(tempfile.gettempdir()))):
        try:
            save(place, record)
        except OSError as exc:
            problem = problem or exc
            continue
        if place != path:
            note(_("Cannot write {path} ({why}); the party is saved in {place} instead.").format(
                path=path, why=problem.strerror or problem, place=place))
        else:
            note(_("The party is saved in {path} again, every table entered included.").format(path=path))
        return place
    fail(f"touring party: cannot write {path} ({problem.strerror or problem}) nor anywhere else; it holds the "
         "party as it was before the tables entered since")


def _ask_table(record, ruleset, rnd, table, enter) -> None:
    from ..party.record import PartyError
    from ..party.scores import parse_games, side_name

    race = ruleset.setup_for(len(table.players)).race.miles
    while True:
        by_side = []
        for side in table.sides:
            by_side.append(_ask_miles(typography(_("Round {number}, table {table}: miles for {side}? ").format(
                number=rnd.number, table=table.number, side=side_name(side))),
                                      record, ruleset, rnd, parse_games, race, side_name(side)))
        try:
            enter(record, ruleset, table, by_side)
            return
        except PartyError as exc:
            say(_("{problem}. Enter table {table} again.").format(problem=exc, table=table.number))


def _ask_miles(prompt: str, record, ruleset, rnd, parse_games, race: int, who: str) -> list[int]:
    from ..party.record import PartyError

    while True:
        answer = ask(prompt).strip().lower()
        if not sys.stdin.isatty():
            say(answer)  # piped input is not echoed: keep the transcript readable
        if answer in ("?", "h", "help", "aide"):
            say(help_text())
        elif answer in ("q", "quit"):
            raise Stop("quit")
        elif answer in ("t", "table"):
            show_plan(record, ruleset, rnd)
        elif answer in ("s", "standings"):
            _show_standings(record, ruleset)
        else:
            try:
                games = parse_games(answer)
            except PartyError as exc:
                say(typography(_("{problem}; ? for help").format(problem=exc)))
                continue
            if max(games) > race:  # caught as typed, not after the whole table is entered
                say(typography(_("{miles} for {who} is beyond the race of {race} (when a game was won and another "
                                 "begun, write the games' miles as {example}+20); ? for help").format(
                    miles=distance(max(games), "miles"), who=who, race=distance(race, "miles"), example=race)))
                continue
            return games


# -- what the host reads -----------------------------------------------------------------------------

def say(text: str) -> None:
    print_fitted(out(), text)


def note(text: str) -> None:
    """What the tool did (saved, resumed): on stderr, so standard output stays the party's own text."""
    print_fitted(err(), text)


def show_plan(record, ruleset, rnd) -> None:
    from ..party.scores import side_name

    length = _("play for {minutes}, then give the signal").format(minutes=counted(record.minutes, "minute")) \
        if record.minutes else _("play until the host gives the signal")
    say("")
    say(typography(_("Round {number} of {rounds}: {length}.").format(number=rnd.number, rounds=record.rounds_planned,
                                                                     length=length)))
    for table in rnd.tables:
        head = _(" (head table)") if table.number == 1 and len(rnd.tables) > 1 else ""
        setup = ruleset.setup_for(len(table.players))
        race = _(", race of {distance}").format(distance=distance(setup.race.miles, setup.race.unit)) \
            if setup.race.miles != ruleset.race.miles else ""
        say(typography(_("  Table {number}{head}: {sides}{race}").format(
            number=table.number, head=head, sides=" v ".join(side_name(s) for s in table.sides), race=race)))
    if record.umpire:
        say(_("At the signal the umpire, {umpire}, goes from table to table and records the miles.").format(
            umpire=record.umpire))


def show_results(rnd) -> None:
    from ..party.scores import side_name

    say(typography(_("Round {number} results:").format(number=rnd.number)))
    for table in rnd.tables:
        totals = table.totals()
        score = " v ".join(f"{side_name(s)} {m}" for s, m in zip(table.sides, totals))
        cut = _(" (settled by a cut of the cards)") if table.cut else ""
        winners = table.sides[table.winner]
        text = _("  Table {number}: {score}; {winners} wins{cut}") if len(winners) == 1 else \
            _("  Table {number}: {score}; {winners} win{cut}")
        say(typography(text.format(number=table.number, score=score, winners=side_name(winners), cut=cut)))


def show_moves(before, after) -> None:
    """Who changes tables for the next round, and where to."""
    moves: dict[tuple[int, int], list[str]] = {}
    for table in before.tables:
        for player in table.players:
            target = after.table_of(player).number
            if target != table.number:
                moves.setdefault((table.number, target), []).append(player)
    if not moves:
        say(_("  Everyone keeps their table."))
    for (old, new), players in sorted(moves.items()):
        if new < old:
            text = _("  {players} moves up from table {old} to table {new}.") if len(players) == 1 else \
                _("  {players} move up from table {old} to table {new}.")
        else:
            text = _("  {players} moves down from table {old} to table {new}.") if len(players) == 1 else \
                _("  {players} move down from table {old} to table {new}.")
        say(text.format(players=", ".join(players), old=old, new=new))


def _show_standings(record, ruleset) -> None:
    from ..party.standings import standings

    rows = standings(record, ruleset.progressive.prizes)
    done = len(record.completed_rounds())
    say("")
    say(typography(_("Final standings:") if record.finished else _("Standings after {done} of {rounds}:").format(
        done=done, rounds=counted(record.rounds_planned, "round"))))
    width = max(len(r.player) for r in rows)
    for r in rows:
        prize = _("  prize") if r.prize and record.finished else ""
        won = _("{won} won, {moves}{prize}").format(won=r.rounds_won, moves=counted(r.moves, "move"), prize=prize)
        say(f"  {r.place:>2}. {r.player.ljust(width)}  {r.total:>5} {miles_word(r.total):<5}  {won}")
    if record.current is not None and done:
        show_plan(record, ruleset, record.current)


def _json(record, ruleset) -> dict:
    from dataclasses import asdict

    from ..party.save import to_json
    from ..party.standings import standings

    return {"party": to_json(record), "finished": record.finished,
            "standings": [asdict(r) for r in standings(record, ruleset.progressive.prizes)]}


def _write_sheet(record, ruleset, output: str, chosen: str) -> None:
    from ..party.sheet import build
    from .rulebook import render_book

    data = render_book(build(record, ruleset), chosen, "party")
    if output == "-":
        sys.stdout.write(data.decode("utf-8"))
        return
    try:
        Path(output).write_bytes(data)
    except OSError as exc:
        fail(f"touring party: cannot write {output}: {exc.strerror or exc}")
    err().print(f"wrote {output} ({chosen}, {len(data):,} bytes)", markup=False)


def simulate_parties(edition: str, tables: int, rounds: int, round_turns: int, parties: int, bots: str,
                     seed: int, as_json: bool) -> None:
    """`touring simulate --progressive`: whole parties played by bots (see party.simulate)."""
    from ..bots.players import BOTS
    from ..party.simulate import PartyPlan, render, simulate
    from .progress import progress_bar

    for value, flag in ((tables, "--tables"), (rounds, "--rounds"), (round_turns, "--round-turns"),
                        (parties, "--parties")):
        if value < 1:
            fail(f"touring simulate: {flag} must be at least 1", EXIT_USAGE)
    names = tuple(b.strip() for b in bots.split(",") if b.strip())
    unknown = [b for b in names if b not in BOTS]
    if not names or unknown:
        fail(f"touring simulate: unknown bot {unknown[0] if unknown else '(none)'}; choose from "
             f"{', '.join(sorted(BOTS))}", EXIT_USAGE)
    ruleset = load_edition(edition)
    if ruleset.progressive is None:
        fail(f"touring simulate: {ruleset.id} describes no progressive play")
    plan = PartyPlan(tables=tables, rounds=rounds, round_turns=round_turns, bots=names, seed=seed, parties=parties)
    with progress_bar(parties, f"{ruleset.id} parties") as advance:
        data = simulate(ruleset, plan, advance)
    if as_json:
        print_json(data)
    else:
        out().print("\n".join(render(data)), markup=False)


def register(app: typer.Typer) -> None:
    app.command("party")(party)
