"""CLI stage, `touring simulate` and `touring compare`: balance reports from many bot games."""
from __future__ import annotations

import os
import signal
import sys
from contextlib import contextmanager
from pathlib import Path

import typer

from ..base.i18n import _, language, ngettext, npgettext, pgettext, typography
from ..base.wording import counted, unit_said
from .common import EXIT_INTERRUPTED, EXIT_USAGE, EXIT_USER, checked_language, fail, load_edition, path_problem, \
    print_json, read_in
from .progress import progress_bar


def _plan(edition: str, games: int, players: int, setup: str | None, bots: str, seed: int, rotate: bool = False,
          public: bool = False, records: bool = False, lang: str | None = None):
    """The run's Plan and the facts its report prints. When every bot plays inside the kernel, both come
    from the ruleset cache alone (simulate.warm: no Ruleset loaded); otherwise, or when the cache cannot
    tell, from the Ruleset, which checks the bots, the players and the setup."""
    from ..simulate import Plan, seat_bots
    from ..simulate.runner import in_kernel

    names = [b.strip() for b in bots.split(",") if b.strip()]
    if names and games >= 1 and in_kernel(names, public):
        from ..simulate.warm import seated

        found = seated(edition, players, setup)
        if found is not None:
            return found.facts, Plan(edition=edition, players=players, setup=found.facts.setup_id,
                                     bots=seat_bots(names, players), seed=seed, games=games, rotate=rotate,
                                     public=public, records=records)
    ruleset = load_edition(edition)
    with read_in(lang, ruleset.language):  # its refusals in the reader's language
        return _checked_plan(ruleset, edition, games, players, setup, names, seed, rotate, public, records)


def _checked_plan(ruleset, edition, games, players, setup, names, seed, rotate, public, records):
    """The Plan of a run of a loaded edition, its bots, players and setup checked (or a usage error)."""
    from ..simulate import Plan, seat_bots
    from ..simulate.fast import POLICIES
    from ..simulate.warm import run_facts

    if not names:
        fail(_("touring: --bots names no bot"), EXIT_USAGE)
    for name in names:
        if name not in POLICIES:  # a kernel policy is a bot by definition; any other is checked by making it
            _check_bot(name, ruleset)
    if players not in ruleset.player_counts():
        counts = ", ".join(map(str, ruleset.player_counts()))
        fail(_("touring: {edition} is not played by {players}; it seats {counts}").format(
            edition=ruleset.id, players=players, counts=counts), EXIT_USAGE)
    if games < 1:
        fail(_("touring: --games must be at least 1"), EXIT_USAGE)
    try:
        chosen = ruleset.setup_for(players, setup)
    except KeyError:
        fail(ngettext("touring: {edition} has no setup {setup} for {n} player; setups: {setups}",
                      "touring: {edition} has no setup {setup} for {n} players; setups: {setups}", players).format(
            edition=ruleset.id, setup=repr(setup), n=players, setups=", ".join(s.id for s in ruleset.setups)),
             EXIT_USAGE)
    plan = Plan(edition=edition, players=players, setup=chosen.id, bots=seat_bots(names, players),
                seed=seed, games=games, rotate=rotate, public=public, records=records)
    return run_facts(ruleset, players, chosen.id), plan


def _check_bot(name: str, ruleset) -> None:
    from ..bots.players import make_bot

    try:
        make_bot(name, ruleset)
    except ValueError as exc:
        fail(f"touring: {exc}", EXIT_USAGE)


def shares(counts: list[int], total: int) -> list[str]:
    """Each count as a share of total, to 0.1%; when the counts make up the total, the shares are rounded
    by largest remainder so that the printed figures add up to exactly 100.0%."""
    if total <= 0:
        return ["0.0%" for _ in counts]
    if sum(counts) != total:
        return [f"{count / total:.1%}" for count in counts]
    exact = [count * 1000 / total for count in counts]
    tenths = [int(value) for value in exact]
    by_remainder = sorted(range(len(counts)), key=lambda i: (-(exact[i] - tenths[i]), i))
    for i in by_remainder[:1000 - sum(tenths)]:
        tenths[i] += 1
    return [f"{t // 10}.{t % 10}%" for t in tenths]


