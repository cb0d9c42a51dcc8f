"""Play: game logs, worked-example scenarios and what a seat sees (table view, score sheet, counter words).

A layer above the engine.
"""
