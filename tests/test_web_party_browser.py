"""Web stage, real browser: one player followed through a party's evening at a phone's width (390 px) and a
desktop's (1280 px). The player opens their evening link, takes their seat in round 1; the host sounds the
signal on their own page and confirms it; the player's seat page moves on by itself to their evening page,
which leads them to their seat in round 2. No page scrolls sideways. The system's chromium is driven by
Playwright, as in test_web_browser.py.
"""
from __future__ import annotations

import re
from html import unescape

import httpx
import pytest

from browser_support import SIZES, assert_fits, browser, needs_chromium, open_page, server  # noqa: F401 (fixtures)

pytestmark = needs_chromium
NAMES = "Annabelle-Marguerite, Bartholomew, Cat, Dan"


def new_party(base: str) -> tuple[str, dict[str, str]]:
    """A party of four over two rounds, set up through the form: its host page and each player's evening link."""
    made = httpx.post(base + "/parties", data={"edition": "touring-1937", "names": NAMES, "rounds": "2"},
                      headers={"origin": base}, follow_redirects=False)
    assert made.status_code == 303, made.text
    host = base + made.headers["location"]
    page = httpx.get(host).text
    found = re.findall(r'<a href="([^"]+)" data-evening="([^"]+)"', page)
    links = {unescape(name): unescape(url) for url, name in found}
    return host, links




@pytest.mark.parametrize("size", SIZES)
def test_a_player_is_led_from_their_round_one_seat_to_their_round_two_seat(server, browser, size):
    host_url, links = new_party(server.base)
    player = open_page(browser, links["Annabelle-Marguerite"], size, wait=None)
    assert "Round 1 of 2: table" in player.inner_text("#where")
    assert_fits(player, size, "the evening page in round 1")
    player.click("#take-seat")
    player.wait_for_selector("#app[data-moves]")
    first_seat = player.url
    assert "/s/" in first_seat and "Annabelle-Marguerite" in player.inner_text("#title")
    assert "Round 1, table" in player.inner_text("#evening-link")
    assert_fits(player, size, "the seat in round 1")

    host = open_page(browser, host_url, size, wait=None)
    assert_fits(host, size, "the party's host page")
    assert "round 1 ends" in host.inner_text("#signal")
    host.click("#signal")
    host.wait_for_selector("#confirm-signal")
    assert "Sound the signal for round 1?" in host.inner_text("h1")
    assert_fits(host, size, "the signal's confirmation")
    assert "/s/" in player.url  # nothing has moved before the host confirms
    host.click("#confirm-signal")
    host.wait_for_selector("#round:has-text('Round 2 of 2')")

    player.wait_for_url("**/pl/**")  # the seat page followed its own evening link
    assert player.url == links["Annabelle-Marguerite"]
    assert "Round 2 of 2: table" in player.inner_text("#where")
    assert "Round 1 is over" in player.inner_text("#last-round")
    assert player.locator("#standings tr.me").count() == 1
    assert_fits(player, size, "the evening page in round 2")
    player.click("#take-seat")
    player.wait_for_selector("#app[data-moves]")
    assert "/s/" in player.url and player.url != first_seat
    assert "Round 2, table" in player.inner_text("#evening-link")
    assert player.get_attribute("#app", "data-over") == "no"
    assert_fits(player, size, "the seat in round 2")
    assert player.errors == [] and host.errors == []
