"""The search's playouts on the compiled kernel (bots.compiled.playouts) are the Python playouts' very games.

- On real mid-game positions of a few editions (counters, penalties, a mechanic's question), the tables a
  decision deals and every move's playout end where search.pimc's Python path ends them: winner,
  outcome, turns and miles, table for table; and the caller's generator is left in the same state.
- The rollout bot values the moves alike and chooses the same moves, game for game, with the compiled
  playouts and without them.
- No numba, TOURING_KERNEL=python, a kernel the translation refuses: no compiled playouts (the Python
  ones play).

tests/conftest.py asks every other test for the Python kernel; these ask for the compiled one. Each
edition's playouts module is a numba compile of some 12 s of CPU, so few editions are played here.
"""
from __future__ import annotations

import pytest

from touring_dsl.base.rng import Rng
from touring_dsl.bots.compiled import playouts
from touring_dsl.bots.compiled.translate import CannotCompile
from touring_dsl.bots.playout import rule_playout, tables_loop
from touring_dsl.bots.search.determinize import Belief
from touring_dsl.bots.search.pimc import RolloutBot
from touring_dsl.engine.moves import code_of
from touring_dsl.language.archive import load

from test_ismcts import positions

# seatings: touring-1937 (the rollout bot's edition), with three players too; counters and a scored race, with
# teams of two (mille-bornes, four players); penalties paid in miles; a mechanic's question answered by the
# rule (discard-draw)
SEATINGS = (("touring-1937", 2), ("touring-1937", 3), ("mille-bornes", 4), ("touring-1937-penalties", 2),
            ("discard-draw-mille-bornes", 2))
RULE = "expert"


@pytest.fixture(autouse=True)
def compiled_kernel_wanted(monkeypatch):
    """tests/conftest.py asks every other test for the Python kernel; these ask for the compiled one."""
    monkeypatch.setenv("TOURING_KERNEL", "compiled")


def decisions(edition: str, players: int = 2, seeds=range(4)):
    """Real positions (random moves from a fresh deal: test_ismcts.positions), each a Belief of the seat to
    act with its legal move codes, where the search would play out (no answer waited for, a choice)."""
    ruleset = load(edition)
    for game in positions(ruleset, players, seeds=seeds):
        while game.pending is not None and not game.is_over:  # a question answered (discard-draw asks each turn)
            game.apply_code(game.code_of(game.legal_moves()[0]))
        if not game.is_over and len(game.legal_moves()) > 1:
            belief = Belief(game.view(game.to_act))
            yield belief, [code_of(belief.seen.t, move) for move in game.legal_moves()]


def python_ends(belief: Belief, codes: list[int], samples: int, rng: Rng, strings: list[str]) -> list:
    """search.pimc's Python playouts, their ends as the compiled ones write them."""
    t = belief.seen.t
    to_the_end = rule_playout(t, RULE)
    ends = []
    for _ in range(samples):
        table = belief.sample(rng)
        seed = rng.below(1 << 30)
        row = []
        for code in codes:
            game = table.clone(Rng(seed))
            game.apply_code(code)
            to_the_end(game)
            row.append([-1 if game.winner is None else game.winner, strings.index(game.outcome), game.turns,
                        *game.miles])
        ends.append(row)
    return ends


@pytest.mark.parametrize("edition,players", SEATINGS)
def test_compiled_playouts_end_where_the_python_ones_do(edition, players):
    pytest.importorskip("numba")
    compared = 0
    for belief, codes in decisions(edition, players):
        compiled = playouts.playouts_for(belief.seen.t, RULE)
        assert compiled is not None, "no compiled playouts for this seating"
        mine, theirs = Rng(17), Rng(17)
        decision = compiled.decision(belief.seen, belief.unseen, belief.hidden_hands, belief.draw_size, codes)
        ends = decision.play(12, mine).tolist()
        assert ends == python_ends(belief, codes, 12, theirs, compiled.strings)
        assert mine.state == theirs.state
        compared += 1
    assert compared >= 3


