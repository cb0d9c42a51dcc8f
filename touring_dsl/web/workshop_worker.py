"""Web stage, the workshop's worker: every compile of a draft (the author's text) is done in a child process,
with a time limit and a memory limit, as an uploaded house rule is (web.upload: the same limits, and the
same two turns, shared with the uploads, so the workshop never holds up a table).

A child is started before it is needed, its imports done and one archive edition compiled, so that the
editor's diagnostics come back while the author still looks at the line. It serves many requests, one at
a time, and keeps the language server's analysis of the drafts it was asked about (workshop_help: a few
drafts, by their ids), so a check after a small edit reparses only the pieces the edit touched; a draft's
requests go to the child that holds its analysis. A child ends after REUSED requests, or once its memory
has grown past RECYCLED_MEMORY of its limit (a new one takes its place, and the analyses it kept go with it). A request is one line of JSON on its standard input
(the task, the draft's text, the options, its time); before touching the text the child sets its CPU
limit to the time it has used so far plus the request's (resource.setrlimit: the system kills it past
that), its address space being limited once for all when it starts. It works in an empty folder of its
own, and writes back JSON lines: progress, then the result or the refusal in words. A child that runs
out of time or memory is killed, and the request refused in words.
"""
from __future__ import annotations

import asyncio
import gc
import json
import os
import subprocess
import sys
import threading
from collections import OrderedDict
from pathlib import Path

from .upload import AT_ONCE, BUSY, MEMORY_EXIT, MEMORY_LIMIT, TIME_LIMIT, TOO_LARGE, TOO_LONG, WAITING
from .workshop_drafts import KEPT_DRAFTS

BALANCE_TIME = 60.0  # seconds a balance run may take (a compile gets upload.TIME_LIMIT)
REUSED = 400  # requests a child serves before it ends (what a compile leaves in its memory goes with it)
RECYCLED_MEMORY = 0.5  # the share of its memory limit a child may hold before it ends
BUG = "touring could not do this (a bug in touring; the server's terminal may say more)"
FINAL = ("result", "refused", "bug")  # the keys of a child's last line for a request


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
        self.idle: list[subprocess.Popen] = []  # children waiting for a request, at most AT_ONCE
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
            self.idle = [child for child in self.idle if child.poll() is None]
            if not self.closed and not self.idle:
                self.idle.append(self.start_child())

    def take_child(self, draft: str | None = None) -> subprocess.Popen:
        """A waiting child, the one that holds the draft's analysis if one does; else a new one."""
        with self.lock:
            self.idle = [child for child in self.idle if child.poll() is None]
            holding = [child for child in self.idle if draft is not None and draft in child.drafts]
            child = (holding or self.idle or [None])[-1]
            if child is None:
                child = self.start_child()
            else:
                self.idle.remove(child)
            self.running.add(child)
        if draft is not None:
            child.drafts.pop(draft, None)
            child.drafts[draft] = None
            while len(child.drafts) > KEPT_DRAFTS:
                child.drafts.popitem(last=False)
        return child

    def give_back(self, child: subprocess.Popen) -> None:
        """A child that answered: kept for the next request, or let go (its standard input closed, it ends)."""
        with self.lock:
            self.running.discard(child)
            keep = (not self.closed and child.poll() is None and child.served < REUSED and not child.spent
                    and len(self.idle) < AT_ONCE)
            if keep:
                self.idle.append(child)
        if not keep:
            end(child)

    def start_child(self) -> subprocess.Popen:
        # no disk cache in the child: a draft's compile would leave an entry for each of its versions
        # (its standard error is the server's: a bug is told there)
        child = subprocess.Popen([sys.executable, "-m", "touring_dsl.web.workshop_worker", str(self.memory)],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 env={**os.environ, "TOURING_NO_CACHE": "1"})
        child.served = 0
        child.spent = False  # its memory grew past RECYCLED_MEMORY of its limit
        child.drafts = OrderedDict()  # the drafts it was last asked about, least recent first
        return child

    def run_child(self, task: str, text: str, options: dict, seconds: float, progress) -> tuple[str, object]:
        """In a thread: send the request to a child, read its lines, and kill it when its time is up."""
        child = self.take_child(options.get("draft"))
        killed = threading.Event()

        def kill() -> None:
            killed.set()
            child.kill()

        timer = threading.Timer(seconds, kill)
        timer.start()
        outcome = None
        try:
            request = {"task": task, "text": text, "options": options, "seconds": seconds}
            child.stdin.write(json.dumps(request).encode("utf-8") + b"\n")
            child.stdin.flush()
            child.served += 1
            while outcome is None:
                raw = child.stdout.readline()
                if not raw:  # it ended without answering: killed, or out of memory
                    break
                said = json.loads(raw)
                if "progress" in said and progress:
                    progress(*said["progress"])
                elif any(key in said for key in FINAL):
                    outcome = said
                    child.spent = said.get("memory", 0) > RECYCLED_MEMORY * self.memory
        except (OSError, ValueError):  # the child died mid-way (its pipe broke) or said something unreadable
            child.kill()
        finally:
            timer.cancel()
        if outcome is not None and not killed.is_set():
            self.give_back(child)
            self.warm()
            return next((key, outcome[key]) for key in FINAL if key in outcome)
        child.kill()
        child.wait()
        with self.lock:
            self.running.discard(child)
        self.warm()  # the next child starts once this one is done, not competing with it for the CPU
        if killed.is_set() or child.returncode < 0:  # our timer, or SIGXCPU from its own CPU limit
            return "refused", TOO_LONG
        if child.returncode == MEMORY_EXIT:
            return "refused", TOO_LARGE
        return "refused", BUG

    def close(self) -> None:
        """The server stops: the waiting children, and any still working, go too."""
        with self.lock:
            children, self.idle, self.closed = [*self.idle, *self.running], [], True
        for child in children:
            if child.poll() is None:
                child.kill()
                child.wait()


