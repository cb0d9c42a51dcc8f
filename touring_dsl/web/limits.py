"""Web stage, the limits: how many tables and parties one address may make, and the whole server hold, so that a
server opened to the network (`touring serve --host 0.0.0.0`) cannot be filled by one visitor.

Each address has a bucket of `burst` makings that refills at `per_minute`; a making with the bucket empty is
refused (HTTP 429) with the wait in words. The host's own machine (a loopback address) is never limited: the
host sets up a party of many tables at once. Seats, moves and pages are not limited here: a seat is already
protected by its unguessable link, and a move is checked by the table. A party's signal and another game
at a party's table make tables too, and count as makings of the host's address.

Beyond the pace, Limits bounds what stays: the tables and parties of the whole server, and those one address
(other than the host's machine) has made since the server started; a making past a bound is refused in words.
"""
from __future__ import annotations

import ipaddress
import time
from dataclasses import dataclass, field

BURST = 30  # tables and parties one address may make at once
PER_MINUTE = 6.0  # and then, on average, per minute
MAX_TABLES = 5000  # tables a server keeps (each is a folder of a few kilobytes and a game in memory)
MAX_PARTIES = 100
TABLES_PER_ADDRESS = 300  # made by one network address since the server started (a party's tables included)
PARTIES_PER_ADDRESS = 10
PARTY_PLAYERS = 40  # names in one party: ten tables of four a round
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


@dataclass
class Limits:
    """The bounds on what a server keeps, whatever the pace: refusal(...) says why a making is refused, or None."""

    tables: int = MAX_TABLES
    parties: int = MAX_PARTIES
    tables_per_address: int = TABLES_PER_ADDRESS
    parties_per_address: int = PARTIES_PER_ADDRESS
    made: dict = field(default_factory=dict)  # address -> [tables, parties] made since the server started

    def refusal(self, address: str | None, kept_tables: int, kept_parties: int = 0, tables: int = 0,
                parties: int = 0) -> str | None:
        """Why making `tables` tables and `parties` parties now is refused, or None (and then they are counted)."""
        if kept_tables + tables > self.tables or kept_parties + parties > self.parties:
            return "this server is full: it keeps no more tables or parties; ask its host to make room"
        if not is_loopback(address):
            made = self.made.get(address, [0, 0])
            if made[0] + tables > self.tables_per_address or made[1] + parties > self.parties_per_address:
                return (f"your address has made as many tables ({self.tables_per_address}) or parties "
                        f"({self.parties_per_address}) as this server allows one address")
            if len(self.made) < REMEMBERED or address in self.made:
                self.made[address] = [made[0] + tables, made[1] + parties]
        return None
