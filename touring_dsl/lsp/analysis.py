"""Language server stage, analysis: a document's text compiled once for every feature.

The diagnostics come from the compile `touring check` runs (compile the text, then the warnings
language.advice gives a compiled edition), its parse reusing the pieces of the text an edit left as
they were (incremental.py); the parsed Document (for the outline, navigation and
hover) and the rulebook's sentences are made only when a feature asks. The last text of a document that
compiled is kept, so completion and hover still know its cards while the author's text is broken.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from urllib.parse import unquote, urlparse

from ..base.resources import SUFFIX, display_path
from ..language.errors import Diagnostic, InternalError, TouringError
from .text import lines_of

MOST_CHARACTERS = 2_000_000  # beyond this a file is not checked as the author types: `touring check` still does


def path_of(uri: str) -> Path | None:
    """The file a `file:` uri names, else None (an unsaved buffer, a remote file)."""
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        return None
    return Path(unquote(parsed.path))


def uri_of(path: Path | str) -> str:
    return Path(path).resolve().as_uri()


def is_touring(uri: str) -> bool:
    """Whether a document's name is an edition file's (ends .touring); the server also answers for an
    unsaved buffer the editor marks as the touring language."""
    return urlparse(uri).path.endswith(SUFFIX)


@dataclass
class Analysis:
    uri: str
    text: str
    file: str  # the name the compiler gives the text: its path, or the uri of an unsaved buffer
    base_dir: Path  # where `extends` looks first
    ruleset: object | None = None  # the compiled Ruleset, None when the text has errors
    diagnostics: list[Diagnostic] = field(default_factory=list)
    internal: str | None = None  # a bug in touring met while compiling: reported, never raised
    too_large: bool = False

    def is_here(self, file: str) -> bool:
        """Whether a diagnostic's file is this document."""
        if file == self.file:
            return True
        path = path_of(self.uri)
        try:
            return path is not None and Path(file).resolve() == path.resolve()
        except (OSError, RuntimeError, ValueError):
            return False

    @cached_property
    def lines(self) -> list[str]:
        return lines_of(self.text)

    @cached_property
    def document(self):
        """The parsed Document (located, keyed statements), or None when the text does not parse."""
        if self.too_large:
            return None
        from .incremental import parse_reusing

        try:
            return parse_reusing(self.text, self.file)
        except (TouringError, InternalError):
            return None
        except Exception:  # noqa: BLE001 - a parser bug leaves the outline empty, never the server down
            return None

    @property
    def known(self):
        """The Ruleset of this text, else of the last text of this document that compiled (or None)."""
        return self.ruleset if self.ruleset is not None else _last_compiled.get(self.uri)

    @cached_property
    def parent(self):
        """The compiled edition this text extends (from the archive's cache), or None."""
        import re

        from ..language.archive import load
        from ..language.locate import find_parent

        found = re.search(r'\bextends\s+"([^"\n]+)"', self.text[:5000])
        path = find_parent(found.group(1), self.base_dir) if found else None
        try:
            return load(str(path)) if path is not None else None
        except Exception:  # noqa: BLE001 - a parent that does not compile has nothing to offer
            return None

    @property
    def known_or_parent(self):
        """What this text is known to compile to, else the edition it extends: where names are looked up."""
        return self.known if self.known is not None else self.parent

    @cached_property
    def sentences(self):
        """The rulebook's sentence for each rule written in this file (sentences.py), built on first hover."""
        from .sentences import rulebook_sentences

        return rulebook_sentences(self.ruleset, self.file) if self.ruleset is not None else {}


_last_compiled: dict[str, object] = {}
_memo: dict[str, Analysis] = {}  # uri -> the analysis of its latest text
_lock = threading.Lock()
_compiling = threading.Lock()


def analyse(text: str, uri: str) -> Analysis:
    """The analysis of a document's text: compiled as `touring check` compiles a file, with its warnings."""
    with _lock:
        kept = _memo.get(uri)
        if kept is not None and kept.text == text:
            return kept
    with _compiling:  # a hover asked during the check of the same text waits for it, and compiles nothing
        with _lock:
            kept = _memo.get(uri)
            if kept is not None and kept.text == text:
                return kept
        found = _analysed(text, uri)
        with _lock:
            _memo[uri] = found
            if found.ruleset is not None:
                _last_compiled[uri] = found.ruleset
        return found


def forget_all() -> None:
    """Check every document anew at its next request: a file they extend may have changed on disk."""
    with _lock:
        _memo.clear()


def forget(uri: str) -> None:
    """Drop what is kept of a closed document: its analysis, its last compiled Ruleset, its parsed pieces."""
    from .incremental import forget_pieces

    with _lock:
        kept = _memo.pop(uri, None)
        _last_compiled.pop(uri, None)
    forget_pieces(kept.file if kept is not None else uri)


def _analysed(text: str, uri: str) -> Analysis:
    path = path_of(uri)
    # shown as the compiler shows the files an edition extends (from the working folder), so an error met
    # again through a parent (an extends cycle) is known to be in this very file
    file = display_path(path) if path is not None else uri
    base = path.parent if path is not None else Path.cwd()
    found = Analysis(uri, text, file, base)
    if len(text) > MOST_CHARACTERS:
        found.too_large = True
        return found
    found.ruleset, found.diagnostics, found.internal = check_text(text, file, base)
    return found


def check_text(text: str, file: str, base: Path):
    """(Ruleset or None, every error or warning, an internal error's message or None): `touring check` on a text."""
    from ..language.advice import warnings_for
    from ..language.compiler import compile_text
    from .incremental import reused_document

    try:
        ruleset = compile_text(text, file, base, parse_with=reused_document)
    except TouringError as exc:
        return None, list(exc.diagnostics), None
    except InternalError as exc:
        return None, [], str(exc)
    except RecursionError:
        return None, [], "internal error: the text nests too deeply to compile"
    try:
        return ruleset, list(warnings_for(ruleset)), None
    except Exception as exc:  # noqa: BLE001 - the warnings failing must not hide that the file compiles
        return ruleset, [], f"internal error while looking for warnings: {type(exc).__name__}: {exc}"
