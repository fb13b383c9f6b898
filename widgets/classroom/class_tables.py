"""A class's shared tables (issue 29.4): the teacher opens them, the class seats its students,
the board lists and watches them, and each deal ended is recorded for its students. No HTTP.

:class:`ClassTables` works over the shared tables (``tables.py``) and the class store
(``store.py``) of one database; the class server's routes (``class_tables_api.py``) call it.

**Opening.** With the class's teacher key, :meth:`ClassTables.open_tables` opens a set of
tables for the class (``shared_tables.class_id``): one game, variants and bots' level, the
same seats kept for people at each, and one deal for all: a single seed, drawn and kept
secret as a single table's is (every table of the set shows the same deal code once its
own deal is over; a student who finished early could tell it to a table still playing,
which is the teacher's to allow). Nobody sits at first.

**Seating.** A student of the class (their student token, checked by the store) asks
:meth:`ClassTables.seat` for a seat and gets, at the class's live tables (deal not ended,
opened within :data:`LIVE_HOURS`: a set left unplayed is neither offered nor listed after),
their own seat again if the class seated them at one (with a new seat token: the old
browser's no longer holds it), else the first free seat kept for a person, the tables in
the order they were opened: a seat never given first, then one a student gave up. The
database decides between two students claiming one seat (the seat is taken only while
nobody holds it), and the one who lost goes on to the next free seat. The seat then names
that student (``table_seats.student_id``). A class's table takes no one else: a browser
with the table's code alone is refused (``SharedTables.take_seat``). Seating a student
restarts the wait of the table's seats nobody took yet: the bots play them only once no
student came for :attr:`~.tables.SharedTables.wait` seconds (they stop when one sits).

**Recording.** The store writes the move that ends a class's table's deal with the table's
end (``shared_tables.ended``) and then calls :func:`record_deal` (only that writer: the
move's number is unique). It records the finished deal for each seat the class gave a
student, as a deal record of that student through the store's own path
(``ClassStore.record``): the session of the deal as that student played it (their seat a
person's, the others played as by the table's bots' level, every move as the server saw
it written: a record "seen played" by construction), its result and score as
``deals.outcome`` says them from that seat, the moves a person played there as ``live``, and
the hints, coach and refused moves the seat's kernel counted and sent with its moves
(``seat_counts.py``). Its uid is made from the table's code and the seat, so a record
written twice (a retry, two writers) is kept once.

A deal ended whose records a failure left unwritten (the server stopped between the move and
them) is recorded the next time the class's live tables are listed (:meth:`ClassTables.missed`).

**Watching.** :meth:`ClassTables.live` lists the class's live tables for the board;
:meth:`ClassTables.watch` is the teacher's view of one: the seats, whose turn it is and
every move in words, and no hand at all while the deal is played; once it is over, every
seat's hand as dealt and the deal code (each student's record of it opens on the board's
replay).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

import sqlalchemy as sa

from cardschool.engine import dealcode
from cardschool.engine.games import game_spec, new_game
from cardschool.engine.messages import NOBODY, YOU, message, render
from cardschool.engine.session import HUMAN, Session

from .basics import Member
from .class_table_basics import MOST_TABLES, LiveSeat, LiveTable, Seated
from .class_table_messages import CLASS_TABLES  # noqa: F401  (the catalog registered)
from .db import StoreError, reading, writing
from .deals import outcome, session_record
from .keys import token_hash
from .models import Record, SchoolClass, Student
from .seat_counts import SeatCounts
from .store import ClassStore
from .table_basics import TableRefused
from .table_models import SharedTable, TableSeat
from .tables import SharedTables, _plain_errors, _Table, insert_table, new_table_code

__all__ = [
    "MOST_LIVE",
    "MOST_TABLES",
    "ClassTables",
    "LiveSeat",
    "LiveTable",
    "Seated",
    "record_deal",
    "record_uid",
    "student_session",
]

MOST_LIVE = 80
"""The most live tables (deal not ended) a class has at a time."""
LIVE_HOURS = 12
"""How long a class's table is offered and listed while its deal is not over: a set the
class left unplayed (a lesson ended) does not wait for students, nor count, for ever."""
_TABLES = SharedTable.__table__
_SEATS = TableSeat.__table__


def _refused(id: str, **params: object) -> TableRefused:
    """The refusal ``classroom:class-tables.<id>``."""
    return TableRefused(message(f"classroom:class-tables.{id}", **params))


class ClassTables:
    """A class's tables over the shared tables and the class store of one database."""

    def __init__(self, tables: SharedTables, store: ClassStore) -> None:
        self.tables = tables
        self.store = store

    # ------------------------------------------------------------ the teacher's side

    def open_tables(
        self,
        code: object,
        key: object,
        game: object,
        level: object = "basic",
        variants: object = None,
        people: object = (0,),
        count: object = 1,
        coach: object = True,
    ) -> list[str]:
        """Open ``count`` tables for the class ``code`` (its teacher ``key`` needed), each
        of ``game`` with these variants and bots' ``level``, ``people`` the seats kept for
        students, all dealt one deal; ``coach``: whether the students may open their coach
        (False: a match without it); their codes, in order."""
        school = self.store.open_class(code, key)
        if type(coach) is not bool:
            raise TableRefused(message("classroom:table.coach-value"))
        if type(count) is not int or not 1 <= count <= MOST_TABLES:
            raise _refused("count", most=MOST_TABLES)
        chosen, kept = self.tables.checked_opening(game, level, variants, people)
        assert isinstance(game, str)
        live = self._live_count(school.id)
        if live + count > MOST_LIVE:
            raise _refused("too-many", live=live, most=MOST_LIVE)
        row = {
            "game": game,
            "variants": json.dumps(chosen, sort_keys=True),
            "level": level,
            "seed": self.tables.seeds(),  # one deal for the whole set
            "created": self.tables.clock(),
            "creator": token_hash(secrets.token_urlsafe(32)),  # nobody's: the class seats
            "class_id": school.id,
            "coach": coach,
        }
        seats = game_spec(game).seats
        for attempt in range(5):  # a code drawn twice (a one in 10^11 chance): draw again
            codes = [new_table_code() for _ in range(count)]
            try:
                with _plain_errors(), writing(self.tables.engine) as connection:
                    for table_code in codes:
                        insert_table(connection, table_code, row, seats, kept, None)
            except StoreError as error:
                if attempt < 4 and isinstance(error.__cause__, sa.exc.IntegrityError):
                    continue
                raise
            return codes
        raise AssertionError("unreachable: the loop returns or raises")

    def live(self, class_id: int) -> list[LiveTable]:
        """The class's tables whose deal is being played, in the order they were opened
        (the deals ended and left unrecorded by a failure recorded first: :meth:`missed`)."""
        self.missed(class_id)
        with _plain_errors(), reading(self.tables.engine) as connection:
            codes = connection.scalars(
                sa.select(_TABLES.c.code).where(self._live(class_id)).order_by(_TABLES.c.id)
            ).all()
        names = self._names(class_id)
        shown = []
        for table_code in codes:
            table = self.tables._table(table_code)
            session = self.tables._replayed(table)
            shown.append(
                LiveTable(
                    table.row.code,
                    table.row.game,
                    table.row.level,
                    self._seats(table, names),
                    len(table.moves) + 1,
                    session.to_move,
                )
            )
        return shown

    def watch(self, class_id: int, code: object, language: str | None = None) -> dict[str, Any]:
        """The teacher's view of the class's table ``code`` (JSON): its seats, whose turn it
        is, every move in words (in ``language``), no hand while the deal is played; once it
        is over every seat's hand as dealt and the deal code."""
        table = self.tables._table(code)
        if table.row.class_id != class_id:  # another class's table, or anyone's
            raise TableRefused(message("classroom:table.no-table"))
        session = self.tables._replayed(table)
        names = table.names
        over = bool(session.deal_over)
        words = [
            render(step.said, names, reader=NOBODY, language=language)
            if step.said is not None
            else step.text
            for step in session.steps
        ]
        hands = None
        if over:  # every hand face up, as dealt
            start = _start(table)
            hands = [
                list(start.view(seat).to_dict().get("hand") or []) for seat in range(len(names))
            ]
        return {
            "code": table.row.code,
            "game": table.row.game,
            "level": table.row.level,
            "variants": json.loads(table.row.variants),
            "names": list(names),
            "seats": [seat.to_dict() for seat in self._seats(table, self._names(class_id))],
            "to_move": session.to_move,
            "next": len(table.moves) + 1,
            "moves": [
                {**move.to_dict(), "said": said}
                for move, said in zip(table.moves, words, strict=True)
            ],
            "over": over,
            "hands": hands,
            "deal_code": self.tables._deal_code(table) if over else None,
        }

    def missed(self, class_id: int) -> int:
        """Record the ended deals of the class's tables a student seated there has no record
        of (the server stopped, or the database failed, between the last move and its
        records); how many records were new."""
        with _plain_errors(), reading(self.tables.engine) as connection:
            seated = connection.execute(
                sa.select(_TABLES, _SEATS.c.student_id)
                .join(_SEATS, _SEATS.c.table_id == _TABLES.c.id)
                .where(
                    _TABLES.c.class_id == class_id,
                    _TABLES.c.ended.is_not(None),
                    _SEATS.c.student_id.is_not(None),
                    _SEATS.c.kind == HUMAN,
                )
            ).all()
            kept = set(
                connection.execute(
                    sa.select(Record.student_id, Record.target).where(
                        Record.class_id == class_id, Record.kind == "deal"
                    )
                ).all()
            )
        missing = {row.code for row in seated if (row.student_id, _deal_code_of(row)) not in kept}
        return sum(record_deal(self.tables, table_code) for table_code in sorted(missing))

    # ------------------------------------------------------------ the student's side

    def seat(self, member: Member) -> Seated:
        """A seat at the class's live tables for ``member`` (a student the store said is one):
        their own again (a new token), else the first free one; refused when none is free.

        One transaction: the student's row is locked first (PostgreSQL; a SQLite file's
        writers queue already), so two requests of one student never take two seats; each
        seat is taken only while nobody holds it, so two students never take one."""
        token = secrets.token_urlsafe(32)
        with _plain_errors(), writing(self.tables.engine) as connection:
            connection.execute(
                sa.select(Student.id).where(Student.id == member.student_id).with_for_update()
            ).all()
            rows = connection.execute(
                sa.select(
                    _SEATS.c.id,
                    _SEATS.c.table_id,
                    _SEATS.c.number,
                    _SEATS.c.holder_hash,
                    _SEATS.c.student_id,
                    _TABLES.c.code,
                )
                .join(_TABLES, _TABLES.c.id == _SEATS.c.table_id)
                .where(self._live(member.class_id), _SEATS.c.kind == HUMAN)
                .order_by(_TABLES.c.id, _SEATS.c.number)
            ).all()
            if not rows:  # nothing to sit at: the teacher has opened no table being played
                raise _refused("none")
            own = [row for row in rows if row.student_id == member.student_id]
            free = [row for row in rows if row.holder_hash is None and row not in own]
            free.sort(key=lambda row: row.student_id is not None)  # never given ones first
            now = self.tables.clock()
            for row in own[:1] + free:
                condition = _SEATS.c.id == row.id
                if row in own:  # theirs: only they are that student
                    condition = condition & (_SEATS.c.student_id == member.student_id)
                else:  # the database decides between two students
                    condition = condition & _SEATS.c.holder_hash.is_(None)
                taken = connection.execute(
                    _SEATS.update()
                    .where(condition)
                    .values(holder_hash=token_hash(token), seen=now, student_id=member.student_id)
                ).rowcount
                if taken != 1:
                    continue  # another student was first: the next free seat
                connection.execute(  # the table's seats nobody took wait for a student from now
                    _SEATS.update()
                    .where(
                        _SEATS.c.table_id == row.table_id,
                        _SEATS.c.kind == HUMAN,
                        _SEATS.c.holder_hash.is_(None),
                        _SEATS.c.student_id.is_(None),
                    )
                    .values(seen=now)
                )
                return Seated(row.code, row.number, token)
        raise _refused("full")

    # ------------------------------------------------------------ helpers

    def _live_count(self, class_id: int) -> int:
        """How many of the class's tables are being played."""
        with _plain_errors(), reading(self.tables.engine) as connection:
            return int(
                connection.scalar(
                    sa.select(sa.func.count(_TABLES.c.id)).where(self._live(class_id))
                )
                or 0
            )

    def _live(self, class_id: int) -> sa.ColumnElement[bool]:
        """The condition of the class's tables being played: deal not over, opened within
        :data:`LIVE_HOURS`."""
        since = self.tables.clock() - timedelta(hours=LIVE_HOURS)
        return (
            (_TABLES.c.class_id == class_id)
            & _TABLES.c.ended.is_(None)
            & (_TABLES.c.created >= since)
        )

    def _names(self, class_id: int) -> dict[int, str]:
        """The class's students' names, by id."""
        with _plain_errors(), reading(self.tables.engine) as connection:
            rows = connection.execute(
                sa.select(Student.id, Student.name).where(Student.class_id == class_id)
            ).all()
        return {ident: name for ident, name in rows}

    def _seats(self, table: _Table, names: Mapping[int, str]) -> tuple[LiveSeat, ...]:
        """The table's seats as the board shows them: the student there, and if bots play."""
        return tuple(
            LiveSeat(
                row.number,
                names.get(row.student_id) if row.student_id is not None else None,
                self.tables._bots_play(table, row.number),
            )
            for row in table.seats
        )


