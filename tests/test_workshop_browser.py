"""Web stage, real browser: the workshop page in the system Chromium. An author starts a house rule, types a
mistake and sees it underlined with its message, applies the quick fix, sees the rulebook pane change, runs
the examples (marked on their lines) and starts a table from the rule; the page fits a phone and a desktop.

Screenshots are written to the folder TOURING_SCREENSHOTS names (none when it is not set)."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from browser_support import assert_fits, browser, needs_chromium, open_page, server  # noqa: F401

pytestmark = needs_chromium

MISTAKE = '\ndeck {\n    change card "Gasolene" count 11\n}\n'


def shoot(page, name: str) -> None:
    folder = os.environ.get("TOURING_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"workshop-{name}.png"))


def start_draft(browser, server, size):  # noqa: F811
    page = open_page(browser, server.base + "/workshop", size, wait="#new-draft")
    page.select_option("#edition", "touring-1937")
    page.click("#new-draft button[type=submit]")
    page.wait_for_selector("#workshop[data-ready=yes]")
    page.wait_for_selector('#check-status[data-state="ok"]')
    page.wait_for_selector("#pane-rulebook article.rulebook")
    return page


def type_at_end(page, text: str) -> None:
    page.click(".cm-content")
    page.keyboard.press("Control+End")
    page.keyboard.insert_text(text)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_an_author_mends_a_mistake_sees_the_rulebook_and_plays_the_rule(browser, server, size):  # noqa: F811
    page = start_draft(browser, server, size)
    assert_fits(page, size, "the workshop")
    shoot(page, f"{size}-start")
    before = page.inner_text("#pane-rulebook")
    assert "11 Gasoline" not in before and "Gasoline" in before

    type_at_end(page, MISTAKE)  # a card the parent does not have: "Gasolene"
    page.wait_for_selector('#check-status[data-state="errors"]')
    assert page.locator("#panes-note").is_visible()  # the rulebook shown is the last one that compiled
    underline = page.locator(".cm-lintRange-error")
    underline.first.wait_for()
    assert underline.first.inner_text() == '"Gasolene"'  # the misspelt name is what is underlined
    problem = page.locator("#problems li.problem.error").first
    assert 'cannot change card "Gasolene"' in problem.inner_text()
    underline.first.hover()
    tooltip = page.locator(".cm-tooltip-lint")
    tooltip.wait_for()
    assert 'cannot change card "Gasolene"' in tooltip.inner_text()
    assert 'Change to "Gasoline"' in tooltip.inner_text()  # the language server's quick fix, where the mistake is
    shoot(page, f"{size}-mistake")
    assert_fits(page, size, "the workshop with a mistake shown")

    page.mouse.move(0, 0)
    problem.locator("button.fix").click()  # the quick fix
    page.wait_for_selector('#check-status[data-state="ok"]')
    assert 'change card "Gasoline" count 11' in page.inner_text(".cm-content")
    assert not page.locator("#panes-note").is_visible()
    page.wait_for_selector('#workshop[data-saved="yes"]')  # the draft is kept on the server as it now reads
    kept = page.request.get(page.url + "/file").text()
    assert 'change card "Gasoline" count 11' in kept and "Gasolene" not in kept
    assert page.locator(".cm-lintRange-error").count() == 0
    page.wait_for_function("before => document.querySelector('#pane-rulebook').innerText !== before", arg=before)
    after = page.inner_text("#pane-rulebook")
    assert after != before
    assert re.search(r"11\s+(Gasoline|cards)|Gasoline[^\n]*11", after), "the rulebook counts the new Gasoline cards"

    page.click("#tab-diff")
    page.wait_for_selector("#pane-diff .changes")
    assert '"Gasoline": 11 in the deck' in page.inner_text("#pane-diff")

    page.click("#tab-examples")
    page.wait_for_selector("#examples-list li")
    summary = page.inner_text("#examples-summary")
    assert re.match(r"\d+ passed, 0 failed", summary), summary
    own = page.locator("#examples-list li", has_text="(line ")
    assert own.count() >= 1  # the template's own example, with its line
    line = int(re.search(r"\(line (\d+)\)", own.first.inner_text()).group(1))
    marks = page.locator(".cm-example-gutter .example-pass")
    marks.first.wait_for()
    shoot(page, f"{size}-examples")
    assert_fits(page, size, "the workshop's examples")
    own.first.locator("button.link").click()  # goes to the example's line: its mark is in view beside it
    numbers = page.locator(".cm-lineNumbers .cm-gutterElement", has_text=re.compile(rf"^{line}$"))
    assert numbers.count() == 1 and marks.count() >= 1

    page.click("#tab-play")
    page.select_option("#play-players", "2")
    page.click("#play-it")
    page.wait_for_url(re.compile(r"/h/"))
    assert "the table is ready" in page.inner_text("h1")
    seats = page.locator("a[data-seat]")
    assert seats.count() == 2
    assert page.errors == []


def test_a_balance_run_shows_its_progress_and_its_figure(browser, server):  # noqa: F811
    page = start_draft(browser, server, "desktop")
    page.click("#tab-balance")
    page.fill("#balance-games", "20")
    page.select_option("#balance-second", "random")
    page.click("#run-balance")
    page.wait_for_selector("#balance-result table.numbers", timeout=90_000)
    text = page.inner_text("#balance-result")
    assert "Games\t20" in text or "Games 20" in text or re.search(r"Games\s+20", text)
    assert "Skill check" in text
    figure = page.locator("img.balance-figure")
    assert figure.evaluate("img => img.naturalWidth") > 0
    shoot(page, "desktop-balance")
    assert_fits(page, "desktop", "the balance pane")
    assert page.errors == []


def test_the_editor_completes_card_names_and_says_what_a_card_is(browser, server):  # noqa: F811
    page = start_draft(browser, server, "desktop")
    type_at_end(page, '\ndeck {\n    change card "Gas')
    page.keyboard.press("Control+Space")
    options = page.locator(".cm-tooltip-autocomplete li")
    options.first.wait_for()
    assert any(text.startswith("Gasoline") for text in options.all_inner_texts())  # with its count and kind
    options.filter(has_text="Gasoline").first.click()
    page.wait_for_selector(".cm-tooltip-autocomplete", state="detached")
    page.keyboard.insert_text(' count 9\n}\n')  # the completion closed the quote (none was typed)
    assert 'change card "Gasoline" count 9' in page.inner_text(".cm-content")
    page.wait_for_selector('#check-status[data-state="ok"]')
    name = page.locator(".cm-line", has_text='change card "Gasoline" count 9').locator("text=Gasoline").first
    name.hover()
    words = page.locator(".hover-words")
    words.wait_for()
    assert words.inner_text().startswith("Gasoline: remedy, 9 in the pack")  # the language server's hover
    type_at_end(page, "ex")  # a word typed between sections: the keywords the parser expects there
    page.locator(".cm-tooltip-autocomplete li", has_text="example").first.wait_for()
    offered = page.locator(".cm-tooltip-autocomplete li").all_inner_texts()
    assert "extends" not in offered  # a word of the header, which the parser does not expect here
    page.keyboard.press("Escape")
    page.keyboard.press("Backspace")
    page.keyboard.press("Backspace")
    page.keyboard.insert_text(FAILING)
    page.click("#tab-examples")
    page.locator("#examples-list li.example-fail").first.wait_for()
    assert "1 failed" in page.inner_text("#examples-summary")
    page.locator(".cm-example-gutter .example-fail").first.wait_for()  # a cross beside the failing example
    assert page.errors == []


FAILING = '''
example "A Go card is no mileage" {
    given {
        hand 1 "Go"
    }
    play "Go"
    expect {
        side 1 miles 25
    }
}
'''
