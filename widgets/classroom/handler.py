"""The class server's common part: what every route of its API shares (Tornado).

:class:`ClassServer` holds the store, the configured origins, the queue of records being
checked and the attempt limits; :class:`ApiHandler` is every route's handler base: CORS for
the configured origins only, JSON bodies of at most :data:`MOST_BODY` bytes and JSON
answers, every refusal as ``{"error": {"id", "said"}}`` in the request's language
(:class:`Answer`, and a store's or a check's refusal mapped to its status), and who asks:
a teacher's key, a student's token (or a hub's), each wrong try counted (``limits.py``).
The routes are ``api.py``'s (the class records), ``table_api.py``'s and
``class_tables_api.py``'s (the shared tables).
"""

from __future__ import annotations

import json
import math
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import unquote

import tornado.web
from tornado.ioloop import IOLoop

from cardschool.engine.errors import Told
from cardschool.engine.languages import LANGUAGES, SOURCE, speak, spoken
from cardschool.engine.messages import Message, message, render

from .api_messages import API  # noqa: F401  (the catalog registered)
from .checking import VerifyQueue
from .db import DatabaseError
from .keys import Refused, normal_code
from .limits import AttemptLimiter, Limits, creations, openings
from .members import Member
from .record_in import VERDICT_WAIT_S, RecordIn
from .seen_members import SeenMembers
from .store import ClassStore, StoreError

__all__ = [
    "MOST_BODY",
    "STORE_THREADS",
    "Answer",
    "ApiHandler",
    "ClassServer",
    "NotFound",
    "words_in",
]

MOST_BODY = 512 * 1024
"""The largest request body the server reads, in bytes."""
STORE_THREADS = 4
"""Threads that run the class store's calls beside the event loop."""
_METHODS = ", ".join(("GET", "POST", "PATCH", "DELETE", "OPTIONS"))
_HEADERS = ", ".join(
    ("Authorization", "Content-Type", "X-Class-Code", "X-Student-Name", "X-Teacher-Key")
)
_JSON = "; ".join(("application/json", "charset=utf-8"))

_STATUS = {
    "classroom:store.no-class": 404,
    "classroom:store.key-wrong": 403,
    "classroom:member.invalid": 401,
    "classroom:rejoin.wrong": 403,
    "classroom:name.taken": 409,
    "classroom:name.held": 409,
    "classroom:name.hub-only": 409,
    "classroom:roster.name-taken": 409,
    "classroom:roster.no-such-student": 404,
    "classroom:store.no-deal": 404,
    "classroom:store.most-students": 409,
    "classroom:store.most-assignments": 409,
    "classroom:store.same-assignment": 409,
    "classroom:store.no-free-code": 503,
}
"""The status of a store's refusal, by its message id (400 for the others)."""
_WRONG_SECRETS = {
    "classroom:store.no-class",
    "classroom:store.key-wrong",
    "classroom:member.invalid",
    "classroom:rejoin.wrong",
}
"""The refusals that count as a wrong try at a secret (``limits.py``)."""

_SPEAKING = threading.Lock()
T = TypeVar("T")


def words_in(said: Message, language: str) -> str:
    """The sentence ``said`` in words, in ``language`` (the process's language meanwhile)."""
    with _SPEAKING:
        before = spoken()
        speak(language)
        try:
            return render(said)
        finally:
            speak(before)


def _asked_language(lang: str, accept: str) -> str:
    """The language a request asks for: ``?lang=``, else ``Accept-Language`` by its weights
    (English when none is one the school speaks)."""
    asked: list[tuple[float, int, str]] = []
    for place, part in enumerate(accept.split(",")[:20]):
        tag, _, weight = part.strip().partition(";")
        try:
            quality = float(weight.strip()[2:]) if weight.strip().startswith("q=") else 1.0
        except ValueError:
            quality = 0.0
        asked.append((-quality, place, tag))
    tags = [lang] + [tag for quality, _place, tag in sorted(asked) if quality < 0]
    for tag in tags:
        primary = tag.strip().lower().split("-")[0]
        if primary in LANGUAGES:
            return primary
    return SOURCE


class Answer(tornado.web.HTTPError):
    """A refusal the API answers with: a status and a sentence (and maybe when to retry)."""

    def __init__(self, status: int, said: Message, retry: int | None = None) -> None:
        super().__init__(status)
        self.said = said
        self.retry = retry


