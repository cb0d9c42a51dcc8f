"""CLI stage, `touring serve`: tables played in the browser, each player on their own device."""
from __future__ import annotations

import socket
from pathlib import Path
from typing import Optional

import typer

from .common import EXIT_USAGE, fail


def lan_address() -> str:
    """This machine's address on the local network (the one a phone on the same Wi-Fi can reach)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # a documentation address: no packet is sent by a UDP connect
        return probe.getsockname()[0]
    except OSError:
        try:
            return socket.gethostbyname(socket.gethostname())
        except OSError:
            return "this-machine's-address"
    finally:
        probe.close()


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on; 0.0.0.0 opens the server to the local network."),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="Port to listen on."),
    data: Path = typer.Option(Path("touring-tables"), "--data", help="Folder keeping every table's log (reloaded at start)."),
    bot_delay: float = typer.Option(0.6, "--bot-delay", min=0.0, max=10.0, help="Seconds a bot waits before it moves, so people can follow."),
    public_url: Optional[str] = typer.Option(None, "--public-url", help="The address players use when a reverse proxy serves this server (https://games.example.org); links are made with it and only it (and this machine's own names) is answered."),
) -> None:
    """Serve tables in the browser: each player joins from their own phone or computer by a private link."""
    try:
        import uvicorn

        from ..web.app import create_app
        from ..web.store import TableStore
    except ImportError as exc:
        fail(f"touring serve needs the web extra: pip install \".[web]\" ({exc})", EXIT_USAGE)
    if data.exists() and not data.is_dir():
        fail(f"--data: {data} is not a folder", EXIT_USAGE)
    try:
        store = TableStore(data)
    except OSError as exc:
        fail(f"--data: cannot use {data}: {exc.strerror or exc}")
    tables = store.load_all()
    share = None
    if public_url is not None:
        share = public_url_or_fail(public_url)
        print(f"Served to players as {share} (through a reverse proxy); listening on {url_of(host, port)}")
    elif host in ("0.0.0.0", "::"):
        share = f"http://{lan_address()}:{port}"
        print(f"Open to the local network: anyone on it can reach this server. Share this address: {share}")
    else:
        print(f"Serving on http://{host}:{port} (this machine only; --host 0.0.0.0 opens it to the local network)")
    base = share or f"http://{host}:{port}"
    for table in tables:
        state = "over" if table.game.is_over else f"move {len(table.record.moves)}"
        print(f"  table {table.id} ({table.ruleset.id}, {state}): host page {base}/h/{table.meta['host']}")
    from ..web.party_routes import load_parties

    for party in load_parties(store):
        print(f"  party {party.id} ({party.ruleset.id}): host page {base}/p/{party.meta['host']}")
    print(f"Write and try a house rule in the workshop: {base}/workshop")
    print(f"Tables are kept in {data.resolve()}. Stop with Ctrl-C; every game resumes when the server starts again.",
          flush=True)
    app = create_app(data, share_base=share, bot_delay=bot_delay, store=store, address=url_of(host, port))
    settle_memory()
    try:
        uvicorn.run(app, host=host, port=port, log_level="warning", **server_limits())
    except OSError as exc:
        fail(f"touring serve: cannot listen on {host}:{port}: {exc.strerror or exc}")
    except SystemExit as exc:  # uvicorn's way of saying it could not start (its reason is printed above)
        if exc.code:
            fail(f"touring serve: cannot listen on {host}:{port}; is another server using it? (try --port)")


def settle_memory() -> None:
    """What start-up made (editions, reloaded tables) lives as long as the server: it is set aside from the
    garbage collector's full passes, which then scan only what play makes (shorter pauses of every table)."""
    import gc

    gc.collect()
    gc.freeze()


def url_of(host: str, port: int) -> str:
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def public_url_or_fail(text: str) -> str:
    from ..web.settings import origin_of

    if origin_of(text) is None:
        fail(f"--public-url: {text!r} is not an address such as https://games.example.org", EXIT_USAGE)
    return text.rstrip("/")


def server_limits() -> dict:
    """uvicorn's timeouts and limits (see docs/serve.md): idle and half-sent connections are closed, a
    WebSocket whose peer stops answering pings is ended, a frame over 1 MB is refused, and connections are
    bounded below the open-file limit (beyond it new requests get 503, not a dropped server)."""
    from ..web.protocols import BoundedWebSocketProtocol, TimedHttpProtocol

    return {"http": TimedHttpProtocol, "ws": BoundedWebSocketProtocol, "timeout_keep_alive": 5,
            "h11_max_incomplete_event_size": 16 * 1024, "ws_max_size": 1 << 20, "ws_ping_interval": 20.0,
            "ws_ping_timeout": 20.0, "limit_concurrency": connection_limit(), "backlog": 256,
            "timeout_graceful_shutdown": 5,
            # a reverse proxy on this machine says who the visitor is; no one else is believed
            "proxy_headers": True, "forwarded_allow_ips": "127.0.0.1"}


def connection_limit() -> int:
    """Connections at once: half the open files this process may hold (raised to its hard limit first)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else 65536
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, 65536), hard))
            soft = min(wanted, 65536)
        except (ValueError, OSError):
            pass
    return max(64, min(4000, (65536 if soft == resource.RLIM_INFINITY else soft) // 2))


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
