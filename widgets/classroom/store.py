"""The class store: classes, teacher keys, students, assignments and their records.

No Jupyter import here: the widgets call it. A teacher creates a class and gets its code
(six characters students type) and a secret key, shown once and kept only as a salted
scrypt hash. Students join the class (``members.py``: a name and a token their browser
keeps, only its SHA-256 stored). Records are written by
the kernel from what it checked itself; each carries a ``uid`` made by the kernel, so a
record written twice is kept once, and each student has one record per piece of work (a
later one updates it). Every failure is a :class:`StoreError` with a plain
sentence, and a failed write changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session as OrmSession

from cardschool.engine.messages import message

from .basics import illegal_counts
from .db import StoreError, open_engine, plain_error, reading, writing
from .keys import (
    CODE_ALPHABET,
    CONTROL,
    Refused,
    check_name,
    hash_key,
    key_matches,
    new_code,
    new_key,
    normal_code,
    token_hash,
)
from .members import Member, Members, MembershipError, taken_name, utc_now
from .messages import CLASSROOM  # noqa: F401  (the catalog registered)
from .models import TARGET_LENGTH, Assignment, Record, SchoolClass, Student
from .reaching import opened_on_first_use, store_here
from .record_in import FINISHED, IN_PROGRESS, KINDS, RecordError, RecordIn
from .record_messages import RECORDS  # noqa: F401  (the catalog registered)

__all__ = [
    "CODE_ALPHABET",
    "ClassStore",
    "Member",
    "MembershipError",
    "RecordIn",
    "StoreError",
    "check_name",
    "hash_key",
    "illegal_counts",
    "key_matches",
    "opened_on_first_use",
    "store_here",
    "taken_name",
]

MAX_ASSIGNMENTS = 100


@contextmanager
def _plain_errors() -> Iterator[None]:
    """Turn a database exception raised inside into a :class:`StoreError` with a plain sentence."""
    try:
        yield
    except StoreError:
        raise
    except sa.exc.SQLAlchemyError as error:
        raise plain_error(error) from error


def _keep_one(connection: sa.Connection, row: dict[str, Any]) -> bool:
    """Keep ``row`` as its student's one record of that work; False if nothing changed.

    A uid kept already (a retry) changes nothing; a record of work the student has a
    record of updates that one, unless it is a deal the kernel ended already and the new
    one is work in progress (playing, gave up: issue 26.8) or has fewer moves played live
    (a finished deal reopened and replayed from the browser's save), or an exercise the
    store holds as solved or shown already (its first judgement stands).
    """
    if connection.scalar(sa.select(Record.id).where(Record.uid == row["uid"])) is not None:
        return False
    kept = connection.execute(
        sa.select(Record.id, Record.live, Record.result).where(
            Record.student_id == row["student_id"],
            Record.kind == row["kind"],
            Record.target == row["target"],
        )
    ).first()
    if kept is None:
        connection.execute(sa.insert(Record).values(row))
        return True
    if row["kind"] == "deal" and kept.result in FINISHED:
        if row["result"] in IN_PROGRESS:
            return False  # a deal's end stands: work after it never replaces it
        if (row["live"] or 0) < (kept.live or 0):
            return False
    if row["kind"] == "exercises" and kept.result in ("solved", "shown"):
        return False  # the first judgement stands: a try again earns no other stars
    connection.execute(sa.update(Record).where(Record.id == kept.id).values(row))
    return True


class ClassStore(Members):
    """The class database: make classes, join students, record their work, read the board."""

    def __init__(self, url: str | None = None, *, engine: Engine | None = None) -> None:
        self.engine = engine if engine is not None else open_engine(url)
        self._keys_checked: dict[tuple[str, str], str] = {}
        """(code, SHA-256 of a key) -> the key hash it matched, so this kernel runs scrypt
        once per key and not on every look at the board."""

    def where(self) -> str:
        """Where the records are kept: the database's URL, without its password."""
        return self.engine.url.render_as_string(hide_password=True)

    def check_reachable(self) -> None:
        """Nothing when the database answers; StoreError (plain) otherwise."""
        with _plain_errors(), reading(self.engine) as connection:
            connection.exec_driver_sql("SELECT 1")

    def _write(self, act: Callable[[OrmSession], Any]) -> Any:
        """Run ``act`` in one writing transaction; what it returns is detached and readable."""
        with (
            _plain_errors(),
            writing(self.engine) as connection,
            OrmSession(bind=connection) as orm,
        ):
            result = act(orm)
            orm.flush()
            return result

    def _read(self, act: Callable[[OrmSession], Any]) -> Any:
        """Run ``act`` in one read transaction; what it returns is detached and readable."""
        with (
            _plain_errors(),
            reading(self.engine) as connection,
            OrmSession(bind=connection) as orm,
        ):
            return act(orm)

    # ------------------------------------------------------------ the teacher's side

    def create_class(self, title: str) -> tuple[str, str]:
        """Make a class called ``title``: its code and its teacher key (shown only now)."""
        title = check_name(title, "class title")
        key = new_key()
        key_hash = hash_key(key)
        for _try in range(20):
            code = new_code()

            def add(orm: OrmSession, code: str = code) -> bool:
                if orm.scalar(sa.select(SchoolClass.id).where(SchoolClass.code == code)):
                    return False
                orm.add(SchoolClass(code=code, title=title, key_hash=key_hash, created=utc_now()))
                orm.flush()
                return True

            if self._write(add):
                return code, key
        raise StoreError(message("classroom:store.no-free-code"))

    def open_class(self, code: object, key: object) -> SchoolClass:
        """The class with this code if ``key`` is its teacher key; StoreError otherwise."""
        code, found = self._find_class(code)
        if found is None or not isinstance(key, str):
            raise StoreError(message("classroom:store.key-wrong"))
        seen = (code, token_hash(key))
        if self._keys_checked.get(seen) != found.key_hash:
            if not key_matches(key, found.key_hash):
                raise StoreError(message("classroom:store.key-wrong"))
            self._keys_checked[seen] = found.key_hash
        return found

    def class_title(self, code: object) -> str:
        """The title of the class with this code; StoreError if there is none."""
        return self._class_by_code(code).title

    def _find_class(
        self, code: object, error: type[StoreError] = StoreError
    ) -> tuple[str, SchoolClass | None]:
        """The class code in its normal form and the class it names (None: no such class);
        ``error`` if it is not a class code at all."""
        try:
            code = normal_code(code)
        except Refused as problem:  # a clause: said as a sentence
            raise error(message("classroom:refused", why=problem.said)) from None
        found = self._read(
            lambda orm: orm.scalar(sa.select(SchoolClass).where(SchoolClass.code == code))
        )
        return code, found

    def _class_by_code(self, code: object, error: type[StoreError] = StoreError) -> SchoolClass:
        code, found = self._find_class(code, error)
        if found is None:
            raise error(message("classroom:store.no-class", code=code))
        return found

    def add_assignment(self, code: str, key: str, kind: str, target: str) -> int:
        """Give the class an assignment (a deal code, or an exercise file); its id."""
        school = self.open_class(code, key)
        if kind not in KINDS:
            raise StoreError(message("classroom:store.kind", kind=repr(kind)))
        target = target.strip() if isinstance(target, str) else ""
        if not 0 < len(target) <= TARGET_LENGTH or CONTROL.search(target):
            raise StoreError(message("classroom:store.target"))

        def add(orm: OrmSession) -> int:
            count = orm.scalar(
                sa.select(sa.func.count(Assignment.id)).where(Assignment.class_id == school.id)
            )
            if count >= MAX_ASSIGNMENTS:
                raise StoreError(message("classroom:store.most-assignments", count=MAX_ASSIGNMENTS))
            given = orm.scalars(
                sa.select(Assignment.target).where(
                    Assignment.class_id == school.id, Assignment.kind == kind
                )
            )
            if any(old.casefold() == target.casefold() for old in given):  # given once is enough
                raise StoreError(message("classroom:store.same-assignment", target=target))
            row = Assignment(class_id=school.id, position=count, kind=kind, target=target)
            orm.add(row)
            orm.flush()
            return row.id

        return self._write(add)

    def assignments(self, code: object) -> list[tuple[int, str, str]]:
        """The class's assignments in order: (id, kind, target)."""
        school = self._class_by_code(code)
        rows = self._read(
            lambda orm: orm.execute(
                sa.select(Assignment.id, Assignment.kind, Assignment.target)
                .where(Assignment.class_id == school.id)
                .order_by(Assignment.position)
            ).all()
        )
        return [tuple(row) for row in rows]

    # ------------------------------------------------------------ the student's work
    # (joining a class, names and rejoin codes: members.py)

    def record(self, member: Member, record: RecordIn) -> bool:
        """Keep one finished piece of work; False if this record (its uid) was kept already."""
        try:
            record.checked()
        except RecordError as error:
            raise StoreError(message("classroom:record.refused", why=error.said)) from None

        row = {
            "uid": record.uid,
            "class_id": member.class_id,
            "student_id": member.student_id,
            "kind": record.kind,
            "target": record.target,
            "result": record.result,
            "score": record.score,
            "stars": record.stars,
            "seconds": record.seconds,
            "illegal": json.dumps(dict(sorted(record.illegal.items()))),
            "hints": record.hints,
            "coach": record.coach,
            "save": record.save,
            "moves": record.moves,
            "live": record.live,
            "finished": utc_now(),
        }
        for attempt in range(2):
            try:
                with _plain_errors(), writing(self.engine) as connection:
                    return _keep_one(connection, row)
            except StoreError as error:
                # two writers of the same work at once: the loser updates the winner's row
                if attempt or not isinstance(error.__cause__, sa.exc.IntegrityError):
                    raise
        return False  # pragma: no cover (the loop returns or raises)

    def own_records(self, member: Member) -> list[Record]:
        """A student's own records, oldest first."""
        return self._read(
            lambda orm: list(
                orm.scalars(
                    sa.select(Record)
                    .where(Record.student_id == member.student_id)
                    .order_by(Record.id)
                )
            )
        )

    def kept_record(self, member: Member, kind: str, target: str) -> Record | None:
        """A student's record of one piece of work (None: none yet)."""
        return self._read(
            lambda orm: orm.scalar(
                sa.select(Record).where(
                    Record.student_id == member.student_id,
                    Record.kind == kind,
                    Record.target == target,
                )
            )
        )

    # ------------------------------------------------------------ the board

    def students(self, code: str, key: str) -> list[tuple[int, str]]:
        """The class's students (id, name) in the order they joined (needs the teacher key)."""
        school = self.open_class(code, key)
        rows = self._read(
            lambda orm: orm.execute(
                sa.select(Student.id, Student.name)
                .where(Student.class_id == school.id)
                .order_by(Student.id)
            ).all()
        )
        return [tuple(row) for row in rows]

    def records(self, code: str, key: str) -> list[Record]:
        """Every record of the class, oldest first (needs the teacher key)."""
        school = self.open_class(code, key)
        return self._read(
            lambda orm: list(
                orm.scalars(
                    sa.select(Record).where(Record.class_id == school.id).order_by(Record.id)
                )
            )
        )

    def live_tables(self, code: str, key: str) -> list[Any]:
        """The class's shared tables whose deal is being played (``class_tables.py``), as
        the board lists them (needs the teacher key)."""
        from .class_tables import ClassTables  # it imports this module
        from .tables import SharedTables

        school = self.open_class(code, key)
        return ClassTables(SharedTables(self.engine), self).live(school.id)

    def class_seat(self, member: Member) -> Any:
        """A seat at the class's shared tables for the student ``member`` (``class_tables.py``:
        theirs again, else the first free one): the table's code, the seat, its token."""
        from .class_tables import ClassTables  # it imports this module
        from .tables import SharedTables

        return ClassTables(SharedTables(self.engine), self).seat(member)

    def open_class_tables(
        self,
        code: str,
        key: str,
        game: str,
        level: str,
        variants: dict[str, Any] | None,
        people: list[int],
        count: int,
        coach: bool = True,
    ) -> list[str]:
        """Open ``count`` shared tables for the class, one deal for all (``class_tables.py``;
        needs the teacher key; ``coach`` False: a match without it); their codes."""
        from .class_tables import ClassTables  # it imports this module
        from .tables import SharedTables

        tables = ClassTables(SharedTables(self.engine), self)
        return tables.open_tables(code, key, game, level, variants, people, count, coach)

    def watch_table(self, code: str, key: str, table: str) -> dict[str, Any]:
        """The teacher's view of the class's shared table ``table`` (``class_tables.py``:
        no hand until its deal is over; needs the teacher key)."""
        from .class_tables import ClassTables  # it imports this module
        from .tables import SharedTables

        school = self.open_class(code, key)
        return ClassTables(SharedTables(self.engine), self).watch(school.id, table)

    def saved_deal(self, code: str, key: str, record_id: int) -> str:
        """The session save of one record of the class (needs the teacher key)."""
        school = self.open_class(code, key)
        row = self._read(lambda orm: orm.get(Record, record_id))
        if row is None or row.class_id != school.id or not row.save:
            raise StoreError(message("classroom:store.no-deal"))
        return row.save
