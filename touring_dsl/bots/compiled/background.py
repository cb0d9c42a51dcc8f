"""Bots stage, compiling in the background: a compiled module made by a child process while the caller plays on.

A seat on the rollout bot asks for its compiled playouts at its first decision. Compiling them takes
numba 10 to 20 s of CPU an edition (once: numba's cache keeps them in the user's private folder), and
a player waiting that long for a bot's first move would think the table had frozen. So a cold module
is compiled by a child process (playouts.compile_child, started with the interpreter that runs us), and
until it is done the search plays its playouts in Python: the same tables, the same games and the same
moves, only slower. Once the child has written numba's cache, the parent loads the module from it in a
fraction of a second.

One child at a time (a server with many tables would otherwise start one a seating), run at a lower
priority and under a CPU limit, working in the private folder itself so that no other code is found
first on its path; what it prints goes to a log beside the module, which a failed compile reports.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

CPU_LIMIT = 600  # seconds of CPU a child may spend (numba needs 10 to 20 s an edition here)
NICE = 10  # the child's priority below ours: the tables being played come first

_LOCK = threading.Lock()  # web tables ask from several threads
_RUNNING: list["Compiling"] = []  # the one child at work, if any
_WAITING: list["Compiling"] = []  # asked for while it worked, started in turn


class Compiling:
    """One module of the private folder being compiled by a child: `state()` says how it went."""

    def __init__(self, folder: Path, name: str, packed: list[int]):
        self.folder, self.name, self.packed = folder, name, packed
        self.process: subprocess.Popen | None = None
        self.returncode: int | None = None

    @property
    def log(self) -> Path:
        return self.folder / f"{self.name}.compile.log"

    def command(self) -> list[str]:
        """The child's command line: this interpreter, running playouts.compile_child."""
        return [sys.executable, "-c", "from touring_dsl.bots.compiled.playouts import compile_child; compile_child()",
                str(self.folder), self.name]

    def start(self) -> None:
        package_root = str(Path(__file__).resolve().parents[3])  # where this touring_dsl is found
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [package_root, os.environ.get("PYTHONPATH")]))}
        with self.log.open("w", encoding="utf-8") as log:
            self.process = subprocess.Popen(self.command(), stdin=subprocess.PIPE, stdout=log, stderr=subprocess.STDOUT,
                                            cwd=self.folder, env=env, text=True)
        try:
            self.process.stdin.write(json.dumps(self.packed))
            self.process.stdin.close()
        except OSError:
            pass  # the child died at once: its return code and log say why

    def state(self) -> str:
        """"waiting", "compiling", "done" or "failed"."""
        if self.process is None:
            return "waiting"
        if self.returncode is None:
            self.returncode = self.process.poll()
            if self.returncode == 0:
                self.log.unlink(missing_ok=True)  # kept only to say why a compile failed
        if self.returncode is None:
            return "compiling"
        return "done" if self.returncode == 0 else "failed"

    def why(self) -> str:
        """The last line the failed child wrote, for the report."""
        try:
            lines = [line for line in self.log.read_text(encoding="utf-8", errors="replace").splitlines() if line.strip()]
        except OSError:
            lines = []
        return lines[-1] if lines else f"exit status {self.returncode}"


def compile_in_background(folder: Path, name: str, packed: list[int]) -> Compiling:
    """Start compiling the playouts module `name` of `folder` (its `rollouts` for the packed table `packed`,
    as playouts.warm compiles it) in a child process, or queue it behind the one at work."""
    job = Compiling(folder, name, packed)
    with _LOCK:
        _WAITING.append(job)
        _advance()
    return job


def progress(job: Compiling) -> str:
    """How `job` stands now, starting the next waiting child when the running one has ended."""
    with _LOCK:
        _advance()
        return job.state()


def _advance() -> None:
    """Drop ended children and start the next waiting one if none is at work (call under _LOCK)."""
    _RUNNING[:] = [job for job in _RUNNING if job.state() == "compiling"]
    if not _RUNNING and _WAITING:
        job = _WAITING.pop(0)
        job.start()
        _RUNNING.append(job)


def lower_priority() -> None:
    """The child's priority below the tables', and its CPU limit (playouts.compile_child calls it first)."""
    try:
        os.nice(NICE)
    except (AttributeError, OSError):
        pass
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_CPU, (CPU_LIMIT, CPU_LIMIT + 5))
    except (ImportError, ValueError, OSError):
        pass