def _answer_of(error: Told) -> Answer:
    """A store's or a check's refusal as the API's answer."""
    if isinstance(error, Refused):  # a clause: said as a sentence
        return Answer(400, message("classroom:refused", why=error.said))
    if isinstance(error, DatabaseError):
        return Answer(503, error.said)
    return Answer(_STATUS.get(error.said.id, 400), error.said)


class ClassServer:
    """What every handler shares: the store, the origins, the queue, the attempt limits."""

    def __init__(
        self,
        store: ClassStore,
        *,
        origins: Sequence[str],
        exercises_root: Path,
        verifiers: int,
        limits: Limits,
    ) -> None:
        self.store = store
        self.origins = frozenset(origin.rstrip("/") for origin in origins)
        self.limiter = AttemptLimiter(limits)
        self.creations = creations(limits)
        """The classes made per address (``Classes``)."""
        self.openings = openings(limits)
        """The shared tables opened per address (``table_api.OpenTable``)."""
        self.members = SeenMembers()
        """The students checked lately (``seen_members.py``): forgotten as they change."""
        self.threads = ThreadPoolExecutor(STORE_THREADS, thread_name_prefix="class-store")
        self.queue = VerifyQueue(
            verifiers=verifiers,
            exercises_root=Path(exercises_root),
            keep=self._keep,
            seconds=limits.verify_seconds,
        )

    async def run(self, act: Callable[..., T], *args: Any) -> T:
        """``act(*args)`` in a thread beside the event loop (the store's calls block)."""
        return await IOLoop.current().run_in_executor(self.threads, partial(act, *args))

    async def _keep(self, member: Member, record: RecordIn) -> None:
        """Store a record the verifier passed."""
        await self.run(self.store.record, member, record)

    tables: Any = None
    """The shared tables' side (``table_api.TableRoom``), once :func:`make_app` mounts it."""

    def close(self) -> None:
        """Stop the verifiers, the tables' bots and the store's threads."""
        self.queue.close()
        if self.tables is not None:
            self.tables.close()
        self.threads.shutdown(wait=False, cancel_futures=True)


