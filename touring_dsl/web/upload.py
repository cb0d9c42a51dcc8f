"""Web stage, checking an uploaded house rule off the event loop: the file is compiled in a child process of
its own, with a time limit and a memory limit, so that no upload holds up a table, and one that takes too
long or too much memory is refused in words.

The child is this module run as a program (its arguments: the limits, and the file's name for the errors,
already made safe by editions.upload_name): it reads the edition's text on its standard input, sets its own
limits (resource.setrlimit) before compiling, and writes back the Ruleset, or the located errors, as a
pickle (from our own child, never from the browser). The Ruleset is kept by editions.remember_checked, so
the store's compile of the same text, which follows at once, is not done twice.
"""
from __future__ import annotations

import asyncio
import os
import pickle
import sys

TIME_LIMIT = 20.0  # seconds of the child's life; its CPU is limited to the same
MEMORY_LIMIT = 1 << 30  # bytes of address space
AT_ONCE = 2  # uploads checked at the same time; others wait their turn
WAITING = 8  # uploads waiting at most; more are refused (the server is busy)

TOO_LONG = "the edition took too long to check (it is refused; an edition is a few kilobytes of rules)"
TOO_LARGE = "the edition needed too much memory to check (it is refused)"
BUSY = "the server is checking other editions; try again in a minute"


class UploadCompiler:
    """Compiles uploads in child processes, AT_ONCE at a time."""

    def __init__(self, seconds: float = TIME_LIMIT, memory: int = MEMORY_LIMIT, at_once: int = AT_ONCE):
        self.seconds, self.memory = seconds, memory
        self.turns = asyncio.Semaphore(at_once)
        self.waiting = 0

    async def check(self, text: str, name: str | None = None):
        """The Ruleset of an uploaded text; EditionRefused with the words for the page when it is refused.
        name: the uploaded file's name, for the errors (editions.upload_name makes it safe to show)."""
        from .editions import EditionRefused, remember_checked, upload_name

        if self.waiting >= WAITING:
            raise EditionRefused(BUSY)
        self.waiting += 1
        try:
            async with self.turns:
                outcome, value = await self.run_child(text, upload_name(name))
        finally:
            self.waiting -= 1
        if outcome != "ok":
            raise EditionRefused(value)
        remember_checked(text, value)
        return value

    async def run_child(self, text: str, name: str) -> tuple[str, object]:
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "touring_dsl.web.upload", str(int(self.seconds) + 1), str(self.memory), name,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL)
        try:
            output, _ = await asyncio.wait_for(child.communicate(text.encode("utf-8")), self.seconds)
        except asyncio.TimeoutError:
            child.kill()
            await child.wait()
            return "refused", TOO_LONG
        except BaseException:  # the server stops, or the visitor left: the child goes too
            if child.returncode is None:
                child.kill()
                await child.wait()
            raise
        return outcome_of(child.returncode, output)


def outcome_of(returncode: int, output: bytes) -> tuple[str, object]:
    """What the child said, or why it said nothing (killed by its CPU limit, out of memory, a bug)."""
    if returncode == 0 and output:
        return pickle.loads(output)
    if returncode is not None and returncode < 0:  # a signal: SIGXCPU (its CPU limit) or SIGKILL
        return "refused", TOO_LONG
    if returncode == MEMORY_EXIT:
        return "refused", TOO_LARGE
    return "refused", "touring could not check this edition (a bug in touring; the server's terminal may say more)"


MEMORY_EXIT = 3


def child_main(seconds: int, memory: int, name: str) -> None:
    """In the child: limits first, then the compile; the outcome as a pickle on standard output."""
    import resource
    import tempfile

    os.nice(10)  # the tables' moves come first: the check takes the CPU they leave
    resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 1))
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    text = sys.stdin.buffer.read().decode("utf-8")
    from .editions import EditionRefused, compile_upload

    with tempfile.TemporaryDirectory() as folder:  # an empty folder: nothing beside the file can be read
        try:
            outcome = ("ok", compile_upload(text, folder, checked=False, name=name))
        except EditionRefused as exc:
            outcome = ("refused", str(exc).replace(folder, "."))
        except MemoryError:
            os._exit(MEMORY_EXIT)
    sys.stdout.buffer.write(pickle.dumps(outcome))
    sys.stdout.buffer.flush()


if __name__ == "__main__":
    child_main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3])
