"""Mechanics, zones, the parse: the `zones` section's grammar aliases (grammar/touring.lark, `zone_rule`)
-> the raw statements language.syntax builds the section from, and the key each rule is known by.

Each parse takes the alias's children as the parse tree gives them (names as language.syntax.Name,
sub-aliases already turned into their words below) and returns (statement kind, data), or a word.
"""
from __future__ import annotations

PARSE = {
    "zones": lambda scope: ("zones", {"scope": scope}),  # the section's head
    "per_side": lambda: "side",
    "whole_game": lambda: "game",
    "zone_def": lambda name, allowed: ("zone", {"name": name, "allows": allowed}),
    "allowed_names": lambda names: names,
    "allowed_all": lambda: "all",
    "start_zone": lambda name: ("start", {"zone": name}),
    "zone_play": lambda card, reach: ("zone_play", {"card": card, "reach": reach}),
    "own": lambda: "own",
    "opponent": lambda: "opponent",
    "any_reach": lambda: "any",
    "speeding": lambda outcome: ("speeding", {"outcome": outcome}),
    "zone_must_change": lambda: ("zone_change", {"change_only": True}),
    "zone_may_repeat": lambda: ("zone_change", {"change_only": False}),
    "forbidden": lambda: "forbidden",
    "forfeit_card": lambda: "forfeit-card",
    "forfeit_all": lambda: "forfeit-all",
}

KINDS = ("zone", "start", "zone_play", "speeding", "zone_change")  # the statement kinds of a section's lines


def statement_key(kind: str, data: dict) -> tuple:
    """What tells two zones rules of a kind apart inside their section (a variant's `change` or `remove` finds
    the rule of the same key): a zone's name, the card of a `play` line; () for the section's one-of lines."""
    if kind == "zone":
        return (data["name"].value,)
    if kind == "zone_play":
        return (data["card"].value,)
    return ()
