"""The class server's queue of records being checked: one queue per class, round-robin.

No Tornado handler and no HTTP here. A record a student sends waits in its class's queue;
the queue hands records to the verifiers (``verify.py``, in a pool of processes, or in the
server's own process when there are none) taking the classes in turn, one record each, so
that a class sending many costly records (deals against Expert bots) never delays another
class's. While a record waits or is checked it is *checking*; then it is *kept* (stored) or
*refused* (with the verifier's sentence, and never stored). These states are kept in this
process's memory (the newest :data:`REMEMBERED`), not in the database: the board's JSON adds
the records still checking to the stored ones.

A deal sent while it is played (result ``playing``) lets the server see its moves as they
come: for each student and deal the queue remembers the line of the last record kept and
how many of its learner's moves the verifier counted as played live (its ``live``), and
gives the verifier ``seen``: those of them on the same line as the new record. The verifier
counts a record that adds many moves at once as not played live beyond ``seen``, so a deal
sent whole (or nearly whole) at the end, or sent again, reads as not seen played.

Each verifier process checks one record at a time, for at most ``seconds`` (a verifier that
takes longer, stuck or just slow, is killed and a new one started in its place, and the record
is refused with a plain sentence), so that no record holds a verifier for ever. The time is
counted from the record's start in a verifier ready for it, not from its wait in the queue.
Checked in the server's own process (no verifier processes, as in tests) a record has no time
limit: nothing could stop it there.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import multiprocessing
import os
import signal
from collections import Counter, OrderedDict, deque
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cardschool.engine.messages import Message, message

from .api_messages import API  # noqa: F401  (the catalog registered)
from .members import Member
from .record_in import IN_PROGRESS, RecordIn
from .verify import RecordRefused, verify_deal, verify_exercise, verify_progress

__all__ = [
    "CHECKING",
    "KEPT",
    "REFUSED",
    "Job",
    "VerifyQueue",
    "check_sent",
]

CHECKING, KEPT, REFUSED = "checking", "kept", "refused"
"""The states of a record sent to the server."""
REMEMBERED = 100_000
"""How many records' final states (kept, refused) the server remembers for their senders."""
LINES = 50_000
"""How many (student, deal) lines played the server remembers for ``seen``."""
MOST_MOVES = 5_000
"""The longest line of moves remembered for ``seen`` (the verifier refuses longer ones)."""
SAVES = 5_000
"""How many saves of deals being played the server keeps, for their next record to go on from
(so the bots of a deal sent move by move choose each move once, not once per record)."""
PER_CLASS = 2_000
"""The most records of one class waiting to be checked at once."""
PER_STUDENT = 40
"""The most records of one student waiting to be checked at once."""
VERIFY_SECONDS = 60.0
"""How long checking one record may take in a verifier process before it is refused."""

log = logging.getLogger(__name__)


def check_sent(
    kind: str, sent: Mapping[str, Any], exercises_root: Path, after: str | None = None
) -> RecordIn:
    """The record a student sent, checked by the verifier of its kind (RecordRefused if not);
    ``after``: the save of the same deal the server kept before, which the replay goes on from."""
    if kind == "exercises":
        return verify_exercise(sent, exercises_root)
    if sent.get("result") in IN_PROGRESS:  # a deal being played, sent as it goes
        return verify_progress(sent, after=after)
    return verify_deal(sent, after=after)


def _checked(
    kind: str, sent: Mapping[str, Any], exercises_root: Path, after: str | None = None
) -> RecordIn | Message:
    """The record checked, or the sentence refusing it (run in a verifier process)."""
    try:
        return check_sent(kind, sent, exercises_root, after)
    except RecordRefused as refused:
        return refused.said


def _ready() -> int:
    """The verifier process's id: run once by each as it starts, so it imports the engine."""
    return os.getpid()


class Verifier:
    """One verifier process (a pool of one: killing it stops no other record's check)."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")  # fresh, not forked from a threaded server
        self.pool = ProcessPoolExecutor(1, mp_context=context)
        self.ready: Future[int] = self.pool.submit(_ready)
        """The process's id, once it has started and imported the engine."""

    def kill(self) -> None:
        """Stop the process at once (its record is not waited for)."""
        if self.ready.done() and self.ready.exception() is None:
            with contextlib.suppress(ProcessLookupError):  # it ended already
                os.kill(self.ready.result(), signal.SIGKILL)
        self.close()

    def close(self) -> None:
        """Let the process end (anything queued dropped)."""
        self.pool.shutdown(wait=False, cancel_futures=True)


