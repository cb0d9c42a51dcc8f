"""Balance findings for every archive edition: a fixed-seed simulation written as docs/balance.md.

Usage: python benchmarks/balance.py [--games N] [--seed S] [--jobs J] [--bench FILE] [--strong BOT]
                                   [--weak BOT] [--strong-games N] [--skill-games N] [--also BOT] [--cache FILE] > docs/balance.md
For every edition and player count: the strongest bot against itself (seat advantage, length, lead,
drama, decisiveness, branching), the random bot against itself (the same for a game of pure luck),
and the strongest bot against the next one with the seats rotating (the skill check). --bench embeds
the output of benchmarks/bench_simulate.py; --cache keeps every row measured, so that a page remade
with a new --bench (or after a crash) does not play the slow search games again. The page records the exact command, so anyone can make it
again and get the same numbers, and at its foot a stamp of what each edition's rows were measured on (its
rules as compiled and the games its golden test plays, hashed): tests/test_balance_page.py names the
editions whose rules or games have changed since.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from touring_dsl.base.resources import editions_dir
from touring_dsl.language.archive import load
from touring_dsl.language.locate import archive_files
from touring_dsl.bots.players import make_bot
from touring_dsl.language.ruleset_cache import code_fingerprint
from touring_dsl.simulate import seat_bots
from touring_dsl.simulate.matches import scores_a_match
from touring_dsl.simulate.stats import wilson

BOTS = """The bots: `random` picks uniformly among the legal plays (it discards only when it cannot play).
`greedy` follows one rule-agnostic heuristic (counter an attack, repair its own delay, delay the leader,
lay the largest mileage its zone allows, else discard what it can best spare). `expert` is the same
rule with weights tuned by simulation against greedy (it keeps remedies and hazards longer and shuts a
rival in with a zone card first). `ismcts:N` searches N iterations over sampled deals of the cards its
seat cannot see, and keeps the expert rule's move unless the search finds one better by a margin and
beyond its own noise; at 25 iterations it almost never does (under 0.1% of its choices), so its numbers
are the expert rule's, measured on fewer games. Against greedy on touring-1937, with each deal played twice and the seats swapped, the search
bot won the share recorded in benchmarks/results/README.md. `scorer` plays for the points an edition's
races score (Mille Bornes) and is the expert rule elsewhere; the levels `easy`, `medium` and `hard`, the
scorer's match results and the skill headroom an all-seeing oracle measures are on the page
[Bots, levels and skill headroom](bots.md)."""

MEASURES = """## The measures

Every number comes from `touring simulate` (the same code, the same seeds); `touring simulate --json`
prints each of them under the key named here.

- **Seat win rate** (`seats`): the share of games won by the side of each seat, with its 95% Wilson
  interval. A side of partners wins or loses together.
- **First-seat advantage** (`first_seat_advantage`): seat 1's win rate minus a fair share (one over the
  number of sides). It is measured only where it can mean the seat: with the same bot in every seat, or
  with `--rotate`, which moves the bots one seat on from game to game. When different bots keep their
  seats the report says so and prints no seat advantage, because seat 1's wins are then mostly its bot's.
- **Skill check** (`skill`): with two different bots, the stronger one's share of the wins, with its
  interval (seats rotating, so seat and skill do not mix). 50% would mean the choices made no difference;
  the further above 50%, the more the game rewards playing well. It measures the game only as far as the
  stronger bot plays well.
- **Game length** (`length`): turns until the game ended (a turn is one card played or discarded; a
  counter card shown out of turn is not a turn): mean, median and percentiles.
- **Completion** (`completed_share`, `outcomes`): how games ended: a side completed its race (`completed`),
  nobody held a card any more (`exhausted`), or the edition's turn limit (`turn-limit`, a time-out).
  Without a completed race the side with most miles wins, and equal miles are a tie.
- **Lead changes** (`lead_changes_per_game`): how often the side strictly ahead on miles changed. A tie
  on miles keeps the lead where it was. **Wire to wire** (`wire_to_wire_share`): games in which the
  first side to lead never lost the lead.
