"""Every edition's generated kernel plays the games it played before: golden move sequences and results.

For every edition in editions/ and editions/house/, every player count it seats and the kernel bots
(random, greedy, expert, and expert beside random), a few seeded games are played on both paths: inside
the kernel (simulate.fast with traces: the kernel policies) and through the public Game API (bots
reading Views and choosing Moves). Each game's moves, as the public Moves' words, are hashed, and the
hash, the number of moves, the outcome, the winner, the turns, each side's miles and (where the
edition scores) each side's points are checked against tests/golden/games/games.json. A change to
the engine that keeps the rules keeps every line; a change of rule changes only the lines of the
editions that use it.

Regenerate after an intended change of rule with: TOURING_UPDATE_GOLDEN=1 pytest tests/test_engine_replay_golden.py
(`python scripts/goldens.py` writes every golden of the suite and says which changed)
(and say in the commit which editions changed and why).
"""
from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

import pytest

from touring_dsl.language.archive import load
from touring_dsl.bots.players import make_bot
from touring_dsl.language.compiler import compile_text
from touring_dsl.engine import new_game, tables_for
from touring_dsl.engine.moves import move_of
from touring_dsl.engine.rules.scoring import score_race
from touring_dsl.base.rng import Rng
from touring_dsl.simulate import Plan, seat_bots
from touring_dsl.simulate.fast import play_games
from touring_dsl.simulate.plan import BOT_SALT, game_seed
from golden_files import UPDATE, golden_path, write_golden  # tests/golden_files.py

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = golden_path("golden", "games", "games.json")
EDITIONS = sorted((ROOT / "editions").glob("*.touring")) + sorted((ROOT / "editions" / "house").glob("*.touring"))
SEATINGS = (("random",), ("greedy",), ("expert",), ("expert", "random"))
GAMES = 3
SEED = 11


# A mechanic no edition uses yet, as in test_simulate_paths: a turn that draws two, so a hand over its
# size is discarded down before the turn passes (the engine's other kind of waiting move).
VARIANTS = {
    "variant/draw-two-mille": 'edition "draw-two-mille" extends "mille-bornes" { title "Mille Bornes, two a turn" }\n'
                              "turn { change draw 2 before play }\n",
    "variant/draw-two-1937": 'edition "draw-two-1937" extends "touring-1937" { title "Touring, two a turn" }\n'
                             "turn { change draw 2 before play }\n",
}


def edition_name(path) -> str:
    return path if isinstance(path, str) else str(path.relative_to(ROOT / "editions").with_suffix(""))


@lru_cache(maxsize=None)
def ruleset_of(path):
    if isinstance(path, str):
        return compile_text(VARIANTS[path], "<golden variant>", base_dir=ROOT / "editions")
    return load(str(path))


def configs() -> list[tuple]:
    return [(path, players) for path in [*EDITIONS, *VARIANTS] for players in ruleset_of(path).player_counts()]


def summary(game, words: list[str]) -> dict:
    """What a finished game is recorded by: its moves (hashed), result, miles and scores."""
    scores = None
    if game.ruleset.scoring is not None:
        scores = [race.total for race in score_race(game)]
    return {"moves": hashlib.sha256("\n".join(words).encode()).hexdigest()[:20], "n": len(words),
            "outcome": game.outcome, "winner": game.winner, "turns": game.turns, "miles": list(game.miles),
            "scores": scores}


def kernel_games(ruleset, players: int, bots: tuple[str, ...]) -> list[dict]:
    """The games as simulate plays them inside the kernel."""
    plan = Plan(edition=ruleset.id, players=players, setup=None, bots=seat_bots(list(bots), players), seed=SEED,
                games=GAMES)
    t = tables_for(ruleset, players)
    traces: list = []
    out = []
    for _, game in play_games(ruleset, plan, 0, GAMES, traces=traces):
        out.append(summary(game, [str(move_of(t, code)) for code in traces[-1]]))
    return out


def public_games(ruleset, players: int, bots: tuple[str, ...]) -> list[dict]:
    """The same games through the public Game API: Views, Moves and Events."""
    names = seat_bots(list(bots), players)
    out = []
    for index in range(GAMES):
        seed = game_seed(SEED, index)
        game = new_game(ruleset, players=players, seed=seed)
        seat_bot = [make_bot(name, ruleset) for name in names]
        rng = Rng(seed ^ BOT_SALT)
        words = []
        while not game.is_over:
            seat = game.to_act
            move = seat_bot[seat].choose(game.view(seat), game.legal_moves(), rng)
            words.append(str(move))
            game.apply(move)
        out.append(summary(game, words))
    return out


def key(path, players: int, bots: tuple[str, ...]) -> str:
    return f"{edition_name(path)}/{players}/{'+'.join(bots)}"


def played() -> dict:
    return {key(path, players, bots): kernel_games(ruleset_of(path), players, bots)
            for path, players in configs() for bots in SEATINGS}


@pytest.fixture(scope="module")
def golden() -> dict:
    if UPDATE:
        write_golden(GOLDEN, json.dumps(played(), indent=1, sort_keys=True) + "\n")
    return json.loads(GOLDEN.read_text())


def test_every_edition_and_seating_has_golden_games(golden):
    assert set(golden) == {key(path, players, bots) for path, players in configs() for bots in SEATINGS}


@pytest.mark.parametrize("path,players", configs(), ids=lambda x: str(x) if isinstance(x, int) else edition_name(x))
@pytest.mark.parametrize("bots", SEATINGS, ids="+".join)
def test_kernel_and_public_api_play_the_golden_games(golden, path, players, bots):
    ruleset = ruleset_of(path)
    expected = golden[key(path, players, bots)]
    assert kernel_games(ruleset, players, bots) == expected
    assert public_games(ruleset, players, bots) == expected


@pytest.mark.parametrize("path,players", configs(), ids=lambda x: str(x) if isinstance(x, int) else edition_name(x))
def test_run_random_ends_as_the_golden_random_games(golden, path, players):
    """engine run_random (the random bot's whole game in one kernel loop) ends each game as recorded."""
    ruleset = ruleset_of(path)
    for index, expected in enumerate(golden[key(path, players, ("random",))]):
        seed = game_seed(SEED, index)
        game = new_game(ruleset, players=players, seed=seed)
        game.run_random(Rng(seed ^ BOT_SALT))
        got = summary(game, [])
        for field in ("outcome", "winner", "turns", "miles", "scores"):
            assert got[field] == expected[field], field
