"""Simulate stage, worker processes: the pool that plays a run's chunks side by side."""
from __future__ import annotations

import sys


def worker_pool(processes: int):
    """A multiprocessing pool of `processes` workers: forked on Linux, so that they inherit what this
    process compiled (the edition, its kernel), and spawned elsewhere, where forking a process that
    may run threads is not safe."""
    import multiprocessing

    return multiprocessing.get_context("fork" if sys.platform == "linux" else "spawn").Pool(processes)
