"""Web stage, real browser: two seats in two Chromium contexts play whole games through `touring serve`.

The system's chromium is driven by Playwright (never a downloaded browser build). Each seat plays
web_support.first_move by tapping the page: the first playable card of its hand, then its first play;
a counter (coup fourré) whenever the page offers one; a discard when nothing plays.
"""
from __future__ import annotations

import re


from browser_support import PHONE, browser, needs_chromium, server  # noqa: F401 (fixtures)
from web_support import make_table

pytestmark = needs_chromium


def open_seats(browser, urls, viewport=None):
    pages = []
    for url in urls:
        context = browser.new_context(viewport=viewport) if viewport else browser.new_context()
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
        page.on("console", lambda msg, errors=errors: msg.type == "error" and errors.append(msg.text))
        page.goto(url)
        page.wait_for_selector("#app[data-moves]")
        page.errors = errors
        pages.append(page)
    return pages


def take_turn(page) -> str:
    """Tap the page as first_move says; returns what was done ("counter", "play", "discard", ...)."""
    decision = page.locator("#decision button.move")
    if page.locator("#decision").is_visible() and decision.count():
        counter = page.locator('#decision button.move[data-action="counter"]')
        button = counter.first if counter.count() else decision.first
        action = button.get_attribute("data-action")
        button.click()
        return action
    playable = page.locator("#hand button.card.playable")
    card = playable.first if playable.count() else page.locator("#hand button.card").first
    card.click()
    choice = page.locator('#choices button.move:not([data-action="discard"])')
    if playable.count() and choice.count():
        action = choice.first.get_attribute("data-action")
        choice.first.click()
    else:
        action = "discard"
        page.locator('#choices button.move[data-action="discard"]').first.click()
    if page.locator("#confirm").is_visible():  # a move that forfeits something asks first
        page.locator("#confirm-yes").click()
    return action


def play_to_end(pages, limit=600, asked: list | None = None) -> list[str]:
    """Play the seats' turns to the end; `asked` collects each question answered: its words (the status line's)
    and buttons."""
    done = []
    for _ in range(limit):
        if pages[0].get_attribute("#app", "data-over") == "yes":
            return done
        for seat, page in enumerate(pages):
            if page.get_attribute("#app", "data-to-act") == str(seat):
                before = page.get_attribute("#app", "data-moves")
                if asked is not None and page.locator("#decision").is_visible():
                    asked.append((page.locator("#status").inner_text(),  # the question, said once
                                  page.locator("#decision button.move").all_inner_texts()))
                done.append(take_turn(page))
                page.wait_for_selector(f'#app:not([data-moves="{before}"])', timeout=15000)
                break
        else:
            pages[0].wait_for_timeout(50)
    raise AssertionError(f"the game did not end within {limit} rounds")


def test_two_seats_play_a_whole_1937_game(server, browser):
    table = make_table(server.base, "touring-1937", ["human", "human"], seed=2)
    pages = open_seats(browser, table["seats"])
    done = play_to_end(pages)
    assert len(done) == 79  # the very game first_move plays with seed 2 (tests/test_web_table.py checks it)
    for page in pages:
        assert page.get_attribute("#app", "data-over") == "yes"
        assert "Game over" in page.locator("#status").inner_text()
        assert page.errors == []
    # the finished game, step by step, from the link the seat's page offers at the end
    replay = pages[0]
    replay.locator("#replay-link").click()
    replay.wait_for_selector("#step:has-text('Move 0 of 79')")
    replay.locator("#next").click()
    replay.wait_for_selector("#step:has-text('Move 1 of 79')")
    assert replay.locator("#log li").count() >= 1
    replay.locator("#last").click()
    replay.wait_for_selector("#step:has-text('Move 79 of 79')")


