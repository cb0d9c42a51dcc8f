"""Web stage, the workshop's compile of a draft (in the workshop's child process, workshop_worker.py): its
Ruleset or its located diagnostics, as the language server's analysis gives them (workshop_help), so the
panes that follow a check of the same text (the rulebook, the diff, the examples) cost no compile of their own.

A draft may `extend` an archive edition only, by its id: a path is refused (E205) before anything is read.
"""
from __future__ import annotations

DRAFT_NAME = "draft.touring"  # the name a draft is written under in the child's folder for a balance run


def compile_draft(text: str, draft: str | None):
    """(Ruleset or None, every diagnostic: the errors, or the warnings of a draft that compiles, and the
    name its own locations carry)."""
    from .workshop_help import analysis_of

    found = analysis_of(text, draft)
    return found.ruleset, found.diagnostics, found.file


def parent_of(ruleset):
    """The archive edition a draft extends (a draft extends nothing else), or None."""
    from ..language.archive import load
    from ..language.locate import archive_ids

    if not ruleset.parent or ruleset.parent not in archive_ids():
        return None
    return load(ruleset.parent)
