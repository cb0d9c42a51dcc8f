"""Examples stage: lay out each `example` position, play its moves on the engine, test its expectations."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import Game, Move, build_position
from ..engine.position import PositionError
from ..engine.rules.scoring import score_race
from ..language.model import Example, ExampleCheck, ExampleMove, Location, Ruleset


@dataclass(frozen=True)
class Failure:
    message: str  # "what was expected, what happened"
    location: Location | None


@dataclass(frozen=True)
class ExampleResult:
    title: str
    location: Location | None
    failures: tuple[Failure, ...] = field(default=())

    @property
    def passed(self) -> bool:
        return not self.failures

    def to_json(self) -> dict:
        return {"title": self.title, "passed": self.passed, "location": _loc_json(self.location),
                "failures": [{"message": f.message, "location": _loc_json(f.location)} for f in self.failures]}


def _loc_json(location: Location | None) -> dict | None:
    return None if location is None else {"file": location.file, "line": location.line, "column": location.column}


def run_examples(ruleset: Ruleset) -> list[ExampleResult]:
    return [run_example(ruleset, example) for example in ruleset.examples]


def run_example(ruleset: Ruleset, example: Example) -> ExampleResult:
    where = example.provenance.location
    try:
        game = example_position(ruleset, example)
    except (PositionError, KeyError, ValueError) as exc:
        return ExampleResult(example.title, where, (Failure(f"the position cannot be set up: {exc}", where),))
    events: list = []
    failures = _play(game, example, events)
    if not failures:
        kinds = {e.kind for e in events}
        failures = [f for check in example.checks if check.what != "illegal"
                    for f in [_check(game, check, kinds)] if f is not None]
    return ExampleResult(example.title, where, tuple(failures))


def example_position(ruleset: Ruleset, example: Example) -> Game:
    """The example's `given` table, its first player to act (already drawn)."""
    sides = {s.side - 1: {"go": s.go, "zone": s.zone, "piles": s.piles, "safeties": s.safeties}
             for s in example.sides}
    hands = {player - 1: list(cards) for player, cards in example.hands}
    return build_position(ruleset, example.players, example.setup, sides=sides, hands=hands, zone=example.zone,
                          deck=example.deck, deck_size=example.deck_size, discard=example.discard,
                          to_act=example.to_act - 1)


def _play(game: Game, example: Example, events: list) -> list[Failure]:
    """Play the example's moves; what happened is added to `events`."""
    refused = next((c for c in example.checks if c.what == "illegal"), None)
    last = len(example.moves) - 1
    for i, step in enumerate(example.moves):
        move, problem = resolve_move(game, step)
        if problem:
            return [Failure(problem, step.location)]
        if move is None:
            if refused is not None and i == last:
                return []
            why = game.why_not(game.to_act, step.card) if step.card and step.action == "play" else None
            return [Failure(f"expected {_says(step)} to be legal, but the engine refused it"
                            + (f" ({why})" if why else ""), step.location)]
        if refused is not None and i == last:
            return [Failure(f"expected {_says(step)} to be refused, but it was legal", refused.location)]
        events.extend(game.apply(move))
    return []


def resolve_move(game: Game, step: ExampleMove) -> tuple[Move | None, str | None]:
    """The legal move an example step names: (move, None); (None, None) if it is illegal;
    (None, message) if the step could mean several moves."""
    candidates = [m for m in game.legal_moves() if m.action == step.action and m.card == step.card]
    if step.target is not None:
        candidates = [m for m in candidates if m.target == step.target - 1]
    elif len({m.target for m in candidates}) > 1:
        sides = ", ".join(str(m.target + 1) for m in candidates if m.target is not None)
        return None, f"{_says(step)} is ambiguous: it may go on side {sides}; name the side"
    if step.taken:
        wanted = tuple(sorted(step.take))
        candidates = [m for m in candidates if m.take == wanted]
    elif len({m.take for m in candidates}) > 1:
        options = "; ".join(_take_words(m.take) for m in candidates)
        return None, f"{_says(step)} is ambiguous: the penalty may take {options}; say what is taken"
    return (candidates[0] if candidates else None), None


