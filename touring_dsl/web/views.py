"""Web stage, what each seat may see: the live state message, built from the engine's View alone.

A seat's message holds its own hand, every public pile, the draw pile's size, the public log and (when it
must act) the legal moves with why each other card cannot be played; a spectator's holds no hand. Nothing
here reads another seat's hand, the draw order or the seed: tests/test_web_table.py checks that the
message is the same for every deal a seat could be facing.
"""
from __future__ import annotations

from ..mechanics.counters.words import question
from ..engine import Move
from ..engine.codec import ACTIONS, CARDLESS
from ..engine.mechanics import target_now
from ..mechanics.effects import effects_of
from ..mechanics.safeties import SAFETIES
from ..mechanics.delays import DELAYS
from ..base.i18n import SOURCE_LANGUAGE, _, language, typography
from ..play.event_words import Wording, event_sentence
from ..play.table_view import (forfeit_warnings, go_pile_label, mechanic_status, move_label, needs_text, offer_question,
                          empty_zone_note, outcome_words, result_lines, sorted_hand, zone_label, zone_text)

def catalogue(ruleset) -> list[dict]:
    """The deck as the card faces need it (public: every player may read the box's card list).

    Besides each card's own facts: its role on the table, the hazard family it belongs to (a hazard's
    own, a remedy's from the edition's chains, a counter's or a safety's from what it cancels or guards
    against), which hazards a card answers, and for a zone card the largest mileage it allows (the figure
    on a limit sign; None for a zone that allows every mileage card)."""
    families = hazard_families(ruleset)
    answers = _answers(ruleset)
    effects = effects_of(ruleset)
    top = max((card.miles or 0 for card in ruleset.deck), default=0)
    limits = {zone.name: max((ruleset.card(c).miles or 0 for c in zone.allows), default=0)
              for zone in ruleset.zones.zones}
    return [{"name": card.name, "kind": str(card.kind), "count": card.count, "miles": card.miles,
             "hours": card.hours, "counters": list(card.counters), "against": list(card.against),
             "removes": card.removes, "removes_miles": ruleset.card(card.removes).miles if card.removes else None,
             "role": _role(card, limits, top, effects), "answers": answers.get(card.name, []),
             "families": sorted({families[h] for h in _guards(card, answers) if h in families}),
             "limit": limits.get(card.name) if limits.get(card.name, top) < top else None}
            for card in ruleset.deck]


def hazard_families(ruleset) -> dict[str, int]:
    """Each hazard's family number, in deck order: a hazard and the cards that answer it share it."""
    hazards = [card.name for card in ruleset.deck if card.kind == "hazard"]
    return {name: number for number, name in enumerate(hazards)}


def _answers(ruleset) -> dict[str, list[str]]:
    """card -> the hazards it answers: a chain's first step answers its hazard (a go card answers a hazard
    only go lifts), and a counter card answers what it cancels."""
    found = DELAYS.first_steps(ruleset)  # (mechanics.delays)
    for card in ruleset.deck:
        if card.kind == "counter":
            found.setdefault(card.name, []).extend(card.counters)
    return found


def _guards(card, answers: dict[str, list[str]]) -> list[str]:
    """The hazards whose family a card's face shows: its own, those it answers, those it guards against."""
    if card.kind == "hazard":
        return [card.name]
    if card.kind == SAFETIES.kind:
        return SAFETIES.guards(card)
    if card.kind in ("remedy", "counter", "go"):
        return answers.get(card.name, [])
    return []


def _role(card, limits: dict[str, int], top: int, effects: dict) -> str:
    """The pictogram a card's face wears: its kind, a zone card told apart as a limit or an open road,
    a hazard as its effect draws it (a hazard that takes mileage as a penalty: HazardEffect.face)."""
    if card.kind == "zone":
        return "limit" if limits.get(card.name, top) < top else "open"
    if card.kind == "hazard":
        return effects[card.name].face
    return str(card.kind)


