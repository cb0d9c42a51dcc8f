"""Play stage, display: the table as one seat sees it, as text lines (styled with rich, readable without colour)."""
from __future__ import annotations

from typing import Callable

from rich.text import Text

from ..mechanics.counters.words import LET_IT_PASS, counter_label, plays_next_words, question, waiting_words
from ..engine.mechanics import offer_mechanic, target_now
from ..engine.tables import NO_CAP
from ..mechanics import decision_words
from ..mechanics.delays import DELAYS
from ..base.wording import counted, distance, sentence

NameOf = Callable[[int], str]


# -- one side ------------------------------------------------------------------------------------

def needs_text(ruleset, side) -> str:
    """What a side must play before it may lay mileage: "needs Hauled In, then Go", or "rolling"."""
    if side.showing_go:
        return "rolling: may lay mileage"
    if not side.needs:
        return f"stuck: nothing can move its {go_pile_label(ruleset)[0].lower() + go_pile_label(ruleset)[1:]} on"
    steps = [" or ".join(side.needs)]
    if len(side.needs) == 1:
        steps += DELAYS.rest_of_chain(ruleset, side.go_top, side.needs[0])  # (mechanics.delays)
    return "needs " + ", then ".join(steps)


def side_lines(view, ruleset, side_index: int, title: str, shared_zone: bool, race_miles: int) -> list[Text]:
    side = view.sides[side_index]
    if view.pending is not None and view.pending[2] == side_index:  # the hazard is laid, the answer not given
        line = Text(f"    {go_pile_label(ruleset)}: ")
        line.append(waiting_words(view.pending[0], view.pending[1]), style="bold red")
    else:
        pile_text = f"{side.go_top} ({_cards(side.go_size)})" if side.go_top else "empty"
        line = Text(f"    {go_pile_label(ruleset)}: {pile_text}; ")
        line.append(needs_text(ruleset, side), style="green" if side.showing_go else "yellow")
    lines = [Text(title, style="bold"), line]
    if not shared_zone and ruleset.zones.zones:
        lines.append(Text(f"    {zone_label(ruleset)}: {zone_text(side, ruleset)}", style="cyan"))
    parts = [f"{card} {laid}/{needed}" if needed < NO_CAP else f"{card} {laid}" for card, laid, needed in side.piles]
    lines.append(Text("    Mileage: " + "   ".join(parts)))
    if side.safeties:
        lines.append(Text("    Safeties: " + ", ".join(side.safeties), style="magenta"))
    lines.append(Text(f"    {ruleset.race.unit.capitalize()}: {side.miles} of {race_miles}", style="bold"))
    return lines


def go_pile_label(ruleset) -> str:
    """The name the edition gives the pile a go card goes on, capitalised as a label, else "Go pile"."""
    name = ruleset.pile_names.go
    return name[0].upper() + name[1:] if name else "Go pile"


def zone_label(ruleset) -> str:
    """The name the edition gives its zone pile, capitalised as a label, else "Zone"."""
    name = ruleset.pile_names.zone
    return name[0].upper() + name[1:] if name else "Zone"


def zone_text(side, ruleset=None) -> str:
    """The zone a side races in; while its zone pile is empty, said so, so that the starting zone is not
    read as a card laid (Mille Bornes' speed pile starts empty and rules as End of Limit). A starting zone
    that allows every mileage card is no limit at all, and said so."""
    return side.zone if side.zone_size else f"empty ({empty_zone_note(side, ruleset)})"


def empty_zone_note(side, ruleset=None) -> str:
    """What an empty zone pile means: "no limit", or the starting zone that rules ("City Limits applies")."""
    if ruleset is not None and _allows_all_mileage(ruleset, side.zone):
        return "no limit"
    return f"{side.zone} applies"


def _allows_all_mileage(ruleset, zone: str) -> bool:
    allowed = next((set(z.allows) for z in ruleset.zones.zones if z.name == zone), set())
    return all(card.name in allowed for card in ruleset.deck if card.kind == "mileage")


def _cards(count: int) -> str:
    return counted(count, "card")


# -- the whole table -------------------------------------------------------------------------------

def side_title(game, side_index: int, seat: int, name_of: NameOf) -> str:
    members = [s for s in range(game.players) if game.side_of(s) == side_index]
    names = ", ".join(name_of(s) + (" (to act)" if s == game.to_act and s != seat else "") for s in members)
    mine = " - your side" if game.side_of(seat) == side_index and "(you)" not in names else ""
    return f"  Side {side_index + 1}: {names}{mine}"


