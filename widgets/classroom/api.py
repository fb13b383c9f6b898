"""The class server's HTTP JSON API over the class store (Tornado), for the static site.

No Jupyter here. :func:`make_app` builds the Tornado application; ``server.py`` runs it.
What every route shares (CORS, JSON in and out, refusals as sentences, who asks) is
``handler.py``'s :class:`~.handler.ApiHandler`.
JSON in, JSON out; every error is ``{"error": {"id": message id, "said": the sentence}}``
with a 4xx (or 503) status, in the language of ``?lang=`` or ``Accept-Language`` (English
when neither is one the school speaks). Bodies are one JSON object of at most
:data:`MOST_BODY` bytes.

Who asks:

* a teacher sends the class's teacher key in ``X-Teacher-Key``;
* a student sends ``Authorization: Bearer <token>``, their name in ``X-Student-Name``
  (percent-encoded UTF-8, as ``encodeURIComponent`` writes it) and, where the address has
  no class code, the code in ``X-Class-Code``: the store's ``member(code, name, token)``.

The routes::

    POST   /api/classes                          {title} -> 201 {code, key}
    POST   /api/classes/{code}/students          {name, rejoin?} -> 201 {code, name, token, title,
                                                 student, class}
    GET    /api/classes/{code}/me                student: {name, title, assignments, records,
                                                 student, class}
    POST   /api/classes/{code}/me/rejoin         student: -> 201 {rejoin} (a way back on leaving)
    POST   /api/records                          student: {kind, ...} -> 202 {uid, state}
    GET    /api/records/{uid}                    student: {uid, state, said?} (?wait=s: held
                                                 while checking, up to 5 s)
    GET    /api/classes/{code}/board             teacher: students, assignments, records,
                                                 the class's live tables (?saves=1: the
                                                 deals' saves too)
    POST   /api/classes/{code}/assignments       teacher: {kind, target} -> 201 {id}
    GET    /api/classes/{code}/records/{id}/save teacher: {id, save}
    PATCH  /api/classes/{code}/students/{id}     teacher: {name} -> {id, name}
    DELETE /api/classes/{code}/students/{id}     teacher: -> {id, records}
    POST   /api/classes/{code}/students/{id}/rejoin  teacher: -> 201 {id, name, rejoin}

(``student`` and ``class`` are the ids the store gives them: a kernel recording through
the server, ``client.py``, keeps them as the store's ``Member``.) The shared tables' routes,
``/api/tables/...``, are ``table_api.py``'s, mounted here.

A record sent is checked off the request (``checking.py``: one queue per class, taken in
turn, verified by ``verify.py`` in a pool of processes) and answered at once with
``checking``; its sender asks ``/api/records/{uid}`` for ``kept`` or ``refused``. The
records still checking are kept in memory, not in the database: the board's JSON lists
them with the stored ones, with the result ``checking``. A refused record is never stored.
Joins, boards and every other request run on the event loop or in a thread beside it, so
they never wait for a verifier.

CORS: only the configured origins get ``Access-Control-Allow-Origin`` (and the preflight's
methods and headers); other origins get no CORS header at all. Wrong class codes, teacher
keys, student tokens and rejoin codes are counted per client address and per class code
(``limits.py``); over the count the server answers 429 and says when to try again, as it
does to an address that made its count of classes in the hour. A student's check that held
is trusted a few seconds (``seen_members.py``), forgotten as the teacher changes them.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

import tornado.web
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets

from cardschool.engine.messages import message

from .checking import CHECKING, KEPT, Job
from .class_tables import ClassTables
from .class_tables_api import class_table_routes
from .handler import MOST_BODY, Answer, ApiHandler, ClassServer, NotFound, words_in
from .keys import Refused
from .limits import Limits
from .models import Record
from .record_in import KINDS
from .roster import remove_student, rename_student
from .store import ClassStore, StoreError
from .table_api import SWEEP_S, TableRoom, table_routes
from .tables import SharedTables

__all__ = ["make_app", "serve"]

_UID = re.compile(r"[0-9a-f]{32}")


def _time(when: datetime | None) -> str | None:
    """A time from the store as ISO 8601 in UTC (SQLite hands it back without its zone)."""
    if when is None:
        return None
    return (when if when.tzinfo else when.replace(tzinfo=UTC)).isoformat()


def _record_json(row: Record, *, save: bool = False) -> dict[str, Any]:
    """A stored record as the API shows it (its save only with ``save``, for the teacher:
    ``has_save`` says if it has one)."""
    shown = {
        "id": row.id,
        "uid": row.uid,
        "student": row.student_id,
        "kind": row.kind,
        "target": row.target,
        "result": row.result,
        "score": row.score,
        "stars": row.stars,
        "seconds": row.seconds,
        "illegal": json.loads(row.illegal or "{}"),
        "hints": row.hints,
        "coach": row.coach,
        "moves": row.moves,
        "live": row.live,
        "finished": _time(row.finished),
        "has_save": bool(row.save),
    }
    if save:
        shown["save"] = row.save
    return shown


def _checking_json(job: Job) -> dict[str, Any]:
    """A record still being checked, as the board and its sender see it."""
    return {
        "id": None,
        "uid": job.uid,
        "student": job.member.student_id,
        "kind": job.kind,
        "target": job.target,
        "result": CHECKING,
    }


def _sent_target(kind: str, sent: dict[str, Any]) -> str:
    """What a record sent is about, as the board shows it while it is checked."""
    if kind == "deal":
        return str(sent.get("code", ""))[:200]
    return f"{sent.get('file', '')}#{sent.get('id', '')}"[:200]


class Classes(ApiHandler):
    """``POST /api/classes``: a teacher creates a class."""

    async def post(self) -> None:
        """Make the class; its code and teacher key (shown only now). An address that made
        its count of classes in the window waits (429), as a wrong secret's does."""
        title = self.body().get("title")
        made, keys = self.server.creations, [f"address:{self.request.remote_ip}"]
        wait = made.wait(keys)
        if wait:
            minutes = -(-wait // 60)
            raise Answer(429, message("classroom:api.too-many-classes", minutes=minutes), wait)
        made.wrong(keys)  # counted before the key is hashed: a burst is limited too
        try:
            code, key = await self.server.run(self.server.store.create_class, title)
        except (Refused, StoreError):
            made.take_back(keys)  # no class was made
            raise
        self.reply({"code": code, "key": key}, 201)


class Join(ApiHandler):
    """``POST /api/classes/{code}/students``: a student joins."""

    async def post(self, code: str) -> None:
        """A new member of the class (or one back with a rejoin code) and their token."""
        sent = self.body()
        store = self.server.store
        join = partial(store.join, rejoin=sent.get("rejoin"))
        member, token = await self.guarded(code, join, code, sent.get("name"))
        if sent.get("rejoin"):  # back with a new token: the old one holds no more
            self.server.members.forget(code, member.student_id)
        await self.reply_joined(member, token)


class Me(ApiHandler):
    """``GET /api/classes/{code}/me``: a student's class, assignments and own records."""

    async def get(self, code: str) -> None:
        """What the student's class page shows: never another student's records."""
        member = await self.student(code)
        store = self.server.store

        def read() -> tuple[str, list[tuple[int, str, str]], list[Record]]:
            return (
                store.class_title(member.code),
                store.assignments(member.code),
                store.own_records(member),
            )

        title, assignments, records = await self.server.run(read)
        checking = [
            _checking_json(job)
            for job in self.server.queue.checking(member.class_id)
            if job.member.student_id == member.student_id
        ]
        self.reply(
            {
                "code": member.code,
                "name": member.name,
                "title": title,
                "student": member.student_id,
                "class": member.class_id,
                "assignments": [
                    {"id": ident, "kind": kind, "target": target}
                    for ident, kind, target in assignments
                ],
                "records": [_record_json(row) for row in records] + checking,
            }
        )


class Records(ApiHandler):
    """``POST /api/records``: a student sends a deal or an exercise record to be checked."""

    async def post(self) -> None:
        """Queue the record for its verifier; answer at once that it is being checked."""
        member = await self.student()
        sent = self.body()
        kind = sent.get("kind")
        if kind not in KINDS:
            why = message("classroom:record-in.kind", kinds=", ".join(KINDS), kind=repr(kind))
            raise Answer(400, message("classroom:record.refused", why=why))
        uid = sent.setdefault("uid", uuid.uuid4().hex)
        if not isinstance(uid, str) or not _UID.fullmatch(uid):
            why = message("classroom:record-in.uid")
            raise Answer(400, message("classroom:record.refused", why=why))
        queue = self.server.queue
        known = queue.job(uid)
        if known is not None:  # the same record sent again: what became of it
            if known.member.student_id != member.student_id:
                raise Answer(409, message("classroom:api.uid-taken"))
            self.reply({"uid": uid, "state": known.state}, 202)
            return
        job = Job(uid, kind, sent, member, _sent_target(kind, sent))
        full = queue.put(job)
        if full is not None:
            raise Answer(429, full, retry=60)
        self.reply({"uid": uid, "state": CHECKING}, 202)


class RecordState(ApiHandler):
    """``GET /api/records/{uid}``: what became of a record the student sent."""

    async def get(self, uid: str) -> None:
        """Checking, kept or refused (with the reason); only the sender may ask. With
        ``?wait=`` (seconds), a record still checking is answered once it is decided or
        that long has passed, whichever is first (at most :data:`VERDICT_WAIT_S`): a sender
        that cannot sleep between its questions (Python in the browser) need not ask again
        and again."""
        member = await self.student()
        job = self.server.queue.job(uid)
        if job is not None and job.member.student_id == member.student_id:
            wait = self.wait_seconds()
            if job.state == CHECKING and wait > 0:
                await self.server.queue.decided(job, wait)
            answer: dict[str, Any] = {"uid": uid, "state": job.state}
            if job.said is not None:
                answer["said"] = words_in(job.said, self.language())
                answer["id"] = job.said.id
            self.reply(answer)
            return
        own = await self.server.run(self.server.store.own_records, member)
        if any(row.uid == uid for row in own):  # kept before this server remembers
            self.reply({"uid": uid, "state": KEPT})
            return
        raise Answer(404, message("classroom:api.no-record"))


class Board(ApiHandler):
    """``GET /api/classes/{code}/board``: what the teacher's board reads, as JSON."""

    async def get(self, code: str) -> None:
        """The class's students, assignments and records (no saves), and those checking."""
        key = await self.teacher(code)
        store = self.server.store
        tables = ClassTables(self.settings["table_room"].tables, store)

        def read() -> tuple[Any, list[tuple[int, str]], list[Any], list[Record], list[Any]]:
            school = store.open_class(code, key)
            return (
                school,
                store.students(code, key),
                store.assignments(code),
                store.records(code, key),
                tables.live(school.id),
            )

        school, students, assignments, records, live = await self.server.run(read)
        saves = self.get_query_argument("saves", "") == "1"
        checking = self.server.queue.checking(school.id)
        self.reply(
            {
                "code": school.code,
                "title": school.title,
                "as_of": datetime.now(UTC).isoformat(),
                "students": [{"id": ident, "name": name} for ident, name in students],
                "assignments": [
                    {"id": ident, "kind": kind, "target": target}
                    for ident, kind, target in assignments
                ],
                "records": [_record_json(row, save=saves) for row in records]
                + [_checking_json(job) for job in checking],
                "tables": [table.to_dict() for table in live],
            }
        )


class Assignments(ApiHandler):
    """``POST /api/classes/{code}/assignments``: the teacher gives the class work."""

    async def post(self, code: str) -> None:
        """Add a deal code or an exercise file to the class's assignments; its id."""
        key = await self.teacher(code)
        sent = self.body()
        store = self.server.store
        ident = await self.server.run(
            store.add_assignment, code, key, sent.get("kind"), sent.get("target")
        )
        self.reply({"id": ident}, 201)


class Save(ApiHandler):
    """``GET /api/classes/{code}/records/{id}/save``: a record's deal, to replay it."""

    async def get(self, code: str, ident: str) -> None:
        """The session save of one record of the class."""
        key = await self.teacher(code)
        save = await self.server.run(self.server.store.saved_deal, code, key, int(ident))
        self.reply({"id": int(ident), "save": save})


class StudentOfClass(ApiHandler):
    """``PATCH`` / ``DELETE /api/classes/{code}/students/{id}``: rename or remove one."""

    async def patch(self, code: str, ident: str) -> None:
        """Give the student another name (checked as a joining name is)."""
        key = await self.teacher(code)
        name = self.body().get("name")
        store = self.server.store
        name = await self.server.run(rename_student, store, code, key, int(ident), name)
        self.server.members.forget(code, int(ident))
        self.reply({"id": int(ident), "name": name})

    async def delete(self, code: str, ident: str) -> None:
        """Take the student out of the class with their records; how many records went."""
        key = await self.teacher(code)
        store = self.server.store
        gone = await self.server.run(remove_student, store, code, key, int(ident))
        self.server.members.forget(code, int(ident))  # refused from their next request on
        self.reply({"id": int(ident), "records": gone})


class OwnRejoin(ApiHandler):
    """``POST /api/classes/{code}/me/rejoin``: a student leaving keeps a way back."""

    async def post(self, code: str) -> None:
        """A one-time rejoin code for the student asking (it replaces their last one)."""
        member = await self.student(code)
        rejoin = await self.server.run(self.server.store.rejoin_code, member)
        self.reply({"rejoin": rejoin}, 201)


class LetInAgain(ApiHandler):
    """``POST /api/classes/{code}/students/{id}/rejoin``: the teacher lets a student back."""

    async def post(self, code: str, ident: str) -> None:
        """A one-time rejoin code for that student, for the teacher to read out."""
        key = await self.teacher(code)
        said = await self.server.run(self.server.store.let_in_again, code, key, int(ident))
        self.reply({"id": int(ident), "name": said.get("name"), "rejoin": said.get("code")}, 201)


def make_app(
    store: ClassStore,
    *,
    origins: Sequence[str],
    exercises_root: Path,
    verifiers: int,
    limits: Limits,
    kernel_key: str | None = None,
    table_wait: float | None = None,
    table_sweep: float | None = None,
) -> tornado.web.Application:
    """The class server's Tornado application over ``store`` (its :class:`ClassServer` is
    ``app.class_server``, in its settings too: close it when done). The shared tables'
    routes too (``table_api.py``): ``kernel_key`` the served app's kernel key (None: no
    table's deal is given while played), ``table_wait`` how long a seat waits for its
    player, ``table_sweep`` the seconds between two sweeps for the bots (their defaults)."""
    server = ClassServer(
        store,
        origins=origins,
        exercises_root=exercises_root,
        verifiers=verifiers,
        limits=limits,
    )
    code = r"([^/]+)"
    routes: list[tuple[str, type[tornado.web.RequestHandler]]] = [
        (r"/api/classes", Classes),
        (rf"/api/classes/{code}/students", Join),
        (rf"/api/classes/{code}/me", Me),
        (rf"/api/classes/{code}/board", Board),
        (rf"/api/classes/{code}/assignments", Assignments),
        (rf"/api/classes/{code}/records/([0-9]{{1,18}})/save", Save),
        (rf"/api/classes/{code}/students/([0-9]{{1,18}})", StudentOfClass),
        (rf"/api/classes/{code}/me/rejoin", OwnRejoin),
        (rf"/api/classes/{code}/students/([0-9]{{1,18}})/rejoin", LetInAgain),
        (r"/api/records", Records),
        (r"/api/records/([0-9a-f]{32})", RecordState),
        *table_routes(),
        *class_table_routes(),
    ]
    tables = SharedTables(store.engine)
    if table_wait is not None:
        tables.wait = table_wait
    room = TableRoom(
        tables, kernel_key=kernel_key, sweep=SWEEP_S if table_sweep is None else table_sweep
    )
    server.tables = room
    app = tornado.web.Application(
        routes, default_handler_class=NotFound, class_server=server, table_room=room
    )
    app.class_server = server  # type: ignore[attr-defined]
    return app


BACKLOG = 2048
"""How many connections may wait to be accepted (the kernel caps it at ``somaxconn``)."""


def serve(
    app: tornado.web.Application, host: str, port: int, *, xheaders: bool = False
) -> tuple[HTTPServer, int]:
    """Listen with ``app`` on ``host``:``port`` (0: a free port); the server and its port.

    Bodies over twice :data:`MOST_BODY` are cut off unread; those between get the API's own
    refusal. The queue of connections not yet accepted holds :data:`BACKLOG` (a class
    arriving at once opens hundreds; Tornado's default of 128 dropped some)."""
    sockets = bind_sockets(port, address=host, backlog=BACKLOG)
    http = HTTPServer(app, xheaders=xheaders, max_body_size=2 * MOST_BODY)
    http.add_sockets(sockets)
    return http, sockets[0].getsockname()[1]
