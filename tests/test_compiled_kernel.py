"""The compiled kernel (touring_dsl.bots.compiled) plays the Python kernel's games, and says what it cannot run.

- Every archive edition, every seating: the numba module, translated from the generated kernel and
  measuring loop, plays a few hundred random games, and as many with the rule's seats (greedy, expert
  and random rotating); their Tally and every `--records` row are those of the Python kernel
  (simulate.fast), game for game.
- The meta-test: every mechanic's kernel lines, in every archive seating, translate (for the random loop
  and the rule's), and every mechanic that asks a question answers it in lines (answer_lines); a line
  the translation does not know is refused with the name of the mechanic that wrote it and the line itself.
- The generator: below, splitmix64 and the shuffle are base.rng's, bit for bit.
- TOURING_KERNEL=python, or no numba: the Python kernel plays (the same report).

The tests that run numba skip when it is not installed (CI installs it: the `fast` extra is in `dev`).
"""
from __future__ import annotations

import ast
import json
import os
import re
import stat

import pytest

from touring_dsl.base.rng import Rng, splitmix64
from touring_dsl.engine import tables_for
from touring_dsl.engine.kernel import source_for
from touring_dsl.language.archive import load
from touring_dsl.language.locate import archive_ids
from touring_dsl.simulate import Plan
from touring_dsl.simulate import fast
from touring_dsl.simulate.compiled import chunk
from touring_dsl.bots.compiled.runtime import module_source
from touring_dsl.bots.compiled.translate import CannotCompile, Context, FunctionTranslator, Translated, translate

def seatings() -> list[tuple[str, int, str]]:
    found = []
    for edition in archive_ids():
        ruleset = load(edition)
        for players in ruleset.player_counts():
            for setup in ruleset.setups:
                try:
                    tables_for(ruleset, players, setup.id)
                except (KeyError, ValueError):
                    continue
                found.append((edition, players, setup.id))
    return found


SEATINGS = seatings()


def covering(found: list[tuple[str, int, str]]) -> list[tuple[str, int, str]]:
    """The seatings the suite plays on both kernels: a two-player seating of each edition that is not a
    house rule (where it has one), then, taken greedily, seatings until every function that writes kernel
    lines (the `# <- module.function` origins of `touring show --kernel`) is in one of them. Each is a numba
    compile of some 15 s of CPU, so all 77 archive seatings (some 20 minutes) play only with
    TOURING_COMPILED_ALL=1; the meta-test above translates every one of them in any case."""
    if os.environ.get("TOURING_COMPILED_ALL") == "1":
        return found
    origin = re.compile(r"# <- (\S+)")
    wanted = [s for s in found if s[1] == 2 and not load(s[0]).parent]
    wanted = list(dict((s[0], s) for s in reversed(wanted)).values())[::-1]  # one per edition, its first
    origins = {s: set(origin.findall(source_for(load(s[0]), s[1], s[2], annotated=True))) for s in found}
    have = set().union(*(origins[s] for s in wanted))
    every = set().union(*origins.values())
    while have != every:
        best = max(found, key=lambda s: len(origins[s] - have))
        wanted.append(best)
        have |= origins[best]
    return wanted


PLAYED = covering(SEATINGS)


@pytest.fixture(autouse=True)
def compiled_kernel_wanted(monkeypatch):
    """tests/conftest.py asks every other test for the Python kernel; these ask for the compiled one."""
    monkeypatch.setenv("TOURING_KERNEL", "compiled")
GAMES = 200


RULE_SEATS = ("expert", "greedy", "random")  # rotating, so that every seat is played by each


def plan_for(edition: str, players: int, setup: str, games: int = GAMES, bots: tuple[str, ...] = ("random",),
             **more) -> Plan:
    return Plan(edition=edition, players=players, setup=setup, bots=tuple(bots[i % len(bots)] for i in range(players)),
                seed=20261127, games=games, records=True, **more)


@pytest.mark.parametrize("edition,players,setup", SEATINGS)
def test_every_seating_translates(edition, players, setup):
    """The meta-test: every line every mechanic writes for this seating is one the compiled backend runs,
    for random seats and for the rule's (whose mechanics' questions are answered in lines)."""
    t = tables_for(load(edition), players, setup)
    module_source(t, greedy=False)
    module_source(t, greedy=True)


