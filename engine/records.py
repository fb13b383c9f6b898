"""Frozen records with a JSON form: the one layer that turns dataclasses into JSON and back.

A :class:`Record` is a frozen, slotted dataclass whose fields hold ints, bools, text,
None, ``Literal`` values, values with a text form (cards and ranks: a ``parse``
classmethod and ``.text``), enums (a phase), a rules object (``to_dict`` /
``from_dict``), other records, ``X | None`` and other unions, and tuples of these (of a
fixed length or ``tuple[X, ...]``). The engine's views and their parts are records, and
so are the widgets' table state and the intents the browser sends.

``to_dict()`` gives the JSON form (cards and ranks as text, enums as their values,
tuples as lists, a field under its ``key`` if the field names one). ``from_dict`` reads
that form back by the field types and refuses anything else, naming where it went wrong
(``view.hand[2]``, ``state.seats[0].hand_size``): a value of a wrong type, an unknown
key, a missing one (a field with a default may be left out), a value that fails a
field's :class:`Check`, or one that disagrees with the rest (a record whose ``to_dict``
adds keys it works out from its fields must read back to exactly what it writes). Each
record class says how it refuses (:meth:`Record.refusal`): a :class:`RecordError` unless
it speaks otherwise (the views: ``SavedGameError``; the intents: ``IntentError``).

Each type's reader (here for records, tuples and unions; ``json_forms.py`` for single
values) and writer (``json_forms.py``, with the fields of a record and :func:`write`) is
worked out once and kept: the table state is written and read at every
redraw.

    >>> from dataclasses import dataclass
    >>> from cardschool.engine.cards import FrenchCard
    >>> @dataclass(frozen=True, slots=True)
    ... class Pair(Record):
    ...     cards: tuple[FrenchCard, ...]
    >>> Pair.from_dict({"cards": ["QS", "9H"]}).cards
    (FrenchCard.parse('QS'), FrenchCard.parse('9H'))
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Sequence
from typing import Annotated, Any, ClassVar, Literal, Self, TypeVar, Union

from .catalog import either as _either
from .errors import said_of
from .json_forms import (
    Check,
    Reader,
    RecordError,
    checked,
    enum_reader,
    field_hints,
    fields_dict,
    from_dict_reader,
    in_order,
    key,
    literal,
    literal_reader,
    plain_json,
    read_int,
    record_fields,
    simple_reader,
    text_form_reader,
    wants,
    words_reader,
    write,
    writes_more,
    wrong,
)
from .messages import Message, message

__all__ = ["Check", "Record", "RecordError", "field_hints", "key", "read", "write"]

R = TypeVar("R")


class Record:
    """A frozen record with a JSON form: ``from_dict(r.to_dict()) == r``."""

    __slots__ = ()

    tags: ClassVar[tuple[str, ...]] = ()
    """Class attributes written first in the JSON form, each under its name, and read back
    only with that same value (an intent's ``type``)."""

    to_dict = fields_dict

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """Read the JSON form back; ``refusal`` says what is wrong with anything else."""
        return read(cls, data)

    @classmethod
    def field_types(cls, data: dict[str, Any]) -> dict[str, Any]:
        """The type each field is read as: its type hint, unless a class says otherwise for
        a field that follows another one (the table state's board follows its game)."""
        return field_hints(cls)

    @classmethod
    def refusal(cls, problem: Message) -> ValueError:
        """The error that refuses a malformed JSON form of this class (the layer's message)."""
        return RecordError(problem)

    missing_said: ClassVar[str] = "record:missing"
    """The message id for a JSON form without keys it needs. Its parameters: ``where``
    (the record's place), ``names`` (the keys, quoted), ``first`` (the first key),
    ``type`` (a message's type) and ``fields`` (every key the class has, sorted)."""
    unknown_said: ClassVar[str] = "record:unknown"
    """The message id for a JSON form with keys the class does not have (the same
    parameters)."""
    missing_text: ClassVar[str | None] = None
    unknown_text: ClassVar[str | None] = None
    """Words instead of ``missing_said`` / ``unknown_said``, formatted with the same names
    (kept for classes not yet speaking in messages)."""

    @classmethod
    def missing(cls, where: str, names: Sequence[str]) -> Message | str:
        """The sentence for a JSON form without the keys ``names`` (``missing_said``)."""
        return cls._sentence(cls.missing_text or message(cls.missing_said), where, names)

    @classmethod
    def unknown(cls, where: str, names: Sequence[str]) -> Message | str:
        """The sentence for a JSON form with keys ``names`` this class does not have."""
        return cls._sentence(cls.unknown_text or message(cls.unknown_said), where, names)

    @classmethod
    def _sentence(cls, said: Message | str, where: str, names: Sequence[str]) -> Message | str:
        fields = sorted(key for _, key, _ in record_fields(cls))
        params = {
            "where": where,
            "names": ", ".join(map(repr, names)),
            "first": names[0] if names else "",
            "type": getattr(cls, "type", ""),
        }
        if isinstance(said, str):
            return said.format(**params, fields=fields if "{fields" in said else [])
        return message(said.id, **params, fields=str(fields))


def read(cls: type[R], data: Any, where: str | None = None) -> R:
    """A record of class ``cls`` from its JSON form, which must be exactly what it writes.

    ``where`` names the record in error messages (its class name by default); a malformed
    form raises ``cls.refusal`` of the sentence.
    """
    root = _ROOTS.get(cls) or _root(cls)
    return root(data, cls.__name__ if where is None else where)  # type: ignore[no-any-return]


_ROOTS: dict[type, Reader] = {}
"""How each record class is read as a whole, worked out once (see :func:`_root`)."""


def _root(cls: Any) -> Reader:
    """Read a record and turn a refusal into the class's own error; a record that writes
    keys of its own (``writes_more``) must read back to exactly what it wrote."""
    reader = _reader(cls)
    refusal = cls.refusal

    def read_plain(data: Any, where: str) -> Any:
        try:
            return reader(data, where)
        except RecordError as error:
            raise refusal(error.said) from None

    def read_agreeing(data: Any, where: str) -> Any:
        if isinstance(data, cls):
            data = data.to_dict()
        try:
            record = reader(data, where)
            again = record.to_dict()
            if again != data:
                wrong = sorted(map(str, set(data) ^ set(again))) or [
                    k for k in again if again[k] != data[k]
                ]
                names = ", ".join(map(repr, wrong))
                raise RecordError(message("record:disagreeing", where=where, names=names))
        except RecordError as error:
            raise refusal(error.said) from None
        return record

    root = _ROOTS[cls] = read_agreeing if writes_more(cls) else read_plain
    return root


# ------------------------------------------------------------ reading

_READERS: dict[Any, Reader] = {}
"""The reader of each type, worked out once per type (see :func:`_make_reader`)."""


def _reader(kind: Any) -> Reader:
    """The reader of ``kind``, worked out once."""
    reader = _READERS.get(kind)
    if reader is None:
        reader = _READERS[kind] = _make_reader(kind)
    return reader


def _make_reader(kind: Any) -> Reader:
    """Work out once how values of ``kind`` are checked and built (see the module docstring)."""
    origin = typing.get_origin(kind)
    if origin is Annotated:
        base, *extras = typing.get_args(kind)
        checks = [c for c in extras if isinstance(c, Check)]
        return checked(None if plain_json(base) else _reader(base), checks)
    if origin in (Union, types.UnionType):
        return _union_reader(typing.get_args(kind))
    if origin is Literal:
        return literal_reader(typing.get_args(kind))
    if origin is tuple:
        return _tuple_reader(typing.get_args(kind))
    if kind is type(None):
        return literal_reader((None,))
    if kind is bool:
        return simple_reader(bool, wants("bool"))
    if kind is int:
        return read_int
    if kind is str:
        return simple_reader(str, wants("text"))
    if isinstance(kind, type):
        if getattr(kind, "written_as_words", False):  # a sentence: text, read back as words
            return words_reader(kind)
        if hasattr(kind, "parse"):  # a card or a rank, from its text form
            return text_form_reader(kind)
        if issubclass(kind, enum.Enum):
            return enum_reader(kind)
        if issubclass(kind, Record) or (
            dataclasses.is_dataclass(kind) and not hasattr(kind, "from_dict")
        ):
            return _record_reader(kind)
        if hasattr(kind, "from_dict"):  # a rules object
            return from_dict_reader(kind)
    return lambda data, where: data  # Any


def _union_reader(options: tuple[Any, ...]) -> Reader:
    """``X | None``: None, or an X; other unions: the first option that reads the value."""
    optional = type(None) in options
    readers = [_reader(option) for option in options if option is not type(None)]
    if len(readers) == 1:
        (only,) = readers

        def read_optional(data: Any, where: str) -> Any:
            return None if data is None and optional else only(data, where)

        return read_optional

    def read_any(data: Any, where: str) -> Any:
        if data is None and optional:
            return None
        problems = []
        for reader in readers:
            try:
                return reader(data, where)
            except RecordError as error:
                problems.append(error)
        wanted = [p.wanted for p in problems]
        if all(wanted):
            raise wrong(where, _either(typing.cast(list[Message], wanted)), data)
        said = problems[-1].said
        for problem in reversed(problems[:-1]):  # each refusal in turn ("... / or ...")
            said = message("record:or-else", first=problem.said, rest=said)
        raise RecordError(said)

    return read_any


def _tuple_reader(args: tuple[Any, ...]) -> Reader:
    """``tuple[X, ...]`` or a tuple of a fixed length, from a list."""
    if len(args) == 2 and args[1] is Ellipsis:
        item = _reader(args[0])

        def read_all(data: Any, where: str) -> tuple[Any, ...]:
            if not isinstance(data, list | tuple):
                raise wrong(where, wants("list"), data)
            return tuple([item(value, f"{where}[{i}]") for i, value in enumerate(data)])

        return read_all
    readers = [_reader(arg) for arg in args]

    def read_fixed(data: Any, where: str) -> tuple[Any, ...]:
        if not isinstance(data, list | tuple):
            raise wrong(where, wants("list"), data)
        if len(data) != len(readers):
            raise wrong(where, wants("list.of", count=len(readers)), data)
        pairs = enumerate(zip(readers, data, strict=True))
        return tuple([read(value, f"{where}[{i}]") for i, (read, value) in pairs])

    return read_fixed


Step = tuple[str, str, Reader]
"""One field as it is read: its attribute, its key in the JSON form, its reader."""


def _record_reader(cls: Any) -> Reader:
    """One record from a dict, field by field (the types of a class whose fields follow its
    data, :meth:`Record.field_types`, are looked up for each dict)."""
    specs = in_order(cls)
    tags = {tag: getattr(cls, tag) for tag in getattr(cls, "tags", ())}
    keys = frozenset([*tags, *(spec.metadata.get("key", spec.name) for spec in specs)])
    required = [*tags] + [
        spec.metadata.get("key", spec.name)
        for spec in specs
        if spec.default is dataclasses.MISSING and spec.default_factory is dataclasses.MISSING
    ]
    needed = frozenset(required)
    own = issubclass(cls, Record)
    follows_data = own and cls.field_types.__func__ is not _RECORD_TYPES
    own_form = own and cls.to_dict is not fields_dict  # checked by the root's read
    missing = cls.missing if own else Record.missing
    unknown = cls.unknown if own else Record.unknown
    plan: list[Step] = []

    def steps_for(hints: dict[str, Any]) -> list[Step]:
        return [(attr, name, _reader(hints[attr])) for attr, name, _ in record_fields(cls)]

    def read(data: Any, where: str) -> Any:
        if not isinstance(data, dict):
            if not isinstance(data, cls):
                raise wrong(where, wants("object"), data)
            data = data.to_dict()
        if not own_form and not data.keys() <= keys:
            raise RecordError(unknown(where, sorted(str(k) for k in data if k not in keys)))
        if not needed <= data.keys():
            raise RecordError(missing(where, [name for name in required if name not in data]))
        if follows_data:
            try:
                steps = steps_for(cls.field_types(data))
            except ValueError as error:
                raise RecordError(said_of(error)) from None
        else:
            if not plan:  # worked out at the first read (a type may name a later one)
                plan.extend(steps_for(field_hints(cls)))
            steps = plan
        at = f"{where}." if where else ""
        if tags:
            for tag, value in tags.items():
                if data[tag] != value:
                    raise wrong(at + tag, literal(value), data[tag])
        values = {}
        for attr, name, reader in steps:
            if name in data:
                values[attr] = reader(data[name], at + name)
        try:
            return cls(**values)
        except (TypeError, ValueError) as error:
            raise RecordError(
                message("record:refused", where=where, error=said_of(error))
            ) from None

    return read


_RECORD_TYPES = Record.field_types.__func__  # type: ignore[attr-defined]
"""The default :meth:`Record.field_types` (a class that keeps it reads by its type hints)."""
