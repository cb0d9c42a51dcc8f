"""Balance page, figures: the numbers benchmarks/balance.py measured, drawn as PNGs for docs/balance.md.

Each function takes plain report data (what `touring simulate --json` prints) and writes one PNG;
every share is drawn with its 95% interval as an error bar, so a reader sees at once which differences
are beyond chance.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

from results_file import results_rows


def pyplot():
    import matplotlib

    matplotlib.use("Agg")  # files only: no screen on CI or servers
    import matplotlib.pyplot as plt

    return plt


def save(fig, path: Path) -> None:
    """Write a finished figure as a PNG and close it (a run draws several)."""
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    pyplot().close(fig)


def _interval_bar(ax, y: float, share: float, low: float, high: float, colour: str, label: str | None,
                  marker: str = "o") -> None:
    ax.errorbar([share], [y], xerr=[[max(0.0, share - low)], [max(0.0, high - share)]], fmt=marker,
                color=colour, capsize=3, label=label)


def win_shares(checks: dict[str, list[tuple[str, float, float, float, int]]], path: Path) -> None:
    """For each edition, each pairing's share of the stronger bot's two-player wins (seats rotating).
    `checks` maps an edition to rows (pairing, share, low, high, games)."""
    plt = pyplot()
    editions = list(checks)
    pairings = sorted({row[0] for rows in checks.values() for row in rows})
    fig, ax = plt.subplots(figsize=(10, 0.6 * len(editions) + 1.6))
    labelled = set()
    for e, edition in enumerate(editions):
        for pairing, share, low, high, _ in checks[edition]:
            b = pairings.index(pairing)
            y = e + (b - (len(pairings) - 1) / 2) * (0.75 / len(pairings))  # the pairings share one band
            _interval_bar(ax, y, share, low, high, f"C{b}", None if pairing in labelled else pairing, "oDs^v"[b % 5])
            labelled.add(pairing)
    ax.axvline(0.5, color="grey", lw=0.8, ls="--")
    for e in range(len(editions) - 1):
        ax.axhline(e + 0.5, color="#dddddd", lw=0.6)
    ax.set_yticks(range(len(editions)), editions)
    ax.set_ylim(len(editions) - 0.5, -0.5)
    ax.set_xlim(0.25, 1.0)
    ax.set_xlabel("share of two-player games (matches, where the edition scores them) won by the first bot named, 95% interval")
    ax.set_title("Does skill matter? Win share of the better bot, seats rotating (dashed: a coin toss)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small", title="pairing")
    save(fig, path)


def first_seat(edges: dict[str, list[tuple[int, float, float, float]]], bot: str, path: Path) -> None:
    """Seat 1's win rate minus a fair share, one panel per player count, an edition per line: `edges`
    maps an edition to rows (players, edge, low, high), the interval already less the fair share."""
    plt = pyplot()
    editions = list(edges)
    counts = sorted({p for rows in edges.values() for p, *_ in rows})
    fig, axes = plt.subplots(1, len(counts), figsize=(3 * len(counts) + 2, 0.4 * len(editions) + 1.8), sharey=True,
                             sharex=True)
    for ax, players in zip(axes, counts):
        for e, edition in enumerate(editions):
            for p, edge, low, high in edges[edition]:
                if p != players:
                    continue
                beyond = low > 0 or high < 0  # the interval misses "no edge": beyond chance
                ax.errorbar([edge], [e], xerr=[[edge - low], [high - edge]], fmt="o", capsize=2, ms=4,
                            color="#c0504d" if beyond else "#4a6fa5")
        ax.axvline(0, color="grey", lw=0.8, ls="--")
        ax.set_title(f"{players} players")
        ax.xaxis.set_major_formatter(plt.FuncFormatter(lambda v, _: f"{v:+.0%}"))
        ax.set_xlabel("seat 1 minus a fair share")
    axes[0].set_yticks(range(len(editions)), editions)
    axes[0].set_ylim(len(editions) - 0.5, -0.5)
    fig.suptitle(f"First-seat edge by player count ({bot} in every seat; 95% interval; red: beyond chance)")
    save(fig, path)


def race_lengths(lengths: dict[str, dict[str, dict]], path: Path) -> None:
    """Two-player race length in turns per edition: a box from the 25th to the 75th percentile, whiskers
    from the 10th to the 90th, for each bot's self-play. `lengths` maps an edition to {bot: length data}."""
    plt = pyplot()
    editions = list(lengths)
    bots = sorted({bot for by_bot in lengths.values() for bot in by_bot})
    fig, ax = plt.subplots(figsize=(10, 0.6 * len(editions) + 1.6))
    for e, edition in enumerate(editions):
        for b, bot in enumerate(bots):
            data = lengths[edition].get(bot)
            if not data:
                continue
            y = e + (b - (len(bots) - 1) / 2) * 0.25
            ax.hlines(y, data["p10"], data["p90"], color=f"C{b}", lw=1)
            ax.hlines(y, data["p25"], data["p75"], color=f"C{b}", lw=6, label=bot if e == 0 else None)
            ax.plot([data["median"]], [y], "|", color="black", ms=10)
    ax.set_yticks(range(len(editions)), editions)
    ax.invert_yaxis()
    ax.set_xlabel("turns (moves) in a two-player race (box: middle half of games; line: 10th-90th percentile; tick: median)")
    ax.set_title("How long is a race? Turns (cards played or discarded) per two-player race")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small", title="self-play")
    save(fig, path)


def headroom(results: Path, path: Path) -> list[str]:
    """The oracle benchmark's stored rows redrawn (benchmarks/oracle.py's own plot, not played again);
    returns the editions it covers."""
    spec = importlib.util.spec_from_file_location("oracle_benchmark", Path(__file__).with_name("oracle.py"))
    oracle = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(oracle)
    rows = results_rows(results)
    editions = list(dict.fromkeys(r["edition"] for r in rows))
    bots = list(dict.fromkeys(r["bot"] for r in rows))
    oracle.plot(rows, editions, bots, path)
    return editions
