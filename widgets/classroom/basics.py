"""The class store's plain names, which need no database: its errors, a member, its limits.

The class and teacher pages import these wherever they run. On the static site (Python in
the browser) SQLAlchemy and Alembic are not there: the pages reach a class server through
:class:`~.client.ClassClient`, which needs only these. ``db.py``, ``members.py`` and
``models.py`` give the same objects under their old names.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from cardschool.engine.errors import Told

__all__ = [
    "NAME_LENGTH",
    "TARGET_LENGTH",
    "DatabaseError",
    "Member",
    "MembershipError",
    "StoreError",
    "database_errors",
    "illegal_counts",
]

NAME_LENGTH = 40
"""The longest student name or class title kept."""
TARGET_LENGTH = 200
"""The longest deal code or exercise file name kept."""


class StoreError(Told, RuntimeError):
    """The class database cannot do what was asked; ``.said`` is the sentence people read
    (``str()`` renders it)."""


class DatabaseError(StoreError):
    """The class database itself failed (not answering, not found, busy, read-only, full)."""


class MembershipError(StoreError):
    """A membership the browser sent back does not match the store (not a database failure)."""


@dataclass(frozen=True, slots=True)
class Member:
    """A student the store knows: their class and their id, name and class code."""

    class_id: int
    student_id: int
    name: str
    code: str


def database_errors() -> tuple[type[BaseException], ...]:
    """The database library's own errors (to put in our words), none where it is absent."""
    try:
        import sqlalchemy
    except ImportError:  # the static site: a class server's client raises StoreError only
        return ()
    return (sqlalchemy.exc.SQLAlchemyError,)


def illegal_counts(rows: Iterable[Any]) -> dict[str, int]:
    """How often the records' students tried a move against each rule id, summed."""
    counts: dict[str, int] = {}
    for row in rows:
        for rule, count in json.loads(row.illegal or "{}").items():
            counts[rule] = counts.get(rule, 0) + int(count)
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))
