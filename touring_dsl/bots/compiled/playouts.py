"""Bots stage, the search's playouts on the compiled kernel: whole tables dealt and played out by numba.

The rollout bot (search.pimc) deals `samples` tables a seat could be facing (search.determinize.Belief)
and, on each, applies every legal move and plays the game to its end with the rule for every seat in
the measuring loop (playout.rule_playout). Here all of that runs inside one compiled call a decision:
the public table the seat sees is packed once into a flat array of numbers (every state field the
translated functions read: `pack`), and the numba module's `rollouts` deals the unseen cards into the
hidden hands and the draw pile as Belief.sample does, draws the reshuffle seed as pimc does, and for
each move applies it (the kernel's own apply_code, translated) and plays the translated loop to the
end, writing each playout's end (winner, outcome, turns, each side's miles). The generator of
base.rng runs in uint64 arithmetic inside, so the tables, the reshuffles and the moves are those of
the Python path, and the caller's generator is left where the Python path leaves it.

The module is translate.py's and runtime.py's (the loop with every seat on the rule, apply_code, and
the driver below), cached in the user's private folder like the simulator's. `playouts_for` gives
None when numba is missing, TOURING_KERNEL is `python`, or the kernel cannot be translated
(CannotCompile): the search then plays its playouts in Python, the same games.
"""
from __future__ import annotations

import sys
import threading

from ...engine.schema import ONE
from ...engine.tables import Tables
from ..greedy import STYLE_NAMES
from .background import compile_in_background, lower_priority, progress
from .runtime import (RunTables, compiled_folder, forced, is_cached, load_named, module_source, state_fields_of, wanted,
                      warm_insert, write_module)
from .translate import CannotCompile, Translated

# a playout's row: these columns, then each side's miles
ENDS = ("winner", "outcome", "turns")
ENTRY = "apply_code"  # the kernel function the driver applies each first move with


