"""Engine stage: plays any compiled Ruleset; one integer-coded rules core under a Move/Event API."""
from .kernel import source_for
from .fast import run_random
from .game import Game, new_game
from .moves import Event, IllegalMove, Move
from .position import build_position
from .tables import Tables, tables_for
from .view import SideView, View

__all__ = ["Game", "new_game", "Event", "IllegalMove", "Move", "View", "SideView", "Tables", "tables_for",
           "run_random", "build_position", "source_for"]
