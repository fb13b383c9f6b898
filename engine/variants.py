"""What every game's rules object shares: :class:`Variants`, its dict form and its reader.

A game's ``Rules`` (``<game>/rules.py``) is a frozen dataclass whose fields are the
variants of its rulebook, each with the rulebook's reading as its default, checked in its
own ``__post_init__``; it names itself in a refusal (``title``) and says what it calls one
field (``word``: a variant, a setting).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, ClassVar, Self

from .errors import ArgumentError
from .messages import message

__all__ = ["Variants"]


class Variants:
    """A rules object's dict form and reader: every field by name, unknown names refused."""

    __slots__ = ()
    title: ClassVar[str]
    """The game's name for people, as a refusal says it."""
    word: ClassVar[str]
    """What a refusal calls one field: ``variant`` or ``setting``."""

    def to_dict(self) -> dict[str, Any]:
        """Every field and its value, JSON-ready (``from_dict`` reads it back)."""
        return {field.name: getattr(self, field.name) for field in fields(self)}  # type: ignore[arg-type]

    @classmethod
    def from_dict(cls, data: object) -> Self:
        """Rules from a dict of fields (missing ones keep their defaults); ValueError if bad."""
        if not isinstance(data, dict):
            said = message(
                f"rules:not-a-dict.{cls.word}", title=cls.title, kind=type(data).__name__
            )
            raise ArgumentError(said)
        known = {field.name for field in fields(cls)}  # type: ignore[arg-type]
        unknown = sorted(str(key) for key in data if key not in known)
        if unknown:
            said = message(
                f"rules:unknown.{cls.word}",
                title=cls.title,
                names=", ".join(unknown),
                known=", ".join(sorted(known)),
            )
            raise ArgumentError(said)
        return cls(**data)