def driver(tr: Translated, t: Tables) -> str:
    """rollouts: a packed public table, dealt `samples` times and played out after each move."""
    def fields(function: str) -> str:
        return "".join(f"{f}, " for f in tr.used[function])

    lines = []  # the table as seen, unpacked into seen_<field>; the working fields made beside it
    copies = []  # each playout's fields copied from the table as seen (those the loop or apply_code reads)
    read = set(tr.used["play"]) | set(tr.used[ENTRY])
    for f in state_fields_of(tr):
        n, items = f.name, f.items(t)
        before = len(copies)
        if n in tr.arrays:
            shape = (items, t.K) if n in tr.nested else items
            lines += [f"seen_{n} = np.zeros({shape}, np.int64)", f"{n} = np.zeros({shape}, np.int64)"]
            if n in tr.nested:
                lines += [f"for _v in range({items}):", f"    for _c in range({t.K}):",
                          f"        seen_{n}[_v, _c] = packed[i]", "        i += 1"]
            else:
                lines += [f"for _v in range({items}):", f"    seen_{n}[_v] = packed[i]", "    i += 1"]
            copies += ([f"for _v in range({items}):", f"    for _c in range({t.K}):", f"        {n}[_v, _c] = seen_{n}[_v, _c]"]
                       if n in tr.nested else [f"for _v in range({items}):", f"    {n}[_v] = seen_{n}[_v]"])
        elif n in tr.nested:
            lines += [f"seen_{n} = [new_list() for _ in range({items})]", f"{n} = [new_list() for _ in range({items})]",
                      f"for _v in range({items}):", "    _k = packed[i]", "    i += 1",
                      "    for _j in range(_k):", f"        seen_{n}[_v].append(packed[i])", "        i += 1"]
            copies += [f"for _v in range({items}):", f"    fill_flat({n}[_v], seen_{n}[_v])"]
        elif f.shape == ONE:
            lines += [f"seen_{n} = new_list()", f"{n} = new_list()", "_k = packed[i]", "i += 1",
                      "for _j in range(_k):", f"    seen_{n}.append(packed[i])", "    i += 1"]
            copies.append(f"fill_flat({n}, seen_{n})")
        else:
            lines += [f"seen_{n} = [np.int64(0) for _ in range({items})]", f"{n} = [np.int64(0) for _ in range({items})]",
                      f"for _v in range({items}):", f"    seen_{n}[_v] = packed[i]", "    i += 1"]
            copies += [f"for _v in range({items}):", f"    {n}[_v] = seen_{n}[_v]"]
        if n not in read:
            del copies[before:]
    slots = len(tr.scalars)
    lines += [f"seen_sc = np.zeros({slots + 4}, np.int64)", f"sc = np.zeros({slots + 4}, np.int64)",
              f"for _j in range({slots}):", "    seen_sc[_j] = packed[i]", "    i += 1"]
    copies += [f"for _j in range({slots + 4}):", "    sc[_j] = seen_sc[_j]"]  # (loops: numba compiles a slice's copy slowly)
    over, winner, outcome, turns = (tr.scalars.index(n) for n in ("is_over", "winner", "outcome", "turns"))
    if not {"hands", "draw", "hand_mask"} <= set(tr.fields):  # what the deal writes
        raise CannotCompile("bots.compiled.playouts", "rollouts", "a kernel without hands, a draw pile or masks")
    body = "\n".join("    " + line for line in lines)
    loop_args = ", ".join(loop_parameters(tr))
    copy = "\n".join("            " + line for line in copies)
    ends = "\n".join(f"            out[g, m, {len(ENDS) + v}] = miles[{v}]" for v in range(t.sides))
    whole = "\n".join("                " + line for line in state_writer(tr, t))
    return f'''

@njit(cache=True)
def rollouts(packed, unseen, hidden, draw_size, codes, samples, resume, greedy, rules, out, states, pen_index,
             pen_store, takes_p, takes_n, takes_len, need):
    """search.pimc's playouts of one decision: `samples` tables dealt from the packed public table (the
    unseen cards shuffled into the hidden hands, given as seat, size pairs, and the draw pile), each
    move of `codes` applied on each and the game played to its end (the seats in `greedy` on the rule, in
    the Style numbered rules[seat]):
    out[table, move] = winner, outcome, turns, each side's miles; and where `states` has rows (races that
    score points: score_race reads the whole table), states[table, move] = the finished table, packed as
    `packed` is. Returns the generator's state after. `resume` holds the first table to deal, the
    generator's state before it and the first move to play out on it (0, the caller's state and 0 at first),
    and is kept up to date as the playouts go, so that a call stopped by a penalty's plays not known yet
    goes on from the playout it stopped at."""
    i = 0
{body}
    grng = np.zeros(1, np.uint64)
    brng = np.zeros(1, np.uint64)
    rng = np.zeros(1, np.uint64)
    rng[0] = resume[1]
    noev = np.full(1, -1, np.int64)
    plays = np.zeros(K, np.int64)
    hits = np.zeros(K, np.int64)
    paid = np.zeros(K, np.int64)
    pool = np.empty(len(unseen), np.int64)
    duel_buf = np.empty(2 * K, np.int64)
    rule_cols = np.empty((4, 256), np.int64)  # the rule's columns of plays (runtime.RULE_PLAY)
    idle = splitmix64(np.uint64(0))
    for g in range(resume[0], samples):
        resume[0] = g
        resume[1] = rng[0]
        for _j in range(len(unseen)):
            pool[_j] = unseen[_j]
        shuffle(pool, rng)
        rng[0] = lcg_step(rng[0])
        seed = below(rng[0], 1 << 30)
        for m in range(resume[2], len(codes)):
            resume[2] = m
{copy}
            at = 0
            for h in range(0, len(hidden), 2):
                seat = hidden[h]
                hand = hands[seat]
                hand.clear()
                mask = 0
                for _j in range(at, at + hidden[h + 1]):
                    hand.append(pool[_j])
                    mask |= 1 << pool[_j]
                hand_mask[seat] = mask
                at += hidden[h + 1]
            draw.clear()
            for _j in range(at, at + draw_size):
                draw.append(pool[_j])
            grng[0] = splitmix64(np.uint64(seed))
            brng[0] = idle
            apply_code({fields(ENTRY)}sc, grng, noev, codes[m], noev)
            if not sc[{over}]:
                play({loop_args})
            out[g, m, 0] = sc[{winner}]
            out[g, m, 1] = sc[{outcome}]
            out[g, m, 2] = sc[{turns}]
{ends}
            if len(states):
                row = states[g, m]
                i = 0
{whole}
        resume[2] = 0
    return rng[0]
'''


