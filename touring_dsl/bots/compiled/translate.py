"""Bots stage, the compiled kernel's translation: the generated kernel's Python, rewritten for numba.

The Python kernel (engine.codegen) and the measuring loop (bots.playout) stay the one source of the
rules; this module reads the very functions they write, as a syntax tree, and writes each again in the
array form numba compiles: the game object becomes its state fields passed by name (lists of ints stay
lists, which numba compiles; a single value lives in a slot of one int64 array, `sc`), the generators
become one-word uint64 arrays stepped in 64-bit arithmetic (`state * n >> 64` is computed exactly from
32-bit halves: runtime.BELOW), the move-code caches are computed where the kernel would fill them, the
move a table waits for becomes a small integer with its four numbers beside it, and the events become
a count. Whatever a line writes that this does not know is refused with CannotCompile, naming the
mechanic (or engine rule) that wrote the line, from the annotation `touring show --kernel` prints:
the Python kernel then plays, the same games.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass, field

from ...bots.playout import loop_constants, write_play
from ...engine.codegen import source
from ...engine.emitter import Source
from ...engine.schema import BYTES, LIST, LISTS, ONE, VALUE, state_fields
from ...engine.tables import Tables
from ...mechanics.penalties.play import pile_cards

# the kernel's own helpers the measuring loop may call, and what their omitted arguments default to
KERNEL_CALLS = ("finish", "reshuffle", "draw_cards", "reset", "deal", "refresh")
MASK64 = (1 << 64) - 1
# the move a table waits for, as a small integer: 0 none, 1 a counter's question, 2 a discard down to the
# hand size, then one number per mechanic's Offer (OFFER_BASE + its index)
NO_WAIT, COUNTER_WAIT, DISCARD_WAIT, OFFER_BASE = 0, 1, 2, 3
PENDING_PARTS = ("p_attacker", "p_hazard", "p_victim", "p_move")  # a CounterOffer's four numbers
NONE = -1  # None, for a number that may be missing (the winner)
PEN_PILES = 4  # the piles a penalty key holds (8 bits of count each)


class CannotCompile(Exception):
    """A kernel line the compiled backend cannot run: the Python kernel plays instead."""

    def __init__(self, origin: str, line: str, why: str = ""):
        self.origin, self.line = origin, line.strip()
        owner = origin.split(".")
        who = f"mechanic {owner[1]} ({origin})" if owner[0] == "mechanics" and len(owner) > 1 else f"rule {origin}"
        super().__init__(f"{who} writes `{self.line}`, which the compiled backend cannot run"
                         + (f" ({why})" if why else ""))


@dataclass
class Translated:
    """The numba module's parts for one seating: constants, functions, and what the driver must know."""

    constants: list[str] = field(default_factory=list)
    functions: list[str] = field(default_factory=list)
    fields: tuple[str, ...] = ()  # the state fields, in the order every function takes them
    nested: frozenset = frozenset()  # those that are lists of lists
    arrays: frozenset = frozenset()  # those kept as numpy arrays (numbers by seat or side; counts by card)
    starts_arrays: dict = field(default_factory=dict)  # START_<field> -> an array field's constant start
    scalars: tuple[str, ...] = ()  # the single values, by their slot of `sc`
    starts: dict = field(default_factory=dict)  # a single value's start, as a number
    strings: list[str] = field(default_factory=list)  # string constants, by the number that stands for them
    offers: list[str] = field(default_factory=list)  # the Offer constants, by pending number - OFFER_BASE
    offer_codes: list = field(default_factory=list)  # each Offer's answers (move codes)
    offer_mechanics: list = field(default_factory=list)  # each Offer's mechanic (its name)
    helpers: set = field(default_factory=set)  # the runtime helpers used
    used: dict = field(default_factory=dict)  # per function, the state fields it takes


def kernel_parts(t: Tables, greedy: bool) -> tuple[str, list[str], str, list[str]]:
    """(kernel source, its origins by line, loop source, its origins by line)."""
    kernel_text = source(t, annotated=True)
    plain, origins = [], []
    for line in kernel_text.splitlines():
        code, _, where = line.partition("  # <- ")
        plain.append(code.rstrip() if where else line)
        origins.append(where.strip() if where else "engine.codegen.source")
    w = Source()
    loop_constants(w, t, greedy)
    write_play(w, t, greedy, False)
    return "\n".join(plain) + "\n", origins, w.text(), list(w.origins)


