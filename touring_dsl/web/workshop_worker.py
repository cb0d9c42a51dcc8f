"""Web stage, the workshop's worker: every compile of a draft (the author's text) is done in a child process
of its own, with a time limit and a memory limit, as an uploaded house rule is (web.upload: the same
limits, and the same two turns, shared with the uploads, so the workshop never holds up a table).

A child is started before it is needed (its imports done, waiting for its one request on standard input),
so that the editor's diagnostics come back while the author still looks at the line. It reads the request
(a JSON object: the task, the draft's text, the options, its limits), sets its limits
(resource.setrlimit) before touching the text, works in an empty folder of its own, writes back JSON
lines (progress, then the result or the refusal in words) and ends. A child is never used twice.
"""
from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

from .upload import BUSY, MEMORY_EXIT, MEMORY_LIMIT, TIME_LIMIT, TOO_LARGE, TOO_LONG, WAITING

BALANCE_TIME = 60.0  # seconds a balance run may take (a compile gets upload.TIME_LIMIT)
BUG = "touring could not do this (a bug in touring; the server's terminal may say more)"


class WorkshopRefused(ValueError):
    """A request the workshop's worker did not answer: message is the text shown on the page."""


class WorkshopWorker:
    """Runs the workshop's tasks in child processes, taking turns with the uploads (compiler: the server's
    upload.UploadCompiler, whose turns and waiting line are shared)."""

    def __init__(self, compiler, seconds: float | None = None, memory: int | None = None,
                 balance_seconds: float = BALANCE_TIME):
        self.compiler = compiler
        self.seconds = seconds if seconds is not None else getattr(compiler, "seconds", TIME_LIMIT)
        self.memory = memory if memory is not None else getattr(compiler, "memory", MEMORY_LIMIT)
        self.balance_seconds = balance_seconds
        self.spare: subprocess.Popen | None = None
        self.running: set[subprocess.Popen] = set()  # children working now
        self.closed = False  # the server stopped: no more children are started
        self.lock = threading.Lock()
        self.balancing = False  # one balance run at a time: it holds a turn for up to a minute

    async def ask(self, task: str, text: str, options: dict | None = None, progress=None) -> dict:
        """The task's result; WorkshopRefused when it took too long, too much memory, or the server is busy.
        progress(done, of), when given, is called on the event loop as the child reports."""
        compiler = self.compiler
        if compiler.waiting >= WAITING:
            raise WorkshopRefused(BUSY)
        seconds = self.balance_seconds if task == "balance" else self.seconds
        loop = asyncio.get_running_loop()
        report = (lambda done, of: loop.call_soon_threadsafe(progress, done, of)) if progress else None
        compiler.waiting += 1
        try:
            async with compiler.turns:
                kind, value = await asyncio.to_thread(self.run_child, task, text, options or {}, seconds, report)
        finally:
            compiler.waiting -= 1
        if kind != "result":
            raise WorkshopRefused(value)
        return value

    def warm(self) -> None:
        """Have a child waiting (its imports done) for the next request."""
        with self.lock:
            if not self.closed and (self.spare is None or self.spare.poll() is not None):
                self.spare = self.start_child()

    def take_child(self) -> subprocess.Popen:
        with self.lock:
            child, self.spare = self.spare, None
        if child is None or child.poll() is not None:
            child = self.start_child()
        return child

    def start_child(self) -> subprocess.Popen:
        # no disk cache in the child: a draft's compile would leave an entry for each of its versions
        # (its standard error is the server's: a bug is told there)
        return subprocess.Popen([sys.executable, "-m", "touring_dsl.web.workshop_worker"],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, env={**os.environ, "TOURING_NO_CACHE": "1"})

    def run_child(self, task: str, text: str, options: dict, seconds: float, progress) -> tuple[str, object]:
        """In a thread: send the request to a child, read its lines, and kill it when its time is up."""
        child = self.take_child()
        with self.lock:
            self.running.add(child)
        killed = threading.Event()

        def kill() -> None:
            killed.set()
            child.kill()

        timer = threading.Timer(seconds, kill)
        timer.start()
        outcome = None
        try:
            request = {"task": task, "text": text, "options": options, "seconds": seconds, "memory": self.memory}
            child.stdin.write(json.dumps(request).encode("utf-8"))
            child.stdin.close()
            for raw in child.stdout:
                said = json.loads(raw)
                if "progress" in said and progress:
                    progress(*said["progress"])
                elif "progress" not in said:
                    outcome = said
            child.wait()
        except (OSError, ValueError):  # the child died mid-way (its pipe broke) or said something unreadable
            child.kill()
            child.wait()
        finally:
            timer.cancel()
            with self.lock:
                self.running.discard(child)
            self.warm()  # the next child starts once this one is done, not competing with it for the CPU
        if killed.is_set() or child.returncode < 0:  # our timer, or SIGXCPU from its own CPU limit
            return "refused", TOO_LONG
        if child.returncode == MEMORY_EXIT:
            return "refused", TOO_LARGE
        if outcome is None:
            return "refused", BUG
        return next(iter(outcome.items()))

    def close(self) -> None:
        """The server stops: the waiting child, and any still working, go too."""
        with self.lock:
            children, self.spare, self.closed = [self.spare, *self.running], None, True
        for child in children:
            if child is not None and child.poll() is None:
                child.kill()
                child.wait()