- **Drama** (`drama`): how far behind the eventual winner was at its worst, in miles (the leader's miles
  minus its own, at the worst moment of the game), averaged over games with a winner; **comebacks**
  (`comeback_share`) are the games the winner won from at least a quarter of the race distance behind.
- **Decisiveness** (`decisiveness`): the share of the game (in turns) played before the winner took the
  lead it then kept to the end. Near 0%, the first to lead usually wins; near 100%, games are decided
  at the last moment.
- **Branching factor** (`branching`): the number of different legal plays (discards not counted) open
  to the seat on its turn, averaged over all turns, and the share of turns with no play at all, when the
  seat must discard. A small factor means few real decisions.
- **Hazards that hit** and **penalties** (`hazard_hits_per_game`, `penalties_paid_per_game`,
  `penalty_miles_per_game`): hazard cards played on a rival and not cancelled by a counter card; the
  mileage cards (and their miles) that delayed sides gave up as penalties.
- **Reshuffles** (`reshuffles_per_game`): how often the draw pile ran out and was rebuilt.
- Per game, `touring simulate --records FILE` writes one CSV row with the game's number, bots, winner,
  ending, turns, lead changes, the winner's worst deficit, the turn its lead became permanent, the plays
  offered, forced discards, reshuffles and penalty miles.
"""


GOLDEN_GAMES = Path(__file__).resolve().parent.parent / "tests" / "golden" / "games" / "games.json"
# the parts of a compiled ruleset that are words (names, citations, examples), not play: left out of its stamp
WORDS_ONLY = ("format", "title", "subtitle", "year", "year_end", "publisher", "author", "summary", "parent", "changes",
              "source_hash", "sources", "notes", "history", "pile_names", "examples", "language")
STAMP_MARK = "<!-- balance-stamp: "


def stamp(ids: list[str]) -> dict[str, dict[str, str]]:
    """What each edition's rows were measured on: its rules as compiled (words and citations left out) and the
    games the golden test plays with it (tests/golden/games/games.json: they change where the engine or a bot
    plays differently), each hashed. tests/test_balance_page.py names the editions whose stamp has changed."""
    games = json.loads(GOLDEN_GAMES.read_text(encoding="utf-8"))
    root = editions_dir()
    stamps = {}
    for path in archive_files():
        if path.stem not in ids:
            continue
        prefix = path.relative_to(root).with_suffix("").as_posix() + "/"
        played = {key: value for key, value in games.items() if key.startswith(prefix)}
        stamps[path.stem] = {"rules": _digest(rules_played(load(str(path)).model_dump(mode="json"))),
                             "games": _digest(played)}
    return stamps


def rules_played(ruleset_json: dict) -> dict:
    """A compiled ruleset's JSON as far as play goes: its words (WORDS_ONLY), provenances and locations (where a
    rule is written) and unused parts left out."""
    def play_only(value):
        if isinstance(value, dict):
            return {k: play_only(v) for k, v in value.items() if k not in ("provenance", "location") and v is not None}
        if isinstance(value, list):
            return [play_only(v) for v in value]
        return value

    return {k: v for k, v in play_only(ruleset_json).items() if k not in WORDS_ONLY}


def _digest(data) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]


def stamp_lines(ids: list[str]) -> list[str]:
    """The page's last section: what it was measured on, in words and as the stamp the test reads."""
    return ["## What this page was measured on", "",
            "Each edition's rules as compiled (words and citations left out) and the games the golden test plays "
            "with it (`tests/golden/games/games.json`, which changes wherever the engine or a bot plays "
            "differently), hashed when the page was made. `tests/test_balance_page.py` names the editions whose "
            "rules or games have changed since: their rows are stale, and the page must be made again.", "",
            STAMP_MARK + json.dumps({"editions": stamp(ids)}, sort_keys=True) + " -->", ""]


def read_stamp(page: str) -> dict:
    """The stamp a page records ({} for a page made before pages were stamped): "editions" maps each edition
    to its stamp; "known_stale", written by hand on a page not yet made again, lists editions known to have
    changed since it was made."""
    start = page.find(STAMP_MARK)
    if start < 0:
        return {}
    return json.loads(page[start + len(STAMP_MARK):page.index(" -->", start)])


