"""The class store as a kernel reaches it through the class server's API (issue 28, item 4).

No database here, and no credentials for one: a :class:`ClassClient` speaks the class
server's HTTP JSON API (``api.py``) with the methods the pages and the
:class:`~.recording.Recorder` use of :class:`~.store.ClassStore`, returning the same kinds of
values (a :class:`ServerMember` that carries its token, light records with the fields of
:class:`~.models.Record`). A student is known by their token, a teacher by their key, as
the browser of the static site does. A record is sent as the server wants it: a deal as its
code and every move of its line (from its save), an exercise as every try in order; the
server replays it, and :meth:`ClassClient.record` waits for its verdict.

Every refusal is a :class:`~.db.StoreError` whose ``.said`` is the server's own sentence; a
record the server refused after checking it is a :class:`ServerRefused` (sending it again
changes nothing); a server that cannot be reached is a :class:`ServerDown` (a
:class:`~.db.DatabaseError`: the Recorder keeps the record, sealed, for later).

The transport is one function ``(method, url, headers, body) -> (status, json)``:
:func:`urllib_transport` in CPython; another (the browser's synchronous XMLHttpRequest under
Pyodide) may be given instead. It raises :class:`OSError` when the server does not answer.
"""

from __future__ import annotations

import ipaddress
import json
import os
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from urllib.parse import quote, urlsplit

from cardschool.engine.languages import spoken
from cardschool.engine.messages import Message, message

from .basics import DatabaseError, Member, MembershipError, StoreError
from .class_table_basics import LiveTable, Seated
from .client_messages import CLIENT  # noqa: F401  (the catalog registered)
from .record_in import CHECKING, IN_PROGRESS, VERDICT_WAIT_S, RecordIn

__all__ = [
    "ENV_VAR",
    "ClassClient",
    "ClientRecord",
    "ServerClass",
    "ServerDown",
    "ServerMember",
    "ServerRefused",
    "Transport",
    "class_server_url",
    "record_sent",
    "urllib_transport",
]

ENV_VAR = "CARDSCHOOL_CLASS_SERVER"
"""The class server's address (``http://127.0.0.1:8867``): kernels record through it."""
HUB_TOKEN = "JUPYTERHUB_API_TOKEN"
"""Set by JupyterHub in a user's server: the hub token a join on a hub is sent with."""
TIMEOUT_S = 10.0
"""How long one request waits for the server's answer."""
VERDICT_S = 30.0
"""How long :meth:`ClassClient.record` waits for the server's verdict on a finished record."""
FRESH_S = 2.0
"""How long a board read stays fresh for the reads that follow it, up to its records
(``build_board`` opens the class, then reads its students, assignments and records)."""

Transport = Callable[[str, str, Mapping[str, str], bytes | None], tuple[int, Any]]
"""``(method, url, headers, body) -> (status, parsed JSON or None)``; OSError: no answer."""

JUDGED = ("solved", "shown")
"""The results of an exercise judged done: the first one stands."""
_MEMBER_ERRORS = {
    "classroom:member.invalid",
    "classroom:store.no-class",
    "classroom:api.no-member",
    "classroom:refused",
}
"""The refusals of a student's membership: it does not hold (not a failure to answer)."""


def class_server_url() -> str | None:
    """The class server this process records through (``CARDSCHOOL_CLASS_SERVER``), or None."""
    return os.environ.get(ENV_VAR, "").strip() or None


def _loopback(url: str) -> bool:
    """True when ``url``'s host is this machine (no proxy is asked to reach it)."""
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))
_PROXIED = urllib.request.build_opener()


