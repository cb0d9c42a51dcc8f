"""Web stage, real browser: the seat page laid out for play (QA report over issue 28, points 3-6, 9-11, 13, 14,
19, 20). Each scene is a real position: tables made in this process and played with web_support.first_move,
then served by a `touring serve` of this module's own that loads them, so a page opens on the very moment a
test looks at (the start, a hazard waiting for its victim's answer, the move before the end, a finished game).
What is measured is where things are (bounding boxes, what the screen shows at a point) and what they say."""
from __future__ import annotations

import re

import httpx
import pytest

from browser_support import CHROMIUM, browser, needs_chromium, open_page  # noqa: F401 (fixtures)
from test_web_browser import take_turn
from touring_dsl.web.store import TableStore
from web_support import Server, first_move

pytestmark = needs_chromium
PHONES = {"390x844": {"width": 390, "height": 844}, "360x640": {"width": 360, "height": 640}}
DESKTOP = {"width": 1280, "height": 800}


def finish(table, limit=2000) -> int:
    """Plays the table to its end with first_move; returns the number of moves made."""
    for made in range(limit):
        if table.game.is_over:
            return made
        table.commit(table.game.to_act, first_move(table.game))
    raise AssertionError("the game did not end")


def play(table, moves: int) -> None:
    for _ in range(moves):
        table.commit(table.game.to_act, first_move(table.game))


def until_a_hazard_waits(table, limit=400) -> None:
    """first_move until a hazard can be played on another side; that hazard is played, and waits for its
    victim's answer (the counter question)."""
    for _ in range(limit):
        game = table.game
        hazards = [m for m in game.legal_moves() if m.card and game.ruleset.card(m.card).kind == "hazard"
                   and m.target is not None and m.target != game.side_of(game.to_act)]
        if hazards:
            table.commit(game.to_act, hazards[0])
            if game.view(0).pending is not None:
                return
        else:
            table.commit(game.to_act, first_move(game))
    raise AssertionError("no hazard was played")


@pytest.fixture(scope="module")
def scenes(tmp_path_factory):
    data = tmp_path_factory.mktemp("tables")
    store = TableStore(data)
    made = {}
    made["mb-start"] = store.create(2, ["human", "human"], "mille-bornes", seed=11)
    made["t37-start"] = store.create(2, ["human", "human"], "touring-1937", seed=2)
    made["four"] = store.create(4, ["human"] * 4, "mille-bornes", seed=3)
    made["question"] = store.create(2, ["human", "human"], "mille-bornes", seed=11)
    until_a_hazard_waits(made["question"])
    length = finish(store.create(2, ["human", "human"], "mille-bornes", seed=5))
    made["last"] = store.create(2, ["human", "human"], "mille-bornes", seed=5)
    play(made["last"], length - 1)
    made["done"] = store.create(2, ["human", "human"], "mille-bornes", seed=5)
    finish(made["done"])
    server = Server(data).start()
    links = {name: {"seats": [f"{server.base}/s/{token}" for token in table.meta["tokens"]],
                    "spectator": f"{server.base}/w/{table.meta['spectator']}", "table": table}
             for name, table in made.items()}
    links["base"] = server.base
    yield links
    server.stop()



def seen(page, selector) -> list[dict]:
    """Each element's box, and whether the screen shows it at its centre (not covered by anything else)."""
    return page.locator(selector).evaluate_all("""(nodes) => nodes.map((node) => {
        const box = node.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return {top: box.top, bottom: box.bottom, left: box.left, right: box.right, width: box.width,
                shown: hit !== null && (node === hit || node.contains(hit))};
    })""")


def in_view(box, viewport) -> bool:
    return box["top"] >= 0 and box["bottom"] <= viewport["height"] and box["left"] >= 0 and box["right"] <= viewport["width"]


