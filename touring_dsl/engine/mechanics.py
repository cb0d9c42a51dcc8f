"""Engine stage, the mechanics: an optional rule is one module, and the engine is generic over its declarations.

THE CONTRACT OF A MECHANIC MODULE (touring_dsl/mechanics/<name>.py; its base class is in mechanics/base.py)

A mechanic module holds one subclass of the base class and an instance of it, MECHANIC, listed once in
touring_dsl/mechanics/__init__.py REGISTERED (new ones at the end: the order numbers their move actions
and state fields). It imports nothing of the language or the engine, not even inside a function (the
mechanics are the layer below both: the model and the codec read the registry while they are imported):
what it names of the engine's world (card kinds, StateField, Offer) is in mechanics/vocabulary.py, and
its hooks reach the rules through what they are given (the Emitter `e`: e.action_test, e.draw_one,
e.reopen, e.refresh; the Tables `t`: t.action_code; the game). It declares:

 1. Language. `statements`: grammar alias -> the section it is written in (the alternatives themselves
    are in grammar/touring.lark, the one grammar, e.g. `setup_rule: ... | "extension" "to" INT unit
    -> extension`); `parse(rule, children)` turns a statement's parse children into its data (syntax.ToRaw
    calls it for every alias the registry declares; no transformer method is written). `finishes`: the
    conditions it adds to a completing score term (`finish: ... -> finish_extension`), each with its
    ScoreTerm.what and words: each joins the scoring's kinds of term (touring_dsl.mechanics.scoring,
    MechanicFinish), which parse, check, count and word it. `awards`: scoring lines of its own
    (`score_rule: ... -> score_extension`), scored by the sides it names, joined likewise (MechanicAward).
 2. Compile step. `compile(stmts, context, build)` gets its statements of one place (for place "race":
    one setup's, with that setup's race as context) and the compiler (build.c.error(code, message, span,
    hint); build.provenance(stmt)) and returns its model part or None. `errors`: its error codes with a
    one-line summary (merged into errors.CODES; each needs a section in docs/errors.md and a
    tests/bad/ fixture beside its expected text).
 3. Model. `model`: its part, an immutable model_base.Frozen class (base.model_on_first_use makes it
    when first read); `place`: "race" (Race.mechanics,
    so one per setup), "ruleset" (Ruleset.mechanics) or "match" (Ruleset.mechanics too, for a rule played
    between the races of a match: it is no part of a seating's kernel, present() leaves it out, and it
    declares no state, tables, decisions nor hooks 4-8, only 11). model.py makes one optional field per
    mechanic.
 4. State. `state()`: StateFields (mechanics.vocabulary; engine.schema explains them) (start value, PUBLIC/OWN/DEALT/DERIVED, where a View shows
    it: "extra" for View.extra, which a search rebuilds from). Every table has the slots; the generated
    reset writes them only where the mechanic is used (elsewhere State.__init__ gives their start value).
 5. Tables. `tables(t, part)`: its integer constants on the Tables, its Offers in t.offers, and any
    core table it rewrites (the legality tables EXPO_GZ/OWN_GZ for hazards on a side already held up,
    say); `target(e)`: where the race's target is state, the source that reads it (t.target_field names
    the field for the Python side: derived.recount, explain, the View).
 6. Decisions. `decisions`: the moves it adds (engine.codec ACTION_NAMES grows by their actions; a Move
    of one names no card). A hook offers them by setting `pending = <its Offer constant>` and pausing
    (e.pause()): no turn passes, the seat to act answers with one of offer.codes (play_codes returns
    them, no discard is legal), and `decide(e)` writes how each applies (then the turn goes on as after
    any play, unless its lines end the race or pause again). `constants`: the kernel constants its lines
    use (e.g. EXTENSION_OFFER, bound by codegen.constants from t.offers).
 7. Hooks, kernel lines through the Emitter at named points of a turn, written only for a seating that
    uses the mechanic (a point with none present writes nothing: tests/test_kernel_golden.py):
        on_card_laid(e)        after card c, played by `seat`, acted (codegen.Emitter.play)
        on_hazard(e)           after hazard c acted on side v (codegen.Emitter.hazard)
        before_cover(e)        hazard c is about to cover side v's go pile, go_state[v] still shows what it
                               covers (mechanics.delays' cover: played, or let pass by a seat that could counter it)
        go_shown(e, v, by)     a go or remedy laid on side v's go pile (by "card"), or a safety laid by v
                               (by "safety"), changed what the pile shows (go_state[v]); the lines may
                               change it, setting go_state[v] and _g (mechanics.delays' covered, SAFETIES.keep)
        draw_step(e, seat)     before seat `seat` (the source of the next seat, "nxt") draws for its turn
                               (mechanics.turn.kernel.advance): lines that may ask it first (`seat = nxt`, set
                               `pending` to an offer, e.pause(): its decide() then draws, e.g. the top
                               discard instead); returns True only when it wrote the whole draw and the
                               passing of the turn itself, so the core's are left out
        on_discard(e)          card c went on the discard pile as `seat`'s discard (mechanics.turn.kernel.discard)
        target_reached(e, side)  side reached the race's target, before it wins (mechanics.race)
        end_of_turn(e)         the turn is over, before it passes (mechanics.turn.kernel.advance)
        end_of_race(e)         in finish(), once the winner is settled (mechanics.race.kernel.settle)
    At each point the order is the point's, not the registry's (emitter.Emitter.hook): first every hook
    that only changes the table (registry order among them), then the one hook that asks the seat (it
    pauses), so a question meets the table as the other rules left it: a mechanic that makes a seat lose
    its turn passes `nxt` over at draw_step before another offers it the top discard, wherever either
    is registered. Two mechanics that ask at one point are refused when the kernel is written.
 8. Bots. `choose(t, side, miles, offer)`: the rule bots' (greedy, expert) answer to its offer, an index
    into offer.codes; greedy.answer_offer calls it for bots.rule_bots.GreedyBot and for the kernel's game loop (bots.playout)
    and the simulator's fast path (simulate.fast), so all choose alike. The random bot picks uniformly among the legal moves.
    `choose_seen(t, side, miles, offer, top, hand, needs)`, where the answer depends on the top discard's
    card code (-1: none), the seat's hand (card codes) and the cards that would set its side moving now
    (a mask, as greedy.pick_play reads it); by default it is `choose`.
    `go_pile_state(game, s)`: where the mechanic changes what a go pile implies, the state a pile implies
    (a constructed position, engine.position; a table rebuilt from a View, engine.rebuild), setting any
    derived state of its own (derive "go piles"). `hazard_targets(t)`: where it lets a delaying hazard go
    besides a side showing go, in the words of a refusal (engine.explain).
 9. Scoring. `finish_holds(game, side, what)`: whether one of its finishes holds for a side that
    completed the race (its MechanicFinish asks it: touring_dsl.mechanics.scoring). `award_count(game,
    side, what)`: how many times one of its awards applies to a side, however the race ended (MechanicAward).
10. Words. `rulebook(part, unit)` sentences (rulebook/; a match mechanic's go in the Scoring section,
    beside the match), `diff(old, new, unit)` descriptions (diff/), `show(part, unit)` one line (`touring
    show`, the table's header), `status(game)` what a player at the table should know now (terminal and
    web table), `match_status(part, leader)` what the heading of a match's next race says (`touring
    play`), `question(game, offer)` the prompt of its offer, each Decision's `words` (a move's button
    and log line), `events` its event kinds.
11. Between races (place "match"; engine.match asks every match mechanic the ruleset uses, in registry
    order, through first_seat below):
        first_seat(part, players, race)  the seat (0-based) that leads race number `race` (0-based) of a
                               match: dealt to first, first to play (None: the core's, seat 1 every race;
                               a mechanic that names it also says so in match_status, and the rulebook
                               leaves out the core's "the same player leads every race")

A core construct with kinds follows the same pattern in a registry of its own: a hazard's EFFECT (what it
does to the side it is played on) is one module of touring_dsl/mechanics/effects/ (contract:
effects/base.py); install_effects below puts the effects a deck uses on its Tables, and the Emitter writes
one branch per effect used (codegen.Emitter.hazard, mechanics.counters). tests/test_hazard_effects.py holds
every registered effect to its pieces.

tests/test_mechanics.py fails for a registered mechanic that lacks a piece (words, a bot choice for a
decision, a state field's way back from a View), and tests/test_construct_coverage.py for one that no
edition's worked example uses. docs/language.md, "Adding a mechanic", walks through the Extension.
"""
from __future__ import annotations

