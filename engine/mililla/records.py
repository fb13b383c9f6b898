"""Frozen records with a JSON form: ``to_dict()`` writes one, ``from_dict()`` reads it back.

A :class:`Record` is a frozen, slotted dataclass whose fields are ints, strings, bools,
None, tuples, enums, ``Rules`` or other records. Its JSON form has the same keys as its
fields (tuples become lists, enums their values, rules their dict). Reading checks every
key and every type against the field annotations, so a damaged or forged dict is
refused with a ``SavedGameError`` that names the place, never a stray ``KeyError``.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from typing import Any, Self, TypeVar, Union

from ..errors import SavedGameError

__all__ = ["Record", "read_record"]

R = TypeVar("R", bound="Record")


class Record:
    """The base of the view's parts: a JSON form and a strict reader of it."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: a dict with one key per field (tuples become lists)."""
        return {name: _to_json(getattr(self, name)) for name in _names(type(self))}

    @classmethod
    def from_dict(cls, data: object) -> Self:
        """The record a dict like ``to_dict()`` gives describes; SavedGameError if it is bad."""
        return read_record(cls, data, cls.__name__)


@functools.cache
def _names(cls: type) -> tuple[str, ...]:
    return tuple(field.name for field in dataclasses.fields(cls))


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _to_json(value: object) -> object:
    if type(value) is tuple:
        return [_to_json(item) for item in value]
    if isinstance(value, enum.Enum):
        return value.value
    to_dict = getattr(value, "to_dict", None)
    if to_dict is not None:
        return to_dict()
    return value


def _refuse(where: str, expected: str, value: object) -> SavedGameError:
    shown = repr(value)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    return SavedGameError(f"the view's {where} should be {expected}, not {shown}")


def read_record(cls: type[R], data: object, where: str) -> R:
    """Read a record of ``cls`` from its JSON form, checking every key and type."""
    if not isinstance(data, dict):
        raise _refuse(where, "an object", data)
    names = _names(cls)
    missing = [name for name in names if name not in data]
    unknown = sorted(str(key) for key in data if key not in names)
    if missing or unknown:
        parts = [f"missing {', '.join(missing)}" if missing else ""]
        parts.append(f"unknown {', '.join(unknown)}" if unknown else "")
        raise SavedGameError(f"the view's {where} has " + " and ".join(p for p in parts if p))
    hints = _hints(cls)
    return cls(**{name: _read(hints[name], data[name], f"{where}.{name}") for name in names})


def _read(kind: Any, value: object, where: str) -> Any:
    """One value of the annotated ``kind`` from JSON (see the module docstring)."""
    origin = typing.get_origin(kind)
    if origin is Union or origin is types.UnionType:
        options = typing.get_args(kind)
        if value is None and type(None) in options:
            return None
        (inner,) = [option for option in options if option is not type(None)]
        return _read(inner, value, where)
    if origin is tuple:
        return _read_tuple(typing.get_args(kind), value, where)
    if kind is bool:
        if type(value) is not bool:
            raise _refuse(where, "true or false", value)
        return value
    if kind is int:
        if type(value) is not int:
            raise _refuse(where, "a whole number", value)
        return value
    if kind is str:
        if not isinstance(value, str):
            raise _refuse(where, "a text", value)
        return value
    if isinstance(kind, type) and issubclass(kind, Record):
        return read_record(kind, value, where)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        try:
            return kind(value)
        except ValueError:
            words = " or ".join(repr(member.value) for member in kind)
            raise _refuse(where, words, value) from None
    reader = getattr(kind, "from_dict", None)
    if reader is None:  # pragma: no cover - a field type this reader does not know
        raise TypeError(f"cannot read a {kind!r} from JSON")
    try:
        return reader(value)
    except (TypeError, ValueError) as error:
        raise SavedGameError(f"the view's {where}: {error}") from None


def _read_tuple(kinds: tuple[Any, ...], value: object, where: str) -> tuple[Any, ...]:
    if not isinstance(value, list | tuple):
        raise _refuse(where, "a list", value)
    if len(kinds) == 2 and kinds[1] is Ellipsis:
        return tuple(_read(kinds[0], item, f"{where}[{k}]") for k, item in enumerate(value))
    if len(value) != len(kinds):
        raise _refuse(where, f"a list of {len(kinds)}", value)
    return tuple(
        _read(kind, item, f"{where}[{k}]")
        for k, (kind, item) in enumerate(zip(kinds, value, strict=True))
    )