def stale_editions(recorded: dict, now: dict[str, dict[str, str]]) -> list[str]:
    """The editions whose rules or games differ from those the page was measured on (or that it lacks)."""
    return sorted(edition for edition, stamped in now.items() if recorded.get("editions", {}).get(edition) != stamped)


def simulate(edition: str, players: int, bots: list[str], games: int, seed: int, jobs: int,
             rotate: bool = False, cache: Path | None = None, matches: int = 0) -> dict:
    """One row's report; with `cache`, a row already measured by this very code on these very rules is read back."""
    key = json.dumps([row_fingerprint(edition), edition, players, bots, games, seed, rotate]
                     + ([matches] if matches else []))
    stored = json.loads(cache.read_text(encoding="utf-8")) if cache and cache.exists() else {}
    if key in stored:
        return stored[key]
    data = measure(edition, players, bots, games, seed, jobs, rotate, matches)
    if cache:
        stored[key] = data
        cache.write_text(json.dumps(stored), encoding="utf-8")
    return data


def row_fingerprint(edition: str) -> str:
    """What a row's numbers depend on besides its options: touring's code (engine, bots, simulator) and
    the edition as compiled (its file and any it extends). A change to either measures the row again."""
    rules = hashlib.sha256(load(edition).model_dump_json().encode()).hexdigest()
    return f"{code_fingerprint()}:{rules}"


