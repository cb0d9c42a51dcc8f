"""The state schema: every field survives a clone, a snapshot, a log replay and a search's rebuild from a View.

engine.schema declares each piece of game state once; State's slots and copies, the generated reset,
View.extra and the rebuilt table of a search are made from it. These tests play random games of every
edition (and a variant whose turns draw two, so a hand is discarded down) and check each field on each
path, so that a field added without its way through one of them fails here, by name.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from touring_dsl.language.archive import load
from touring_dsl.language.compiler import compile_text
from touring_dsl.engine import new_game
from touring_dsl.engine.moves import Move
from touring_dsl.engine.rebuild import DERIVE, FROM_VIEW
from touring_dsl.engine.schema import DERIVED, OWN, PUBLIC, state_fields
from touring_dsl.engine.state import State
from touring_dsl.base.rng import Rng
from touring_dsl.bots.search.determinize import public_table

ROOT = Path(__file__).resolve().parents[1]
EDITIONS = sorted(str(p) for p in (ROOT / "editions").glob("*.touring")) + \
    sorted(str(p) for p in (ROOT / "editions" / "house").glob("*.touring"))
DRAW_TWO = 'edition "draw-two-mille" extends "mille-bornes" { title "two a turn" }\nturn { change draw 2 before play }\n'
FIELDS = state_fields()


@lru_cache(maxsize=None)
def ruleset(ref: str):
    return compile_text(DRAW_TWO, "<test>", base_dir=ROOT / "editions") if ref == "draw-two" else load(ref)


def values(game) -> dict:
    return {f.name: getattr(game, f.name) for f in FIELDS}


def played(ref: str, players_pick: int, seed: int, moves: int):
    """A game of `ref` after up to `moves` random moves, and the moves as a log stores them."""
    rs = ruleset(ref)
    counts = rs.player_counts()
    players = counts[players_pick % len(counts)]
    game = new_game(rs, players=players, seed=seed)
    rng, log = Rng(seed), []
    for _ in range(moves):
        if game.is_over:
            break
        legal = game.legal_moves()
        move = legal[rng.below(len(legal))]
        log.append(move.to_json())
        game.apply(move)
    return game, log


GAMES = st.tuples(st.sampled_from(EDITIONS + ["draw-two"]), st.integers(0, 5), st.integers(1, 10_000),
                  st.integers(0, 160))


def test_every_field_has_its_way_back_from_a_view():
    for f in FIELDS:
        if f.seen in (PUBLIC, OWN):
            assert f.view == "extra" or f.name in FROM_VIEW, f"{f.name}: public, but no way back from a View"
        if f.seen == DERIVED:
            assert f.derive in DERIVE, f"{f.name}: derived by {f.derive!r}, which no rebuild step is"
    assert set(State.__slots__) == {"t", "seed", "rng"} | {f.name for f in FIELDS}


@settings(max_examples=60, deadline=None)
@given(GAMES)
def test_a_clone_and_a_restored_snapshot_hold_every_field(case):
    game, _ = played(*case)
    before = values(game)
    twin = game.clone()
    assert values(twin) == before
    again = new_game(game.ruleset, players=game.players, seed=1)
    again.restore(game.snapshot())
    assert values(again) == before
    # independent copies: playing on in the clone leaves the game as it was
    if not twin.is_over:
        twin.apply(twin.legal_moves()[-1])
        assert values(game) == before


@settings(max_examples=40, deadline=None)
@given(GAMES)
def test_a_log_replays_to_the_same_table_field_by_field(case):
    game, log = played(*case)
    replay = new_game(game.ruleset, players=game.players, seed=case[2])
    for data in log:
        replay.apply(Move.from_json(data))
    assert values(replay) == values(game)


@settings(max_examples=60, deadline=None)
@given(GAMES)
def test_a_search_rebuilds_every_field_the_seat_may_know(case):
    game, _ = played(*case)
    if game.is_over:
        return
    seat = game.to_act
    seen = public_table(game.t, game.view(seat))
    for f in FIELDS:
        mine, theirs = getattr(seen, f.name), getattr(game, f.name)
        if f.seen == PUBLIC or (f.seen == DERIVED and f.name != "hand_mask"):
            assert mine == theirs, f.name
        elif f.seen == OWN or f.name == "hand_mask":
            assert mine[seat] == theirs[seat], f.name


def test_the_kernel_writes_only_declared_names():
    """Every name a generated kernel (or measuring loop) assigns is state, a constant, a declared run-time
    name (codegen.KERNEL_NAMES, playout.MEASURE_NAMES) or a scratch name beginning with "_"."""
    import ast

    from touring_dsl.engine.codegen import KERNEL_NAMES
    from touring_dsl.engine.emitter import CONSTANTS
    from touring_dsl.engine.kernel import source_for
    from touring_dsl.engine.tables import tables_for
    from touring_dsl.bots.playout import MEASURE_NAMES, loop_source

    declared = set(KERNEL_NAMES) | set(MEASURE_NAMES) | set(CONSTANTS) | {f.name for f in FIELDS} | {"_"}
    for ref in EDITIONS + ["draw-two"]:
        rs = ruleset(ref)
        for players in rs.player_counts():
            for text in (source_for(rs, players), loop_source(tables_for(rs, players), True, True)):
                tree = ast.parse(text)
                stored = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)
                          and isinstance(node.ctx, ast.Store)} | {a.arg for a in ast.walk(tree) if isinstance(a, ast.arg)}
                undeclared = sorted(n for n in stored - declared if not n.startswith("_"))
                assert undeclared == [], f"{ref}, {players} players: undeclared kernel names {undeclared}"
