"""Bots stage, the compiled kernel's module: the translated kernel, its helpers and its chunk driver.

translate.py rewrites the generated kernel and measuring loop; this module puts them into one numba
module with the few helpers they call (the generator of base.rng in uint64 arithmetic, the move-code
fills of engine.tables, list fills) and a driver, play_chunk, that deals, plays and measures a whole
chunk of games inside compiled code and writes one row of numbers per game. The module is written into
the user's private cache folder (base.private_store's rules: a folder of the user's alone), named by a
hash of its source, and compiled with numba's cache=True beside it: a second run loads it warm.
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
import tempfile
import time
from pathlib import Path

from ...base.rng import INCREMENT, MULTIPLIER
from ...engine.schema import ONE
from ...engine.tables import Tables
from ...mechanics.counters.kernel import counter_tables
from ...mechanics.penalties.play import penalty_tables, pile_cards
from ...base.rng import BOT_SALT
from .translate import OFFER_BASE, PENDING_PARTS, CannotCompile, Translated, scalar_start, to_tuple, translate

# a game's row: these columns, then each side's worst deficit
COLUMNS = ("winner", "outcome", "turns", "changes", "since", "leader", "offered", "stuck", "reshuffles", "pmiles")

HELPERS = f'''
from numba import types
from numba.typed import Dict

MULTIPLIER = np.uint64({MULTIPLIER})
INCREMENT = np.uint64({INCREMENT})
U32 = np.uint64(32)
LOW32 = np.uint64(0xFFFFFFFF)


@njit(cache=True)
def new_index():
    """An empty table of penalty plays (RunTables.pen_index): made here, where numba's cache keeps the
    code, rather than by Dict.empty in Python, which numba compiles anew in each process (0.2 s)."""
    return Dict.empty(key_type=types.int64, value_type=types.int64)


@njit(cache=True)
def lcg_step(state):
    """base.rng's step: state * MULTIPLIER + INCREMENT mod 2**64 (uint64 arithmetic wraps by itself)."""
    return state * MULTIPLIER + INCREMENT


@njit(cache=True)
def below(state, n):
    """state * n >> 64, exactly, for 0 < n < 2**32: from the state's two 32-bit halves."""
    un = np.uint64(n)
    return np.int64(((state >> U32) * un + (((state & LOW32) * un) >> U32)) >> U32)


@njit(cache=True)
def splitmix64(value):
    """base.rng.splitmix64, in uint64 arithmetic."""
    z = value + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def shuffle(items, grng):
    """base.rng.Rng.shuffle: Fisher-Yates, step k of the generator swapping item n-k with one below it."""
    n = len(items)
    if n < 2:
        return
    state = grng[0]
    i = n
    while i > 1:
        state = lcg_step(state)
        j = below(state, i)
        i -= 1
        items[i], items[j] = items[j], items[i]
    grng[0] = state


@njit(cache=True)
def new_list():
    return [np.int64(0) for _ in range(0)]


@njit(cache=True)
def fill_flat(target, value):
    target.clear()
    for x in value:
        target.append(x)


@njit(cache=True)
def fill_nested(target, value):
    target.clear()
    for row in value:
        inner = new_list()
        for x in row:
            inner.append(x)
        target.append(inner)


@njit(cache=True)
def fill_array(target, value):
    for i in range(len(value)):
        target[i] = value[i]


@njit(cache=True)
def fill_array2(target, value):
    for i in range(len(value)):
        row = value[i]
        for j in range(len(row)):
            target[i, j] = row[j]


@njit(cache=True)
def count_of(items, x):
    n = 0
    for y in items:
        if y == x:
            n += 1
    return n


@njit(cache=True)
def index_of(items, x):
    for i in range(len(items)):
        if items[i] == x:
            return i
    return -1


@njit(cache=True)
def max_of(items):
    best = items[0]
    for y in items:
        if y > best:
            best = y
    return best


@njit(cache=True)
def min_of(items):
    best = items[0]
    for y in items:
        if y < best:
            best = y
    return best