def child_main() -> None:
    """In the child: the imports first, then the one request; limits before the draft is looked at."""
    import resource
    import tempfile

    os.nice(10)  # the tables' moves come first
    from . import workshop_tasks
    from ..language import compiler  # noqa: F401  (loaded now, while nobody waits)
    from ..play import scenarios  # noqa: F401
    from ..rulebook import html  # noqa: F401

    warm_up(workshop_tasks)
    raw = sys.stdin.buffer.read()
    if not raw:  # the server stopped before it needed this child
        return
    request = json.loads(raw)
    used = resource.getrusage(resource.RUSAGE_SELF)
    seconds = int(used.ru_utime + used.ru_stime + request["seconds"]) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 1))
    resource.setrlimit(resource.RLIMIT_AS, (request["memory"], request["memory"]))
    task = workshop_tasks.TASKS[request["task"]]

    def progress(done: int, of: int) -> None:
        say({"progress": [done, of]})

    with tempfile.TemporaryDirectory() as folder:  # an empty folder: nothing beside the draft can be read
        os.chdir(folder)
        try:
            if request["task"] == "balance":
                result = task(request["text"], Path(folder), request["options"], progress)
            else:
                result = task(request["text"], Path(folder), request["options"])
            say({"result": result})
        except MemoryError:
            os._exit(MEMORY_EXIT)
        except RecursionError:
            say({"refused": TOO_LARGE})
        except Exception as exc:  # a bug in touring (InternalError among them), never the author's fault
            if isinstance(exc.__cause__, MemoryError):  # the compiler's own wrapping of running out of memory
                os._exit(MEMORY_EXIT)
            print(f"touring workshop: {type(exc).__name__}: {exc}", file=sys.stderr)
            say({"bug": BUG})
        os.chdir("/")


def warm_up(tasks) -> None:
    """Compile an archive edition once while nobody waits: the parser and each construct's first-call
    set-up are then ready for the draft (its diagnostics come back in a fraction of the time)."""
    import tempfile

    from ..language.archive import archive_ids, find_edition

    with tempfile.TemporaryDirectory() as folder:
        for ref in archive_ids()[:1]:
            tasks.check(find_edition(ref).read_text(encoding="utf-8"), Path(folder), {})


def say(data: dict) -> None:
    sys.stdout.buffer.write(json.dumps(data).encode("utf-8") + b"\n")
    sys.stdout.buffer.flush()


if __name__ == "__main__":
    child_main()
