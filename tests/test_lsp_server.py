"""Language server stage, the pygls layer in process: a bug inside a feature is logged to the editor as a
bug in touring and the request answered empty, and the server goes on."""
from __future__ import annotations

import pytest

pytest.importorskip("pygls")

from lsprotocol import types as t  # noqa: E402

from touring_dsl.lsp import hover, symbols  # noqa: E402
from touring_dsl.lsp.server import build_server  # noqa: E402

URI = "file:///tmp/planted.touring"


@pytest.fixture
def server(monkeypatch):
    made = build_server()
    for _ in made.protocol.lsp_initialize(t.InitializeParams(capabilities=t.ClientCapabilities())):
        pass
    made.workspace.put_text_document(t.TextDocumentItem(uri=URI, language_id="touring", version=1,
                                                        text='edition "p" {\n}\n'))
    return made


def test_a_bug_in_a_feature_is_logged_and_answered_empty(server, monkeypatch):
    logged = []
    monkeypatch.setattr(server, "window_log_message", logged.append)

    def planted(*_):
        raise ZeroDivisionError("a planted bug")

    monkeypatch.setattr(hover, "hover", planted)
    monkeypatch.setattr(symbols, "document_symbols", planted)
    features = server.protocol.fm.features
    where = t.TextDocumentIdentifier(uri=URI)
    assert features[t.TEXT_DOCUMENT_HOVER](t.HoverParams(text_document=where,
                                                         position=t.Position(line=0, character=1))) is None
    assert features[t.TEXT_DOCUMENT_DOCUMENT_SYMBOL](t.DocumentSymbolParams(text_document=where)) == []
    assert len(logged) == 2 and all("touring bug" in m.message and "a planted bug" in m.message for m in logged)
    folded = features[t.TEXT_DOCUMENT_FOLDING_RANGE](t.FoldingRangeParams(text_document=where))
    assert [(f.start_line, f.end_line) for f in folded] == [(0, 1)] and len(logged) == 2  # the others go on