@njit(cache=True)
def bits_of(m):
    """engine.tables.bits_of: the set bits of m, lowest first."""
    out = np.empty(64, np.int64)
    n = 0
    c = 0
    while m:
        if m & 1:
            out[n] = c
            n += 1
        m >>= 1
        c += 1
    return out[:n]


@njit(cache=True)
def cat(a, b):
    return np.concatenate((a, b))
'''

FILL_DUEL = '''

@njit(cache=True)
def fill_duel(s, key, out):
    """engine.tables.Tables.fill_duel, without the cache: own-side codes, then attacks on the other side,
    written into `out` (the driver's duel_buf, 2K long) and returned as its first part: no array made a
    turn (the loop reads a turn's codes before it asks for the next turn's)."""
    i = 0
    for c in range(K):
        if key >> c & 1:
            out[i] = SELF_CODE[s, c]
            i += 1
    for c in range(K):
        if key >> (K + c) & 1:
            out[i] = TGT_CODE[1 - s, c]
            i += 1
    return out[:i]
'''

FILL_CODES = '''

@njit(cache=True)
def fill_codes(codes, m):
    """engine.tables.Tables.fill_codes, without the cache: the codes of the cards in m."""
    found = bits_of(m)
    out = np.empty(len(found), np.int64)
    for i in range(len(found)):
        out[i] = codes[found[i]]
    return out
'''

PENALTY_PLAYS = '''

@njit(cache=True, no_cpython_wrapper=True)
def penalty_plays(m, victim, zone_state, mileage_counts, pen_index, pen_store, need):
    """mechanics.penalties.play.penalty_plays from the run's table of plays found so far: a play not
    found yet is a miss, which stops the chunk (chunk.py fills it in Python and plays the game again)."""
    zone = zone_state[victim]
    counts = mileage_counts[victim]
    n = 0
    for c in range(K):
        if m >> c & 1:
            owed = PEN[c, zone]
            if owed:
                key = pen_key(c, victim, owed, counts)
                if key not in pen_index:
                    need[0] = 1
                    need[1] = c
                    need[2] = victim
                    need[3] = owed
                    for x in range(K):
                        need[4 + x] = counts[x]
                    raise LookupError("a penalty's plays are not known yet")
                n += pen_index[key] & 0xFFFFF
            else:
                n += 1
    out = np.empty(n, np.int64)
    i = 0
    for c in range(K):
        if m >> c & 1:
            owed = PEN[c, zone]
            if owed:
                found = pen_index[pen_key(c, victim, owed, counts)]
                first = found >> 20
                for j in range(found & 0xFFFFF):
                    out[i] = pen_store[first + j]
                    i += 1
            else:
                out[i] = TGT_CODE[victim, c]
                i += 1
    return out


@njit(cache=True)
def pen_insert(pen_index, keys, values):
    """pen_index[keys[i]] = values[i]: RunTables.fill's plays, entered in one call (numba's typed dict
    takes a third of a millisecond for each item entered from Python)."""
    for i in range(len(keys)):
        pen_index[keys[i]] = values[i]


@njit(cache=True, no_cpython_wrapper=True)
def pen_key(c, victim, owed, counts):
    key = c | victim << 6 | owed << 10
    for i in range(len(PEN_PILES)):
        key |= counts[PEN_PILES[i]] << (26 + 8 * i)
    return key
'''

OFFER_CODES = '''

@njit(cache=True)
def offer_codes(pending):
    k = pending - OFFER_BASE
    return OFFER_CODES[k, :OFFER_LEN[k]].copy()