@pytest.mark.parametrize("phone", PHONES)
@pytest.mark.parametrize("scene", ["mb-start", "t37-start"])
def test_on_a_phone_your_side_and_your_whole_first_row_of_cards_are_in_view_at_the_start(browser, scenes, scene, phone):
    viewport = PHONES[phone]
    page = open_page(browser, scenes[scene]["seats"][0], viewport)
    assert page.evaluate("window.scrollY") == 0
    for what in ("#mine .go-pile .table-card", "#mine .progress .miles"):
        box, = seen(page, what)
        assert in_view(box, viewport) and box["shown"], f"{what} is not in view on a {phone} phone: {box}"
    if page.locator("#mine .zone-pile").count():
        box, = seen(page, "#mine .zone-pile .table-card")
        assert in_view(box, viewport) and box["shown"], f"the zone pile is not in view on a {phone} phone: {box}"
    cards = seen(page, "#hand button.card")
    row = [card for card in cards if card["left"] >= 0 and card["right"] <= viewport["width"]]
    assert len(row) >= 4, f"only {len(row)} cards of the hand are on a {phone} screen"
    for card in row:  # one row, each card whole, on screen and tappable (the rest are a sideways swipe away)
        assert in_view(card, viewport) and card["shown"], card
        assert card["width"] >= 60 and abs(card["top"] - row[0]["top"]) < 1
    hand = page.locator("#hand").evaluate("(hand) => [hand.scrollWidth > hand.clientWidth, getComputedStyle(hand).overflowX]")
    assert hand == [len(row) < len(cards), "auto"]
    if phone == "390x844":  # and the other side above, not covered by yours
        box, = seen(page, "#others .go-pile .table-card")
        assert in_view(box, viewport) and box["shown"], box
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert page.errors == []


def test_a_partnerships_hands_are_counted_per_player(browser, scenes):
    page = open_page(browser, scenes["four"]["seats"][0], PHONES["390x844"])
    mine = page.locator("#mine .hand-size").inner_text()
    game = scenes["four"]["table"].game
    partner, = (s for s in game.view(0).sides[game.side_of(0)].seats if s != 0)
    sizes = game.view(0).hand_sizes
    assert mine == f"In hand: {sizes[0]} (you), {sizes[partner]} (player {partner + 1})"  # not their sum
    assert page.title() == "Mille Bornes: seat 1" and page.locator("#title").inner_text() == "Mille Bornes: seat 1"


@pytest.mark.parametrize("size", ["390x844", "360x640", "desktop"])
def test_a_hazard_waiting_for_an_answer_lies_on_its_victims_pile_and_the_question_is_said_once(browser, scenes, size):
    table = scenes["question"]["table"]
    attacker, hazard, victim = table.game.view(0).pending
    viewport = DESKTOP if size == "desktop" else PHONES[size]
    seat = table.game.view(0).sides[victim].seats[0]
    page = open_page(browser, scenes["question"]["seats"][seat], viewport)
    waiting = page.locator("#mine .pile.waiting")
    assert waiting.locator("figcaption").inner_text().replace("\n", " ") == f"{hazard}, waiting for an answer"
    card = waiting.locator(".table-card")
    assert card.get_attribute("data-card") == hazard and "just-played" in card.get_attribute("class")
    question = page.locator("#status").inner_text()
    assert hazard in question and question.count("Player") == 1
    assert page.locator("#decision h2").inner_text() == "Your answer"
    assert page.locator("#hand-title").inner_text() == "Your hand"  # not "your turn": a question is asked
    assert page.locator("#last-line").inner_text() == ""
    body = page.locator("body").inner_text()
    assert body.count(question) == 1, "the question is repeated"
    assert body.count(f"played {hazard}") == 1
    for what in ("#status", "#decision button.move", "#mine .pile.waiting .table-card"):
        for box in seen(page, what):
            assert in_view(box, viewport) and box["shown"], f"{what} is out of sight: {box}"
    other = open_page(browser, scenes["question"]["seats"][1 - seat], viewport)  # the table sees it waiting too
    assert other.locator("#others .pile.waiting .table-card").get_attribute("data-card") == hazard
    assert other.locator("#status").inner_text().startswith(f"Player {seat + 1} to answer. ")
    assert page.errors == [] and other.errors == []


