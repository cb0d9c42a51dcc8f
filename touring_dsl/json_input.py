"""Input stage, JSON from outside (game logs, party saves): read with bounds, so that damage is a clear error.

Python's own reader turns a number of more than 4,300 digits into a ValueError and JSON nested a
thousand deep into a RecursionError, neither of them a JSONDecodeError; a reader that catches only
that reported either as an internal error. Here every way the text can fail is one BadJSON, with a
message fit for the user, and numbers are held to what touring could ever have written.
"""
from __future__ import annotations

import json
from typing import Any

MOST_DIGITS = 20  # a seed is at most 2**64 - 1: twenty digits


SEED_RANGE = "a whole number of at most 64 bits (from -2**63 to 2**64 - 1)"


def seed_in_range(seed: int) -> bool:
    """Whether a seed is one touring writes: the generator takes 64 bits of it (rng.Rng)."""
    return -(2**63) <= seed < 2**64


class BadJSON(ValueError):
    """Text that is not JSON touring can read; the message says why, with the column when known."""


def _int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MOST_DIGITS:
        raise BadJSON(f"a number of {len(digits):,} digits (touring writes at most {MOST_DIGITS})")
    return int(text)


def loads(text: str) -> Any:
    """The JSON value in `text`; BadJSON for anything that is not one touring can read."""
    try:
        return json.loads(text, parse_int=_int)
    except BadJSON:
        raise
    except json.JSONDecodeError as exc:
        raise BadJSON(f"{exc.msg} at column {exc.colno}", exc.msg, exc.colno) from None
    except RecursionError:
        raise BadJSON("nested too deeply to be anything touring wrote") from None
    except ValueError as exc:  # a float too long, say
        raise BadJSON(str(exc)) from None
