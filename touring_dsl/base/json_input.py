"""Input stage, JSON from outside (game logs, party saves): read with bounds, so that damage is a clear error.

Python's own reader turns a number of more than 4,300 digits into a ValueError and JSON nested a
thousand deep into a RecursionError, neither of them a JSONDecodeError; a reader that catches only
that reported either as an internal error. A lone surrogate ("\\ud800") is read without complaint and
fails only later, when the text is printed or written. Here every way the text can fail is one BadJSON,
with a message fit for the user (and its column when known), and numbers are held to what touring
could ever have written.
"""
from __future__ import annotations

import json
import re
from typing import Any

MOST_DIGITS = 20  # a seed is at most 2**64 - 1: twenty digits


SEED_RANGE = "a whole number of at most 64 bits (from -2**63 to 2**64 - 1)"


def seed_in_range(seed: int) -> bool:
    """Whether a seed is one touring writes: the generator takes 64 bits of it (rng.Rng)."""
    return -(2**63) <= seed < 2**64


class BadJSON(ValueError):
    """Text that is not JSON touring can read; the message says why, with the column when known."""


class NotText(BadJSON):
    """JSON whose string holds half a surrogate pair: well formed, but no text touring can show or write."""


def _int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MOST_DIGITS:
        raise BadJSON(f"a number of {len(digits):,} digits (touring writes at most {MOST_DIGITS})")
    return int(text)


def loads(text: str) -> Any:
    """The JSON value in `text`; BadJSON for anything that is not one touring can read."""
    try:
        value = json.loads(text, parse_int=_int)
    except BadJSON:
        raise
    except json.JSONDecodeError as exc:
        raise BadJSON(f"{exc.msg} at column {exc.colno}", exc.msg, exc.colno) from None
    except RecursionError:
        raise BadJSON("nested too deeply to be anything touring wrote") from None
    except ValueError as exc:  # a float too long, say
        raise BadJSON(str(exc)) from None
    if _HALF_PAIR.search(text):
        _refuse_lone_surrogates(text)
    return value


# a UTF-16 surrogate: as an escape (\\ud800), or as a character from a text not decoded strictly
_HALF_PAIR = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}|[\ud800-\udfff]")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _refuse_lone_surrogates(text: str) -> None:
    """BadJSON naming the column of the first string holding half a surrogate pair: not a character, it
    can be neither shown nor written back (Python reads "\\ud800" without complaint, then fails to print it)."""
    for literal in _STRING.finditer(text):
        decoded = json.loads(literal.group())
        half = next((ch for ch in decoded if "\ud800" <= ch <= "\udfff"), None)
        if half is not None:
            raise NotText(f"the string at column {literal.start() + 1} holds \\u{ord(half):04x}, half of a UTF-16 "
                          "surrogate pair and not a character")
