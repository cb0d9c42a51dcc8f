"""Simulate stage, plotting: the game-length distribution and per-seat win rates as one PNG."""
from __future__ import annotations

from pathlib import Path

from ..base.wording import counted


def plot_report(data: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")  # files only: no screen on CI or servers
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    lengths = {int(k): v for k, v in data["length_histogram"].items()}
    # about 40 bins: one bar per turn count is too spiky to read at a few thousand games
    left.hist(list(lengths), weights=list(lengths.values()), bins=min(40, max(1, len(lengths))), color="#4a6fa5")
    left.set_title(f"Game length, {counted(data['games'], 'game')}")
    left.set_xlabel("turns")
    left.set_ylabel("games")
    seats = data["seats"]
    rates = [s["rate"] for s in seats]
    errors = [[s["rate"] - s["ci95"][0] for s in seats], [s["ci95"][1] - s["rate"] for s in seats]]
    right.bar([f"seat {s['seat']}\n{s['bot']}" for s in seats], rates, yerr=errors, capsize=4, color="#c0504d")
    right.set_title("Wins by seat (95% CI)")
    right.set_ylim(0, 1)
    fig.suptitle(data["edition"])
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
