"""Web stage, the server's disk: small files written whole, new names made to last, folders made in a staging
place and removed, and a failed write in words.

The tables (table.py, store.py), another game (again.py) and the parties (party.py) all keep their files
this way: a JSON file is written through a temporary one and a rename, so it is old or new, never half; a
table or party is made in a hidden folder (STAGING + its name) renamed into place once whole.
"""
from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path

STAGING = ".new-"  # a table (or party) being made: renamed into place once whole


def write_json(path: Path, data: dict) -> None:
    """Write a small JSON file through a temporary one and a rename: it is whole, old or new, never half."""
    temporary = path.with_name(path.name + ".part")
    try:
        with temporary.open("w", encoding="utf-8") as stream:
            stream.write(json.dumps(data, indent=1))
            stream.flush()
            os.fsync(stream.fileno())
        temporary.replace(path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def sync_folder(folder: Path) -> None:
    """Make a folder's new names last through a power cut (where the system lets a folder be synced)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def remove_folder(folder: Path) -> None:
    """Remove a folder and what it holds; what cannot be removed now is left (swept at the next start)."""
    shutil.rmtree(folder, ignore_errors=True)


def disk_trouble(exc: OSError) -> str:
    """A failed write in words for the people at the table (never a path of the server's)."""
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "the server's disk is full"
    if exc.errno == errno.EROFS:
        return "the server's disk cannot be written (it is read-only)"
    if exc.errno == errno.EFBIG:
        return "the server's file size limit is reached"
    return "the server could not write to its disk"