def measure(edition: str, players: int, bots: list[str], games: int, seed: int, jobs: int, rotate: bool,
            matches: int = 0) -> dict:
    """One row, measured the way a user would: `touring simulate ... --json` (matches too, when asked)."""
    ruleset = load(edition)
    setup = ruleset.setup_for(players)
    names = list(seat_bots(bots, players))
    words = [touring_command(), "simulate", edition, "--players", str(players), "--setup", setup.id,
             "--bots", ",".join(names), "--games", str(games), "--seed", str(seed), "--jobs", str(jobs),
             "--matches", str(matches), "--json"]
    if rotate:
        words.append("--rotate")
    done = subprocess.run(words, capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})
    if done.returncode != 0:
        sys.exit(f"balance.py: {' '.join(words[1:])} failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    data = json.loads(done.stdout)
    data.update(edition=edition, bots_by_seat=names)
    return data


def touring_command() -> str:
    """The `touring` beside this Python (the project's venv), else the one on PATH."""
    beside = Path(sys.executable).with_name("touring")
    return str(beside) if beside.exists() else (shutil.which("touring") or "touring")


def race_length(ruleset, setup) -> int:
    """The race's length in its unit: the piles' miles, or a distance race's distance."""
    if setup.race.is_distance:
        return setup.race.miles
    miles = {card.name: card.miles or 0 for card in ruleset.deck}
    return sum(p.needs * miles[p.card] for p in setup.race.piles)


def unit_of(edition: str) -> str:
    """miles or km: the unit the edition's two-player race is run in."""
    ruleset = load(edition)
    return ruleset.setup_for(2).race.unit


def bot_exists(name: str) -> bool:
    try:
        make_bot(name, load("touring-1937"))
    except ValueError:
        return False
    return True


def table(rows: list[tuple[str, dict]], unit: str) -> list[str]:
    lines = ["| players | bots | seat 1 wins (edge) | skill check | mean turns | completed | lead changes | "
             f"wire to wire | winner behind ({unit}) | comebacks | lead held from | plays per turn | "
             f"forced discards | hazards hit | penalty {unit} |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for label, d in rows:
        fsa, skill = d["first_seat_advantage"], d["skill"]
        seat = (f"{fsa['win_rate']:.1%} ({fsa['edge']:+.1%}; {fsa['ci95'][0]:.1%}-{fsa['ci95'][1]:.1%})"
                if fsa else "-")
        check = (f"{skill['stronger']} {skill['share']:.1%} ({skill['ci95'][0]:.1%}-{skill['ci95'][1]:.1%})"
                 if skill else "-")
        lines.append(
            f"| {d['players']} | {label} | {seat} | {check} | {d['length']['mean']:.0f} | {d['completed_share']:.1%} | "
            f"{d['lead_changes_per_game']:.2f} | {d['wire_to_wire_share']:.0%} | "
            f"{d['drama']['winner_behind_mean']:.1f} | {d['drama']['comeback_share']:.0%} | "
            f"{d['decisiveness']['mean']:.0%} | {d['branching']['plays_per_turn']:.2f} | "
            f"{d['branching']['stuck_share']:.0%} | {sum(d['hazard_hits_per_game'].values()):.1f} | "
            f"{d['penalty_miles_per_game']:.1f} |")
    return lines


def share_of(skill: dict, bot: str) -> tuple[float, float, float]:
    """`bot`'s share of the skill check's wins and its 95% interval, whichever bot won more."""
    if skill["stronger"] == bot:
        return skill["share"], skill["ci95"][0], skill["ci95"][1]
    return 1 - skill["share"], 1 - skill["ci95"][1], 1 - skill["ci95"][0]


def skill_key(bot: str, strong: str) -> str:
    return "skill" if bot == strong else f"skill {bot}"


def self_key(bot: str, strong: str) -> str:
    return "self" if bot == strong else f"also {bot}"


def edition_findings(edition: str, runs: dict, strong: str, weak: str, lead: str, skilled: list[str]) -> list[str]:
    """Plain sentences read off one edition's numbers: those of `lead`'s self-play (the bot with the most
    games), and the skill check of every bot in `skilled` against `weak`."""
    counts = sorted({p for (e, p, _) in runs if e == edition})
    self_play = {p: runs[(edition, p, self_key(lead, strong))] for p in counts}
    luck = {p: runs[(edition, p, "random")] for p in counts}
    ruleset = load(edition)
    unit = unit_of(edition)
    checks = []
    for bot in skilled:
        data = runs[(edition, 2, skill_key(bot, strong))]
        share, low, high = share_of(data["skill"], bot)
        checks.append(f"{bot} takes {share:.0%} of two-player wins against {weak} ({low:.0%}-{high:.0%}, "
                      f"{data['games']} games)")
    _, low, high = share_of(runs[(edition, 2, skill_key(lead, strong))]["skill"], lead)
    verdict = ("better play wins clearly more often" if low > 0.5 else
               f"{weak} does better here" if high < 0.5 else "no clear difference between the bots")
    out = [f"**`{edition}`** ({ruleset.title}{': ' + ruleset.subtitle if ruleset.subtitle else ''}).",
           f"Skill: {'; '.join(checks)}: {verdict}."]
    seats = []
    for p in counts:
        fsa = self_play[p]["first_seat_advantage"]
        real = not (fsa["ci95"][0] <= fsa["fair_share"] <= fsa["ci95"][1])
        seats.append(f"{p} players {fsa['edge']:+.1%}{' (beyond chance)' if real else ''}")
    out.append(f"First seat, {lead} against itself: " + ", ".join(seats) + ".")
    two = self_play[2]
    out.append(f"Two-player {lead} games last {two['length']['mean']:.0f} turns "
               f"(random: {luck[2]['length']['mean']:.0f}), with {two['lead_changes_per_game']:.1f} lead changes; "
               f"the winner was at worst {two['drama']['winner_behind_mean']:.0f} {unit} behind and came back "
               f"from a quarter of the race in {two['drama']['comeback_share']:.0%} of games; its lead held from "
               f"{two['decisiveness']['mean']:.0%} of the game on.")
    out.append(f"A seat has {two['branching']['plays_per_turn']:.1f} legal plays a turn and none at all on "
               f"{two['branching']['stuck_share']:.0%} of turns.")
    unfinished = [f"{p} players {1 - self_play[p]['completed_share']:.1%}" for p in counts
                  if self_play[p]["completed_share"] < 1]
    out.append("Every race was completed." if not unfinished else
               "Races that ran out of cards or time: " + ", ".join(unfinished) + ".")
    if two["penalty_miles_per_game"]:
        out.append(f"Penalties cost {two['penalty_miles_per_game']:.0f} {unit} a game.")
    return [" ".join(out), ""]


def comparisons(runs: dict, ids: list[str], strong: str, weak: str, lead: str) -> list[str]:
    """Findings across editions: where skill matters most, and each variant against its parent."""
    skill = {e: share_of(runs[(e, 2, skill_key(lead, strong))]["skill"], lead) for e in ids}
    order = sorted(ids, key=lambda e: -skill[e][0])
    lines = ["- Skill matters most in " + ", then ".join(f"`{e}` ({skill[e][0]:.0%})" for e in order)
             + f" (two-player share of wins of {lead} against {weak})."]
    for e in ids:
        parent = load(e).parent
        if parent in skill:
            a, b = skill[e], skill[parent]
            apart = a[1] > b[2] or b[1] > a[2]
            verdict = (("more" if a[0] > b[0] else "less") + " than" if apart
                       else "about as much as (the intervals overlap)")
            lines.append(f"- `{e}` rewards skill {verdict} its parent `{parent}`: "
                         f"{a[0]:.1%} ({a[1]:.1%}-{a[2]:.1%}) against {b[0]:.1%} ({b[1]:.1%}-{b[2]:.1%}).")
    return lines + [""]


def command(args) -> str:
    """The options that decide the numbers (not --jobs, not --bench, not --cache), as they were given."""
    words = [f"--games {args.games}", f"--seed {args.seed}"]
    if args.strong != "greedy" or args.weak != "random":
        words += [f"--strong {args.strong}", f"--weak {args.weak}"]
    if args.strong_games:
        words.append(f"--strong-games {args.strong_games}")
    if args.skill_games:
        words.append(f"--skill-games {args.skill_games}")
    words += [f"--also {name}" for name in args.also]
    words += [f"--pair {pair}" for pair in args.pair]
    if args.matches:
        words.append(f"--matches {args.matches}")
    words += [f"--match-bot {name}" for name in args.match_bot]
    if args.plots:
        words.append(f"--plots {args.plots}")
    return " ".join(words)


def match_check(edition: str, first: str, second: str, matches: int, seed: int, jobs: int, cache) -> dict:
    """`first` against `second` over two-player matches played as duplicate deals: each match number is
    dealt from the seed alone, so playing it once in each seating swaps the seats on the same cards.
    The lead rotates inside each match as the edition declares."""
    half = max(1, matches // 2)
    # the games of these two calls are not read (the rotating skill row measures games): keep them few
    one = simulate(edition, 2, [first, second], 10, seed, jobs, False, cache, half)["match"]
    two = simulate(edition, 2, [second, first], 10, seed, jobs, False, cache, half)["match"]
    wins = one["sides"][0]["wins"] + two["sides"][1]["wins"]
    total = one["matches"] + two["matches"]
    low, high = wilson(wins, total)
    races = (one["races_per_match"]["mean"] + two["races_per_match"]["mean"]) / 2
    return {"first": first, "second": second, "matches": total, "share": wins / total, "ci95": [low, high],
            "races_per_match": races, "to": one["to"]}


def plain_findings(edition: str, runs: dict, lead: str, strong: str, checks: list[tuple], match: dict | None) -> list[str]:
    """What a family or a designer should take away, in a few short sentences: is the first seat
    favoured, does skill matter, how long is a game."""
    counts = sorted({p for (e, p, _) in runs if e == edition and not isinstance(p, str)})
    self_play = {p: runs[(edition, p, self_key(lead, strong))] for p in counts}
    favoured, against = [], []
    for p in counts:
        fsa = self_play[p]["first_seat_advantage"]
        low, high = fsa["ci95"]
        if low > fsa["fair_share"]:
            favoured.append(f"{p} players ({fsa['edge']:+.0%})")
        elif high < fsa["fair_share"]:
            against.append(f"{p} players ({fsa['edge']:+.0%})")
    if not favoured and not against:
        seat = "The first seat is neither favoured nor handicapped beyond chance at any number of players."
    else:
        seat = ("The first seat is favoured with " + ", ".join(favoured) + "." if favoured else "") + (
            (" " if favoured else "") + "The first seat is at a disadvantage with " + ", ".join(against) + "."
            if against else "")
        seat += " Elsewhere the seats are even within chance."
    out = [seat]
    for pairing, share, low, high, games in checks:
        verdict = ("skill clearly pays" if low > 0.5 else "the weaker bot does better" if high < 0.5
                   else "no clear difference")
        first, second = pairing.removesuffix(", matches").split(" vs ")
        out.append(f"{first} wins {share:.0%} of two-player {'matches' if pairing.endswith('matches') else 'games'} "
                   f"against {second} ({low:.0%}-{high:.0%}): {verdict}.")
    two = self_play[2]["length"]
    out.append(f"A two-player race lasts about {two['median']:.0f} turns (half of them between {two['p25']:.0f} and "
               f"{two['p75']:.0f}), a turn being one card played or discarded.")
    if match:
        out.append(f"Played as a match to {match['to']} points with the lead rotating, a match lasts "
                   f"{match['races_per_match']:.1f} races on average; the seat that leads the first race wins "
                   f"{match['seat_share']:.0%} of matches ({match['seat_ci'][0]:.0%}-{match['seat_ci'][1]:.0%}).")
    return out


def match_table(rows: list[tuple[str, dict]]) -> list[str]:
    lines = ["| matches | bots | share of matches won (95% interval) | races per match |", "| --- | --- | --- | --- |"]
    for label, m in rows:
        lines.append(f"| {m['matches']} | {label} | {m['share']:.1%} ({m['ci95'][0]:.1%}-{m['ci95'][1]:.1%}) | "
                     f"{m['races_per_match']:.1f} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1937)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--bench", type=Path, help="output of benchmarks/bench_simulate.py to include")
    parser.add_argument("--strong", default="greedy", help="the bot whose self-play is measured (e.g. ismcts:200)")
    parser.add_argument("--weak", default="random", help="the bot the skill check sets against it")
    parser.add_argument("--strong-games", type=int, help="games per row that involves --strong (default --games)")
    parser.add_argument("--skill-games", type=int,
                        help="games of --strong's skill check (default --strong-games): cheap in two-player games")
    parser.add_argument("--cache", type=Path,
                        help="JSON file of rows already measured (by the same code on the same rules), reused and added to")
    parser.add_argument("--also", action="append", default=[],
                        help="another bot whose self-play gets a row (--games games), e.g. --also expert")
    parser.add_argument("--pair", action="append", default=[],
                        help="another two-player skill check A:B, seats rotating (--games games), e.g. --pair greedy:random")
    parser.add_argument("--matches", type=int, default=0,
                        help="matches per row for editions that score a match (two players, lead rotating)")
    parser.add_argument("--match-bot", action="append", default=[],
                        help="a bot checked against --weak over matches only (e.g. scorer, which plays for race points)")
    parser.add_argument("--plots", type=Path, help="folder (under docs/) for the page's PNG figures")
    parser.add_argument("--headroom", type=Path, default=Path(__file__).parent / "results" / "oracle.jsonl.gz",
                        help="benchmarks/oracle.py's stored rows, redrawn as the skill-headroom figure")
    args = parser.parse_args()
    started = time.perf_counter()
    strong, weak = args.strong, args.weak
    pairs = []
    for pair in args.pair:
        if pair.count(":") != 1 or not all(pair.split(":")):
            sys.exit(f"balance.py: --pair {pair!r}: give two bots as A:B")
        pairs.append(tuple(pair.split(":")))
    for name in (strong, weak, *args.also, *args.match_bot, *(b for pair in pairs for b in pair)):
        if not bot_exists(name):
            sys.exit(f"balance.py: no bot {name!r}")
    ids = [path.stem for path in archive_files()]
    # the sentences read the strongest bot, unless it is the (slow, few-games) search bot: then the first --also
    lead = args.also[0] if args.also and strong.startswith("ismcts") else strong
    skilled = [strong, *(name for name in args.also if name != weak)]
    runs: dict = {}
    checks: dict[str, list[tuple]] = {}
    matches: dict[str, dict] = {}
    body: list[str] = []
    for edition in ids:
        ruleset = load(edition)
        rows = []
        match_rows = []
        checks[edition] = []
        for players in ruleset.player_counts():
            kinds = [("self", [strong], False), *((f"also {name}", [name], False) for name in args.also),
                     ("random", ["random"], False), ("skill", [strong, weak], True),
                     *((f"skill {name}", [name, weak], True) for name in skilled if name != strong),
                     *((f"pair {a}:{b}", [a, b], True) for a, b in pairs)]
            for key, bots, rotate in kinds:
                if (key.startswith("skill") or key.startswith("pair")) and players != 2:
                    continue
                games = (args.strong_games or args.games) if key in ("self", "skill") else args.games
                if key == "skill" and args.skill_games:
                    games = args.skill_games
                # the lead bot's two-player self-play also plays the matches: the first-seat edge of a match
                wanted = args.matches if (scores_a_match(ruleset) and players == 2 and key == self_key(lead, strong)) else 0
                data = runs[(edition, players, key)] = simulate(edition, players, bots, games, args.seed, args.jobs,
                                                                rotate, args.cache, wanted)
                label = {"self": f"{strong} self-play", "random": "random self-play",
                         "skill": f"{strong} vs {weak}, rotating"}.get(
                    key, f"{bots[0]} vs {bots[1]}, rotating" if rotate else f"{bots[0]} self-play")
                rows.append((label, data))
                if rotate and data["skill"]:
                    share, low, high = share_of(data["skill"], bots[0])
                    checks[edition].append((f"{bots[0]} vs {bots[1]}", share, low, high, data["games"]))
        if scores_a_match(ruleset) and args.matches:
            seat = runs[(edition, 2, self_key(lead, strong))]["match"]
            first = seat["sides"][0]
            match_rows.append((f"{lead} self-play: the seat leading the first race",
                               {"matches": seat["matches"], "share": first["rate"], "ci95": first["ci95"],
                                "races_per_match": seat["races_per_match"]["mean"]}))
            for a, b in [(bot, weak) for bot in skilled + args.match_bot] + pairs:
                m = match_check(edition, a, b, args.matches, args.seed, args.jobs, args.cache)
                match_rows.append((f"{a} vs {b}, duplicate deals", m))
                checks[edition].append((f"{a} vs {b}, matches", m["share"], m["ci95"][0], m["ci95"][1], m["matches"]))
            matches[edition] = {"to": seat["to"], "races_per_match": seat["races_per_match"]["mean"],
                                "seat_share": first["rate"], "seat_ci": first["ci95"]}
        body += [f"## {ruleset.title}{': ' + ruleset.subtitle if ruleset.subtitle else ''} (`{edition}`)", ""]
        body += table(rows, unit_of(edition)) + [""]
        if match_rows:
            body += [f"Matches to {matches[edition]['to']} points, two players, the lead rotating race by race:", ""]
            body += match_table(match_rows) + [""]
        print(f"{edition} done", file=sys.stderr)
    figures = draw(args, ids, runs, checks, lead, strong) if args.plots else []
    elapsed = time.perf_counter() - started
    stand_in = ""
    if not strong.startswith("ismcts"):
        stand_in = (f" The strongest bot here is `{strong}`: every number below measures the game as {strong} "
                    f"plays it. `--strong ismcts:N` makes the same page with the search bot.")
    also = "".join(f", `{name}` against itself" for name in args.also)
    extra = "".join(f", `{a}` against `{b}`" for a, b in pairs)
    match_note = (f" Editions that score a match ({', '.join(f'`{e}`' for e in matches)}) are also played as "
                  f"{args.matches} two-player matches a row, the lead rotating race by race as the edition declares; "
                  "a skill check over matches plays each match twice with the seats swapped (duplicate deals)."
                  if matches else "")
    head = [
        "# Balance findings", "",
        f"Made with `python benchmarks/balance.py {command(args)} > docs/balance.md` (the numbers do not depend on "
        f"`--jobs`; every row is a `touring simulate ... --json` run). Each row is {args.games} games"
        f"{f' ({args.strong_games} with {strong})' if args.strong_games else ''}"
        f"{f', and {strong} plays {args.skill_games} against {weak}' if args.skill_games else ''}; percentages come with 95% "
        "confidence intervals. "
        f"For every edition and player count: `{strong}` against itself{also}, `random` against itself (a "
        f"game of pure luck, for comparison), and, for two players, "
        f"{', '.join(f'`{name}`' for name in skilled)} against `{weak}`{extra} with the seats rotating (the skill "
        f"check).{match_note} The sentences below read the `{lead}` rows.{stand_in}", "",
        f"_Generated in {elapsed:.0f} s{' (rows kept in a --cache file from earlier runs not counted)' if args.cache else ''}._", "",
    ]
    if figures:
        head += ["## At a glance", ""] + figures
    head += ["## Edition by edition", ""]
    for edition in ids:
        ruleset = load(edition)
        head += [f"**`{edition}`** ({ruleset.title}{': ' + ruleset.subtitle if ruleset.subtitle else ''}). "
                 + " ".join(plain_findings(edition, runs, lead, strong, checks[edition], matches.get(edition))), ""]
    head += ["## What the numbers say", ""]
    head += comparisons(runs, ids, strong, weak, lead)
    head += ["In detail:", ""]
    for edition in ids:
        head += edition_findings(edition, runs, strong, weak, lead, skilled)
    head += [BOTS, ""]
    tail = [MEASURES]
    if args.bench:
        tail += ["## Speed of the simulator", "",
                 "`touring simulate` plays random, greedy and expert games inside the generated rules kernel, "
                 "and a warm run reads the seated tables and compiled kernel from the ruleset cache. The "
                 "figures below are whole commands, start-up included, beside the hand-written reference "
                 "simulator in the same run (`python benchmarks/bench_simulate.py --games 20000 --rounds 3`; "
                 "it prints the machine's load average, and on a shared machine CPU time is the steadier "
                 "figure):", "", "```", args.bench.read_text().rstrip(), "```", ""]
    tail += stamp_lines(ids)
    sys.stdout.write("\n".join(head + body + tail))


def draw(args, ids: list[str], runs: dict, checks: dict, lead: str, strong: str) -> list[str]:
    """The page's four figures, written under --plots; returns the Markdown that shows them."""
    import balance_plots as plots

    folder = args.plots
    folder.mkdir(parents=True, exist_ok=True)
    rel = folder.name  # the page sits in docs/, the figures in docs/<folder>
    plots.win_shares(checks, folder / "win-share.png")
    edges = {}
    for edition in ids:
        rows = []
        for players in load(edition).player_counts():
            fsa = runs[(edition, players, self_key(lead, strong))]["first_seat_advantage"]
            fair = fsa["fair_share"]
            rows.append((players, fsa["edge"], fsa["ci95"][0] - fair, fsa["ci95"][1] - fair))
        edges[edition] = rows
    plots.first_seat(edges, lead, folder / "first-seat.png")
    plots.race_lengths({e: {lead: runs[(e, 2, self_key(lead, strong))]["length"],
                            "random": runs[(e, 2, "random")]["length"]} for e in ids}, folder / "race-length.png")
    out = [f"![Win share of the better bot in each pairing, with 95% intervals]({rel}/win-share.png)", "",
           f"![First-seat edge by player count, with 95% intervals]({rel}/first-seat.png)", "",
           f"![Turns per two-player race, by edition]({rel}/race-length.png)", ""]
    if args.headroom.exists():
        covered = plots.headroom(args.headroom, folder / "headroom.png")
        out += [f"![Skill headroom: each bot's share against expert, the oracle's included]({rel}/headroom.png)", "",
                f"The headroom figure redraws `{args.headroom.as_posix().split('benchmarks/')[-1]}` "
                f"(made by `benchmarks/oracle.py`, not played again here; {len(covered)} editions): an oracle "
                "that sees every hidden card, the draw order included, against the expert rule, and how much of "
                "that edge each bot takes. See [Bots, levels and skill headroom](bots.md).", ""]
    return out


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))  # balance_plots beside this script
    main()
