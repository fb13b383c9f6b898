"""The class store's members: joining a class, names that read the same, rejoin codes.

No Jupyter import here. A student joins with the class code and a name and gets a token
their browser keeps (only its SHA-256 is stored); a name that reads the same as one taken
(:func:`name_key`) is refused, unless the student comes back with the rejoin code their
teacher made (:meth:`Members.let_in_again`). A student a JupyterHub signed in keeps the
hub's user name (``hub_name``): only the hub makes anyone that student (:meth:`Members.join`).
:class:`Members` is the part of :class:`~.store.ClassStore` that does this.
"""

from __future__ import annotations

import hmac
import secrets
import unicodedata
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session as OrmSession

from cardschool.engine.messages import Message, message

from .basics import Member, MembershipError, StoreError
from .keys import CONTROL, Refused, check_name, name_key, new_code, normal_code, token_hash
from .messages import CLASSROOM  # noqa: F401  (the catalog registered)
from .models import NAME_LENGTH, SchoolClass, Student
from .record_messages import RECORDS  # noqa: F401  (the catalog registered)

__all__ = [
    "MAX_STUDENTS",
    "Member",
    "Members",
    "MembershipError",
    "clean_name",
    "taken_name",
    "utc_now",
]

MAX_STUDENTS = 500


def utc_now() -> datetime:
    """Now, in UTC, as the store keeps times (without the zone)."""
    return datetime.now(UTC).replace(tzinfo=None)


def clean_name(name: str) -> str:
    """A name as a new one is kept: Unicode NFKC, invisible, direction and other formatting
    characters (and control ones) removed, spaces single, at most the longest kept.

    Migration 0004 cleans the names stored before names were checked so with this; keep it
    as it is (a name it made must stay the name it makes).
    """
    name = unicodedata.normalize("NFKC", name)
    kept = "".join(
        char for char in name if unicodedata.category(char) not in ("Cc", "Cf", "Co", "Cn", "Cs")
    )
    return " ".join(CONTROL.sub(" ", kept).split())[:NAME_LENGTH].strip()


def taken_name(orm: OrmSession, class_id: int, name: str, but: int | None = None) -> Student | None:
    """The student of the class whose name reads the same as ``name`` (None: nobody).

    Names are compared by :func:`name_key` (case-folded, look-alike letters as Latin), so
    ``twin`` and a Cyrillic ``Тwin`` are taken when ``Twin`` is; ``but`` is a student id
    left out (the one being renamed).
    """
    wanted = name_key(name)
    rows = orm.scalars(sa.select(Student).where(Student.class_id == class_id))
    return next((r for r in rows if r.id != but and name_key(r.name) == wanted), None)


def _rejoin_matches(row: Student, rejoin: object) -> bool:
    """True when ``rejoin`` is the rejoin code the teacher made for this student."""
    if not isinstance(rejoin, str) or not row.rejoin_hash:
        return False
    try:
        typed = normal_code(rejoin)
    except ValueError:
        return False
    return hmac.compare_digest(row.rejoin_hash, token_hash(typed))


