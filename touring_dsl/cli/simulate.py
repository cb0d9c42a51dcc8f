"""CLI stage, `touring simulate` and `touring compare`: balance reports from many bot games."""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from pathlib import Path

import typer

from .common import EXIT_USAGE, fail, load_edition, out, print_json

BOTS = ("random", "greedy")


def _plan(edition: str, games: int, players: int, setup: str | None, bots: str, seed: int):
    from ..simulate import Plan, seat_bots

    ruleset = load_edition(edition)
    names = [b.strip() for b in bots.split(",") if b.strip()]
    unknown = [b for b in names if b not in BOTS]
    if not names or unknown:
        fail(f"touring: unknown bot {unknown[0] if unknown else '(none)'}; choose from {', '.join(BOTS)}",
             EXIT_USAGE)
    if players not in ruleset.player_counts():
        counts = ", ".join(map(str, ruleset.player_counts()))
        fail(f"touring: {ruleset.id} is not played by {players}; it seats {counts}", EXIT_USAGE)
    if games < 1:
        fail("touring: --games must be at least 1", EXIT_USAGE)
    try:
        chosen = ruleset.setup_for(players, setup)
    except KeyError:
        fail(f"touring: {ruleset.id} has no setup {setup!r} for {players} players; setups: "
             + ", ".join(s.id for s in ruleset.setups), EXIT_USAGE)
    plan = Plan(edition=edition, players=players, setup=chosen.id, bots=seat_bots(names, players),
                seed=seed, games=games)
    sides = chosen.side_count(players)
    return ruleset, plan, [seat % sides for seat in range(players)]