def render_table(game, seat: int, numbered: list, recent: list[str], name_of: NameOf,
                 warnings: dict[int, str] | None = None) -> list[Text]:
    """Everything the seat to act needs to choose: the sides, the piles, its hand and moves, recent events."""
    view = game.view(seat)
    ruleset = game.ruleset
    shared_zone = ruleset.zones.scope == "game" and bool(ruleset.zones.zones)
    lines = [Text(f"--- {ruleset.title}, move {game.turns + 1}: {name_of(seat)} to act ---", style="bold magenta")]
    for side_index in range(game.sides):
        lines += side_lines(view, ruleset, side_index, side_title(game, side_index, seat, name_of), shared_zone,
                            target_now(game))
    if shared_zone:
        lines.append(Text(f"  {zone_label(ruleset)} for every side: {view.zone}", style="cyan"))
    lines.append(Text(f"  Discard pile: {_discard_text(view)}   Draw pile: {_cards(view.draw_size)}"))
    lines += _hand_sizes(game, view, seat)
    lines += [Text(f"  {line}", style="cyan") for line in mechanic_status(game)]
    if view.pending is not None:
        said = question(ruleset, *view.pending, reader_side=game.side_of(seat), reader_asked=view.to_act == seat,
                        asked=view.to_act)
        lines.append(Text(f"  {said}", style="bold red"))
    asked = offer_question(game, game.side_of(seat))
    if asked:
        lines.append(Text(f"  {asked}", style="bold red"))
    if recent:
        lines.append(Text("  Recent:", style="bold"))
        lines += [Text(f"    {line}", style="dim") for line in recent]
    lines += hand_lines(game, view, seat, numbered, warnings)
    lines += move_lines(numbered, warnings, ruleset)
    return lines


def mechanic_status(game) -> list[str]:
    """What each mechanic the table uses says of its state now ("the race is extended to 1000 km")."""
    # whole sentences: the web table joins them after "player 2 to act."
    parts = (*game.t.mechanics, *(effect for effect, _, _ in game.t.effects))  # (a hazard effect's state too)
    return [sentence(line) for line in (m.status(game) for m in parts) if line]


def offer_question(game, reader_side: int | None = None) -> str | None:
    """The question a mechanic asks the seat to act, if it asks one now, worded for a reader on reader_side
    (None: a spectator)."""
    mechanic = offer_mechanic(game)
    return None if mechanic is None else mechanic.question(game, game.pending, reader_side)


def move_label(move, ruleset=None) -> str:
    """A move in words for a list or a button: a mechanic's decision by its own words ("extend the race"),
    an answer to a hazard by the counter's words ("coup fourré with Right of Way", "let it pass")."""
    if move.action == "decline":
        return LET_IT_PASS
    if move.action == "counter" and ruleset is not None:
        return counter_label(ruleset, move.card)
    return decision_words(move.action) or str(move)


def _discard_text(view) -> str:
    return f"{view.discard_top} on top ({_cards(view.discard_size)})" if view.discard_top else "empty"


def _hand_sizes(game, view, seat: int) -> list[Text]:
    sizes = view.hand_sizes
    others = [f"{n} (player {s + 1})" for s, n in enumerate(sizes) if s != seat]
    return [Text("  Cards in hand: " + ", ".join(others))] if others else []


def sorted_hand(view, ruleset) -> list[str]:
    """The hand in the edition's deck order, so a card keeps its place from turn to turn."""
    order = {card.name: index for index, card in enumerate(ruleset.deck)}
    return sorted(view.hand, key=lambda card: order.get(card, len(order)))


def hand_lines(game, view, seat: int, numbered: list, warnings: dict[int, str] | None = None) -> list[Text]:
    """The hand, one line per kind of card, each with the numbers of the moves that play it, or why it cannot."""
    hand = sorted_hand(view, game.ruleset)
    lines = [Text(f"  Your hand (player {seat + 1}):", style="bold")]
    for card in dict.fromkeys(hand):
        copies = hand.count(card)
        line = Text(f"    {card + (f' x{copies}' if copies > 1 else ''):<20}")
        plays = [f"{i}{' !' if i in (warnings or {}) else ''}" for i, move in enumerate(numbered, start=1)
                 if move.card == card and move.action != "discard"]
        if plays:
            line.append(f"play: {', '.join(plays)}", style="green")
        else:
            reason = game.why_not(seat, card)
            line.append(f"cannot play: {reason}" if reason else "cannot play now", style="dim")
        lines.append(line)
    return lines


