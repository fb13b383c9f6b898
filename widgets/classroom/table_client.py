"""A shared table as a kernel reaches it (issue 29): through the class server, or in process.

:class:`Tables` is what the kernel's table widget calls; two things have its methods:

* :class:`TableClient` speaks the class server's table routes (``table_api.py``) over the
  same pluggable transport as :class:`~.client.ClassClient` (``CARDSCHOOL_CLASS_SERVER``
  says where the server is; ``CARDSCHOOL_KERNEL_KEY``, the served app's kernel key, lets it
  read a table's deal code while the deal is played). A wait for moves longer than
  :data:`POLL_CHUNK_S` is asked for in several requests, each shorter than the transport's
  own time limit;
* :class:`LocalTables` calls a :class:`~.tables.SharedTables` in this process (the widget's
  tests, without HTTP): the bots play right after each person's move (and after a table is
  opened or a seat taken), before the call returns; :meth:`LocalTables.sweep` lets them
  play the seats of players gone longer than the tables' wait.

Every refusal is a :class:`~.table_basics.TableRefused` whose ``.said`` is the sentence (the
server's own, in the kernel's language) and ``.id`` its message id; a server that cannot be
reached is a :class:`~.client.ServerDown`. No database library is imported here.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import quote

from cardschool.engine.messages import message

from .client import (
    ApiRefusal,
    ServerDown,
    Transport,
    api_call,
    class_server_url,
    urllib_transport,
)
from .seat_counts import SeatCounts
from .table_basics import KERNEL_HEADER, KERNEL_KEY_ENV, Opened, PlayedMove, TableRefused
from .table_messages import TABLES  # noqa: F401  (the catalog registered)

if TYPE_CHECKING:
    from .tables import SharedTables

__all__ = [
    "POLL_CHUNK_S",
    "LocalTables",
    "Opened",
    "PlayedMove",
    "TableClient",
    "TableRefused",
    "Tables",
]

POLL_CHUNK_S = 8.0
"""The longest one request for moves waits (below the transport's ten seconds)."""
LOCAL_POLL_S = 0.25
"""How often :class:`LocalTables` reads the moves again while it waits for one."""


class Tables(Protocol):
    """The shared tables' calls a kernel makes: open, sit, leave, play, read, the deal."""

    def open_table(
        self,
        game: str,
        level: str = "basic",
        variants: Mapping[str, Any] | None = None,
        people: Sequence[int] = (0,),
        creator_seat: int | None = None,
        coach: bool = True,
    ) -> Opened:
        """Open a table of ``game``: the seats ``people`` kept for persons (the others for
        the bots of ``level``); the creator sits at ``creator_seat`` (else the first);
        ``coach``: whether the players may open their coach."""
        ...

    def set_coach(self, code: str, token: str, on: bool) -> bool:
        """Let the players open their coach or not (the table's creator only); now's state."""
        ...

    def take_seat(self, code: str, seat: int | None = None, token: str | None = None) -> str:
        """Sit at ``seat`` (None: the first free one) of the table ``code``; the seat's
        token (a ``token`` that holds a seat there already takes it back)."""
        ...

    def leave(self, code: str, token: str) -> None:
        """Give the seat ``token`` holds up (the bots play it meanwhile)."""
        ...

    def play(
        self, code: str, token: str, number: int, move: str, counts: SeatCounts | None = None
    ) -> str:
        """Play ``move`` as the table's move ``number`` for the seat ``token`` holds, with
        what its kernel counted since its last move (``seat_counts.py``); the move as kept."""
        ...

    def moves_since(
        self, code: str, token: str, number: int, wait: float = 0.0
    ) -> list[PlayedMove]:
        """The table's moves after the move ``number``, oldest first; none yet: waits up to
        ``wait`` seconds for one."""
        ...

    def view(self, code: str, token: str) -> dict[str, Any]:
        """What the seat ``token`` holds may see (``SharedTables.view``'s JSON)."""
        ...

    def deal_code(self, code: str, token: str) -> str:
        """The table's deal code, for the served app's kernel of a seat holder only."""
        ...

    def undo(self, code: str, token: str) -> None:
        """Always refused: there is no undo at a shared table."""
        ...


def _moves(answer: Mapping[str, Any]) -> list[PlayedMove]:
    """The moves of a server's answer (ServerDown when they are not moves)."""
    rows = answer.get("moves")
    if not isinstance(rows, list):
        raise ServerDown(message("classroom:client.unreachable"))
    try:
        return [
            PlayedMove(int(row["number"]), int(row["seat"]), str(row["move"]), str(row["by"]))
            for row in rows
        ]
    except (KeyError, TypeError, ValueError) as problem:
        raise ServerDown(message("classroom:client.unreachable")) from problem


class TableClient:
    """The shared tables through the class server at ``base_url`` (:class:`Tables`)."""

    def __init__(
        self,
        base_url: str,
        transport: Transport = urllib_transport,
        *,
        kernel_key: str | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.transport = transport
        self.kernel_key = (kernel_key or "").strip() or None
        """The served app's kernel key (None: this kernel reads no deal in play)."""

    @classmethod
    def from_env(cls, transport: Transport = urllib_transport) -> TableClient | None:
        """The class server this process reaches (``CARDSCHOOL_CLASS_SERVER``) with the
        kernel key it was given (``CARDSCHOOL_KERNEL_KEY``); None when no server is set."""
        url = class_server_url()
        if url is None:
            return None
        return cls(url, transport, kernel_key=os.environ.get(KERNEL_KEY_ENV))

    def _ask(
        self,
        method: str,
        path: str,
        body: Mapping[str, Any] | None = None,
        token: str | None = None,
    ) -> dict[str, Any]:
        """The server's JSON answer to one request; its refusal raised as TableRefused,
        ServerDown when it cannot be reached."""
        headers = {}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        if self.kernel_key:
            headers[KERNEL_HEADER] = self.kernel_key
        answer = api_call(self.transport, self.base_url, method, path, body, headers)
        if isinstance(answer, ApiRefusal):
            raise TableRefused(answer.said, id=answer.id)
        return answer

    @staticmethod
    def _at(code: object, tail: str = "") -> str:
        """The address of the table ``code`` (and ``tail`` under it)."""
        return f"/api/tables/{quote(str(code).strip()[:40], safe='')}{tail}"

    def open_table(
        self,
        game: str,
        level: str = "basic",
        variants: Mapping[str, Any] | None = None,
        people: Sequence[int] = (0,),
        creator_seat: int | None = None,
        coach: bool = True,
    ) -> Opened:
        """Open a table (see :class:`Tables`); its code and the creator's seat and token."""
        body: dict[str, Any] = {
            "game": game,
            "level": level,
            "variants": dict(variants or {}),
            "people": list(people),
            "coach": coach,
        }
        if creator_seat is not None:
            body["creator_seat"] = creator_seat
        answer = self._ask("POST", "/api/tables", body)
        try:
            return Opened(str(answer["code"]), int(answer["seat"]), str(answer["token"]))
        except (KeyError, TypeError, ValueError) as problem:
            raise ServerDown(message("classroom:client.unreachable")) from problem

    def take_seat(self, code: str, seat: int | None = None, token: str | None = None) -> str:
        """Sit at a table (see :class:`Tables`); the seat's token."""
        body: dict[str, Any] = {}
        if seat is not None:
            body["seat"] = seat
        if token is not None:
            body["token"] = token
        return str(self._ask("POST", self._at(code, "/seats"), body).get("token", ""))

    def leave(self, code: str, token: str) -> None:
        """Give one's seat up (the bots play it meanwhile)."""
        self._ask("DELETE", self._at(code, "/seats/mine"), None, token)

    def play(
        self, code: str, token: str, number: int, move: str, counts: SeatCounts | None = None
    ) -> str:
        """Play a move for one's seat (with the counts since its last, if any); the move as
        kept."""
        body: dict[str, Any] = {"number": number, "move": move}
        if counts:
            body["counts"] = counts.to_json()
        return str(self._ask("POST", self._at(code, "/moves"), body, token).get("move", ""))

    def moves_since(
        self, code: str, token: str, number: int, wait: float = 0.0
    ) -> list[PlayedMove]:
        """The moves after ``number``; none yet: waits up to ``wait`` seconds for one (in
        requests of at most :data:`POLL_CHUNK_S` seconds each)."""
        deadline = time.monotonic() + max(0.0, wait)
        while True:
            chunk = min(max(0.0, deadline - time.monotonic()), POLL_CHUNK_S)
            path = self._at(code, f"/moves?since={int(number)}&wait={chunk:.3f}")
            moves = _moves(self._ask("GET", path, None, token))
            if moves or time.monotonic() >= deadline:
                return moves

    def view(self, code: str, token: str) -> dict[str, Any]:
        """What one's seat may see (``SharedTables.view``'s JSON)."""
        return self._ask("GET", self._at(code), None, token)

    def set_coach(self, code: str, token: str, on: bool) -> bool:
        """Let the players open their coach or not (the table's creator only)."""
        return self._ask("PATCH", self._at(code), {"coach": on}, token).get("coach") is True

    def deal_code(self, code: str, token: str) -> str:
        """The table's deal code (refused unless this kernel has the served app's key)."""
        return str(self._ask("GET", self._at(code, "/deal"), None, token).get("deal_code", ""))

    def undo(self, code: str, token: str) -> None:
        """Always refused by the server (no undo at a shared table)."""
        self._ask("POST", self._at(code, "/undo"), {}, token)


class LocalTables:
    """The shared tables of a :class:`~.tables.SharedTables` in this process (:class:`Tables`):
    the bots play before each call that may give them the turn returns; ``kernel``: whether
    this twin stands for a served app's kernel (which may read the deal in play)."""

    def __init__(self, tables: SharedTables, *, kernel: bool = True) -> None:
        self.tables = tables
        self.kernel = kernel
        self._written = threading.Condition()
        self._known: set[str] = set()

    def _bots(self, code: str) -> list[PlayedMove]:
        """Let the bots play at the table ``code``; wake the waiters if they did."""
        self._known.add(code)
        made = self.tables.play_bots(code)
        if made:
            self._wake()
        return made

    def _wake(self) -> None:
        """A move was written: every wait for moves reads again."""
        with self._written:
            self._written.notify_all()

    def open_table(
        self,
        game: str,
        level: str = "basic",
        variants: Mapping[str, Any] | None = None,
        people: Sequence[int] = (0,),
        creator_seat: int | None = None,
        coach: bool = True,
    ) -> Opened:
        """Open a table (see :class:`Tables`); the bots play if the turn is theirs."""
        opened = self.tables.open_table(
            game, level, variants, people, creator_seat=creator_seat, coach=coach
        )
        self._bots(opened.code)
        return opened

    def take_seat(self, code: str, seat: int | None = None, token: str | None = None) -> str:
        """Sit at a table (see :class:`Tables`); the seat's token."""
        taken = self.tables.take_seat(code, seat, token)
        self._bots(code)
        return taken

    def leave(self, code: str, token: str) -> None:
        """Give one's seat up (the bots play it meanwhile)."""
        self.tables.leave(code, token)

    def play(
        self, code: str, token: str, number: int, move: str, counts: SeatCounts | None = None
    ) -> str:
        """Play a move for one's seat; the move as kept (the bots answer before this returns)."""
        sent = counts.to_json() if counts else None
        kept = self.tables.play(code, token, number, move, counts=sent)
        self._wake()
        self._bots(code)
        return kept

    def moves_since(
        self, code: str, token: str, number: int, wait: float = 0.0
    ) -> list[PlayedMove]:
        """The moves after ``number``; none yet: waits up to ``wait`` seconds for one."""
        deadline = time.monotonic() + max(0.0, wait)
        while True:
            with self._written:
                moves = self.tables.moves_since(code, number, token)
                left = deadline - time.monotonic()
                if moves or left <= 0:
                    return moves
                self._written.wait(min(left, LOCAL_POLL_S))

    def view(self, code: str, token: str) -> dict[str, Any]:
        """What one's seat may see (``SharedTables.view``'s JSON)."""
        return self.tables.view(code, token)

    def set_coach(self, code: str, token: str, on: bool) -> bool:
        """Let the players open their coach or not (the table's creator only)."""
        now = self.tables.set_coach(code, token, on)
        self._wake()
        return now

    def deal_code(self, code: str, token: str) -> str:
        """The table's deal code for a seat holder (refused unless ``kernel``)."""
        if not self.kernel:
            self.tables.seat_of(code, token)
            raise TableRefused(message("classroom:table.kernel-only"))
        return self.tables.deal_code(code, token)

    def undo(self, code: str, token: str) -> None:
        """Always refused (no undo at a shared table)."""
        self.tables.undo(code, token)

    def sweep(self) -> list[PlayedMove]:
        """Let the bots play at every table this twin has met whose seat to move is theirs
        now (a player gone longer than the tables' wait), as the class server's sweep does."""
        made: list[PlayedMove] = []
        for code in sorted(self._known):
            made.extend(self._bots(code))
        return made
