"""Web stage, the workshop's routes through the app (web_support.local_client): starting a draft, its page
and file, every JSON endpoint the editor calls, and the requests they refuse (too big, not JSON, a path
after `extends`, a compile that takes too long, another site's page)."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette")
sys.path.insert(0, str(Path(__file__).parent))

from web_support import local_client  # noqa: E402

from touring_dsl.language.locate import find_edition  # noqa: E402

from touring_dsl.web.app import create_app  # noqa: E402
from touring_dsl.web.upload import TOO_LONG, UploadCompiler  # noqa: E402

HEAD = 'edition "our-rules" extends "touring-1937" {\n    title "Our rules"\n}\n'
MISTAKE = HEAD + 'deck {\n    change card "Gasolene" count 11\n}\n'
MENDED = MISTAKE.replace("Gasolene", "Gasoline")
EXAMPLES = HEAD + '''
example "A Go card starts the side" {
    given {
        hand 1 "Go"
    }
    play "Go"
    expect {
        side 1 go top "Go"
    }
}

example "A Go card is a mileage card" {
    given {
        hand 1 "Go"
    }
    play "Go"
    expect {
        side 1 miles 25
    }
}
'''


@pytest.fixture
def app(tmp_path):
    made = create_app(tmp_path, bot_delay=0)
    yield made
    made.app.state.workshop.close()


@pytest.fixture
def client(app):
    return local_client(app)


def post(client, task: str, body) -> object:
    return client.post(f"/workshop/api/{task}", content=json.dumps(body), headers={"content-type": "application/json"})


def new_draft(client, edition="touring-1937", start="house") -> str:
    response = client.post("/workshop/drafts", data={"edition": edition, "start": start}, follow_redirects=False)
    assert response.status_code == 303, response.text
    found = re.fullmatch(r"/workshop/d/([0-9a-f]{24})", response.headers["location"])
    assert found, response.headers["location"]
    return found.group(1)


def test_a_draft_is_started_from_an_archive_edition_kept_and_downloaded(client, tmp_path):
    page = client.get("/workshop")
    assert page.status_code == 200 and 'action="/workshop/drafts"' in page.text
    draft = new_draft(client)
    kept = json.loads((tmp_path / "workshop" / f"{draft}.json").read_text())
    assert 'edition "our-rules" extends "touring-1937"' in kept["text"]  # `touring new`'s template
    editor = client.get(f"/workshop/d/{draft}")
    assert editor.status_code == 200
    assert '<script src="/static/workshop-editor.js" defer></script>' in editor.text
    assert "started with `touring new`" in editor.text
    nonce = re.search(r'data-nonce="([^"]+)"', editor.text).group(1)
    assert f"'nonce-{nonce}'" in editor.headers["content-security-policy"]  # CodeMirror's own styles
    assert "script-src 'self';" in editor.headers["content-security-policy"]
    file = client.get(f"/workshop/d/{draft}/file")
    assert file.text == kept["text"]
    assert file.headers["content-disposition"] == 'attachment; filename="our-rules.touring"'
    copy = new_draft(client, "mille-bornes", "copy")
    assert client.get(f"/workshop/d/{copy}/file").text == find_edition("mille-bornes").read_text(encoding="utf-8")


def test_a_draft_is_saved_under_its_id_only(client, tmp_path):
    draft = new_draft(client)
    assert post(client, f"drafts/{draft}", {"text": MENDED}).json() == {"saved": True}
    assert client.get(f"/workshop/d/{draft}/file").text == MENDED
    assert post(client, "drafts/" + "0" * 24, {"text": MENDED}).status_code == 404
    assert post(client, "drafts/..%2F..%2Fmeta", {"text": MENDED}).status_code == 404
    assert client.get("/workshop/d/../../etc/passwd").status_code == 404
    assert client.get("/workshop/d/" + "a" * 24).status_code == 404
    assert sorted(p.name for p in (tmp_path / "workshop").iterdir()) == [f"{draft}.json"]


def test_a_draft_starts_only_from_an_archive_edition_and_this_servers_page(client):
    for edition in ("../editions/touring-1937", "/etc/passwd", "nothing-such"):
        response = client.post("/workshop/drafts", data={"edition": edition, "start": "house"}, follow_redirects=False)
        assert response.status_code == 400 and "choose an edition of the archive" in response.text
    foreign = client.post("/workshop/drafts", data={"edition": "touring-1937", "start": "house"},
                          headers={"origin": "http://evil.example"}, follow_redirects=False)
    assert foreign.status_code == 403
    chunks = (b"edition=touring-1937&start=house&x=" + b"y" * 1000 for _ in range(3))  # no declared length
    long = client.post("/workshop/drafts", content=chunks,
                       headers={"content-type": "application/x-www-form-urlencoded"})
    assert long.status_code == 413 and "too large" in long.text


def test_check_locates_a_mistake_with_its_hint_and_exact_fix(client):
    answer = post(client, "check", {"text": MISTAKE}).json()
    assert answer["compiles"] is False
    [found] = answer["diagnostics"]
    assert found["code"] == "E251" and found["severity"] == "error"
    assert (found["line"], found["column"], found["end_line"], found["end_column"]) == (5, 17, 5, 27)
    assert MISTAKE.splitlines()[4][16:26] == '"Gasolene"'
    assert found["hint"] == 'did you mean "Gasoline"?'
    assert found["fixes"] == [{"line": 5, "column": 17, "end_line": 5, "end_column": 27, "text": '"Gasoline"',
                               "title": 'Change to "Gasoline"'}]
    mended = post(client, "check", {"text": MENDED}).json()
    assert mended == {"compiles": True, "id": "our-rules", "title": "Our rules", "parent": "touring-1937",
                      "diagnostics": []}


def test_a_misspelt_keyword_is_fixed_without_quotes(client):
    answer = post(client, "check", {"text": HEAD + "deck {\n    chnage card \"Gasoline\" count 11\n}\n"}).json()
    fixes = [fix for d in answer["diagnostics"] for fix in d["fixes"]]
    assert fixes and fixes[0]["text"] == "change"


def test_the_one_word_a_syntax_error_expects_is_inserted(client):
    text = HEAD + 'change race 55 miles {\n    pile "1 Mile" 4\n}\n'
    [found] = post(client, "check", {"text": text}).json()["diagnostics"]
    assert found["hint"] == 'expected "needs"'
    assert found["fixes"] == [{"line": 5, "column": 19, "end_line": 5, "end_column": 19, "text": "needs ",
                               "title": "Insert needs"}]
    line = text.splitlines()[4]
    assert line[:18] + found["fixes"][0]["text"] + line[18:] == '    pile "1 Mile" needs 4'


def test_extends_names_an_archive_id_never_a_path(client, tmp_path):
    (tmp_path / "secret.touring").write_text('edition "secret" {\n}\n')
    for parent in ("../secret", "/etc/passwd", "secret.touring", "./touring-1937.touring"):
        text = HEAD.replace('"touring-1937"', f'"{parent}"')
        answer = post(client, "check", {"text": text}).json()
        assert answer["compiles"] is False
        assert [d["code"] for d in answer["diagnostics"]] == ["E205"], answer
        assert f'not "{parent}"' in answer["diagnostics"][0]["message"]
        assert answer["diagnostics"][0]["line"] == 1
        assert post(client, "rulebook", {"text": text}).json() == {"compiles": False, "errors": 1}


def test_the_rulebook_pane_is_the_rulebook_with_the_authors_words_escaped(client):
    text = MENDED.replace('"Our rules"', '"Our <script>alert(1)</script> rules"')
    answer = post(client, "rulebook", {"text": text}).json()
    assert answer["compiles"] is True
    assert "<script>" not in answer["html"] and "&lt;script&gt;" in answer["html"]
    assert "<h1>" in answer["html"] and "<html" not in answer["html"]  # the body, for the pane
    assert "11" in answer["html"]
    assert post(client, "rulebook", {"text": MISTAKE}).json() == {"compiles": False, "errors": 1}


def test_the_diff_pane_says_what_changes_against_the_parent(client):
    answer = post(client, "diff", {"text": MENDED}).json()
    assert answer["parent"] == "touring-1937" and answer["same"] is False
    sentences = [c["text"] for t in answer["topics"] for c in t["changes"]]
    assert '"Gasoline": 11 in the deck (was 6)' in sentences or any('"Gasoline": 11' in s for s in sentences)
    alone = post(client, "diff", {"text": (Path(__file__).parent.parent / "editions" / "touring-1937.touring")
                                  .read_text()}).json()
    assert alone == {"compiles": True, "parent": None}


def test_the_examples_pane_gives_each_examples_outcome_and_line(client):
    answer = post(client, "examples", {"text": EXAMPLES}).json()
    own = [e for e in answer["examples"] if e["line"] is not None]
    assert [(e["title"], e["passed"], e["line"]) for e in own] == [
        ("A Go card starts the side", True, 5), ("A Go card is a mileage card", False, 15)]
    assert own[1]["failures"] and own[1]["failures"][0]["message"]
    assert len(answer["examples"]) == 2  # a variant's examples are its own
    assert answer["failed"] == 1


def test_completion_and_hover(client):
    text = 'edition "x" extends "touring-19'
    answer = post(client, "complete", {"text": text, "line": 1, "column": len(text) + 1}).json()
    assert {"touring-1906", "touring-1937"} <= {i["label"] for i in answer["items"]}
    assert answer["from"] == text.index("touring-19") + 1
    line = MENDED.splitlines()[4]
    cards = post(client, "complete", {"text": MENDED, "line": 5, "column": line.index("Gasoline") + 2}).json()
    assert {"Go", "Gasoline", "Puncture"} <= {i["label"] for i in cards["items"]}  # the editor filters them
    assert cards["from"] == line.index("Gasoline") + 1
    words = post(client, "complete", {"text": HEAD + "dec", "line": 4, "column": 4}).json()
    assert "deck" in [i["label"] for i in words["items"]] and words["from"] == 1
    over = post(client, "hover", {"text": MENDED, "line": 5, "column": line.index("Gasoline") + 2}).json()
    assert over["text"].startswith("Gasoline: remedy, 11 in the pack\n- repairs Out of Gasoline")
    assert over["markdown"].startswith("**Gasoline**: remedy, 11 in the pack")
    assert post(client, "hover", {"text": MENDED, "line": 2, "column": 2}).json()["text"] is None
    parent = post(client, "hover", {"text": MENDED, "line": 1, "column": MENDED.index("touring-1937") + 2}).json()
    assert parent["text"].startswith("Touring (touring-1937)\n")
    for bad in ({"text": MENDED, "line": 0, "column": 1}, {"text": MENDED, "line": "1", "column": 1},
                {"text": MENDED, "line": True, "column": 1}, {"text": MENDED}):
        assert post(client, "hover", bad).status_code == 400


def test_a_balance_run_streams_its_progress_then_its_numbers_and_figure(client):
    response = post(client, "balance", {"text": MENDED, "players": 2, "bots": ["expert", "random"], "games": 30})
    assert response.status_code == 200 and response.headers["content-type"].startswith("application/x-ndjson")
    lines = [json.loads(line) for line in response.text.splitlines()]
    assert [line["progress"] for line in lines[:-1]] == [[10, 30], [20, 30], [30, 30]]
    result = lines[-1]["result"]
    assert result["report"]["games"] == 30 and result["report"]["skill"]["stronger"] in ("expert", "random")
    assert sum(seat["wins"] for seat in result["report"]["seats"]) + result["report"]["ties"] == 30
    assert result["svg"].startswith("<svg") and "Wins by seat" in result["svg"]
    for bad in ({"players": 2, "bots": ["nobody"], "games": 5}, {"players": 2, "bots": ["expert"], "games": 0},
                {"players": 2, "bots": ["expert"], "games": 100000}, {"players": 99, "bots": ["expert"], "games": 5},
                {"players": 2, "bots": "expert", "games": 5}):
        assert post(client, "balance", {"text": MENDED, **bad}).status_code == 400
    five = post(client, "balance", {"text": MENDED, "players": 5, "bots": ["expert"], "games": 5}).text
    assert "is played by" in json.loads(five.splitlines()[-1])["result"]["refused"]


def test_one_balance_run_at_a_time(client, app):
    app.app.state.workshop.balancing = True  # as while another author's run goes on
    response = post(client, "balance", {"text": MENDED, "players": 2, "bots": ["expert"], "games": 5})
    assert response.status_code == 503 and "already going" in response.json()["error"]
    app.app.state.workshop.balancing = False
    lines = post(client, "balance", {"text": MENDED, "players": 2, "bots": ["random"], "games": 5}).text.splitlines()
    assert json.loads(lines[-1])["result"]["report"]["games"] == 5 and not app.app.state.workshop.balancing


def test_play_it_makes_a_table_with_the_rule_and_its_seat_links(client, app):
    answer = post(client, "play", {"text": MENDED, "players": 2, "others": "expert"}).json()
    host = client.get(answer["host"])
    assert host.status_code == 200 and "Our rules: the table is ready" in host.text
    [table] = app.app.state.store.tables.values()
    assert table.ruleset.id == "our-rules" and table.kinds == ["human", "expert"]
    assert len(re.findall(r'data-seat="\d"', host.text)) == 1  # the person's link; the bot's seat has none
    refused = post(client, "play", {"text": MISTAKE, "players": 2})
    assert refused.status_code == 422 and "error[E251]" in refused.json()["error"]
    assert post(client, "play", {"text": MENDED, "players": 2, "others": "../x"}).status_code == 400


def test_bad_requests_are_refused_in_words(client):
    big = HEAD + "# " + "x" * (64 * 1024) + "\n"
    assert post(client, "check", {"text": big}).status_code == 413
    assert "larger than 64 KB" in post(client, "check", {"text": big}).json()["error"]
    huge = client.post("/workshop/api/check", content=b"{" + b" " * (1 << 20) + b"}")
    assert huge.status_code == 413
    cases = [(b"not json", "not JSON"), (b"[1, 2]", "not a JSON object"), (b"{}", "has no 'text'"),
             (b'{"text": 7}', "should be a string"), (b'{"text": "\\ud800"}', "not valid Unicode")]
    for body, words in cases:
        response = client.post("/workshop/api/check", content=body)
        assert response.status_code == 400 and words in response.json()["error"], (body, response.text)
    foreign = client.post("/workshop/api/check", content=json.dumps({"text": MENDED}),
                          headers={"origin": "http://evil.example"})
    assert foreign.status_code == 403
    wrong_host = client.post("/workshop/api/check", content=json.dumps({"text": MENDED}),
                             headers={"host": "evil.example"})
    assert wrong_host.status_code == 400
    assert client.get("/workshop/api/check").status_code == 404  # a GET is no check
    words = client.get("/workshop/api/language").json()
    assert "deck" in words["sections"] and "extends" in words["sections"] and "change" in words["changes"]


def long_names_edition() -> str:
    """A house rule of about 62 KB whose check takes seconds: a long card name, and an example naming
    another long name (the did-you-mean compares them)."""
    import random

    rng = random.Random(7)
    letters = [chr(c) for c in range(0x100, 0x100 + 160)]
    known, unknown = ("".join(rng.choice(letters) for _ in range(15500)) for _ in range(2))
    return (f'edition "long-names" extends "touring-1937" {{\n    title "Long names"\n}}\n\n'
            f'deck {{\n    add card "{known}" remedy count 1\n}}\n\n'
            f'example "x" {{\n    given {{\n        hand 1 "{unknown}"\n    }}\n}}\n')


def longest_edition() -> str:
    """A house rule as long as a draft may be (64 KB): two thousand notes, which take a good part of a
    second to compile."""
    notes, size = [], len(HEAD) + 20
    while size < 63 * 1024:
        notes.append(f'    add note "Note {len(notes)}: our table says so."')
        size += len(notes[-1]) + 1
    return HEAD + "notes {\n" + "\n".join(notes) + "\n}\n"


def test_a_compile_that_takes_too_long_is_stopped_and_refused_in_words(tmp_path):
    text = longest_edition()
    assert 62 * 1024 < len(text.encode()) <= 64 * 1024
    app = create_app(tmp_path, bot_delay=0, compiler=UploadCompiler(seconds=0.05))
    try:
        client = local_client(app)
        response = post(client, "check", {"text": text})
        assert response.status_code == 422 and response.json() == {"error": TOO_LONG}
        workshop = app.app.state.workshop
        assert workshop.running == set()  # the child that took too long is gone
        assert workshop.idle and all(child.poll() is None for child in workshop.idle)  # a fresh one waits
    finally:
        app.app.state.workshop.close()


def test_the_page_escapes_the_drafts_text(client, tmp_path):
    draft = new_draft(client)
    post(client, f"drafts/{draft}", {"text": '# </textarea><script>alert(1)</script>\n'})
    page = client.get(f"/workshop/d/{draft}").text
    assert "<script>alert(1)" not in page and "&lt;/textarea&gt;&lt;script&gt;" in page


def test_a_draft_folder_is_not_taken_for_a_table(tmp_path):
    app = create_app(tmp_path, bot_delay=0)
    draft = new_draft(local_client(app))
    app.app.state.workshop.close()
    reported = []
    from touring_dsl.web.store import TableStore

    store = TableStore(tmp_path)
    store.load_all(report=reported.append)
    assert reported == [] and (tmp_path / "workshop" / f"{draft}.json").exists()



def test_a_warning_reaches_the_editor_with_its_place(client):
    text = (Path(__file__).parent / "bad" / "warn_setup_left_behind.touring").read_text(encoding="utf-8")
    answer = post(client, "check", {"text": text}).json()
    assert answer["compiles"] is True
    [warning] = answer["diagnostics"]
    assert (warning["code"], warning["severity"], warning["line"], warning["column"]) == ("W100", "warning", 7, 1)
    assert warning["end_column"] == 1 + len("change") and warning["fixes"] == []


def test_a_child_serves_several_requests_then_makes_way():
    import asyncio

    from touring_dsl.web import workshop_worker
    from touring_dsl.web.workshop_worker import WorkshopRefused, WorkshopWorker

    async def scenario():
        worker = WorkshopWorker(UploadCompiler())
        try:
            for _ in range(3):
                assert (await worker.ask("check", MENDED))["compiles"] is True
            [child] = worker.idle
            assert child.served == 3  # one child, kept between requests
            worker.seconds = 0.05
            try:
                await worker.ask("check", longest_edition())
                raise AssertionError("the check should have been stopped")
            except WorkshopRefused as exc:
                assert str(exc) == TOO_LONG
            assert child.wait(timeout=10) is not None and child not in worker.idle  # killed, never used again
            worker.seconds = 20
            [fresh] = worker.idle
            assert fresh is not child and (await worker.ask("check", MENDED))["compiles"] is True
        finally:
            worker.close()

    asyncio.run(scenario())
    assert workshop_worker.REUSED > 3


def test_a_child_of_a_large_server_is_kept_between_requests():
    """Linux keeps a process's peak memory across the exec that starts a child, so a child of a server grown
    past half the child's limit seemed to hold that much itself and was let go after every request (each
    check then started from nothing): the child counts the memory it holds now."""
    import asyncio

    from touring_dsl.web.workshop_worker import RECYCLED_MEMORY, WorkshopWorker

    worker = WorkshopWorker(UploadCompiler())
    grown = b"x" * (int(RECYCLED_MEMORY * worker.memory) + (64 << 20))  # this server, grown large

    async def scenario():
        try:
            for _ in range(3):
                assert (await worker.ask("check", MENDED))["compiles"] is True
            [child] = worker.idle
            assert child.served == 3 and not child.spent
        finally:
            worker.close()

    asyncio.run(scenario())
    assert len(grown) > RECYCLED_MEMORY * worker.memory
