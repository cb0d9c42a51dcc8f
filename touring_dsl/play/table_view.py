"""Play stage, display: the table as one seat sees it, as text lines (styled with rich, readable without colour)."""
from __future__ import annotations

from typing import Callable

from rich.text import Text

from ..mechanics.counters.words import counter_label, let_it_pass, plays_next_words, question, waiting_words
from ..engine.mechanics import offer_mechanic, target_now
from ..engine.tables import NO_CAP
from ..mechanics import decision_words
from ..mechanics.delays import DELAYS
from ..base.i18n import SOURCE_LANGUAGE, _, language, ngettext, pgettext, typography
from ..base.seat_words import player_name
from ..base.wording import either
from ..base.wording import sentence
from .event_words import Wording, event_sentence

NameOf = Callable[[int], str]


# -- one side ------------------------------------------------------------------------------------

def needs_text(ruleset, side) -> str:
    """What a side must play before it may lay mileage: "needs Hauled In, then Go", or "rolling"."""
    if side.showing_go:
        return typography(_("rolling: may lay mileage"))
    if not side.needs:
        pile = go_pile_label(ruleset)[0].lower() + go_pile_label(ruleset)[1:]
        return typography(_("stuck: nothing can move its {pile} on").format(pile=pile))
    steps = [either(side.needs)]
    if len(side.needs) == 1:
        steps += DELAYS.rest_of_chain(ruleset, side.go_top, side.needs[0])  # (mechanics.delays)
    chain = steps[0]
    for step in steps[1:]:
        chain = _("{steps}, then {step}").format(steps=chain, step=step)
    return typography(_("needs {cards}").format(cards=chain))


def side_lines(view, ruleset, side_index: int, title: str, shared_zone: bool, race_miles: int) -> list[Text]:
    side = view.sides[side_index]
    if view.pending is not None and view.pending[2] == side_index:  # the hazard is laid, the answer not given
        line = Text(typography(_("    {pile}: ").format(pile=go_pile_label(ruleset))))
        line.append(typography(waiting_words(view.pending[0], view.pending[1])), style="bold red")
    else:
        pile_text = _("{card} ({cards})").format(card=side.go_top, cards=_cards(side.go_size)) if side.go_top \
            else pgettext("pile", "empty")
        line = Text(typography(_("    {pile}: {top}; ").format(pile=go_pile_label(ruleset), top=pile_text)))
        line.append(needs_text(ruleset, side), style="green" if side.showing_go else "yellow")
    lines = [Text(title, style="bold"), line]
    if not shared_zone and ruleset.zones.zones:
        lines.append(Text(typography(_("    {pile}: {zone}").format(pile=zone_label(ruleset),
                                                                     zone=zone_text(side, ruleset))), style="cyan"))
    parts = [f"{card} {laid}/{needed}" if needed < NO_CAP else f"{card} {laid}" for card, laid, needed in side.piles]
    lines.append(Text(typography(_("    Mileage: {piles}").format(piles="   ".join(parts)))))
    if side.safeties:
        lines.append(Text(typography(_("    Safeties: {cards}").format(cards=", ".join(side.safeties))),
                          style="magenta"))
    lines.append(Text(typography(distance_line(ruleset.race.unit, side.miles, race_miles)), style="bold"))
    return lines


def distance_line(unit: str, miles: int, race_miles: int) -> str:
    """'    Km: 300 of 700', '    Miles: 50 of 200': a side's distance so far, of the race's."""
    if unit == "miles":
        return _("    Miles: {miles} of {race}").format(miles=miles, race=race_miles)
    if unit == "km":
        return _("    Km: {miles} of {race}").format(miles=miles, race=race_miles)
    return _("    {unit}: {miles} of {race}").format(unit=unit.capitalize(), miles=miles, race=race_miles)


def go_pile_label(ruleset) -> str:
    """The name the edition gives the pile a go card goes on, capitalised as a label, else "Go pile"."""
    name = ruleset.pile_names.go
    return name[0].upper() + name[1:] if name else _("Go pile")


def zone_label(ruleset) -> str:
    """The name the edition gives its zone pile, capitalised as a label, else "Zone"."""
    name = ruleset.pile_names.zone
    return name[0].upper() + name[1:] if name else pgettext("pile label", "Zone")