def points(edge: float) -> str:
    """A difference of two percentages, in percentage points: "+1.6 pp"."""
    return f"{edge * 100:+.1f} pp"


@contextmanager
def _interruptible():
    """Ctrl-C ends the run with a word and exit 130. Forked workers inherit this handler and ignore the
    signal (the pool ends them), so no worker prints a traceback or outlives the command."""
    parent = os.getpid()

    def stop(signum, frame):
        if os.getpid() == parent:
            raise KeyboardInterrupt

    previous = signal.getsignal(signal.SIGINT)
    if previous is not signal.SIG_IGN:  # a shell that started us ignoring Ctrl-C keeps it ignored
        signal.signal(signal.SIGINT, stop)
    try:
        yield
    except KeyboardInterrupt:
        fail(_("touring: simulation interrupted; no report was made"), EXIT_INTERRUPTED)
    finally:
        signal.signal(signal.SIGINT, previous)


def _check_plot_target(plot: Path | None) -> None:
    """Before any game is played: the plot needs matplotlib and a folder it can write in."""
    if plot is None:
        return
    import importlib.util

    if importlib.util.find_spec("matplotlib") is None:
        fail(_("touring: --plot needs matplotlib: pip install 'touring-dsl[plot]'"), EXIT_USER)
    folder = plot.parent if str(plot.parent) else Path(".")
    problem = path_problem(plot)
    if problem:
        fail(f"touring: --plot {problem}", EXIT_USAGE)  # the file system's words (cli.common)
    if plot.is_dir():
        fail(_("touring: --plot {path} is a folder; name the PNG file to write").format(path=plot), EXIT_USER)
    if not folder.is_dir():
        fail(_("touring: --plot {path}: no such folder {folder}").format(path=plot, folder=folder), EXIT_USER)
    if not os.access(folder, os.W_OK):
        fail(_("touring: --plot {path}: cannot write in {folder}").format(path=plot, folder=folder), EXIT_USER)


# options of a single-race simulation that a party simulation has no use for
NOT_FOR_PARTIES = ("games", "players", "setup", "jobs", "backend", "rotate", "public", "records", "plot", "matches")


def _refuse_with_progressive(ctx: typer.Context) -> None:
    """A party is seated and run by its own options: any option of a single-race run is a mistake."""
    given = [name for name in NOT_FOR_PARTIES if getattr(ctx.get_parameter_source(name), "name", "DEFAULT") != "DEFAULT"]
    if given:
        flags = ", ".join("--" + name for name in given)
        fail(f"touring: {flags} cannot be combined with --progressive: a party is set by --tables, --rounds, "
             "--round-turns and --parties", EXIT_USAGE)


MOST_JOBS = max(8, 4 * (os.cpu_count() or 1))  # worker processes: more only share the same cores


def _simulate(edition, games, players, setup, bots, seed, jobs, backend, rotate=False, public=False,
              records: Path | None = None, matches=0, lang: str | None = None) -> tuple[dict, str]:
    """The run's report data, and the edition's language."""
    if jobs > MOST_JOBS:
        with read_in(lang, None):  # before the edition is read: --lang, else English
            fail(_("touring: --jobs {jobs} is more than touring starts; at most {most} (four per core, or 8)")
                 .format(jobs=jobs, most=MOST_JOBS), EXIT_USAGE)
    facts, plan = _plan(edition, games, players, setup, bots, seed, rotate, public, records is not None, lang)
    with read_in(lang, facts.language):
        return _run(edition, games, jobs, backend, rotate, records, matches, facts, plan, seed), facts.language


