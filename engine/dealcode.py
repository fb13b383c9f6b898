"""Deal codes: a short code for a game, its rule variants and a seed, like ``MIL-7K3Q``.

A teacher writes the code on the board; every learner who types it gets the same deal,
on any machine. The code is ``PREFIX-SEED`` with default rules, or
``PREFIX-SEED-VARIANTS`` otherwise:

* ``PREFIX`` names the game: its spec's ``code_prefix`` (``MIL`` Mille, ``MLA`` Mililla).
* ``SEED`` is the seed in Crockford base 32 (digits and letters without I, L, O, U),
  at least four characters; seeds below 32**4 = 1,048,576 fit in four.
* ``VARIANTS`` is one number in the same alphabet, packing each variant's choice
  (its spec's ``code_variants``); only the variants listed there can be written in a code.

Codes are read case-insensitively, and the look-alikes O/I/L are read as 0/1/1,
so a code copied from a board by hand still works.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .errors import SavedGameError
from .games import GAMES, game_spec, spec_for_prefix
from .protocol import MAX_SEED

__all__ = ["decode", "encode", "rules_from_variants"]

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_LOOKALIKES = str.maketrans({"O": "0", "I": "1", "L": "1"})
SEED_DIGITS = 4


def _to_base32(number: int, digits: int = 1) -> str:
    text = ""
    while number or len(text) < digits:
        number, digit = divmod(number, 32)
        text = ALPHABET[digit] + text
    return text


def _from_base32(text: str, what: str, code: str) -> int:
    number = 0
    for char in text.translate(_LOOKALIKES):
        digit = ALPHABET.find(char)
        if digit < 0:
            raise SavedGameError(
                f"deal code {code!r}: {char!r} in the {what} is not a code character "
                "(use digits and letters other than U)"
            )
        number = number * 32 + digit
    return number


def encode(game: str, seed: int, rules: Any = None) -> str:
    """The deal code of a game (by name), seed and rules object (None means default rules)."""
    spec = game_spec(game)
    if not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a deal code holds a seed from 0 to {MAX_SEED}, not {seed!r}")
    code = f"{spec.code_prefix}-{_to_base32(seed, SEED_DIGITS)}"
    packed = 0
    if rules is not None:
        for field, values in reversed(spec.code_variants):
            value = getattr(rules, field)
            if value not in values:
                raise ValueError(
                    f"{field}={value!r} cannot be written in a deal code; "
                    f"a code can carry {', '.join(map(repr, values))}"
                )
            packed = packed * len(values) + values.index(value)
    return code if packed == 0 else f"{code}-{_to_base32(packed)}"


def decode(code: str) -> tuple[str, int, dict[str, Any]]:
    """Read a deal code: the game's name, the seed and the non-default variants as a dict.

    Raises SavedGameError saying what is wrong with a code that cannot be read.
    """
    examples = " or ".join(f"{game.code_prefix}-7K3Q" for game in GAMES.values())
    if not isinstance(code, str) or not code.strip():
        raise SavedGameError(f"a deal code is text like {examples}")
    parts = code.strip().upper().replace(" ", "").split("-")
    if len(parts) not in (2, 3) or not all(parts):
        raise SavedGameError(
            f"deal code {code!r} should look like {examples}: the game's letters, a dash and "
            "four or more code characters, then maybe a dash and the rule variants"
        )
    spec = spec_for_prefix(parts[0])
    if spec is None:
        known = " or ".join(f"{game.code_prefix} ({game.title})" for game in GAMES.values())
        raise SavedGameError(
            f"deal code {code!r} starts with {parts[0]!r}; it should start with {known}"
        )
    if len(parts[1]) < SEED_DIGITS or len(parts[1]) > 12:
        raise SavedGameError(f"deal code {code!r}: the part after the dash has 4 to 12 characters")
    seed = _from_base32(parts[1], "seed", code)
    packed = _from_base32(parts[2], "variants", code) if len(parts) == 3 else 0
    variants: dict[str, Any] = {}
    for field, values in spec.code_variants:
        packed, index = divmod(packed, len(values))
        if index:
            variants[field] = values[index]
    if packed:
        raise SavedGameError(f"deal code {code!r}: its variant part names no known variants")
    return spec.name, seed, variants


def rules_from_variants(rules_type: type, variants: dict[str, Any]) -> Any:
    """Build a rules object of the given dataclass type from non-default variants."""
    return dataclasses.replace(rules_type(), **variants)
