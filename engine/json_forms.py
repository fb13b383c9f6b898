"""The JSON form of values: how a record's fields are found, how one value is read and
how every value is written.

The low half of the record layer (``records.py`` holds :class:`~.records.Record` and the
readers of records, tuples and unions): the error a malformed form raises
(:class:`RecordError`, whose message says where and what was wanted: :func:`wrong`), a
field's extra test (:class:`Check`), the readers of single values (text, whole numbers,
literals, enums, cards and ranks by their text form, rules objects), a field's key
(:func:`key`), the fields of a record class and their type hints, worked out once, and
:func:`write`, which gives any value its JSON form with one writer per type, worked out
once (the table state is written at every redraw).
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Union

from .catalog import either as _either
from .errors import InvalidMoveError, Told, said_of
from .messages import Message, message

__all__ = [
    "Check",
    "Reader",
    "RecordError",
    "checked",
    "enum_reader",
    "field_hints",
    "fields_dict",
    "from_dict_reader",
    "in_order",
    "key",
    "literal",
    "literal_reader",
    "plain_json",
    "read_int",
    "record_fields",
    "shown",
    "simple_reader",
    "text_form_reader",
    "wants",
    "words_reader",
    "write",
    "writes_more",
    "wrong",
]


class RecordError(Told, ValueError):
    """A JSON form that is not the record it should be; its message says where and why.

    ``wanted`` is what the value should have been (a message: ``record:wanted.int``, "a
    whole number"), if one value was.
    """

    def __init__(self, said: Message | str, wanted: Message | None = None) -> None:
        super().__init__(said)
        self.wanted = wanted


@dataclass(frozen=True, slots=True)
class Check:
    """A test a field's JSON value must pass, and the message that refuses it.

    Used in a type hint, ``Annotated[str, Check(is_card, message("table:not-a-card"))]``:
    the test sees the value before it is read by its type (a type of plain JSON, text,
    numbers, bools or null, is read by its test alone: the test says the type too). The
    refusal is ``says`` with three parameters added: ``where`` (the value's place:
    ``hand[2]``), ``field`` (the name of the field it is in: ``hand``) and ``value`` (the
    value as written in Python, ``'QS'``, cut to 60 characters), so its catalog entry may
    read ``"'{where}' must be a card, not {value}"``. Words given as text instead are
    formatted with the same names (``where``, ``field`` and the value itself), as they
    are. Name the annotated type at module level (``Card = Annotated[...]``): an
    annotation written in a class is read in the class's namespace, where a name like
    ``type`` may be a field.
    """

    test: Callable[[Any], bool]
    says: Message | str

    def refusal(self, where: str, field: str, value: Any) -> RecordError:
        """The error refusing ``value`` at ``where`` (in the field ``field``)."""
        says = self.says
        if isinstance(says, Message):
            return RecordError(Message(says.id, (*says.params, *_placed(where, field, value))))
        return RecordError(says.format(where=where, field=field, value=value))


def _placed(where: str, field: str, value: Any) -> tuple[tuple[str, Any], ...]:
    """A refusal's parameters naming a value's place and the value as written."""
    return (("where", where), ("field", field), ("value", shown(value)))


def shown(value: Any) -> str:
    """A JSON value as a refusal shows it: as written in Python, cut to 60 characters."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# ------------------------------------------------------------ reading one value

Reader = Callable[[Any, str], Any]
"""Checks a JSON value against one type and builds it: ``reader(data, where)``."""


def wrong(where: str, wanted: Message, value: Any) -> RecordError:
    """A value that is not what its place wants: ``record:wrong`` says where, what and which."""
    return RecordError(
        message("record:wrong", where=where, wanted=wanted, value=shown(value)), wanted
    )


def wants(what: str, **params: Any) -> Message:
    """What a place wants, as a message (``record:wanted.int``: "a whole number")."""
    return message(f"record:wanted.{what}", **params)


def literal(value: Any) -> Message:
    """A literal value a place may hold, as written in JSON (null) or Python (``'left'``)."""
    return wants("null") if value is None else wants("value", value=repr(value))


def checked(base: Reader | None, checks: list[Check]) -> Reader:
    """The checks, then the type's reader; a value of plain JSON (text, a number, a bool,
    null) is read by its checks alone, whose tests say its type too."""
    if base is None and len(checks) == 1:
        ((check),) = checks
        test = check.test

        def read_one(data: Any, where: str) -> Any:
            if not test(data):
                raise check.refusal(where, field_of(where), data)
            return data

        return read_one

    def read(data: Any, where: str) -> Any:
        for check in checks:
            if not check.test(data):
                raise check.refusal(where, field_of(where), data)
        return data if base is None else base(data, where)

    return read


def field_of(where: str) -> str:
    """The name of the field a place is in: ``cards`` for ``cards[1]``, ``legal`` for
    ``state.hand[2].legal``."""
    return where.rsplit(".", 1)[-1].split("[", 1)[0]


def literal_reader(allowed: tuple[Any, ...]) -> Reader:
    """The reader of a ``Literal``: one of ``allowed`` as it is."""
    wanted = _either([literal(value) for value in allowed])

    def read(data: Any, where: str) -> Any:
        if data not in allowed:
            raise wrong(where, wanted, data)
        return data

    return read


def simple_reader(kind: type, wanted: Message) -> Reader:
    """The reader of a value of plain JSON type ``kind`` (text, a bool), ``wanted`` saying it."""

    def read(data: Any, where: str) -> Any:
        if not isinstance(data, kind):
            raise wrong(where, wanted, data)
        return data

    return read


def read_int(data: Any, where: str) -> Any:
    """A whole number (not a bool)."""
    if isinstance(data, bool) or not isinstance(data, int):
        raise wrong(where, wants("int"), data)
    return data


def words_reader(kind: Any) -> Reader:
    """The reader of a sentence: text, read back as words (``kind.parse``)."""
    text = simple_reader(str, wants("text"))

    def read(data: Any, where: str) -> Any:
        return kind.parse(text(data, where))

    return read


def text_form_reader(kind: Any) -> Reader:
    """The reader of a value with a text form (a card, a rank): ``kind.parse``."""

    def read(data: Any, where: str) -> Any:
        try:
            return kind.parse(data)
        except (InvalidMoveError, ValueError, TypeError, AttributeError) as error:
            said = wants("text-form", kind=kind.__name__, error=said_of(error))
            raise wrong(where, said, data) from None

    return read


def enum_reader(kind: type[enum.Enum]) -> Reader:
    """The reader of an enum member, from its value."""
    wanted = _either([literal(member.value) for member in kind])

    def read(data: Any, where: str) -> Any:
        try:
            return kind(data)
        except ValueError:
            raise wrong(where, wanted, data) from None

    return read


def from_dict_reader(kind: Any) -> Reader:
    """The reader of a rules object, by its ``from_dict``."""

    def read(data: Any, where: str) -> Any:
        try:
            return kind.from_dict(data)
        except (TypeError, ValueError) as error:
            said = wants("settings", kind=kind.__name__, error=said_of(error))
            raise wrong(where, said, data) from None

    return read


def key(name: str) -> dict[str, str]:
    """Field metadata giving the field's key in the JSON form: ``field(metadata=key("deal"))``."""
    return {"key": name}


def fields_dict(record: Any) -> dict[str, Any]:
    """The JSON form: every field under its key; cards and ranks as text, tuples as lists."""
    return _record_writer(type(record))(record)


def _own_to_dict(kind: type) -> bool:
    """True if values of ``kind`` write their own JSON form (a view, a rules object)."""
    to_dict = getattr(kind, "to_dict", None)
    return to_dict is not None and to_dict is not fields_dict


# ------------------------------------------------------------ writing


def write(value: Any) -> Any:
    """A value in its JSON form (see ``Record.to_dict``)."""
    kind = type(value)
    writer = _WRITERS.get(kind)
    if writer is None:
        writer = _WRITERS[kind] = _writer(kind)
    return writer(value)


_WRITERS: dict[type, Callable[[Any], Any]] = {}
"""How each type of value becomes JSON, worked out once per type (a redraw writes
thousands of values, and the table redraws at every move)."""


def _same(value: Any) -> Any:
    return value


def _items(value: Any) -> list[Any]:
    return [write(item) for item in value]


def _writer(kind: type) -> Callable[[Any], Any]:
    """The function that writes values of ``kind`` in their JSON form."""
    if hasattr(kind, "parse"):  # a card or a rank: its text form
        return lambda value: value.text
    if issubclass(kind, enum.Enum):
        return lambda value: value.value
    if _own_to_dict(kind):  # a view that writes more than its fields, a rules object
        return kind.to_dict  # type: ignore[attr-defined]
    if dataclasses.is_dataclass(kind):
        return _record_writer(kind)
    if issubclass(kind, tuple | list):
        return _items
    return _same


_RECORD_WRITERS: dict[type, Callable[[Any], dict[str, Any]]] = {}


def _record_writer(kind: type) -> Callable[[Any], dict[str, Any]]:
    """Every field under its key; a field of plain JSON (text, numbers, bools, None) as it is."""
    writer = _RECORD_WRITERS.get(kind)
    if writer is None:
        plan = tuple((attr, name, plain_json(hint)) for attr, name, hint in record_fields(kind))
        head = {tag: getattr(kind, tag) for tag in getattr(kind, "tags", ())}

        def writer(value: Any) -> dict[str, Any]:
            body = {
                name: getattr(value, attr) if plain else write(getattr(value, attr))
                for attr, name, plain in plan
            }
            return head | body if head else body

        _RECORD_WRITERS[kind] = writer
    return writer


_PLAIN = (int, str, bool, float, type(None))


def plain_json(hint: Any) -> bool:
    """A type whose values are their own JSON form."""
    origin = typing.get_origin(hint)
    if origin is Annotated:
        return plain_json(typing.get_args(hint)[0])
    if origin in (Union, types.UnionType):
        return all(plain_json(option) for option in typing.get_args(hint))
    if origin is Literal:
        return all(isinstance(value, _PLAIN) for value in typing.get_args(hint))
    return hint in _PLAIN


# ------------------------------------------------------------ the fields of a record

_HINTS: dict[type, dict[str, Any]] = {}


def field_hints(cls: type) -> dict[str, Any]:
    """The resolved type hints of a record's fields (``Annotated`` kept), worked out once."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls, include_extras=True)
    return hints


_FIELDS: dict[type, tuple[tuple[str, str, Any], ...]] = {}


def in_order(cls: type) -> list[dataclasses.Field[Any]]:
    """A record's fields in the order they are written and read: as its constructor takes
    them, keyword-only fields last (a field a base class gives every subclass, like a table
    intent's ``rev``, still comes after the subclass's own)."""
    specs = dataclasses.fields(cls)
    return [f for f in specs if f.kw_only is not True] + [f for f in specs if f.kw_only is True]


def record_fields(cls: type) -> tuple[tuple[str, str, Any], ...]:
    """Each field of a record class: its name, its key in the JSON form and its type."""
    found = _FIELDS.get(cls)
    if found is None:
        hints = field_hints(cls)
        found = _FIELDS[cls] = tuple(
            (f.name, f.metadata.get("key", f.name), hints[f.name]) for f in in_order(cls)
        )
    return found


_WRITES_MORE: dict[type, bool] = {}


def writes_more(cls: type) -> bool:
    """True if ``cls`` or a record inside it writes keys of its own (it is checked by
    reading back to exactly what it writes)."""
    found = _WRITES_MORE.get(cls)
    if found is None:
        found = _WRITES_MORE[cls] = _agreeing(cls, set())
    return found


def _agreeing(kind: Any, seen: set[Any]) -> bool:
    if kind in seen:
        return False
    seen.add(kind)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        if _own_to_dict(kind):
            return True
        return any(_agreeing(hint, seen) for _, _, hint in record_fields(kind))
    return any(_agreeing(arg, seen) for arg in typing.get_args(kind) if arg is not Ellipsis)
