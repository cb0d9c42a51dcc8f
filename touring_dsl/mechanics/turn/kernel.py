"""Mechanics, the turn, the engine's part: the turn's tables, and the kernel lines that deal, draw,
discard, reshuffle and pass the turn.

Each player is dealt a hand, one card at a time round the table. On a turn a player draws (before
playing, or after) and then plays one card or discards one. When the draw pile is empty, the discards and
the covered cards of the go and zone piles (as the rules say) are shuffled into a new one; when nothing
comes back, players play on without drawing, and a seat with no card is passed over. The turn limit ends
a game that drags on. `hand N` is also a limit: a player who ends a turn holding more than N cards
(having drawn more than one) discards down to N, one card at a time, before the turn passes; those
discards are not turns.

The turn owns the named points of a turn's end where the other rules write their lines: the mechanics'
end_of_turn and draw_step hooks (engine.mechanics) and the hazard effects' turn_passes (mechanics.effects).
Like every mechanic module it imports nothing of the engine: the other rules' steps it needs are the
Emitter's (e.refresh_all, e.go_free: engine.codegen gives each its rule).
"""
from __future__ import annotations

from ..vocabulary import EMPTY, GO, KIND_CODES

# reshuffle: how much of a go or zone pile goes back into the draw pile
KEEP_CODES = {"all": 0, "all-but-top": 1, "none": 2}
RETURN_ALL, RETURN_ALL_BUT_TOP, RETURN_NONE = range(3)

EVENTS = {"reshuffle": "The cards were reshuffled into a new draw pile."}  # (a worked example may expect it)
KERNEL_NAMES = {
    "d": "the card drawn",
    "nxt": "the seat the turn passes to",
    "first": "the seat that leads the race",
    "dealt": "the cards dealt, in dealing order",
    "new": "the cards shuffled into a new draw pile",
    "changed": "whether a reshuffle emptied some go or zone pile",
    "i": "a side whose go or zone pile is reshuffled",
    "pile": "a go or zone pile being reshuffled",
}


# the tables ------------------------------------------------------------------------------------
def tables(t, ruleset) -> None:
    """The turn's constants on the Tables `t`: hand size, draw count and when, which kinds a side may lay
    before its first go card (a mask), and what a reshuffle gives back."""
    turn = ruleset.turn
    t.hand_size, t.draw_count, t.draw_before_play = turn.hand, turn.draw, turn.draw_before_play
    t.draw_one = turn.draw == 1 and turn.draw_before_play
    kinds = {KIND_CODES[k] for k in turn.before_go} | {GO}  # (and safeties: mechanics.safeties)
    t.before_go = t.mask_of(c for c in range(t.K) if t.kind[c] in kinds)
    reshuffle = ruleset.reshuffle
    t.return_discard = reshuffle.discard
    t.return_go = KEEP_CODES[reshuffle.go_piles]
    t.return_zone = KEEP_CODES[reshuffle.zone_piles]


def hand_limit(t) -> bool:
    """Whether a turn can end over the hand size: only one that draws more than one card."""
    return t.draw_count > 1


# kernel lines ----------------------------------------------------------------------------------
def leave_hand(e) -> None:
    """Card c leaves the hand of `seat` (whose hand mask was hm)."""
    e.w("hand.remove(c)")
    with e.w.block("if c not in hand:"):
        e.w("hand_mask[seat] = hm ^ BIT[c]")


def count_turn(e) -> None:
    """A play or a discard is a turn, except a discard down to the hand size (it ends the wait)."""
    if not e.hand_limit:
        e.w("turns += 1")
        return
    with e.w.block("if pending is None:"):
        e.w("turns += 1")
    with e.w.block("else:  # a discard down to the hand size"):
        e.w("pending = None")


def discard(e) -> None:
    e.w("discard.append(c)")
    e.hook("on_discard")  # a mechanic may note who discarded (taking the top discard)
    e.event('"discard"', "seat", "s", "NAMES[c]", 'f"player {seat + 1} discards {NAMES[c]}"')


def draw_cards(e, seat: str, n: str) -> None:
    """`seat` draws n cards, reshuffling when the draw pile is empty (and stopping if still empty)."""
    w = e.w
    reshuffle = f"reshuffle(self, {'ev' if e.events else 'None'})"
    if n == "1":
        with w.block("if not draw:"):
            w(reshuffle)
        with w.block("if draw:"):
            draw_one(e, seat)
        return
    with w.block(f"for _ in range({n}):"):
        with w.block("if not draw:"):
            w(reshuffle)
            with w.block("if not draw:"):
                w("break")
        draw_one(e, seat)


