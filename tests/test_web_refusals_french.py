"""The host's and a party's forms refuse in the reader's language: a French browser (Accept-Language) reads
why its table or party was not made in French; an English one reads the same English as before."""
from __future__ import annotations

import html

import pytest

pytest.importorskip("starlette")

from touring_dsl.web.app import create_app  # noqa: E402
from web_support import local_client  # noqa: E402

FORM = {"edition": "mille-bornes-fr", "players": "2", "seat0": "human", "seat1": "human"}
FRENCH = {"accept-language": "fr-FR,fr;q=0.9"}


def refusal(page: str) -> str:
    return html.unescape(page.split('class="error"')[1].split("</section>")[0])


@pytest.fixture
def client(tmp_path):
    with local_client(create_app(tmp_path, bot_delay=0)) as client:
        yield client


@pytest.mark.parametrize("form, french, english", [
    ({"players": "99"}, "une table accueille de 1 à", "a table seats 1 to"),
    ({"players": "deux"}, "le nombre de joueurs doit être un nombre entier", "the number of players should be a whole number"),
    ({"seed": "9" * 23}, "le numéro de la donne doit avoir 12 chiffres au plus", "the deal number should have at most 12 digits"),
    ({"edition": "mille-bornes-xx"}, "pas d'édition 'mille-bornes-xx' dans les archives", "no edition 'mille-bornes-xx' in the archive"),
    ({"players": "5"}, "se joue à", "is played by"),
    ({"length": "toujours"}, "choisissez la durée du jeu", "choose how long to play"),
])
def test_a_table_refused_is_refused_in_the_reader_language(client, form, french, english):
    data = {**FORM, **form, **{f"seat{seat}": "human" for seat in range(5)}}
    page = client.post("/tables", data=data, headers=FRENCH).text
    assert french in refusal(page) and english not in html.unescape(page)
    page = client.post("/tables", data=data, headers={"accept-language": "en"}).text
    assert english in refusal(page)


def test_a_party_refused_is_refused_in_the_reader_language(client):
    data = {"edition": "touring-1937", "names": "Anne, Bruno, Chloé, Denis", "rounds": "99"}
    page = client.post("/parties", data=data, headers=FRENCH).text
    assert "une soirée compte de 1 à 20 tours" in refusal(page)
    page = client.post("/parties", data={**data, "rounds": "trois"}, headers=FRENCH).text
    assert "le nombre de tours doit être un nombre entier" in refusal(page)
