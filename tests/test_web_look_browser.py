"""Web stage, real browser: the pages as a player sees them at a phone's width (390 px) and a desktop's (1280 px).

No page scrolls sideways (the host form, the seat, spectator, replay and host pages, a party's host page,
the error pages); the host form shows one seat picker per player; the card faces pair each hazard with the
remedy that answers it and print each name once; the card just played is marked and brought in, with no
motion for a system that asks for less; the end of a game says who won and gives each side's distance and
points. The system's chromium is driven by Playwright, as in test_web_browser.py.
"""
from __future__ import annotations

import time

import httpx
import pytest

from touring_dsl.language.archive import load
from browser_support import SIZES, assert_fits, browser, needs_chromium, open_page, server  # noqa: F401 (fixtures)
from web_support import make_table

pytestmark = needs_chromium
# counts the animations a page starts, so a test can tell motion from none without timing anything
COUNT_ANIMATIONS = ("window.animationsStarted = 0; const animate = Element.prototype.animate;"
                    "Element.prototype.animate = function (...args) { window.animationsStarted += 1;"
                    " return animate.apply(this, args); };")


@pytest.fixture(scope="module")
def finished(server):
    """A Mille Bornes race two bots play to its end as soon as the table is made."""
    table = make_table(server.base, "mille-bornes", ["greedy", "greedy"], seed=5, length="race")
    for _ in range(1200):  # (a wait for the end, not a measure of speed)
        if httpx.get(table["spectator"].replace("/w/", "/api/replay/")).status_code == 200:
            return table
        time.sleep(0.1)
    raise AssertionError("the bots did not finish their race within two minutes")



def capitalised(text):
    return text[:1].upper() + text[1:]



@pytest.mark.parametrize("size", SIZES)
def test_no_page_scrolls_sideways(server, browser, finished, size):
    form = open_page(browser, server.base + "/", size, wait=None)
    assert_fits(form, size, "the host form")
    form.fill("#source", 'edition "ours" extends "touring-1937" {\n  subtitle "' + "x" * 300 + '"\n  oops\n}\n')
    form.click("#new-table button[type=submit]")
    form.wait_for_selector("section.error pre")
    assert_fits(form, size, "the host form's error")
    form.fill("#names", "Ann")  # a party needs more players: its error is shown under the party form
    form.click("#new-party button[type=submit]")
    form.wait_for_selector("#party-title ~ section.error")
    assert_fits(form, size, "the party form's error")
    refused = open_page(browser, server.base + "/s/" + "no-such-seat" * 5, size, wait=None)
    assert "No such table" in refused.inner_text("h1")
    assert_fits(refused, size, "the refusal page")
    party = open_page(browser, server.base + "/", size, wait=None)
    party.fill("#names", "Annabelle-Marguerite, Bartholomew, Cat, Dan")
    party.click("#new-party button[type=submit]")
    party.wait_for_selector("#standings")
    assert_fits(party, size, "the party's host page")
    table = make_table(server.base, "touring-1937", ["human", "greedy", "greedy", "greedy"], seed=3)
    for url, what in ((table["host"], "the table's host page"), (table["seats"][0], "a seat of four"),
                      (table["spectator"], "the spectator's page")):
        page = open_page(browser, url, size, wait=None if url == table["host"] else "#app[data-moves]")
        assert_fits(page, size, what)
        assert page.errors == []
    ended = open_page(browser, finished["spectator"], size, wait="#end:not([hidden])")
    assert_fits(ended, size, "a finished game")
    replay = open_page(browser, finished["spectator"].replace("/w/", "/r/"), size, wait="#step:has-text('Move 0')")
    replay.locator("#last").click()  # the replay's last step: the end, as the game's own page shows it
    replay.wait_for_selector("#end:not([hidden])")
    assert_fits(replay, size, "the replay")
    assert ended.errors == [] and replay.errors == []


def test_the_host_form_shows_a_seat_picker_for_each_player(server, browser):
    form = open_page(browser, server.base + "/", "phone", wait=None)
    visible = form.locator(".seat-choice:visible")
    assert visible.count() == 2  # two players by default: two pickers, not eight
    form.fill("#players", "4")
    assert visible.count() == 4
    assert form.locator("#edition").bounding_box()["width"] <= SIZES["phone"]["width"]
    form.select_option("#seat2", "human")
    form.select_option("#seat3", "expert")
    form.click("#new-table button[type=submit]")
    form.wait_for_selector("#local-only")
    assert form.locator("a[data-seat]").count() == 3  # three people, three links; the expert bot has none


