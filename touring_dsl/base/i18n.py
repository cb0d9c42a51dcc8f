"""Shared stage, words by language: every sentence a player reads, looked up in the reader's catalogue.

The project writes its sentences in English, and the English text is the message's id (gettext's
convention): `_("Your hand")` is "Your hand" to an English reader and whatever the French catalogue says
to a French one. A language is a folder of catalogues, touring_dsl/locale/<lang>/LC_MESSAGES/*.po (one
file per part of the project, so that the rulebook's translator and the table's never edit the same
file); they are read together, as one catalogue, the first time a sentence is asked for in that language.
English needs no catalogue and never loads one, so an English reader pays nothing for the others.

Which language is read is the reader's: `reading("fr")` around a piece of work (a request, a command),
or `set_language` for a whole command. It is a context variable, so two web requests in two languages
never see each other's. The edition declares its own language (`language "fr"` in its header, the
Ruleset's `language`); `reader_language` picks the reader's choice where there is one, else the
edition's.

How to write a message (docs/translating.md says more):

    _("The race is {miles}.").format(miles=...)        a whole sentence, never pieces glued together
    ngettext("{n} card", "{n} cards", n).format(n=n)    a count: each language says its own plurals
    pgettext("pile", "discard")                         one English word with two meanings

French typography (a narrow no-break space before ; ! ?, a no-break space before : and inside « »)
is applied to finished text by `typography`, so that translators type plain spaces.
"""
from __future__ import annotations

import gettext
import re
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

SOURCE_LANGUAGE = "en"
LANGUAGES = {"en": "English", "fr": "Français"}  # every language the project has catalogues for
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

_current: ContextVar[str] = ContextVar("touring_language", default=SOURCE_LANGUAGE)


class UnknownLanguage(ValueError):
    """A language code the project has no catalogue for."""


def check_language(code: str) -> str:
    """`code` as the project spells it ('FR' -> 'fr', 'fr-CA' -> 'fr'), or UnknownLanguage saying which
    languages there are."""
    base = code.strip().replace("_", "-").split("-")[0].lower()
    if base not in LANGUAGES:
        known = ", ".join(f"{c} ({name})" for c, name in LANGUAGES.items())
        raise UnknownLanguage(f"no words in language {code!r}: the languages are {known}")
    return base


def language() -> str:
    """The language being read now."""
    return _current.get()


def set_language(code: str) -> None:
    """Read `code` from now on in this context (a command's whole run)."""
    _current.set(check_language(code))


@contextmanager
def reading(code: str):
    """Read `code` inside the block (a web request, one rulebook), then whatever was read before."""
    token = _current.set(check_language(code))
    try:
        yield
    finally:
        _current.reset(token)


def reader_language(edition_language: str, requested: str | None = None) -> str:
    """The reader's choice where they made one (--lang, the browser's switch), else the edition's."""
    return check_language(requested) if requested else check_language(edition_language or SOURCE_LANGUAGE)


def accepted_language(header: str, default: str = SOURCE_LANGUAGE) -> str:
    """The first language of an HTTP Accept-Language header that the project speaks ('fr-FR,fr;q=0.9,en'
    -> 'fr'), else `default`; quality values are honoured, a malformed header is ignored."""
    ranked = []
    for position, part in enumerate((header or "")[:500].split(",")):
        tag, _sep, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        ranked.append((-quality, position, tag.strip()))
    for _q, _p, tag in sorted(ranked):
        try:
            return check_language(tag)
        except UnknownLanguage:
            continue
    return default


def language_name(code: str, reader: str | None = None) -> str:
    """A language's name as the reader's language writes it in a sentence ('fr' read in English:
    'French'; in French: 'français'), from Babel's locale data."""
    from babel import Locale

    return Locale.parse(reader or _current.get()).languages.get(code, code)


def catalogue_files(code: str) -> list[Path]:
    """The .po files of one language, in a fixed order."""
    return sorted((LOCALE_DIR / code / "LC_MESSAGES").glob("*.po"))


@lru_cache(maxsize=None)
def translations(code: str) -> gettext.NullTranslations:
    """One language's catalogues read as one gettext catalogue (English: the messages themselves)."""
    if code == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    import io

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    merged = None
    for path in catalogue_files(code):
        with path.open("rb") as f:
            catalogue = read_po(f, locale=code)
        if merged is None:
            merged = catalogue
        else:
            for message in catalogue:
                if message.id:
                    merged[message.id] = message
    if merged is None:
        return gettext.NullTranslations()
    buffer = io.BytesIO()
    write_mo(buffer, merged)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def _(message: str) -> str:
    """The message in the language being read."""
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for n, in the language being read (French: 0 and 1 are singular)."""
    return translations(_current.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A message whose English is ambiguous, told apart by its context."""
    return translations(_current.get()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return translations(_current.get()).npgettext(context, singular, plural, n)


NARROW_NBSP = "\u202f"
NBSP = "\u00a0"
# a space (or none) between a word or closing mark and ; ! ? : that ends a phrase (not "10:30", not "://")
_TIGHT = re.compile(r"(?<=[\w)»\]%'’])[ \u00a0\u202f]?([;!?])(?=\s|$|[)»\"<])")
_COLON = re.compile(r"(?<=[\w)»\]%'’])[ \u00a0\u202f]?(:)(?=\s|$|[\"<])")
_OPEN_QUOTE = re.compile(r"«[ \u00a0\u202f]?")
_CLOSE_QUOTE = re.compile(r"[ \u00a0\u202f]?»")


def typography(text: str, code: str | None = None) -> str:
    """`text` set as its language prints it: in French a narrow no-break space before ; ! ? and a
    no-break space before : and inside « »; other languages unchanged."""
    if (code or _current.get()) != "fr":
        return text
    text = _TIGHT.sub(NARROW_NBSP + r"\1", text)
    text = _COLON.sub(NBSP + r"\1", text)
    text = _OPEN_QUOTE.sub("«" + NBSP, text)
    return _CLOSE_QUOTE.sub(NBSP + "»", text)
