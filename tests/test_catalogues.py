"""Words by language: every message the code asks for is in each language's catalogues, and nothing else.

The messages are the literal arguments of _(), ngettext(), pgettext() and npgettext() in touring_dsl/
(found as gettext tools find them, scripts/messages.py); a sentence added in English without its
translation fails here, naming the file and line, as does a translation nobody asks for any more.
"""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("messages", ROOT / "scripts" / "messages.py")
messages = importlib.util.module_from_spec(spec)
spec.loader.exec_module(messages)

FIELD = re.compile(r"\{(\w*)[^{}]*\}")


def test_every_message_is_a_literal_string():
    assert messages.non_literal_calls() == []


@pytest.mark.parametrize("language", [code for code in messages.languages()])
def test_every_used_message_is_translated_and_every_translation_used(language):
    assert messages.problems(language) == []


@pytest.mark.parametrize("language", [code for code in messages.languages()])
def test_a_translation_fills_the_same_blanks_as_its_message(language):
    wrong = []
    for (context, message), entries in messages.catalogues(language).items():
        ids = message if isinstance(message, tuple) else (message,)
        wanted = set(FIELD.findall(ids[-1])) | set(FIELD.findall(ids[0]))
        for part, string in entries:
            for text in (string if isinstance(string, tuple) else (string,)):
                if text and not set(FIELD.findall(text)) <= wanted:
                    wrong.append(f"{language}/{part}.po: {text!r} fills blanks {message!r} does not have")
    assert wrong == []


def test_the_languages_with_catalogues_are_the_languages_the_language_accepts():
    from touring_dsl.base.i18n import LANGUAGES

    assert set(messages.languages()) | {"en"} == set(LANGUAGES)