class Members:
    """The store's joining of students: a mixin of :class:`~.store.ClassStore`, which gives
    it ``_read``, ``_write``, ``open_class`` and ``_class_by_code``."""

    _read: Callable[[Callable[[OrmSession], Any]], Any]
    _write: Callable[[Callable[[OrmSession], Any]], Any]
    open_class: Callable[[object, object], SchoolClass]
    _class_by_code: Callable[..., SchoolClass]

    def join(
        self, code: object, name: object, *, vouched: bool = False, rejoin: object = None
    ) -> tuple[Member, str]:
        """A new student of the class: who they are and the token their browser keeps.

        A name already taken in the class, or one that reads the same (:func:`name_key`),
        is refused (the one who joined first holds it), unless ``rejoin`` is the code the
        teacher made for that student (:meth:`let_in_again`): then the name gets a new token
        and their old browsers must join again.

        ``vouched``: a JupyterHub has signed the student in and ``name`` is its user name.
        The student that hub user made before (``hub_name``; renamed by the teacher or not)
        gets a new token; else a new student keeps the hub's name. A hub user never becomes
        a student who joined with the class code (a name that reads the same as one of
        theirs is refused until the teacher renames them), and a rejoin code never makes
        anyone a hub user's student (the hub signs them in instead).
        """
        school = self._class_by_code(code)
        hub = str(name) if vouched else None
        name = check_name(name)
        token = secrets.token_urlsafe(24)

        def add(orm: OrmSession) -> Member:
            if hub is not None:
                query = sa.select(Student).where(
                    Student.class_id == school.id, Student.hub_name == hub
                )
                row = orm.scalar(query)
                if row is not None:  # the hub's user again: a new token
                    row.token_hash = token_hash(token)
                    return Member(school.id, row.id, row.name, school.code)
            row = taken_name(orm, school.id, name)
            if row is not None and hub is not None and row.hub_name is None:
                raise StoreError(message("classroom:name.held", name=row.name))
            if row is not None and rejoin and hub is None:
                if row.hub_name is not None:  # only the hub says who a hub user is
                    raise StoreError(message("classroom:name.hub-only", name=row.name))
                if not _rejoin_matches(row, rejoin):
                    raise StoreError(message("classroom:rejoin.wrong", name=row.name))
                row.token_hash = token_hash(token)
                row.rejoin_hash = None
                return Member(school.id, row.id, row.name, school.code)
            if row is not None:
                raise StoreError(message("classroom:name.taken", name=row.name))
            count = orm.scalar(
                sa.select(sa.func.count(Student.id)).where(Student.class_id == school.id)
            )
            if count >= MAX_STUDENTS:
                raise StoreError(message("classroom:store.most-students", count=MAX_STUDENTS))
            row = Student(
                class_id=school.id,
                name=name,
                token_hash=token_hash(token),
                joined=utc_now(),
                hub_name=hub,
            )
            orm.add(row)
            orm.flush()
            return Member(school.id, row.id, name, school.code)

        return self._write(add), token

    def let_in_again(self, code: str, key: str, student_id: int) -> Message:
        """A one-time rejoin code for a student of the class who lost their membership.

        With it they join again under their own name (needs the teacher key); a new code
        replaces the last one. The teacher reads it out; only its hash is kept.
        """
        school = self.open_class(code, key)
        rejoin = new_code()

        def give(orm: OrmSession) -> str:
            row = orm.get(Student, student_id) if isinstance(student_id, int) else None
            if row is None or row.class_id != school.id:
                raise StoreError(message("classroom:roster.no-such-student"))
            if row.hub_name is not None:  # only the hub says who a hub user is
                raise StoreError(message("classroom:name.hub-only", name=row.name))
            row.rejoin_hash = token_hash(rejoin)
            return row.name

        name = self._write(give)
        return message("classroom:rejoin.given", name=name, code=rejoin)

    def rejoin_code(self, member: Member) -> str:
        """A one-time rejoin code for a student leaving on a browser, so that they keep a way
        back under their own name (from the class page's join form); it replaces the last one."""
        rejoin = new_code()

        def give(orm: OrmSession) -> None:
            row = orm.get(Student, member.student_id)
            if row is None or row.class_id != member.class_id:
                raise StoreError(message("classroom:roster.no-such-student"))
            if row.hub_name is not None:  # the hub signs them in again, no code does
                raise StoreError(message("classroom:name.hub-only", name=row.name))
            row.rejoin_hash = token_hash(rejoin)

        self._write(give)
        return rejoin

    def member(self, code: object, name: object, token: object) -> Member:
        """The student this code, name and token (as the browser sent them back) claim to be.

        The token decides: a name the teacher has changed since (issue 26: Bob renamed
        Robert) finds the student by their token, under their name now (the browser keeps
        that one). MembershipError unless the token is one issued in that class and its
        student is still in it.
        """
        school = self._class_by_code(code, MembershipError)
        try:
            name = check_name(name, strict=False)  # the name as the store gave it
        except Refused as problem:  # a clause: said as a sentence
            raise MembershipError(message("classroom:refused", why=problem.said)) from None
        if not isinstance(token, str) or not 20 <= len(token) <= 100:
            raise MembershipError(message("classroom:member.invalid"))

        def find(orm: OrmSession) -> Student | None:
            for held in dict.fromkeys((name, clean_name(name))):  # a name cleaned since (0004)
                row = orm.scalar(
                    sa.select(Student).where(Student.class_id == school.id, Student.name == held)
                )
                if row is not None:
                    return row
            return None

        def by_token(orm: OrmSession) -> Student | None:
            """The class's student holding this token (its hash compared in constant time)."""
            held = token_hash(token)
            rows = orm.scalars(sa.select(Student).where(Student.class_id == school.id))
            return next((r for r in rows if hmac.compare_digest(r.token_hash, held)), None)

        row = self._read(find)
        if row is None or not hmac.compare_digest(row.token_hash, token_hash(token)):
            row = self._read(by_token)  # renamed by the teacher since the browser kept it
        if row is None:  # a forged token, or a student the teacher removed
            raise MembershipError(message("classroom:member.invalid"))
        return Member(school.id, row.id, row.name, school.code)
