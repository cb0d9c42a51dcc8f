"""Every stage, bad input from outside: a clear error and a non-zero exit, never an internal error, never lost
work (issue 19: huge numbers, deep JSON, overlong names, a log that cannot be written, the save prompt,
the party prompt and its bounds)."""
from __future__ import annotations

import errno
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from touring_dsl.play import gamelog
from touring_dsl.cli.app import app
from touring_dsl.play.gamelog import LogError
from touring_dsl.party import save as party_save
from touring_dsl.party.record import PartyError

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def touring(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input, env={"NO_COLOR": "1"})


def a_log(tmp_path: Path) -> Path:
    log = tmp_path / "game.jsonl"
    result = touring("play", "touring-1937", "--humans", "none", "--seed", 3, "--log", log)
    assert result.exit_code == 0, result.output
    return log


def a_party(tmp_path: Path) -> Path:
    save = tmp_path / "party.json"
    result = touring("party", "touring-1937", "--players", "Ann,Bob,Cat,Dan", "--rounds", 2, "--seed", 5,
                     "--save", save, "--json")
    assert result.exit_code == 0, result.output
    return save


# -- numbers and nesting in logs and party saves --------------------------------------------------------

def test_a_log_with_a_4301_digit_seed_is_the_users_error(tmp_path: Path) -> None:
    log = a_log(tmp_path)
    lines = log.read_text().splitlines()
    lines[0] = lines[0].replace('"seed":3', '"seed":' + "9" * 4301)
    log.write_text("\n".join(lines) + "\n")
    with pytest.raises(LogError, match="4,301 digits"):
        gamelog.read(log)
    result = touring("replay", log)
    assert result.exit_code == 1 and "Traceback" not in result.output


def test_a_log_seed_beyond_64_bits_is_refused(tmp_path: Path) -> None:
    log = a_log(tmp_path)
    log.write_text(log.read_text().replace('"seed":3', '"seed":' + str(2**64), 1))
    with pytest.raises(LogError, match="seed"):
        gamelog.read(log)


def test_json_nested_a_thousand_deep_in_a_log_is_the_users_error(tmp_path: Path) -> None:
    log = a_log(tmp_path)
    lines = log.read_text().splitlines()
    lines.insert(1, "[" * 100_000 + "]" * 100_000)
    log.write_text("\n".join(lines) + "\n")
    with pytest.raises(LogError, match=":2: .*nested too deeply"):
        gamelog.read(log)
    for command in (["replay", log], ["play", "touring-1937", "--resume", log]):
        result = touring(*command)
        assert result.exit_code == 1, (command, result.output)


@pytest.mark.parametrize("damage", [
    lambda text: text.replace('"seed": 5', '"seed": ' + "7" * 4301),
    lambda text: text.replace('"seed": 5', '"seed": ' + str(2**70)),
    lambda text: text.replace('"players": [', '"players": ' + "[" * 5000 + "]" * 5000 + ', "x": [', 1),
    lambda text: "[" * 100_000 + "]" * 100_000,
    lambda text: text.replace('"rounds_planned": 2', '"rounds_planned": 1000000000'),
])
def test_a_damaged_party_save_is_the_users_error(tmp_path: Path, damage) -> None:
    save = a_party(tmp_path)
    text = save.read_text()
    assert '"seed": 5' in text and '"rounds_planned": 2' in text
    save.write_text(damage(text))
    with pytest.raises(PartyError):
        party_save.load(save)
    result = touring("party", "--resume", save, "--json")
    assert result.exit_code == 1 and "touring party:" in result.stderr, result.output


# -- party bounds and the miles prompt ----------------------------------------------------------------------

@pytest.mark.parametrize("players", ["100000", "999999999999999999999", ",".join(f"P{i}" for i in range(1001))])
def test_a_party_too_large_is_refused_at_once(players: str, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)  # nothing may be saved, but if it were, not in the checkout
    result = touring("party", "touring-1937", "--players", players, "--json")
    assert result.exit_code == 1 and "at most 1,000" in result.stderr, result.output


@pytest.mark.parametrize("rounds", [1_000_000_000, 101, 0, -3])
def test_resume_with_rounds_out_of_range_is_refused_and_saves_nothing(tmp_path: Path, rounds: int) -> None:
    save = a_party(tmp_path)
    before = save.read_text()
    result = touring("party", "--resume", save, "--rounds", rounds, "--json")
    assert result.exit_code in (1, 2) and "rounds" in result.stderr, result.output
    assert save.read_text() == before


