"""The class server's shared tables' routes (issue 29): open, sit, play, wait for moves, the deal.

``api.py``'s :func:`~.api.make_app` mounts :func:`table_routes` beside the class routes, with
their conventions: JSON in and out, every error ``{"error": {"id", "said"}}`` in the asked
language (a seat said with the table's seat names), every store call in a thread beside the
event loop. A seat is known by its token, sent as ``Authorization: Bearer <seat token>`` (as
a student's class token is)::

    POST   /api/tables                     {game, level, variants, people, creator_seat?,
                                           coach?} -> 201 {code, seat, token, link_code}
    PATCH  /api/tables/{code}              creator's seat: {coach} -> {coach}
    POST   /api/tables/{code}/seats        {seat?, token?} -> 201 {seat, token}
    DELETE /api/tables/{code}/seats/mine   seat: -> {}
    POST   /api/tables/{code}/moves        seat: {number, move, seat?, counts?} -> {move, number}
    GET    /api/tables/{code}/moves?since=N&wait=S
                                           seat: {moves: [{number, seat, move, by}], next}
    GET    /api/tables/{code}              seat: what the seat may see (``SharedTables.view``)
    GET    /api/tables/{code}/deal         seat + ``X-Cardschool-Kernel``: {deal_code}
    POST   /api/tables/{code}/undo         seat: always 409 (no undo at a shared table)

``link_code`` is the code as a link to the table carries it (``?table=CODE``). ``coach``
(true by default) says whether the players may open their coach; only the table's creator
may switch it afterwards (``PATCH``, issue 29.2); the seats read it in their next view.

**Bots.** After every person's move (and after a table is opened or a seat taken) the
server runs ``SharedTables.play_bots`` off the request, in a thread of its own (an Expert
bot thinks for seconds): the move's answer never waits for them. One run per table at a
time; a run asked for meanwhile follows it. Every :attr:`TableRoom.sweep` seconds the same
runs for every table asked about in the last :data:`LIVE_S` seconds, so that a seat whose
person has gone is played once its wait is over (``SharedTables.wait``). The live tables are
this process's memory: after a restart a table is live again at its next request.

**Waiting for moves.** ``GET .../moves?since=N&wait=S`` answers at once when the table has
moves after N; otherwise it waits up to S seconds (at most :data:`MOST_WAIT`) for one. Every
move written through this server (a person's or the bots') wakes the table's waiters with
the moves written: a waiter whose next move they begin with answers them at once, without
reading the store (its seat was checked as its request began); another reads the moves
again. Waiters also read again every :data:`POLL_S` seconds (a move written by another
process). A connection closed meanwhile ends its wait. A seat waiting for moves
counts as there (its player is not replaced by the bots).

**The deal code** (every hand) is given while the deal is played only to a seat holder whose
request also carries the served app's kernel key (``X-Cardschool-Kernel``): the kernels
replay the deal for their player's hints, coach and review; a browser never has the key.
The server keeps only its SHA-256. No key configured: the route refuses.

**Limits.** A table code that names no table and a token that holds no seat are wrong tries
at a secret, counted against the client's address as a wrong class code is (``limits.py``;
a guessed code is a new one each time, so it is not counted per code); a wrong kernel key
too. Requests carrying the kernel key come from the served app's kernels, which all ask from
one address: they are not counted (a class's typos would lock every kernel out).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

import tornado.web
from tornado.ioloop import PeriodicCallback

from cardschool.engine.errors import Told
from cardschool.engine.messages import message, render
from cardschool.engine.session import HUMAN

from .handler import Answer, ApiHandler
from .table_basics import KERNEL_HEADER, KERNEL_KEY_ENV, PlayedMove, TableRefused
from .table_messages import TABLES  # noqa: F401  (the catalog registered)
from .tables import SharedTables

__all__ = [
    "KERNEL_HEADER",
    "KERNEL_KEY_ENV",
    "LIVE_S",
    "MOST_WAIT",
    "POLL_S",
    "SWEEP_S",
    "TableRoom",
    "kernel_key_hash",
    "table_routes",
]

MOST_WAIT = 25.0
"""The longest a request for moves waits for one, in seconds."""
POLL_S = 5.0
"""How often a waiting request reads the moves again without being woken, in seconds."""
SWEEP_S = 1.0
"""Seconds between two sweeps for the seats the bots should play."""
LIVE_S = 600.0
"""How long after its last request a table is swept."""
BOT_THREADS = 1
"""Threads the bots think in (beside the store's: a request never waits for a bot)."""

_STATUS = {
    "classroom:table.no-table": 404,
    "classroom:table.no-seat": 404,
    "classroom:table.not-seated": 403,
    "classroom:table.other-seat": 403,
    "classroom:table.kernel-only": 403,
    "classroom:table.no-kernel-key": 403,
    "classroom:table.full": 409,
    "classroom:table.seat-taken": 409,
    "classroom:table.seated": 409,
    "classroom:table.bots-seat": 409,
    "classroom:table.over": 409,
    "classroom:table.stale": 409,
    "classroom:table.out-of-turn": 409,
    "classroom:table.played-first": 409,
    "classroom:table.no-undo": 409,
    "classroom:table.coach-creator": 403,
}
"""The status of a table's refusal, by its message id (400 for the others)."""
_WRONG = {"classroom:table.no-table", "classroom:table.not-seated"}
"""The refusals that count as a wrong try at a secret (``limits.py``)."""

_LOG = logging.getLogger("tornado.application")
T = TypeVar("T")


def kernel_key_hash(key: str | None) -> str | None:
    """The SHA-256 of a kernel key (hex), as the server keeps it; None for no key."""
    key = (key or "").strip()
    return hashlib.sha256(key.encode()).hexdigest() if key else None


def _key(code: object) -> str:
    """A table code as the waiters and the bots' runs are kept under (as typed, normalised)."""
    return str(code).strip().upper().replace(" ", "").replace("-", "")[:40]


class TableRoom:
    """The tables' side of a class server: the store's tables, the bots' runs off the
    requests, the sweep and the requests waiting for moves."""

    def __init__(
        self, tables: SharedTables, *, kernel_key: str | None = None, sweep: float = SWEEP_S
    ) -> None:
        self.tables = tables
        self.kernel_hash = kernel_key_hash(kernel_key)
        """The SHA-256 of the served app's kernel key (None: no key, no deal in play)."""
        self.sweep = sweep
        """Seconds between two sweeps."""
        self.bots = ThreadPoolExecutor(BOT_THREADS, thread_name_prefix="table-bots")
        self._waiters: dict[str, set[asyncio.Future[list[PlayedMove]]]] = {}
        self._live: dict[str, float] = {}
        self._running: set[str] = set()
        self._again: set[str] = set()
        self._sweeper: PeriodicCallback | None = None
        self._closed = False

    # ------------------------------------------------------------ the kernel key

    def kernel_ok(self, sent: str | None) -> bool:
        """Whether ``sent`` is the served app's kernel key."""
        if self.kernel_hash is None or not sent:
            return False
        return hmac.compare_digest(kernel_key_hash(sent) or "", self.kernel_hash)

    # ------------------------------------------------------------ waiting for moves

    def waiter(self, code: str) -> asyncio.Future[list[PlayedMove]]:
        """A future the next move written at the table ``code`` resolves (on the loop)."""
        future: asyncio.Future[list[PlayedMove]] = asyncio.get_running_loop().create_future()
        self._waiters.setdefault(_key(code), set()).add(future)
        return future

    def forget(self, code: str, future: asyncio.Future[list[PlayedMove]]) -> None:
        """Stop keeping ``future`` among the table's waiters."""
        waiting = self._waiters.get(_key(code))
        if waiting is not None:
            waiting.discard(future)
            if not waiting:
                del self._waiters[_key(code)]

    def waiting(self, code: str) -> int:
        """How many requests wait for a move at the table ``code`` now."""
        return len(self._waiters.get(_key(code), ()))

    def wake(self, code: str, moves: Sequence[PlayedMove] = ()) -> None:
        """``moves`` were written at the table ``code`` (none: something changed): every
        request waiting there is told them, or reads again."""
        for future in self._waiters.pop(_key(code), ()):
            if not future.done():
                future.set_result(list(moves))

    # ------------------------------------------------------------ the bots

    def seen(self, code: str) -> None:
        """A request about the table ``code``: sweep it for a while (and start sweeping)."""
        self._live[_key(code)] = time.monotonic()
        if self._sweeper is None and not self._closed and self.sweep > 0:
            self._sweeper = PeriodicCallback(self._sweep, self.sweep * 1000)
            self._sweeper.start()

    def bots_after(self, code: str) -> None:
        """Let the bots play at the table ``code`` off the request (after this run, if one
        runs there now)."""
        key = _key(code)
        if self._closed:
            return
        if key in self._running:
            self._again.add(key)
            return
        self._running.add(key)
        loop = asyncio.get_running_loop()
        try:
            done = loop.run_in_executor(self.bots, self.tables.play_bots, key)
        except RuntimeError:  # the pool is shut down: the server is stopping
            self._running.discard(key)
            return
        done.add_done_callback(partial(self._bots_done, key))

    def _bots_done(self, key: str, done: asyncio.Future[list[PlayedMove]]) -> None:
        """A bots' run ended: wake the table's waiters if it played; run again if asked."""
        self._running.discard(key)
        made: list[PlayedMove] = []
        if not done.cancelled():
            error = done.exception()
            if error is None:
                made = done.result()
            elif not isinstance(error, Told):  # a refusal or a database down: next sweep
                _LOG.error("the bots failed at table %s", key, exc_info=error)
        if made:
            self.wake(key, made)
        if key in self._again:
            self._again.discard(key)
            self.bots_after(key)

    def _sweep(self) -> None:
        """Run the bots at every table asked about lately (a seat's wait may be over)."""
        now = time.monotonic()
        for key, last in list(self._live.items()):
            if now - last > LIVE_S:
                del self._live[key]
            elif key not in self._running:
                self.bots_after(key)

    def close(self) -> None:
        """Stop sweeping and the bots' thread; end every wait."""
        self._closed = True
        if self._sweeper is not None:
            self._sweeper.stop()
        self.bots.shutdown(wait=False, cancel_futures=True)
        for key in list(self._waiters):
            self.wake(key)


class TableHandler(ApiHandler):
    """The table routes' common part: the room, the seat's token, refusals with seat names."""

    @property
    def room(self) -> TableRoom:
        """The server's tables."""
        return self.application.settings["table_room"]

    def seat_token(self) -> str:
        """The seat token this request sends (refused when it sends none)."""
        scheme, _, token = self.request.headers.get("Authorization", "").partition(" ")
        if scheme.lower() not in ("bearer", "token") or not token.strip():
            raise TableRefused(message("classroom:table.not-seated"))
        return token.strip()

    def from_kernel(self) -> bool:
        """Whether this request carries the served app's kernel key."""
        return self.room.kernel_ok(self.request.headers.get(KERNEL_HEADER))

    def _limit_keys(self) -> list[str]:
        """The attempt limits' keys of this request (none for a served app's kernel); 429 at
        once when its address has used its wrong tries."""
        if self.from_kernel():
            return []
        keys = [f"address:{self.request.remote_ip}"]
        wait = self.server.limiter.wait(keys)
        if wait:
            raise Answer(429, message("classroom:api.too-many", seconds=wait), retry=wait)
        return keys

    async def table_call(self, code: str, act: Callable[..., T], *args: Any) -> T:
        """``act(*args)`` in a store thread, counting a wrong table code or seat token; the
        table is live from now (the sweep looks at it)."""
        keys = self._limit_keys()
        try:
            done = await self.server.run(act, *args)
        except TableRefused as error:
            if error.said.id in _WRONG and keys:
                self.server.limiter.wrong(keys)
            raise
        self.room.seen(code)
        return done

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """A table's refusal with its status, its seats said with the table's names."""
        error = kwargs.get("exc_info", (None, None, None))[1]
        if not isinstance(error, TableRefused):
            super().write_error(status_code, **kwargs)
            return
        self.set_status(_STATUS.get(error.said.id, 400))
        said = render(error.said, error.names, language=self.language())
        self.finish(json.dumps({"error": {"id": error.said.id, "said": said}}, ensure_ascii=False))


class OpenTable(TableHandler):
    """``POST /api/tables``: anyone opens a table and sits at it."""

    async def post(self) -> None:
        """A new table: its code, the creator's seat and token (shown only now)."""
        sent = self.body()
        creator = sent.get("creator_seat")
        people = sent.get("people", [0])
        if creator is not None and type(creator) is not int:
            raise TableRefused(message("classroom:table.people", last="?"))
        coach = sent.get("coach", True)
        if type(coach) is not bool:  # forged: anything but true or false
            raise TableRefused(message("classroom:table.coach-value"))
        tables = self.room.tables
        opening = partial(tables.open_table, creator_seat=creator, coach=coach)
        opened_here = self.server.openings
        keys = [] if self.from_kernel() else [f"address:{self.request.remote_ip}"]
        wait = opened_here.wait(keys)
        if wait:
            minutes = -(-wait // 60)
            raise Answer(429, message("classroom:api.too-many-tables", minutes=minutes), wait)
        opened_here.wrong(keys)  # counted as it is opened: a burst is limited too
        try:
            opened = await self.server.run(
                opening, sent.get("game"), sent.get("level", "basic"), sent.get("variants"), people
            )
        except TableRefused:
            opened_here.take_back(keys)  # no table was opened
            raise
        self.room.seen(opened.code)
        self.room.bots_after(opened.code)
        answer = {
            "code": opened.code,
            "seat": opened.seat,
            "token": opened.token,
            "link_code": opened.code,
        }
        self.reply(answer, 201)


class Seats(TableHandler):
    """``POST /api/tables/{code}/seats``: take a seat (or take one's own back)."""

    async def post(self, code: str) -> None:
        """The seat taken and its token."""
        sent = self.body()
        seat, token = sent.get("seat"), sent.get("token")
        if token is not None and not isinstance(token, str):
            token = None
        tables = self.room.tables

        def sit() -> tuple[int, str]:
            taken = tables.take_seat(code, seat, token)
            return tables.seat_of(code, taken), taken

        number, taken = await self.table_call(code, sit)
        self.room.bots_after(code)
        self.reply({"seat": number, "token": taken}, 201)


class MySeat(TableHandler):
    """``DELETE /api/tables/{code}/seats/mine``: give one's seat up."""

    async def delete(self, code: str) -> None:
        """Leave the table (the bots play the seat until someone takes it)."""
        token = self.seat_token()
        await self.table_call(code, self.room.tables.leave, code, token)
        self.reply({})


class Moves(TableHandler):
    """``/api/tables/{code}/moves``: play a move (POST); the moves since one (GET, waiting)."""

    _waiting: asyncio.Future[list[PlayedMove]] | None = None
    _gone = False

    async def post(self, code: str) -> None:
        """Play a move for one's seat; the move as kept and its number. The bots answer
        off the request."""
        token = self.seat_token()
        sent = self.body()
        number, move, seat = sent.get("number"), sent.get("move"), sent.get("seat")
        counts = sent.get("counts")  # the seat's kernel's hints, coach and refusals since
        tables = self.room.tables

        def play() -> PlayedMove:
            mine = seat if seat is not None else tables.seat_of(code, token)
            kept = tables.play(code, token, number, move, seat=mine, counts=counts)
            return PlayedMove(number, int(mine), kept, HUMAN)

        played = await self.table_call(code, play)
        self.room.wake(code, [played])  # the waiters are told it without reading
        self.room.bots_after(code)
        self.reply({"move": played.move, "number": played.number})

    def _since_and_wait(self) -> tuple[int, float]:
        """The query's move number and wait (refused unless a number from 0 and seconds)."""
        try:
            since = int(self.get_query_argument("since", "0") or "0")
            wait = float(self.get_query_argument("wait", "0") or "0")
        except ValueError:
            since, wait = -1, 0.0
        if since < 0 or not math.isfinite(wait) or wait < 0:
            raise TableRefused(message("classroom:table.since", most=int(MOST_WAIT)))
        return since, min(wait, MOST_WAIT)

    async def get(self, code: str) -> None:
        """The moves after ``since``; none yet: wait up to ``wait`` seconds for one (the
        moves a wake brings, when they follow ``since``, are answered without reading)."""
        token = self.seat_token()
        since, wait = self._since_and_wait()
        room, loop = self.room, asyncio.get_running_loop()
        deadline = loop.time() + wait
        moves: list[PlayedMove] = []
        while not moves:
            woken = room.waiter(code)  # before reading: a move written meanwhile wakes it
            try:
                moves = await self.table_call(code, room.tables.moves_since, code, since, token)
                left = deadline - loop.time()
                if moves or left <= 0 or self._gone:
                    break
                self._waiting = woken
                await asyncio.wait([woken], timeout=min(left, POLL_S))
                brought = woken.result() if woken.done() else []
                if brought and brought[0].number == since + 1:
                    moves = brought
            finally:
                self._waiting = None
                room.forget(code, woken)
            if self._gone:  # nobody to answer
                return
        following = moves[-1].number + 1 if moves else since + 1
        self.reply({"moves": [move.to_dict() for move in moves], "next": following})

    def on_connection_close(self) -> None:
        """The client went away: end the wait."""
        self._gone = True
        if self._waiting is not None and not self._waiting.done():
            self._waiting.set_result([])


class TableView(TableHandler):
    """``/api/tables/{code}``: what one's seat may see (GET); the coach switched (PATCH)."""

    async def get(self, code: str) -> None:
        """The seat's view (the others' hands hidden; the deal code once it is over)."""
        token = self.seat_token()
        self.reply(await self.table_call(code, self.room.tables.view, code, token))

    async def patch(self, code: str) -> None:
        """The table's creator lets the players open their coach or not (``{"coach"}``)."""
        token = self.seat_token()
        on = self.body().get("coach")
        if type(on) is not bool:  # forged: anything but true or false
            raise TableRefused(message("classroom:table.coach-value"))
        now = await self.table_call(code, self.room.tables.set_coach, code, token, on)
        self.reply({"coach": now})


class Deal(TableHandler):
    """``GET /api/tables/{code}/deal``: the deal code, for the served app's kernels only."""

    async def get(self, code: str) -> None:
        """The table's deal code for a seat holder whose request has the kernel key."""
        token = self.seat_token()
        if self.room.kernel_hash is None:
            raise TableRefused(message("classroom:table.no-kernel-key"))
        if not self.from_kernel():
            keys = self._limit_keys()
            if self.request.headers.get(KERNEL_HEADER):
                self.server.limiter.wrong(keys)  # a wrong key is a wrong try at a secret
            raise TableRefused(message("classroom:table.kernel-only"))
        deal = await self.table_call(code, self.room.tables.deal_code, code, token)
        self.reply({"deal_code": deal})


class Undo(TableHandler):
    """``POST /api/tables/{code}/undo``: always refused, saying why."""

    async def post(self, code: str) -> None:
        """No undo at a shared table (409 with the sentence)."""
        token = self.seat_token()
        await self.table_call(code, self.room.tables.undo, code, token)


def table_routes() -> list[tuple[str, type[tornado.web.RequestHandler]]]:
    """The table routes, for :func:`~.api.make_app` (which puts a :class:`TableRoom` in the
    application's settings as ``table_room``)."""
    code = r"([^/]+)"
    return [
        (r"/api/tables", OpenTable),
        (rf"/api/tables/{code}/seats", Seats),
        (rf"/api/tables/{code}/seats/mine", MySeat),
        (rf"/api/tables/{code}/moves", Moves),
        (rf"/api/tables/{code}/deal", Deal),
        (rf"/api/tables/{code}/undo", Undo),
        (rf"/api/tables/{code}", TableView),
    ]
