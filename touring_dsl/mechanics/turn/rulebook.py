"""Mechanics, the turn, its rulebook words: how a turn runs, what a side may play before its first go
card, what happens when the draw pile runs out, and what a house rule changes of either.

A construct below the faces cannot build the rulebook's Text, so each function here returns the parts of
a sentence in order (a tuple of str and the objects the rulebook hands in: its name of the go pile, a
card's name, its references), and the rulebook sets them with its own text(). `say` is the rulebook's
wording (rulebook.words: number, counted, join: small numbers spelt as a printed rule sheet writes them).
"""
from __future__ import annotations

# what a reshuffle does with a pile group, in a house rule's "How this variant differs" section
KEEP = {"all": "returned whole", "all-but-top": "returned except the top card", "none": "left on the table"}


def flat(*parts) -> tuple:
    """The parts as one flat tuple (nested tuples spread, None dropped), for the rulebook's text()."""
    out: list = []
    for part in parts:
        if part is None:
            continue
        if isinstance(part, tuple):
            out.extend(flat(*part))
        else:
            out.append(part)
    return tuple(out)


def flow(turn, say) -> str:
    """The turn in prose: when a player draws, what it plays, how many cards it ends the turn with."""
    hand, held = say.number(turn.hand), say.number(turn.hand + turn.draw)
    drawn = say.counted(turn.draw, "card")
    if turn.draw_before_play:
        return (f"Players take turns round the table. On your turn, first draw {drawn} from the draw pile, "
                f"so that you hold {held}. Then play exactly one card: lay it on the table or discard it. "
                + (f"If you still hold more than {hand}, discard down to {hand} before the turn passes. "
                   if turn.draw > 1 else "")
                + f"You end every turn holding {hand} cards again.")
    return (f"Players take turns round the table. On your turn, play exactly one card, laying it on "
            f"the table or discarding it, then draw {drawn} to bring your hand back to {hand}.")


def before_go(turn, kinds_present, go_card, kind_plural: dict, say) -> tuple:
    """What a side may play before its first go card (`go_card`: the rulebook's name of the go card;
    `kinds_present`: the card kinds the deck has; `kind_plural`: each kind in words, plural)."""
    before = [k for k in turn.before_go if k in kinds_present]
    return flat("Until your side has laid its first ", go_card, ", it cannot lay mileage",
                (", but you may already play ", say.join(kind_plural[k] for k in before), ".") if before else ".")


def reshuffle(rs, go_pile, zone_piles, has_zones: bool) -> tuple:
    """What happens when the draw pile runs out (`go_pile`: the rulebook's name of the go pile;
    `zone_piles`: its words for the zone piles, "every zone pile" or "the zone pile")."""
    gathered: list = [("the discard pile",)] if rs.discard else []
    for keep, what in ((rs.go_piles, ("every ", go_pile)), (rs.zone_piles, (zone_piles,) if has_zones else None)):
        if what is None:
            continue
        if keep == "all":
            gathered.append(("all of ", what))
        elif keep == "all-but-top":
            gathered.append((what, " except its top card"))
    kept = []
    if rs.go_piles == "none":
        kept.append(("The ", go_pile, "s stay as they are."))
    if rs.zone_piles == "none" and has_zones:
        kept.append(("Zone cards already played stay where they are.",))
    said = (("gather ", joined(gathered), ", shuffle them well, and lay them face down as the new draw pile.")
            if gathered else ("the game goes on without a draw pile.",))
    return flat(said, *[(" ", k) for k in kept])


def joined(parts: list) -> tuple:
    """Parts joined as in prose: a, b and c."""
    if len(parts) <= 1:
        return flat(*parts)
    head = []
    for i, part in enumerate(parts[:-1]):
        head += [", "] if i else []
        head.append(part)
    return flat(*head, " and ", parts[-1])


def variant_turn(a, b, refs, say) -> list[tuple]:
    """A house rule's changes to its parent's turn, one sentence each (`refs`: the rulebook's references
    for a provenance)."""
    said = []
    if a.hand != b.hand:
        said.append(flat(f"Hands hold {say.number(b.hand)} cards instead of {say.number(a.hand)}."))
    if (a.draw, a.draw_before_play) != (b.draw, b.draw_before_play):
        when = "before" if b.draw_before_play else "after"
        said.append(flat(f"Each turn draws {say.counted(b.draw, 'card')} {when} playing."))
    if set(a.before_go) != set(b.before_go):
        said.append(flat("Changes what a side may play before its first start.", refs(b.provenance)))
    return said


def variant_reshuffle(a, b) -> list[tuple]:
    """A house rule's changes to its parent's reshuffle, one sentence each."""
    said = []
    if a.go_piles != b.go_piles:
        said.append(flat(f"At a reshuffle the starting piles are {KEEP[b.go_piles]}."))
    if a.zone_piles != b.zone_piles:
        said.append(flat(f"At a reshuffle the zone piles are {KEEP[b.zone_piles]}."))
    if a.discard != b.discard:
        said.append(flat("At a reshuffle the discard pile is " + ("shuffled back in." if b.discard else "kept out.")))
    return said
