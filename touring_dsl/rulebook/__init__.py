"""Rulebook stage: a compiled Ruleset -> the rulebook a player reads, as Markdown, HTML or PDF."""
from __future__ import annotations

from .document import build

__all__ = ["build"]