def urllib_transport(
    method: str, url: str, headers: Mapping[str, str], body: bytes | None
) -> tuple[int, Any]:
    """One request with ``urllib.request``: the status and the answer's JSON (None if none)."""
    request = urllib.request.Request(url, data=body, method=method, headers=dict(headers))
    opener = _DIRECT if _loopback(url) else _PROXIED
    try:
        with opener.open(request, timeout=TIMEOUT_S) as answer:
            status, raw = answer.status, answer.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    except (urllib.error.URLError, TimeoutError) as error:  # no answer at all
        raise ConnectionError(str(error)) from error
    try:
        return status, json.loads(raw) if raw else None
    except ValueError:
        return status, None


@dataclass(frozen=True, slots=True)
class ApiRefusal:
    """A request the class server refused: its sentence and its message id."""

    said: Message
    id: str


def api_call(
    transport: Transport,
    base_url: str,
    method: str,
    path: str,
    body: Mapping[str, Any] | None,
    headers: Mapping[str, str],
) -> dict[str, Any] | ApiRefusal:
    """The class server's JSON answer to one request (in the language spoken here), or its
    refusal; ServerDown when it cannot be reached, is unavailable or answers no JSON object."""
    sent = {"Accept": "application/json", **headers}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        sent["Content-Type"] = "application/json"
    joint = "&" if "?" in path else "?"
    url = f"{base_url}{path}{joint}lang={quote(spoken())}"
    try:
        status, answer = transport(method, url, sent, data)
    except OSError as problem:
        raise ServerDown(message("classroom:client.unreachable")) from problem
    if 200 <= status < 300:
        if not isinstance(answer, dict):  # every answer of the API is one JSON object
            raise ServerDown(message("classroom:client.unreachable"))
        return answer
    said = answer.get("error") if isinstance(answer, dict) else None
    if not isinstance(said, dict) or not isinstance(said.get("said"), str):
        raise ServerDown(message("classroom:client.unreachable"))
    if status == 503:
        raise ServerDown(Message.parse(said["said"]))
    return ApiRefusal(Message.parse(said["said"]), str(said.get("id", "")))


class ServerDown(DatabaseError):
    """The class server cannot be reached (or answers nothing it should)."""


class ServerRefused(StoreError):
    """A record the class server checked and refused: ``.said`` says why (never kept)."""