def draw_one(e, seat: str) -> None:
    e.w("d = draw.pop()", f"hands[{seat}].append(d)", f"hand_mask[{seat}] |= BIT[d]")
    e.event('"draw"', seat, e.side(seat), "NAMES[d]", f'f"player {{{seat} + 1}} draws a card"')


def advance(e) -> None:
    """Pass the turn: end at the turn limit; else the next seat that holds a card (after drawing)
    acts; when no seat does, the game is exhausted."""
    w, t = e.w, e.t
    e.hook("end_of_turn")
    with w.block(f"if turns >= {t.turn_limit}:"):
        e.finish("turn-limit", "None")
    if not t.draw_before_play:
        draw_cards(e, "seat", str(t.draw_count))
    if e.hand_limit:
        with w.block(f"if len(hands[seat]) > {t.hand_size}:  # discard down before the turn passes"):
            w("pending = DISCARD_DOWN")
            e.pause()
    w(f"nxt = {e.next_seat('seat')}")
    e.effect_hook("turn_passes")  # a hazard's effect may pass the turn on (a lost turn): before it is asked anything
    if e.hook("draw_step", "nxt"):  # a mechanic wrote the next seat's draw (and the turn's passing) itself
        return
    if t.draw_one:  # the common case inline: the next seat draws one card
        with w.block("if draw:"):
            draw_one(e, "nxt")
            w("seat = nxt")
        with w.block("else:"):
            search_seat(e)
    else:
        search_seat(e)


def search_seat(e) -> None:
    w, t = e.w, e.t
    with w.block(f"for _ in range({t.players}):"):
        if t.draw_before_play:
            draw_cards(e, "nxt", str(t.draw_count))
        with w.block("if hands[nxt]:"):
            w("seat = nxt", "break")
        w(f"nxt = {e.next_seat('nxt')}")
    with w.block("else:"):
        e.finish("exhausted", "None")


def deal(e) -> None:
    """Shuffle, deal the hands one card at a time round the table from seat `first` (the race's first
    player, seat 0 unless a mechanic of the match names another: engine.match), and let that seat draw for its turn."""
    b, t = e.w, e.t
    P, total = t.players, len(t.deck_codes)
    n = min(total, t.hand_size * P)
    b("draw = self.draw = list(DECK)", "self.rng.shuffle(draw)")
    # dealing one card at a time from the top (the end of the list) is a reversed slice, shared out
    b(f"dealt = draw[{total - n}:]", f"del draw[{total - n}:]", "dealt.reverse()")
    with b.block(f"for seat in range({P}):"):
        b(f"hand = hands[seat] = bytearray(dealt[(seat - first) % {P}::{P}])", "m = 0")
        with b.block("for c in hand:"):
            b("m |= 1 << c")
        b("hand_mask[seat] = m")
    b("self.to_act = first")
    if t.draw_before_play:
        b(f"draw_cards(self, first, {t.draw_count})")


def reshuffle(e) -> None:
    """The draw pile is empty: the discards and the lower go and zone cards, as the rules say, are
    shuffled into a new draw pile (a pile given back whole empties that side's state)."""
    b, t = e.w, e.t
    b("new = []")
    if RETURN_ALL in (t.return_go, t.return_zone):
        b("changed = False")
    if t.return_discard:
        b("new.extend(discard)", "discard.clear()")
    piles = [("go_piles", "go", t.return_go)] + [("zone_piles", "zone", t.return_zone)]
    for name, what, keep in piles:
        if keep == RETURN_ALL:
            with b.block(f"for i, pile in enumerate({name}):"):
                with b.block("if pile:"):
                    b("new.extend(pile)", "pile.clear()", "changed = True")
                    if what == "go":
                        b(f"go_state[i] = {e.go_free('i', str(EMPTY))}")
                    elif t.game_scope:
                        with b.block(f"for v in range({t.sides}):"):
                            b(f"zone_state[v] = {t.zone_start}")
                    else:
                        b(f"zone_state[i] = {t.zone_start}")
        elif keep == RETURN_ALL_BUT_TOP:
            with b.block(f"for pile in {name}:"):
                with b.block("if len(pile) > 1:"):
                    b("new.extend(pile[:-1])", "del pile[:-1]")
    if RETURN_ALL in (t.return_go, t.return_zone):
        with b.block("if changed:"):
            e.refresh_all()
    with b.block("if not new:"):
        b("return")
    b("self.rng.shuffle(new)", "draw.extend(new)")
    e.event('"reshuffle"', "None", "None", "None", 'f"{counted(len(new), \'card\')} {\'is\' if len(new) == 1 else \'are\'} shuffled into a new draw pile"')
