"""Web stage, editions: the archive for the host's form, and uploaded house rules compiled safely.

An uploaded file is untrusted: it is limited in size, and it may extend only an edition of the archive
(by its id), never a path on the server; its errors are the compiler's located diagnostics.
"""
from __future__ import annotations

from pathlib import Path

from ..base.i18n import _
from ..language.errors import Collector, InternalError, TouringError

MAX_EDITION_BYTES = 64 * 1024  # a whole edition is a few kilobytes; this leaves room for long house rules
UPLOAD_NAME = "house-rules.touring"  # the name of a pasted edition, or of a file whose name says nothing
LONGEST_NAME = 60  # characters of an uploaded file's name kept for its error messages


def upload_name(filename: str | None) -> str:
    """The name an uploaded file's errors are located by: its base name as the browser sent it (never a
    path: a browser may send one), with only letters, digits and . _ - + kept, and at most LONGEST_NAME
    characters; UPLOAD_NAME when nothing is left."""
    base = (filename or "").replace("\\", "/").rsplit("/", 1)[-1]
    kept = "".join(ch for ch in base if ch.isalnum() or ch in "._-+ ").strip(" .")
    if len(kept) > LONGEST_NAME:  # keep the end, where ".touring" is
        kept = kept[:LONGEST_NAME - 13] + "..." + kept[-10:]
    return kept or UPLOAD_NAME


class EditionRefused(ValueError):
    """An edition the server will not use: message is the text shown on the page."""


def archive_choices() -> list[dict]:
    """Every archive edition: id, title and the player counts it seats, for the host's form."""
    from ..language.archive import load
    from ..language.locate import archive_ids

    choices = []
    for ref in archive_ids():
        try:
            ruleset = load(ref)
        except (TouringError, InternalError):
            continue  # a broken archive file is `touring check`'s business, not the form's
        choices.append({"id": ref, "title": ruleset.title, "players": list(ruleset.player_counts()),
                        "progressive": ruleset.progressive is not None})
    return choices


def load_archive(ref: str):
    """An archive edition by id only: a path typed into the form is refused, never opened."""
    from ..language.archive import load
    from ..language.locate import archive_ids

    if ref not in archive_ids():
        raise EditionRefused(_("no edition {ref} in the archive").format(ref=repr(ref)))
    return load(ref)


_CHECKED: dict[str, object] = {}  # text's hash -> Ruleset, as upload.py's child process compiled it
CHECKED_KEPT = 8


def remember_checked(text: str, ruleset) -> None:
    """Keep a Ruleset compiled off the event loop (web.upload), for the store's compile of the same text."""
    _CHECKED[_digest(text)] = ruleset
    while len(_CHECKED) > CHECKED_KEPT:
        del _CHECKED[next(iter(_CHECKED))]


def _digest(text: str) -> str:
    import hashlib

    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def as_saved(text: str) -> str:
    """An uploaded text with its line endings as \n: a browser sends a textarea's lines ending in \r\n (and
    a file made on Windows has them too), while the edition file is read back, by the server after a restart
    and by `touring replay`, with Python's universal newlines. The hash a table's log records must be that
    of the text as it will be read back."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def saved_text(path: Path) -> str:
    """A table's edition file exactly as it was written (a table made before as_saved kept its \r\n, and
    its log's hash is of that text)."""
    with open(path, encoding="utf-8", newline="") as file:
        return file.read()


def compile_upload(text: str, folder: Path, checked: bool = True, name: str = UPLOAD_NAME):
    """Compile an uploaded house rule; EditionRefused carries the located errors as `touring check` shows them.

    folder is an empty folder of the server's own (the table's), so nothing beside the file can be read.
    checked: a text already compiled by web.upload's child process is taken from there (an upload may
    extend only the archive, so where it is compiled changes nothing). name: the file's name in the errors
    (upload_name of what the browser sent)."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_EDITION_BYTES:
        raise EditionRefused(f"the edition file is larger than {MAX_EDITION_BYTES // 1024} KB; "
                             "an edition is a few kilobytes")
    if checked and _digest(text) in _CHECKED:
        return _CHECKED[_digest(text)]
    from ..language.locate import archive_ids
    from ..language.compiler import compile_text
    from ..language.syntax import parse_document

    try:
        doc, syntax_errors, _read_past = parse_document(text, name)  # (what parsed, when a syntax error was read past)
        if doc is not None and doc.extends is not None and doc.extends.value not in archive_ids():
            collector = Collector()
            collector.sources[name] = text.splitlines()
            collector.diagnostics.extend(syntax_errors)
            collector.error("E205", f'an edition played here may extend only an archive edition, not '
                                    f'"{doc.extends.value}"', doc.extends.span,
                            "name an archive id, such as " + ", ".join(archive_ids()[:3]))
            raise TouringError(collector.in_source_order())
        return compile_text(text, name, folder)  # every error, syntax and compile, at once
    except TouringError as exc:
        raise EditionRefused(exc.render(color=False)) from None
    except InternalError as exc:
        raise EditionRefused(f"touring could not compile this file (a bug in touring): {exc}") from None



def house_rule_warnings(ruleset, text: str) -> list:
    """The warnings of a house rule played here (language/advice.py: W100 ...), as `touring check` prints
    them. Its parent is an archive edition (an upload may extend nothing else), and the excerpts are from its
    own text: its name is the name the browser gave, never a file of this server's to be read."""
    from ..language.advice import variant_warnings
    from ..language.locate import archive_ids

    if not ruleset.parent or ruleset.parent not in archive_ids():
        return []
    try:
        parent = load_archive(ruleset.parent)
    except (TouringError, InternalError, EditionRefused, ValueError):
        return []
    return variant_warnings(ruleset, parent, text.splitlines())