def _run(edition, games, jobs, backend, rotate, records, matches, facts, plan, seed) -> dict:
    """A planned run and its report's data."""
    from ..simulate import report, run
    from ..simulate.ray_backend import RayMissing

    with _interruptible(), progress_bar(games, facts.edition_id) as advance, _records(records) as write:
        try:
            tally = run(plan, jobs=jobs, backend=backend, progress=advance, records=write)
        except RayMissing as exc:
            fail(f"touring: {exc}")  # the Ray backend's own words
    data = report(tally, list(facts.side_of), race_miles=facts.race_miles, rotate=rotate)
    data["drama"]["unit"] = facts.unit
    data.update(edition=facts.edition_id, seed=seed, setup=plan.setup, bots_by_seat=list(plan.bots))
    if matches and facts.scores_match:  # the edition plays matches: measure them too
        from ..simulate.matches import simulate_matches

        with progress_bar(matches, _("{edition} matches").format(edition=facts.edition_id)) as advance:
            data["match"] = simulate_matches(load_edition(edition), plan, matches, jobs, advance)
    return data


@contextmanager
def _records(path: Path | None):
    """A CSV writer for the compact per-game records, one row per game as chunks arrive (None: no file)."""
    if path is None:
        yield None
        return
    import csv

    from ..simulate.stats import RECORD_COLUMNS

    try:
        handle = path.open("w", newline="", encoding="utf-8")
    except OSError as exc:
        fail(_("touring: cannot write {path}: {why}").format(path=path, why=exc.strerror))
    with handle:
        writer = csv.writer(handle)
        writer.writerow(RECORD_COLUMNS)
        yield writer.writerows


def simulate(ctx: typer.Context, edition: str = typer.Argument(..., help="An archive id or a path."),
             games: int = typer.Option(1000, "--games", "-n", help="How many games."),
             players: int = typer.Option(2, "--players", "-p", help="How many players."),
             setup: str = typer.Option(None, "--setup", help="A setup id, when several seat that many."),
             bots: str = typer.Option("greedy,random", "--bots",
                                      help="Bots for the seats, cycled: easy, medium, hard (levels), or random, greedy, expert, scorer, ismcts (ismcts:N iterations, ismcts:0.5s), rollout (rollout:N tables a move, rollout:0.5s); scorer:N tables dealt to weigh the Extension (scorer:0 declines it)."),
             seed: int = typer.Option(1, "--seed", help="The run's seed: same seed, same numbers."),
             jobs: int = typer.Option(os.cpu_count() or 1, "--jobs", "-j", min=1, help="Worker processes."),
             backend: str = typer.Option("local", "--backend", help="local (processes) or ray."),
             rotate: bool = typer.Option(False, "--rotate",
                                         help="Move the bots round the seats game by game (a fair skill check)."),
             public: bool = typer.Option(False, "--public",
                                         help="Play every move through the public Move/Event API (slow; the "
                                              "same games as the default fast path)."),
             records: Path = typer.Option(None, "--records", help="Write one CSV row per game to this file."),
             plot: Path = typer.Option(None, "--plot", help="Write a PNG of game lengths and seat win rates."),
             matches: int = typer.Option(200, "--matches", help="For an edition that scores a match: how many "
                                         "matches to play as well (with --rotate, moved round the seats "
                                         "match by match), reported by side and by bot."),
             as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
             progressive: bool = typer.Option(False, "--progressive", help="Play whole Progressive Touring parties."),
             tables: int = typer.Option(4, "--tables", help="With --progressive: tables at each party."),
             rounds: int = typer.Option(6, "--rounds", help="With --progressive: rounds at each party."),
             round_turns: int = typer.Option(40, "--round-turns", help="With --progressive: turns a round lasts."),
             parties: int = typer.Option(50, "--parties", help="With --progressive: how many parties."),
             lang: str = typer.Option(None, "--lang", metavar="fr|en",
                                      help="The language of the report: fr or en (default: the edition's own "
                                           "language). --json is language-neutral data, the same whatever the "
                                           "language.")) -> None:
    """Play many bot games and report win rates, game lengths, the lead, and how the cards are used."""
    lang = checked_language(lang, "simulate")
    if progressive:
        _refuse_with_progressive(ctx)
        from .party import simulate_parties

        return simulate_parties(edition, tables, rounds, round_turns, parties, bots, seed, as_json)
    with read_in(lang, None):  # before the edition is read: --lang, else English
        if backend not in ("local", "ray"):
            fail(_("touring: --backend must be local or ray"), EXIT_USAGE)
        _check_plot_target(plot)
        if matches < 0:
            fail(_("touring: --matches must be 0 or more"), EXIT_USAGE)
    data, language = _simulate(edition, games, players, setup, bots, seed, jobs, backend, rotate, public, records,
                               matches, lang)
    with read_in(lang, language):
        _report(data, plot, as_json)


