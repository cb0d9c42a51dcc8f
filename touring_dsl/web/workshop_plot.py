"""Web stage, the workshop's balance figure: the figure `touring simulate --plot` draws (simulate/plot.py: the
games' lengths, and each seat's wins with its 95% interval), drawn as plain SVG so the server needs no
matplotlib. Every word in it is escaped; the page shows it as an image, where no script can run."""
from __future__ import annotations

from html import escape

WIDTH, HEIGHT = 680, 260
PANEL = 280  # each panel's width
TOP, BOTTOM = 30, 210  # the plot area's top and baseline
BARS, SEATS = "#4a6fa5", "#c0504d"


def report_svg(data: dict) -> str:
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
             f'height="{HEIGHT}" font-family="sans-serif" font-size="12">',
             f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fff"/>']
    parts += lengths_panel(data, 40)
    parts += seats_panel(data, 40 + PANEL + 40)
    parts.append("</svg>")
    return "".join(parts)


def lengths_panel(data: dict, left: int) -> list[str]:
    """A histogram of the games' lengths in turns, in at most 20 bins."""
    lengths = {int(k): v for k, v in data.get("length_histogram", {}).items()}
    out = [text(left + PANEL / 2, 18, f"Game length, {data['games']} games", "middle"),
           axis(left)]
    if not lengths:
        return out
    low, high = min(lengths), max(lengths)
    bins = min(20, high - low + 1)
    size = (high - low + 1) / bins
    counts = [0] * bins
    for turns, games in lengths.items():
        counts[min(bins - 1, int((turns - low) / size))] += games
    tallest = max(counts) or 1
    width = PANEL / bins
    for i, count in enumerate(counts):
        height = (BOTTOM - TOP) * count / tallest
        out.append(f'<rect x="{left + i * width:.1f}" y="{BOTTOM - height:.1f}" width="{max(1.0, width - 1):.1f}" '
                   f'height="{height:.1f}" fill="{BARS}"/>')
    out.append(text(left, BOTTOM + 16, str(low)))
    out.append(text(left + PANEL, BOTTOM + 16, str(high), "end"))
    out.append(text(left + PANEL / 2, BOTTOM + 32, "turns", "middle"))
    return out


def seats_panel(data: dict, left: int) -> list[str]:
    """Each seat's share of the wins, its 95% interval as a whisker, on a scale of 0 to 1."""
    seats = data["seats"]
    out = [text(left + PANEL / 2, 18, "Wins by seat (95% CI)", "middle"), axis(left),
           text(left - 4, TOP + 4, "1", "end"), text(left - 4, BOTTOM, "0", "end")]
    width = PANEL / max(1, len(seats))

    def y(share: float) -> float:
        return BOTTOM - (BOTTOM - TOP) * share

    for i, seat in enumerate(seats):
        x = left + i * width
        centre = x + width / 2
        out.append(f'<rect x="{x + width * 0.2:.1f}" y="{y(seat["rate"]):.1f}" width="{width * 0.6:.1f}" '
                   f'height="{BOTTOM - y(seat["rate"]):.1f}" fill="{SEATS}"/>')
        low, high = seat["ci95"]
        out.append(f'<line x1="{centre:.1f}" x2="{centre:.1f}" y1="{y(low):.1f}" y2="{y(high):.1f}" stroke="#111"/>')
        out.append(text(centre, BOTTOM + 16, f"seat {seat['seat']}", "middle"))
        out.append(text(centre, BOTTOM + 32, str(seat["bot"]), "middle"))
    return out


def axis(left: int) -> str:
    return (f'<line x1="{left}" x2="{left + PANEL}" y1="{BOTTOM}" y2="{BOTTOM}" stroke="#111"/>'
            f'<line x1="{left}" x2="{left}" y1="{TOP}" y2="{BOTTOM}" stroke="#111"/>')


def text(x: float, y: float, words: str, anchor: str = "start") -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}">{escape(words)}</text>'
