"""Benchmarks, their command lines: what every script checks before it starts work, so that a bad flag is
a usage error that says what is wrong (exit 2), never a traceback from a worker process or a run that
stops at its end for want of a folder to write to."""
from __future__ import annotations

import argparse


def checked(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.Namespace:
    """args, once the fields a benchmark may have are sound: every --edition is in the archive (or a file),
    counts are not negative, and the --results file's folder exists."""
    from touring_dsl.language.archive import load
    from touring_dsl.language.errors import TouringError

    editions = getattr(args, "edition", None)
    for name in [editions] if isinstance(editions, str) else editions or []:
        try:
            load(name)
        except TouringError as error:
            parser.error(f"--edition {name}: {error.diagnostics[0].message}")
    for field in ("deals", "games", "matches"):
        value = getattr(args, field, None)
        if isinstance(value, int) and value < 0:
            parser.error(f"{field} must be 0 or more, not {value}")
    results = getattr(args, "results", None)
    if results is not None and not results.parent.is_dir():
        parser.error(f"--results {results}: there is no folder {results.parent}")
    return args