def test_mille_bornes_race_with_a_coup_fourre_on_phones(server, browser):
    table = make_table(server.base, "mille-bornes", ["human", "human"], seed=11, length="race")
    pages = open_seats(browser, table["seats"], viewport=PHONE)
    # the edition's own pile names, and an empty speed pile with the zone that rules while it is empty
    labels = pages[0].locator("#mine figure.pile").evaluate_all("(piles) => piles.map((p) => p.getAttribute('aria-label'))")
    assert labels[:2] == ["Battle pile: empty", "Speed pile: empty, no limit"]
    widest = pages[0].evaluate("Math.max(...[...document.querySelectorAll('svg.face text')]"
                               ".map((t) => t.getBBox().width))")
    assert widest <= 66, f"a card name {widest:.0f} units wide overflows its 70-unit face"  # Puncture-Proof once did
    asked: list = []
    done = play_to_end(pages, asked=asked)
    assert "counter" in done  # a safety shown out of turn against the hazard: the coup fourré
    # every hazard a safety may answer asks its victim in the same words, holding the safety or not;
    # without it, the one button lets the hazard pass
    fourre = [(heading, buttons) for heading, buttons in asked if "may call a coup fourré now" in heading]
    assert any(buttons == ["let it pass"] for _, buttons in fourre)
    assert any(len(buttons) == 2 and buttons[0].startswith("coup fourré with ") and buttons[1] == "let it pass"
               for _, buttons in fourre)
    assert all(heading.startswith("Player ") and heading.endswith(", or let it pass.") for heading, _ in fourre)
    assert "extend" in done  # at 700 km the Extension's question, answered with its button
    log = " ".join(pages[0].locator("#log li").all_text_contents())  # seat 1's own moves said to "you"
    assert re.search("calls? a coup fourré with", log) and "is cancelled" in log  # the edition's word, in the public log
    assert re.search("lets? it pass", log)
    assert re.search("extends? the race to 1000 km", log)
    end = pages[1].locator("#end").inner_text()  # the goal the race had at its end, not the one it began with
    assert "You win!" in end and "The goal was 1000 km." in end
    assert pages[1].locator("#score tr.won td.num").first.inner_text() == "1000"
    for page in pages:
        assert page.errors == []
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the page is {width}px wide on a {PHONE['width']}px phone"


def test_a_card_that_cannot_be_played_says_why_and_the_rulebook_is_a_click_away(server, browser):
    table = make_table(server.base, "touring-1937", ["human", "greedy"], seed=2)
    page, = open_seats(browser, table["seats"][:1])
    blocked = page.locator('#hand button.card:not(.playable)').first
    assert "cannot play:" in blocked.get_attribute("aria-label")
    blocked.focus()
    page.keyboard.press("Enter")  # the hand works from the keyboard
    assert "cannot play:" in page.locator("#why").inner_text()
    with page.context.expect_page() as opened:
        page.locator("#rules-link").click()
    rules = opened.value
    rules.wait_for_load_state()
    assert "Touring" in rules.title() or rules.locator("h1").count() == 1


def test_a_reloaded_seat_rejoins_by_its_link(server, browser):
    table = make_table(server.base, "touring-1937", ["human", "greedy"], seed=3)
    page, = open_seats(browser, table["seats"][:1])
    take_turn(page)
    page.wait_for_selector('#app[data-to-act="0"]:not([data-moves="0"])', timeout=15000)
    hand = page.locator("#hand button.card").all_inner_texts()
    page.reload()
    page.wait_for_selector("#app[data-moves]")
    assert page.locator("#hand button.card").all_inner_texts() == hand


def test_the_host_makes_a_table_in_the_browser_and_a_phone_joins_by_its_link(server, browser):
    context = browser.new_context()
    page = context.new_page()
    errors = []
    page.on("console", lambda msg: "Content Security Policy" in msg.text and errors.append(msg.text))
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.base + "/")
    page.select_option("#edition", "mille-bornes")
    page.fill("#players", "2")
    page.select_option("#seat1", "greedy")
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("#local-only")  # this server listens on 127.0.0.1: the page says no phone reaches it
    assert page.locator("a[data-seat]").count() == 1  # one person, one link; the bot's seat has none
    assert page.locator("figure.qr").count() == 0  # a code of 127.0.0.1 would lead a phone nowhere
    link = page.locator("a[data-seat='0']").get_attribute("href")
    phone = browser.new_context(viewport=PHONE).new_page()
    phone.goto(link)
    phone.wait_for_selector("#hand button.card")
    assert phone.locator("#hand button.card").count() == 7  # six dealt, and the card seat 1 drew to start
    assert all(button.get_attribute("aria-label") for button in phone.locator("#hand button.card").all())
    # a house rule with a mistake: the compiler's located error is shown on the page
    page.goto(server.base + "/")
    page.fill("#source", 'edition "ours" extends "touring-1937" {\n  subtitle\n}\n')
    page.click("#new-table button[type=submit]")
    assert "house-rules.touring:" in page.locator("section.error pre").inner_text()
    assert errors == []
