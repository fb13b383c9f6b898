"""The class server's routes for a class's shared tables (issue 29.4), over ``class_tables.py``.

``api.py``'s :func:`~.api.make_app` mounts :func:`class_table_routes` beside the class and
table routes, with their conventions: JSON in and out, every error
``{"error": {"id", "said"}}`` in the asked language, every store call in a thread beside
the event loop. The teacher sends the class's teacher key in ``X-Teacher-Key``, checked and
counted against wrong tries as the board's routes do (``ApiHandler.teacher``); a student
sends their student token as every student route does (``ApiHandler.student``)::

    POST /api/classes/{code}/tables          teacher: {game, level, variants, people, count,
                                             coach?} (coach false: a match without it)
                                             -> 201 {tables: [table codes]}
    GET  /api/classes/{code}/tables          teacher: {tables: the live tables}
    GET  /api/classes/{code}/tables/{table}  teacher: the teacher's view of one of them
    POST /api/classes/{code}/me/seat         student: -> 201 {code, seat, token, link_code}

A student seated plays with the seat's token through the table routes (``table_api.py``)
like anyone at a shared table; the bots of their table start at once, off the request. The
board's JSON (``GET /api/classes/{code}/board``) lists the live tables too.
"""

from __future__ import annotations

from typing import Any

import tornado.web

from .class_tables import ClassTables
from .handler import Answer, ApiHandler
from .table_basics import TableRefused
from .table_messages import TABLES  # noqa: F401  (the catalog registered)

__all__ = ["class_table_routes"]

_STATUS = {
    "classroom:class-tables.full": 409,
    "classroom:class-tables.none": 409,
    "classroom:class-tables.too-many": 409,
    "classroom:table.no-table": 404,
}
"""The status of a refusal, by its message id (400 for the others)."""


class ClassTablesHandler(ApiHandler):
    """The class tables' routes' common part: the class's tables and their refusals."""

    @property
    def class_tables(self) -> ClassTables:
        """The class's tables over the server's shared tables and store."""
        return ClassTables(self.application.settings["table_room"].tables, self.server.store)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """A table's refusal with its status; anything else as the API says it."""
        error = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(error, TableRefused):
            answer = Answer(_STATUS.get(error.said.id, 400), error.said)
            kwargs["exc_info"] = (type(answer), answer, None)
            status_code = answer.status_code
        super().write_error(status_code, **kwargs)


class Tables(ClassTablesHandler):
    """``/api/classes/{code}/tables``: open tables for the class (POST), the live ones (GET)."""

    async def post(self, code: str) -> None:
        """Open the tables asked for, one deal for all; their codes."""
        key = await self.teacher(code)
        sent = self.body()
        codes = await self.server.run(
            self.class_tables.open_tables,
            code,
            key,
            sent.get("game"),
            sent.get("level", "basic"),
            sent.get("variants"),
            sent.get("people", [0]),
            sent.get("count", 1),
            sent.get("coach", True),
        )
        self.reply({"tables": codes}, 201)

    async def get(self, code: str) -> None:
        """The class's tables being played."""
        key = await self.teacher(code)
        tables = self.class_tables

        def read() -> list[dict[str, Any]]:
            school = self.server.store.open_class(code, key)
            return [table.to_dict() for table in tables.live(school.id)]

        self.reply({"tables": await self.server.run(read)})


class Watch(ClassTablesHandler):
    """``GET /api/classes/{code}/tables/{table}``: the teacher watches one of the class's."""

    async def get(self, code: str, table: str) -> None:
        """The teacher's view: no hand until the deal is over, then every hand and its code."""
        key = await self.teacher(code)
        tables, language = self.class_tables, self.language()

        def read() -> dict[str, Any]:
            school = self.server.store.open_class(code, key)
            return tables.watch(school.id, table, language)

        self.reply(await self.server.run(read))


class Seat(ClassTablesHandler):
    """``POST /api/classes/{code}/me/seat``: a student asks the class for a seat."""

    async def post(self, code: str) -> None:
        """Their seat again, or the first free one at the class's tables; its token."""
        member = await self.student(code)
        seated = await self.server.run(self.class_tables.seat, member)
        room = self.application.settings["table_room"]
        room.seen(seated.code)
        room.bots_after(seated.code)
        answer = {
            "code": seated.code,
            "seat": seated.seat,
            "token": seated.token,
            "link_code": seated.code,
        }
        self.reply(answer, 201)


def class_table_routes() -> list[tuple[str, type[tornado.web.RequestHandler]]]:
    """The class's tables' routes, for :func:`~.api.make_app`."""
    code = r"([^/]+)"
    return [
        (rf"/api/classes/{code}/tables", Tables),
        (rf"/api/classes/{code}/tables/{code}", Watch),
        (rf"/api/classes/{code}/me/seat", Seat),
    ]