def move_lines(numbered: list, warnings: dict[int, str] | None = None, ruleset=None) -> list[Text]:
    """Every choice under one numbering: the plays one per line (with what a costly one forfeits), then the discards."""
    warnings = warnings or {}
    plays = [(n, m) for n, m in enumerate(numbered, start=1) if m.action != "discard"]
    discards = [(n, m) for n, m in enumerate(numbered, start=1) if m.action == "discard"]
    lines = [Text("  Your moves:", style="bold")] if plays else \
        [Text("  No card can be played: discard one.", style="yellow")]
    for number, move in plays:
        line = Text(f"    {number}. {move_label(move, ruleset)}")
        if number in warnings:
            line.append(f"   ! {warnings[number]}", style="bold red")
        lines.append(line)
    if discards:
        lines.append(Text(("  Or discard: " if plays else "  Discard: ")
                          + "   ".join(f"{number}. {move.card}" for number, move in discards)))
    return lines


def forfeit_warnings(game, numbered: list) -> dict[int, str]:
    """Move number -> what it costs the mover's own side, for the plays that forfeit something.

    Each play is tried on a copy of the game: whatever the engine reports as speeding by the mover,
    or as a penalty on the mover's side, is the warning.
    """
    seat, warnings = game.to_act, {}
    own_side = game.side_of(seat)
    for number, move in enumerate(numbered, start=1):
        if move.action != "play":
            continue
        trial = game.copy()
        for event in trial.apply(move):
            if (event.kind == "speeding" and event.seat == seat) or (event.kind == "penalty" and event.side == own_side):
                warnings[number] = _forfeit_text(event)
                break
    return warnings


def _forfeit_text(event) -> str:
    """ "player 1 plays X where the zone forbids it and forfeits Y" -> "forfeits Y" (the detail when not so worded)."""
    detail = str(event)
    return detail[detail.index("forfeits"):] if "forfeits" in detail else detail


# -- events and the end --------------------------------------------------------------------------------

def describe_event(event, viewers: set[int], name_of: NameOf) -> str | None:
    """An event for the move feed, or None when it should not be shown.

    Draws are shown only to the seat drawing (it alone may see the card); every turn has one,
    so the others' draws would only be noise.
    """
    if event.kind == "draw":
        if event.seat not in viewers or not event.card:
            return None
        return f"{name_of(event.seat)} drew {event.card}"  # "player 1 (you) drew", like the engine's events
    return str(event) or None


def bonus_turn_line(game, seat: int, events, name_of: NameOf) -> str | None:
    """'player 1 (you) takes a bonus turn for laying Driving Ace': the seat that just moved acts again
    because of a safety it laid in its turn, or takes the next turn for a card it showed out of turn.
    None when play simply goes on."""
    if game.is_over or game.to_act != seat or game.pending is not None:
        return None
    for event in events:
        if event.seat != seat:
            continue
        if event.kind == "safety":
            return f"{name_of(seat)} takes a bonus turn for laying {event.card}"
        if event.kind == "counter":
            return plays_next_words(name_of(seat), event.card)  # (mechanics.counters)
    return None


def result_lines(game, name_of: NameOf, me: int | None = None) -> list[str]:
    """Who won, how, and every side's miles; me is the seat of the one person playing, if any."""
    outcome = {"completed": "the race was completed", "exhausted": "the cards ran out",
               "turn-limit": "the limit of moves was reached", "signal": "the signal stopped play"}.get(game.outcome, game.outcome or "unfinished")
    view = game.view(0)
    lines = [f"Game over after {counted(game.turns, 'move')}: {outcome}."]  # every play of every player counts
    for side_index in range(game.sides):
        side = view.sides[side_index]
        members = ", ".join(name_of(s) for s in side.seats)
        # of the target now: an extended race is run to its new length ("1000 of 1000 km", never "of 700")
        lines.append(f"  Side {side_index + 1} - {members}: {side.miles} of {distance(target_now(game), game.setup.race.unit)}")
    if game.winner is None:
        lines.append("Nobody wins: a tie.")
    else:
        members = [name_of(s) for s in view.sides[game.winner].seats]
        lines.append(f"You win (side {game.winner + 1})!" if me is not None and game.side_of(me) == game.winner
                     else f"Side {game.winner + 1} wins: {', '.join(members)}.")
    return lines