def zone_text(side, ruleset=None) -> str:
    """The zone a side races in; while its zone pile is empty, said so, so that the starting zone is not
    read as a card laid (Mille Bornes' speed pile starts empty and rules as End of Limit). A starting zone
    that allows every mileage card is no limit at all, and said so."""
    return side.zone if side.zone_size else _("empty ({note})").format(note=empty_zone_note(side, ruleset))


def empty_zone_note(side, ruleset=None) -> str:
    """What an empty zone pile means: "no limit", or the starting zone that rules ("City Limits applies")."""
    if ruleset is not None and _allows_all_mileage(ruleset, side.zone):
        return _("no limit")
    return _("{zone} applies").format(zone=side.zone)


def _allows_all_mileage(ruleset, zone: str) -> bool:
    allowed = next((set(z.allows) for z in ruleset.zones.zones if z.name == zone), set())
    return all(card.name in allowed for card in ruleset.deck if card.kind == "mileage")


def _cards(count: int) -> str:
    return ngettext("{n} card", "{n} cards", count).format(n=count)


# -- the whole table -------------------------------------------------------------------------------

def side_title(game, side_index: int, seat: int, name_of: NameOf) -> str:
    members = [s for s in range(game.players) if game.side_of(s) == side_index]
    names = ", ".join(name_of(s) if s != game.to_act or s == seat else _("{player} (to act)").format(player=name_of(s))
                      for s in members)
    mine = game.side_of(seat) == side_index and _("(you)") not in names
    if mine:
        return typography(_("  Side {number}: {names} - your side").format(number=side_index + 1, names=names))
    if len(members) == 1:  # French names a player who plays alone, not a team
        return typography(pgettext("one player", "  Side {number}: {names}").format(number=side_index + 1, names=names))
    return typography(_("  Side {number}: {names}").format(number=side_index + 1, names=names))


def render_table(game, seat: int, numbered: list, recent: list[str], name_of: NameOf,
                 warnings: dict[int, str] | None = None) -> list[Text]:
    """Everything the seat to act needs to choose: the sides, the piles, its hand and moves, recent events."""
    view = game.view(seat)
    ruleset = game.ruleset
    shared_zone = ruleset.zones.scope == "game" and bool(ruleset.zones.zones)
    lines = [Text(typography(_("--- {title}, move {number}: {player} to act ---").format(
        title=ruleset.title, number=game.turns + 1, player=name_of(seat))), style="bold magenta")]
    for side_index in range(game.sides):
        lines += side_lines(view, ruleset, side_index, side_title(game, side_index, seat, name_of), shared_zone,
                            target_now(game))
    if shared_zone:
        lines.append(Text(typography(_("  {pile} for every side: {zone}").format(pile=zone_label(ruleset),
                                                                                 zone=view.zone)), style="cyan"))
    lines.append(Text(typography(_("  Discard pile: {discard}   Draw pile: {draw}").format(
        discard=_discard_text(view), draw=_cards(view.draw_size)))))
    lines += _hand_sizes(game, view, seat)
    lines += [Text(f"  {line}", style="cyan") for line in mechanic_status(game)]
    if view.pending is not None:
        said = question(ruleset, *view.pending, reader_side=game.side_of(seat), reader_asked=view.to_act == seat,
                        asked=view.to_act, seats_of=game.t.seats_of)
        lines.append(Text(f"  {typography(said)}", style="bold red"))
    asked = offer_question(game, game.side_of(seat))
    if asked:
        lines.append(Text(f"  {typography(asked)}", style="bold red"))
    if recent:
        lines.append(Text(typography(_("  Recent:")), style="bold"))
        lines += [Text(f"    {line}", style="dim") for line in recent]
    lines += hand_lines(game, view, seat, numbered, warnings)
    lines += move_lines(numbered, warnings, ruleset)
    return lines


def mechanic_status(game) -> list[str]:
    """What each mechanic the table uses says of its state now ("the race is extended to 1000 km")."""
    # whole sentences: the web table joins them after "player 2 to act."
    parts = (*game.t.mechanics, *(effect for effect, _, _ in game.t.effects))  # (a hazard effect's state too)
    return [typography(sentence(line)) for line in (m.status(game) for m in parts) if line]