def loop_parameters(tr: Translated) -> list[str]:
    """The translated loop's parameters, which the driver passes by the same names (its own or the state's)."""
    import ast

    play = next(f for f in tr.functions if "\ndef play(" in f)
    tree = ast.parse(play[play.index("def play("):])
    return [a.arg for a in tree.body[0].args.args]


def state_writer(tr: Translated, t: Tables) -> list[str]:
    """The lines that write the finished table into `row` from slot i on, in pack's order (a list that
    would pass the row's end stops the call: state_width leaves room for every card of the deck)."""
    width = state_width(tr, t)
    lines = []
    for f in state_fields_of(tr):
        n, items = f.name, f.items(t)
        if n in tr.arrays and n in tr.nested:
            lines += [f"for _v in range({items}):", f"    for _c in range({t.K}):", f"        row[i] = {n}[_v, _c]",
                      "        i += 1"]
        elif n in tr.nested or f.shape == ONE:
            each = f"{n}[_v]" if n in tr.nested else n
            lines += [f"for _v in range({items if n in tr.nested else 1}):",
                      f"    if i + 1 + len({each}) > {width}:", "        raise IndexError('a finished table wider than its row')",
                      f"    row[i] = len({each})", "    i += 1", f"    for _x in {each}:", "        row[i] = _x",
                      "        i += 1"]
        else:
            lines += [f"for _v in range({items}):", f"    row[i] = {n}[_v]", "    i += 1"]
    lines += [f"for _j in range({len(tr.scalars)}):", "    row[i] = sc[_j]", "    i += 1"]
    return lines


def state_width(tr: Translated, t: Tables) -> int:
    """A finished table's packed length at most: each list's length and every card of the deck in some list,
    the fixed arrays, and the single values."""
    width = len(t.deck_codes) + len(tr.scalars)
    for f in state_fields_of(tr):
        items = f.items(t)
        if f.name in tr.arrays and f.name in tr.nested:
            width += items * t.K
        elif f.name in tr.nested:
            width += items
        else:
            width += 1 if f.shape == ONE else items
    return width


def unpack_source(tr: Translated, t: Tables) -> str:
    """`unpack(game, row, strings)`: the fields of kernel game `game` set from a finished table as the driver
    writes it (pack's inverse), as the Python kernel keeps them; a number that stands for None where the
    field starts as None (the winner, the outcome) is None again."""
    from ...engine.schema import BYTES, state_fields

    copy = {f.name: f.copy for f in state_fields()}
    starts = {f.name: f.start for f in state_fields()}
    lines = ["def unpack(game, row, strings):", "    i = 0"]
    for f in state_fields_of(tr):
        n, items = f.name, f.items(t)
        if n in tr.arrays and n in tr.nested:
            lines.append(f"    game.{n} = [row[i + {t.K} * v:i + {t.K} * (v + 1)] for v in range({items})]\n"
                         f"    i += {items * t.K}")
        elif n in tr.nested:
            make = "bytearray" if copy[n] == BYTES else "list"
            lines.append(f"    game.{n} = []\n    for _ in range({items}):\n        k = row[i]\n"
                         f"        game.{n}.append({make}(row[i + 1:i + 1 + k]))\n        i += 1 + k")
        elif f.shape == ONE:
            lines.append(f"    k = row[i]\n    game.{n} = row[i + 1:i + 1 + k]\n    i += 1 + k")
        else:
            lines.append(f"    game.{n} = row[i:i + {items}]\n    i += {items}")
    for n in tr.scalars:
        if n == "pending":
            lines.append("    game.pending = None")
        elif n == "outcome":
            lines.append("    game.outcome = None if row[i] < 0 else strings[row[i]]")
        elif n == "is_over":
            lines.append("    game.is_over = bool(row[i])")
        elif starts[n] == "None":
            lines.append(f"    game.{n} = None if row[i] < 0 else row[i]")
        else:
            lines.append(f"    game.{n} = row[i]")
        lines.append("    i += 1")
    return "\n".join(lines) + "\n"


