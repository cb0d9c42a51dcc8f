"""Web stage, the server's settings: what the app is told when it is made, kept on app.state for every route,
and the addresses it answers to (the Host and Origin checks of security.py)."""
from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlsplit

from .limits import Limits, PaceLimit

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
WILDCARDS = ("0.0.0.0", "[::]", "::")
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


@dataclass
class Settings:
    """address: where the server listens, as a URL (http://127.0.0.1:8000). share_base: the address the
    players are given, when it is another (the network address under --host 0.0.0.0, or a reverse proxy's
    public address). data_label: the data folder as the host named it (shown on the host's page, so that
    the server's own paths are never shown). bot_delay: seconds a bot waits before it moves. pace and
    limits: how much one address, and the whole server, may make (web.limits)."""

    address: str = "http://127.0.0.1:8000"
    share_base: str | None = None
    data_label: str = "touring-tables"
    bot_delay: float = 0.6
    pace: PaceLimit = field(default_factory=PaceLimit)
    limits: Limits = field(default_factory=Limits)

    @property
    def base(self) -> str:
        """The address every link and redirect is made with (never the Host header a request claims)."""
        return (self.share_base or self.address).rstrip("/")

    @property
    def local_only(self) -> bool:
        """Whether the players' links lead to this machine alone (the server listens on a loopback address and
        no network or public address is shared): a phone cannot open them."""
        host = urlsplit(self.base).hostname or ""
        return _bracketed(host) in LOOPBACK_NAMES

    def origins(self) -> set[str]:
        """Every origin this server's pages are served from: the base, the address, and this machine's own
        names at its port when it listens on this machine or on every interface."""
        found = {origin_of(self.base), origin_of(self.address)}
        listen = urlsplit(self.address)
        if listen.hostname is None or _bracketed(listen.hostname) in LOOPBACK_NAMES + WILDCARDS:
            found |= {origin_of(f"{listen.scheme}://{name}:{listen.port or 80}") for name in LOOPBACK_NAMES}
        return {origin for origin in found if origin is not None and "0.0.0.0" not in origin and "[::]" not in origin}

    def hosts(self) -> set[str]:
        """The Host header values this server answers (host:port, lower case)."""
        return {origin.split("://", 1)[1] for origin in self.origins()}


def origin_of(url: str | None) -> str | None:
    """scheme://host:port of a URL (the port always written), or None for what is no http(s) URL."""
    try:
        parts = urlsplit((url or "").strip())
        port = parts.port or DEFAULT_PORTS.get(parts.scheme)
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname or port is None:
        return None
    return f"{parts.scheme}://{_bracketed(parts.hostname.lower())}:{port}"


def host_of(header: str, scheme: str) -> str | None:
    """The Host header as host:port (lower case), or None when it is no host."""
    origin = origin_of(f"{scheme}://{header}") if header and "/" not in header and "@" not in header else None
    return origin.split("://", 1)[1] if origin else None


def _bracketed(hostname: str) -> str:
    return f"[{hostname}]" if ":" in hostname and not hostname.startswith("[") else hostname