def _report(data: dict, plot: Path | None, as_json: bool) -> None:
    """The plot and the report, in the reader's language (set by the caller)."""
    if plot:
        from ..simulate.plot import plot_report

        try:
            plot_report(data, plot)
        except OSError as exc:
            fail(_("touring: cannot write the plot {path}: {why}").format(path=plot, why=exc.strerror or exc),
                 EXIT_USER)
        from .common import err

        err().print(_("wrote the plot (game lengths and seat win rates) to {path}").format(path=plot.resolve()),
                    markup=False, highlight=False)
    if as_json:
        print_json(data)
    else:
        _print_lines([typography(line) for line in render_report(data)])


def _print_lines(lines: list[str]) -> None:
    """The report as plain text: it has no markup or colour, so it needs no console (rich) to print."""
    sys.stdout.write("\n".join(lines) + "\n")


def render_report(data: dict) -> list[str]:
    from ..simulate.matches import match_lines

    length = data["length"]
    head = _("{edition}: {games}, {players}, seed {seed}, bots {bots} rotating round the seats") if data["rotate"] \
        else _("{edition}: {games}, {players}, seed {seed}, bots {bots}")
    lines = [head.format(edition=data["edition"], seed=data["seed"], bots=", ".join(data["bots_by_seat"]),
                         games=npgettext("simulated", "{n} game", "{n} games", data["games"]).format(n=data["games"]),
                         players=ngettext("{n} player", "{n} players", data["players"]).format(n=data["players"])),
             "", _("Wins by seat (95% confidence interval):")]
    seat_shares, tie_share = _seat_shares(data)
    for s in data["seats"]:
        lines.append("  " + _("seat {seat} (side {side}, {bot}): {share} [{low}, {high}]").format(
            seat=s["seat"], side=s["side"], bot=s["bot"], share=figure(seat_shares[s["seat"]]),
            low=figure(f"{s['ci95'][0]:.1%}"), high=figure(f"{s['ci95'][1]:.1%}")))
    lines.append("  " + ngettext("ties: {share} ({n} game)", "ties: {share} ({n} games)", data["ties"]).format(
        share=figure(tie_share), n=data["ties"]))
    lines.append(_("Wins by bot (per seat played):"))
    bot_shares = _bot_shares(data)
    for b in data["bots"]:
        low, high = (figure(format(x, ".1%")) for x in b["ci95"])
        lines.append(f"  {b['bot']}: {figure(bot_shares[b['bot']])} [{low}, {high}]")
    lines += seat_lines(data)
    lines += ["", _("Game length in turns: mean {mean}, median {median}, 10th-90th percentile {p10}-{p90}, "
                    "99th {p99}, longest {longest}").format(
        mean=figure(f"{length['mean']:.1f}"), median=f"{length['median']:.0f}", p10=f"{length['p10']:.0f}",
        p90=f"{length['p90']:.0f}", p99=f"{length['p99']:.0f}", longest=length["max"])]
    ends = ", ".join(f"{outcome_said(k)} {figure(format(v['share'], '.1%'))}" for k, v in data["outcomes"].items())
    lines.append(_("How games end: {ends}").format(ends=ends))
    drama, decisive, branching = data["drama"], data["decisiveness"], data["branching"]
    lines += [_("Lead changes per game: {changes} (won wire to wire, no change of lead: {share})").format(
                  changes=figure(f"{data['lead_changes_per_game']:.2f}"),
                  share=figure(f"{data['wire_to_wire_share']:.1%}")),
              _("Drama: the winner was at worst {behind} {unit} behind on average (median {median}); came back "
                "from a quarter of the {race}-{unit_one} race or more: {share}").format(
                  behind=figure(f"{drama['winner_behind_mean']:.1f}"), unit=unit_said(drama["unit"]),
                  median=f"{drama['winner_behind_median']:.0f}", race=drama["race_miles"],
                  unit_one=unit_said(drama["unit"]).rstrip("s"), share=figure(f"{drama['comeback_share']:.1%}")),
              _("Decisiveness: the winner's lead held from {mean} of the game on average (median {median})").format(
                  mean=figure(f"{decisive['mean']:.0%}"), median=figure(f"{decisive['median']:.0%}")),
              _("Branching: {plays} legal plays per turn; no play at all (a forced discard) on {stuck} of turns")
              .format(plays=figure(f"{branching['plays_per_turn']:.2f}"),
                      stuck=figure(f"{branching['stuck_share']:.1%}")),
              _("Reshuffles per game: {n}").format(n=figure(f"{data['reshuffles_per_game']:.2f}"))]
    lines += ["", _("Cards played per game:")]
    lines += [f"  {card}: {figure(format(n, '.2f'))}" for card, n in data["plays_per_game"].items()]
    if data["hazard_hits_per_game"]:
        lines.append(_("Hazards that hit, per game:"))
        lines += [f"  {card}: {figure(format(n, '.2f'))}" for card, n in data["hazard_hits_per_game"].items()]
    if data["penalties_paid_per_game"]:
        lines.append(_("Mileage cards lost to penalties per game ({miles} miles):").format(
            miles=figure(f"{data['penalty_miles_per_game']:.1f}")))
        lines += [f"  {card}: {figure(format(n, '.2f'))}" for card, n in data["penalties_paid_per_game"].items()]
    return lines + match_lines(data, figure)