@pytest.mark.parametrize("edition", ["mille-bornes", "touring-1937", "touring-reprint"])
def test_each_hazard_and_the_remedy_that_answers_it_wear_the_same_pictogram(server, browser, edition):
    """Drawn from the edition's chains: a remedy's face bears its hazard's pictogram (another colour), a
    safety's the pictograms of what it guards against, a counter card's those of what it cancels; every
    name is printed once on its face."""
    ruleset = load(edition)
    table = make_table(server.base, edition, ["human", "greedy"], seed=11)
    page = open_page(browser, table["seats"][0], "phone")
    glyphs = page.evaluate("""(names) => Object.fromEntries(names.map((name) => {
        const face = window.TouringFaces.face(name);
        return [name, {glyphs: [...face.querySelectorAll('g path')].map((p) => p.getAttribute('d')),
                       fill: face.querySelector('rect').getAttribute('fill'), text: face.textContent}];
    }))""", [card.name for card in ruleset.deck])
    pairs = [(chain.hazard, chain.steps[0]) for chain in ruleset.delays.chains
             if ruleset.card(chain.steps[0]).kind == "remedy"]
    assert pairs
    for hazard, remedy in pairs:
        assert glyphs[hazard]["glyphs"] and glyphs[hazard]["glyphs"] == glyphs[remedy]["glyphs"], (hazard, remedy)
        assert glyphs[hazard]["fill"] != glyphs[remedy]["fill"]
    hazards = [card.name for card in ruleset.deck if card.kind == "hazard"]
    assert len({tuple(glyphs[name]["glyphs"]) for name in hazards}) == len(hazards)  # no two hazards alike
    for card in ruleset.deck:
        if card.kind in ("safety", "counter"):
            guarded = card.against if card.kind == "safety" else card.counters
            assert {tuple(glyphs[h]["glyphs"]) for h in guarded if h in hazards} == \
                {(d,) for d in glyphs[card.name]["glyphs"]}, card.name
        assert glyphs[card.name]["text"].replace(" ", "").count(card.name.replace(" ", "")) == 1, card.name
    for button in page.locator("#hand button.card").all():  # the hand's cards: the name once, on the face
        name = button.get_attribute("data-card")
        assert button.text_content().replace(" ", "").count(name.replace(" ", "")) == 1, name


@pytest.mark.parametrize("reduced", [False, True])
def test_the_card_just_played_is_marked_and_moves_in_unless_motion_is_reduced(server, browser, reduced):
    table = make_table(server.base, "touring-1937", ["human", "human"], seed=2)
    mover = open_page(browser, table["seats"][0], "phone", reduced=reduced, init_script=COUNT_ANIMATIONS)
    other = open_page(browser, table["seats"][1], "desktop", reduced=reduced, init_script=COUNT_ANIMATIONS)
    mover.locator("#hand button.card.playable").first.click()
    button = mover.locator('#choices button.move:not([data-action="discard"])').first
    card = button.get_attribute("data-card")
    button.click()
    for page in (mover, other):
        page.wait_for_selector('#app:not([data-moves="0"])')
        marked = page.locator(".table-card.just-played")
        assert marked.count() == 1 and marked.get_attribute("data-card") == card
        started = page.evaluate("window.animationsStarted")
        assert started == 0 if reduced else started == 1
        assert page.errors == []


def test_the_end_of_a_game_says_who_won_with_each_sides_distance_and_points(browser, finished):
    page = open_page(browser, finished["spectator"], "phone", wait="#end:not([hidden])")
    end = page.locator("#end")
    winner = page.locator("#score tr.won td").nth(1).inner_text()  # the winning side's players
    assert end.locator("h2").inner_text() == capitalised(winner) + " wins!"
    assert page.locator("body").inner_text().count("Game over") == 1
    heads = page.locator("#score th").all_inner_texts()
    assert heads == ["Side", "Players", "Km", "Points"]
    rows = page.locator("#score tbody tr")
    assert rows.count() == 2
    assert page.locator("#score tr.won").count() == 1
    goal = "1000 km" if "extends the race" in " ".join(page.locator("#log li").all_text_contents()) else "700 km"
    assert f"The goal was {goal}." in end.inner_text()
    for row in rows.all():
        km, points = (int(cell) for cell in row.locator("td.num").all_inner_texts())
        assert km <= int(goal.split()[0]) and points >= km  # Mille Bornes: a point a km, more for the rest
    again = page.locator("form.again")
    assert again.get_attribute("method") == "post"
    assert again.get_attribute("action") == "/again/" + finished["spectator"].rsplit("/", 1)[1]
    assert page.errors == []


@pytest.mark.parametrize("size", SIZES)
def test_the_page_refusing_another_game_fits_and_leads_back(server, browser, size):
    """"Play again" posted for a game still being played: a page in words, with a way back, that fits."""
    table = make_table(server.base, "touring-1937", ["human", "human"], seed=3)
    page = open_page(browser, table["seats"][0], size)
    token = table["seats"][0].rsplit("/", 1)[1]
    page.evaluate("""(token) => { const form = document.createElement("form"); form.method = "post";
                      form.action = "/again/" + token; document.body.appendChild(form); form.submit(); }""", token)
    page.wait_for_selector("p[role=alert]")
    assert "not over" in page.inner_text("p[role=alert]")
    assert_fits(page, size, "the page refusing another game")
    page.click("text=Back to the table")
    page.wait_for_selector("#app[data-moves]")


def test_every_seat_starts_as_a_person_so_four_phones_need_no_change(server, browser):
    """A family with four phones sets the number of players and presses the button: four links, no bot."""
    form = open_page(browser, server.base + "/", "phone", wait=None)
    form.fill("#players", "4")
    assert [form.input_value(f"#seat{seat}") for seat in range(4)] == ["human"] * 4
    form.click("#new-table button[type=submit]")
    form.wait_for_selector("#local-only")
    assert form.locator("a[data-seat]").count() == 4
