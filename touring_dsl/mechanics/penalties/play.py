"""Mechanics, penalties, in play: the tables, the kernel lines and the legal moves of a costly hazard.

A hazard that covers a go pile in a zone with a price also takes mileage cards from the victim's named
piles (protected piles never). Which cards is the attacker's choice, so each possible choice (a "take")
is its own move: the move code carries a take id (TAKES[take] lists (pile card, how many); choices.py
lists the choices). The engine calls these through the steps named below:

    tables(t, ruleset)          engine.tables.Tables, once per seating (t.pen, t.pen_piles, t.pen_hazards...)
    duel_plays(e, ...)          engine.rules.legality.plays, two sides: costly attacks go one victim at a time
    plays_with_takes(e)         engine.rules.legality.plays_by_victim: one play per possible take
    forfeit_take(e)             mechanics.delays' cover: the victim gives up the take's cards
    penalty_plays(game, ...)    engine.legal.Legal.penalty_plays, which the kernel's play_codes calls
"""
from __future__ import annotations

from .choices import penalty_choices


# the tables ----------------------------------------------------------------------------------------
def tables(t, ruleset) -> None:
    """t.pen[hazard][zone]: the miles owed (0: nothing); t.pen_piles: (card, value) of the piles taken
    from, in pile order; t.pen_hazards: the mask of the hazards that cost anything somewhere."""
    K = t.K
    t.pen = [[0] * (K + 1) for _ in range(K)]
    t.pen_piles = ()
    t.pen_hazards = 0
    t.larger_card = False
    t.forfeit = "full"
    penalties = ruleset.penalties
    if penalties is None:
        return
    for entry in penalties.table:
        t.pen[t.code[entry.hazard]][t.code[entry.zone]] = entry.miles
    named = set(penalties.piles)
    t.pen_piles = tuple((c, t.miles[c]) for c in t.pile_order if t.names[c] in named and not t.protected[c])
    t.larger_card = penalties.larger_card
    t.forfeit = penalties.forfeit
    for c in range(K):
        if t.haz_state[c] < 0:  # only hazards that cover a go pile cost mileage
            t.pen[c] = [0] * (K + 1)
    t.pen_hazards = t.mask_of(c for c in range(K) if any(t.pen[c]))


def active(t) -> bool:
    """Whether some hazard of this seating costs mileage (else no line of this module is written)."""
    return bool(t.pen_hazards)


# the kernel's lines --------------------------------------------------------------------------------
def duel_plays(e, by_victim, lookup) -> None:
    """Two sides, with penalties: attacks that cost mileage go victim by victim (`by_victim(e)`, one play
    per take), the others through the duel's one lookup (`lookup(e, attack)`)."""
    w = e.w
    w("attack = hm & attack_mask[s] & exposed_mask[1 - s]")
    with w.block(f"if attack & {e.t.pen_hazards}:"):
        by_victim(e)
    with w.block("else:"):
        lookup(e, "attack")


def plays_with_takes(e) -> None:
    """Attacks on `victim` that cost mileage: one play per possible take (inside the victims loop)."""
    with e.w.block(f"if m & {e.t.pen_hazards}:"):
        e.w("codes += self.penalty_plays(m, victim)")
        e.w("continue")


def forfeit_take(e) -> None:
    """Victim v gives up the cards of the take the move names, onto the discard pile."""
    w = e.w
    w(f"take = {e.take_of()}")
    with w.block("if take:"):
        w("counts = mileage_counts[v]")
        with w.block("for p, n in TAKES[take]:"):
            w("counts[p] -= n")
            with w.block("if not counts[p]:"):
                w("has_mileage[v] &= ~(1 << p)")
            w("open_piles[v] |= 1 << p", "miles[v] -= n * MILES[p]", "remaining[v] += n", "discard.extend([p] * n)")
            e.event('"penalty"', "seat", "v", "NAMES[p]", 'f"side {v + 1} forfeits {n} x {NAMES[p]}"')


# the legal moves -----------------------------------------------------------------------------------
def penalty_plays(game, mask: int, victim: int) -> tuple[int, ...]:
    """Plays on `victim` of the hazards in `mask` when some cost mileage there: one move per choice."""
    t = game.t
    zone = game.zone_state[victim]
    codes = t.tgt_code[victim]
    out: list[int] = []
    for c in t.bits[mask]:
        owed = t.pen[c][zone]
        if owed:
            out.extend(penalty_codes(game, c, victim, owed))
        else:
            out.append(codes[c])
    return tuple(out)


def penalty_codes(game, hazard: int, victim: int, owed: int) -> list[int]:
    """The move codes of hazard on victim, one per choice of cards for `owed` miles (cached per holding)."""
    t = game.t
    counts = game.mileage_counts[victim]
    available = tuple(counts[c] for c, _ in t.pen_piles)
    key = (hazard, victim, owed, available)
    codes = t.choice_cache.get(key)
    if codes is None:
        choices = penalty_choices(t.pen_piles, available, owed, t.larger_card, t.forfeit)
        codes = t.choice_cache[key] = [t.take_code(hazard, victim, take) for take in choices]
    return codes


def pile_cards(t) -> tuple[int, ...]:
    """The mileage cards whose piles a penalty is paid from, in the order the penalties' tables keep them:
    what the compiled kernel (bots.compiled) keys a position's penalty plays by."""
    return tuple(c for c, _ in t.pen_piles)


def penalty_tables(t) -> tuple:
    """The penalties' own tables as one value, for a cache key (None where the edition has no penalties)."""
    return getattr(t, "pen", None), getattr(t, "pen_piles", None)