@dataclass(frozen=True, slots=True)
class ServerMember(Member):
    """A student the class server knows, with the token that says so to it."""

    token: str = field(default="", repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class ServerClass:
    """A class as the teacher's pages read it: its code and title."""

    code: str
    title: str


@dataclass(frozen=True, slots=True)
class ClientRecord:
    """A stored record as the class server shows it, with the fields the pages read."""

    id: int | None
    uid: str
    student_id: int
    kind: str
    target: str
    result: str
    score: int | None = None
    stars: int | None = None
    seconds: int | None = None
    illegal: str = "{}"
    """The refused tries by rule id, as JSON text (as a stored record holds them)."""
    hints: int = 0
    coach: int = 0
    moves: int | None = None
    live: int | None = None
    finished: datetime | None = None
    save: str | None = None
    """The deal's session save: given to the teacher's reads only."""


def _record_of(row: Mapping[str, Any]) -> ClientRecord:
    """A record of the API's JSON as the pages read one."""
    finished = row.get("finished")
    return ClientRecord(
        id=row.get("id"),
        uid=str(row.get("uid", "")),
        student_id=int(row.get("student") or 0),
        kind=str(row.get("kind", "")),
        target=str(row.get("target", "")),
        result=str(row.get("result", "")),
        score=row.get("score"),
        stars=row.get("stars"),
        seconds=row.get("seconds"),
        illegal=json.dumps(row.get("illegal") or {}),
        hints=int(row.get("hints") or 0),
        coach=int(row.get("coach") or 0),
        moves=row.get("moves"),
        live=row.get("live"),
        finished=datetime.fromisoformat(finished) if isinstance(finished, str) else None,
        save=row.get("save"),
    )


def _stored(rows: object) -> list[ClientRecord]:
    """The records of an answer that the store holds (not those still being checked)."""
    listed = rows if isinstance(rows, list) else []
    return [_record_of(row) for row in listed if isinstance(row, dict) and row.get("id")]


def _checking(rows: object) -> list[ClientRecord]:
    """The records of an answer that the server is still checking (not stored yet)."""
    listed = rows if isinstance(rows, list) else []
    return [
        _record_of({**row, "id": None})
        for row in listed
        if isinstance(row, dict) and not row.get("id") and row.get("result") == CHECKING
    ]


def record_sent(record: RecordIn) -> dict[str, Any]:
    """What the class server is sent for ``record``: a deal's code and every move of its
    line (from its save), an exercise's file, id and tries; the counts the kernel made."""
    sent: dict[str, Any] = {
        "kind": record.kind,
        "uid": record.uid,
        "result": record.result,
        "hints": record.hints,
        "illegal": dict(record.illegal),
    }
    if record.seconds is not None:
        sent["seconds"] = record.seconds
    if record.kind == "deal":
        steps = json.loads(record.save or "{}").get("steps", [])
        sent["code"] = record.target
        sent["moves"] = [str(step["move"]) for step in steps]
        sent["coach"] = record.coach
        if record.score is not None:
            sent["score"] = record.score
        return sent
    file, _, ident = record.target.partition("#")
    sent.update(file=file, id=ident, tries=list(record.tries or ()))
    sent["shown"] = record.result == "shown"
    return sent


class ClassClient:
    """The class store's methods, through the class server at ``base_url``."""

    def __init__(self, base_url: str, transport: Transport = urllib_transport) -> None:
        self.base_url = base_url.rstrip("/")
        self.transport = transport
        self._titles: dict[str, str] = {}
        """Class code -> title, as the server said it to a student or a teacher."""
        self._members: dict[str, ServerMember] = {}
        """Class code -> the student last known in it (their token asks for its work)."""
        self._keys: dict[str, str] = {}
        """Class code -> the teacher key last opened it with."""
        self._boards: dict[tuple[str, str], tuple[float, dict[str, Any]]] = {}
        self._unchecked: dict[tuple[int, str, str], str] = {}
        """(student id, kind, target) -> the uid of work in progress posted last, its
        verdict not waited for."""

    moves_per_post = 3
    """How many learner's moves a deal being played may add between two posts and still be
    seen played (``verify.LIVE_STEP``): the Recorder posts at least that often."""

    def where(self) -> str:
        """Where the records are kept: the class server's address."""
        return self.base_url

    # ------------------------------------------------------------ requests

    def _ask(
        self,
        method: str,
        path: str,
        body: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
        *,
        error: type[StoreError] = StoreError,
    ) -> dict[str, Any]:
        """The server's JSON answer to one request; its refusal raised as ``error`` (a
        membership's as MembershipError), ServerDown when it cannot be reached."""
        sent = dict(headers or {})
        answer = api_call(self.transport, self.base_url, method, path, body, sent)
        if isinstance(answer, dict):
            return answer
        if answer.id in _MEMBER_ERRORS and error is StoreError and "Authorization" in sent:
            error = MembershipError
        problem = error(answer.said)
        problem.id = answer.id  # type: ignore[attr-defined]
        raise problem

    @staticmethod
    def _as_student(member: ServerMember) -> dict[str, str]:
        """The headers that say who the student is."""
        return {
            "Authorization": f"Bearer {member.token}",
            "X-Class-Code": member.code,
            "X-Student-Name": quote(member.name, safe=""),
        }

    @staticmethod
    def _as_teacher(key: str) -> dict[str, str]:
        """The header that says the request is the class's teacher's."""
        return {"X-Teacher-Key": key}

    def _token_of(self, member: Member) -> ServerMember:
        """``member`` with its token (one this client met under that class code)."""
        if isinstance(member, ServerMember) and member.token:
            return member
        known = self._members.get(member.code)
        if known is None or known.student_id != member.student_id:
            raise MembershipError(message("classroom:member.invalid"))
        return known

    @staticmethod
    def _code_path(code: object) -> str:
        """A class code as part of an address."""
        return quote(str(code).strip().upper()[:40], safe="")

    # ------------------------------------------------------------ the student's side

    def check_reachable(self) -> None:
        """Nothing when the class server answers; ServerDown otherwise."""
        try:
            status, _answer = self.transport("GET", f"{self.base_url}/api/", {}, None)
        except OSError as problem:
            raise ServerDown(message("classroom:client.unreachable")) from problem
        if status >= 500:
            raise ServerDown(message("classroom:client.unreachable"))

    def _known(self, answer: dict[str, Any], token: str) -> ServerMember:
        """The member an answer of the server names (a join's or a ``me``'s)."""
        if not isinstance(answer.get("student"), int) or not isinstance(answer.get("class"), int):
            raise ServerDown(message("classroom:client.unreachable"))
        member = ServerMember(
            int(answer["class"]), int(answer["student"]), answer["name"], answer["code"], token
        )
        self._titles[member.code] = str(answer.get("title", ""))
        self._members[member.code] = member
        return member

    def join(
        self, code: object, name: object, *, vouched: bool = False, rejoin: object = None
    ) -> tuple[ServerMember, str]:
        """A new student of the class (or one back with a rejoin code) and their token.

        ``vouched`` (signed in by a hub): the hub token of this server says who joins, as a
        class server run as the hub's service wants it (``hub.py``); the class token the
        server gives says who asks from then on."""
        body: dict[str, Any] = {"name": name}
        if rejoin:
            body["rejoin"] = rejoin
        hub_token = os.environ.get(HUB_TOKEN, "") if vouched else ""
        headers = {"Authorization": f"token {hub_token}"} if hub_token else None
        path = f"/api/classes/{self._code_path(code)}/students"
        answer = self._ask("POST", path, body, headers)
        token = str(answer.get("token", ""))
        return self._known(answer, token), token

    def class_seat(self, member: Member) -> Seated:
        """A seat at the class's shared tables for the student (theirs again, else the first
        free one): the table's code, the seat and the seat's token."""
        known = self._token_of(member)
        path = f"/api/classes/{self._code_path(known.code)}/me/seat"
        answer = self._ask("POST", path, {}, self._as_student(known))
        return Seated(str(answer["code"]), int(answer["seat"]), str(answer["token"]))

    def _me(self, member: ServerMember) -> dict[str, Any]:
        """What the server tells a student of their class (their own records only)."""
        path = f"/api/classes/{self._code_path(member.code)}/me"
        return self._ask("GET", path, None, self._as_student(member))

    def member(self, code: object, name: object, token: object) -> ServerMember:
        """The student this code, name and token claim to be (MembershipError if not)."""
        if not all(isinstance(value, str) and value for value in (code, name, token)):
            raise MembershipError(message("classroom:member.invalid"))
        claimed = ServerMember(0, 0, str(name), str(code), str(token))
        answer = self._me(claimed)
        return self._known(answer, str(token))

    def class_title(self, code: object) -> str:
        """The title of the class with this code, as the server said it to this client."""
        key = str(code).strip().upper()
        if key not in self._titles:
            raise StoreError(message("classroom:store.no-class", code=key))
        return self._titles[key]

    def assignments(self, code: object) -> list[tuple[int, str, str]]:
        """The class's assignments in order: (id, kind, target)."""
        key = str(code).strip().upper()
        if key in self._members:
            listed = self._me(self._members[key]).get("assignments", [])
        elif key in self._keys:
            listed = self._board(key, self._keys[key]).get("assignments", [])
        else:
            raise StoreError(message("classroom:store.no-class", code=key))
        return [(int(row["id"]), str(row["kind"]), str(row["target"])) for row in listed]

    def own_records(self, member: Member) -> list[ClientRecord]:
        """A student's own records the store holds, oldest first."""
        return _stored(self._me(self._token_of(member)).get("records"))

    def kept_record(self, member: Member, kind: str, target: str) -> ClientRecord | None:
        """A student's record of one piece of work (None: none yet)."""
        return next(
            (row for row in self.own_records(member) if (row.kind, row.target) == (kind, target)),
            None,
        )

    def rejoin_code(self, member: Member) -> str:
        """A one-time rejoin code for a student leaving on a browser."""
        who = self._token_of(member)
        path = f"/api/classes/{self._code_path(who.code)}/me/rejoin"
        return str(self._ask("POST", path, {}, self._as_student(who))["rejoin"])

    def record(self, member: Member, record: RecordIn) -> bool:
        """Send one record to be checked; True once the server keeps it.

        Work not ended (a deal playing, an exercise's wrong tries) is sent without waiting
        for its verdict, but the next record of the same work waits for it first: the server
        counts a deal's moves seen played from the post kept before. ServerRefused when the
        server refuses the record after replaying it; StoreError (kept for later) while it
        is still checking after :data:`VERDICT_S`.
        """
        who = self._token_of(member)
        headers = self._as_student(who)
        work = (who.student_id, record.kind, record.target)
        if record.kind == "exercises" and record.result in JUDGED:
            kept = self.kept_record(who, record.kind, record.target)
            if kept is not None and kept.result in JUDGED:
                return False  # its first judgement stands (the store's rule): nothing to send
        before = self._unchecked.pop(work, None)
        if before is not None:  # the same work's last post, checked before this one
            self._verdict(before, headers, quiet=True)
        answer = self._ask("POST", "/api/records", record_sent(record), headers)
        if answer.get("state") == "kept":
            return True
        if record.result in (*IN_PROGRESS, "tried"):
            self._unchecked[work] = record.uid
            return True
        return self._verdict(record.uid, headers)

    def _verdict(self, uid: str, headers: Mapping[str, str], *, quiet: bool = False) -> bool:
        """Wait for the server's verdict on the record ``uid``: True when kept; refused,
        ServerRefused; still checking after :data:`VERDICT_S`, StoreError. ``quiet``: False
        instead of raising."""
        deadline = time.monotonic() + VERDICT_S
        while True:
            # the server holds the question while the record is checked: no sleep here
            # (Python in the browser cannot sleep), and one question in VERDICT_WAIT_S
            wait = max(0.0, min(VERDICT_WAIT_S, deadline - time.monotonic()))
            try:
                known = self._ask("GET", f"/api/records/{uid}?wait={wait:.1f}", None, headers)
            except StoreError:
                if quiet:
                    return False
                raise
            state = known.get("state")
            if state == "kept":
                return True
            if state == "refused" or time.monotonic() >= deadline:
                if quiet:
                    return False
                said = known.get("said")
                if state != "refused":
                    raise StoreError(message("classroom:client.checking"))
                if isinstance(said, str):
                    raise ServerRefused(Message.parse(said))
                raise ServerRefused(message("classroom:client.refused"))

    # ------------------------------------------------------------ the teacher's side

    def create_class(self, title: str) -> tuple[str, str]:
        """Make a class called ``title``: its code and its teacher key (shown only now)."""
        answer = self._ask("POST", "/api/classes", {"title": title})
        code, key = str(answer["code"]), str(answer["key"])
        self._keys[code] = key
        return code, key

    def _board(self, code: str, key: str, *, fresh: bool = False) -> dict[str, Any]:
        """The board's JSON (with the deals' saves), read again unless read just now."""
        code = str(code).strip().upper()
        kept = self._boards.get((code, key))
        if kept is not None and not fresh and time.monotonic() - kept[0] < FRESH_S:
            return kept[1]
        path = f"/api/classes/{self._code_path(code)}/board"
        answer = self._ask("GET", f"{path}?saves=1", None, self._as_teacher(key))
        self._boards = {(code, key): (time.monotonic(), answer)}
        self._keys[code] = key
        self._titles[code] = str(answer.get("title", ""))
        return answer

    def open_class(self, code: object, key: object) -> ServerClass:
        """The class with this code if ``key`` is its teacher key; StoreError otherwise."""
        if not isinstance(code, str) or not isinstance(key, str) or not key:
            raise StoreError(message("classroom:store.key-wrong"))
        board = self._board(code, key, fresh=True)
        return ServerClass(str(board["code"]), str(board["title"]))

    def students(self, code: str, key: str) -> list[tuple[int, str]]:
        """The class's students (id, name) in the order they joined."""
        return [(int(row["id"]), str(row["name"])) for row in self._board(code, key)["students"]]

    def records(self, code: str, key: str) -> list[ClientRecord]:
        """Every record of the class the store holds, oldest first (their saves too), then
        those the server is still checking (no id, result :data:`CHECKING`); the last read
        of a board (``build_board``): the next reads ask the server again."""
        board = self._board(code, key)
        self._boards.clear()
        rows = board.get("records")
        return _stored(rows) + _checking(rows)

    def live_tables(self, code: str, key: str) -> list[LiveTable]:
        """The class's shared tables being played, as the board's JSON lists them."""
        return [LiveTable.from_dict(table) for table in self._board(code, key).get("tables") or []]

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
        """Open ``count`` shared tables for the class, one deal for all (``coach`` False: a
        match, no student may open their coach); their codes."""
        path = f"/api/classes/{self._code_path(code)}/tables"
        body = {"game": game, "level": level, "variants": variants, "people": people}
        body["coach"] = coach
        answer = self._ask("POST", path, {**body, "count": count}, self._as_teacher(key))
        self._boards.clear()
        return [str(table) for table in answer["tables"]]

    def watch_table(self, code: str, key: str, table: str) -> dict[str, Any]:
        """The teacher's view of one of the class's shared tables (no hand until its end)."""
        path = f"/api/classes/{self._code_path(code)}/tables/{self._code_path(table)}"
        return self._ask("GET", path, None, self._as_teacher(key))

    def add_assignment(self, code: str, key: str, kind: str, target: str) -> int:
        """Give the class an assignment (a deal code, or an exercise file); its id."""
        path = f"/api/classes/{self._code_path(code)}/assignments"
        body = {"kind": kind, "target": target}
        ident = int(self._ask("POST", path, body, self._as_teacher(key))["id"])
        self._boards.clear()
        return ident

    def saved_deal(self, code: str, key: str, record_id: int) -> str:
        """The session save of one record of the class."""
        path = f"/api/classes/{self._code_path(code)}/records/{int(record_id)}/save"
        return str(self._ask("GET", path, None, self._as_teacher(key))["save"])

    def rename_student(self, code: str, key: str, student_id: int, name: object) -> str:
        """Give a student of the class another name; the name kept."""
        path = f"/api/classes/{self._code_path(code)}/students/{int(student_id)}"
        answer = self._ask("PATCH", path, {"name": name}, self._as_teacher(key))
        self._boards.clear()
        return str(answer["name"])

    def remove_student(self, code: str, key: str, student_id: int) -> int:
        """Take a student out of the class with their records; how many records went."""
        path = f"/api/classes/{self._code_path(code)}/students/{int(student_id)}"
        answer = self._ask("DELETE", path, None, self._as_teacher(key))
        self._boards.clear()
        return int(answer["records"])

    def let_in_again(self, code: str, key: str, student_id: int) -> Message:
        """A one-time rejoin code for a student of the class, said for the teacher."""
        path = f"/api/classes/{self._code_path(code)}/students/{int(student_id)}/rejoin"
        answer = self._ask("POST", path, {}, self._as_teacher(key))
        return message("classroom:rejoin.given", name=answer["name"], code=answer["rejoin"])
