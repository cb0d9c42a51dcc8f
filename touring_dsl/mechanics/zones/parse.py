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


def rule_key(kind: str, data: dict) -> tuple | None:
    """The name a zones rule is known by inside its section (a variant's `change` or `remove` finds the
    rule of the same key), or None for a kind that is not the construct's."""
    if kind == "zone":
        return ("zone", data["name"].value)
    if kind == "zone_play":
        return ("zone_play", data["card"].value)
    return None