def offer_question(game, reader_side: int | None = None) -> str | None:
    """The question a mechanic asks the seat to act, if it asks one now, worded for a reader on reader_side
    (None: a spectator)."""
    mechanic = offer_mechanic(game)
    return None if mechanic is None else mechanic.question(game, game.pending, reader_side)


def move_label(move, ruleset=None) -> str:
    """A move in words for a list or a button: a mechanic's decision by its own words ("extend the race"),
    an answer to a hazard by the counter's words ("coup fourré with Right of Way", "let it pass")."""
    if move.action == "decline":
        return let_it_pass()
    if move.action == "counter" and ruleset is not None:
        return counter_label(ruleset, move.card)
    return decision_words(move.action) or move_words(move)


def move_words(move) -> str:
    """A core move in words: the engine's own (Move.__str__) in English, whole sentences in any other."""
    if language() == SOURCE_LANGUAGE:
        return str(move)
    if move.action == "counter":
        return _("counter with {card}").format(card=move.card)
    if move.action == "discard":
        return _("discard {card}").format(card=move.card)
    if move.card is None:
        return move.action
    take = ", ".join(f"{n} × {card}" for card, n in move.take)
    if move.target is not None and take:
        text = _("play {card} on side {number}, taking {cards}")
    elif move.target is not None:
        text = _("play {card} on side {number}")
    elif take:
        text = _("play {card}, taking {cards}")
    else:
        text = _("play {card}")
    return text.format(card=move.card, number=(move.target or 0) + 1, cards=take)


def _discard_text(view) -> str:
    if not view.discard_top:
        return pgettext("pile", "empty")
    return _("{card} on top ({cards})").format(card=view.discard_top, cards=_cards(view.discard_size))


def _hand_sizes(game, view, seat: int) -> list[Text]:
    sizes = view.hand_sizes
    others = [_("{n} ({player})").format(n=n, player=player_name(s)) for s, n in enumerate(sizes) if s != seat]
    return [Text(typography(_("  Cards in hand: {counts}").format(counts=", ".join(others))))] if others else []


def sorted_hand(view, ruleset) -> list[str]:
    """The hand in the edition's deck order, so a card keeps its place from turn to turn."""
    order = {card.name: index for index, card in enumerate(ruleset.deck)}
    return sorted(view.hand, key=lambda card: order.get(card, len(order)))


def hand_lines(game, view, seat: int, numbered: list, warnings: dict[int, str] | None = None) -> list[Text]:
    """The hand, one line per kind of card, each with the numbers of the moves that play it, or why it cannot."""
    hand = sorted_hand(view, game.ruleset)
    lines = [Text(typography(_("  Your hand ({player}):").format(player=player_name(seat))), style="bold")]
    for card in dict.fromkeys(hand):
        copies = hand.count(card)
        line = Text(f"    {card + (f' x{copies}' if copies > 1 else ''):<20}")
        plays = [f"{i}{' !' if i in (warnings or {}) else ''}" for i, move in enumerate(numbered, start=1)
                 if move.card == card and move.action != "discard"]
        if plays:
            line.append(typography(_("play: {numbers}").format(numbers=", ".join(plays))), style="green")
        else:
            reason = game.why_not(seat, card)
            line.append(typography(_("cannot play: {reason}").format(reason=reason) if reason
                                   else _("cannot play now")), style="dim")
        lines.append(line)
    return lines


def move_lines(numbered: list, warnings: dict[int, str] | None = None, ruleset=None) -> list[Text]:
    """Every choice under one numbering: the plays one per line (with what a costly one forfeits), then the discards."""
    warnings = warnings or {}
    plays = [(n, m) for n, m in enumerate(numbered, start=1) if m.action != "discard"]
    discards = [(n, m) for n, m in enumerate(numbered, start=1) if m.action == "discard"]
    lines = [Text(typography(_("  Your moves:")), style="bold")] if plays else \
        [Text(typography(_("  No card can be played: discard one.")), style="yellow")]
    for number, move in plays:
        line = Text(f"    {number}. {move_label(move, ruleset)}")
        if number in warnings:
            line.append(f"   ! {typography(warnings[number])}", style="bold red")
        lines.append(line)
    if discards:
        listed_discards = "   ".join(f"{number}. {move.card}" for number, move in discards)
        lines.append(Text(typography((_("  Or discard: {cards}") if plays else _("  Discard: {cards}")).format(
            cards=listed_discards))))
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
    if language() != SOURCE_LANGUAGE:
        if event.kind == "penalty":
            return _("forfeits {cards}").format(cards=detail[detail.index("forfeits") + 9:]
                                                .replace(" x ", " × ")) if "forfeits" in detail else detail
        if "every mileage card" in detail:
            return _("forfeits every mileage card and the go pile")
        return _("forfeits the card")
    return detail[detail.index("forfeits"):] if "forfeits" in detail else detail


