"""Bots stage, strategy: bots that play for what an edition rewards, read from its compiled rules."""
from .knowledge import Knowledge, knowledge_for
from .scorer import ScorerBot

__all__ = ["Knowledge", "ScorerBot", "knowledge_for"]