'''


def driver(tr: Translated, t: Tables) -> str:
    """play_chunk: every game of a chunk dealt, played and measured, one row of `out` each."""
    def fields(function: str) -> str:
        return "".join(f"{f}, " for f in tr.used[function])
    made = []
    for f in state_fields_of(tr):
        items = f.items(t)
        if f.name in tr.arrays:
            made.append(f"{f.name} = np.zeros({(items, t.K) if f.name in tr.nested else items}, np.int64)")
        elif f.name in tr.nested:
            made.append(f"{f.name} = [new_list() for _ in range({items})]")
        elif f.shape == ONE:
            made.append(f"{f.name} = new_list()")
        else:
            made.append(f"{f.name} = [np.int64(0) for _ in range({items})]")
    starts = [f"sc[{i}] = {tr.starts.get(n, 0)}" for i, n in enumerate(tr.scalars)]
    sides = t.sides
    behind = "; ".join(f"out[g, {len(COLUMNS) + v}] = r[3][{v}]" for v in range(sides))
    w, o, tu = (tr.scalars.index(n) for n in ("winner", "outcome", "turns"))
    body = "\n".join("    " + line for line in made + [f"sc = np.zeros({len(tr.scalars) + len(PENDING_PARTS)}, np.int64)"])
    return f'''

@njit(cache=True)
def play_chunk(seed_base, start, count, seat_styles, rotate, plays, hits, paid, out, done, kept, pen_index, pen_store,
               takes_p, takes_n, takes_len, need):
    """Games start..start+count-1 of a run whose seeds come from seed_base: each game's measures in out;
    done[0] counts the games finished and `kept` holds the card counts before the game under way (a
    penalty's plays not yet known stop the chunk there: chunk.py). seat_styles: per seat of the plan, the
    Style number of its rule (-1: random); with `rotate`, game i seats them moved on by i places (Plan.bots_for)."""
{body}
    seats = len(seat_styles)
    rules = np.zeros(seats, np.int64)
    grng = np.zeros(1, np.uint64)
    brng = np.zeros(1, np.uint64)
    noev = np.full(1, -1, np.int64)
    duel_buf = np.empty(2 * K, np.int64)
    rule_cols = np.empty((4, 256), np.int64)  # the rule's columns of plays (rule_play)
    salt = np.uint64({BOT_SALT})
    for g in range(count):
        done[0] = g
        shift = (start + g) % seats if rotate else 0
        greedy = 0
        for i in range(seats):
            rules[i] = seat_styles[(i - shift + seats) % seats]
            if rules[i] >= 0:
                greedy |= 1 << i
        for c in range(len(plays)):  # (loops, not slice assignments: those compile far slower)
            kept[0, c] = plays[c]
            kept[1, c] = hits[c]
            kept[2, c] = paid[c]
{chr(10).join("        " + s for s in starts)}
        seed = seed_base + np.uint64(start + g)
        grng[0] = splitmix64(seed)
        brng[0] = splitmix64(seed ^ salt)
        reset({fields("reset")}sc, grng, noev)
        deal({fields("deal")}sc, grng, noev, np.int64(0))
        r = play({fields("play")}sc, grng, noev, brng, greedy, rules, plays, hits, paid)
        out[g, 0] = sc[{w}]
        out[g, 1] = sc[{o}]
        out[g, 2] = sc[{tu}]
        out[g, 3] = r[0]
        out[g, 4] = r[1]
        out[g, 5] = r[2]
        out[g, 6] = r[4]
        out[g, 7] = r[5]
        out[g, 8] = r[6]
        out[g, 9] = r[7]
        {behind}
    done[0] = count
'''


def state_fields_of(tr: Translated):
    from ...engine.schema import state_fields

    by_name = {f.name: f for f in state_fields()}
    return [by_name[n] for n in tr.fields]


RULE_PLAY = '''

