"""Simulate stage, warm start: a fast-path run read from the ruleset cache loads no model, compiles no
generated code, and plays and reports exactly what the full path (the Ruleset, no cache) does."""
from __future__ import annotations

import re

import ast
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from touring_dsl.language.archive import load
from touring_dsl.engine.tables import tables_for
from touring_dsl.simulate import Plan, seat_bots
from touring_dsl.simulate.fast import play_chunk
from touring_dsl.simulate.warm import pickled_seating

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("pydantic", "touring_dsl.language.model", "touring_dsl.language.compiler", "lark")
# at exit: the modules loaded, and the names of the generated modules compiled (builtins.compile wrapped)
HOOK = ("import atexit, builtins, sys\n"
        "compiled, real = [], builtins.compile\n"
        "def counting(source, filename, *rest, **named):\n"
        "    compiled.append(str(filename))\n"
        "    return real(source, filename, *rest, **named)\n"
        "builtins.compile = counting\n"
        "atexit.register(lambda: print('LOADED', sorted(sys.modules),\n"
        "                              [f for f in compiled if f.startswith('<touring')], file=sys.stderr))\n"
        "from touring_dsl.cli.app import main; main()")


def touring(args: list[str], cache: Path, cwd: Path = ROOT, cached: bool = True) -> tuple[str, str, set, list]:
    """(stdout, stderr without the hook's line, modules loaded, generated code compiled) of one fresh run."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "NO_COLOR": "1", "COLUMNS": "80"}
    env.pop("TOURING_NO_CACHE", None)
    if not cached:
        env["TOURING_NO_CACHE"] = "1"
    result = subprocess.run([sys.executable, "-c", HOOK, *args], env=env, cwd=cwd, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    report = next(line for line in lines if line.startswith("LOADED "))
    modules, compiled = ast.literal_eval(report.removeprefix("LOADED ").replace("] [", "], [", 1))
    return result.stdout, "\n".join(line for line in lines if line != report), set(modules), compiled


@pytest.mark.parametrize("args", [
    ["simulate", "touring-1937", "--games", "40", "--bots", "random,random", "--jobs", "1"],
    ["simulate", "touring-1937", "--games", "40", "--bots", "expert,greedy", "--rotate", "--jobs", "1", "--json"],
    ["simulate", "touring-1965", "--players", "4", "--games", "300", "--bots", "greedy,random", "--jobs", "2"],
])
def test_a_warm_run_loads_no_model_and_compiles_no_generated_code(args: list[str], tmp_path: Path) -> None:
    cold_out, _, cold_modules, cold_compiled = touring(args, tmp_path)
    warm_out, _, modules, compiled = touring(args, tmp_path)
    assert "touring_dsl.language.model" in cold_modules and cold_compiled  # the first run compiled all of it
    assert warm_out == cold_out
    heavy = sorted(name for name in modules if name.startswith(HEAVY))
    assert heavy == [], f"a warm `touring {' '.join(args)}` loaded {heavy[:5]}"
    assert compiled == []


@pytest.mark.parametrize("args", [
    ["simulate", "touring-1937", "--games", "300", "--bots", "greedy,random", "--rotate", "--seed", "5", "--json"],
    ["simulate", "touring-1965", "--players", "4", "--games", "300", "--bots", "random,expert", "--jobs", "2"],
    ["simulate", "mille-bornes", "--games", "60", "--bots", "expert,random", "--matches", "4", "--json"],
    ["simulate", "editions/house/short-race-1937.touring", "--players", "3", "--games", "80", "--bots", "greedy"],
    ["compare", "touring-1937", "touring-1906", "--games", "60", "--jobs", "1"],
])
def test_a_warm_run_reports_what_the_full_path_does(args: list[str], tmp_path: Path) -> None:
    records = ["--records", str(tmp_path / "games.csv")] if args[0] == "simulate" else []
    full, _, full_modules, _ = touring(args + records, tmp_path / "cache", cached=False)
    assert "touring_dsl.language.model" in full_modules  # with the cache off: the full path, from the Ruleset
    full_rows = (tmp_path / "games.csv").read_text() if records else ""
    touring(args, tmp_path / "cache")  # fills the cache
    warm, _, modules, _ = touring(args + records, tmp_path / "cache")
    assert "touring_dsl.language.model" not in modules or "mille-bornes" in args  # matches are played with the Ruleset
    assert warm == full
    assert not records or (tmp_path / "games.csv").read_text() == full_rows


def test_a_run_the_full_path_refuses_is_refused_the_same_with_a_warm_cache(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path), "NO_COLOR": "1"}
    command = [sys.executable, "-c", "from touring_dsl.cli.app import main; main()", "simulate", "touring-1937",
               "--games", "5", "--jobs", "1"]
    subprocess.run(command, env=env, cwd=ROOT, check=True, capture_output=True)  # warm
    for extra, message in ((["--players", "5"], "touring-1937 is not played by 5; it seats 2, 3, 4, 6"),
                           (["--setup", "nope"], "touring-1937 has no setup 'nope' for 2 players"),
                           (["--games", "0"], "--games must be at least 1")):
        result = subprocess.run(command + extra, env=env, cwd=ROOT, capture_output=True, text=True)
        assert (result.returncode, result.stdout) == (2, "")
        assert message in result.stderr


def test_editing_an_edition_is_seen_by_a_warm_run(tmp_path: Path) -> None:
    edition = tmp_path / "mine.touring"
    edition.write_text((ROOT / "editions" / "touring-1937.touring").read_text(encoding="utf-8"), encoding="utf-8")
    args = ["simulate", "mine.touring", "--games", "60", "--bots", "greedy,random", "--json"]
    touring(args, tmp_path / "cache", cwd=tmp_path)
    before, _, _, _ = touring(args, tmp_path / "cache", cwd=tmp_path)
    text = edition.read_text(encoding="utf-8")
    changed = re.sub(r'(card "Go" +go +count) 15', r"\1 25", text)
    assert changed != text
    edition.write_text(changed, encoding="utf-8")
    after, _, modules, compiled = touring(args, tmp_path / "cache", cwd=tmp_path)
    assert "touring_dsl.language.model" in modules and compiled  # compiled again: the entry was for the old text
    full, _, _, _ = touring(args, tmp_path / "cache", cwd=tmp_path, cached=False)
    assert after == full != before


EDITIONS = ["touring-1906", "touring-1937", "touring-1937-penalties", "touring-1965", "mille-bornes"]


@settings(max_examples=12, deadline=None)
@given(edition=st.sampled_from(EDITIONS), data=st.data(),
       bots=st.lists(st.sampled_from(["random", "greedy", "expert"]), min_size=1, max_size=3),
       seed=st.integers(0, 2**40), rotate=st.booleans())
def test_detached_tables_play_the_games_of_the_ruleset(edition: str, data, bots: list[str], seed: int,
                                                       rotate: bool) -> None:
    ruleset = load(edition)
    players = data.draw(st.sampled_from(ruleset.player_counts()))
    seated = pickle.loads(pickled_seating(ruleset, players, None))  # as a warm run reads it
    plan = Plan(edition=edition, players=players, setup=seated.facts.setup_id, bots=seat_bots(bots, players),
                seed=seed, games=40, rotate=rotate, records=True)
    assert play_chunk(seated.tables, plan, 0, 40) == play_chunk(ruleset, plan, 0, 40)


@pytest.mark.parametrize("edition,players", [("touring-1937", 2), ("touring-1965", 4), ("mille-bornes", 2)])
def test_a_seated_edition_pickles_without_the_model(edition: str, players: int) -> None:
    data = pickled_seating(load(edition), players, None)
    seated = pickle.loads(data)
    assert b"touring_dsl.language.model" not in data and b"pydantic" not in data
    assert seated.tables.ruleset is None and seated.tables.kernel is None
    # its kernel and both measuring loops come with it, compiled
    assert set(seated.tables.compiled) == {"kernel", ("measuring loop", False, False), ("measuring loop", True, False)}


def test_a_seating_the_edition_lacks_is_not_seated() -> None:
    ruleset = load("touring-1937")
    assert pickled_seating(ruleset, 5, None) is None and pickled_seating(ruleset, 2, "nope") is None


def test_detached_tables_stand_only_for_their_own_seating() -> None:
    t = pickle.loads(pickled_seating(load("touring-1937"), 2, None)).tables
    assert tables_for(t, 2) is t and tables_for(t, 2, t.setup_id) is t
    with pytest.raises(ValueError, match="seat 2 players"):
        tables_for(t, 3)
    with pytest.raises(ValueError, match="seat 2 players"):
        tables_for(t, 2, "three-players")


def test_the_seating_kept_in_an_entry_costs_the_other_commands_nothing(tmp_path: Path) -> None:
    touring(["simulate", "touring-1937", "--games", "5", "--jobs", "1"], tmp_path)
    touring(["show", "touring-1937"], tmp_path)
    _, _, modules, _ = touring(["show", "touring-1937"], tmp_path)
    assert not any(name.startswith(("touring_dsl.engine", "touring_dsl.simulate")) for name in modules)


def test_a_kept_seating_that_no_longer_loads_is_only_a_miss(tmp_path: Path, monkeypatch) -> None:
    from touring_dsl.simulate import warm

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("TOURING_NO_CACHE", raising=False)
    monkeypatch.setattr(warm, "_SEATED", {})
    monkeypatch.setattr(warm, "pickled_seating", lambda ruleset, players, setup: b"not a pickle")
    assert warm.seated("touring-1937", 2, None) is None  # the caller takes the full path
    monkeypatch.setattr(warm, "_SEATED", {})
    monkeypatch.setattr(warm, "pickled_seating", pickled_seating)
    assert warm.seated("touring-1937", 2, None) is None  # read back from the entry: still no seating
    assert warm.seated("touring-1937", 3, None).facts.setup_id == "three-players"