@pytest.mark.parametrize("edition", ["touring-1937", "mille-bornes"])
def test_the_rollout_bot_values_moves_alike_on_both_paths(monkeypatch, edition):
    """Miles judged from the playouts' ends (touring-1937), race points by score_race over each finished
    table as it comes back whole (mille-bornes): the same values as the Python playouts'."""
    pytest.importorskip("numba")
    bot = RolloutBot(load(edition), "30")
    compared = 0
    for belief, codes in decisions(edition, seeds=range(3)):
        compiled = bot.compiled_values(belief, codes, Rng(8))
        assert compiled is not None
        monkeypatch.setenv("TOURING_KERNEL", "python")
        assert bot.compiled_values(belief, codes, Rng(8)) is None
        assert bot.values(belief, codes, Rng(8)) == compiled
        monkeypatch.setenv("TOURING_KERNEL", "compiled")
        compared += 1
    assert compared >= 2


def test_the_rollout_bot_chooses_the_same_moves_with_the_compiled_playouts(monkeypatch):
    """A whole game of the rollout bot against the expert rule, on each path: the same moves, the same end."""
    pytest.importorskip("numba")
    from touring_dsl.bots.players import make_bot, play
    from touring_dsl.engine import new_game

    ruleset = load("touring-1937")
    used = []
    compiled_values = RolloutBot.compiled_values

    def counted(self, belief, codes, rng):
        values = compiled_values(self, belief, codes, rng)
        used.append(values is not None)
        return values

    monkeypatch.setattr(RolloutBot, "compiled_values", counted)

    def game_with(kernel: str):
        monkeypatch.setenv("TOURING_KERNEL", kernel)
        moves = []

        class Recorded:
            name = "rollout:20"

            def __init__(self):
                self.bot = make_bot("rollout:20", ruleset)

            def choose(self, view, legal, rng):
                move = self.bot.choose(view, legal, rng)
                moves.append(move)
                return move

        game = play(new_game(ruleset, 2, 4), [Recorded(), make_bot("expert", ruleset)], Rng(4))
        return moves, game.winner, game.miles, game.turns

    compiled = game_with("compiled")
    assert len(used) >= 10 and all(used)  # every search played out in the compiled kernel
    used.clear()
    python = game_with("python")
    assert len(used) >= 10 and not any(used)
    assert compiled == python


def test_no_compiled_playouts_with_the_python_kernel_asked_for(monkeypatch):
    monkeypatch.setenv("TOURING_KERNEL", "python")
    t = Belief(load_view("touring-1937")).seen.t
    assert playouts.playouts_for(t, RULE) is None


def test_no_compiled_playouts_without_numba(monkeypatch, without_numba):
    monkeypatch.setattr(playouts, "_LOADED", {})
    t = Belief(load_view("touring-1937")).seen.t
    assert playouts.playouts_for(t, RULE) is None


def test_a_kernel_the_translation_refuses_leaves_the_python_playouts(monkeypatch):
    pytest.importorskip("numba")

    def refuses(*args, **kwargs):
        raise CannotCompile("mechanics.stacking.kernel.hold", "self.mystery(turns)", "a call of .mystery")

    monkeypatch.setattr(playouts, "module_source", refuses)
    monkeypatch.setattr(playouts, "_LOADED", {})
    belief, codes = next(decisions("touring-1937"))
    assert playouts.playouts_for(belief.seen.t, RULE) is None
    bot = RolloutBot(load("touring-1937"), "3")
    assert bot.compiled_values(belief, codes, Rng(1)) is None
    assert len(bot.values(belief, codes, Rng(1))) == len(codes)


def load_view(edition: str):
    from touring_dsl.engine import new_game

    game = new_game(load(edition), 2, 1)
    return game.view(game.to_act)


def test_the_random_seats_playouts_are_the_loops_too():
    """With every seat random (the loop's random policy drawing from Rng(0)), the same games as the Python loop."""
    pytest.importorskip("numba")
    belief, codes = next(decisions("touring-1937"))
    t = belief.seen.t
    compiled = playouts.playouts_for(t, None)
    _, loop, _, _ = tables_loop(t, False)
    mine, theirs = Rng(5), Rng(5)
    decision = compiled.decision(belief.seen, belief.unseen, belief.hidden_hands, belief.draw_size, codes)
    ends = decision.play(10, mine).tolist()
    expected = []
    for _ in range(10):
        table = belief.sample(theirs)
        seed = theirs.below(1 << 30)
        row = []
        for code in codes:
            game = table.clone(Rng(seed))
            game.apply_code(code)
            if not game.is_over:
                loop(game, Rng(0), 0, None, [0] * t.K, [0] * t.K, [0] * t.K)
            row.append([-1 if game.winner is None else game.winner, compiled.strings.index(game.outcome), game.turns,
                        *game.miles])
        expected.append(row)
    assert ends == expected and mine.state == theirs.state