def _take_words(take) -> str:
    return ", ".join(f"{n} x {card}" for card, n in take) or "nothing"


def _says(step: ExampleMove) -> str:
    if step.card is None:  # declining a counter, or a mechanic's decision ("extend")
        return step.action
    if step.action == "counter":
        return f'counter with "{step.card}"'
    text = f'{step.action} "{step.card}"'
    if step.target is not None:
        text += f" on side {step.target}"
    if step.taken:
        text += " taking " + _take_words(step.take)
    return text


def _check(game: Game, check: ExampleCheck, events: set[str] = frozenset()) -> Failure | None:
    expected, actual = _expectation(game, check, events)
    if expected == actual:
        return None
    return Failure(f"expected {_describe(check)} {_show(expected)}, found {_show(actual)}", check.location)


def _expectation(game: Game, check: ExampleCheck, events: set[str] = frozenset()):
    t = game.t
    side = None if check.side is None else check.side - 1
    what = check.what
    if what == "miles":
        return check.number, game.miles[side]
    if what == "pile":
        return check.number, game.mileage_counts[side][t.code[check.card]]
    if what == "go-top":
        pile = game.go_piles[side]
        return check.card, t.names[pile[-1]] if pile else None
    if what == "go-empty":
        return True, not game.go_piles[side]
    if what == "zone":
        return check.card, t.zone_names[game.zone_state[0 if side is None else side]]
    if what == "discard-top":
        return check.card, t.names[game.discard[-1]] if game.discard else None
    if what == "discard-count":
        return check.number, len(game.discard)
    if what == "hand-count":
        return check.number, len(game.hands[check.player - 1])
    if what == "hand-has":
        return True, t.code[check.card] in game.hands[check.player - 1]
    if what == "winner":
        return check.side, None if game.winner is None else game.winner + 1
    if what == "draw-count":
        return check.number, len(game.draw)
    if what == "to-act":
        return check.player, game.to_act + 1
    if what == "score":  # the side's score for the race, once it is over
        return check.number, score_race(game)[side].total if game.is_over else None
    if what == "safety":
        return True, t.code[check.card] in game.safety_piles[side]
    if what == "legal":
        return True, any(m.action == "play" and m.card == check.card and (side is None or m.target == side)
                         for m in game.legal_moves())
    if what == "not-over":
        return False, game.is_over
    if what == "hand-lacks":
        return False, t.code[check.card] in game.hands[check.player - 1]
    if what == "discards":
        return check.cards, tuple(t.names[c] for c in game.discard)
    if what == "go-count":
        return check.number, len(game.go_piles[side])
    if what == "zone-count":
        return check.number, len(game.zone_piles[0 if side is None else side])
    if what == "event":
        return True, check.event in events
    raise ValueError(f"unknown check {what}")


def _describe(check: ExampleCheck) -> str:
    side = f"side {check.side} " if check.side is not None else ""
    words = {"miles": f"{side}miles", "pile": f'{side}pile "{check.card}"', "go-top": f"{side}go top",
             "go-empty": f"{side}go pile empty", "zone": f"{side}zone", "discard-top": "discard top",
             "discard-count": "discards", "hand-count": f"hand {check.player} count",
             "hand-has": f'hand {check.player} to have "{check.card}"', "winner": "winner",
             "draw-count": "draw pile size", "to-act": "player to act", "legal": f'"{check.card}" legal',
             "not-over": "race over", "hand-lacks": f'hand {check.player} to hold "{check.card}"',
             "discards": "discard pile", "go-count": f"{side}go pile size",
             "zone-count": f"{side}zone pile size", "event": f'a "{check.event}" event',
             "safety": f'{side}safety "{check.card}"', "score": f"{side}score"}
    return words.get(check.what, check.what)


def _show(value) -> str:
    if value is None:
        return "none"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, tuple):
        return ", ".join(_show(v) for v in value) or "nothing"
    return f'"{value}"' if isinstance(value, str) else str(value)
