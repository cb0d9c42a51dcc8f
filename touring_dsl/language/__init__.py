"""The language: lexer, parser, compiler and checks, the compiled model, errors and the archive.

A layer above touring_dsl.base and touring_dsl.mechanics (each mechanic carries its grammar and model part).
"""
