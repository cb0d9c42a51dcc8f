"""Web stage, real browser: a Mille Bornes match between races (issue 28, point 13), at a phone's width (390 px)
and a desktop's (1280 px). The race is played to its end before the server starts (so the server also reloads
a match from its folder); the seat and the spectator see the score sheet with the edition's terms, the race's
and the match's totals; the seat's "Deal race 2" deals the next race to both. System chromium, as in
test_web_browser.py."""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from touring_dsl.web.channel import Hub
from touring_dsl.web.store import TableStore
from browser_support import SIZES, browser, needs_chromium, open_page  # noqa: F401 (fixtures)
from web_support import Server, first_move

pytestmark = needs_chromium
HOUSE = Path(__file__).resolve().parents[1] / "editions" / "house" / "match-1937.touring"
TERMS = ["1 point per km", "100 points per safety in play", "300 points per coup fourré",
         "400 points for completing the race", "200 points for an extension, to its caller who completes it, else to each opponent of the caller",
         "500 points for completing the race while no opponent has any mileage"]


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    """Two Mille Bornes matches, one per screen size, each with its first race played to the end; then the server."""
    data = tmp_path_factory.mktemp("tables")
    store = TableStore(data)
    made = {}
    for size in SIZES:
        table = store.create(2, ["human", "human"], "mille-bornes", seed=11, match=True)
        while not table.game.is_over:
            table.commit(table.game.to_act, first_move(table.game))
        made[size] = {"seat": table.meta["tokens"][0], "spectator": table.meta["spectator"],
                      "totals": [str(s.total) for s in table.match.races[0]]}
    bots = store.create(2, ["greedy", "greedy"], upload=HOUSE.read_text(encoding="utf-8"), seed=11, match=True)
    asyncio.run(Hub(store, 0).play_on(bots))  # a match to 500 points, every race dealt by the bots themselves
    made["ended"] = {"spectator": bots.meta["spectator"], "totals": [str(t) for t in bots.match.totals],
                     "races": bots.race, "winner": bots.match.winner}
    store.close()
    server = Server(data).start()
    yield server, made
    server.stop()



@pytest.mark.parametrize("size", list(SIZES))
def test_the_score_sheet_shows_between_races_and_next_race_deals_the_next(tables, browser, size):
    server, made = tables
    table = made[size]
    seat = open_page(browser, f"{server.base}/s/{table['seat']}", size)
    screen = open_page(browser, f"{server.base}/w/{table['spectator']}", size)
    for page in (seat, screen):
        page.wait_for_selector("#sheet")
        assert page.locator("#sheet caption").inner_text() == "Score sheet, race 1"
        terms = page.locator("#sheet tbody th").all_inner_texts()
        assert all(term in terms for term in TERMS), terms
        race, match = page.locator("#sheet tfoot tr").all()
        assert race.locator("th").inner_text() == "Race 1" and race.locator("td").all_inner_texts() == table["totals"]
        assert match.locator("th").inner_text() == "Match, to 5000"
        assert match.locator("td").all_inner_texts() == table["totals"]
        assert page.locator("#play-again").count() == 0  # the match goes on
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= SIZES[size]["width"], f"the page is {width}px wide at {SIZES[size]['width']}px"
    assert screen.locator("#next-race").count() == 0
    assert "Waiting for a player to deal race 2" in screen.inner_text("#end")
    seat.locator("#next-race").click()
    for page in (seat, screen):
        page.wait_for_selector('#app[data-race="2"][data-over="no"]')
        assert page.locator("#end").is_hidden()
        line = page.locator("#match-line").inner_text()
        assert line.startswith("Race 2 of a match to 5000 points") and table["totals"][0] in line
        assert page.errors == []
    assert seat.locator("#hand button.card").count() == 6  # seat 2 leads race 2: seat 1 waits with six cards


@pytest.mark.parametrize("size", list(SIZES))
def test_the_end_of_a_match_gives_its_winner_and_final_totals_and_play_again(tables, browser, size):
    server, made = tables
    ended = made["ended"]
    page = open_page(browser, f"{server.base}/w/{ended['spectator']}", size)
    page.wait_for_selector("#sheet")
    winner = f"player {ended['winner'] + 1} (greedy) wins the match!"
    assert page.locator("#end-title").inner_text() == winner[0].upper() + winner[1:]
    final = page.locator("#end p.final").inner_text()
    assert final.startswith(f"Final totals after {ended['races']} races:")
    assert all(total in final for total in ended["totals"])
    assert page.locator("#sheet tfoot tr.match-total td").all_inner_texts() == ended["totals"]
    assert page.locator("#play-again").count() == 1 and page.locator("#next-race").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    assert page.errors == []
