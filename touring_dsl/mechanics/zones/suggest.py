"""Mechanics, zones, `touring new`'s suggestions: zones for the other scope, another rule for speeding, and
the slowing zone card laid elsewhere, each as rule lines (cli.new comments them out in the house rule it
starts, keeping each one only if the file still compiles with it).
"""
from __future__ import annotations


def q(text: str) -> str:
    return f'"{text}"'


def suggestions(r) -> list[list[tuple[str, tuple[str, ...]]]]:
    """Each suggested change to the zones section (none for an edition without zones), each a list of one."""
    return [[found] for found in (suggest_zone_scope(r), suggest_speeding(r), suggest_zone_play(r)) if found]


def suggest_zone_scope(r) -> tuple[str, tuple[str, ...]] | None:
    if not r.zones.zones:
        return None
    other = "for the whole game" if r.zones.scope == "side" else "per side"
    who = "one zone card rules every side at once" if r.zones.scope == "side" else \
        "each side keeps its own zone pile"
    if r.zones.scope == "game":
        return (f"Zones {other}: {who}.", (f"change zones {other}",))
    # one shared pile has no sides: every zone card must be played "on any side" there
    plays = [f"    play {q(p.card)} on any side" for p in r.zones.plays if p.reach != "any"]
    if not plays:
        return (f"Zones {other}: {who}.", (f"change zones {other}",))
    return (f"Zones {other}: {who}. Every zone card then goes on the one shared pile.",
            (f"change zones {other} {{", *plays, "}"))


def suggest_speeding(r) -> tuple[str, tuple[str, ...]] | None:
    if not r.zones.zones:
        return None
    rules = {"forbidden": "forbidden", "forfeit-card": "forfeits the card", "forfeit-all": "forfeits all mileage"}
    words = {"forbidden": "is not allowed", "forfeit-card": "costs the card laid",
             "forfeit-all": "costs all the side's mileage"}
    other = "forfeit-card" if r.zones.speeding != "forfeit-card" else "forbidden"
    return (f"Speeding {words[other]} (now it {words[r.zones.speeding]}).",
            ("zones {", f"    change speeding {rules[other]}", "}"))


def suggest_zone_play(r) -> tuple[str, tuple[str, ...]] | None:
    """The slowing zone card: laid only on opponents, or on any side (to shield one's own piles)."""
    play = next((p for p in r.zones.plays if p.card == r.zones.start), None)
    if play is None:
        return None
    reach, words = ("any side", "on any side, one's own included") if play.reach == "opponent" else \
        ("an opponent", "only on an opponent")
    return (f"{q(play.card)} is laid {words}.", ("zones {", f"    change play {q(play.card)} on {reach}", "}"))
