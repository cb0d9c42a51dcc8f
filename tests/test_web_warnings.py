"""Web stage, a house rule's warnings: a rule uploaded or pasted on the host's form that compiles with a
warning (W100, language/advice.py) is played, and its table's page shows every warning, as plain text."""
from __future__ import annotations

from html import unescape
from pathlib import Path

import pytest

pytest.importorskip("starlette")
from touring_dsl.web.app import create_app  # noqa: E402
from web_support import local_client  # noqa: E402

WARNED = (Path(__file__).resolve().parent / "bad" / "warn_setup_left_behind.touring").read_text(encoding="utf-8")


@pytest.fixture
def client(tmp_path):
    app = create_app(tmp_path, bot_delay=0)
    with local_client(app) as running:
        yield running


def host_page(client, **form):
    response = client.post("/tables", data={"players": "2", "seat0": "human", "seat1": "human", **form.pop("data", {})},
                           follow_redirects=False, **form)
    assert response.status_code == 303, response.text
    return client.get(response.headers["location"]).text


def test_a_pasted_house_rule_shows_its_warning_on_the_table_page(client) -> None:
    page = host_page(client, data={"source": WARNED})
    assert "the table is ready" in page
    assert 'id="warnings"' in page and "with 1 warning" in page
    shown = unescape(page)
    assert 'warning[W100]: setup "three players" keeps its race of 70 miles from touring-1937' in shown
    assert " 7 | change race 55 miles {" in shown  # the excerpt, from the text as pasted
    assert 'hint: change that setup\'s race too' in shown


def test_an_uploaded_rule_s_warning_is_escaped(client) -> None:
    """What the author wrote reaches the page as text: a comment on the warned line, and the file's name."""
    hostile = WARNED.replace("change race 55 miles {", 'change race 55 miles { # <script>alert("x")</script>')
    page = host_page(client, files={"upload": ("<b>ours</b>.touring", hostile.encode("utf-8"))})
    assert "warning[W100]" in page
    assert "<script>alert" not in page and "<b>ours" not in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in page


def test_an_archive_edition_and_a_rule_without_warnings_show_none(client) -> None:
    assert 'id="warnings"' not in host_page(client, data={"edition": "touring-1937"})
    clean = WARNED.replace("change race 55 miles", "change race 110 miles").replace("needs 4", "needs 8") \
        .replace("needs 2", "needs 4").replace('"15 Miles" needs 1', '"15 Miles" needs 2') \
        .replace('"30 Miles" needs 1', '"30 Miles" needs 2')
    assert 'id="warnings"' not in host_page(client, data={"source": clean})


def test_a_pasted_rule_with_syntax_errors_is_refused_with_every_one(client) -> None:
    """Every mistake at once on the form too (language/recovery.py): the block left open where it opened,
    the misspelt word below it, and the compile error of what parsed."""
    broken = (WARNED.replace('pile "30 Miles" needs 1\n}', 'pile "30 Miles" needs 1\n')
              + '\nchange setup "two players" {\n    add without 1 "Puncturre"\n    chnage hand 6\n}\n')
    response = client.post("/tables", data={"players": "2", "seat0": "human", "seat1": "human", "source": broken})
    assert response.status_code == 400
    shown = unescape(response.text)
    assert "error[E103]: this block is never closed" in shown
    assert "unexpected word 'chnage'" in shown
    assert "3 errors found" in shown or "2 errors found" in shown