def translate(t: Tables, greedy: bool = False, entries: tuple[str, ...] = ()) -> Translated:
    """The numba module's parts for Tables t's measuring loop (every seat random unless `greedy`), and the
    kernel functions named in `entries` besides (the search's playouts apply a move first: apply_code)."""
    kernel_src, kernel_origins, loop_src, loop_origins = kernel_parts(t, greedy)
    kernel_tree, loop_tree = ast.parse(kernel_src), ast.parse(loop_src)
    defs = {node.name: (node, kernel_src, kernel_origins) for node in kernel_tree.body
            if isinstance(node, ast.FunctionDef)}
    play = next(node for node in loop_tree.body if isinstance(node, ast.FunctionDef) and node.name == "play")
    out = Translated()
    all_fields = state_fields()
    kept = [f for f in all_fields if f.copy != VALUE and f.name not in ("aside",)]
    out.fields = tuple(f.name for f in kept)
    out.nested = frozenset(f.name for f in kept if f.copy in (LISTS, BYTES) or f.name in ("hands",))
    # numbers by seat or side (and counts by card): numpy arrays, which numba compiles faster and runs faster
    out.arrays = frozenset(f.name for f in kept if (f.copy == LIST and f.shape != ONE)
                           or (f.copy == LISTS and f.start.startswith("[0] *")))
    out.scalars = tuple(f.name for f in all_fields if f.copy == VALUE)
    values = constant_values(t, loop_src)
    offers = [name for name, value in values.items() if type(value).__name__ == "Offer"]
    out.offers = offers
    out.offer_codes = [tuple(values[n].codes) for n in offers]
    out.offer_mechanics = [values[n].mechanic for n in offers]
    ctx = Context(t, out, values, defs)
    functions = {"play": FunctionTranslator(ctx, play, loop_src, loop_origins, measuring=True).run()}
    queue = ["reset", "deal", *entries, *ctx.called]
    while queue:
        name = queue.pop(0)
        if name in functions:
            continue
        node, text, origins = defs[name]
        functions[name] = FunctionTranslator(ctx, node, text, origins).run()
        queue.extend(ctx.called)
    order = [n for n in ("finish", "reshuffle", "draw_cards", "refresh", "reset", "deal") if n in functions]
    order += [n for n in entries if n not in order]
    used = fields_used(functions, out.fields + RUN_TABLES)
    out.used = used
    out.functions = [written(functions[n], used) for n in [*order, "play"]]
    out.constants = [constant_line(name, values[name], ctx) for name in sorted(ctx.constants_used)]
    return out


FIELDS_MARK = "_FIELDS_"  # where a function's state fields go, once it is known which it uses
# the tables a run keeps beside the state, passed like fields where used: the penalties' plays found so far
# (keyed by hazard, victim, miles owed and the victim's piles), their takes, and what a miss needs; and
# the driver's own scratch arrays: the duel's codes are written into duel_buf (runtime.FILL_DUEL), the
# rule's columns of plays into rule_cols (runtime.RULE_PLAY)
RUN_TABLES = ("pen_index", "pen_store", "takes_p", "takes_n", "takes_len", "need", "duel_buf", "rule_cols")