def figure(text: str) -> str:
    """A number as printed ("50.0%", "1.25") written as the reader's language writes it ("50,0 %", "1,25")."""
    if language() != "fr":
        return text
    return text.replace(".", ",").replace("%", "\u202f%")


def outcome_said(outcome: str) -> str:
    """How a race ended, as the report names it, in the reader's language."""
    return {"completed": pgettext("outcome", "completed"), "exhausted": pgettext("outcome", "exhausted"),
            "turn-limit": pgettext("outcome", "turn-limit")}.get(outcome, outcome)


def _seat_shares(data: dict) -> tuple[dict[int, str], str]:
    """Seat number -> its printed win share, and the ties' share: the sides' wins and the ties add up to
    100.0% (partners win together, so each side is counted once, by its first seat)."""
    first_of_side = {}
    for s in data["seats"]:
        first_of_side.setdefault(s["side"], s)
    sides = list(first_of_side.values())
    printed = shares([s["wins"] for s in sides] + [data["ties"]], data["games"])
    by_side = {s["side"]: share for s, share in zip(sides, printed)}
    return {s["seat"]: by_side[s["side"]] for s in data["seats"]}, printed[-1]


def _bot_shares(data: dict) -> dict[str, str]:
    """Bot -> its printed win share; rounded to add up with the ties where every bot played every game once."""
    bots = data["bots"]
    if all(b["seat_games"] == data["games"] for b in bots):
        printed = shares([b["wins"] for b in bots] + [data["ties"]], data["games"])
        return {b["bot"]: share for b, share in zip(bots, printed)}
    return {b["bot"]: figure(f"{b['rate']:.1%}") for b in bots}


def seat_lines(data: dict) -> list[str]:
    """The first seat's edge, only where it measures the seat; and the skill check where bots differ."""
    lines = []
    fsa = data["first_seat_advantage"]
    if fsa is not None:
        lines.append(_("First-seat advantage ({bots} bots): seat 1 wins {rate} against a fair share of {fair} "
                       "({edge}, 95% interval {low}-{high})").format(
            bots=fsa["bots"], rate=figure(f"{fsa['win_rate']:.1%}"), fair=figure(f"{fsa['fair_share']:.1%}"),
            edge=figure(points(fsa["edge"])), low=figure(f"{fsa['ci95'][0]:.1%}"), high=figure(f"{fsa['ci95'][1]:.1%}")))
    else:
        lines.append(_("The bots differ and keep their seats: the seat win rates mix seat and skill, so they say "
                       "nothing of a first-seat advantage (use equal bots, or --rotate)."))
    sk = data["skill"]
    if sk is not None:
        lines.append(_("Skill check: {stronger} takes {share} of the wins against {weaker} [{low}, {high}]").format(
            stronger=sk["stronger"], share=figure(f"{sk['share']:.1%}"), weaker=sk["weaker"],
            low=figure(f"{sk['ci95'][0]:.1%}"), high=figure(f"{sk['ci95'][1]:.1%}")))
    return lines