@pytest.mark.parametrize("bots", [("random",), RULE_SEATS], ids=["random", "rule"])
@pytest.mark.parametrize("edition,players,setup", PLAYED)
def test_compiled_games_are_the_python_games(edition, players, setup, bots):
    pytest.importorskip("numba")
    t = tables_for(load(edition), players, setup)
    plan = plan_for(edition, players, setup, bots=bots, rotate=len(bots) > 1)
    compiled = chunk.compiled_for(t, plan)
    assert compiled is not None, "the compiled kernel refused this seating"
    python_tally, python_rows = fast.play_chunk(t, plan, 0, GAMES)
    compiled_tally, compiled_rows = chunk.play_chunk(t, plan, 0, GAMES, compiled)
    for python_row, compiled_row in zip(python_rows, compiled_rows):
        assert compiled_row == python_row
    assert len(compiled_rows) == GAMES
    assert compiled_tally == python_tally
    # and in the same order, where a report prints a Counter as it is
    for name in ("outcomes", "lengths", "lead_changes", "behind", "decided", "plays", "hazard_hits"):
        assert list(getattr(compiled_tally, name)) == list(getattr(python_tally, name)), name


def test_a_later_chunk_and_rotation_play_the_same_games():
    """Games far into a run (their seeds from the index) and a rotated seating: the same on both kernels."""
    pytest.importorskip("numba")
    t = tables_for(load("touring-1937"), 3, None)
    plan = plan_for("touring-1937", 3, t.setup_id, games=100_000, rotate=True)
    compiled = chunk.compiled_for(t, plan)
    python_tally, python_rows = fast.play_chunk(t, plan, 99_750, 100_000)
    compiled_tally, compiled_rows = chunk.play_chunk(t, plan, 99_750, 100_000, compiled)
    assert compiled_rows == python_rows and compiled_tally == python_tally


@pytest.mark.parametrize("bots", [["--bots", "random"], ["--bots", "expert,greedy,random", "--rotate"]],
                         ids=["random", "rule"])
def test_the_simulate_report_is_the_same_on_both_kernels(bots):
    """`touring simulate --json` as the user runs it: the same report with the compiled kernel and without
    (with rule seats: each bot's wins too)."""
    pytest.importorskip("numba")
    from typer.testing import CliRunner

    from touring_dsl.cli.app import app

    def report(kernel: str) -> dict:
        args = ["simulate", "mille-bornes", "--games", "600", "--players", "3", *bots, "--json", "--seed", "5"]
        done = CliRunner().invoke(app, args, env={"NO_COLOR": "1", "TOURING_KERNEL": kernel})
        assert done.exit_code == 0, done.output
        return json.loads(done.stdout)

    compiled, python = report("compiled"), report("python")
    for volatile in ("elapsed", "seconds", "games_per_second"):
        compiled.pop(volatile, None), python.pop(volatile, None)
    assert compiled == python


def test_touring_kernel_python_forces_the_python_kernel(monkeypatch):
    monkeypatch.setenv("TOURING_KERNEL", "python")
    t = tables_for(load("touring-1937"), 2, None)
    assert chunk.compiled_for(t, plan_for("touring-1937", 2, t.setup_id)) is None


def test_without_numba_the_python_kernel_plays(without_numba):
    assert not chunk.wanted()
    from touring_dsl.simulate.runner import run_chunk

    t = tables_for(load("touring-1937"), 2, None)
    plan = plan_for("touring-1937", 2, t.setup_id, games=20)
    tally, rows = run_chunk(plan, 0, 20)
    assert (tally, rows) == fast.play_chunk(t, plan, 0, 20)


def test_other_bots_play_on_the_python_kernel():
    t = tables_for(load("touring-1937"), 2, None)
    plan = Plan(edition="touring-1937", players=2, setup=t.setup_id, bots=("scorer", "random"), seed=1, games=10)
    assert chunk.compiled_for(t, plan) is None


def test_the_rule_seats_are_greedy_choose_play_itself():
    """The module's rule is greedy.py's own function, copied in (not a second copy of the rule to drift)."""
    import inspect

    from touring_dsl.bots.greedy import choose_play

    text, _ = module_source(tables_for(load("touring-1937"), 2, None), greedy=True)
    assert inspect.getsource(choose_play) in text


def test_a_question_with_no_answer_lines_is_refused_naming_its_mechanic(monkeypatch):
    """A mechanic that asks the seat a question but answers it only in Python: its rule seats play on the
    Python kernel, and the refusal names it (random seats never answer by the rule: they still compile)."""
    from touring_dsl.mechanics import by_name

    monkeypatch.setattr(type(by_name("extension")), "answer_lines", lambda self, t: None)
    t = tables_for(load("mille-bornes"), 2, None)
    with pytest.raises(CannotCompile, match=r"mechanic extension \(mechanics\.extension\)"):
        module_source(t, greedy=True)
    module_source(t, greedy=False)