def public_line(event, viewer: int | None, wording: Wording | None = None) -> str | None:
    """An event as the log shows it to viewer (a seat, or None for a spectator), or None when hidden.

    A draw names its card to the seat drawing alone; the others see nothing of it (every turn has one).
    wording: the table's, for a reader of another language than English (play.event_words)."""
    if event.get("kind") == "draw":
        if viewer is None or event.get("seat") != viewer or not event.get("card"):
            return None
        return _("you drew {card}").format(card=event["card"])
    if wording is not None and language() != SOURCE_LANGUAGE:
        said = event_sentence(event, wording)
        if said:
            return typography(said)
    line = event.get("detail") or event.get("kind")
    mover = event.get("seat")
    if viewer is not None and mover == viewer and line.startswith(f"player {viewer + 1} "):
        line = "you " + _second_person(line[len(f"player {viewer + 1} "):])  # one person for the seat's own moves
    return line


def _second_person(rest: str) -> str:
    """'plays Roll on side 1' -> 'play Roll on side 1': the verb a line's "player N" took, said to "you"."""
    verb, _, tail = rest.partition(" ")
    said = {"is": "are", "has": "have", "does": "do", "goes": "go"}.get(verb)
    if said is None:
        said = verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb
    return f"{said} {tail}".rstrip()


def state_message(game, seat: int | None, log: list[dict], seat_kinds: list[str], moves_made: int,
                  log_tail: int = 40, names: list[str] | None = None, match: dict | None = None) -> dict:
    """The whole table as `seat` may see it (seat None: a spectator). log: the logged events so far.
    names: the players' names where the table has them (a party's tables), else seats are "player N".
    match: the scores (web.table.Table.match_state), where the edition scores races."""
    view = game.view(0 if seat is None else seat)
    ruleset = game.ruleset
    race = game.setup.race
    wording = Wording(ruleset, game.t.seats_of, (lambda s: names[s]) if names else None, seat)
    message = {
        "type": "state", "seat": seat, "players": game.players, "moves_made": moves_made,
        "edition": {"id": ruleset.id, "title": ruleset.title, "unit": race.unit, "race": target_now(game),
                    "labels": {"go": go_pile_label(ruleset), "zone": zone_label(ruleset)},  # the edition's pile names
                    # a distance pile's bound: at most so many of a value ("allowed"), or so many to finish ("needed")
                    "piles": "allowed" if race.is_distance else "needed"},
        "seats": [{"seat": s, "kind": seat_kinds[s], "side": game.side_of(s), "hand_size": view.hand_sizes[s],
                   "name": names[s] if names else None} for s in range(game.players)],
        "sides": [_side(ruleset, view, side) for side in view.sides],
        "zone": view.zone, "discard_top": view.discard_top, "discard_size": view.discard_size,
        "draw_size": view.draw_size, "turns": view.turns, "to_act": None if game.is_over else view.to_act,
        "pending": None if view.pending is None else  # a hazard waits: the same words whatever the seat holds
        {"attacker": view.pending[0], "hazard": view.pending[1], "victim": view.pending[2],
         # worded for its reader ("your side", "you") by public facts: who reads, who is asked
         "question": typography(question(ruleset, *view.pending,
                                         reader_side=None if seat is None else game.side_of(seat),
                                         reader_asked=seat == view.to_act, asked=view.to_act, seats_of=game.t.seats_of))},
        "status": mechanic_status(game),  # what each mechanic the table uses says of its state (public)
        "question": _typeset(offer_question(game, None if seat is None else game.side_of(seat))),  # to the seat to act
        "over": game.is_over, "result": _result(game, seat_kinds, names) if game.is_over else None,
        "last": last_play(log),
        "log": [line for line in (public_line(e, seat, wording) for e in log[-log_tail * 3:]) if line][-log_tail:],
        "hand": [], "moves": [], "why": {}, "match": match,
    }
    if seat is not None:
        message["hand"] = sorted_hand(view, ruleset)
        if not game.is_over and view.to_act == seat:
            message["moves"] = move_list(game)
        playable = {m["card"] for m in message["moves"] if m["action"] != "discard"}
        message["why"] = {card: typography(game.why_not(seat, card) or _("cannot be played now"))
                          for card in dict.fromkeys(message["hand"]) if card not in playable}
    return message


PLAYS = ("play", "hazard", "safety", "counter", "discard", "zone")  # the events that lay (or discard) a card


def last_play(log: list[dict]) -> dict | None:
    """The last card laid or discarded, for the page to show it arriving: public (a draw never counts, and what
    follows a play, a penalty or a declined counter, leaves that play the last)."""
    for at in range(len(log) - 1, -1, -1):
        event = log[at]
        if event.get("kind") in PLAYS and event.get("card"):
            return {"kind": event["kind"], "seat": event.get("seat"), "side": event.get("side"),
                    "card": event["card"], "at": at}  # at: its place in the log, so the page moves it in once
    return None


