"""The class server under simulated static students: verified records per second and p95.

The real class server (``python -m cardschool.widgets.classroom.server``) runs here in a
subprocess on a free loopback port over a temporary SQLite file, with two verifier
processes. Students are simulated with asyncio and httpx (loopback only, bounded in count
and time): each joins a class, then posts what a static page posts: finished deals (a deal
code and every move of its line) and exercise records (a wrong try, then the right one).

The records are made beforehand, outside every timed part: seeded deals of both games at
Basic and at Expert, the learner's seat played by a Basic bot (cheap and deterministic),
and exercises of the tutorial's files with a wrong try and a right one as the engine judges
them. They are cached in ``build/bench/`` under a hash of the engine's and the exercises'
sources, so a rerun starts at once.

Two measures:

* **Saturation, per kind** (a game at a level, or a game's exercises): many records are
  posted at once and the verifiers work through them; the figure is the records verified
  per second (first post to last ``kept``), with the server's CPU seconds per record (the
  server's process and its verifiers, from psutil). From those rates, the students one
  server carries when each makes a finished deal every :data:`DEAL_EVERY_S` and an exercise
  try every :data:`TRY_EVERY_S`: a student takes ``1 / (DEAL_EVERY_S * deal rate) +
  1 / (TRY_EVERY_S * try rate)`` of the server's time, so it carries the inverse of that.
  Beside it, the ceiling by CPU alone: the cores over a student's CPU seconds per second
  (what a machine running nothing else carries; the rates also pay for whatever else runs).
* **The goal run**: :data:`GOAL_STUDENTS` students at Basic, in classes of
  :data:`CLASS_SIZE` (a client with its own connections per class), arrive over a few
  seconds and then post at their real pace (a try every 20 s, a deal every 3 min, each with
  its own phase) for ``seconds``: join and record (POST answered) p50/p95 and the time until
  the record reads ``kept`` (its sender polls ``/api/records/<uid>`` after 0.1 s, then twice
  as long each time, as a page does). The goal: p95 of join and record at most
  :data:`GOAL_P95_MS`. To tell the server's time from the machine's: the server's own
  handling p95 (Tornado's request log), the students' wait for a connection, their event
  loop's lag, the CPU the server used (cores per 1,000 students) and the machine's load.

Beside the students carried stands today's served-app figure (``bench_class.py``, issue 28):
60 students at Basic waited 21 s (p50) and 29 s (p95) for their page on this machine.

``python tests/benchmarks/bench_class_server.py --quick`` (or ``bench.py --quick
bench_class_server``) runs it alone; ``--goal-seconds`` and ``--students`` change the goal run.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import psutil

REPO = Path(__file__).resolve().parents[2]
EXERCISES = REPO / "tutorial" / "exercises"
CACHE = REPO / "build" / "bench"
GAMES = ("mililla", "mille")
LEVELS = ("basic", "expert")
DEAL_EVERY_S = 180.0
"""A student finishes a deal every three minutes."""
TRY_EVERY_S = 20.0
"""A student sends an exercise try every twenty seconds."""
GOAL_STUDENTS = 1000
GOAL_P95_MS = 300.0
CLASS_SIZE = 40
"""Students per class in the goal run (a class holds at most 500)."""
MAX_STUDENTS = 2000
MAX_SECONDS = 300.0
VERIFIERS = 2
KEPT_TIMEOUT_S = 60.0
"""A record not kept (or refused) this long after it was posted counts as lost."""
POLL_FIRST_S = 0.1
POLL_MOST_S = 2.0
SERVED_APP = (
    "served app (bench_class.py, 60 students at Basic arriving over 30 s): page p50 21 s, p95 29 s"
)
"""Today's served-app figure, as issue 28 cites it from ``bench_class.py``."""

Deals = dict[str, list[dict[str, Any]]]
"""Finished deal records by ``game/level``."""


# ------------------------------------------------------------------------- the records


