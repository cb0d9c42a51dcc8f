"""Web stage, the pace limit: how many tables and parties one address may make, so that a server opened to
the network (`touring serve --host 0.0.0.0`) cannot be filled by one visitor.

Each address has a bucket of `burst` makings that refills at `per_minute`; a making with the bucket empty is
refused (HTTP 429) with the wait in words. The host's own machine (a loopback address) is never limited: the
host sets up a party of many tables at once. Seats, moves and pages are not limited here: a seat is already
protected by its unguessable link, and a move is checked by the table.
"""
from __future__ import annotations

import ipaddress
import time
from dataclasses import dataclass, field

BURST = 30  # tables and parties one address may make at once
PER_MINUTE = 6.0  # and then, on average, per minute
REMEMBERED = 10_000  # addresses kept; the oldest are forgotten first (a forgotten one starts with a full bucket)


def is_loopback(host: str | None) -> bool:
    try:
        return host is not None and ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@dataclass
class PaceLimit:
    """A bucket per address; `allow(address)` takes one making from it, or says how long to wait."""

    burst: int = BURST
    per_minute: float = PER_MINUTE
    clock: object = time.monotonic
    buckets: dict = field(default_factory=dict)  # address -> (makings left, when counted)

    def wait(self, address: str | None) -> float:
        """0 when the address may make one more (and counts it), else the seconds before it may."""
        if is_loopback(address):
            return 0.0
        now = self.clock()
        left, then = self.buckets.pop(address, (float(self.burst), now))
        left = min(float(self.burst), left + (now - then) * self.per_minute / 60.0)
        if left >= 1.0:
            self.buckets[address] = (left - 1.0, now)
            self.forget_oldest()
            return 0.0
        self.buckets[address] = (left, now)
        return (1.0 - left) * 60.0 / self.per_minute

    def forget_oldest(self) -> None:
        while len(self.buckets) > REMEMBERED:
            del self.buckets[next(iter(self.buckets))]


def refusal_words(seconds: float) -> str:
    minutes = seconds / 60
    later = f"{round(seconds)} seconds" if seconds < 90 else f"{round(minutes)} minutes"
    return f"too many tables made from your address; try again in {later}"