def test_a_new_party_with_too_many_rounds_is_refused(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = touring("party", "touring-1937", "--players", 4, "--rounds", 1_000_000_000, "--json")
    assert result.exit_code == 1 and "from 1 to 100 rounds" in result.stderr


# -- a log that cannot be written mid-game ----------------------------------------------------------------

def _limit_file_size(limit: int):
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return apply


def test_a_log_write_failing_mid_game_keeps_the_game_and_says_where(tmp_path: Path) -> None:
    """A file size limit stops the log mid-game: exit 1 (not 3), the log ends on a whole line and resumes."""
    log = tmp_path / "game.jsonl"
    env = {**os.environ, "NO_COLOR": "1", "HOME": str(tmp_path / "home")}
    command = [sys.executable, "-c", "from touring_dsl.cli.app import main; main()",
               "play", "touring-1937", "--humans", "none", "--seed", "3", "--log", str(log)]
    result = subprocess.run(command, env=env, cwd=tmp_path, capture_output=True, text=True,
                            preexec_fn=_limit_file_size(6000), stdin=subprocess.DEVNULL)
    assert result.returncode == 1, result.stderr
    assert "Cannot write to the log" in result.stderr and str(log) in result.stderr
    assert "--resume" in result.stderr and "Traceback" not in result.stderr
    record = gamelog.read(log)  # whole lines only: no cut line
    assert record.moves and record.result is None and log.stat().st_size <= 6000
    resumed = subprocess.run(command[:4] + ["touring-1937", "--resume", str(log)], env=env, cwd=tmp_path,
                             capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert resumed.returncode == 0, resumed.stderr
    assert gamelog.read(log).result is not None


class _FullDisk:
    """A raw file that takes `room` more bytes, part of a line included, then fails as a full disk does."""

    def __init__(self, real, room: int) -> None:
        self.real, self.room = real, room

    def write(self, data) -> int:
        if self.room <= 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        taken = self.real.write(bytes(data[:self.room]))
        self.room -= taken
        return taken

    def __getattr__(self, name):
        return getattr(self.real, name)


def test_a_full_disk_takes_back_the_cut_line(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    record = gamelog.read(a_log(tmp_path))
    writer = gamelog.LogWriter(log, gamelog.GameRecord(header=record.header))
    size = log.stat().st_size
    writer._file = _FullDisk(writer._file, room=40)  # part of the next line fits, then the disk is full
    with pytest.raises(OSError):
        writer.move(record.moves[0])
    writer.close()
    assert log.stat().st_size == size
    assert gamelog.read(log).header == record.header


# -- the save prompt after Ctrl-C -------------------------------------------------------------------------

def test_the_save_prompt_asks_before_replacing_a_file(tmp_path: Path, monkeypatch) -> None:
    from touring_dsl.cli import play

    precious = tmp_path / "precious.txt"
    precious.write_text("keep me\n")
    monkeypatch.chdir(tmp_path)
    answers = iter([str(precious), "n", str(precious), "", "mine.jsonl"])
    asked: list[str] = []

    def fake_input(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    monkeypatch.setattr("builtins.input", fake_input)
    session = play.new_session("touring-1937", 2, None, "none", "greedy", 3, None)
    session.interactive = True
    assert session.save_somewhere() == Path("mine.jsonl")
    assert precious.read_text() == "keep me\n"
    assert sum("Replace it?" in p for p in asked) == 2
    assert gamelog.read(tmp_path / "mine.jsonl").header["seed"] == 3


def test_the_save_prompt_replaces_a_file_when_told_to(tmp_path: Path, monkeypatch) -> None:
    from touring_dsl.cli import play

    old = tmp_path / "old.jsonl"
    old.write_text("an old game\n")
    answers = iter([str(old), "y"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    session = play.new_session("touring-1937", 2, None, "none", "greedy", 3, None)
    session.interactive = True
    assert session.save_somewhere() == old
    assert gamelog.read(old).header["seed"] == 3


def test_yes_at_the_save_prompt_saves_under_the_name_offered(tmp_path: Path, monkeypatch) -> None:
    """Answering "y" (as to any yes-or-no question) saves to the name offered, not to a file called y."""
    from touring_dsl.cli import play

    monkeypatch.chdir(tmp_path)
    for answer in ("y", "YES"):
        monkeypatch.setattr("builtins.input", lambda prompt: answer)
        session = play.new_session("touring-1937", 2, None, "none", "greedy", 3, None)
        session.interactive = True
        saved = session.save_somewhere()
        assert saved.name.startswith("touring-1937-seed3") and gamelog.read(saved).header["seed"] == 3
    assert not (tmp_path / "y").exists() and not (tmp_path / "YES").exists()


# -- simulate: huge runs stream, --jobs is bounded ---------------------------------------------------------

class _Enough(Exception):
    pass


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_billion_game_run_streams_its_chunks(jobs: int) -> None:
    """The work is made as it is taken: memory before the first merged chunk stays that of a few chunks."""
    import tracemalloc

    from touring_dsl.simulate.plan import Plan
    from touring_dsl.simulate.runner import run

    plan = Plan(edition="touring-1937", players=2, setup=None, bots=("random", "random"), seed=1,
                games=1_000_000_000)
    seen = []

    def progress(games: int) -> None:
        seen.append(games)
        if len(seen) == 3:
            raise _Enough

    tracemalloc.start()
    try:
        with pytest.raises(_Enough):
            run(plan, jobs=jobs, progress=progress)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 64 * 2**20, f"{peak / 2**20:.0f} MB"  # a list of four million chunks alone is ~800 MB


def test_jobs_beyond_the_bound_is_a_usage_error() -> None:
    from touring_dsl.cli.simulate import MOST_JOBS

    result = touring("simulate", "touring-1937", "--games", 10, "--jobs", MOST_JOBS + 1)
    assert result.exit_code == 2 and f"at most {MOST_JOBS}" in result.stderr


@pytest.mark.parametrize("command", [["play", "touring-1937", "--humans", "none"],
                                     ["party", "touring-1937", "--players", 4, "--json"]])
def test_a_seed_the_log_could_not_keep_is_a_usage_error(command, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = touring(*command, "--seed", 2**64)
    assert result.exit_code == 2 and "64 bits" in result.stderr


@pytest.mark.parametrize("char", ["\x00", "\x1b", "\x07", "\x7f"])
def test_a_control_character_in_a_name_is_refused_and_never_echoed(char: str) -> None:
    """Found by benchmarks/soak.py: a NUL in an edition id compiled, then failed in the kernel (exit 3)."""
    from touring_dsl.language.compiler import compile_text
    from touring_dsl.language.errors import TouringError

    text = (ROOT / "editions" / "touring-1937-penalties.touring").read_text()
    text = text.replace('edition "touring-1937-penalties"', f'edition "x{char}y"', 1)
    with pytest.raises(TouringError) as caught:
        compile_text(text, "hostile.touring", ROOT / "editions")
    rendered = caught.value.render()
    assert "control character" in rendered and char not in rendered
