"""Words by language (base.i18n): the reader's language, plurals, and French typography."""
from __future__ import annotations

import asyncio

import pytest

from touring_dsl.base import i18n


def test_english_reads_the_message_itself_and_loads_no_catalogue():
    with i18n.reading("en"):
        assert i18n._("Your hand") == "Your hand"
        assert i18n.ngettext("{n} card", "{n} cards", 1) == "{n} card"
        assert i18n.ngettext("{n} card", "{n} cards", 0) == "{n} cards"


def test_french_plurals_take_zero_and_one_as_singular():
    tr = i18n.translations("fr")
    assert tr.plural(0) == 0 and tr.plural(1) == 0 and tr.plural(2) == 1


def test_reading_is_undone_after_its_block_and_unknown_codes_are_refused():
    assert i18n.language() == "en"
    with i18n.reading("fr-CA"):
        assert i18n.language() == "fr"
    assert i18n.language() == "en"
    with pytest.raises(i18n.UnknownLanguage, match="'tlh'.*en \\(English\\), fr \\(Français\\)"):
        i18n.check_language("tlh")


def test_two_concurrent_readers_never_see_each_other_s_language():
    async def reader(code, seen):
        with i18n.reading(code):
            await asyncio.sleep(0.01)
            seen.append((code, i18n.language()))

    async def both():
        seen = []
        await asyncio.gather(reader("fr", seen), reader("en", seen))
        return seen

    assert sorted(asyncio.run(both())) == [("en", "en"), ("fr", "fr")]


@pytest.mark.parametrize("header, expected", [
    ("fr-FR,fr;q=0.9,en;q=0.8", "fr"),
    ("en-GB,en;q=0.9,fr;q=0.8", "en"),
    ("de-DE,de;q=0.9,fr;q=0.5", "fr"),
    ("de, it", "en"),
    ("fr;q=0.2, en;q=0.9", "en"),
    ("fr;q=nonsense, en", "en"),
    ("", "en"),
])
def test_the_browser_s_language_is_its_first_one_we_speak(header, expected):
    assert i18n.accepted_language(header) == expected


def test_a_variant_reads_in_its_edition_s_language_unless_the_reader_chooses():
    assert i18n.reader_language("fr") == "fr"
    assert i18n.reader_language("fr", "en") == "en"
    assert i18n.reader_language("en", "FR") == "fr"


@pytest.mark.parametrize("text, expected", [
    ("Attention : la pile !", "Attention\u00a0: la pile\u202f!"),
    ("Qui joue?", "Qui joue\u202f?"),
    ("« Coup fourré »", "«\u00a0Coup fourré\u00a0»"),
    ("à 10:30, voir https://example.org", "à 10:30, voir https://example.org"),
    ("Score: 700 ; fin.", "Score\u00a0: 700\u202f; fin."),
])
def test_french_typography_puts_its_spaces_before_double_marks(text, expected):
    assert i18n.typography(text, "fr") == expected
    assert i18n.typography(text, "en") == text
