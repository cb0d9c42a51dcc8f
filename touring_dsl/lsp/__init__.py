"""Language server stage: the editor's help for .touring files (diagnostics, completion, hover, navigation...).

Each feature is a plain function over a document's text and uri returning lsprotocol types (analysis.py
compiles a text once for all of them); server.py is the thin pygls layer that speaks the protocol over
stdio, and could as well serve them over a WebSocket. lsprotocol and pygls come with the `lsp` extra.
"""