class ApiHandler(tornado.web.RequestHandler):
    """The API's common part: CORS, JSON bodies and answers, errors as sentences, limits."""

    @property
    def server(self) -> ClassServer:
        """The shared server (in the application's settings: read before ``initialize``)."""
        return self.application.settings["class_server"]

    def set_default_headers(self) -> None:
        """JSON, never cached; CORS headers only for an origin the server is configured for."""
        self.set_header("Content-Type", _JSON)
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Vary", "Origin")
        if self._allowed_origin():
            self.set_header("Access-Control-Allow-Origin", self.request.headers["Origin"])
            self.set_header("Access-Control-Expose-Headers", "Retry-After")

    def _allowed_origin(self) -> bool:
        """True when the request comes from a page of a configured origin."""
        return self.request.headers.get("Origin", "") in self.server.origins

    def options(self, *_args: str) -> None:
        """The CORS preflight: methods and headers for a configured origin, nothing else."""
        if self._allowed_origin():
            self.set_header("Access-Control-Allow-Methods", _METHODS)
            self.set_header("Access-Control-Allow-Headers", _HEADERS)
            self.set_header("Access-Control-Max-Age", "600")
        self.set_status(204)
        self.finish()

    def prepare(self) -> None:
        """Refuse a body over :data:`MOST_BODY` before anything reads it."""
        if len(self.request.body or b"") > MOST_BODY:
            raise Answer(413, message("classroom:api.too-big", limit=MOST_BODY // 1024))

    # ------------------------------------------------------------ answers

    def wait_seconds(self) -> float:
        """The ``?wait=`` the request asks for, in seconds, within 0 and
        :data:`VERDICT_WAIT_S` (0 when missing or not a number)."""
        try:
            asked = float(self.get_query_argument("wait", "0") or 0)
        except ValueError:
            return 0.0
        return min(max(asked, 0.0), VERDICT_WAIT_S) if math.isfinite(asked) else 0.0

    def language(self) -> str:
        """The language this request's sentences are said in."""
        lang = self.get_query_argument("lang", "") or ""
        return _asked_language(lang, self.request.headers.get("Accept-Language", ""))

    async def reply_joined(self, member: Member, token: str) -> None:
        """Answer a join: the member's class, name, ids and token (201)."""
        title = await self.server.run(self.server.store.class_title, member.code)
        answer = {
            "code": member.code,
            "name": member.name,
            "token": token,
            "title": title,
            "student": member.student_id,
            "class": member.class_id,
        }
        self.reply(answer, 201)

    def reply(self, value: object, status: int = 200) -> None:
        """Answer ``value`` as JSON with ``status``."""
        self.set_status(status)
        self.finish(json.dumps(value, ensure_ascii=False))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """Every error as ``{"error": {"id", "said"}}``: a refusal with its own status and
        sentence, a store's or a check's refusal mapped, anything else as the server's."""
        error = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(error, Told) and not isinstance(error, Answer):
            error = _answer_of(error)
        if isinstance(error, Answer):
            said, status = error.said, error.status_code
            if error.retry is not None:
                self.set_header("Retry-After", str(error.retry))
        else:
            said = message(
                {404: "classroom:api.not-found", 405: "classroom:api.method"}.get(
                    status_code, "classroom:api.failed"
                )
            )
            status = status_code
        self.set_status(status)
        self.finish(
            json.dumps(
                {"error": {"id": said.id, "said": words_in(said, self.language())}},
                ensure_ascii=False,
            )
        )

    def log_exception(self, typ: Any, value: Any, tb: Any) -> None:
        """Log only what is not a refusal people read (those are answers, not failures)."""
        if isinstance(value, Told | Answer):
            return
        super().log_exception(typ, value, tb)

    def body(self) -> dict[str, Any]:
        """The request's body: one JSON object (refused otherwise)."""
        try:
            value = json.loads(self.request.body or b"")
        except (ValueError, UnicodeDecodeError):
            value = None
        if not isinstance(value, dict):
            raise Answer(400, message("classroom:api.not-json"))
        return value

    # ------------------------------------------------------------ who asks

    def _limited(self, code: object) -> list[str]:
        """The attempt limits' keys of this request (its address, the class code tried);
        429 at once when either has used its wrong tries."""
        try:
            tried = normal_code(code)
        except Refused:
            tried = str(code)[:12]
        keys = [f"address:{self.request.remote_ip}", f"class:{tried}"]
        wait = self.server.limiter.wait(keys)
        if wait:
            raise Answer(429, message("classroom:api.too-many", seconds=wait), retry=wait)
        return keys

    async def guarded(self, code: object, act: Callable[..., T], *args: Any) -> T:
        """``act(*args)`` in a store thread, counting a wrong class code, key or token."""
        keys = self._limited(code)
        try:
            return await self.server.run(act, *args)
        except StoreError as error:
            if error.said.id in _WRONG_SECRETS:
                self.server.limiter.wrong(keys)
            raise

    async def teacher(self, code: str) -> str:
        """The teacher key this request sends, checked against the class (refused if not)."""
        key = self.request.headers.get("X-Teacher-Key")
        if not key:
            raise Answer(401, message("classroom:api.no-key"))
        await self.guarded(code, self.server.store.open_class, code, key)
        return key

    async def student(self, code: str | None = None) -> Member:
        """The student this request's token, name and class code say it is (on a hub, a hub
        token says who: the ``hub_student`` hook of ``hub.py``)."""
        code = code if code is not None else self.request.headers.get("X-Class-Code")
        scheme, _, token = self.request.headers.get("Authorization", "").partition(" ")
        hub = self.settings.get("hub_student")
        if hub is not None and scheme.lower() == "token":  # the class server on a hub
            return await hub(self, code, token.strip())
        name, token = unquote(self.request.headers.get("X-Student-Name", "")), token.strip()
        if not code or not name or scheme.lower() != "bearer" or not token:
            raise Answer(401, message("classroom:api.no-member"))
        seen = self.server.members
        member = seen.get(code, name, token)
        if member is None:  # not checked lately: the store checks it
            epoch = seen.epoch
            member = await self.guarded(code, self.server.store.member, code, name, token)
            seen.keep(code, name, token, member, epoch)
        return member


class NotFound(ApiHandler):
    """Any address the API does not have."""

    def prepare(self) -> None:
        """Answer 404 (a preflight too: no route, no CORS)."""
        raise Answer(404, message("classroom:api.not-found"))
