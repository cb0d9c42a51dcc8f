"""Search stage: bots that look ahead by playing sampled deals out in the fast kernel (ismcts)."""
from .determinize import Belief
from .ismcts import IsmctsBot

__all__ = ["Belief", "IsmctsBot"]