def translated(body: str) -> str:
    """A function of the measuring loop's shape, translated for numba (tests/test_compiled_kernel.py's way)."""
    import ast

    from touring_dsl.bots.compiled.translate import Context, FunctionTranslator, Translated
    from touring_dsl.engine import tables_for

    t = tables_for(load("touring-1937"), 2, None)
    text = "def play(self, rng):\n" + "".join(f"    {line}\n" for line in body.splitlines())
    ctx = Context(t, Translated(fields=("hands",), scalars=("turns",)), {}, {})
    lines = text.count("\n")
    return ast.unparse(FunctionTranslator(ctx, ast.parse(text).body[0], text, ["engine.codegen.x"] * lines).run())


def test_a_loop_over_a_masks_bits_makes_no_array():
    """`for c in BITS[m]` (the rule's discard, every turn it discards) loops over the card codes, skipping
    the bits not set; where the loop's card is read after the loop it stays a loop over bits_of's array."""
    quick = translated("for c in BITS[hm]:\n    if c > 3:\n        break")
    assert "bits_of" not in quick and "for c in range(K):" in quick and "if not _bits2 >> c & 1:" in quick
    kept = translated("for c in BITS[hm]:\n    pass\nturns = c")
    assert "for c in bits_of(hm):" in kept


def test_a_table_waiting_for_a_discard_down_is_played_out_in_python():
    """The compiled playouts start from a turn: a decision whose table waits (a discard down to the hand size,
    which a View shows apart from a counter's question) is played out in Python, as before."""
    pytest.importorskip("numba")
    from touring_dsl.engine.schema import DISCARD_DOWN

    belief, codes = next(decisions("touring-1937"))
    bot = RolloutBot(load("touring-1937"), "3")
    assert bot.compiled_values(belief, codes, Rng(1)) is not None
    belief.seen.pending = DISCARD_DOWN
    assert bot.compiled_values(belief, codes, Rng(1)) is None


def test_a_budget_in_seconds_deals_a_table_a_call_until_the_clock_runs_out(monkeypatch):
    """rollout:0.02s: the compiled playouts take a table a call, as values deals them against the clock."""
    pytest.importorskip("numba")
    calls = []
    play = playouts.Decision.play

    def counted(self, samples, rng, whole=False):
        calls.append(samples)
        return play(self, samples, rng, whole)

    monkeypatch.setattr(playouts.Decision, "play", counted)
    belief, codes = next(decisions("touring-1937"))
    values = RolloutBot(load("touring-1937"), "0.02s").values(belief, codes, Rng(2))
    assert len(calls) >= 2 and set(calls) == {1}
    assert [len(v) for v in values] == [len(calls)] * len(codes)


@pytest.mark.parametrize("edition,players", [("mille-bornes", 4), ("touring-1937-penalties", 2)])
def test_a_finished_table_comes_back_whole(edition, players):
    """Every field of a finished table, as the compiled playouts hand it back (Playouts.finished), is the
    Python playout's: what score_race reads, and the rest."""
    pytest.importorskip("numba")
    from touring_dsl.engine.schema import state_fields

    belief, codes = next(decisions(edition, players))
    compiled = playouts.playouts_for(belief.seen.t, RULE)
    _, tables = compiled.decision(belief.seen, belief.unseen, belief.hidden_hands, belief.draw_size, codes).play(
        3, Rng(9), whole=True)
    theirs, to_the_end = Rng(9), rule_playout(belief.seen.t, RULE)
    for table in tables:
        dealt = belief.sample(theirs)
        seed = theirs.below(1 << 30)
        for code, row in zip(codes, table):
            game = dealt.clone(Rng(seed))
            game.apply_code(code)
            to_the_end(game)
            again = compiled.finished(belief.seen, row)
            for field in state_fields():
                if field.name not in ("aside", "pending"):
                    assert getattr(again, field.name) == getattr(game, field.name), field.name