from ..mechanics import REGISTERED, match_parts, registered
from ..mechanics.effects import REGISTERED as EFFECTS, effects_of
from ..mechanics.vocabulary import Offer

# (the base class is never named here: an edition has a card of that name, and no card name is written in
# the engine: tests/test_engine_names.py)


def present(ruleset, setup) -> tuple:
    """The mechanics a seating's races use, with their parts: (mechanic, part) in registry order (those of
    the match, played between races, are not among them: match_parts)."""
    found = []
    for mechanic in registered():
        if mechanic.place == "match":
            continue
        part = mechanic.part(ruleset, setup)
        if part is not None:
            found.append((mechanic, part))
    return tuple(found)


def install(t) -> None:
    """Put on a new Tables what its mechanics add: t.mechanics, t.offers, t.target_field, their tables,
    and the start values of the state fields of the mechanics it does not use (State.__init__ sets them)."""
    t.offers = {}
    t.target_field = None
    used = present(t.ruleset, t.setup)
    t.mechanics = tuple(mechanic for mechanic, _ in used)
    for mechanic, part in used:
        mechanic.tables(t, part)
    names = {m.name for m in t.mechanics}
    used_effects = {effect.name for effect, _, _ in t.effects}
    t.unused_state = tuple((f, eval(f.start_source(t)))  # noqa: S307 (our own declarations)
                           for m in (*REGISTERED, *EFFECTS) if m.name not in (names | used_effects) for f in m.state())


