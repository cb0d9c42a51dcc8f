"""CLI stage, helper (not a command): the progress bar of a long run on stderr, for `touring simulate` (games,
matches) and `touring simulate --progressive` (parties)."""
from __future__ import annotations

import sys
from contextlib import contextmanager

from ..base.i18n import _


@contextmanager
def progress_bar(total: int, label: str):
    """A progress bar on stderr, only when stderr is a terminal: yields advance(done), or None without a bar."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.progress import Progress

    from .common import err

    with Progress(*progress_columns(label), console=err(), transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda done: bar.advance(task, done)


def progress_columns(label: str) -> tuple:
    """The bar's columns: what runs, the bar, games done of all, and the time left, labelled as such."""
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeRemainingColumn

    return (TextColumn(f"[progress.description]{label}"), BarColumn(), MofNCompleteColumn(),
            TextColumn(_("time left")), TimeRemainingColumn())