def compare(editions: list[str] = typer.Argument(..., help="Two or more archive ids or paths."),
            games: int = typer.Option(1000, "--games", "-n"),
            players: int = typer.Option(2, "--players", "-p"),
            bots: str = typer.Option("greedy,random", "--bots"),
            seed: int = typer.Option(1, "--seed"),
            jobs: int = typer.Option(os.cpu_count() or 1, "--jobs", "-j", min=1),
            rotate: bool = typer.Option(False, "--rotate", help="Move the bots round the seats game by game."),
            as_json: bool = typer.Option(False, "--json")) -> None:
    """The same statistics side by side for several editions, on the same seeds."""
    if len(editions) < 2:
        fail("touring compare: give at least two editions", EXIT_USAGE)
    reports = [_simulate(e, games, players, None, bots, seed, jobs, "local", rotate)[0] for e in editions]
    if as_json:
        print_json(reports)
        return
    _print_lines(render_comparison(reports))


def _rows(data: dict) -> dict[str, str]:
    length = data["length"]
    rows = {f"seat {s['seat']} ({s['bot']}) wins": f"{s['rate']:.1%}" for s in data["seats"]}
    if data["first_seat_advantage"] is not None:
        rows["first-seat advantage"] = points(data['first_seat_advantage']['edge'])
    if data["skill"] is not None:
        rows[f"skill: {data['skill']['stronger']}'s share of wins"] = f"{data['skill']['share']:.1%}"
    rows.update({
        "ties": str(data["ties"]),
        "mean length (turns)": f"{length['mean']:.1f}",
        "median length": f"{length['median']:.0f}",
        "90th percentile length": f"{length['p90']:.0f}",
        "reshuffles per game": f"{data['reshuffles_per_game']:.2f}",
        "lead changes per game": f"{data['lead_changes_per_game']:.2f}",
        "won wire to wire": f"{data['wire_to_wire_share']:.1%}",
        "winner's worst deficit (miles)": f"{data['drama']['winner_behind_mean']:.1f}",
        "comebacks from 1/4 of the race": f"{data['drama']['comeback_share']:.1%}",
        "lead held from (share of game)": f"{data['decisiveness']['mean']:.0%}",
        "legal plays per turn": f"{data['branching']['plays_per_turn']:.2f}",
        "hazard hits per game": f"{sum(data['hazard_hits_per_game'].values()):.2f}",
        "penalty cards lost per game": f"{sum(data['penalties_paid_per_game'].values()):.2f}",
        "penalty miles per game": f"{data['penalty_miles_per_game']:.1f}",
    })
    for outcome, value in data["outcomes"].items():
        rows[f"ended: {outcome}"] = f"{value['share']:.1%}"
    return rows


def render_comparison(reports: list[dict]) -> list[str]:
    table = [_rows(r) for r in reports]
    keys = list(dict.fromkeys(k for rows in table for k in rows))
    names = [r["edition"] for r in reports]
    width = max(len(k) for k in keys) + 2
    cols = [max(len(n), 8) + 2 for n in names]
    lines = [f"{counted(reports[0]['games'], 'game')} each, {counted(reports[0]['players'], 'player')}, seed {reports[0]['seed']}", "",
             "".ljust(width) + "".join(n.rjust(c) for n, c in zip(names, cols))]
    for key in keys:
        lines.append(key.ljust(width) + "".join(rows.get(key, "-").rjust(c) for rows, c in zip(table, cols)))
    return lines


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)
    app.command("compare")(compare)