@njit(cache=True, no_cpython_wrapper=True)
def rule_play(style, codes, s, miles, zone_state, g, takes_p, takes_n, takes_len, rule_cols):
    """KernelRule.play: the codes read as greedy.pick_play reads them, into the chunk's four rows of
    columns (made once: no allocation a turn), then greedy.choose_play itself."""
    n = len(codes)
    cols = rule_cols if n <= rule_cols.shape[1] else np.empty((4, n), np.int64)
    for i in range(n):
        code = codes[i]
        cols[0, i] = {action}
        cols[1, i] = {card}
        cols[2, i] = {target}
        take = {take}
        total = 0
        for j in range(takes_len[take]):
            total += R_MILES[takes_p[take, j]] * takes_n[take, j]
        cols[3, i] = total
    i = choose_play(R_KIND, R_MILES, R_REACH, R_ALLOWS, R_ANSWERS, R_FREE, R_LIFTS, R_ZONE_FIRST[style], K, cols[0],
                    cols[1], cols[2], cols[3], n, s, miles, zone_state, R_ONTO[g])
    return codes[i] if i >= 0 else -1
'''


def rule_parts(t: Tables) -> list[str]:
    """The rule seats' part of the module: greedy.choose_play's own source (and what it calls), the facts it
    reads as arrays, and rule_play, which reads the codes for it."""
    import inspect

    from ...bots.greedy import RULE_FUNCTIONS, RULE_NAMES, STYLE_NAMES, STYLES, facts_of
    from ...engine.codec import ACTION, CARD, TAKE, TARGET

    f = facts_of(t)
    arrays = {"R_KIND": f.kind, "R_MILES": f.miles, "R_REACH": f.reach, "R_ALLOWS": f.allow_masks,
              "R_LIFTS": f.lift_rows, "R_ZONE_FIRST": tuple(int(STYLES[n].zone_first) for n in STYLE_NAMES),
              "R_ONTO": tuple(t.onto)}
    parts = [f"{name} = {value}" for name, value in RULE_NAMES.items()]
    parts += [f"{name} = np.array({to_tuple(value)!r}, dtype=np.int64)" for name, value in arrays.items()]
    parts += [f"R_ANSWERS = {f.answer_mask}", f"R_FREE = {f.free_mask}"]
    for function in RULE_FUNCTIONS:
        parts.append("\n\n@njit(cache=True, no_cpython_wrapper=True)\n" + inspect.getsource(function))
    parts.append(RULE_PLAY.format(action=ACTION.of("code"), card=CARD.of("code"), target=TARGET.of("code"),
                                  take=TAKE.of("code")))
    return parts


def answers(t: Tables, tr: Translated) -> str:
    """answer_offer: each mechanic's question answered by the lines its answer_lines writes (CannotCompile
    for a mechanic that writes none: its rule seats then play on the Python kernel)."""
    from ...mechanics import by_name

    lines = ["", "", "@njit(cache=True, no_cpython_wrapper=True)",
             "def answer_offer(pending, s, miles, top, hand, needs):"]
    for i, mechanic_name in enumerate(tr.offer_mechanics):
        mechanic = by_name(mechanic_name)
        own = mechanic.answer_lines(t)
        if own is None:
            raise CannotCompile(f"mechanics.{mechanic.name}", "choose_seen", "its answer has no answer_lines")
        lines.append(f"    if pending == {OFFER_BASE + i}:  # {mechanic.name}")
        lines += ["        " + line for line in own]
        lines.append("        return answer")
    lines.append("    return 0")
    return "\n".join(lines)


def module_source(t: Tables, greedy: bool = False, entries: tuple[str, ...] = (), drivers=()) -> tuple[str, Translated]:
    """The numba module's whole source for Tables t (CannotCompile if a line cannot be translated); `entries`:
    more kernel functions to translate, `drivers`: more functions (tr, t) -> source, written after play_chunk
    (bots.compiled.playouts: the search's playouts)."""
    tr = translate(t, greedy, entries)
    from ...engine.schema import state_fields

    for f in state_fields():
        if f.name in tr.scalars:
            start = scalar_start(f, t)
            tr.starts[f.name] = 0 if start is None else start
    parts = [f'"""numba kernel written by touring_dsl.bots.compiled for {t.ruleset_id}, setup {t.setup_id}, '
             f'{t.players} players."""', "import numpy as np", "from numba import njit", HELPERS,
             f"K = {t.K}", f"OFFER_BASE = {OFFER_BASE}"]
    parts += tr.constants
    parts += [f"{name} = np.array({to_tuple(value)!r}, dtype=np.int64)" for name, value in tr.starts_arrays.items()]
    if tr.offers:
        values = tr.offer_codes
        width = max(len(v) for v in values)
        parts.append(f"OFFER_CODES = np.array({[list(v) + [0] * (width - len(v)) for v in values]!r}, dtype=np.int64)")
        parts.append(f"OFFER_LEN = np.array({[len(v) for v in values]!r}, dtype=np.int64)")
        parts.append(OFFER_CODES)
    if "rule_play" in tr.helpers:
        parts += rule_parts(t)
    if "answer_offer" in tr.helpers:
        parts.append(answers(t, tr))
    if "fill_duel" in tr.helpers:
        parts.append(FILL_DUEL)
    if "fill_codes" in tr.helpers:
        parts.append(FILL_CODES)
    if "penalty_plays" in tr.helpers:
        parts.append(f"PEN = np.array({to_tuple(t.pen)!r}, dtype=np.int64)")
        parts.append(f"PEN_PILES = np.array({pile_cards(t)!r} + (), dtype=np.int64)")
        parts.append(PENALTY_PLAYS)
    parts.append(f"STRINGS = {tuple(tr.strings)!r}  # what the numbers standing for strings stand for (outcomes)")
    parts += ["\n\n" + f for f in tr.functions]
    parts.append(driver(tr, t))
    parts += [more(tr, t) for more in drivers]
    return "\n".join(parts) + "\n", tr


def wanted() -> bool:
    """Whether the compiled kernel may be used: numba importable, and TOURING_KERNEL not `python` (the
    simulator's chunks and the search's playouts ask the same)."""
    if os.environ.get("TOURING_KERNEL", "").strip().lower() == "python":
        return False
    try:
        import numba  # noqa: F401
    except Exception:  # noqa: BLE001 - missing, or broken in this environment: the Python kernel plays
        return False
    return True


class Compiled:
    """A loaded numba module for one seating: its play_chunk and what its numbers mean."""

    def __init__(self, module, seconds: float | None):
        self.module, self.compile_seconds = module, seconds
        self.play_chunk = module.play_chunk
        self.strings = list(module.STRINGS)


def seating_key(t: Tables, greedy: bool = False) -> str | None:
    """What the module of Tables t is made from, hashed without translating anything: the kernel and loop
    sources the Tables carry (written once, and kept by the ruleset cache), the tables the constants
    read, this package's own code, and for rule seats (`greedy`) the rule's part and the mechanics' answers."""
    from ...bots.playout import tables_loop
    from ...engine.kernel import kernel_for

    kernel_for(t)  # (both kept on the Tables: written here only for Tables the ruleset cache did not bring)
    tables_loop(t, greedy)
    kernel, loop = t.compiled.get("kernel"), t.compiled.get(("measuring loop", greedy, False))
    if kernel is None or loop is None:
        return None
    own = "".join(p.read_text(encoding="utf-8") for p in sorted(Path(__file__).parent.glob("*.py")))
    rule = "\n".join(rule_parts(t) + [repr(m.answer_lines(t)) for m in t.mechanics]) if greedy else ""
    parts = (kernel[0], loop[0], own, rule, repr((t.K, t.sides, t.players, t.self_code, t.tgt_code, counter_tables(t),
                                                   [(k, o.codes) for k, o in t.offers.items()], penalty_tables(t))))
    return hashlib.sha256("\x00".join(parts).encode()).hexdigest()[:32]


def indexed(key: str | None, folder: Path) -> str | None:
    """The module name the index keeps for a seating key, if its file is there."""
    if key is None:
        return None
    try:
        name = (folder / "index" / key).read_text(encoding="utf-8").strip()
    except OSError:
        return None
    return name if name.startswith("touring_kernel_") and (folder / f"{name}.py").is_file() else None


def is_warm(t: Tables, greedy: bool = False) -> bool:
    """Whether the module of Tables t (with rule seats if `greedy`) is in the user's cache, compiled:
    loading it costs a fraction of a second, not a compile."""
    folder = compiled_folder()
    name = indexed(seating_key(t, greedy), folder)
    return name is not None and is_cached(folder, name, "play_chunk")


def remember(key: str | None, name: str, folder: Path) -> None:
    if key is None:
        return
    try:
        (folder / "index").mkdir(mode=0o700, exist_ok=True)
        tmp = folder / "index" / f"{key}.tmp"
        tmp.write_text(name, encoding="utf-8")
        tmp.replace(folder / "index" / key)
    except OSError:
        pass  # only slower next time


def compiled_folder() -> Path:
    """The user's own folder for compiled modules (private_store's rules), else a fresh private temp folder."""
    from ...base.private_store import cache_root, private_folder

    found = private_folder(cache_root() / "compiled")
    if found is None:
        found = Path(tempfile.mkdtemp(prefix="touring-compiled-"))  # 0700: this process's alone
    return found


def load_for(t: Tables, announce=None, greedy: bool = False) -> Compiled:
    """The compiled module of Tables t (with rule seats if `greedy`): found through the index without
    translating (a warm run), else translated now (CannotCompile if it cannot be), written and loaded."""
    folder = compiled_folder()
    key = seating_key(t, greedy)
    name = indexed(key, folder)
    if name is not None:
        return load_named(name, folder, announce)
    text, _ = module_source(t, greedy)
    compiled = load(text, announce, folder)
    remember(key, compiled.module.__name__, folder)
    return compiled


def load(text: str, announce=None, folder: Path | None = None, warm=None) -> Compiled:
    """Import the module of `text` from the private folder (written there if missing), compiling its
    functions now: warm from numba's cache beside it, or cold (announced, with the time it took); `warm`
    compiles another entry than play_chunk (module -> None)."""
    folder = folder or compiled_folder()
    return load_named(write_module(text, folder), folder, announce, warm)


def write_module(text: str, folder: Path) -> str:
    """The name of the module of `text` in the private folder, written there if missing (named by its digest)."""
    name = f"touring_kernel_{hashlib.sha256(text.encode()).hexdigest()[:24]}"
    path = folder / f"{name}.py"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        tmp = path.with_suffix(".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
    return name


def is_cached(folder: Path, name: str, function: str) -> bool:
    """Whether numba's cache beside module `name` holds `function` compiled (loading it is then no compile)."""
    return any((folder / "__pycache__").glob(f"{name}.{function}-*.nbi"))


def forced() -> bool:
    """TOURING_KERNEL=compiled: compile whatever it costs, and wait for it (benchmarks and tests)."""
    return os.environ.get("TOURING_KERNEL", "").strip().lower() == "compiled"


def load_named(name: str, folder: Path, announce=None, warm=None) -> Compiled:
    """Import module `name` of the private folder and compile (or load from numba's cache) its play_chunk."""
    import numba  # noqa: F401 - the caller checked it is installed

    path = folder / f"{name}.py"
    module = sys.modules.get(name)
    if module is None:
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    cold = not module.play_chunk.signatures and not is_cached(Path(module.__file__).parent, name, "play_chunk")
    began, began_cpu = time.perf_counter(), time.process_time()
    if cold and announce:
        announce("compiling the kernel for this seating with numba (once; kept in the cache)...")
    (warm or warm_up)(module)
    seconds, cpu = time.perf_counter() - began, time.process_time() - began_cpu
    if cold and announce:  # CPU time too: on a busy machine the wall clock says more about the others
        announce(f"compiled in {seconds:.1f} s ({cpu:.1f} s of CPU)")
    return Compiled(module, seconds if cold else None)


class RunTables:
    """What a run keeps beside the compiled module: the penalties' plays found so far (pen_index: key ->
    first << 20 | count, into pen_store) and the takes their codes name (engine.tables' t.takes, as arrays)."""

    def __init__(self, t: Tables, module):
        import numpy as np

        self.t = t
        self.pen_index = module.new_index()  # (any of the seating's modules: the same dict type)
        self.store: list[int] = []
        self.known: set[int] = set()  # pen_index's keys (asking the typed dict from Python is slow)
        self.pen_store = np.zeros(1, np.int64)
        self.need = np.zeros(4 + t.K, np.int64)  # a miss: its hazard, victim, miles owed, the victim's counts
        pen = getattr(t, "pen", None) or []  # each (hazard, miles owed) the penalties' table holds
        self.owed = sorted({(c, owed) for c, row in enumerate(pen) for owed in row if owed})
        self.takes_count = -1
        self.takes()

    def takes(self) -> None:
        """t.takes (which grows as penalties' plays are found) as padded arrays."""
        import numpy as np

        takes = self.t.takes
        if len(takes) == self.takes_count:
            return
        width = max([1, *(len(take) for take in takes)])
        self.takes_p = np.zeros((max(1, len(takes)), width), np.int64)
        self.takes_n = np.zeros((max(1, len(takes)), width), np.int64)
        self.takes_len = np.zeros(max(1, len(takes)), np.int64)
        for i, take in enumerate(takes):
            self.takes_len[i] = len(take)
            for j, (p, n) in enumerate(take):
                self.takes_p[i, j], self.takes_n[i, j] = p, n
        self.takes_count = len(takes)

    def args(self) -> tuple:
        return (self.pen_index, self.pen_store, self.takes_p, self.takes_n, self.takes_len, self.need)

    def fill(self, module) -> None:
        """The plays the last miss asked for (self.need), found by the penalties' own code, and with them those
        of every other hazard and amount the penalties' table may ask of the same piles: a position's plays
        are asked for each of its hazards in turn, and each miss stops the compiled call. `module`: the
        compiled module that missed (its pen_insert enters them)."""
        from types import SimpleNamespace

        import numpy as np
        from ...mechanics.penalties.play import penalty_codes

        victim = int(self.need[2])
        counts = [int(x) for x in self.need[4:]]
        game = SimpleNamespace(t=self.t, mileage_counts={victim: counts})
        held = 0
        for i, c in enumerate(pile_cards(self.t)):
            held |= counts[c] << (26 + 8 * i)
        keys, values = [], []
        for hazard, owed in self.owed:
            key = hazard | victim << 6 | owed << 10 | held
            if key not in self.known:
                codes = list(penalty_codes(game, hazard, victim, owed))
                keys.append(key)
                values.append(len(self.store) << 20 | len(codes))
                self.known.add(key)
                self.store.extend(codes)
        module.pen_insert(self.pen_index, np.array(keys, np.int64), np.array(values, np.int64))
        self.need[0] = 0  # answered
        self.pen_store = np.array(self.store or [0], np.int64)
        self.takes()


def warm_up(module) -> None:
    """Compile (or load from the cache) play_chunk for the argument types the runs give it: no game."""
    import numpy as np

    k = module.K
    out = np.zeros((1, len(COLUMNS) + 8), np.int64)
    empty = module.new_index()
    module.play_chunk(np.uint64(0), 0, 0, np.zeros(1, np.int64), 0, np.zeros(k, np.int64), np.zeros(k, np.int64), np.zeros(k, np.int64), out,
                      np.zeros(1, np.int64), np.zeros((3, k), np.int64), empty, np.zeros(1, np.int64),
                      np.zeros((1, 1), np.int64), np.zeros((1, 1), np.int64), np.zeros(1, np.int64), np.zeros(4, np.int64))
    warm_insert(module, empty)


def warm_insert(module, empty) -> None:
    """Compile (or load) pen_insert too, where the module has penalties: RunTables.fill calls it from Python."""
    import numpy as np

    if hasattr(module, "pen_insert"):
        module.pen_insert(empty, np.zeros(0, np.int64), np.zeros(0, np.int64))
