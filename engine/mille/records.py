"""Frozen records and their JSON form: the typed view of a Mille game and its parts.

A :class:`Record` is a frozen, slotted dataclass whose fields hold ints, bools, text,
None, cards, ranks, enums (``Phase``), a ``Rules``, other records and tuples of these.
``to_dict()`` gives its JSON form (cards and ranks as text, tuples as lists, a field
under its ``key`` if the field names one); ``from_dict`` reads that form back by the
field types and refuses anything else with a ``SavedGameError`` naming where it went
wrong, including keys the record would not write or values that disagree with the rest.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Pair(Record):
    ...     cards: tuple[FrenchCard, ...]
    >>> Pair.from_dict({"cards": ["QS", "9H"]}).cards
    (FrenchCard.parse('QS'), FrenchCard.parse('9H'))
"""

from __future__ import annotations

import enum
import types
import typing
from dataclasses import Field, fields
from functools import cache
from typing import Any, Self, TypeVar, get_args, get_origin

from ..cards import FrenchCard, FrenchRank
from ..errors import InvalidMoveError, SavedGameError

__all__ = ["Record", "key", "read", "write"]

R = TypeVar("R", bound="Record")


def key(name: str) -> dict[str, str]:
    """Field metadata giving the field's key in the JSON form: ``field(metadata=key("deal"))``."""
    return {"key": name}


class Record:
    """A frozen record with a JSON form: ``from_dict(r.to_dict()) == r``."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: every field under its key; cards and ranks as text, tuples as lists."""
        return {name: write(getattr(self, attr)) for attr, name, _ in _fields(type(self))}

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """Read the JSON form back; SavedGameError says what is wrong with anything else."""
        return read(cls, data)


def read(cls: type[R], data: Any) -> R:
    """A record of class ``cls`` from its JSON form, which must be exactly what it writes."""
    record = _read_record(cls, data, cls.__name__)
    again = record.to_dict()
    if again != data:
        wrong = sorted(set(data) ^ set(again)) or [k for k in again if again[k] != data[k]]
        raise SavedGameError(
            f"not a Mille view: {cls.__name__} {', '.join(map(repr, wrong))} "
            "unknown, missing or not agreeing with the rest"
        )
    return record


def write(value: Any) -> Any:
    """A value in its JSON form (see ``Record.to_dict``)."""
    if isinstance(value, Record):
        return value.to_dict()
    if isinstance(value, tuple):
        return [write(item) for item in value]
    if isinstance(value, FrenchCard):
        return str(value)
    if isinstance(value, FrenchRank):
        return value.text
    if isinstance(value, enum.Enum):
        return value.value
    if hasattr(value, "to_dict"):  # a Rules
        return value.to_dict()
    return value


@cache
def _fields(cls: type) -> tuple[tuple[str, str, Any], ...]:
    """Each field of a record class: its name, its key in the JSON form and its type."""
    hints = typing.get_type_hints(cls)
    found: tuple[Field[Any], ...] = fields(cls)  # type: ignore[arg-type]
    return tuple((f.name, f.metadata.get("key", f.name), hints[f.name]) for f in found)


def _fail(where: str, wanted: str, value: Any) -> SavedGameError:
    shown = repr(value)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return SavedGameError(f"not a Mille view: {where} should be {wanted}, not {shown}")


def _read_record(cls: type, data: Any, where: str) -> Any:
    if not isinstance(data, dict):
        raise _fail(where, "a dict", data)
    values = {}
    for attr, name, kind in _fields(cls):
        if name not in data:
            raise SavedGameError(f"not a Mille view: {where} has no {name!r}")
        values[attr] = _read(kind, data[name], f"{where}.{name}")
    try:
        return cls(**values)
    except (TypeError, ValueError) as error:
        raise SavedGameError(f"not a Mille view: {where}: {error}") from None


def _read(kind: Any, value: Any, where: str) -> Any:
    """Read one value of the JSON form as the type ``kind`` says."""
    origin = get_origin(kind)
    if origin is types.UnionType or origin is typing.Union:
        options = get_args(kind)
        if value is None and type(None) in options:
            return None
        (other,) = (option for option in options if option is not type(None))
        return _read(other, value, where)
    if origin is tuple:
        args = get_args(kind)
        if not isinstance(value, list):
            raise _fail(where, "a list", value)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_read(args[0], item, f"{where}[{i}]") for i, item in enumerate(value))
        if len(value) != len(args):
            raise _fail(where, f"a list of {len(args)}", value)
        pairs = enumerate(zip(args, value, strict=True))
        return tuple(_read(arg, item, f"{where}[{i}]") for i, (arg, item) in pairs)
    if kind is bool:
        if type(value) is not bool:
            raise _fail(where, "true or false", value)
        return value
    if kind is int:
        if type(value) is not int:
            raise _fail(where, "a whole number", value)
        return value
    if kind is str:
        if not isinstance(value, str):
            raise _fail(where, "text", value)
        return value
    if kind is FrenchCard:
        try:
            return FrenchCard.parse(value)
        except InvalidMoveError as error:
            raise _fail(where, f"a card ({error})", value) from None
    if kind is FrenchRank:
        try:
            return FrenchRank.parse(value)
        except (InvalidMoveError, ValueError, TypeError, AttributeError):
            raise _fail(where, "a rank (K, 9, 2)", value) from None
    if isinstance(kind, type) and issubclass(kind, Record):
        return _read_record(kind, value, where)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        try:
            return kind(value)
        except ValueError:
            words = ", ".join(repr(member.value) for member in kind)
            raise _fail(where, f"one of {words}", value) from None
    try:  # a Rules
        return kind.from_dict(value)
    except (TypeError, ValueError) as error:
        raise _fail(where, f"rules ({error})", value) from None
