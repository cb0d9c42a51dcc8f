"""`touring simulate --matches` by bot: each bot's match wins with its 95% interval, the bots moved round
the seats match by match under --rotate, in the text report and under the `match.bots` JSON key."""
from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from touring_dsl.base.rng import Rng
from touring_dsl.bots.players import make_bot, play
from touring_dsl.cli.app import app
from touring_dsl.engine.match import play_match
from touring_dsl.language.archive import load
from touring_dsl.simulate.plan import BOT_SALT, game_seed
from touring_dsl.simulate.stats import wilson

HOUSE = Path(__file__).resolve().parents[1] / "editions" / "house" / "match-1937.touring"  # a match to 500
MATCHES = 12  # two chunks of matches (MATCH_CHUNK is 10), so the merge is exercised too
SEED = 5
runner = CliRunner()


def simulate(bots: str, *flags: str, matches: int = MATCHES, edition: str = str(HOUSE)):
    result = runner.invoke(app, ["simulate", edition, "-n", "10", "--bots", bots, "--matches", str(matches),
                                 "--seed", str(SEED), "-j", "1", *flags])
    assert result.exit_code == 0, result.output
    return result.stdout


def match_json(bots: str, *flags: str) -> dict:
    return json.loads(simulate(bots, "--json", *flags))["match"]


def by_bot(match: dict) -> dict[str, dict]:
    return {b["bot"]: b for b in match["bots"]}


def greedy_wins_by_hand(first: str, second: str, rotate: bool) -> int:
    """The matches greedy wins, played here one by one from the engine: match i seats the bots moved on by
    i places under --rotate, its deal from the run's seed and i, its bots' choices from each race's seed."""
    ruleset = load(str(HOUSE))
    wins = 0
    for index in range(MATCHES):
        seating = (first, second) if not rotate or index % 2 == 0 else (second, first)
        bots = [make_bot(name, ruleset) for name in seating]
        match = play_match(ruleset, 2, game_seed(SEED, index), lambda game: play(game, bots, Rng(game.seed ^ BOT_SALT)))
        if match.winner is not None and seating[match.winner] == "greedy":
            wins += 1
    return wins


def test_each_bots_match_wins_add_up_with_intervals_that_hold_their_rates():
    match = match_json("greedy,random", "--rotate")
    bots = by_bot(match)
    assert set(bots) == {"greedy", "random"}
    assert match["matches"] == MATCHES
    # two players, one seat each: every match is one seat-match for each bot, and a won match is one bot's win
    assert all(b["seat_matches"] == MATCHES for b in bots.values())
    assert sum(b["wins"] for b in bots.values()) + match["undecided"] == MATCHES
    for b in bots.values():
        assert b["rate"] == b["wins"] / b["seat_matches"]
        assert b["ci95"] == list(wilson(b["wins"], b["seat_matches"]))
        assert b["ci95"][0] <= b["rate"] <= b["ci95"][1]


def test_match_wins_follow_the_bots_not_the_seats():
    forward, swapped = match_json("greedy,random", "--rotate"), match_json("random,greedy", "--rotate")
    for match, first, second in ((forward, "greedy", "random"), (swapped, "random", "greedy")):
        bots = by_bot(match)
        assert bots["greedy"]["wins"] == greedy_wins_by_hand(first, second, rotate=True)
        assert bots["greedy"]["wins"] > bots["random"]["wins"]  # greedy is the stronger bot here, in either order
    # rotating, each seat is played by each bot in turn: greedy's wins are not one side's wins
    assert by_bot(forward)["greedy"]["wins"] not in [s["wins"] for s in forward["sides"]]


def test_without_rotate_each_bot_keeps_its_seat_and_its_sides_wins():
    match = match_json("greedy,random")
    assert by_bot(match)["greedy"]["wins"] == match["sides"][0]["wins"] == greedy_wins_by_hand("greedy", "random", False)
    assert by_bot(match)["random"]["wins"] == match["sides"][1]["wins"]


def test_same_seed_same_match_numbers_whatever_the_jobs():
    once = match_json("greedy,random", "--rotate")
    assert match_json("greedy,random", "--rotate") == once
    assert match_json("greedy,random", "--rotate", "-j", "2") == once  # the later -j wins: two workers


def test_text_report_prints_each_bots_match_wins_with_its_interval():
    text = simulate("greedy,random", "--rotate")
    match = match_json("greedy,random", "--rotate")
    part = text.split("Match wins by bot (per seat played):\n", 1)[1].splitlines()
    for line, b in zip(part, match["bots"]):
        low, high = b["ci95"]
        assert line == f"  {b['bot']}: {b['rate']:.1%} [{low:.1%}, {high:.1%}]"
    assert [re.match(r"  (\w+):", line).group(1) for line in part[:2]] == ["greedy", "random"]


def test_an_edition_that_plays_no_match_reports_no_matches():
    text = simulate("greedy,random", "--rotate", edition="touring-1937")
    assert "Match" not in text
    assert "match" not in json.loads(simulate("greedy,random", "--rotate", "--json", edition="touring-1937"))
