"""Web stage, the table in French in a real browser: a seat of a mille-bornes-fr table reads every word in
French (the page's own, the server's sentences, the log), the switch changes the language, a language
nobody speaks is ignored, and a French browser reads an English edition's table in French.

The system's chromium is driven by Playwright; screenshots of the French seat at a phone's and a desktop's
width are written beside the test's temporary files (`--basetemp` keeps them) to be looked at.
"""
from __future__ import annotations

import httpx
import pytest

from browser_support import SIZES, browser, needs_chromium, server  # noqa: F401 (fixtures)
from english_words import english_words_in
from test_web_browser import take_turn
from web_support import make_table

pytestmark = needs_chromium

# words the page may show in either language: card names of the edition itself are French already; "km"
ALLOWED = frozenset()


def french_page(browser, url, size="desktop", locale="fr-FR"):
    context = browser.new_context(viewport=SIZES[size], locale=locale)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.on("console", lambda msg: msg.type == "error" and page.errors.append(msg.text))
    page.goto(url)
    page.wait_for_selector("#app[data-moves]")
    return page


def seen_text(page) -> str:
    """Everything a player reads: the page's text, the folded log opened, and the labels a screen reader says."""
    page.evaluate("document.querySelector('details.log-box').open = true")
    labels = page.evaluate("""Array.from(document.querySelectorAll('[aria-label],[title]'))
        .map((e) => (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || '')).join(' ')""")
    return page.inner_text("body") + " " + labels + " " + page.title()


def play_some(page, moves: int) -> None:
    """Play this seat's turns (its opponent is a bot) until `moves` moves are made or the race is over."""
    for _ in range(moves * 4):
        if page.get_attribute("#app", "data-over") == "yes" or int(page.get_attribute("#app", "data-moves")) >= moves:
            return
        if page.get_attribute("#app", "data-to-act") == "0":
            before = page.get_attribute("#app", "data-moves")
            take_turn(page)
            page.wait_for_selector(f'#app:not([data-moves="{before}"])', timeout=15000)
        else:
            page.wait_for_timeout(50)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_french_seat_reads_no_english_word(server, browser, size, tmp_path):
    table = make_table(server.base, "mille-bornes-fr", ["human", "greedy"], seed=5, length="race")
    page = french_page(browser, table["seats"][0], size)
    assert page.get_attribute("html", "lang") == "fr"
    play_some(page, 12)
    page.wait_for_timeout(200)
    text = seen_text(page)
    assert english_words_in(text, ALLOWED) == [], text
    assert "à vous de jouer" in text.lower() or "à joueur 2 de jouer" in text.lower()
    assert page.errors == []
    page.screenshot(path=str(tmp_path / f"french-seat-{size}.png"), full_page=True)


def test_the_switch_changes_the_language_and_is_kept(server, browser):
    table = make_table(server.base, "mille-bornes-fr", ["human", "greedy"], seed=5, length="race")
    page = french_page(browser, table["seats"][0])
    page.click("a.lang-switch[hreflang=en]")
    page.wait_for_selector("#app[data-moves]")
    page.wait_for_function("document.getElementById('status').textContent.indexOf('Connecting') < 0")
    assert page.get_attribute("html", "lang") == "en"
    assert "Your hand" in page.inner_text("#hand-title")
    page.goto(table["seats"][0])  # no parameter: the cookie keeps the reader's choice
    page.wait_for_selector("#app[data-moves]")
    assert page.get_attribute("html", "lang") == "en"
    assert page.locator("a.lang-switch[hreflang=fr]").count() == 1


def test_a_language_nobody_speaks_is_ignored_safely(server):
    table = make_table(server.base, "mille-bornes-fr", ["human", "greedy"], seed=5, length="race")
    url = table["seats"][0]
    for bad in ('"><script>alert(1)</script>', "xx", "../../etc", "f" * 500):
        response = httpx.get(url, params={"lang": bad}, cookies={"touring_lang": bad})
        assert response.status_code == 200
        assert 'lang="fr"' in response.text  # the edition's language, the bad choice neither used nor echoed
        assert "<script>alert" not in response.text
        assert "touring_lang" not in response.headers.get("set-cookie", "")


def test_a_french_browser_reads_an_english_edition_in_french(server, browser):
    table = make_table(server.base, "mille-bornes", ["human", "greedy"], seed=5, length="race")
    page = french_page(browser, table["seats"][0])
    assert page.get_attribute("html", "lang") == "fr"
    assert page.inner_text("#hand-title").startswith("Votre main")
    english = french_page(browser, table["seats"][0], locale="en-US")
    assert english.get_attribute("html", "lang") == "en"
    assert english.inner_text("#hand-title").startswith("Your hand")


def visible(html: str) -> str:
    """A page's text as read: tags, the code a host types and the addresses left out."""
    import re

    html = re.sub(r"<code>.*?</code>|<textarea.*?</textarea>|<(script|style).*?</\1>", " ", html, flags=re.S)
    html = re.sub(r'<select id="(party-)?edition".*?</select>', " ", html, flags=re.S)  # the editions' titles are names
    return re.sub(r"https?://\S+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_new_table_form_and_the_host_page_speak_french_to_a_french_browser(server):
    french = {"accept-language": "fr-FR,fr;q=0.9,en;q=0.5"}
    form = httpx.get(server.base + "/", headers=french)
    assert '<html lang="fr">' in form.text and "Préparer la table" in form.text
    # the archive's own titles and ids are names ("Touring", "mille-bornes"), and the bots' names are theirs
    names = frozenset({"touring", "greedy", "expert", "scorer", "ismcts", "rollout", "random", "easy", "medium",
                       "hard"})
    assert english_words_in(visible(form.text), names | {"progressive"}) == [], visible(form.text)
    table = make_table(server.base, "mille-bornes-fr", ["human", "greedy"], seed=5, length="race")
    host = httpx.get(table["host"], headers=french)
    assert '<html lang="fr">' in host.text and "la table est prête" in host.text
    assert english_words_in(visible(host.text), names) == [], visible(host.text)
    english = httpx.get(table["host"], headers={"accept-language": "en-GB,en;q=0.8"})
    assert "the table is ready" in english.text