def refusal_of(line: str, origin: str) -> CannotCompile:
    """Translate a function whose one line (written by `origin`) is `line`."""
    t = tables_for(load("touring-1937"), 2, None)
    text = f"def play(self, rng):\n    {line}\n"
    ctx = Context(t, Translated(fields=("draw", "hands"), scalars=("turns", "pending")), {}, {})
    with pytest.raises(CannotCompile) as refused:
        FunctionTranslator(ctx, ast.parse(text).body[0], text, ["engine.codegen.x", origin]).run()
    return refused.value


def test_a_line_the_translation_does_not_know_is_refused_naming_its_mechanic():
    refused = refusal_of("self.mystery(turns)", "mechanics.stacking.kernel.hold")
    assert str(refused) == ("mechanic stacking (mechanics.stacking.kernel.hold) writes `self.mystery(turns)`, which "
                            "the compiled backend cannot run (a call of .mystery)")


def test_an_engine_rule_is_named_too():
    refused = refusal_of("ev.append(event('x'))", "engine.rules.legality.legal")
    assert "rule engine.rules.legality.legal writes `ev.append(event('x'))`" in str(refused)


def test_a_number_beyond_64_bits_is_refused():
    refused = refusal_of("turns = 1 << 70 if turns else 18446744073709551616", "mechanics.race.kernel.settle")
    assert "mechanic race" in str(refused) and "beyond 64 bits" in str(refused)


@pytest.mark.parametrize("state", [0, 1, (1 << 64) - 1, 0x8000000000000000, 0x123456789ABCDEF0, 0xFFFFFFFF00000000])
def test_below_is_the_generators_high_bits(state):
    np = pytest.importorskip("numpy")
    pytest.importorskip("numba")
    module = compiled_module()
    for n in (1, 2, 3, 5, 7, 100, 1 << 20, (1 << 32) - 1):
        assert module.below(np.uint64(state), n) == state * n >> 64


def test_splitmix_and_shuffle_are_base_rng():
    np = pytest.importorskip("numpy")
    pytest.importorskip("numba")
    module = compiled_module()
    for seed in (0, 1, 12345, (1 << 64) - 1):
        assert int(module.splitmix64(np.uint64(seed))) == splitmix64(seed)
        items, rng = list(range(53)), Rng(seed)
        rng.shuffle(items)
        grng = np.array([splitmix64(seed)], np.uint64)
        again = module.new_list()
        for x in range(53):
            again.append(x)
        module.shuffle(again, grng)
        assert list(again) == items and int(grng[0]) == rng.state


def compiled_module():
    t = tables_for(load("touring-1937"), 2, None)
    return chunk.compiled_for(t, plan_for("touring-1937", 2, t.setup_id)).module


LOAD_TWICE = """
import sys
from touring_dsl.language.archive import load
from touring_dsl.engine import tables_for
from touring_dsl.engine.kernel import source_for
from touring_dsl.bots.compiled import runtime
t = tables_for(load("touring-1937"), 2, None)
compiled = runtime.load_for(t, lambda said: print(said, file=sys.stderr))
print(sum(compiled.module.play_chunk.stats.cache_hits.values()), sum(compiled.module.play_chunk.stats.cache_misses.values()))
"""


def test_the_module_is_kept_in_a_private_folder_and_loads_warm(tmp_path):
    """The module and numba's cache live in the user's own folder (0700): the first run says it compiles,
    the second loads numba's cache and says nothing."""
    pytest.importorskip("numba")
    import os
    import stat
    import subprocess
    import sys

    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path / "state")}
    first = subprocess.run([sys.executable, "-c", LOAD_TWICE], env=env, capture_output=True, text=True, check=True)
    folder = tmp_path / "touring" / "compiled"
    assert [p.suffix for p in folder.glob("touring_kernel_*")] == [".py"]
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
    assert "compiling the kernel" in first.stderr and "compiled in" in first.stderr
    second = subprocess.run([sys.executable, "-c", LOAD_TWICE], env=env, capture_output=True, text=True, check=True)
    assert second.stderr == ""
    assert second.stdout.split() == ["1", "0"]  # play_chunk came from numba's cache, nothing compiled


SMALL_RUN = """
import os
os.environ.pop("TOURING_KERNEL", None)
from touring_dsl.language.archive import load
from touring_dsl.engine import tables_for
from touring_dsl.simulate import Plan
from touring_dsl.simulate.compiled import chunk
from touring_dsl.bots.compiled import runtime
t = tables_for(load("touring-1937"), 2, None)
small = Plan(edition="touring-1937", players=2, setup=t.setup_id, bots=("random", "random"), seed=1, games=2000)
print(chunk.compiled_for(t, small) is None, runtime.is_warm(t))
runtime.load_for(t)
chunk._LOADED.clear()
print(chunk.compiled_for(t, small) is not None, runtime.is_warm(t))
"""


