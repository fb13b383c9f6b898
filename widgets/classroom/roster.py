"""A teacher's changes to the class's list of students: rename one, remove one.

No Jupyter import here (the teacher's page calls it). Both need the class's teacher key,
and both touch only a student of that class; a removed student's records go with them.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.orm import Session as OrmSession

from cardschool.engine.messages import message

from .keys import Refused, check_name
from .messages import CLASSROOM  # noqa: F401  (the catalog registered)
from .models import Record, Student
from .store import ClassStore, StoreError, taken_name

__all__ = ["remove_student", "rename_student"]


def _said(id: str, **params: object) -> StoreError:
    """The refusal ``classroom:roster.<id>``."""
    return StoreError(message(f"classroom:roster.{id}", **params))


def _student(orm: OrmSession, class_id: int, student_id: object) -> Student:
    """The student of this class with this id (StoreError for any other)."""
    row = orm.get(Student, student_id) if isinstance(student_id, int) else None
    if row is None or row.class_id != class_id:
        raise _said("no-such-student")
    return row


def rename_student(store: ClassStore, code: str, key: str, student_id: int, name: object) -> str:
    """Give a student of the class another name (checked as a joining name is); the name."""
    if not isinstance(store, ClassStore):  # a class server's client: the server renames
        return store.rename_student(code, key, student_id, name)
    school = store.open_class(code, key)
    try:
        name = check_name(name)
    except Refused as error:  # a clause: said as a sentence
        raise StoreError(message("classroom:refused", why=error.said)) from None

    def rename(orm: OrmSession) -> str:
        row = _student(orm, school.id, student_id)
        taken = taken_name(orm, school.id, name, but=row.id)  # reads the same (name_key)
        if taken is not None:
            raise _said("name-taken", name=taken.name)
        row.name = name
        return name

    return store._write(rename)


def remove_student(store: ClassStore, code: str, key: str, student_id: int) -> int:
    """Take a student out of the class with their records; how many records went."""
    if not isinstance(store, ClassStore):  # a class server's client: the server removes
        return store.remove_student(code, key, student_id)
    school = store.open_class(code, key)

    def remove(orm: OrmSession) -> int:
        row = _student(orm, school.id, student_id)
        gone = orm.execute(sa.delete(Record).where(Record.student_id == row.id)).rowcount
        orm.delete(row)
        return int(gone or 0)

    return store._write(remove)
