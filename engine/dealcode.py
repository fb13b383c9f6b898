"""Deal codes: a short code for a game, its rule variants and a seed, like ``MIL-7K3Q``.

A teacher writes the code on the board; every learner who types it gets the same deal,
on any machine. The code is ``PREFIX-SEED`` with default rules, or
``PREFIX-SEED-VARIANTS`` otherwise:

* ``PREFIX`` names the game: its spec's ``code_prefix`` (``MIL`` Mille, ``MLA`` Mililla).
* ``SEED`` is the seed in Crockford base 32 (digits and letters without I, L, O, U),
  at least four characters; seeds below 32**4 = 1,048,576 fit in four.
* ``VARIANTS`` is one number in the same alphabet, packing each variant's choice
  (its spec's ``code_variants``); only the variants listed there can be written in a code.
  Its most significant "digit" is the bots' level (:data:`CODE_LEVELS`, Basic first), so
  two learners on one code play the same bots; a code at Basic with the default rules
  has none. The number is followed by one check character (:func:`_check`), so a
  mistyped variant part is refused instead of silently dealing under other rules.

Codes are read case-insensitively, and the look-alikes O/I/L are read as 0/1/1, so a code
copied from a board by hand still works; anything else (a space or a stray character
inside the code, a variant part that does not check) is refused with a sentence, never
fixed up into another deal.
"""

from __future__ import annotations

import dataclasses
import zlib
from dataclasses import dataclass
from typing import Any

from .catalog import either as _either
from .errors import ArgumentError, SavedGameError
from .games import GAMES, game_spec, spec_for_prefix
from .messages import Message, catalog_of, message, render
from .protocol import MAX_SEED

__all__ = [
    "CODE_LEVELS",
    "DealCode",
    "decode",
    "describe",
    "described",
    "encode",
    "read",
    "rules_from_variants",
    "rules_words",
    "variant_message",
]

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_LOOKALIKES = str.maketrans({"O": "0", "I": "1", "L": "1"})
SEED_DIGITS = 4
CODE_LEVELS = ("basic", "random", "expert")
"""The bot levels a code can carry, in packing order: Basic (no level written) first."""


@dataclass(frozen=True, slots=True)
class DealCode:
    """What a deal code says: the game's name, the seed, the non-default variants, the bots."""

    game: str
    seed: int
    variants: dict[str, Any]
    level: str = "basic"


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
            said = message(f"code:character.{what}", code=repr(code), char=repr(char))
            raise SavedGameError(said)
        number = number * 32 + digit
    return number


def _check(prefix: str, seed: str, packed: str) -> str:
    """The check character of a code's variant part: one of 32, from the whole code."""
    return ALPHABET[zlib.crc32(f"{prefix}-{seed}-{packed}".encode()) % 32]


def encode(game: str, seed: int, rules: Any = None, level: str = "basic") -> str:
    """The deal code of a game (by name), seed, rules object (None: default) and bot level."""
    spec = game_spec(game)
    if level not in CODE_LEVELS:
        said = message("code:level", levels=repr(CODE_LEVELS), level=repr(level))
        raise ArgumentError(said)
    if not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ArgumentError(message("code:seed", last=MAX_SEED, seed=repr(seed)))
    code = f"{spec.code_prefix}-{_to_base32(seed, SEED_DIGITS)}"
    packed = 0
    if rules is not None:
        for field, values in reversed(spec.code_variants):
            value = getattr(rules, field)
            if value not in values:
                said = message(
                    "code:value",
                    field=field,
                    value=repr(value),
                    values=", ".join(map(repr, values)),
                )
                raise ArgumentError(said)
            packed = packed * len(values) + values.index(value)
    packed += CODE_LEVELS.index(level) * _variant_count(spec)
    if packed == 0:
        return code
    seed_part, packed_part = code.partition("-")[2], _to_base32(packed)
    return f"{code}-{packed_part}{_check(spec.code_prefix, seed_part, packed_part)}"


def _variant_count(spec: Any) -> int:
    """How many combinations of variants a code of this game can carry."""
    count = 1
    for _field, values in spec.code_variants:
        count *= len(values)
    return count


def decode(code: str) -> tuple[str, int, dict[str, Any]]:
    """Read a deal code: the game's name, the seed and the non-default variants as a dict.

    The bots' level is left out (see :func:`read`). Raises SavedGameError saying what is
    wrong with a code that cannot be read.
    """
    deal = read(code)
    return deal.game, deal.seed, deal.variants


