"""A class's live tables as the teacher's board lists them, and a student's seat at one
(issue 29.4), without a database.

``class_tables.py`` reads them from the store; the class server's board JSON carries them
(:meth:`LiveTable.to_dict`) and a kernel's client reads them back (:meth:`LiveTable.from_dict`),
so that the kernel-drawn board (``board.py``) lists them alike over a local store or a class
server. Nothing here imports SQLAlchemy.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["MOST_TABLES", "LiveSeat", "LiveTable", "Seated"]

MOST_TABLES = 40
"""The most tables a teacher opens for a class at once."""


@dataclass(frozen=True, slots=True)
class Seated:
    """A student seated by the class: the table's code, the seat and its token (shown once)."""

    code: str
    seat: int
    token: str


@dataclass(frozen=True, slots=True)
class LiveSeat:
    """One seat of a class's live table: its number, whose it is and who plays it now."""

    number: int
    student: str | None
    """The name of the class's student seated there (None: nobody the class seated)."""
    bot: bool
    """Whether the bots play it now: a seat kept for them, or its student away or gone."""

    def to_dict(self) -> dict[str, Any]:
        """The seat as JSON."""
        return {"number": self.number, "student": self.student, "bot": self.bot}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LiveSeat:
        """A seat from its JSON (as :meth:`to_dict` wrote it)."""
        student = data.get("student")
        return cls(
            int(data["number"]), str(student) if student is not None else None, bool(data["bot"])
        )


@dataclass(frozen=True, slots=True)
class LiveTable:
    """A class's table whose deal is being played: its code, game, bots' level, seats, the
    number of the next move and the seat to move."""

    code: str
    game: str
    level: str
    seats: tuple[LiveSeat, ...]
    next: int
    """The number of the move to come (1: nothing played yet)."""
    to_move: int | None
    """The seat to move (None: nobody)."""

    def to_dict(self) -> dict[str, Any]:
        """The table as JSON (the board's ``tables``)."""
        return {
            "code": self.code,
            "game": self.game,
            "level": self.level,
            "seats": [seat.to_dict() for seat in self.seats],
            "next": self.next,
            "to_move": self.to_move,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LiveTable:
        """A table from its JSON (as :meth:`to_dict` wrote it)."""
        to_move = data.get("to_move")
        return cls(
            str(data["code"]),
            str(data["game"]),
            str(data["level"]),
            tuple(LiveSeat.from_dict(seat) for seat in data["seats"]),
            int(data["next"]),
            int(to_move) if to_move is not None else None,
        )
