"""The rollout bot's playouts compile in a child process while it plays on (bots.compiled.background).

- A cold cache: the first decision starts a child and plays its playouts in Python; the bot's moves are
  those it makes with the compiled playouts; once the child is done the module is loaded from numba's
  cache without compiling.
- A child that fails is reported once as our bug, and the Python playouts go on playing.
- One child at a time: a second module waits its turn.
- TOURING_KERNEL=compiled waits for the compile (benchmarks and tests ask for the compiled path).
"""
from __future__ import annotations

import sys
import time

import pytest

from touring_dsl.base.rng import Rng
from touring_dsl.bots.compiled import background, playouts
from touring_dsl.bots.search.pimc import RolloutBot
from touring_dsl.engine.game import new_game
from touring_dsl.language.archive import load

EDITION = "touring-1937"


@pytest.fixture
def cold_cache(monkeypatch, tmp_path):
    """A user whose cache holds nothing compiled, with the kernel left to its default (compiled when numba is here)."""
    pytest.importorskip("numba")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("TOURING_KERNEL", raising=False)
    monkeypatch.setattr(playouts, "_LOADED", {})
    monkeypatch.setattr(background, "_RUNNING", [])
    monkeypatch.setattr(background, "_WAITING", [])
    for name in [name for name in sys.modules if name.startswith("touring_kernel_")]:
        monkeypatch.delitem(sys.modules, name)  # loaded by other tests from the suite's cache
    return tmp_path


def a_decision(seed: int = 3):
    """The first position of a fresh touring-1937 game where the rollout bot has a choice: game, seat, legal moves."""
    game = new_game(load(EDITION), 2, seed)
    while len(game.legal_moves()) < 2:
        game.apply_code(game.code_of(game.legal_moves()[0]))
    return game


def the_job():
    """The child compiling the one seating asked for."""
    [(_, waiting)] = playouts._LOADED.values()
    return waiting.job


def finished(job, seconds: float = 900) -> str:
    """Wait for the child (a numba compile: tens of seconds on a busy machine) and say how it ended."""
    deadline = time.monotonic() + seconds
    while background.progress(job) in ("waiting", "compiling"):
        assert time.monotonic() < deadline, "the child compiling the playouts never ended"
        time.sleep(0.2)
    return background.progress(job)


def test_a_cold_module_compiles_in_a_child_while_the_python_playouts_play(cold_cache, capsys):
    game = a_decision()
    seat, legal = game.to_act, game.legal_moves()
    bot = RolloutBot(load(EDITION), "40")
    before = bot.choose(game.view(seat), legal, Rng(11))  # Python playouts: the child has only just started
    assert playouts.playouts_for(game.t, "expert", background=True) is None
    job = the_job()
    assert job.process is not None and job.folder.parent == cold_cache / "touring"
    assert finished(job) == "done"
    assert background.progress(job) == "done" and not job.log.exists()
    loaded = playouts.playouts_for(game.t, "expert", background=True)
    assert isinstance(loaded, playouts.Playouts)
    assert loaded.module.rollouts.signatures, "the module was not loaded from the child's cache"
    stats = loaded.module.rollouts.stats
    assert stats.cache_hits and not stats.cache_misses, "the parent compiled again what the child had compiled"
    after = bot.choose(game.view(seat), legal, Rng(11))  # compiled playouts now: the same tables, the same move
    assert after == before
    assert "internal error" not in capsys.readouterr().err


def test_a_failed_child_is_reported_once_and_the_python_playouts_play_on(cold_cache, monkeypatch, capsys):
    monkeypatch.setattr(background.Compiling, "command",
                        lambda self: [sys.executable, "-c", "import sys; print('numba said no'); sys.exit(3)"])
    game = a_decision()
    assert playouts.playouts_for(game.t, "expert", background=True) is None
    assert finished(the_job()) == "failed"
    assert playouts.playouts_for(game.t, "expert", background=True) is None
    err = capsys.readouterr().err
    assert "internal error (please report it)" in err and "numba said no" in err
    bot = RolloutBot(load(EDITION), "20")
    move = bot.choose(game.view(game.to_act), game.legal_moves(), Rng(2))
    assert move in game.legal_moves()
    assert playouts.playouts_for(game.t, "expert", background=True) is None
    assert capsys.readouterr().err == ""  # reported once


def test_one_child_at_a_time(cold_cache, monkeypatch):
    monkeypatch.setattr(background.Compiling, "command",
                        lambda self: [sys.executable, "-c", "import time; time.sleep(1)"])
    first = background.compile_in_background(cold_cache, "first", [0])
    second = background.compile_in_background(cold_cache, "second", [0])
    assert background.progress(first) == "compiling"
    assert background.progress(second) == "waiting"
    assert finished(first) == "done"
    assert background.progress(second) in ("compiling", "done")
    assert finished(second) == "done"


def test_touring_kernel_compiled_waits_for_the_compile(cold_cache, monkeypatch):
    monkeypatch.setenv("TOURING_KERNEL", "compiled")
    monkeypatch.setattr(background.Compiling, "command", lambda self: pytest.fail("no child when the compile is waited for"))
    compiled_here = object.__new__(playouts.Playouts)
    monkeypatch.setattr(playouts.Source, "load", lambda self: compiled_here)  # (what a compile here gives)
    game = a_decision()
    assert playouts.playouts_for(game.t, "expert", background=True) is compiled_here