# -- events and the end --------------------------------------------------------------------------------

def describe_event(event, viewers: set[int], name_of: NameOf, game=None) -> str | None:
    """An event for the move feed, or None when it should not be shown.

    Draws are shown only to the seat drawing (it alone may see the card); every turn has one,
    so the others' draws would only be noise.
    """
    if event.kind == "draw":
        if event.seat not in viewers or not event.card:
            return None
        said = _("{player} drew {card}").format(player=name_of(event.seat), card=event.card)  # "player 1 (you) drew"
        return said if language() == SOURCE_LANGUAGE else initial_capital(said)
    if game is not None and language() != SOURCE_LANGUAGE:
        said = event_sentence(event, Wording(game.ruleset, game.t.seats_of, name_of))
        if said:
            return typography(said)
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
            return typography(_("{player} takes a bonus turn for laying {card}").format(player=name_of(seat),
                                                                                        card=event.card))
        if event.kind == "counter":
            return typography(plays_next_words(name_of(seat), event.card))  # (mechanics.counters)
    return None


def outcome_words(outcome: str | None) -> str:
    """How a game ended, in words: "the race was completed"."""
    said = {"completed": _("the race was completed"), "exhausted": _("the cards ran out"),
            "turn-limit": _("the limit of moves was reached"), "signal": _("the signal stopped play")}
    return said.get(outcome, outcome or _("unfinished"))


def race_distance(n: int, unit: str) -> str:
    """'700 km', '1 mile', '25 miles' in the reader's language."""
    return ngettext("{n} mile", "{n} miles", n).format(n=n) if unit == "miles" else f"{n} {unit}"


def result_lines(game, name_of: NameOf, me: int | None = None) -> list[str]:
    """Who won, how, and every side's miles; me is the seat of the one person playing, if any."""
    outcome = outcome_words(game.outcome)
    view = game.view(0)
    moves = ngettext("{n} move", "{n} moves", game.turns).format(n=game.turns)  # every play of every player
    lines = [typography(_("Game over after {moves}: {outcome}.").format(moves=moves, outcome=outcome))]
    for side_index in range(game.sides):
        side = view.sides[side_index]
        members = ", ".join(name_of(s) for s in side.seats)
        # of the target now: an extended race is run to its new length ("1000 of 1000 km", never "of 700")
        alone = len(side.seats) == 1  # French names a player who plays alone, not a team
        lines.append((pgettext("one player", "  Side {number} - {players}: {miles} of {distance}") if alone else
                      _("  Side {number} - {players}: {miles} of {distance}")).format(
            number=side_index + 1, players=members, miles=side.miles,
            distance=race_distance(target_now(game), game.setup.race.unit)))
    if game.winner is None:
        lines.append(typography(_("Nobody wins: a tie.")))
    else:
        members = [name_of(s) for s in view.sides[game.winner].seats]
        lines.append(typography(_("You win (side {number})!").format(number=game.winner + 1))
                     if me is not None and game.side_of(me) == game.winner
                     else typography((pgettext("one player", "Side {number} wins: {players}.") if len(members) == 1
                                      else _("Side {number} wins: {players}.")).format(number=game.winner + 1,
                                                                               players=", ".join(members))))
    return [initial_capital(typography(line)) for line in lines]


def initial_capital(line: str) -> str:
    """The line with a capital on its first word, after its indent ("  joueur 1 : ..." -> "  Joueur 1 : ...")."""
    indent = len(line) - len(line.lstrip(" "))
    return line[:indent] + line[indent:indent + 1].upper() + line[indent + 1:]
