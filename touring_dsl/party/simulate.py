"""Party stage, simulation: whole Progressive Touring parties played by bots through the public engine.

A round ends after a number of turns at each table, standing in for the minutes of the rule sheet."""
from __future__ import annotations

import statistics
from dataclasses import dataclass

from ..bots.players import make_bot
from ..engine import new_game
from ..language.model import Ruleset
from ..base.rng import Rng, splitmix64
from ..base.wording import counted
from .host import enter, start
from .record import Party, Table
from .standings import standings


@dataclass(frozen=True)
class PartyPlan:
    tables: int
    rounds: int
    round_turns: int
    bots: tuple[str, ...]  # cycled over the players
    seed: int
    parties: int
    table_size: int | None = None


def derive(*parts: int) -> int:
    """A seed for one party, table or game from the run's seed and its place in the run."""
    value = 0
    for part in parts:
        value = splitmix64(value ^ splitmix64(part & ((1 << 64) - 1)))
    return value


def seats_of(table: Table) -> list[str]:
    """Engine seat order for a table: seat i plays for side i mod sides (partners sit opposite)."""
    sides = len(table.sides)
    return [table.sides[i % sides][i // sides] for i in range(len(table.players))]


def play_table(ruleset: Ruleset, table: Table, bots: dict, turns: int, seed: int) -> tuple[list[list[int]], int]:
    """Bots play one table for `turns` turns; a game won early is followed by another when the edition
    says so. Returns (each side's miles in each game, games begun)."""
    seats = seats_of(table)
    setup = ruleset.setup_for(len(seats))
    games: list[list[int]] = []
    left = turns
    while True:
        game = new_game(ruleset, players=len(seats), seed=derive(seed, len(games)), setup=setup.id)
        rng = Rng(derive(seed, len(games), 1))
        while not game.is_over and game.turns < left:
            seat = game.to_act
            game.apply(bots[seats[seat]].choose(game.view(seat), game.legal_moves(), rng))
        left -= game.turns
        if not game.is_over:
            game.stop("signal")
        games.append(list(game.side_miles()))
        if game.outcome != "completed" or left <= 0 or not ruleset.progressive.restart:
            return [list(side) for side in zip(*games)], len(games)


def play_party(ruleset: Ruleset, plan: PartyPlan, number: int) -> tuple[Party, dict[str, str], dict]:
    """One whole party: (its record, each player's bot, counts of games and cuts)."""
    size = plan.table_size or ruleset.progressive.sizes()[0]
    players = [f"P{i + 1}" for i in range(plan.tables * size)]
    kinds = {name: plan.bots[i % len(plan.bots)] for i, name in enumerate(players)}
    bots = {name: make_bot(kind, ruleset) for name, kind in kinds.items()}
    seed = derive(plan.seed, number)
    party = start(ruleset, ruleset.id, players, plan.rounds, None, size, seed)
    counts = {"games": 0, "table_rounds": 0, "cuts": 0}
    while not party.finished:
        rnd = party.current
        for table in rnd.tables:
            by_side, begun = play_table(ruleset, table, bots, plan.round_turns, derive(seed, rnd.number, table.number))
            enter(party, ruleset, table, by_side)
            counts["games"] += begun
            counts["table_rounds"] += 1
            counts["cuts"] += table.cut
    return party, kinds, counts


def simulate(ruleset: Ruleset, plan: PartyPlan, progress=None) -> dict:
    """Play plan.parties parties and measure who wins, how players move and how far apart they finish."""
    wins: dict[str, float] = {}
    seats: dict[str, int] = {}
    totals: list[int] = []
    margins: list[int] = []
    moves = moved_rounds = games = table_rounds = cuts = never_moved = 0
    for number in range(plan.parties):
        party, kinds, counts = play_party(ruleset, plan, number)
        rows = standings(party, 1)
        leaders = [r for r in rows if r.place == 1]
        for r in leaders:
            wins[kinds[r.player]] = wins.get(kinds[r.player], 0) + 1 / len(leaders)
        for kind in kinds.values():
            seats[kind] = seats.get(kind, 0) + 1
        totals.extend(r.total for r in rows)
        runner_up = next((r.total for r in rows if r.total < rows[0].total), rows[0].total)
        margins.append(rows[0].total - runner_up)
        moves += sum(r.moves for r in rows)
        never_moved += sum(r.moves == 0 for r in rows)
        moved_rounds += len(rows) * (plan.rounds - 1)
        games, table_rounds, cuts = games + counts["games"], table_rounds + counts["table_rounds"], cuts + counts["cuts"]
        if progress:
            progress(1)
    players = plan.tables * (plan.table_size or ruleset.progressive.sizes()[0])
    bots = [{"bot": kind, "party_wins": round(wins.get(kind, 0), 3), "rate": wins.get(kind, 0) / plan.parties,
             "fair_share": seats[kind] / (plan.parties * players)} for kind in sorted(seats)]
    best = max(bots, key=lambda b: b["rate"])
    ordered = sorted(totals)
    return {
        "edition": ruleset.id, "seed": plan.seed, "parties": plan.parties, "tables": plan.tables,
        "players": players, "rounds": plan.rounds, "round_turns": plan.round_turns,
        "round_minutes_on_the_sheet": ruleset.progressive.minutes,
        "bots_cycled": list(plan.bots), "bots": bots, "best_bot": best["bot"],
        "best_bot_wins_party": best["rate"],
        "moves_per_player_round": moves / moved_rounds if moved_rounds else 0.0,
        "players_never_moved": never_moved / (plan.parties * players),
        "games_per_table_round": games / table_rounds, "ties_cut_per_table_round": cuts / table_rounds,
        "final_miles": {"mean": statistics.fmean(ordered), "stdev": statistics.pstdev(ordered),
                        "min": ordered[0], "p10": _percentile(ordered, 0.1), "median": statistics.median(ordered),
                        "p90": _percentile(ordered, 0.9), "max": ordered[-1]},
        "winning_margin_mean": statistics.fmean(margins),
    }


def _percentile(ordered: list[int], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def render(data: dict) -> list[str]:
    m = data["final_miles"]
    minutes = data["round_minutes_on_the_sheet"]
    lines = [
        f"{data['edition']}: {counted(data['parties'], 'progressive party', 'progressive parties')} of "
        f"{counted(data['players'], 'player')} at {counted(data['tables'], 'table')}, "
        f"{counted(data['rounds'], 'round')}, seed {data['seed']}",
        f"A round ends after {counted(data['round_turns'], 'turn')} at each table, standing in for "
        + (f"the sheet's {counted(minutes, 'minute')}." if minutes else "the host's clock."), "",
        "Party wins by bot (a shared first place splits the win):"]
    for b in data["bots"]:
        lines.append(f"  {b['bot']}: {b['rate']:.1%} of parties (fair share {b['fair_share']:.1%})")
    lines += [f"The best bot, {data['best_bot']}, wins {data['best_bot_wins_party']:.1%} of parties.", "",
              f"Players change tables in {data['moves_per_player_round']:.1%} of rounds after the first; "
              f"{data['players_never_moved']:.1%} of players never leave their first table.",
              f"Games per table per round: {data['games_per_table_round']:.2f}; "
              f"ties settled by a cut: {data['ties_cut_per_table_round']:.1%} of tables.",
              f"Final mileage per player: mean {m['mean']:.1f}, standard deviation {m['stdev']:.1f}, "
              f"10th-90th percentile {m['p10']}-{m['p90']}, range {m['min']}-{m['max']}; "
              f"the winner leads the next player by {data['winning_margin_mean']:.1f} miles on average."]
    return lines
