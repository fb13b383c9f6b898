"""Frozen records with a JSON form: the typed views of every game and their parts.

A :class:`Record` is a frozen, slotted dataclass whose fields hold ints, bools, text,
None, values with a text form (cards and ranks: a ``parse`` classmethod and ``.text``),
enums (a phase), a rules object (``to_dict`` / ``from_dict``), other records and tuples of
these. ``to_dict()`` gives its JSON form (cards and ranks as text, enums as their values,
tuples as lists, a field under its ``key`` if the field names one); ``from_dict`` reads
that form back by the field types and refuses anything else with a ``SavedGameError``
naming where it went wrong: a missing or unknown key, a wrong type, or a value that
disagrees with the rest (a record may write keys it works out from its fields).

    >>> from dataclasses import dataclass
    >>> from cardschool.engine.cards import FrenchCard
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

from .errors import InvalidMoveError, SavedGameError

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


def read(cls: type[R], data: Any, where: str | None = None) -> R:
    """A record of class ``cls`` from its JSON form, which must be exactly what it writes.

    ``where`` names the record in error messages (its class name by default).
    """
    where = where or cls.__name__
    record = _read_record(cls, data, where)
    again = record.to_dict()
    if again != data:
        wrong = sorted(map(str, set(data) ^ set(again))) or [
            k for k in again if again[k] != data[k]
        ]
        raise SavedGameError(
            f"a saved view: {where} has {', '.join(map(repr, wrong))} "
            "unknown, missing or not agreeing with the rest"
        )
    return record


def write(value: Any) -> Any:
    """A value in its JSON form (see ``Record.to_dict``)."""
    if isinstance(value, Record):
        return value.to_dict()
    if isinstance(value, tuple):
        return [write(item) for item in value]
    if hasattr(type(value), "parse"):  # a card or a rank: its text form
        return value.text
    if isinstance(value, enum.Enum):
        return value.value
    if hasattr(value, "to_dict"):  # a rules object
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
    return SavedGameError(f"a saved view: {where} should be {wanted}, not {shown}")


def _read_record(cls: type, data: Any, where: str) -> Any:
    if not isinstance(data, dict):
        raise _fail(where, "an object (dict)", data)
    missing = [name for _, name, _ in _fields(cls) if name not in data]
    if missing:
        raise SavedGameError(f"a saved view: {where} has no {', '.join(map(repr, missing))}")
    values = {attr: _read(kind, data[name], f"{where}.{name}") for attr, name, kind in _fields(cls)}
    try:
        return cls(**values)
    except (TypeError, ValueError) as error:
        raise SavedGameError(f"a saved view: {where}: {error}") from None


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
        return _read_tuple(get_args(kind), value, where)
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
    if isinstance(kind, type) and issubclass(kind, Record):
        return _read_record(kind, value, where)
    if hasattr(kind, "parse"):  # a card or a rank, from its text form
        try:
            return kind.parse(value)
        except (InvalidMoveError, ValueError, TypeError, AttributeError) as error:
            raise _fail(where, f"a {kind.__name__} in its text form ({error})", value) from None
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        try:
            return kind(value)
        except ValueError:
            words = " or ".join(repr(member.value) for member in kind)
            raise _fail(where, words, value) from None
    try:  # a rules object
        return kind.from_dict(value)
    except (TypeError, ValueError) as error:
        raise _fail(where, f"rules ({error})", value) from None


def _read_tuple(kinds: tuple[Any, ...], value: Any, where: str) -> tuple[Any, ...]:
    if not isinstance(value, list):
        raise _fail(where, "a list", value)
    if len(kinds) == 2 and kinds[1] is Ellipsis:
        return tuple(_read(kinds[0], item, f"{where}[{i}]") for i, item in enumerate(value))
    if len(value) != len(kinds):
        raise _fail(where, f"a list of {len(kinds)}", value)
    pairs = enumerate(zip(kinds, value, strict=True))
    return tuple(_read(kind, item, f"{where}[{i}]") for i, (kind, item) in pairs)
