"""The class store's tables, as SQLAlchemy 2 models (the schema at the newest migration).

A class (:class:`SchoolClass`) has a short code for students and a hashed teacher key; its
students (:class:`Student`) each hold a hashed token their browser keeps; its assignments
(:class:`Assignment`) are deal codes with a bot level or exercise files; every finished
deal or solved exercise of a student is a :class:`Record`. The migrations in
``migrations/versions`` build exactly these tables; a test compares the two.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from .basics import NAME_LENGTH, TARGET_LENGTH

__all__ = ["HUB_NAME_LENGTH", "Assignment", "Base", "Record", "SchoolClass", "Student"]

HUB_NAME_LENGTH = 255
"""The longest hub user name a student keeps (JupyterHub's own limit)."""


class Base(DeclarativeBase):
    """The declarative base of the class store's tables."""


class SchoolClass(Base):
    """A class: its code for students, its title and its teacher key's hash."""

    __tablename__ = "classes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(6), unique=True)
    title: Mapped[str] = mapped_column(String(NAME_LENGTH))
    key_hash: Mapped[str] = mapped_column(String(200))
    created: Mapped[datetime] = mapped_column(DateTime)


class Student(Base):
    """A student of a class: a name unique in the class and the hash of their browser token."""

    __tablename__ = "students"
    __table_args__ = (UniqueConstraint("class_id", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id"), index=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    token_hash: Mapped[str] = mapped_column(String(64))
    joined: Mapped[datetime] = mapped_column(DateTime)
    # added by the third migration: the hash of a one-time code to join again (None: none)
    rejoin_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # added by the sixth migration: the hub user a student who joined through a JupyterHub
    # is (None: joined with the class code and a name)
    hub_name: Mapped[str | None] = mapped_column(String(HUB_NAME_LENGTH), nullable=True)


class Assignment(Base):
    """One assignment: a deal (code and bot level) or an exercise file, in the class's order."""

    __tablename__ = "assignments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(10))
    target: Mapped[str] = mapped_column(String(TARGET_LENGTH))


class Record(Base):
    """A deal or exercise, as the kernel checked it (``uid`` is never reused): finished,
    judged, or in progress (``playing``, ``gave up``, an exercise ``tried``).

    One per student and piece of work (kind and target): a later one updates it.
    """

    __tablename__ = "records"
    __table_args__ = (UniqueConstraint("student_id", "kind", "target", name="uq_records_work"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    uid: Mapped[str] = mapped_column(String(32), unique=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id"), index=True)
    student_id: Mapped[int] = mapped_column(ForeignKey("students.id"), index=True)
    kind: Mapped[str] = mapped_column(String(10))
    target: Mapped[str] = mapped_column(String(TARGET_LENGTH))
    result: Mapped[str] = mapped_column(String(20))
    score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    stars: Mapped[int | None] = mapped_column(Integer, nullable=True)
    illegal: Mapped[str] = mapped_column(Text, default="{}")
    save: Mapped[str | None] = mapped_column(Text, nullable=True)
    finished: Mapped[datetime] = mapped_column(DateTime)
    # added by the second migration
    seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    hints: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    coach: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # added by the third migration: the learner's moves in the deal, and how many of them
    # a kernel saw played (not replayed from a save); None for exercises and older records
    moves: Mapped[int | None] = mapped_column(Integer, nullable=True)
    live: Mapped[int | None] = mapped_column(Integer, nullable=True)


from . import table_models  # noqa: E402, F401  (the shared tables' models, in Base.metadata)