def move_list(game) -> list[dict]:
    """The legal moves in the engine's order, each with its words and what it forfeits, if anything."""
    legal = game.legal_moves()
    warnings = forfeit_warnings(game, legal)
    return [{**move.to_json(), "take": [list(pair) for pair in move.take], "label": move_label(move, game.ruleset),
             "warn": warnings.get(number)} for number, move in enumerate(legal, start=1)]


def _side(ruleset, view, side) -> dict:
    return {"side": side.side, "seats": list(side.seats), "go_pile": list(view.go_piles[side.side]),
            "showing_go": side.showing_go, "needs": needs_text(ruleset, side), "zone": side.zone,
            "zone_text": zone_text(side, ruleset), "zone_note": None if side.zone_size else empty_zone_note(side, ruleset),
            "zone_size": side.zone_size, "piles": [list(p) for p in side.piles], "miles": side.miles,
            "safeties": list(side.safeties)}


def _result(game, seat_kinds: list[str], names: list[str] | None) -> dict:
    """The end as the page shows it: who won, how, and each side's distance (of the goal the race had at
    its end, an Extension's included) and points where the edition scores. Where races are scored the
    race is won on points (the side that completed the trip may score less), and `how` says who completed it."""
    def name(s: int) -> str:
        called = names[s] if names else _("player {number}").format(number=s + 1)
        return called if seat_kinds[s] == "human" else _("{name} ({bot})").format(name=called, bot=seat_kinds[s])

    view = game.view(0)
    points = _points(game)
    winner = game.winner if points is None else points_leader(points)
    sides = [{"side": side.side, "names": [name(s) for s in side.seats], "miles": side.miles,
              "points": None if points is None else points[side.side], "won": winner == side.side}
             for side in view.sides]
    how = outcome_words(game.outcome)  # (OUTCOMES in the reader's language)
    if points is not None and game.outcome == "completed" and game.winner is not None:
        how = _("{names} completed the race").format(names=" & ".join(sides[game.winner]["names"]))
    return {"outcome": game.outcome, "winner": winner, "lines": result_lines(game, name),
            "how": how, "goal": target_now(game), "unit": game.setup.race.unit, "turns": game.turns, "sides": sides}


def _typeset(text: str | None) -> str | None:
    return None if text is None else typography(text)


def points_leader(points: list[int]) -> int | None:
    """The side with the most points, or None when the most are shared."""
    best = max(points)
    leaders = [side for side, total in enumerate(points) if total == best]
    return leaders[0] if len(leaders) == 1 else None


OUTCOMES = {"completed": "the race was completed", "exhausted": "the cards ran out",
            "turn-limit": "the limit of moves was reached", "signal": "the signal stopped play"}


def _points(game) -> list[int] | None:
    """Each side's points for the race, or None where the edition does not score."""
    if game.ruleset.scoring is None:
        return None
    from ..engine.rules.scoring import score_race

    return [score.total for score in score_race(game)]


def _quoted(text: str, longest: int = 40) -> str:
    """A client's word quoted back to it, cut short: a forged message may send a page of text."""
    return repr(text[:longest]) + ("..." if len(text) > longest else "")


def parse_move(data) -> Move:
    """A move as a client sends it ({"action", "card", "target", "take"}); ValueError when it is not one."""
    if not isinstance(data, dict) or not isinstance(data.get("action"), str):
        raise ValueError("a move needs an action")
    card, target, take = data.get("card"), data.get("target"), data.get("take") or []
    if card is not None and not isinstance(card, str):
        raise ValueError("a move's card must be a card name")
    if target is not None and (not isinstance(target, int) or isinstance(target, bool)):
        raise ValueError("a move's target must be a side number")
    if not isinstance(take, list) or not all(isinstance(p, list) and len(p) == 2 and isinstance(p[0], str)
                                             and isinstance(p[1], int) for p in take):
        raise ValueError("a move's take must be a list of [card, count] pairs")
    if data["action"] not in ACTIONS:
        raise ValueError(f"unknown action {_quoted(data['action'])}")
    if data["action"] not in CARDLESS and card is None:
        raise ValueError(f"a {data['action']} move needs a card")
    return Move.from_json({"action": data["action"], "card": card, "target": target, "take": take})
