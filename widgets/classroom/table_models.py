"""The shared tables' rows (issue 29): a table, its seats and its moves, as SQLAlchemy models.

A :class:`SharedTable` is one deal of a game played by several browsers: its game,
variants (JSON), bots' level and seed (kept here, never sent until the deal is over), a
random code people type to join, when it was made and by whom (the hash of the creator's
seat token). Each :class:`TableSeat` is kept for a person (``human``) or the bots (``bot``)
and holds the hash of the token of the browser sitting there and when it was last seen.
Each :class:`TableMove` is one move, numbered from 1; ``(table_id, number)`` is unique, so
of two moves sent for one turn the database keeps exactly one. Migration 0005 builds exactly
these tables (``models.py`` imports this module, so ``Base.metadata`` holds them).

Migration 0007 (a class's tables, issue 29.4): a table a teacher opened for a class names
that class (``class_id``; None: anyone's table) and the time its deal ended (``ended``,
written with its last move), and a seat the class gave a student names that student
(``student_id``; None when removed from the class since, or a table not a class's).

Migration 0008 (issue 29.2): ``coach``, whether the table's players may open their coach
(True by default; its creator may switch it off for everyone, as a teacher in a match).

Migration 0009 (issue 29.4): a seat's ``counts``, what its player's kernel counted and sent
with their moves (hints, coach, refused moves by rule id: ``seat_counts.py``), as JSON.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    true,
)
from sqlalchemy.orm import Mapped, mapped_column

from .models import Base

__all__ = ["CODE_CHARS", "MOVE_CHARS", "SharedTable", "TableMove", "TableSeat"]

CODE_CHARS = 8
"""The length of a table code."""
MOVE_CHARS = 80
"""The longest move text kept (a meld of every card of one rank in two decks is far shorter)."""


class SharedTable(Base):
    """A shared table: one deal of a game, its variants, bots' level, secret seed and code."""

    __tablename__ = "shared_tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(CODE_CHARS), unique=True)
    game: Mapped[str] = mapped_column(String(20))
    variants: Mapped[str] = mapped_column(Text, default="{}")
    level: Mapped[str] = mapped_column(String(10))
    seed: Mapped[int] = mapped_column(BigInteger)
    created: Mapped[datetime] = mapped_column(DateTime)
    creator: Mapped[str] = mapped_column(String(64))
    # added by the seventh migration: the class a teacher opened it for, when its deal ended
    class_id: Mapped[int | None] = mapped_column(
        ForeignKey("classes.id"), nullable=True, index=True
    )
    ended: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    # added by the eighth migration: whether the players may open their coach
    coach: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())


class TableSeat(Base):
    """A seat of a shared table: its number, kept for a person or the bots, who holds it."""

    __tablename__ = "table_seats"
    __table_args__ = (UniqueConstraint("table_id", "number", name="uq_table_seats_number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("shared_tables.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(10))
    holder_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    seen: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    # added by the seventh migration: the class's student the class seated here
    student_id: Mapped[int | None] = mapped_column(
        ForeignKey("students.id", ondelete="SET NULL"), nullable=True, index=True
    )
    # added by the ninth migration: its player's hints, coach and refusals (JSON)
    counts: Mapped[str | None] = mapped_column(Text, nullable=True)


class TableMove(Base):
    """One move of a shared table: its number (from 1, unique in the table), seat and text."""

    __tablename__ = "table_moves"
    __table_args__ = (UniqueConstraint("table_id", "number", name="uq_table_moves_number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("shared_tables.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    move: Mapped[str] = mapped_column(String(MOVE_CHARS))
    by: Mapped[str] = mapped_column(String(10))
    """Who chose it: ``human`` or the bots' level."""