@dataclass
class Job:
    """A record sent by a student, and what became of it."""

    uid: str
    kind: str
    sent: dict[str, Any]
    member: Member
    target: str
    """What the record is about, as the board shows it while it is checked."""
    state: str = CHECKING
    said: Message | None = None
    """Why it was refused (None: it was not)."""
    decided: asyncio.Event = field(default_factory=asyncio.Event, repr=False, compare=False)
    """Set once the record is kept or refused: its sender's request waiting for it wakes."""

    def line_key(self) -> tuple[int, str] | None:
        """The student and deal code this record's line of moves is remembered under."""
        code = self.sent.get("code")
        if self.kind != "deal" or not isinstance(code, str):
            return None
        return self.member.student_id, code.strip().upper()[:200]


def _human_steps(save: str | None) -> list[tuple[str, bool]]:
    """The steps of a session save: each move and whether the learner played it."""
    try:
        steps = json.loads(save or "")["steps"]
        return [(str(step["move"]), step["by"] == "human") for step in steps]
    except (ValueError, KeyError, TypeError):
        return []


class VerifyQueue:
    """Records waiting to be checked, one queue per class, handed out round-robin."""

    def __init__(
        self,
        *,
        verifiers: int,
        exercises_root: Path,
        keep: Callable[[Member, RecordIn], Awaitable[None]],
        per_class: int = PER_CLASS,
        per_student: int = PER_STUDENT,
        seconds: float = VERIFY_SECONDS,
        check: Callable[..., RecordIn | Message] | None = None,
    ) -> None:
        self.verifiers = verifiers
        self.seconds = seconds
        """How long one record's check may take in a verifier process."""
        self.check = check or _checked
        """``(kind, sent, exercises_root, after)`` -> the record checked or the sentence
        refusing it: a module's function, run in a verifier process (the verifiers')."""
        self.exercises_root = Path(exercises_root)
        self._keep = keep
        self.per_class = per_class
        self.per_student = per_student
        self._pending: dict[str, Job] = {}
        """The records being checked (or waiting to be), by uid."""
        self._done: OrderedDict[str, Job] = OrderedDict()
        """The newest records kept or refused, by uid, oldest first."""
        self._mine: Counter[int] = Counter()
        """How many records each student has being checked."""
        self._waiting: dict[int, deque[Job]] = {}
        self._turns: deque[int] = deque()
        """The classes with records waiting, in the order they get their next turn."""
        self._running = 0
        self._lines: OrderedDict[tuple[int, str], tuple[list[tuple[str, bool]], int]] = (
            OrderedDict()
        )
        self._saves: OrderedDict[tuple[int, str], str] = OrderedDict()
        """The save of each deal being played, as last kept (the newest :data:`SAVES`)."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False
        self._idle: deque[Verifier] = deque(Verifier() for _ in range(max(0, verifiers)))
        """The verifier processes not checking a record now (none: records checked inline)."""
        self._busy: set[Verifier] = set()

    # ------------------------------------------------------------ what the handlers ask

    def job(self, uid: str) -> Job | None:
        """The record sent with this uid, if the server remembers it."""
        return self._pending.get(uid) or self._done.get(uid)

    async def decided(self, job: Job, seconds: float) -> None:
        """Wait until ``job`` is kept or refused, for ``seconds`` at most."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(job.decided.wait(), seconds)

    def checking(self, class_id: int) -> list[Job]:
        """The class's records still being checked, oldest first."""
        return [job for job in self._pending.values() if job.member.class_id == class_id]

    def put(self, job: Job) -> Message | None:
        """Queue ``job``; the sentence refusing it when its class or student has too many
        records waiting already (None: queued)."""
        waiting = self._waiting.get(job.member.class_id, deque())
        student = job.member.student_id
        if len(waiting) >= self.per_class or self._mine[student] >= self.per_student:
            return message("classroom:api.queue-full")
        self._pending[job.uid] = job
        self._mine[student] += 1
        if job.member.class_id not in self._waiting:
            self._waiting[job.member.class_id] = waiting
            self._turns.append(job.member.class_id)
        waiting.append(job)
        asyncio.get_running_loop().call_soon(self._pump)
        return None

    def close(self) -> None:
        """Stop the verifier processes (records still waiting are dropped)."""
        self._closed = True
        self._waiting.clear()
        self._turns.clear()
        for verifier in [*self._idle, *self._busy]:
            verifier.close()
        self._idle.clear()
        self._busy.clear()
        for task in list(self._tasks):
            task.cancel()

    # ------------------------------------------------------------ the turns

    def _pump(self) -> None:
        """Start checking records, one class after another, while verifiers are free."""
        while self._turns and self._free() and not self._closed:
            class_id = self._turns.popleft()
            waiting = self._waiting[class_id]
            job = waiting.popleft()
            if waiting:
                self._turns.append(class_id)  # its next record waits for its next turn
            else:
                del self._waiting[class_id]
            self._running += 1
            verifier = self._idle.popleft() if self.verifiers > 0 else None
            if verifier is not None:
                self._busy.add(verifier)
            task = asyncio.get_running_loop().create_task(self._check(job, verifier))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def _free(self) -> bool:
        """True when a record may start being checked now (a verifier process is idle, or,
        without any, none is checked inline)."""
        return bool(self._idle) if self.verifiers > 0 else self._running < 1

    async def _check(self, job: Job, verifier: Verifier | None) -> None:
        """Check one record, free its verifier, and keep the record if it replays."""
        freed = False
        try:
            job.sent["seen"] = self._seen(job)  # the server's count, never the browser's
            done, verifier = await self._verify(job, verifier)
            freed = self._release(verifier)  # the next check need not wait for the store
            if isinstance(done, Message):
                job.state, job.said = REFUSED, done
                return
            if done.uid != job.uid:
                done = replace(done, uid=job.uid)
            await self._keep(job.member, done)
            job.state = KEPT
            self._remember_line(job, done)
        except Exception as error:  # a store refusal, or a verifier that failed
            said = getattr(error, "said", None)
            if not isinstance(said, Message):
                log.exception("a record could not be checked")
                said = message("classroom:api.unchecked")
            job.state, job.said = REFUSED, said
        finally:
            job.sent = {}  # its moves are not needed any more
            self._finish(job)
            if not freed:
                self._release(verifier)

    def _release(self, verifier: Verifier | None) -> bool:
        """A verifier is free again: start the next record's check."""
        self._running -= 1
        if verifier is not None and verifier in self._busy:
            self._busy.discard(verifier)
            if not self._closed:
                self._idle.append(verifier)
        self._pump()
        return True

    def _replace(self, verifier: Verifier) -> Verifier:
        """Kill ``verifier`` and put a new one, starting, in its place."""
        verifier.kill()
        self._busy.discard(verifier)
        if self._closed:
            return verifier
        fresh = Verifier()
        self._busy.add(fresh)
        return fresh

    def _finish(self, job: Job) -> None:
        """Move a record checked to those remembered (the oldest beyond
        :data:`REMEMBERED` forgotten)."""
        self._pending.pop(job.uid, None)
        job.decided.set()
        self._mine[job.member.student_id] -= 1
        if self._mine[job.member.student_id] <= 0:
            del self._mine[job.member.student_id]
        self._done[job.uid] = job
        while len(self._done) > REMEMBERED:
            self._done.popitem(last=False)

    async def _verify(
        self, job: Job, verifier: Verifier | None
    ) -> tuple[RecordIn | Message, Verifier | None]:
        """The record checked by ``verifier`` (inline without one), and the verifier to free
        (a new one when it had to be killed)."""
        key = job.line_key()
        after = self._saves.get(key) if key is not None else None
        if verifier is None:
            return self.check(job.kind, job.sent, self.exercises_root, after), None
        try:
            await asyncio.wrap_future(verifier.ready)  # started: the time counts from now
            running = verifier.pool.submit(
                self.check, job.kind, job.sent, self.exercises_root, after
            )
            done = await asyncio.wait_for(asyncio.wrap_future(running), self.seconds)
        except TimeoutError:  # stuck or too slow: it holds its verifier no longer
            log.warning(
                "checking record %s took over %s s; its verifier is replaced", job.uid, self.seconds
            )
            limit = max(1, math.ceil(self.seconds))
            return message("classroom:api.too-long", seconds=limit), self._replace(verifier)
        except BrokenProcessPool:  # the verifier died (killed, out of memory): a new one
            log.warning("a verifier process died; starting a new one")
            return message("classroom:api.unchecked"), self._replace(verifier)
        return done, verifier

    # ------------------------------------------------------------ moves the server saw

    def _seen(self, job: Job) -> int:
        """How many of the learner's moves on this record's line the server saw before."""
        key = job.line_key()
        remembered = self._lines.get(key) if key is not None else None
        moves = job.sent.get("moves")
        if remembered is None or not isinstance(moves, list):
            return 0
        steps, credited = remembered
        seen = 0
        for (move, human), sent in zip(steps, moves, strict=False):
            if move != sent:
                break
            seen += human
        return min(seen, credited)

    def _remember_line(self, job: Job, record: RecordIn) -> None:
        """Remember the line of a deal kept, and how many of its learner's moves were live."""
        key = job.line_key()
        if key is None or record.kind != "deal":
            return
        self._lines[key] = (_human_steps(record.save)[:MOST_MOVES], record.live or 0)
        self._lines.move_to_end(key)
        if record.result in IN_PROGRESS and record.save:  # the next record goes on from it
            self._saves[key] = record.save
            self._saves.move_to_end(key)
            while len(self._saves) > SAVES:
                self._saves.popitem(last=False)
        else:
            self._saves.pop(key, None)
        while len(self._lines) > LINES:
            self._lines.popitem(last=False)