def _start(table: _Table) -> Any:
    """The table's game as dealt."""
    row = table.row
    rules = dealcode.rules_from_variants(game_spec(row.game).rules_type, json.loads(row.variants))
    return new_game(row.game, row.seed, rules)


def _deal_code_of(row: Any) -> str:
    """The deal code of a table's row (its game, seed, variants and bots' level)."""
    rules = dealcode.rules_from_variants(game_spec(row.game).rules_type, json.loads(row.variants))
    return dealcode.encode(row.game, row.seed, rules, row.level)


def record_uid(code: str, seat: int) -> str:
    """The uid of the record of a class's table's deal for the student at ``seat``: made from
    the table's code and the seat, so it is written once however many times it is sent."""
    return hashlib.sha256(f"cardschool-table/{code}/{seat}".encode()).hexdigest()[:32]


def student_session(table: _Table, seat: int) -> Session:
    """The table's deal as the student at ``seat`` played it: their seat a person's, the
    others as by the table's bots' level, every move written at the table played again."""
    row = table.row
    spec = game_spec(row.game)
    seats = tuple(HUMAN if n == seat else row.level for n in range(spec.seats))
    names = tuple(YOU if n == seat else name for n, name in enumerate(spec.seat_names))
    session = Session(_start(table), seats, names=names, bot_seed=row.seed)
    for move in table.moves:
        session.apply(move.move, HUMAN if move.seat == seat else row.level)
    return session