def pack_source(tr: Translated, t: Tables) -> str:
    """`pack(game, strings)`: the game's fields as one list of ints, in the order the driver unpacks them."""
    lines = ["def pack(game, strings):", "    out = []", "    add, more = out.append, out.extend"]
    for f in state_fields_of(tr):
        n = f.name
        if n in tr.arrays and n in tr.nested:
            lines.append(f"    for row in game.{n}:\n        more(row)")
        elif n in tr.nested:
            lines.append(f"    for row in game.{n}:\n        add(len(row))\n        more(row)")
        elif f.shape == ONE:
            lines.append(f"    add(len(game.{n}))\n    more(game.{n})")
        else:
            lines.append(f"    more(game.{n})")
    for n in tr.scalars:
        if n == "pending":
            lines.append("    if game.pending is not None:\n        raise ValueError('a table waiting for an answer')\n"
                         "    add(0)")
        elif n == "outcome":
            lines.append("    add(-1 if game.outcome is None else strings.index(game.outcome))")
        else:
            lines.append(f"    add(-1 if game.{n} is None else int(game.{n}))")
    lines.append("    return out")
    return "\n".join(lines) + "\n"


class Playouts:
    """The compiled playouts of one seating: a decision's tables dealt and played out as search.pimc would."""

    def __init__(self, t: Tables, module, pack, unpack, width: int, greedy: int, style: int):
        import numpy as np

        self.t, self.module, self.pack, self.unpack, self.width, self.greedy = t, module, pack, unpack, width, greedy
        self.rules = np.full(len(t.side_of), style, np.int64)  # each seat's Style number
        self.strings = list(module.STRINGS)
        self.tables = RunTables(t, module)

    def finished(self, seen, row: list[int]):
        """The finished table of a row Decision.play(whole=True) wrote, as a kernel game (a copy of `seen`)."""
        game = seen.clone()
        self.unpack(game, row, self.strings)
        return game

    def decision(self, seen, unseen, hidden, draw_size: int, codes) -> "Decision":
        """A decision's playouts, the public table `seen` (a kernel game waiting for no answer) packed once."""
        return Decision(self, seen, unseen, hidden, draw_size, codes)


class Decision:
    """One decision's playouts: the public table, the unseen cards, the hidden places and the moves, as arrays."""

    def __init__(self, playouts: Playouts, seen, unseen, hidden, draw_size: int, codes):
        import numpy as np

        self.playouts, self.draw_size, self.moves = playouts, draw_size, len(codes)
        self.packed = np.array(playouts.pack(seen, playouts.strings), np.int64)
        self.unseen = np.array(unseen, np.int64)
        self.hidden = np.array([x for pair in hidden for x in pair], np.int64).reshape(-1)
        self.codes = np.array(codes, np.int64)

    def play(self, samples: int, rng, whole: bool = False):
        """`samples` tables dealt with rng (Belief.sample's deal, then pimc's reshuffle seed, table after
        table), each move played out on each: an array [table, move] = winner (-1: none), outcome, turns,
        each side's miles (ENDS); with `whole`, (that array, the finished tables: [table][move] = a row
        for Playouts.finished)."""
        import numpy as np

        p = self.playouts
        out = np.zeros((samples, self.moves, len(ENDS) + p.t.sides), np.int64)
        states = np.zeros((samples, self.moves, p.width) if whole else (0, 1, 1), np.int64)
        resume = np.array([0, rng.state, 0], np.uint64)
        while True:
            try:
                state = p.module.rollouts(self.packed, self.unseen, self.hidden, self.draw_size, self.codes, samples,
                                          resume, p.greedy, p.rules, out, states, *p.tables.args())
                break
            except LookupError:  # a penalty's plays not known yet: found in Python, and the table it stopped at
                if p.tables.need[0] != 1:  # played again (the tables before it are done: resume)
                    raise
                p.tables.fill(p.module)
        rng.state = int(state)
        return (out, states.tolist()) if whole else out


_LOADED: dict = {}  # (id of Tables, rule) -> (Tables, Playouts, or Waiting while a child compiles, or None)
_LOCK = threading.Lock()  # web tables ask from several threads


def playouts_for(t: Tables, rule: str | None = "expert", background: bool = False) -> Playouts | None:
    """The compiled playouts of Tables t with every seat on the rule in Style `rule` (greedy.STYLES), or with
    every seat random when `rule` is None (the loop's random policy, drawing from Rng(0)); None when they
    cannot be had here: the Python playouts play, the same games. With `background`, a module not yet in
    numba's cache is compiled by a child process (compiled.background) and None is the answer until it is
    done, so a bot's first moves do not wait for numba (TOURING_KERNEL=compiled waits)."""
    if not wanted():
        return None
    key = (id(t), rule)
    with _LOCK:
        found = _LOADED.get(key)
        if found is None or found[0] is not t:
            found = _LOADED[key] = (t, attempt(lambda: started(t, rule, background and not forced())))
        if isinstance(found[1], Waiting):
            found = _LOADED[key] = (t, attempt(found[1].ready))
    return found[1] if isinstance(found[1], Playouts) else None


