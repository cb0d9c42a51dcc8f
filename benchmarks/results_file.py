"""Benchmarks, their results files: rows of JSON, one a line, plain or gzip-compressed.

The raw rows kept in the repository are FILE.jsonl.gz (benchmarks/results/README.md); a script reads
either kind and appends a row at a time, so a run stopped midway keeps every deal it finished.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path


def results_lines(path: Path) -> list[str]:
    """The lines of a results file, plain or gzip-compressed; none when it does not exist yet."""
    if not path.exists():
        return []
    if path.suffix != ".gz":
        return path.read_text(encoding="utf-8").splitlines()
    lines: list[str] = []
    try:
        with gzip.open(path, "rt", encoding="utf-8") as stream:
            for line in stream:
                lines.append(line)
    except EOFError:  # a run stopped mid-write: the rows flushed before it are whole, the last may not be
        lines = lines[:-1] if lines and not lines[-1].endswith("\n") else lines
    return [line for line in (text.strip() for text in lines) if line]


def results_rows(path: Path) -> list[dict]:
    """The rows of a results file, in the order they were written."""
    return [json.loads(line) for line in results_lines(path)]


def open_results(path: Path):
    """The results file opened to append one row at a time; a .gz file is appended to as a new gzip member.
    A run stopped midway leaves its member without an end; a member appended after it would be read as
    more of the same stream and spoil every row (zlib "invalid block type"), so the rows kept so far are
    first written back as one whole member."""
    if path.suffix != ".gz":
        return path.open("a", encoding="utf-8")
    if path.exists():
        rows = results_lines(path)
        whole = path.with_name(path.name + ".whole")
        with gzip.open(whole, "wt", encoding="utf-8") as stream:
            stream.writelines(row + "\n" for row in rows)
        whole.replace(path)
    return gzip.open(path, "at", encoding="utf-8")


def play_and_keep(play, tasks: list, jobs: int, rows: list[dict], path: Path | None, chunksize: int = 1,
                  on_row=None) -> None:
    """Play every task in a pool of `jobs` processes; each row joins `rows` and, as it comes, the results
    file (opened only when there is something to play, so a finished file is left as it is); on_row, when
    given, is called with each row as it comes (to show progress)."""
    from multiprocessing import Pool

    out = open_results(path) if path and tasks else None
    try:
        with Pool(jobs) as pool:
            for row in pool.imap_unordered(play, tasks, chunksize=chunksize):
                rows.append(row)
                if out:
                    out.write(json.dumps(row) + "\n")
                    out.flush()
                if on_row:
                    on_row(row)
    finally:
        if out:
            out.close()
