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
from collections.abc import Callable
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
    kind = type(value)
    writer = _WRITERS.get(kind)
    if writer is None:
        writer = _WRITERS[kind] = _writer(kind)
    return writer(value)


_WRITERS: dict[type, Callable[[Any], Any]] = {}
"""How each type of value becomes plain JSON, worked out once per type (a redraw writes
thousands of values, and the table redraws at every move)."""


def _same(value: Any) -> Any:
    return value


def _items(value: Any) -> list[Any]:
    return [to_plain(item) for item in value]


def _writer(kind: type) -> Callable[[Any], Any]:
    """The function that writes values of ``kind`` as plain JSON."""
    if dataclasses.is_dataclass(kind):
        names = tuple(f.name for f in dataclasses.fields(kind))
        return lambda value: {name: to_plain(getattr(value, name)) for name in names}
    if issubclass(kind, tuple | list):
        return _items
    return _same


_HINTS: dict[type, dict[str, Any]] = {}


def resolved_hints(cls: type) -> dict[str, Any]:
    """The resolved type hints of a dataclass, cached."""
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


Reader = Callable[[object, str], Any]
"""Checks a value against one type and builds it: ``reader(data, where)``."""

_READERS: dict[Any, Reader] = {}
"""The reader of each type, worked out once per type (see :func:`_reader`)."""


def read_plain(kind: Any, data: object, where: str) -> Any:
    """Check ``data`` against the type ``kind`` and build it; ValueError names ``where``."""
    return _reader(kind)(data, where)


def _reader(kind: Any) -> Reader:
    """The reader of ``kind``, cached."""
    reader = _READERS.get(kind)
    if reader is None:
        reader = _READERS[kind] = _make_reader(kind)
    return reader


def _make_reader(kind: Any) -> Reader:
    """Work out once how values of ``kind`` are checked (see the module docstring)."""
    origin = typing.get_origin(kind)
    if origin in (Union, types.UnionType):
        return _union_reader(kind)
    if kind is type(None):
        return _read_none
    if origin is Literal:
        return _literal_reader(typing.get_args(kind))
    if origin is tuple:
        return _tuple_reader(typing.get_args(kind))
    if dataclasses.is_dataclass(kind):
        return _dataclass_reader(kind)
    if kind is int:
        return _read_int
    if kind in (str, bool):
        return _instance_reader(kind)
    return lambda data, where: data


def _union_reader(kind: Any) -> Reader:
    """``X | Y | None``: None if allowed, else the first option that reads it."""
    args = typing.get_args(kind)
    optional = type(None) in args
    options = [option for option in args if option is not type(None)]

    def read(data: object, where: str) -> Any:
        if data is None and optional:
            return None
        problems = []
        for option in options:
            try:
                return _reader(option)(data, where)
            except ValueError as error:
                problems.append(str(error))
        raise ValueError(problems[0] if len(problems) == 1 else " / or ".join(problems))

    return read


def _read_none(data: object, where: str) -> None:
    if data is not None:
        raise ValueError(f"{where} must be null")


def _literal_reader(allowed: tuple[Any, ...]) -> Reader:
    def read(data: object, where: str) -> Any:
        if data not in allowed:
            raise ValueError(f"{where} must be one of {allowed}, not {data!r}")
        return data

    return read


def _tuple_reader(args: tuple[Any, ...]) -> Reader:
    """``tuple[X, ...]`` or a tuple of a fixed length, from a list."""
    if len(args) == 2 and args[1] is Ellipsis:
        item = _reader(args[0])

        def read_all(data: object, where: str) -> tuple[Any, ...]:
            if not isinstance(data, list | tuple):
                raise ValueError(f"{where} must be a list")
            return tuple(item(value, f"{where}[{i}]") for i, value in enumerate(data))

        return read_all
    readers = [_reader(arg) for arg in args]

    def read_fixed(data: object, where: str) -> tuple[Any, ...]:
        if not isinstance(data, list | tuple):
            raise ValueError(f"{where} must be a list")
        if len(data) != len(readers):
            raise ValueError(f"{where} must hold {len(readers)} items")
        pairs = enumerate(zip(readers, data, strict=True))
        return tuple(read(value, f"{where}[{i}]") for i, (read, value) in pairs)

    return read_fixed


def _read_int(data: object, where: str) -> Any:
    if isinstance(data, bool) or not isinstance(data, int):
        raise ValueError(f"{where} must be an int, not {data!r}")
    return data


def _instance_reader(kind: type) -> Reader:
    def read(data: object, where: str) -> Any:
        if not isinstance(data, kind):
            raise ValueError(f"{where} must be a {kind.__name__}, not {data!r}")
        return data

    return read


def _dataclass_reader(kind: Any) -> Reader:
    """One dataclass from a dict, field by field (the hints of a class whose field types
    follow its data, :meth:`Plain.field_types`, are looked up for each dict)."""
    fields = {f.name: f for f in dataclasses.fields(kind)}
    required = {
        name
        for name, spec in fields.items()
        if spec.default is dataclasses.MISSING and spec.default_factory is dataclasses.MISSING
    }
    follows_data = issubclass(kind, Plain) and kind.field_types.__func__ is not _PLAIN_TYPES
    plan: list[tuple[str, bool, Reader]] = []  # each field's name, required, reader

    def read(data: object, where: str) -> Any:
        if isinstance(data, kind):
            data = data.to_dict()
        if not isinstance(data, dict):
            raise ValueError(f"{where} must be an object (dict), not {type(data).__name__}")
        if follows_data:
            hints = kind.field_types(data)
            steps = [(name, name in required, _reader(hints[name])) for name in fields]
        else:
            if not plan:  # worked out at the first read (a type may name a later one)
                hints = resolved_hints(kind)
                plan.extend((name, name in required, _reader(hints[name])) for name in fields)
            steps = plan
        unknown = [key for key in data if key not in fields]
        if unknown:
            raise ValueError(
                f"{where} has unknown field(s): {', '.join(sorted(map(str, unknown)))}"
            )
        values = {}
        for name, needed, reader in steps:
            if name not in data:
                if needed:
                    raise ValueError(f"{where}.{name} is missing")
                continue
            values[name] = reader(data[name], f"{where}.{name}")
        try:
            return kind(**values)
        except ValueError as error:
            raise ValueError(f"{where}: {error}") from None

    return read


_PLAIN_TYPES = Plain.field_types.__func__
"""The default :meth:`Plain.field_types` (a class that keeps it reads by its type hints)."""