def attempt(load):
    """What load() gives, or None: the kernel refused by the translation, or numba failing on what it
    wrote, which is our bug (reported) and not the game's."""
    try:
        return load()
    except CannotCompile:
        return None
    except Exception as error:  # noqa: BLE001 - numba refusing what the translation wrote is our bug, not the game's
        print(f"touring: internal error (please report it): the compiled playouts did not compile "
              f"({type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}); the Python "
              f"playouts play the same games", file=sys.stderr, flush=True)
        return None


class Waiting:
    """A seating's playouts module written to the private folder and being compiled by a child process."""

    def __init__(self, source: "Source", job):
        self.source, self.job = source, job

    def ready(self) -> "Playouts | Waiting":
        """The playouts, loaded from numba's cache, once the child is done; self while it works."""
        state = progress(self.job)
        if state in ("waiting", "compiling"):
            return self
        if state == "failed":
            raise RuntimeError(f"the child compiling them failed: {self.job.why()}")
        return self.source.load()


class Source:
    """The playouts module of Tables t, translated (some 0.05 s) and written to the private folder."""

    def __init__(self, t: Tables, rule: str | None):
        text, tr = module_source(t, rule is not None, (ENTRY,), (driver,))
        self.t, self.rule, self.tr = t, rule, tr
        self.pack, self.unpack = written(pack_source(tr, t), "pack"), written(unpack_source(tr, t), "unpack")
        self.folder = compiled_folder()
        self.name = write_module(text, self.folder)

    def packed_start(self) -> list[int]:
        """A packed table (the game before its deal) to compile `rollouts` with: the types a decision gives."""
        from ...engine.game import Game

        return self.pack(Game(self.t, 0), list(self.tr.strings))

    def cached(self) -> bool:
        return is_cached(self.folder, self.name, "rollouts")

    def load(self) -> Playouts:
        """The module loaded from numba's cache beside it, or compiled now and kept there."""
        compiled = load_named(self.name, self.folder, None, lambda module: warm(module, self.packed_start()))
        t, seats, width = self.t, len(self.t.side_of), state_width(self.tr, self.t)
        if self.rule is None:
            return Playouts(t, compiled.module, self.pack, self.unpack, width, 0, -1)
        return Playouts(t, compiled.module, self.pack, self.unpack, width, (1 << seats) - 1, STYLE_NAMES.index(self.rule))


def started(t: Tables, rule: str | None, background: bool) -> "Playouts | Waiting":
    """The playouts of Tables t loaded now (from numba's cache, or compiled here unless `background`), or a
    child process started to compile them."""
    source = Source(t, rule)
    if not background or source.cached():
        return source.load()
    return Waiting(source, compile_in_background(source.folder, source.name, source.packed_start()))


def warm(module, packed: list[int]) -> None:
    """Compile (or load from numba's cache) rollouts for the argument types a decision gives it: no table dealt."""
    import numpy as np

    empty = module.new_index()
    none = np.zeros(0, np.int64)
    module.rollouts(np.array(packed, np.int64), none, none, 0, none, 0, np.zeros(3, np.uint64), 0, none, np.zeros((0, 0, 1), np.int64),
                    np.zeros((0, 1, 1), np.int64), empty, np.zeros(1, np.int64), np.zeros((1, 1), np.int64),
                    np.zeros((1, 1), np.int64), np.zeros(1, np.int64), np.zeros(4, np.int64))
    warm_insert(module, empty)


def written(text: str, name: str):
    """The function `name` of a source pack_source or unpack_source wrote."""
    namespace: dict = {}
    exec(compile(text, f"<touring playouts {name}>", "exec"), namespace)  # noqa: S102 - our own text
    return namespace[name]


def compile_child() -> None:
    """A background compile's child (background.Compiling): argv is the private folder and the module's name,
    the packed table comes on standard input. Exits 0 once numba's cache holds the module's `rollouts`."""
    import json
    from pathlib import Path

    folder, name = Path(sys.argv[1]), sys.argv[2]
    lower_priority()
    packed = json.loads(sys.stdin.read())
    load_named(name, folder, None, lambda module: warm(module, packed))