def fields_used(functions: dict, fields: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Per function, the state fields it reads or passes on (its callees' too), in the fields' order: a
    function takes only those (fewer arguments, less for numba to compile)."""
    own = {n: {x.id for x in ast.walk(fn) if isinstance(x, ast.Name)} for n, fn in functions.items()}
    calls = {n: {x.func.id for x in ast.walk(fn) if isinstance(x, ast.Call) and isinstance(x.func, ast.Name)
                 and x.func.id in functions} for n, fn in functions.items()}
    found = {n: own[n] & set(fields) for n in functions}
    changed = True
    while changed:
        changed = False
        for n in functions:
            more = set().union(*(found[c] for c in calls[n])) if calls[n] else set()
            if not more <= found[n]:
                found[n] |= more
                changed = True
    return {n: tuple(f for f in fields if f in found[n]) for n in functions}


def written(fn: ast.FunctionDef, used: dict) -> str:
    """A translated function's source, its fields (and those of each call) spelt out; compiled without a
    Python wrapper (only play_chunk is called from Python)."""
    args = []
    for a in fn.args.args:
        args += [ast.arg(arg=f) for f in used[fn.name]] if a.arg == FIELDS_MARK else [a]
    fn.args.args = args
    for node in ast.walk(fn):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in used:
            new = []
            for a in node.args:
                new += [name(f) for f in used[node.func.id]] if isinstance(a, ast.Name) and a.id == FIELDS_MARK else [a]
            node.args = new
    return "@njit(cache=True, no_cpython_wrapper=True)\n" + ast.unparse(fn)


def constant_values(t: Tables, loop_src: str) -> dict:
    """The module constants of the measuring loop, evaluated as the kernel does (kernel.kernel_for)."""
    from ...engine.kernel import EVENT_WORDS
    from ...engine.moves import new_event

    tree = ast.parse(loop_src)
    tree.body = [node for node in tree.body if not isinstance(node, ast.FunctionDef)]
    namespace = {"T": t, "event": new_event, **EVENT_WORDS}
    exec(compile(tree, "<touring constants>", "exec"), namespace)
    return {k: v for k, v in namespace.items() if not k.startswith("__")}


class Context:
    """What the functions' translations share: the constants they read, the kernel functions they call."""

    def __init__(self, t: Tables, out: Translated, values: dict, defs: dict):
        self.t, self.out, self.values, self.defs = t, out, values, defs
        self.constants_used: set[str] = set()
        self.called: list[str] = []

    def string(self, text: str) -> int:
        if text not in self.out.strings:
            self.out.strings.append(text)
        return len(self.out.strings) - 1


def rectangular(value) -> bool:
    """Whether a tuple (of tuples) of ints is a rectangular array."""
    if isinstance(value, (tuple, list)):
        if not value:
            return True
        if all(isinstance(v, (bool, int)) and not isinstance(v, type(None)) for v in value):
            return True
        if all(isinstance(v, (tuple, list)) for v in value):
            return len({len(v) for v in value}) == 1 and all(rectangular(v) for v in value)
    return False


def constant_line(name: str, value, ctx: Context) -> str:
    if isinstance(value, bool) or isinstance(value, int):
        return f"{name} = {int(value)}"
    if isinstance(value, (tuple, list)) and rectangular(value):
        flat = value
        while flat and isinstance(flat[0], (tuple, list)):
            flat = flat[0]
        dtype = "np.bool_" if flat and all(isinstance(v, bool) for v in flat) else "np.int64"
        literal = repr(to_tuple(value))
        if not value:
            return f"{name} = np.zeros(0, np.int64)"
        return f"{name} = np.array({literal}, dtype={dtype})"
    raise ValueError(name)


def to_tuple(value):
    return tuple(to_tuple(v) for v in value) if isinstance(value, (tuple, list)) else int(value)


def name(id_: str, ctx=ast.Load) -> ast.Name:
    return ast.Name(id=id_, ctx=ctx())


def call(func: str, *args) -> ast.Call:
    return ast.Call(func=name(func), args=list(args), keywords=[])


def const(value) -> ast.Constant:
    return ast.Constant(value=value)


def sc_slot(ctx: Context, field_name: str, store: bool = False) -> ast.Subscript:
    return ast.Subscript(value=name("sc"), slice=const(ctx.out.scalars.index(field_name)),
                         ctx=ast.Store() if store else ast.Load())


def is_self_attr(node, attr: str | None = None) -> bool:
    return (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"
            and (attr is None or node.attr == attr))


def is_none(node) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


# names a translated function may call: numba's builtins the kernel uses, and the runtime helpers
BUILTINS = frozenset({"len", "range", "max", "min", "enumerate", "list", "abs", "sum"})
LIST_METHODS = frozenset({"append", "pop", "remove", "extend", "count", "index", "reverse", "clear", "insert"})


class FunctionTranslator(ast.NodeTransformer):
    """One kernel function rewritten for numba (the module's docstring says how)."""

    def __init__(self, ctx: Context, node: ast.FunctionDef, text: str, origins: list[str], measuring: bool = False):
        self.ctx, self.node, self.lines, self.origins = ctx, node, text.splitlines(), origins
        self.measuring = measuring
        self.line = node.lineno
        self.locals = {a.arg for a in node.args.args}
        self.uses_pending = "pending" in ast.unparse(node)

    # refusals ------------------------------------------------------------------------------------
    def refuse(self, node, why: str = "") -> CannotCompile:
        line = getattr(node, "lineno", self.line)
        return CannotCompile(self.origins[line - 1] if line - 1 < len(self.origins) else "?",
                             self.lines[line - 1] if line - 1 < len(self.lines) else ast.unparse(node), why)

    def visit(self, node):
        if hasattr(node, "lineno"):
            self.line = node.lineno
        try:
            return super().visit(node)
        except CannotCompile:
            raise
        except Exception as error:  # noqa: BLE001 - any surprise in a line is that line's refusal
            raise self.refuse(node, str(error) or type(error).__name__) from error

    # the whole function ---------------------------------------------------------------------------
    def run(self) -> str:
        node = self.node
        body = list(node.body)
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]  # the docstring
        params = []
        for a in node.args.args:
            if a.arg == "self":
                params += [FIELDS_MARK, "sc", "grng", "noev"]  # the fields it uses: fields_used below
            elif a.arg == "rng":
                params.append("brng")
            else:
                params.append(a.arg)
        prologue = []
        if self.uses_pending:
            prologue.append(ast.parse(" = ".join(PENDING_PARTS) + " = 0").body[0])
        new_body = prologue + self.statements(body)
        fn = ast.FunctionDef(name=node.name, args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=p) for p in params],
                                                                 kwonlyargs=[], kw_defaults=[], defaults=[]),
                             body=new_body or [ast.Pass()], decorator_list=[], returns=None, type_params=[])
        ast.fix_missing_locations(fn)
        return fn

    def statements(self, body: list) -> list:
        out = []
        for stmt in body:
            result = self.visit(stmt)
            if result is None:
                continue
            out.extend(result if isinstance(result, list) else [result])
        return out

    def generic_visit(self, node):
        for name_, old in ast.iter_fields(node):
            if isinstance(old, list) and old and isinstance(old[0], ast.stmt):
                setattr(node, name_, self.statements(old) or [ast.Pass()])
            elif isinstance(old, list):
                new = []
                for item in old:
                    if isinstance(item, ast.AST):
                        item = self.visit(item)
                        if item is None:
                            continue
                    new.append(item)
                setattr(node, name_, new)
            elif isinstance(old, ast.AST):
                setattr(node, name_, self.visit(old))
        return node

    # statements ----------------------------------------------------------------------------------
    def visit_Assign(self, node: ast.Assign):
        targets, value = node.targets, node.value
        fields = self.ctx.out.fields
        # the state bound as locals: every function takes the fields by name already
        if (len(targets) == 1 and isinstance(targets[0], ast.Tuple) and isinstance(value, ast.Tuple)
                and all(is_self_attr(v) for v in value.elts)
                and all(isinstance(n, ast.Name) and n.id == v.attr for n, v in zip(targets[0].elts, value.elts))):
            if all(v.attr in fields or v.attr == "aside" for v in value.elts):
                return None
        if len(targets) == 1 and isinstance(targets[0], ast.Name) and is_self_attr(value) \
                and value.attr == targets[0].id and value.attr in fields:
            return None  # x = self.x
        # a field given a new value: in place, so that every function holding it sees it
        field_targets = [tg for tg in targets if (is_self_attr(tg) and tg.attr in fields)
                         or (isinstance(tg, ast.Name) and tg.id in fields)]
        if field_targets and len(field_targets) == len(targets):
            return self.fill_field(field_targets[-1].attr if is_self_attr(field_targets[-1]) else field_targets[-1].id,
                                   value)
        if any(is_self_attr(tg, "aside") for tg in targets):
            return None  # constructed positions only: never in a dealt game
        # the move the table waits for
        if len(targets) == 1 and isinstance(targets[0], ast.Name) and is_self_attr(value, "pending"):
            return [ast.parse(f"pending = sc[{self.ctx.out.scalars.index('pending')}]").body[0]] + \
                [ast.parse(f"{part} = sc[{len(self.ctx.out.scalars) + i}]").body[0]
                 for i, part in enumerate(PENDING_PARTS)]
        if len(targets) == 1 and isinstance(targets[0], ast.Name) and targets[0].id == "pending":
            return self.set_pending(value)
        if len(targets) == 1 and is_self_attr(targets[0], "pending"):
            if isinstance(value, ast.Name) and value.id == "pending":
                return [ast.parse(f"sc[{self.ctx.out.scalars.index('pending')}] = pending").body[0]] + \
                    [ast.parse(f"sc[{len(self.ctx.out.scalars) + i}] = {part}").body[0]
                     for i, part in enumerate(PENDING_PARTS)]
            return ast.Assign(targets=[sc_slot(self.ctx, "pending", True)], value=self.pending_value(value))
        if (len(targets) == 1 and isinstance(targets[0], ast.Tuple) and isinstance(value, ast.Name)
                and value.id == "pending"):
            node.value = ast.Tuple(elts=[name(p) for p in PENDING_PARTS], ctx=ast.Load())
            return node
        # the bots' generator: rng.state
        if len(targets) == 1 and isinstance(targets[0], ast.Attribute) and isinstance(targets[0].value, ast.Name) \
                and targets[0].value.id == "rng" and targets[0].attr == "state":
            return ast.Assign(targets=[ast.Subscript(value=name("brng"), slice=const(0), ctx=ast.Store())],
                              value=self.visit(value))
        # the events of a game loop: counted
        if len(targets) == 1 and isinstance(targets[0], ast.Name) and targets[0].id == "ev":
            if isinstance(value, ast.List) and not value.elts:
                self.locals.add("ev")
                return ast.parse("ev = np.zeros(1, np.int64)").body[0]
            raise self.refuse(node, "events kept as a list")
        # an empty list of the function's own
        if isinstance(value, ast.List) and not value.elts:
            node.value = call("new_list")
            self.ctx.out.helpers.add("new_list")
            return node
        return self.generic_visit(node)

    def fill_field(self, field_name: str, value) -> list:
        """A list field given a new value, in place (cleared and refilled)."""
        if isinstance(value, ast.List) and not value.elts:
            return [ast.parse(f"{field_name}.clear()").body[0]]
        if isinstance(value, ast.List) and all(self.empty_inner(e) for e in value.elts):
            return [ast.parse(f"for _i in range(len({field_name})):\n    {field_name}[_i].clear()").body[0]]
        if field_name in self.ctx.out.arrays:
            start = self.literal(value)
            if start is not None:  # a constant start: copied from a module constant (no list made per game)
                constant = f"START_{field_name}"
                self.ctx.out.starts_arrays[constant] = start
                # copied by the fill helpers' loops: a slice assignment compiles numba's general setitem,
                # error messages and all (some 5 s of a seating's compile)
                helper = "fill_array2" if field_name in self.ctx.out.nested else "fill_array"
                self.ctx.out.helpers.add(helper)
                return [ast.Expr(value=call(helper, name(field_name), name(constant)))]
            helper = "fill_array2" if field_name in self.ctx.out.nested else "fill_array"
        else:
            helper = "fill_nested" if field_name in self.ctx.out.nested else "fill_flat"
        self.ctx.out.helpers.add(helper)
        return [ast.Expr(value=call(helper, name(field_name), self.visit(value)))]

    @staticmethod
    def literal(node):
        """The value of an expression of numbers only (such as `[[0] * 12, [0] * 12]`), else None."""
        if any(isinstance(n, (ast.Name, ast.Call, ast.Attribute)) for n in ast.walk(node)):
            return None
        try:
            return eval(compile(ast.Expression(body=node), "<start>", "eval"), {"__builtins__": {}})  # noqa: S307
        except Exception:  # noqa: BLE001 - not a constant after all: filled at run time
            return None

    @staticmethod
    def empty_inner(node) -> bool:
        return (isinstance(node, ast.List) and not node.elts) or (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "bytearray"
            and not node.args)

    def set_pending(self, value):
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "CounterOffer":
            parts = ast.Assign(targets=[ast.Tuple(elts=[name(p, ast.Store) for p in PENDING_PARTS], ctx=ast.Store())],
                               value=ast.Tuple(elts=[self.visit(a) for a in value.args], ctx=ast.Load()))
            return [parts, ast.Assign(targets=[name("pending", ast.Store)], value=const(COUNTER_WAIT))]
        return ast.Assign(targets=[name("pending", ast.Store)], value=self.pending_value(value))

    def pending_value(self, value) -> ast.AST:
        if is_none(value):
            return const(NO_WAIT)
        if isinstance(value, ast.Name) and value.id == "DISCARD_DOWN":
            return const(DISCARD_WAIT)
        if isinstance(value, ast.Name) and value.id in self.ctx.out.offers:
            return const(OFFER_BASE + self.ctx.out.offers.index(value.id))
        if isinstance(value, ast.Name) and value.id == "pending":
            return name("pending")
        raise self.refuse(value, "a wait the compiled backend does not know")

    def visit_AugAssign(self, node: ast.AugAssign):
        if isinstance(node.target, ast.Name) and node.target.id == "codes" and isinstance(node.op, ast.Add):
            self.ctx.out.helpers.add("cat")
            return ast.Assign(targets=[name("codes", ast.Store)], value=call("cat", name("codes"), self.visit(node.value)))
        return self.generic_visit(node)

    def visit_If(self, node: ast.If):
        test = node.test
        if isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and test.left.id == "ev" \
                and len(test.ops) == 1 and isinstance(test.ops[0], ast.IsNot) and is_none(test.comparators[0]):
            return self.event_block(node)
        return self.generic_visit(node)

    def event_block(self, node: ast.If):
        """`if ev is not None:` and the events it reports: one count each (their words are not needed)."""
        count = 0
        for stmt in node.body:
            if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and \
                    isinstance(stmt.value.func, ast.Attribute) and stmt.value.func.attr == "append" and \
                    isinstance(stmt.value.func.value, ast.Name) and stmt.value.func.value.id == "ev":
                count += 1
            elif isinstance(stmt, ast.Assign) and all(isinstance(tg, ast.Name) for tg in stmt.targets) and \
                    not self.read_outside(stmt.targets[0].id, node):
                continue
            else:
                raise self.refuse(stmt, "an event block that changes the game")
        if node.orelse:
            raise self.refuse(node, "an event block with an else")
        if not count:
            return None
        return ast.parse(f"if ev[0] >= 0:\n    ev[0] += {count}").body[0]

    def read_outside(self, var: str, block: ast.If) -> bool:
        inside = {id(n) for n in ast.walk(block)}
        return any(isinstance(n, ast.Name) and n.id == var and isinstance(n.ctx, ast.Load) and id(n) not in inside
                   for n in ast.walk(self.node))

    def visit_Try(self, node: ast.Try):
        """A move-code cache looked up, filled on a miss: here the codes are computed every time."""
        if len(node.handlers) == 1 and isinstance(node.handlers[0].type, ast.Name) \
                and node.handlers[0].type.id == "KeyError" and not node.orelse and not node.finalbody:
            return self.statements(node.handlers[0].body)
        raise self.refuse(node, "an exception handled")

    def visit_Return(self, node: ast.Return):
        if node.value is not None and isinstance(node.value, ast.Tuple):
            node.value.elts = [self.return_part(e) for e in node.value.elts]
            return node
        return self.generic_visit(node)

    def return_part(self, e):
        if isinstance(e, ast.Tuple):
            self.ctx.out.helpers.add("new_list")
            return ast.parse(f"[{', '.join(ast.unparse(x) for x in e.elts)}]", mode="eval").body
        if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id == "tuple" and len(e.args) == 1 \
                and isinstance(e.args[0], ast.Name):
            return ast.parse(f"{e.args[0].id}.copy()", mode="eval").body
        return self.visit(e)

    def visit_Expr(self, node: ast.Expr):
        value = node.value
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "append" \
                and isinstance(value.func.value, ast.Name) and value.func.value.id == "ev":
            raise self.refuse(node, "an event outside an event block")
        return self.generic_visit(node)

    # expressions ---------------------------------------------------------------------------------
    def visit_Attribute(self, node: ast.Attribute):
        if is_self_attr(node):
            if node.attr in self.ctx.out.fields:
                return name(node.attr)
            if node.attr in self.ctx.out.scalars and node.attr != "pending":
                return sc_slot(self.ctx, node.attr, isinstance(node.ctx, ast.Store))
            raise self.refuse(node, f"the game's {node.attr}")
        if isinstance(node.value, ast.Name) and node.value.id == "rng" and node.attr == "state":
            return ast.Subscript(value=name("brng"), slice=const(0), ctx=node.ctx)
        if isinstance(node.value, ast.Name) and node.value.id == "pending":
            if node.attr == "hazard":
                return name("p_hazard")
            if node.attr == "codes":
                self.ctx.out.helpers.add("offer_codes")
                return call("offer_codes", name("pending"))
            raise self.refuse(node, f"a wait's {node.attr}")
        if isinstance(node.value, ast.Name) and node.value.id == "T":
            raise self.refuse(node, f"the tables' {node.attr}")
        return self.generic_visit(node)

    def visit_Compare(self, node: ast.Compare):
        if len(node.ops) == 1 and isinstance(node.ops[0], (ast.Is, ast.IsNot)):
            left, right, negate = node.left, node.comparators[0], isinstance(node.ops[0], ast.IsNot)
            op = ast.NotEq() if negate else ast.Eq()
            if isinstance(left, ast.Name) and left.id == "pending":
                return ast.Compare(left=name("pending"), ops=[op], comparators=[self.pending_value(right)])
            if isinstance(left, ast.Call) and isinstance(left.func, ast.Name) and left.func.id == "type" \
                    and isinstance(left.args[0], ast.Name) and left.args[0].id == "pending":
                if isinstance(right, ast.Name) and right.id == "Offer":
                    return ast.Compare(left=name("pending"), ops=[ast.Lt() if negate else ast.GtE()],
                                       comparators=[const(OFFER_BASE)])
                if isinstance(right, ast.Name) and right.id == "CounterOffer":
                    return ast.Compare(left=name("pending"), ops=[op], comparators=[const(COUNTER_WAIT)])
                raise self.refuse(node, "a wait of an unknown type")
            if isinstance(left, ast.Name) and left.id == "ev" and is_none(right):
                return ast.parse(f"ev[0] {'>=' if negate else '<'} 0", mode="eval").body
            if is_none(right):
                return ast.Compare(left=self.visit(left), ops=[op], comparators=[const(NONE)])
            raise self.refuse(node, "an identity test")
        return self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant):
        if node.value is None:
            return const(NONE)
        if isinstance(node.value, str):
            return const(self.ctx.string(node.value))
        if isinstance(node.value, int) and not isinstance(node.value, bool) and node.value > (1 << 63) - 1:
            raise self.refuse(node, "a number beyond 64 bits")
        return node

    def visit_BinOp(self, node: ast.BinOp):
        # the generator's step: state = (state * A + C) & MASK64, in uint64 arithmetic (it wraps by itself)
        if isinstance(node.op, ast.BitAnd) and isinstance(node.right, ast.Constant) and node.right.value == MASK64:
            inner = node.left
            if (isinstance(inner, ast.BinOp) and isinstance(inner.op, ast.Add) and isinstance(inner.left, ast.BinOp)
                    and isinstance(inner.left.op, ast.Mult) and isinstance(inner.left.left, ast.Name)):
                self.ctx.out.helpers.add("lcg_step")
                self.check_generator(inner.left.right, inner.right)
                return call("lcg_step", name(inner.left.left.id))
            raise self.refuse(node, "64-bit arithmetic other than the generator's step")
        # a uniform draw below n: state * n >> 64
        if isinstance(node.op, ast.RShift) and isinstance(node.right, ast.Constant) and node.right.value == 64 \
                and isinstance(node.left, ast.BinOp) and isinstance(node.left.op, ast.Mult):
            self.ctx.out.helpers.add("below")
            return call("below", self.visit(node.left.left), self.visit(node.left.right))
        # a tuple of codes and more codes
        if isinstance(node.op, ast.Add) and (isinstance(node.right, ast.Tuple) or isinstance(node.left, ast.Tuple)):
            self.ctx.out.helpers.add("cat")
            return call("cat", self.codes_array(node.left), self.codes_array(node.right))
        return self.generic_visit(node)

    def check_generator(self, a, c) -> None:
        from ...base.rng import INCREMENT, MULTIPLIER

        if not (isinstance(a, ast.Constant) and a.value == MULTIPLIER and isinstance(c, ast.Constant)
                and c.value == INCREMENT):
            raise self.refuse(a, "a generator other than base.rng's")

    def codes_array(self, node) -> ast.AST:
        if isinstance(node, ast.Tuple):
            inner = ", ".join(ast.unparse(self.visit(e)) for e in node.elts)
            return ast.parse(f"np.array([{inner}], dtype=np.int64)" if node.elts else "np.zeros(0, np.int64)",
                             mode="eval").body
        return self.visit(node)

    def visit_Tuple(self, node: ast.Tuple):
        if isinstance(node.ctx, ast.Load) and not node.elts:
            return ast.parse("np.zeros(0, np.int64)", mode="eval").body  # no codes
        return self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript):
        if isinstance(node.value, ast.Name) and node.value.id == "BITS":
            self.ctx.out.helpers.add("bits_of")
            return call("bits_of", self.visit(node.slice))
        return self.generic_visit(node)

    def visit_Name(self, node: ast.Name):
        values = self.ctx.values
        if node.id in values and node.id not in self.locals and isinstance(node.ctx, ast.Load):
            if node.id in KERNEL_CALLS:
                return node
            value = values[node.id]
            try:
                constant_line(node.id, value, self.ctx)
            except (ValueError, TypeError):
                raise self.refuse(node, f"the constant {node.id}") from None
            self.ctx.constants_used.add(node.id)
        return node

    def visit_Call(self, node: ast.Call):
        func = node.func
        if isinstance(func, ast.Name):
            if func.id in KERNEL_CALLS:
                return self.kernel_call(node)
            if func.id == "bytearray":
                if not node.args:
                    self.ctx.out.helpers.add("new_list")
                    return call("new_list")
                return self.visit(node.args[0])
            if func.id == "tuple" and len(node.args) == 1 and isinstance(node.args[0], ast.GeneratorExp):
                gen = node.args[0]
                listed = ast.ListComp(elt=gen.elt, generators=gen.generators)
                return ast.parse(f"np.array({ast.unparse(self.visit(listed))}, dtype=np.int64)", mode="eval").body
            if func.id == "rule_play":  # the rule's play (runtime.RULE_PLAY), reading the run's takes
                self.ctx.out.helpers.add("rule_play")
                return call("rule_play", *[self.visit(a) for a in node.args], name("takes_p"), name("takes_n"),
                            name("takes_len"), name("rule_cols"))
            if func.id == "answer_offer":  # a mechanic's question answered by its own lines (runtime.answers)
                self.ctx.out.helpers.add("answer_offer")
                return call("answer_offer", *[self.visit(a) for a in node.args[1:]])
            if func.id == "fill_duel":
                self.ctx.out.helpers.add("fill_duel")
                self.ctx.constants_used.update(("SELF_CODE", "TGT_CODE"))
                return call("fill_duel", *[self.visit(a) for a in node.args], name("duel_buf"))
            if func.id == "fill_codes":
                self.ctx.out.helpers.add("fill_codes")
                return call("fill_codes", self.visit(node.args[1]), self.visit(node.args[2]))
            if func.id == "len" and len(node.args) == 1 and isinstance(node.args[0], ast.Name) \
                    and node.args[0].id == "ev":
                return ast.parse("ev[0]", mode="eval").body
            if func.id in ("max", "min") and len(node.args) == 1:
                return call(f"{func.id}_of", self.visit(node.args[0]))
            if func.id in BUILTINS:
                return self.generic_visit(node)
            raise self.refuse(node, f"a call of {func.id}")
        if isinstance(func, ast.Attribute):
            if isinstance(func.value, ast.Attribute) and is_self_attr(func.value, "rng") and func.attr == "shuffle":
                self.ctx.out.helpers.add("shuffle")
                return call("shuffle", self.visit(node.args[0]), name("grng"))
            if is_self_attr(func, "penalty_plays") and len(node.args) == 2:
                self.penalties()
                return call("penalty_plays", *[self.visit(a) for a in node.args], name("zone_state"),
                            name("mileage_counts"), *[name(n) for n in RUN_TABLES if n.startswith(("pen", "need"))])
            if func.attr in ("count", "index") and len(node.args) == 1 and not is_self_attr(func.value):
                return call(f"{func.attr}_of", self.visit(func.value), self.visit(node.args[0]))
            if func.attr in LIST_METHODS and not is_self_attr(func.value):
                return self.generic_visit(node)
            raise self.refuse(node, f"a call of .{func.attr}")
        raise self.refuse(node, "a call")

    def penalties(self) -> None:
        """The penalties' plays, looked up in the run's table (a miss is filled by Python: chunk.py)."""
        t = self.ctx.t
        piles = pile_cards(t)
        if len(piles) > PEN_PILES or max(t.deck_codes.count(c) for c in piles) > 255:
            raise self.refuse(self.node, "penalties on more piles (or cards) than a key holds")
        self.ctx.out.helpers.add("penalty_plays")
        self.ctx.constants_used.add("TGT_CODE")

    def visit_For(self, node: ast.For):
        """`for p, n in TAKES[take]:` reads the run's takes table (a take id indexes it); `for c in BITS[m]:`
        tests the bits of m in place (bits_loop)."""
        it = node.iter
        if isinstance(it, ast.Subscript) and isinstance(it.value, ast.Name) and it.value.id == "TAKES":
            if not (isinstance(node.target, ast.Tuple) and len(node.target.elts) == 2):
                raise self.refuse(node, "a take read otherwise than as (pile card, count)")
            take = ast.unparse(self.visit(it.slice))
            p, n = (ast.unparse(e) for e in node.target.elts)
            head = ast.parse(f"for _ti in range(takes_len[{take}]):\n    {p} = takes_p[{take}, _ti]\n"
                             f"    {n} = takes_n[{take}, _ti]").body[0]
            head.body += self.statements(node.body)
            if node.orelse:
                head.orelse = self.statements(node.orelse)
            return head
        if isinstance(it, ast.Subscript) and isinstance(it.value, ast.Name) and it.value.id == "BITS" \
                and isinstance(node.target, ast.Name) and not self.read_outside(node.target.id, node):
            return self.bits_loop(node)
        return self.generic_visit(node)

    def bits_loop(self, node: ast.For) -> list:
        """`for c in BITS[m]:` (m's set bits, lowest first) as a loop over the card codes that skips the bits
        not set: the same cards in the same order, without an array made each time (the rule's discard
        runs it every turn it discards)."""
        c, mask = node.target.id, f"_bits{node.lineno}"
        head = ast.parse(f"{mask} = {ast.unparse(self.visit(node.iter.slice))}\nfor {c} in range(K):\n"
                         f"    if not {mask} >> {c} & 1:\n        continue").body
        head[1].body += self.statements(node.body)
        if node.orelse:
            head[1].orelse = self.statements(node.orelse)
        return head

    def kernel_call(self, node: ast.Call) -> ast.Call:
        """A call of another kernel function: the game passed as its fields, omitted arguments filled in."""
        target = node.func.id
        if target not in self.ctx.called:
            self.ctx.called.append(target)
        fn = self.ctx.defs[target][0]
        params = [a.arg for a in fn.args.args]
        defaults = dict(zip(params[len(params) - len(fn.args.defaults):], fn.args.defaults))
        given = list(node.args)
        for kw in node.keywords:
            given.append(kw.value)  # (the kernel passes them in order)
        args = []
        for i, param in enumerate(params):
            value = given[i] if i < len(given) else defaults.get(param)
            if param == "self":
                args += [name(FIELDS_MARK), name("sc"), name("grng"), name("noev")]
            elif param == "ev":
                args.append(name("noev") if value is None or is_none(value) else self.visit(value))
            else:
                if value is None:
                    raise self.refuse(node, f"no {param} given")
                value = self.visit(value)
                if isinstance(value, ast.Constant):  # typed int64, not as a literal (one compilation, not one per value)
                    value = ast.parse(f"np.int64({value.value!r})", mode="eval").body
                args.append(value)
        return ast.Call(func=name(target), args=args, keywords=[])


def scalar_start(field_, t: Tables):
    """A single value's start as a number (None -1, False 0)."""
    text = field_.start_source(t)
    value = eval(text, {"t": t})  # noqa: S307 - the schema's own start expression, as reset writes it
    if value is None:
        return NONE
    if isinstance(value, (bool, int)):
        return int(value)
    return None