@contextmanager
def _progress(total: int, label: str):
    """A progress bar on stderr, only when stderr is a terminal."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from .common import err

    with Progress(f"[progress.description]{label}", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=err(), transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda done: bar.advance(task, done)


def _simulate(edition, games, players, setup, bots, seed, jobs, backend):
    from ..simulate import report, run
    from ..simulate.ray_backend import RayMissing

    ruleset, plan, side_of = _plan(edition, games, players, setup, bots, seed)
    with _progress(games, ruleset.id) as advance:
        try:
            tally = run(plan, jobs=jobs, backend=backend, progress=advance)
        except RayMissing as exc:
            fail(f"touring: {exc}")
    data = report(tally, side_of)
    data.update(edition=ruleset.id, seed=seed, setup=plan.setup, bots_by_seat=list(plan.bots))
    return data


def simulate(edition: str = typer.Argument(..., help="An archive id or a path."),
             games: int = typer.Option(1000, "--games", "-n", help="How many games."),
             players: int = typer.Option(2, "--players", "-p", help="How many players."),
             setup: str = typer.Option(None, "--setup", help="A setup id, when several seat that many."),
             bots: str = typer.Option("greedy,random", "--bots", help="Bots for the seats, cycled: greedy, random."),
             seed: int = typer.Option(1, "--seed", help="The run's seed: same seed, same numbers."),
             jobs: int = typer.Option(os.cpu_count() or 1, "--jobs", "-j", help="Worker processes."),
             backend: str = typer.Option("local", "--backend", help="local (processes) or ray."),
             plot: Path = typer.Option(None, "--plot", help="Write a PNG of game lengths and seat win rates."),
             matches: int = typer.Option(0, "--matches", help="Play this many matches (races scored up to the "
                                         "edition's `match to` points) instead of single games."),
             as_json: bool = typer.Option(False, "--json", help="Print the report as JSON.")) -> None:
    """Play many bot games and report win rates, game lengths and how the cards are used."""
    if backend not in ("local", "ray"):
        fail("touring: --backend must be local or ray", EXIT_USAGE)
    if matches:
        data = _matches(edition, matches, players, setup, bots, seed)
        print_json(data) if as_json else out().print("\n".join(render_matches(data)), markup=False)
        return
    data = _simulate(edition, games, players, setup, bots, seed, max(1, jobs), backend)
    if plot:
        from ..simulate.plot import plot_report

        plot_report(data, plot)
    if as_json:
        print_json(data)
    else:
        out().print("\n".join(render_report(data)), markup=False)


def _matches(edition, matches, players, setup, bots, seed) -> dict:
    """Whole matches by bots: who wins them, how many races they take, and the mean race score."""
    from ..bots import make_bot, play
    from ..engine.match import play_match
    from ..rng import Rng

    ruleset, plan, side_of = _plan(edition, matches, players, setup, bots, seed)
    if ruleset.scoring is None or ruleset.scoring.match is None:
        fail(f"touring: {ruleset.id} has no match scoring (a `scoring` section with `match to N`)", EXIT_USAGE)
    seats = [make_bot(name, ruleset) for name in plan.bots]
    wins, races, points = [0] * (max(side_of) + 1), 0, [0] * (max(side_of) + 1)
    with _progress(matches, ruleset.id) as advance:
        for number in range(matches):
            result = play_match(ruleset, players, seed + 1000 * number,
                                lambda game, s: play(game, seats, Rng(s)), plan.setup)
            if result.winner is not None:
                wins[result.winner] += 1
            races += len(result.races)
            points = [p + sum(r[i] for r in result.races) for i, p in enumerate(points)]
            if advance is not None:
                advance(1)
    return {"edition": ruleset.id, "matches": matches, "seed": seed, "bots_by_seat": list(plan.bots),
            "match_to": ruleset.scoring.match, "wins_by_side": wins, "ties": matches - sum(wins),
            "races_per_match": races / matches, "mean_race_score_by_side": [p / races for p in points]}


def render_matches(data: dict) -> list[str]:
    lines = [f"{data['edition']}: {data['matches']} matches to {data['match_to']} points, seed {data['seed']}",
             f"Bots by seat: {', '.join(data['bots_by_seat'])}", "Match wins by side:"]
    for side, wins in enumerate(data["wins_by_side"]):
        lines.append(f"  side {side + 1}: {wins} ({100 * wins / data['matches']:.1f}%), "
                     f"mean race score {data['mean_race_score_by_side'][side]:.0f}")
    lines.append(f"Ties: {data['ties']}; races per match: {data['races_per_match']:.2f}")
    return lines


def render_report(data: dict) -> list[str]:
    length = data["length"]
    lines = [f"{data['edition']}: {data['games']} games, {data['players']} players, seed {data['seed']}",
             "", "Wins by seat (95% confidence interval):"]
    for s in data["seats"]:
        lines.append(f"  seat {s['seat']} (side {s['side']}, {s['bot']}): {s['rate']:.1%} "
                     f"[{s['ci95'][0]:.1%}, {s['ci95'][1]:.1%}]")
    lines.append("Wins by bot (per seat played):")
    for b in data["bots"]:
        lines.append(f"  {b['bot']}: {b['rate']:.1%} [{b['ci95'][0]:.1%}, {b['ci95'][1]:.1%}]")
    fpa = data["first_player_advantage"]
    lines.append(f"First player: wins {fpa['win_rate']:.1%} against a fair share of {fpa['fair_share']:.1%} "
                 f"({fpa['edge']:+.1%})")
    lines.append(f"Ties: {data['ties']}")
    lines += ["", f"Game length in turns: mean {length['mean']:.1f}, median {length['median']:.0f}, "
              f"10th-90th percentile {length['p10']:.0f}-{length['p90']:.0f}, 99th {length['p99']:.0f}, "
              f"longest {length['max']}"]
    ends = ", ".join(f"{k} {v['share']:.1%}" for k, v in data["outcomes"].items())
    lines.append(f"How games end: {ends}")
    lines.append(f"Reshuffles per game: {data['reshuffles_per_game']:.2f}; "
                 f"lead changes per game: {data['lead_changes_per_game']:.2f}")
    lines += ["", "Cards played per game:"]
    lines += [f"  {card}: {n:.2f}" for card, n in data["plays_per_game"].items()]
    if data["hazard_hits_per_game"]:
        lines.append("Hazards that hit, per game:")
        lines += [f"  {card}: {n:.2f}" for card, n in data["hazard_hits_per_game"].items()]
    if data["penalties_paid_per_game"]:
        lines.append(f"Mileage cards lost to penalties per game ({data['penalty_miles_per_game']:.1f} miles):")
        lines += [f"  {card}: {n:.2f}" for card, n in data["penalties_paid_per_game"].items()]
    return lines


def compare(editions: list[str] = typer.Argument(..., help="Two or more archive ids or paths."),
            games: int = typer.Option(1000, "--games", "-n"),
            players: int = typer.Option(2, "--players", "-p"),
            bots: str = typer.Option("greedy,random", "--bots"),
            seed: int = typer.Option(1, "--seed"),
            jobs: int = typer.Option(os.cpu_count() or 1, "--jobs", "-j"),
            as_json: bool = typer.Option(False, "--json")) -> None:
    """The same statistics side by side for several editions, on the same seeds."""
    if len(editions) < 2:
        fail("touring compare: give at least two editions", EXIT_USAGE)
    reports = [_simulate(e, games, players, None, bots, seed, max(1, jobs), "local") for e in editions]
    if as_json:
        print_json(reports)
        return
    out().print("\n".join(render_comparison(reports)), markup=False)


def _rows(data: dict) -> dict[str, str]:
    length = data["length"]
    rows = {f"seat {s['seat']} ({s['bot']}) wins": f"{s['rate']:.1%}" for s in data["seats"]}
    rows.update({
        "ties": str(data["ties"]),
        "mean length (turns)": f"{length['mean']:.1f}",
        "median length": f"{length['median']:.0f}",
        "90th percentile length": f"{length['p90']:.0f}",
        "reshuffles per game": f"{data['reshuffles_per_game']:.2f}",
        "lead changes per game": f"{data['lead_changes_per_game']:.2f}",
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
    lines = [f"{reports[0]['games']} games each, {reports[0]['players']} players, seed {reports[0]['seed']}", "",
             "".ljust(width) + "".join(n.rjust(c) for n, c in zip(names, cols))]
    for key in keys:
        lines.append(key.ljust(width) + "".join(rows.get(key, "-").rjust(c) for rows, c in zip(table, cols)))
    return lines


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)
    app.command("compare")(compare)