def test_a_small_run_compiles_nothing_but_uses_a_seating_compiled_before(tmp_path):
    """2000 games take less on the Python kernel than a cold compile: they play there, saying nothing;
    once the seating is in the cache, they load it (the same games either way)."""
    pytest.importorskip("numba")
    import subprocess
    import sys

    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path / "state")}
    done = subprocess.run([sys.executable, "-c", SMALL_RUN], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "False", "True", "True"]
    assert done.stderr == ""


def test_a_folder_others_may_write_is_not_used(tmp_path, monkeypatch):
    from touring_dsl.bots.compiled import runtime

    (tmp_path / "touring" / "compiled").mkdir(parents=True)
    os.chmod(tmp_path / "touring" / "compiled", 0o777)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    chosen = runtime.compiled_folder()
    assert chosen != tmp_path / "touring" / "compiled"
    assert stat.S_IMODE(os.stat(chosen).st_mode) == 0o700


def test_a_module_numba_refuses_is_reported_and_the_python_kernel_plays(monkeypatch, capsys):
    """What the translation wrote but numba would not compile is our bug: said on stderr, never a traceback."""
    pytest.importorskip("numba")

    def refuses(*args, **kwargs):
        raise RuntimeError("Failed in nopython mode pipeline")

    monkeypatch.setattr(chunk, "load_for", refuses)
    monkeypatch.setattr(chunk, "_LOADED", {})
    t = tables_for(load("touring-1937"), 2, None)
    assert chunk.compiled_for(t, plan_for("touring-1937", 2, t.setup_id)) is None
    said = capsys.readouterr().err
    assert "internal error (please report it)" in said and "RuntimeError: Failed in nopython mode" in said


def test_two_workers_of_the_compiled_kernel_add_up_to_one():
    """With --jobs 2 the compiled kernel's workers take runs of chunks (runner.work_units), not single
    chunks, smaller as the run nears its end: the Tally is the one a single process makes, game for game."""
    pytest.importorskip("numba")
    from touring_dsl.simulate import runner

    plan = plan_for("touring-1937", 2, "two-players", games=3000)
    assert runner.compiled_in_use(plan)
    units = list(runner.work_units(plan, 2))
    assert units == [(0, 1000), (1000, 2000), (2000, 3000)]
    assert runner.run(plan, jobs=2) == runner.run(plan, jobs=1)
    plan = plan_for("touring-1937", 2, "two-players", games=12_000)  # units of 3000 games down to 1000
    assert len({stop - start for start, stop in runner.work_units(plan, 2)}) > 3
    rows = {1: [], 2: []}
    tallies = {jobs: runner.run(plan, jobs=jobs, records=rows[jobs].extend) for jobs in (1, 2)}
    assert tallies[1] == tallies[2] and tallies[1].games == 12_000
    assert rows[1] == rows[2] and [row[0] for row in rows[2]] == list(range(12_000))


def test_units_shrink_towards_the_end_so_workers_finish_together():
    """A long compiled run: every game in exactly one unit, in order; no unit beyond MOST_UNIT (the progress
    bar moves) nor, but for the last, below LEAST_UNIT; and the last units are the smallest, so no worker
    is left alone with a large one while the other waits (equal units did exactly that)."""
    pytest.importorskip("numba")
    from touring_dsl.simulate import runner

    plan = plan_for("touring-1937", 2, "two-players", games=200_000)
    units = list(runner.work_units(plan, 2))
    assert [start for start, _ in units] == [0] + [stop for _, stop in units[:-1]] and units[-1][1] == plan.games
    sizes = [stop - start for start, stop in units]
    assert max(sizes) == runner.MOST_UNIT and min(sizes[:-1]) == runner.LEAST_UNIT
    assert sizes == sorted(sizes, reverse=True)
    assert sum(sizes[-4:]) <= 2 * runner.MOST_UNIT // 5  # the last four together: less than a large unit
    assert list(runner.work_units(plan, 1)) == list(plan.chunks())  # one process: the plan's chunks, as before


def test_loading_the_kernel_leaves_the_collector_as_it_was():
    """The collector is paused while the kernel loads (runner.collection_paused): on again after a run,
    and still off for a caller that had turned it off."""
    import gc

    pytest.importorskip("numba")
    from touring_dsl.simulate import runner

    plan = plan_for("touring-1937", 2, "two-players", games=300)
    runner.run(plan, jobs=1)
    assert gc.isenabled()
    gc.disable()
    try:
        runner.run(plan, jobs=2)
        assert not gc.isenabled()
    finally:
        gc.enable()
