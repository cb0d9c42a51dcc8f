"""Simulate stage, Ray backend: the same seeded chunks fanned out to a Ray cluster (optional extra)."""
from __future__ import annotations

import os
from collections import deque
from typing import Callable, Iterable, Iterator


class RayMissing(RuntimeError):
    """Ray is an optional extra; asking for it without installing it is the user's error."""


WINDOW = 512  # chunks submitted ahead of the one being merged


def run_on_ray(work: Iterable[tuple], play: Callable) -> Iterator:
    """play(args) for each args of `work` on Ray, the results yielded in the order of `work`."""
    try:
        import ray
    except ImportError:
        raise RayMissing("the ray backend needs Ray: pip install 'touring-dsl[ray]'") from None
    if not ray.is_initialized():
        # RAY_ADDRESS names a cluster; without it Ray starts a local one on this machine.
        ray.init(address=os.environ.get("RAY_ADDRESS"), ignore_reinit_error=True, log_to_driver=False)
    remote = ray.remote(play)
    pending: deque = deque()
    for args in work:  # a bounded window of chunks in flight, so a huge run never lists every chunk
        pending.append(remote.remote(args))
        if len(pending) >= WINDOW:
            yield ray.get(pending.popleft())  # in submission order, so merging matches the local backend
    while pending:
        yield ray.get(pending.popleft())
