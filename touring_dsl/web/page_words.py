"""Web stage, the page's own words: every sentence table.js writes, in the reader's language.

table.js holds its sentences in English with named blanks (`t("{player} to act.", {player: ...})`) and
looks each up in the words the server sends with the card catalogue (channel.live's "cards" message), read
in the reader's language: the page never hard-codes a translation, and a new language is a catalogue.
Counted words come with both forms and whether the language counts 0 as one.
"""
from __future__ import annotations

from ..base.i18n import _, ngettext


def page_words() -> dict:
    """{"words": English -> the reader's, "plurals": "{n} card" -> [one, many], "zero_is_one": bool}."""
    words = {
        "player {number}": _("player {number}"),
        "{name} (you)": _("{name} (you)"),
        "{name} ({bot})": _("{name} ({bot})"),
        "the game again": _("the game again"),
        "the table": _("the table"),
        "seat {number}": _("seat {number}"),
        "Race {number} is over: the score sheet is below.": _("Race {number} is over: the score sheet is below."),
        "Game over: the result is below.": _("Game over: the result is below."),
        "{player} to answer. ": _("{player} to answer. "),
        "Your turn: tap a card, then where it goes.": _("Your turn: tap a card, then where it goes."),
        "{player} to act.": _("{player} to act."),
        "{player} discarded {card}. ": _("{player} discarded {card}. "),
        "{player} played {card}. ": _("{player} played {card}. "),
        "{player} played {card} on your side. ": _("{player} played {card} on your side. "),
        "{player} played {card} on side {number}. ": _("{player} played {card} on side {number}. "),
        "nobody wins, a tie": _("nobody wins, a tie"),
        "you win": _("you win"),
        "{names} wins": _("{names} wins"),
        "{names} win": _("{names} win"),
        "you win the match": _("you win the match"),
        "{names} wins the match": _("{names} wins the match"),
        "{names} win the match": _("{names} win the match"),
        "Side {number} (you)": _("Side {number} (you)"),
        "Side {number}": _("Side {number}"),
        "Race {number} of a match to {target} points. Totals so far: {totals}.": _("Race {number} of a match to {target} points. Totals so far: {totals}."),
        "Race {number} of a match to {target} points.": _("Race {number} of a match to {target} points."),
        "Race {number}: {winner}.": _("Race {number}: {winner}."),
        "The match ends undecided. ": _("The match ends undecided. "),
        "Final totals after {races}: {totals}.": _("Final totals after {races}: {totals}."),
        "{how} after {moves}. The goal was {goal} {unit}.": _("{how} after {moves}. The goal was {goal} {unit}."),
        "Play again: same seats, a new deal": _("Play again: same seats, a new deal"),
        "Watch race {number} again, move by move": _("Watch race {number} again, move by move"),
        "Watch the game again, move by move": _("Watch the game again, move by move"),
        "Score sheet, race {number}": _("Score sheet, race {number}"),
        "Score": _("Score"),
        "you": _("you"),
        "Race {number}": _("Race {number}"),
        "Match, to {target}": _("Match, to {target}"),
        "The bots deal race {number} in a moment.": _("The bots deal race {number} in a moment."),
        "Waiting for a player to deal race {number}.": _("Waiting for a player to deal race {number}."),
        "Deal race {number}": _("Deal race {number}"),
        "Not connected: reconnecting...": _("Not connected: reconnecting..."),
        "Side": _("Side"),
        "Players": _("Players"),
        "Points": _("Points"),
        "Side {number}": _("Side {number}"),
        "winner": _("winner"),
        "Your answer": _("Your answer"),
        "Decide": _("Decide"),
        "Your hand: your turn": _("Your hand: your turn"),
        "Your hand": _("Your hand"),
        "{card} - cannot play: {why}": _("{card} - cannot play: {why}"),
        "your side": _("your side"),
        "side {number} ({players})": _("side {number} ({players})"),
        "Side {number}: {players}": _("Side {number}: {players}"),
        "Your side, with {players}": _("Your side, with {players}"),
        "Your side": _("Your side"),
        "{cards} in hand": _("{cards} in hand"),
        "In hand: {counts}": _("In hand: {counts}"),
        "{miles} of {goal} {unit}": _("{miles} of {goal} {unit}"),
        "{card} on top, {cards}": _("{card} on top, {cards}"),
        "empty": _("empty"),
        "Play {card} on {side}": _("Play {card} on {side}"),
        "Play {card} on {side} taking {cards}": _("Play {card} on {side} taking {cards}"),
    }
    plurals = {
        "{n} card": [ngettext("{n} card", "{n} cards", 1), ngettext("{n} card", "{n} cards", 2)],
        "{n} race": [ngettext("{n} race", "{n} races", 1), ngettext("{n} race", "{n} races", 2)],
        "{n} move": [ngettext("{n} move", "{n} moves", 1), ngettext("{n} move", "{n} moves", 2)],
    }
    return {"words": {english: said for english, said in words.items() if said != english}, "plurals": plurals,
            "zero_is_one": ngettext("{n} card", "{n} cards", 0) == ngettext("{n} card", "{n} cards", 1)}
