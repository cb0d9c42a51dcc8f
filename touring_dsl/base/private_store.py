"""Archive stage, the private store: files touring writes for itself and reads back, signed so none can be forged.

What touring keeps to read back (the built parser, compiled rulesets and their views) is pickled, and
unpickling runs code; so a kept file is read only when it carries an HMAC-SHA256 made with the user's
own secret key, checked before a byte of it is unpickled. The key (32 random bytes) lives in a file
created 0600 in a folder created 0700 in the user's state folder ($XDG_STATE_HOME/touring, else
~/.local/state/touring), apart from the cache folder: a cache folder copied in from elsewhere (a
shared or CI cache) carries no key, and whatever it holds is a miss. The kept files themselves live in
$XDG_CACHE_HOME/touring (else the platform's user cache folder), also created 0700.

A folder or key file owned by another user, or that others may write to, is refused: touring warns once
on stderr and runs without its cache (slower, never wrong). A folder it cannot create is a silent miss.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import stat
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

MAGIC = b"touring-signed-1\n"
_KEY_BYTES = 32
_POSIX = os.name == "posix"
_warned: set[str] = set()


def cache_root() -> Path:
    """$XDG_CACHE_HOME/touring, else the platform's usual user cache folder."""
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        if sys.platform == "win32":
            base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        elif sys.platform == "darwin":
            base = str(Path.home() / "Library" / "Caches")
        else:
            base = str(Path.home() / ".cache")
    return Path(base) / "touring"


def state_root() -> Path:
    """$XDG_STATE_HOME/touring, else the platform's usual per-user state folder: where the key lives."""
    base = os.environ.get("XDG_STATE_HOME")
    if not base:
        if sys.platform == "win32":
            base = str(Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local") / "touring-state")
            return Path(base)
        if sys.platform == "darwin":
            base = str(Path.home() / "Library" / "Application Support")
        else:
            base = str(Path.home() / ".local" / "state")
    return Path(base) / "touring"


def warn_once(message: str) -> None:
    """One line on stderr, once per process for each message."""
    if message not in _warned:
        _warned.add(message)
        print(f"touring: warning: {message}", file=sys.stderr)


def private_folder(folder: Path) -> Path | None:
    """`folder`, created 0700 if missing; None when it cannot be made, or is not the user's alone (warned)."""
    try:
        if not folder.parent.exists():  # touring's own folder, private too (mkdir gives parents the umask)
            folder.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        folder.mkdir(mode=0o700, exist_ok=True)
        info = os.lstat(folder)
    except OSError:
        return None  # no cache where none can be written: only slower
    if not stat.S_ISDIR(info.st_mode):
        return None
    if _POSIX:
        if info.st_uid != os.getuid():
            warn_once(f"cache folder {folder} belongs to another user; running without the cache")
            return None
        if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
            warn_once(f"cache folder {folder} may be written by other users; running without the cache")
            return None
        if info.st_mode & 0o077:
            try:  # a folder made by an older touring with the default umask: readable by others, made private
                os.chmod(folder, 0o700)
            except OSError:
                pass
    return folder


@lru_cache(maxsize=4)
def _key(folder: str) -> bytes | None:
    return _read_key(Path(folder)) or _create_key(Path(folder))


def signing_key() -> bytes | None:
    """The user's secret key, made on first use; None when there is no private place for it."""
    folder = private_folder(state_root())
    return None if folder is None else _key(str(folder))


def _read_key(folder: Path) -> bytes | None:
    path = folder / "cache-key"
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if _POSIX and (info.st_uid != os.getuid() or info.st_mode & 0o077):
            warn_once(f"key file {path} is not the user's alone; running without the cache")
            return b""  # refused: not None, so no new key is written over it
        key = os.read(fd, _KEY_BYTES + 1)
    finally:
        os.close(fd)
    return key if len(key) == _KEY_BYTES else b""


def _create_key(folder: Path) -> bytes | None:
    """A new key, written to a 0600 file and linked into place; whoever links first wins the race."""
    temporary = None
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".key-")  # created 0600
        with os.fdopen(handle, "wb") as out:
            out.write(os.urandom(_KEY_BYTES))
        try:
            os.link(temporary, folder / "cache-key")
        except FileExistsError:
            pass
    except OSError:
        return None
    finally:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)
    return _read_key(folder) or None


def _mac(key: bytes, name: str, payload: bytes) -> bytes:
    # the file's own name is signed too: an entry moved to another's name does not verify
    return hmac.new(key, name.encode() + b"\0" + payload, hashlib.sha256).digest()


def read_signed(path: Path) -> bytes | None:
    """The payload kept at `path`, or None: missing, unreadable, unsigned, or signed with another key."""
    key = signing_key()
    if not key or private_folder(path.parent) is None:
        return None
    try:
        with path.open("rb") as handle:
            data = handle.read()
    except OSError:
        return None
    head = len(MAGIC) + hashlib.sha256().digest_size
    if len(data) < head or not data.startswith(MAGIC):
        return None
    mac, payload = data[len(MAGIC):head], data[head:]
    return payload if hmac.compare_digest(mac, _mac(key, path.name, payload)) else None


def write_signed(path: Path, payload: bytes) -> None:
    """Keep `payload` at `path`, signed; written aside and renamed so no reader sees half. Failures ignored."""
    key = signing_key()
    if not key or private_folder(path.parent) is None:
        return
    temporary = None
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            out.write(MAGIC + _mac(key, path.name, payload) + payload)
        os.replace(temporary, path)
        temporary = None
    except OSError:
        pass
    finally:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)