def install_effects(t) -> None:
    """Put on a new Tables the hazard effects (mechanics.effects) its deck's hazards have: t.effects, the
    used ones as (effect, card codes, mask) in registry order; t.effect_of, each card's effect or None; and
    what each effect's tables add (t.attack_cards, t.open_running, t.open_empty, a delay's t.chain_hazards,
    a removal's t.removers and t.removes). An effect no registered module declares raises, naming it."""
    t.chain_hazards, t.removers, t.removes = 0, (), [-1] * t.K
    t.attack_cards = t.open_running = t.open_empty = 0
    t.effect_of = [None] * t.K
    found = effects_of(t.ruleset)
    for c, card in enumerate(t.ruleset.deck):
        if card.kind == "hazard":
            t.effect_of[c] = found[card.name]
    used = []
    for effect in EFFECTS:
        cards = tuple(c for c in range(t.K) if t.effect_of[c] is effect)
        if cards:
            mask = sum(1 << c for c in cards)
            effect.tables(t, cards, mask)
            used.append((effect, cards, mask))
    t.effects = tuple(used)


def target_now(game) -> int:
    """The race's target on this table (a mechanic may have made it state)."""
    t = game.t
    return t.target if t.target_field is None else getattr(game, t.target_field)


def first_seat(ruleset, players: int, race: int) -> int:
    """The seat (0-based) that leads race number `race` (0-based) of a match of `players` players: the first
    match mechanic the ruleset uses that names one, else the core's rule, seat 1 (0) every race."""
    for mechanic, part in match_parts(ruleset):
        seat = mechanic.first_seat(part, players, race)
        if seat is not None:
            return seat
    return 0


def offer_mechanic(game):
    """The mechanic whose offer the table waits for, or None."""
    pending = game.pending
    if type(pending) is Offer:
        return next(m for m in REGISTERED if m.name == pending.mechanic)
    return None


__all__ = ["REGISTERED", "registered", "present", "install", "install_effects", "target_now", "first_seat",
           "offer_mechanic"]
