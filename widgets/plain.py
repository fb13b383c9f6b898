"""Frozen dataclasses as plain JSON and back, every value checked against its type hint.

The table state (``state.py``) is built from such dataclasses, each a :class:`Plain`:
``to_dict()`` gives JSON-ready values (tuples become lists), ``from_dict()`` reads a dict
back and checks it field by field, naming the first wrong field (``state.hand[2].legal``).
What is read: ints (not bools), strings, bools, ``Literal`` values, ``X | None``, unions,
tuples of a fixed length or ``tuple[X, ...]``, and nested dataclasses. A dataclass whose
field types depend on another field (the table's board follows its game) says so in
:meth:`Plain.field_types`.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Literal, Union

__all__ = ["Plain", "read_plain", "resolved_hints", "to_plain"]


class Plain:
    """Shared by every part of the state: ``to_dict()`` gives plain JSON-ready values."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """This value as a JSON-ready dict (tuples become lists)."""
        return to_plain(self)

    @classmethod
    def from_dict(cls, data: object) -> typing.Self:
        """Read and check a dict; raise ValueError naming the first field that is wrong."""
        return read_plain(cls, data, cls.__name__)

    @classmethod
    def field_types(cls, data: dict[str, Any]) -> dict[str, Any]:
        """The type each field of ``data`` is read as: its type hint, unless a class says
        otherwise for a field that follows another one."""
        return resolved_hints(cls)


def to_plain(value: object) -> Any:
    """Dataclasses to dicts and tuples to lists, recursively."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [to_plain(item) for item in value]
    return value


_HINTS: dict[type, dict[str, Any]] = {}


def resolved_hints(cls: type) -> dict[str, Any]:
    """The resolved type hints of a dataclass, cached."""
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def read_plain(kind: Any, data: object, where: str) -> Any:
    """Check ``data`` against the type ``kind`` and build it; ValueError names ``where``."""
    origin = typing.get_origin(kind)
    if origin in (Union, types.UnionType):
        options = [option for option in typing.get_args(kind) if option is not type(None)]
        if data is None and len(options) < len(typing.get_args(kind)):
            return None
        problems = []
        for option in options:
            try:
                return read_plain(option, data, where)
            except ValueError as error:
                problems.append(str(error))
        raise ValueError(problems[0] if len(problems) == 1 else " / or ".join(problems))
    if kind is type(None):
        if data is not None:
            raise ValueError(f"{where} must be null")
        return None
    if origin is Literal:
        if data not in typing.get_args(kind):
            raise ValueError(f"{where} must be one of {typing.get_args(kind)}, not {data!r}")
        return data
    if origin is tuple:
        if not isinstance(data, list | tuple):
            raise ValueError(f"{where} must be a list")
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(read_plain(args[0], item, f"{where}[{i}]") for i, item in enumerate(data))
        if len(data) != len(args):
            raise ValueError(f"{where} must hold {len(args)} items")
        pairs = enumerate(zip(args, data, strict=True))
        return tuple(read_plain(arg, item, f"{where}[{i}]") for i, (arg, item) in pairs)
    if dataclasses.is_dataclass(kind):
        return _read_dataclass(kind, data, where)
    if kind is int and (isinstance(data, bool) or not isinstance(data, int)):
        raise ValueError(f"{where} must be an int, not {data!r}")
    if kind in (str, bool) and not isinstance(data, kind):
        raise ValueError(f"{where} must be a {kind.__name__}, not {data!r}")
    return data


def _read_dataclass(kind: Any, data: object, where: str) -> Any:
    """Build one dataclass from a dict, field by field."""
    if isinstance(data, kind):
        data = data.to_dict()
    if not isinstance(data, dict):
        raise ValueError(f"{where} must be an object (dict), not {type(data).__name__}")
    hints = kind.field_types(data) if issubclass(kind, Plain) else resolved_hints(kind)
    fields = {f.name: f for f in dataclasses.fields(kind)}
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise ValueError(f"{where} has unknown field(s): {', '.join(map(str, unknown))}")
    values = {}
    for name, spec in fields.items():
        if name not in data:
            if spec.default is dataclasses.MISSING and spec.default_factory is dataclasses.MISSING:
                raise ValueError(f"{where}.{name} is missing")
            continue
        values[name] = read_plain(hints[name], data[name], f"{where}.{name}")
    try:
        return kind(**values)
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None
