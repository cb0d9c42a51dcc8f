"""Web stage, the workshop's help is the language server's: the page's check says what `touring lsp` says
for the same text, a quick fix sent by the page's endpoint mends the text when applied as the page applies
it, completion offers the keywords the parser expects at the cursor, positions are converted between the
protocol's UTF-16 units and the page's characters, and a draft's analysis is kept in its worker child
between checks (a small edit reparses only the piece it touched), a few drafts at most."""
from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("lsprotocol")
sys.path.insert(0, str(Path(__file__).parent))

from lsp_support import Client  # noqa: E402
from lsprotocol import types as t  # noqa: E402
from web_support import local_client  # noqa: E402

from touring_dsl.lsp import analysis, incremental  # noqa: E402
from touring_dsl.web import workshop_help  # noqa: E402
from touring_dsl.web.app import create_app  # noqa: E402
from touring_dsl.web.upload import UploadCompiler  # noqa: E402
from touring_dsl.web.workshop_worker import WorkshopWorker  # noqa: E402

CAR = "\U0001F697"  # an emoji: one character, two UTF-16 units
HEAD = 'edition "our-rules" extends "touring-1937" {\n    title "Our rules"\n}\n'
MISTAKE = HEAD + 'deck {\n    change card "Gasolene" count 11\n}\n'
EMOJI_THEN_MISTAKE = HEAD + f'notes {{\n    add note "{CAR}{CAR} go" x\n}}\n'
UNCLOSED = HEAD + f'deck {{\n    change card "Go" count 7\n    change card "Gasolene" count 2 # {CAR}{CAR}\n'
BAD = Path(__file__).parent / "bad"
DRAFT = "0123456789abcdef01234567"


@pytest.fixture
def client(tmp_path):
    made = create_app(tmp_path, bot_delay=0)
    yield local_client(made)
    made.app.state.workshop.close()


def post(client, task: str, body: dict):
    return client.post(f"/workshop/api/{task}", content=json.dumps(body), headers={"content-type": "application/json"})


def column_of(line: str, units: int) -> int:
    """The page's column (characters, from 1) of a UTF-16 offset, counted here apart from the code under test."""
    return len(line.encode("utf-16-le")[:2 * units].decode("utf-16-le")) + 1


def as_page(text: str, found: dict) -> dict:
    """A diagnostic `touring lsp` published, in the page's terms."""
    lines = text.split("\n")
    start, end = found["range"]["start"], found["range"]["end"]
    message, _, hint = found["message"].partition("\nhint: ")
    return {"code": found["code"], "severity": {1: "error", 2: "warning"}[found["severity"]], "message": message,
            "hint": hint or None,
            "line": start["line"] + 1, "column": column_of(lines[start["line"]], start["character"]),
            "end_line": end["line"] + 1, "end_column": column_of(lines[end["line"]], end["character"])}