def read(code: str) -> DealCode:
    """Read a deal code whole, bot level included; SavedGameError says what is wrong."""
    examples = _either([f"{game.code_prefix}-7K3Q" for game in GAMES.values()])
    if not isinstance(code, str) or not code.strip():
        raise SavedGameError(message("code:not-text", examples=examples))
    text = code.strip().upper()
    if any(char.isspace() for char in text):
        raise SavedGameError(message("code:space", code=code, examples=examples))
    parts = text.split("-")
    if len(parts) not in (2, 3) or not all(parts):
        raise SavedGameError(message("code:shape", code=repr(code), examples=examples))
    spec = spec_for_prefix(parts[0])
    if spec is None:
        known = _either(
            [
                message("code:prefix", prefix=game.code_prefix, title=game.title)
                for game in GAMES.values()
            ]
        )
        said = message("code:start", code=repr(code), start=repr(parts[0]), known=known)
        raise SavedGameError(said)
    if len(parts[1]) < SEED_DIGITS or len(parts[1]) > 12:
        raise SavedGameError(message("code:seed-length", code=repr(code)))
    seed = _from_base32(parts[1], "seed", code)
    packed = 0
    if len(parts) == 3:
        packed = _from_base32(parts[2], "variants", code)
        seed_part, packed_part = (part.translate(_LOOKALIKES) for part in parts[1:])
        if len(packed_part) < 2 or _check(parts[0], seed_part, packed_part[:-1]) != packed_part[-1]:
            raise SavedGameError(message("code:check", code=code))
        packed //= 32  # its last character is the check
    level, packed = divmod(packed, _variant_count(spec))
    if level >= len(CODE_LEVELS):
        raise SavedGameError(message("code:no-variants", code=repr(code)))
    variants: dict[str, Any] = {}
    for field, values in spec.code_variants:
        packed, index = divmod(packed, len(values))
        if index:
            variants[field] = values[index]
    return DealCode(spec.name, seed, variants, CODE_LEVELS[level])


def _value_words(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("-", " ")


def variant_message(game: str, field: str, value: Any) -> Message:
    """One rule variant in plain words, from the game's catalog.

    ``<game>:variant.<field>.<value>`` for a choice (``mille:variant.low_cut_deals.true``:
    "the lower card of the cut deals first"), ``<game>:variant.<field>`` with ``{value}``
    for a number; a game whose catalog has neither is said as ``field: value``.
    """
    choice = isinstance(value, (bool, str))
    id = f"{game}:variant.{field}" + (f".{str(value).lower()}" if choice else "")
    try:
        catalog_of(id).entry(id)
    except KeyError:
        return message("code:variant", name=field.replace("_", " "), value=_value_words(value))
    return message(id) if choice else message(id, value=value)


def rules_words(game: str, variants: dict[str, Any]) -> str:
    """The variants that differ from the rulebook, in plain words ("" when none do)."""
    listed = _listed([variant_message(game, field, value) for field, value in variants.items()])
    return render(listed) if listed else ""


def _listed(said: list[Message]) -> Message | None:
    """Sentence parts one after another (``code:list``: "a; b; c"); None when there are none."""
    if not said:
        return None
    listed = said[-1]
    for part in reversed(said[:-1]):
        listed = message("code:list", first=part, rest=listed)
    return listed


def describe(game: str, rules: Any = None, level: str = "basic") -> str:
    """The deal's bots and rules in plain words when they are not the default (``""`` when all are).

    ``"Expert bots; not the rulebook's rules: the match is played to 500 points"``
    """
    said = described(game, rules, level)
    return render(said) if said else ""


def described(game: str, rules: Any = None, level: str = "basic") -> Message | None:
    """The deal's bots and rules as a message when they are not the default (None when all
    are): what :func:`describe` says, for a page that says it in its reader's words."""
    spec = game_spec(game)
    parts = [] if level == "basic" else [message(f"code:bots.{level}")]
    if rules is not None:
        changed = {
            field: getattr(rules, field)
            for field, values in spec.code_variants
            if getattr(rules, field, values[0]) != values[0]
        }
        if changed:
            variants = [variant_message(game, field, value) for field, value in changed.items()]
            parts.append(message("code:rules", rules=_listed(variants)))
    return _listed(parts)


def rules_from_variants(rules_type: type, variants: dict[str, Any]) -> Any:
    """Build a rules object of the given dataclass type from non-default variants."""
    return dataclasses.replace(rules_type(), **variants)