def _sources_hash() -> str:
    """A hash of what decides whether a cached record still verifies: the engine, the
    verifier and the exercise files."""
    digest = hashlib.sha256()
    paths = sorted(
        [
            *(REPO / "engine").rglob("*.py"),
            REPO / "widgets" / "classroom" / "verify.py",
            REPO / "widgets" / "classroom" / "deals.py",
            *EXERCISES.rglob("*.toml"),
        ]
    )
    for path in paths:
        digest.update(str(path.relative_to(REPO)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _deal_records(game: str, level: str, count: int) -> list[dict[str, Any]]:
    """``count`` finished deals of ``game`` against ``level`` bots, as a browser posts them."""
    from cardschool.engine import dealcode
    from cardschool.engine.session import Session
    from cardschool.widgets.classroom.deals import outcome

    records = []
    for seed in range(1, count + 1):
        code = dealcode.encode(game, 100 + seed, level=level)
        bots = Session.from_code(code).seats[1:]
        session = Session.from_code(code, seats=("basic", *bots))  # the learner: a Basic bot
        while not session.deal_over:
            session.step()
        result, score = outcome(session, 0)
        moves = [step.move for step in session.steps]
        records.append({"code": code, "moves": moves, "result": result, "score": score})
    return records


def _try_records(game: str, count: int) -> list[dict[str, Any]]:
    """Up to ``count`` exercise records of ``game``'s files: a wrong try, then a right one."""
    from cardschool.engine.exercises import load_file
    from cardschool.engine.exercises.answers import judged_tries
    from cardschool.widgets.classroom.verify import RecordRefused, verify_exercise

    records = []
    for path in sorted((EXERCISES / game).glob("*.toml")):
        for exercise in load_file(path):
            judged = judged_tries(exercise)
            right = [attempt for attempt, verdict in judged if verdict.right]
            wrong = [attempt for attempt, verdict in judged if not verdict.right and verdict.rule]
            if not right or not wrong:
                continue
            file = f"{game}/{path.name}"
            sent = {"file": file, "id": exercise.id, "tries": [wrong[0], right[0]]}
            try:
                verify_exercise(sent, EXERCISES)
            except RecordRefused:
                continue
            records.append(sent)
            if len(records) >= count:
                return records
    return records


def records(basic: int = 12, expert: int = 4, tries: int = 40) -> dict[str, Any]:
    """The records the students post: deals by ``game/level``, exercises by game (cached)."""
    key = f"{_sources_hash()}-{basic}-{expert}-{tries}"
    path = CACHE / f"class_server_records-{key}.json"
    if path.exists():
        return json.loads(path.read_text())
    made: dict[str, Any] = {"deals": {}, "tries": {}}
    for game in GAMES:
        for level, count in (("basic", basic), ("expert", expert)):
            made["deals"][f"{game}/{level}"] = _deal_records(game, level, count)
        made["tries"][game] = _try_records(game, tries)
    CACHE.mkdir(parents=True, exist_ok=True)
    for old in CACHE.glob("class_server_records-*.json"):
        old.unlink()
    path.write_text(json.dumps(made))
    return made


# ------------------------------------------------------------------------- the server


@dataclass
class Server:
    """The class server's process, its base URL and its CPU so far."""

    process: subprocess.Popen[str]
    base: str
    log: Path

    def tree(self) -> list[psutil.Process]:
        """The server and its verifier processes."""
        try:
            root = psutil.Process(self.process.pid)
            return [root, *root.children(recursive=True)]
        except psutil.NoSuchProcess:
            return []

    def cpu(self) -> float:
        """CPU seconds the server and its verifiers have used (the living ones)."""
        return sum(self.cpu_by_process().values())

    def cpu_by_process(self) -> dict[int, float]:
        """CPU seconds used so far by each process of the server (its own pid first)."""
        used = {}
        for process in self.tree():
            with contextlib.suppress(psutil.NoSuchProcess):
                times = process.cpu_times()
                used[process.pid] = times.user + times.system
        return used

    def handled(self, since: int) -> dict[str, list[float]]:
        """The server's own handling times (Tornado's request log, seconds) of the requests
        logged after byte ``since`` of its log, by route (``POST join``, ``POST record``...)."""
        times: dict[str, list[float]] = {}
        with self.log.open() as log:
            log.seek(since)
            for line in log:
                found = _LOGGED.search(line)
                if found:
                    method, path, ms = found.groups()
                    times.setdefault(f"{method} {_route(path)}", []).append(float(ms) / 1000)
        return times


_LOGGED = re.compile(r"\] \d{3} (GET|POST|PATCH|DELETE|OPTIONS) (/api/\S+) \(.*?\) ([\d.]+)ms")
"""A request in Tornado's log: its method, address and handling time."""


def _route(path: str) -> str:
    """A logged address as its route's short name."""
    if path.endswith("/students"):
        return "join"
    if path == "/api/records":
        return "record"
    if path.startswith("/api/records/"):
        return "state"
    return path.rsplit("/", 1)[-1]


@contextlib.contextmanager
def class_server(folder: Path, verifiers: int = VERIFIERS) -> Iterator[Server]:
    """The class server started on 127.0.0.1 (a free port) over a SQLite file in ``folder``."""
    log = folder / "server.log"
    command = [
        sys.executable,
        "-m",
        "cardschool.widgets.classroom.server",
        "--host=127.0.0.1",
        "--port=0",
        f"--db={folder / 'class.db'}",
        f"--exercises={EXERCISES}",
        f"--verifiers={verifiers}",
        "--origin=http://127.0.0.1:1",
        "--limit-classes=100000",  # the benchmark makes every class from one address
    ]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with log.open("w") as out:
        process = subprocess.Popen(
            command, cwd=REPO, stdout=subprocess.PIPE, stderr=out, text=True, env=env
        )
    try:
        assert process.stdout is not None
        base = None
        deadline = time.monotonic() + 60
        while base is None and time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            found = re.search(r"http://127\.0\.0\.1:(\d+)/api", line)
            if found:
                base = f"http://127.0.0.1:{found.group(1)}"
        if base is None:
            raise RuntimeError(f"the class server did not start: {log.read_text()[-2000:]}")
        server = Server(process, base, log)
        _wait_verifiers(server)
        yield server
    finally:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _wait_verifiers(server: Server, seconds: float = 60.0) -> None:
    """Wait until the verifier processes have imported the engine (their CPU settles)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if len(server.tree()) >= 1 + VERIFIERS:
            before = server.cpu()
            time.sleep(0.5)
            if server.cpu() - before < 0.05:
                return
        else:
            time.sleep(0.2)


# ------------------------------------------------------------------------- the students


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))] if ordered else 0.0


@dataclass
class Student:
    """A student who joined: what their requests carry."""

    code: str
    name: str
    token: str

    def headers(self) -> dict[str, str]:
        """The headers that say who sends a record."""
        return {
            "Authorization": f"Bearer {self.token}",
            "X-Student-Name": quote(self.name),
            "X-Class-Code": self.code,
        }


WAITS: list[float] = []
"""How long each request waited for a connection of its client before it was sent."""


@dataclass
class Tally:
    """What the simulated students measured."""

    joins: list[float] = field(default_factory=list)
    posts: list[float] = field(default_factory=list)
    polls: list[float] = field(default_factory=list)
    kept: list[float] = field(default_factory=list)
    states: dict[str, int] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def state(self, state: str) -> None:
        """Count one record's last state."""
        self.states[state] = self.states.get(state, 0) + 1


async def _timed(
    tally: list[float], errors: list[str], call: Any, *args: Any, **options: Any
) -> httpx.Response | None:
    """``call(...)`` timed into ``tally``; None (an error counted) when it fails. The time
    it waited for a connection (the students' side) goes into :data:`WAITS`."""
    sent: list[float] = []

    async def trace(event: str, _info: object) -> None:
        if event == "http11.send_request_headers.started":
            sent.append(time.perf_counter())

    began = time.perf_counter()
    try:
        response = await call(*args, **options, extensions={"trace": trace})
    except httpx.HTTPError as error:
        errors.append(f"{type(error).__name__}: {error}"[:160])
        return None
    tally.append(time.perf_counter() - began)
    if sent:
        WAITS.append(sent[0] - began)
    if response.status_code >= 400:
        errors.append(f"{response.status_code}: {response.text[:120]}")
    return response


async def _new_class(client: httpx.AsyncClient, title: str) -> str:
    """A class made by a teacher; its code."""
    response = await client.post("/api/classes", json={"title": title})
    response.raise_for_status()
    return response.json()["code"]


async def _join(client: httpx.AsyncClient, code: str, name: str, tally: Tally) -> Student | None:
    """A student joins the class ``code`` (timed)."""
    path = f"/api/classes/{code}/students"
    response = await _timed(tally.joins, tally.errors, client.post, path, json={"name": name})
    if response is None or response.status_code != 201:
        return None
    return Student(code, name, response.json()["token"])


async def _post(
    client: httpx.AsyncClient, student: Student, kind: str, sent: dict[str, Any], tally: Tally
) -> str | None:
    """Post one record (timed); its uid, or None when the server did not take it."""
    uid = uuid.uuid4().hex
    body = {**sent, "kind": kind, "uid": uid}
    response = await _timed(
        tally.posts, tally.errors, client.post, "/api/records", json=body, headers=student.headers()
    )
    if response is None or response.status_code != 202:
        tally.state("not taken")
        return None
    return uid


async def _state(client: httpx.AsyncClient, student: Student, uid: str, tally: Tally) -> str:
    """The state of a record sent (``checking``, ``kept``, ``refused``; ``?`` on an error)."""
    response = await _timed(
        tally.polls, tally.errors, client.get, f"/api/records/{uid}", headers=student.headers()
    )
    if response is None or response.status_code != 200:
        return "?"
    return response.json().get("state", "?")


async def _until_done(
    client: httpx.AsyncClient, student: Student, uid: str, posted: float, tally: Tally
) -> None:
    """Poll a record as a page does (0.1 s, then twice as long each time) until it is done."""
    wait = POLL_FIRST_S
    while time.perf_counter() - posted < KEPT_TIMEOUT_S:
        await asyncio.sleep(wait)
        state = await _state(client, student, uid, tally)
        if state in ("kept", "refused"):
            if state == "kept":
                tally.kept.append(time.perf_counter() - posted)
            tally.state(state)
            return
        wait = min(POLL_MOST_S, wait * 2)
    tally.state("lost")


async def _loop_lag(lags: list[float], every: float = 0.05) -> None:
    """How late this process's event loop wakes a sleeper (the students' own delay)."""
    while True:
        began = time.perf_counter()
        await asyncio.sleep(every)
        lags.append(time.perf_counter() - began - every)


def _client(base: str, connections: int = 200) -> httpx.AsyncClient:
    """An HTTP client on the server at ``base`` (loopback only)."""
    if not base.startswith("http://127.0.0.1:"):
        raise ValueError("the students talk to a class server on loopback only")
    limits = httpx.Limits(max_connections=connections, max_keepalive_connections=connections)
    return httpx.AsyncClient(base_url=base, limits=limits, timeout=60.0)


async def _class_of(
    client: httpx.AsyncClient, size: int, title: str, tally: Tally
) -> list[Student]:
    """A class of ``size`` students who joined it."""
    code = await _new_class(client, title)
    joined = await asyncio.gather(*(_join(client, code, f"s{k}", tally) for k in range(size)))
    return [student for student in joined if student is not None]


# ------------------------------------------------------------------------- saturation


async def _saturate(
    server: Server, students: list[Student], kind: str, sent: list[dict[str, Any]], count: int
) -> dict[str, Any]:
    """Post ``count`` records at once (round the students and ``sent``) and wait until all
    are verified: records per second, CPU seconds per record, POST p95."""
    tally = Tally()
    async with _client(server.base, 64) as client:
        cpu, began = server.cpu(), time.perf_counter()
        gate = asyncio.Semaphore(32)

        async def one(k: int) -> tuple[Student, str | None]:
            student = students[k % len(students)]
            async with gate:
                return student, await _post(client, student, kind, sent[k % len(sent)], tally)

        posted = await asyncio.gather(*(one(k) for k in range(count)))
        taken = [(student, uid) for student, uid in posted if uid is not None]
        # the verifiers take a class's records in the order sent: wait for the last of each
        # student's, then read every record's state once
        last: dict[str, tuple[Student, str]] = {}
        for student, uid in taken:
            last[student.name + student.code] = (student, uid)
        for student, uid in last.values():
            while time.perf_counter() - began < KEPT_TIMEOUT_S * 3:
                if await _state(client, student, uid, Tally()) != "checking":
                    break
                await asyncio.sleep(0.05)
        elapsed = time.perf_counter() - began
        used = server.cpu() - cpu
        states = await asyncio.gather(*(_state(client, s, uid, Tally()) for s, uid in taken))
    kept = sum(1 for state in states if state == "kept")
    return {
        "count": count,
        "kept": kept,
        "refused": sum(1 for state in states if state == "refused"),
        "rate": kept / elapsed if elapsed else 0.0,
        "cpu_per": used / kept if kept else float("nan"),
        "post_p95": _percentile(tally.posts, 0.95),
        "errors": tally.errors[:3],
    }


# ------------------------------------------------------------------------- the goal run


async def _student_life(
    client: httpx.AsyncClient,
    code: str,
    name: str,
    arrive: float,
    ends: float,
    made: dict[str, Any],
    rng: random.Random,
    tally: Tally,
    watchers: list[asyncio.Task[None]],
) -> None:
    """One static student: joins at ``arrive``, then posts at their pace until ``ends``."""
    await asyncio.sleep(max(0.0, arrive - time.perf_counter()))
    student = await _join(client, code, name, tally)
    if student is None:
        return
    game = rng.choice(GAMES)
    deals, tries = made["deals"][f"{game}/basic"], made["tries"][game]
    start = time.perf_counter()
    # the student's own phase: their next try and deal fall anywhere in their periods
    events = [(start + rng.uniform(0, TRY_EVERY_S), "exercises")]
    events.append((start + rng.uniform(0, DEAL_EVERY_S), "deal"))
    while True:
        events.sort()
        when, kind = events.pop(0)
        if when >= ends:
            return
        await asyncio.sleep(max(0.0, when - time.perf_counter()))
        sent = rng.choice(deals if kind == "deal" else tries)
        uid = await _post(client, student, kind, sent, tally)
        if uid is not None:
            poll = _until_done(client, student, uid, time.perf_counter(), tally)
            watchers.append(asyncio.ensure_future(poll))
        events.append((when + (DEAL_EVERY_S if kind == "deal" else TRY_EVERY_S), kind))


async def _goal_run(
    server: Server,
    made: dict[str, Any],
    students: int,
    arrive_s: float,
    seconds: float,
    tail_s: float = 10.0,
) -> dict[str, Any]:
    """``students`` at Basic arriving over ``arrive_s`` then posting at their pace for
    ``seconds``: join, record and kept figures, the server's CPU share. Records not kept
    ``tail_s`` after the end are counted as late."""
    tally = Tally()
    rng = random.Random(28)
    watchers: list[asyncio.Task[None]] = []
    async with contextlib.AsyncExitStack() as stack:
        # a client (its own connections) per class, as a class's browsers have theirs
        classes = (students + CLASS_SIZE - 1) // CLASS_SIZE
        clients = [
            await stack.enter_async_context(_client(server.base, CLASS_SIZE))
            for _ in range(classes)
        ]
        codes = [await _new_class(clients[k], f"goal {k}") for k in range(classes)]
        logged = server.log.stat().st_size
        WAITS.clear()
        cpu, began = server.cpu_by_process(), time.perf_counter()
        own = time.process_time()
        ends = began + arrive_s + seconds
        lags: list[float] = []
        ticker = asyncio.ensure_future(_loop_lag(lags))
        lives = [
            _student_life(
                clients[k // CLASS_SIZE],
                codes[k // CLASS_SIZE],
                f"student {k}",
                began + arrive_s * k / students,
                ends,
                made,
                random.Random(rng.random()),
                tally,
                watchers,
            )
            for k in range(students)
        ]
        await asyncio.gather(*lives)
        elapsed = time.perf_counter() - began
        now = server.cpu_by_process()
        main = now.get(server.process.pid, 0.0) - cpu.get(server.process.pid, 0.0)
        used = sum(now.values()) - sum(cpu.values())
        generator = time.process_time() - own
        ticker.cancel()
        # the records still checking get a little longer; those not done by then are late
        _done, late = await asyncio.wait(watchers, timeout=tail_s) if watchers else ((), ())
        for watcher in late:
            watcher.cancel()
            tally.state("late")
    posted = len(tally.posts)
    handled = server.handled(logged)
    return {
        "handled_join_p95": _percentile(handled.get("POST join", []), 0.95),
        "handled_record_p95": _percentile(handled.get("POST record", []), 0.95),
        "loop_lag_p95": _percentile(lags, 0.95),
        "wait_p95": _percentile(WAITS, 0.95),
        "main_cpu": main / elapsed,
        "students": students,
        "seconds": elapsed,
        "join_p50": _percentile(tally.joins, 0.5),
        "join_p95": _percentile(tally.joins, 0.95),
        "joins": len(tally.joins),
        "post_p50": _percentile(tally.posts, 0.5),
        "post_p95": _percentile(tally.posts, 0.95),
        "posts": posted,
        "offered": posted / elapsed if elapsed else 0.0,
        "poll_p95": _percentile(tally.polls, 0.95),
        "kept_p50": _percentile(tally.kept, 0.5),
        "kept_p95": _percentile(tally.kept, 0.95),
        "states": dict(tally.states),
        "server_cpu": used / (elapsed * (os.cpu_count() or 1)),
        "cores_per_thousand": used / elapsed * 1000 / students,
        "generator_cpu": generator / (elapsed * (os.cpu_count() or 1)),
        "errors": len(tally.errors),
        "first_errors": tally.errors[:3],
    }


# ------------------------------------------------------------------------- the table


def _carried(deal_rate: float, try_rate: float) -> float:
    """Students one server carries when each makes a deal every :data:`DEAL_EVERY_S` and an
    exercise try every :data:`TRY_EVERY_S` (each kind taking its share of the server)."""
    if deal_rate <= 0 or try_rate <= 0:
        return 0.0
    return 1.0 / (1.0 / (DEAL_EVERY_S * deal_rate) + 1.0 / (TRY_EVERY_S * try_rate))


def _carried_by_cpu(deal_cpu: float, try_cpu: float, cores: int) -> float:
    """Students whose records keep ``cores`` busy, from the CPU seconds per record (the
    server's and its verifiers'): the ceiling when nothing else runs on the machine."""
    per_student = deal_cpu / DEAL_EVERY_S + try_cpu / TRY_EVERY_S
    return cores / per_student if per_student > 0 else 0.0


@dataclass(frozen=True)
class Plan:
    """How much a run posts."""

    basic: int
    expert: int
    tries: int
    students: int
    arrive_s: float
    seconds: float


QUICK = Plan(basic=30, expert=3, tries=60, students=GOAL_STUDENTS, arrive_s=8.0, seconds=14.0)
FULL = Plan(basic=400, expert=30, tries=800, students=GOAL_STUDENTS, arrive_s=20.0, seconds=60.0)


async def _saturations(
    server: Server, made: dict[str, Any], plan: Plan
) -> dict[str, dict[str, Any]]:
    """Each kind of record saturating the server in turn (two classes of 20 post them)."""
    async with _client(server.base) as client:
        setup = Tally()
        pupils = [
            *await _class_of(client, 20, "saturation a", setup),
            *await _class_of(client, 20, "saturation b", setup),
        ]
    out = {}
    for game in GAMES:
        tries = made["tries"][game]
        out[f"{game} exercises"] = await _saturate(server, pupils, "exercises", tries, plan.tries)
        for level in LEVELS:
            count = plan.basic if level == "basic" else plan.expert
            deals = made["deals"][f"{game}/{level}"]
            out[f"{game} {level} deals"] = await _saturate(server, pupils, "deal", deals, count)
    return out


def _measure(plan: Plan) -> list[dict[str, Any]]:
    """Start the server, saturate it with each kind of record, then run the goal class."""
    made = records()
    rows: list[dict[str, Any]] = []
    load_before = os.getloadavg()
    with (
        tempfile.TemporaryDirectory(prefix="bench-class-server-") as folder,
        class_server(Path(folder)) as server,
    ):
        measured = asyncio.run(_saturations(server, made, plan))
        goal = asyncio.run(_goal_run(server, made, plan.students, plan.arrive_s, plan.seconds))
        load_after = os.getloadavg()
    for name, result in measured.items():
        rows += [
            {
                "name": f"{name}: verified per second",
                "figure": result["rate"],
                "unit": "records/s",
                "n": result["kept"],
                "refused": result["refused"],
            },
            {"name": f"{name}: CPU per verified record", "figure": result["cpu_per"], "unit": "s"},
            {
                "name": f"{name}: POST p95 while saturated",
                "figure": result["post_p95"] * 1000,
                "unit": "ms",
            },
        ]
        for error in result["errors"]:
            rows.append({"name": f"{name}: error", "figure": error[:120], "unit": ""})
    cores = os.cpu_count() or 1
    for level in LEVELS:
        for game in GAMES:
            deal, tries = measured[f"{game} {level} deals"], measured[f"{game} exercises"]
            rows += [
                {
                    "name": f"students carried, {game} at {level.title()} (verified rates)",
                    "figure": _carried(deal["rate"], tries["rate"]),
                    "unit": "students",
                    "peer": SERVED_APP if level == "basic" and game == "mililla" else None,
                },
                {
                    "name": f"students carried, {game} at {level.title()} (CPU, {cores} cores)",
                    "figure": _carried_by_cpu(deal["cpu_per"], tries["cpu_per"], cores),
                    "unit": "students",
                },
            ]
    label = f"goal run: {goal['students']} students at Basic"
    met = goal["join_p95"] * 1000 <= GOAL_P95_MS and goal["post_p95"] * 1000 <= GOAL_P95_MS
    rows += [
        {"name": f"{label}: join p50", "figure": goal["join_p50"] * 1000, "unit": "ms"},
        {
            "name": f"{label}: join p95",
            "figure": goal["join_p95"] * 1000,
            "unit": "ms",
            "n": goal["joins"],
            "target": GOAL_P95_MS,
        },
        {"name": f"{label}: record p50", "figure": goal["post_p50"] * 1000, "unit": "ms"},
        {
            "name": f"{label}: record p95",
            "figure": goal["post_p95"] * 1000,
            "unit": "ms",
            "n": goal["posts"],
            "target": GOAL_P95_MS,
        },
        {
            "name": f"{label}: join p95 handled (server's log)",
            "figure": goal["handled_join_p95"] * 1000,
            "unit": "ms",
        },
        {
            "name": f"{label}: record p95 handled (server's log)",
            "figure": goal["handled_record_p95"] * 1000,
            "unit": "ms",
        },
        {
            "name": f"{label}: students' wait for a connection p95",
            "figure": goal["wait_p95"] * 1000,
            "unit": "ms",
        },
        {
            "name": f"{label}: students' event loop lag p95",
            "figure": goal["loop_lag_p95"] * 1000,
            "unit": "ms",
        },
        {"name": f"{label}: records offered", "figure": goal["offered"], "unit": "records/s"},
        {"name": f"{label}: time to kept p50", "figure": goal["kept_p50"] * 1000, "unit": "ms"},
        {"name": f"{label}: time to kept p95", "figure": goal["kept_p95"] * 1000, "unit": "ms"},
        {"name": f"{label}: state poll p95", "figure": goal["poll_p95"] * 1000, "unit": "ms"},
        {"name": f"{label}: records by state", "figure": json.dumps(goal["states"]), "unit": ""},
        {"name": f"{label}: server CPU", "figure": goal["server_cpu"], "unit": "of all cores"},
        {"name": f"{label}: server's main process", "figure": goal["main_cpu"], "unit": "cores"},
        {
            "name": f"{label}: server cores per 1,000 students",
            "figure": goal["cores_per_thousand"],
            "unit": "cores",
        },
        {
            "name": f"{label}: generator CPU",
            "figure": goal["generator_cpu"],
            "unit": "of all cores",
        },
        {"name": f"{label}: errors", "figure": goal["errors"], "unit": "count"},
        {"name": f"{label}: goal met", "figure": "yes" if met else "no", "unit": ""},
    ]
    for error in goal["first_errors"]:
        rows.append({"name": f"{label}: error", "figure": error[:120], "unit": ""})
    loads = " / ".join(f"{a:.1f}-{b:.1f}" for a, b in zip(load_before, load_after, strict=True))
    rows.append({"name": "machine load 1/5/15 min (before-after)", "figure": loads, "unit": ""})
    return rows


def run(quick: bool = False, plan: Plan | None = None) -> list[dict[str, Any]]:
    """The benchmark's rows (``quick``: fewer records and a 20 s goal run)."""
    plan = plan or (QUICK if quick else FULL)
    if not 1 <= plan.students <= MAX_STUDENTS or not 0 < plan.seconds <= MAX_SECONDS:
        raise ValueError(f"1-{MAX_STUDENTS} students and at most {MAX_SECONDS} s, please")
    return _measure(plan)


def main(argv: list[str]) -> int:
    """The command line: ``--quick``, or a goal run of ``--students`` for ``--goal-seconds``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--students", type=int)
    parser.add_argument("--goal-seconds", type=float)
    args = parser.parse_args(argv)
    plan = QUICK if args.quick else FULL
    plan = Plan(
        plan.basic,
        plan.expert,
        plan.tries,
        args.students or plan.students,
        plan.arrive_s,
        args.goal_seconds or plan.seconds,
    )
    sys.path.insert(0, str(Path(__file__).parent))
    from bench import print_rows

    print_rows(run(args.quick, plan))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