def apply(text: str, fix: dict) -> str:
    """A fix applied as the page applies it: the characters between its two places replaced by its text."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    start = offsets[fix["line"] - 1] + fix["column"] - 1
    end = offsets[fix["end_line"] - 1] + fix["end_column"] - 1
    return text[:start] + fix["text"] + text[end:]


def test_the_pages_diagnostics_are_the_language_servers(client, tmp_path):
    warning = (BAD / "warn_setup_left_behind.touring").read_text(encoding="utf-8")
    texts = [MISTAKE, EMOJI_THEN_MISTAKE, UNCLOSED, warning,
             HEAD + 'deck {\n    chnage card "Gasoline" count 11\n}\nturn {\n    draw 1\n']
    lsp = Client(cwd=tmp_path)
    try:
        lsp.initialize(tmp_path)
        for number, text in enumerate(texts):
            path = tmp_path / f"draft{number}.touring"
            path.write_text(text, encoding="utf-8")
            lsp.open(path.as_uri(), text)
            published = [as_page(text, d) for d in lsp.diagnostics(path.as_uri())]
            page = post(client, "check", {"text": text, "draft": DRAFT}).json()["diagnostics"]
            assert published, text  # each text has something to say
            assert [{key: d[key] for key in published[0]} for d in page] == published
    finally:
        lsp.close()


def test_an_emoji_before_a_mistake_leaves_the_underline_on_the_mistake(client):
    [found] = post(client, "check", {"text": EMOJI_THEN_MISTAKE}).json()["diagnostics"]
    line = EMOJI_THEN_MISTAKE.split("\n")[found["line"] - 1]
    assert line[found["column"] - 1:found["end_column"] - 1] == "x"  # in characters, not UTF-16 units


def test_page_place_counts_characters_from_one():
    lines = ["", f'    add note "{CAR}{CAR} go" x']
    x = lines[1].index("x")
    assert workshop_help.page_place(lines, t.Position(line=1, character=x + 2)) == (2, x + 1)
    assert workshop_help.page_place(lines, t.Position(line=0, character=0)) == (1, 1)
    back = workshop_help.protocol_position(lines, 2, x + 1)
    assert (back.line, back.character) == (1, x + 2)


def test_quick_fixes_sent_by_the_page_mend_the_text(client):
    text = UNCLOSED
    for _ in range(3):
        answer = post(client, "check", {"text": text, "draft": DRAFT}).json()
        if answer["compiles"]:
            break
        fixes = [fix for d in answer["diagnostics"] for fix in d["fixes"]]
        assert fixes, answer
        text = apply(text, fixes[-1])  # the last first: the earlier places stay where they are
    assert answer["compiles"] is True, answer
    assert text.endswith(f'    change card "Gasoline" count 2 # {CAR}{CAR}\n}}\n')  # after the emoji, in characters


def test_completion_offers_the_keywords_the_parser_expects_here(client):
    def labels(text: str, line: int, column: int) -> list[str]:
        return [i["label"] for i in post(client, "complete", {"text": text, "line": line, "column": column,
                                                              "draft": DRAFT}).json()["items"]]

    pile = HEAD + 'change race 55 miles {\n    pile "1 Mile" '
    assert labels(pile, 5, len('    pile "1 Mile" ') + 1) == ["needs"]
    in_deck = HEAD + "deck {\n    \n}\n"
    assert {"add", "change", "remove", "}"} <= set(labels(in_deck, 5, 5))
    assert "deck" not in labels(in_deck, 5, 5)  # a section does not open inside another
    top = HEAD + "\n"
    assert {"deck", "turn", "example"} <= set(labels(top, 4, 1))


def test_a_bad_draft_id_is_refused(client):
    for draft in ("../x", 7, "A" * 24):
        response = post(client, "check", {"text": MISTAKE, "draft": draft})
        assert response.status_code == 400 and "draft" in response.json()["error"]


def test_a_small_edit_reparses_only_the_piece_it_touched(monkeypatch):
    text = (Path(__file__).parent.parent / "editions" / "mille-bornes.touring").read_text(encoding="utf-8")
    workshop_help.check(text, DRAFT)
    parsed = []
    real = incremental._parsed
    monkeypatch.setattr(incremental, "_parsed", lambda piece, file: parsed.append(piece.line) or real(piece, file))
    edited = text.replace("\ndeck ", "\n# a line more\ndeck ", 1).replace("count 10", "count 11", 1)
    assert workshop_help.check(edited, DRAFT)["compiles"] is True
    assert len(parsed) == 1  # the one section the count is in; the rest moved down a line, not parsed again


def test_a_child_keeps_a_few_drafts_analyses_the_least_recent_let_go():
    drafts = [f"{n:024x}" for n in range(workshop_help.KEPT_DRAFTS + 1)]
    for draft in drafts:
        workshop_help.check(MISTAKE.replace("11", str(len(draft))), draft)
    kept = workshop_help.kept_drafts()
    first = workshop_help.draft_uri(drafts[0])
    assert len(kept) == workshop_help.KEPT_DRAFTS and first not in kept
    assert first not in analysis._memo and first not in incremental._kept  # its analysis and pieces are gone
    assert workshop_help.draft_uri(drafts[-1]) in analysis._memo


def test_a_drafts_requests_go_to_the_child_that_holds_its_analysis():
    async def scenario():
        worker = WorkshopWorker(UploadCompiler())
        try:
            assert (await worker.ask("check", MISTAKE, {"draft": DRAFT}))["diagnostics"]
            [holder] = worker.idle
            other = worker.start_child()
            worker.idle.append(other)  # the child taken when no child holds the draft
            assert (await worker.ask("check", MISTAKE.replace("11", "12"), {"draft": DRAFT}))["diagnostics"]
            assert (holder.served, other.served) == (2, 0)
            other.drafts["f" * 24] = None  # as if it had checked another draft
            assert (await worker.ask("check", MISTAKE, {"draft": "f" * 24}))["diagnostics"]
            assert (holder.served, other.served) == (2, 1)
        finally:
            worker.close()

    asyncio.run(scenario())


def test_a_child_grown_past_its_share_of_memory_is_recycled(monkeypatch):
    from touring_dsl.web import workshop_worker

    async def scenario():
        worker = WorkshopWorker(UploadCompiler())
        try:
            await worker.ask("check", MISTAKE, {"draft": DRAFT})
            [kept] = worker.idle
            monkeypatch.setattr(workshop_worker, "RECYCLED_MEMORY", 0.0)  # any memory is too much now
            await worker.ask("check", MISTAKE, {"draft": DRAFT})
            assert kept.wait(timeout=30) is not None and kept not in worker.idle  # let go, with its analyses
            [fresh] = worker.idle
            assert fresh is not kept and fresh.served == 0
        finally:
            worker.close()

    asyncio.run(scenario())