def test_after_the_answer_the_status_says_what_the_other_player_did(browser, scenes):
    table = scenes["question"]["table"]
    attacker, hazard, victim = table.game.view(0).pending
    seat = table.game.view(0).sides[victim].seats[0]
    page = open_page(browser, scenes["question"]["seats"][seat], PHONES["390x844"])
    before = page.get_attribute("#app", "data-moves")
    page.locator('#decision button.move[data-action="decline"], #decision button.move').last.click()
    page.wait_for_selector(f'#app:not([data-moves="{before}"])')
    if page.get_attribute("#app", "data-to-act") == str(seat):
        status = page.locator("#status").inner_text()
        assert status.startswith(f"Player {attacker + 1} played {hazard} on your side. Your turn"), status
    log = page.locator("#log li").all_text_contents()
    assert not any(line.startswith(f"player {seat + 1} ") for line in log), log  # one person for your own moves
    assert any(line.startswith("you ") for line in log)


def test_at_the_end_the_result_comes_into_view_and_the_status_line_stays_in_view_during_play(browser, scenes):
    table = scenes["last"]["table"]
    page = open_page(browser, scenes["last"]["seats"][table.game.to_act], DESKTOP)
    page.locator("#hand").scroll_into_view_if_needed()
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate("window.scrollY") > 0  # the table is taller than the screen
    box, = seen(page, "#status")
    assert in_view(box, DESKTOP) and box["shown"], box
    take_turn(page)
    page.wait_for_selector("#end:not([hidden])")
    page.wait_for_function("() => { const b = document.getElementById('end-title').getBoundingClientRect();"
                           " return b.top >= 0 && b.bottom <= innerHeight; }", timeout=5000)
    box, = seen(page, "#score")
    assert box["top"] < DESKTOP["height"]
    body = page.locator("body").inner_text()
    assert body.count("Game over") == 1 and "Game over: " + page.locator("#end-title").inner_text().lower() not in body.lower()
    steps = httpx.get(scenes["last"]["spectator"].replace("/w/", "/api/replay/")).json()["steps"]
    assert f"after {len(steps) - 1} moves." in page.locator("#end .how").inner_text()  # the replay's "Move N of M"
    assert page.errors == []


def test_distance_is_said_plainly_with_what_the_edition_allows_and_no_card_for_a_value_not_laid(browser, scenes):
    page = open_page(browser, scenes["done"]["spectator"], DESKTOP)
    captions = page.locator(".stack figcaption").all_inner_texts()
    assert captions, "no distance laid"
    for caption in captions:
        first, *rest = caption.split("\n")
        assert re.fullmatch(r"[1-9]\d*[ \u00a0]×[ \u00a0]\d+ km", first), caption
        assert all(re.fullmatch(r"\d+ of \d+ allowed", line) for line in rest), caption
    laid = {side: dict((card, count) for card, count, _ in piles)
            for side, piles in enumerate(v.piles for v in scenes["done"]["table"].game.view(0).sides)}
    shown = page.locator(".stack").count()
    assert shown == sum(1 for piles in laid.values() for count in piles.values() if count > 0)
    capped = page.locator(".stack .bound").all_inner_texts()
    assert all(text.endswith(" of 2 allowed") for text in capped)  # Mille Bornes' 200 km: at most 2


def test_play_again_tells_the_other_seats_where_their_new_game_is(browser, scenes):
    first = open_page(browser, scenes["done"]["seats"][0], PHONES["390x844"])
    second = open_page(browser, scenes["done"]["seats"][1], PHONES["390x844"])
    assert second.locator("#again-notice").is_hidden()
    first.locator("#play-again").click()
    first.wait_for_selector('#app[data-moves="0"]')
    notice = second.locator("#again-notice")
    notice.wait_for(state="visible")
    assert notice.locator("p").inner_text() == "Player 1 started a new game: join it."
    assert first.locator("#again-notice").is_hidden()
    second.locator("#join-again").click()
    second.wait_for_selector('#app[data-moves="0"]')
    assert second.title() == "Mille Bornes: seat 2"
    assert first.url.rsplit("/", 1)[1] != second.url.rsplit("/", 1)[1]
    assert second.url.split("/s/")[0] == first.url.split("/s/")[0]
    assert first.errors == [] and second.errors == []