def end(child: subprocess.Popen) -> None:
    """Let a child go: it reads the end of its input and ends."""
    try:
        child.stdin.close()
    except OSError:
        pass


def child_main(memory: int) -> None:
    """In the child: the imports first, then its memory limit, then the requests, one line each, until
    the server closes its input or REUSED are served."""
    import resource

    os.nice(10)  # the tables' moves come first
    from . import workshop_tasks
    from ..language import compiler  # noqa: F401  (loaded now, while nobody waits)
    from ..play import scenarios  # noqa: F401
    from ..rulebook import html  # noqa: F401

    warm_up(workshop_tasks)
    gc.freeze()  # what the imports and the warm-up made (the parser, the model) is never garbage
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    try:
        serve_requests(workshop_tasks, resource)
    except MemoryError:  # reading a request, as well as serving it
        os._exit(MEMORY_EXIT)


def resident_memory(resource) -> int:
    """The bytes this child holds in memory now. Not ru_maxrss: Linux keeps that peak across the exec that
    started the child, so a child of a large server would count the server's memory as its own and be let
    go after every request."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):  # no /proc: the peak is what there is
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def serve_requests(workshop_tasks, resource) -> None:
    for _ in range(REUSED):
        raw = sys.stdin.buffer.readline()
        if not raw:  # the server let this child go, or stopped
            return
        request = json.loads(raw)
        used = resource.getrusage(resource.RUSAGE_SELF)
        limit = int(used.ru_utime + used.ru_stime + request["seconds"]) + 1
        hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_CPU, (limit, hard))  # SIGXCPU past it: killed
        # a compile makes many short-lived objects: the collector's full passes, run in the middle of one,
        # were the slowest of the checks; it runs once the answer is sent, while the author types
        gc.disable()
        try:
            serve(workshop_tasks.TASKS[request["task"]], request, resource)
        finally:
            gc.enable()
        sys.stdout.buffer.flush()
        gc.collect()


def serve(task, request: dict, resource) -> None:
    """One request, in an empty folder of its own: nothing beside the draft can be read."""
    import tempfile

    def progress(done: int, of: int) -> None:
        say({"progress": [done, of]})

    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            if request["task"] == "balance":
                result = task(request["text"], Path(folder), request["options"], progress)
            else:
                result = task(request["text"], Path(folder), request["options"])
            say({"result": result, "memory": resident_memory(resource)})
        except MemoryError:
            os._exit(MEMORY_EXIT)
        except RecursionError:
            say({"refused": TOO_LARGE})
        except ModuleNotFoundError as exc:  # the language server's packages (the `lsp` extra) not installed
            say({"refused": f"the workshop's help needs the {exc.name} package: install touring with its lsp "
                            "extra (pip install 'touring-dsl[web,lsp]')"})
        except Exception as exc:  # a bug in touring (InternalError among them), never the author's fault
            if isinstance(exc.__cause__, MemoryError):  # the compiler's own wrapping of running out of memory
                os._exit(MEMORY_EXIT)
            print(f"touring workshop: {type(exc).__name__}: {exc}", file=sys.stderr)
            say({"bug": BUG})
        finally:
            os.chdir("/")


def warm_up(tasks) -> None:
    """Compile an archive edition once while nobody waits: the parser and each construct's first-call
    set-up are then ready for the draft (its diagnostics come back in a fraction of the time)."""
    import tempfile

    from ..language.locate import archive_ids, find_edition

    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            for ref in archive_ids()[:1]:
                text = find_edition(ref).read_text(encoding="utf-8")
                tasks.check(text, Path(folder), {})
                tasks.TASKS["complete"](text, Path(folder), {"line": 2, "column": 1})  # the parser that completes
        except ModuleNotFoundError:  # no language server's packages: each request is refused, saying so
            pass
        os.chdir("/")


def say(data: dict) -> None:
    sys.stdout.buffer.write(json.dumps(data).encode("utf-8") + b"\n")
    sys.stdout.buffer.flush()


if __name__ == "__main__":
    child_main(int(sys.argv[1]))
