"""Web stage, the server's settings: what the app is told when it is made, kept on app.state for every route."""
from __future__ import annotations

from dataclasses import dataclass, field

from .limits import PaceLimit


@dataclass
class Settings:
    """share_base: the address links are made with (the network address under --host 0.0.0.0), or None for
    the address the host's browser used. bot_delay: seconds a bot waits before it moves. pace: how many
    tables and parties an address may make (web.limits)."""

    share_base: str | None = None
    bot_delay: float = 0.6
    pace: PaceLimit = field(default_factory=PaceLimit)
