"""Language server stage, the server: the features (plain functions over a document's text and uri) behind
pygls, over stdio for an editor; `build_server().start_ws(host, port)` serves the same to a browser.

Diagnostics are checked off the event loop, in one worker thread, and only for a document's latest
text: an edit that arrives while an older text is being checked makes that older result go unsent. Any
failure inside a feature is a bug in touring: it is logged to the editor and the request answered empty,
and the server goes on.
"""
from __future__ import annotations

import asyncio
import functools
import gc
import traceback
from concurrent.futures import ThreadPoolExecutor

from lsprotocol import types as t
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol

from .. import __version__
from . import completion, diagnostics, formatting, hover, navigation, symbols, tokens
from .analysis import analyse, forget, forget_all, is_touring


class Utf16Protocol(LanguageServerProtocol):
    """Positions in UTF-16 units, which every client understands and the features count in (text.py):
    pygls would otherwise take the first encoding a client lists (Neovim lists UTF-8 first)."""

    def lsp_initialize(self, params: t.InitializeParams):
        if params.capabilities.general is not None:
            params.capabilities.general.position_encodings = [t.PositionEncodingKind.Utf16]
        return (yield from super().lsp_initialize(params))

    lsp_initialize.method_name = t.INITIALIZE  # what pygls registers a protocol's own method by


def build_server() -> LanguageServer:
    server = LanguageServer("touring", __version__, protocol_cls=Utf16Protocol)
    checker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="touring-check")
    latest: dict[str, int | None] = {}
    frozen: list[bool] = []

    def wanted(uri: str) -> bool:
        """An edition file, or a buffer the editor says is in the touring language (an unsaved one)."""
        return is_touring(uri) or server.workspace.get_text_document(uri).language_id == "touring"

    def document(uri: str):
        """The analysis of a document's current text, or None for a file that is not an edition."""
        if not wanted(uri):
            return None
        return analyse(server.workspace.get_text_document(uri).source, uri)

    def guarded(empty):
        """Run a feature; a bug in it is logged and answered with `empty`, never taken down with the server."""
        def wrap(feature):
            @functools.wraps(feature)
            def run(params):
                try:
                    return feature(params)
                except Exception:  # noqa: BLE001 - a bug in touring: the editor is told, the server goes on
                    server.window_log_message(t.LogMessageParams(
                        type=t.MessageType.Error, message="touring bug:\n" + traceback.format_exc()))
                    return empty
            return run
        return wrap

    def checked(text: str, uri: str) -> list[t.Diagnostic]:
        # a compile makes many short-lived objects: the collector's full passes over the server's heap,
        # run in the middle of one, were the slowest tenth of the edits; it runs between them instead
        gc.disable()
        try:
            return diagnostics.diagnostics(analyse(text, uri))
        finally:
            gc.enable()
            if not frozen:
                gc.freeze()  # what the first compile loaded (the parser, the model) is never garbage
                frozen.append(True)

    async def publish(uri: str, version: int | None) -> None:
        await asyncio.sleep(0)  # edits already read come first: this text may be out of date by then
        if latest.get(uri) != version:
            return
        text = server.workspace.get_text_document(uri).source
        try:
            found = await asyncio.get_running_loop().run_in_executor(checker, checked, text, uri)
        except Exception:  # noqa: BLE001
            server.window_log_message(t.LogMessageParams(type=t.MessageType.Error,
                                                         message="touring bug:\n" + traceback.format_exc()))
            return
        if latest.get(uri) == version:
            server.text_document_publish_diagnostics(t.PublishDiagnosticsParams(uri=uri, version=version,
                                                                                diagnostics=found))

    def schedule(uri: str) -> None:
        if not wanted(uri):
            return
        version = server.workspace.get_text_document(uri).version
        latest[uri] = version
        asyncio.get_running_loop().create_task(publish(uri, version))

    @server.feature(t.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: t.DidOpenTextDocumentParams):
        schedule(params.text_document.uri)

    @server.feature(t.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(params: t.DidChangeTextDocumentParams):
        schedule(params.text_document.uri)

    @server.feature(t.TEXT_DOCUMENT_DID_SAVE)
    def did_save(params: t.DidSaveTextDocumentParams):
        # the saved file may be one the others extend: every open edition is checked again
        forget_all()
        for uri in list(latest):
            schedule(uri)

    @server.feature(t.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: t.DidCloseTextDocumentParams):
        uri = params.text_document.uri
        latest.pop(uri, None)
        forget(uri)
        if wanted(uri):
            server.text_document_publish_diagnostics(t.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    @server.feature(t.TEXT_DOCUMENT_CODE_ACTION, t.CodeActionOptions(code_action_kinds=[t.CodeActionKind.QuickFix]))
    @guarded([])
    def code_action(params: t.CodeActionParams):
        found = document(params.text_document.uri)
        return diagnostics.code_actions(found, params.range) if found else []

    @server.feature(t.TEXT_DOCUMENT_COMPLETION, t.CompletionOptions(trigger_characters=['"', " "]))
    @guarded([])
    def complete(params: t.CompletionParams):
        found = document(params.text_document.uri)
        return completion.completions(found, params.position) if found else []

    @server.feature(t.TEXT_DOCUMENT_HOVER)
    @guarded(None)
    def on_hover(params: t.HoverParams):
        found = document(params.text_document.uri)
        return hover.hover(found, params.position) if found else None

    @server.feature(t.TEXT_DOCUMENT_DEFINITION)
    @guarded([])
    def definition(params: t.DefinitionParams):
        found = document(params.text_document.uri)
        return navigation.definition(found, params.position) if found else []

    @server.feature(t.TEXT_DOCUMENT_REFERENCES)
    @guarded([])
    def references(params: t.ReferenceParams):
        found = document(params.text_document.uri)
        return navigation.references(found, params.position, params.context.include_declaration) if found else []

    @server.feature(t.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    @guarded([])
    def outline(params: t.DocumentSymbolParams):
        found = document(params.text_document.uri)
        return symbols.document_symbols(found) if found else []

    @server.feature(t.TEXT_DOCUMENT_FOLDING_RANGE)
    @guarded([])
    def folding(params: t.FoldingRangeParams):
        found = document(params.text_document.uri)
        return symbols.folding_ranges(found) if found else []

    @server.feature(t.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, tokens.LEGEND)
    @guarded(t.SemanticTokens(data=[]))
    def semantic(params: t.SemanticTokensParams):
        found = document(params.text_document.uri)
        return tokens.semantic_tokens(found) if found else t.SemanticTokens(data=[])

    @server.feature(t.TEXT_DOCUMENT_FORMATTING)
    @guarded([])
    def format_document(params: t.DocumentFormattingParams):
        found = document(params.text_document.uri)
        return formatting.format_edits(found) if found else []

    return server