def record_deal(tables: SharedTables, code: str) -> int:
    """Record the ended deal of the class's table ``code`` for each student the class seated
    there (see the module's docstring); how many records were new."""
    table = tables._table(code)
    if table.row.class_id is None or table.row.ended is None:
        return 0
    store = ClassStore(engine=tables.engine)
    with _plain_errors(), reading(tables.engine) as connection:
        school = connection.execute(
            sa.select(SchoolClass.id, SchoolClass.code).where(SchoolClass.id == table.row.class_id)
        ).one()
        students = {
            ident: name
            for ident, name in connection.execute(
                sa.select(Student.id, Student.name).where(Student.class_id == school.id)
            ).all()
        }
    seconds = max(0, round((table.row.ended - table.row.created).total_seconds()))
    made = 0
    for row in table.seats:
        if row.kind != HUMAN or row.student_id not in students:
            continue
        session = student_session(table, row.number)
        if not session.deal_over:
            return made
        result, score = outcome(session, row.number)
        live = sum(1 for move in table.moves if move.seat == row.number and move.by == HUMAN)
        counted = SeatCounts.kept(row.counts)  # what the seat's kernel sent with the moves
        record = session_record(
            session,
            result=result,
            score=score,
            seconds=seconds,
            illegal=dict(counted.illegal),
            hints=counted.hints,
            coach=counted.coach,
            live=live,
            uid=record_uid(table.row.code, row.number),
        )
        member = Member(school.id, row.student_id, students[row.student_id], school.code)
        made += bool(store.record(member, record))
    return made
