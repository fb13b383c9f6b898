"""The class server, really started on a loopback port over a SQLite file, driven with httpx.

A teacher creates a class and gives it a Mililla deal; students join, play the deal in
their "browser" (here: the engine, the learner's seat playing its first legal move) and
send it; the server replays it, keeps it and shows it on the board. Forged records are
refused and never shown; a student never sees another's records; CORS answers only the
configured origin; wrong teacher keys and tokens meet the attempt limits.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest

from cardschool.engine import dealcode
from cardschool.engine.languages import speak, spoken
from cardschool.engine.messages import message, render
from cardschool.engine.session import HUMAN, Session
from cardschool.widgets.classroom.api import make_app, serve
from cardschool.widgets.classroom.checking import Job, VerifyQueue
from cardschool.widgets.classroom.deals import outcome, own_moves
from cardschool.widgets.classroom.limits import AttemptLimiter, Limits
from cardschool.widgets.classroom.members import Member
from cardschool.widgets.classroom.store import ClassStore

ROOT = Path(__file__).resolve().parents[2]
EXERCISES = ROOT / "tutorial" / "exercises"
SITE = "http://site.test"
DEAL = dealcode.encode("mililla", 1234)
WAIT = 10.0
"""The longest a test waits for the server to finish checking a record, in seconds."""


class Running:
    """A class server in a thread with its own event loop, on a free loopback port."""

    def __init__(
        self,
        db: Path,
        *,
        verifiers: int = 0,
        limits: Limits | None = None,
        origins: Sequence[str] = (SITE,),
        **options: Any,
    ) -> None:
        self.store = ClassStore(str(db))
        self.options = options
        """More of ``make_app``'s options (the shared tables' kernel key, wait, sweep)."""
        self.limits = limits or Limits(
            window=60, per_address=50, per_class=50, classes_per_address=1000
        )
        self.verifiers = verifiers
        self.origins = list(origins)
        self._ready = threading.Event()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)
        self._thread.start()
        assert self._ready.wait(30), "the class server did not start"
        self.url = f"http://127.0.0.1:{self.port}"

    async def _main(self) -> None:
        app = make_app(
            self.store,
            origins=self.origins,
            exercises_root=EXERCISES,
            verifiers=self.verifiers,
            limits=self.limits,
            **self.options,
        )
        self.made(app)
        http, self.port = serve(app, "127.0.0.1", 0, xheaders=True)
        self.app = app
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self._ready.set()
        await self._stop.wait()
        http.stop()
        app.class_server.close()

    def made(self, app: Any) -> None:
        """What a test sets on the application before it serves (nothing here)."""

    def close(self) -> None:
        """Stop the server and wait for its thread."""
        self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)
        self.store.engine.dispose()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    """A class server checking records in its own process (verifiers=0)."""
    running = Running(tmp_path / "class.db")
    yield running
    running.close()


@pytest.fixture
def client(server: Running) -> Iterator[httpx.Client]:
    """An HTTP client of that server."""
    with httpx.Client(base_url=server.url, timeout=WAIT) as http:
        yield http


# ------------------------------------------------------------ a teacher, students, deals


def new_class(http: httpx.Client, title: str = "Class 4B") -> tuple[str, str]:
    """A new class's code and teacher key."""
    answer = http.post("/api/classes", json={"title": title})
    assert answer.status_code == 201, answer.text
    return answer.json()["code"], answer.json()["key"]


def join(http: httpx.Client, code: str, name: str) -> dict[str, str]:
    """Join the class as ``name``: the headers that say who the student is."""
    answer = http.post(f"/api/classes/{code}/students", json={"name": name})
    assert answer.status_code == 201, answer.text
    token = answer.json()["token"]
    return {
        "Authorization": f"Bearer {token}",
        "X-Class-Code": code,
        "X-Student-Name": quote(answer.json()["name"]),
    }


def played(code: str = DEAL, upto: int | None = None) -> tuple[list[str], Session]:
    """A deal played as a browser would: the learner's first legal move each time, the bots'
    own; every move of the line (the first ``upto`` learner's moves, if given)."""
    session = Session.from_code(code)
    mine = 0
    while not session.deal_over:
        if session.human_to_move:
            if upto is not None and mine == upto:
                break
            session.play(session.legal_moves()[0])
            mine += 1
        else:
            session.step()
    return [step.move for step in session.steps], session


def post(http: httpx.Client, who: dict[str, str], record: dict[str, Any]) -> dict[str, Any]:
    """Send a record and wait for the server's verdict on it: its state (and reason)."""
    record = {"uid": uuid.uuid4().hex, **record}
    answer = http.post("/api/records", json=record, headers=who)
    assert answer.status_code == 202, answer.text
    assert answer.json() == {"uid": record["uid"], "state": "checking"}
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        state = http.get(f"/api/records/{record['uid']}", headers=who).json()
        if state["state"] != "checking":
            return state
        time.sleep(0.02)  # the server checks it meanwhile: ask again
    raise AssertionError(f"record {record['uid']} still checking after {WAIT} s")


def board(http: httpx.Client, code: str, key: str) -> dict[str, Any]:
    """The teacher's board as JSON."""
    answer = http.get(f"/api/classes/{code}/board", headers={"X-Teacher-Key": key})
    assert answer.status_code == 200, answer.text
    return answer.json()


# ------------------------------------------------------------ the tests


def test_a_deal_played_is_replayed_kept_and_on_the_board(client: httpx.Client) -> None:
    code, key = new_class(client)
    given = client.post(
        f"/api/classes/{code}/assignments",
        json={"kind": "deal", "target": DEAL},
        headers={"X-Teacher-Key": key},
    )
    assert given.status_code == 201
    ann, bob = join(client, code, "Ann"), join(client, code, "Bob")
    moves, session = played()
    result, score = outcome(session, session.seats.index(HUMAN))

    # Ann's browser sends the deal as she plays it, then the whole line at its end
    learner = sum(1 for step in session.steps if step.by == HUMAN)
    for upto in range(1, learner):
        line, _ = played(upto=upto)
        assert (
            post(client, ann, {"kind": "deal", "code": DEAL, "moves": line, "result": "playing"})[
                "state"
            ]
            == "kept"
        )
    final = {"kind": "deal", "code": DEAL, "moves": moves, "result": result, "score": score}
    assert post(client, ann, final)["state"] == "kept"
    # Bob's sends it whole at the end: kept, but not as seen played
    assert post(client, bob, {"kind": "deal", "code": DEAL, "moves": moves})["state"] == "kept"

    seen = board(client, code, key)
    assert seen["code"] == code and seen["title"] == "Class 4B"
    assert [s["name"] for s in seen["students"]] == ["Ann", "Bob"]
    assert seen["assignments"] == [{"id": given.json()["id"], "kind": "deal", "target": DEAL}]
    ids = {s["name"]: s["id"] for s in seen["students"]}
    rows = {row["student"]: row for row in seen["records"]}
    assert len(seen["records"]) == 2  # one record per student and work: the last kept
    for name in ("Ann", "Bob"):
        row = rows[ids[name]]
        assert (row["kind"], row["target"], row["result"], row["score"]) == (
            "deal",
            DEAL,
            result,
            score,
        )
        assert row["moves"] == learner and row["has_save"] and "save" not in row
    assert rows[ids["Ann"]]["live"] == learner  # seen played move by move
    assert rows[ids["Bob"]]["live"] < learner  # sent whole: restored, not seen played

    # the teacher replays Ann's deal from its save
    saved = client.get(
        f"/api/classes/{code}/records/{rows[ids['Ann']]['id']}/save",
        headers={"X-Teacher-Key": key},
    )
    assert Session.from_json(saved.json()["save"]).deal_over


def test_a_deal_sent_as_it_is_played_has_each_bot_move_chosen_once(
    client: httpx.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _key = new_class(client)
    ann = join(client, code, "Ann")
    moves, session = played()
    learner = sum(1 for step in session.steps if step.by == HUMAN)
    lines = [played(upto=upto)[0] for upto in range(1, learner)]
    chosen: list[int] = []
    choose = Session._choose

    def counted(self: Session, seat: int, level: str) -> Any:
        chosen.append(len(self.steps))  # the step a bot chose, in the server's replay
        return choose(self, seat, level)

    monkeypatch.setattr(Session, "_choose", counted)  # the server checks in this process
    for line in lines:
        sent = {"kind": "deal", "code": DEAL, "moves": line, "result": "playing"}
        assert post(client, ann, sent)["state"] == "kept"
    result, score = outcome(session, 0)
    final = {"kind": "deal", "code": DEAL, "moves": moves, "result": result, "score": score}
    assert post(client, ann, final)["state"] == "kept"
    bots = [step.ply for step in session.steps if step.by != HUMAN]
    # each record goes on from the save the server kept of the one before: no move twice
    assert sorted(chosen) == bots


def test_an_exercise_is_judged_again_and_its_stars_kept(client: httpx.Client) -> None:
    code, key = new_class(client)
    ann = join(client, code, "Ann")
    sent = {"kind": "exercises", "file": "mililla/beat.toml", "id": "mililla.beat.in-suit"}
    assert post(client, ann, {**sent, "tries": ["2B", "KC"]})["state"] == "kept"
    claimed = post(client, ann, {**sent, "id": "mililla.beat.in-suit", "tries": ["KC", "2B"]})
    assert claimed["state"] == "refused"  # a right answer sent as a wrong one
    outside = post(client, ann, {**sent, "file": "../../pyproject.toml", "tries": ["KC"]})
    assert outside["state"] == "refused"
    (row,) = board(client, code, key)["records"]
    assert (row["target"], row["result"], row["stars"], row["illegal"]) == (
        "mililla/beat.toml#mililla.beat.in-suit",
        "solved",
        2,
        {"mililla.follow": 1},
    )


def forged(moves: list[str], session: Session) -> dict[str, list[str]]:
    """Forged lines of the deal played: an illegal learner's move, a bot's move that is not
    the bot's choice, the deal cut short."""
    assert session.steps[0].by == HUMAN  # the learner leads this deal
    first_bot = next(step.ply for step in session.steps if step.by != HUMAN)
    replay = Session.from_code(DEAL)
    for move in moves[:first_bot]:
        replay.play(move)
    other = next(str(m) for m in replay.legal_moves() if str(m) != moves[first_bot])
    held = {str(m) for m in Session.from_code(DEAL).legal_moves()}
    foreign = next(move for move in moves if move not in held)  # a card of another's hand
    return {
        "illegal": [foreign, *moves[1:]],
        "bot": [*moves[:first_bot], other, *moves[first_bot + 1 :]],
        "short": moves[: len(moves) // 2],
    }


def test_forged_deals_are_refused_with_a_reason_and_never_shown(client: httpx.Client) -> None:
    code, key = new_class(client)
    ann = join(client, code, "Ann")
    moves, session = played()
    result, score = outcome(session, session.seats.index(HUMAN))
    refusals = {}
    for what, line in forged(moves, session).items():
        refusals[what] = post(client, ann, {"kind": "deal", "code": DEAL, "moves": line})
    refusals["score"] = post(
        client, ann, {"kind": "deal", "code": DEAL, "moves": moves, "score": score + 7}
    )
    lost = {"won": "lost", "lost": "won", "tied": "won"}[result]
    refusals["result"] = post(
        client, ann, {"kind": "deal", "code": DEAL, "moves": moves, "result": lost}
    )
    for what, answer in refusals.items():
        assert answer["state"] == "refused", what
        assert answer["id"] == "classroom:verify.refused", what
        assert answer["said"].startswith("The record was refused: "), what
    assert "is not" in refusals["bot"]["said"] and str(score + 7) in refusals["score"]["said"]
    assert board(client, code, key)["records"] == []
    assert client.get(f"/api/classes/{code}/me", headers=ann).json()["records"] == []
    garbage = client.post("/api/records", content=b"[1, 2]", headers=ann)
    assert garbage.status_code == 400
    assert garbage.json()["error"]["id"] == "classroom:api.not-json"
    kind = client.post("/api/records", json={"kind": "essay"}, headers=ann)
    assert kind.status_code == 400 and "essay" in kind.json()["error"]["said"]


def test_a_student_never_gets_another_students_records(client: httpx.Client) -> None:
    code, key = new_class(client)
    ann, bob = join(client, code, "Ann"), join(client, code, "Bob")
    moves, _ = played()
    kept = post(client, ann, {"kind": "deal", "code": DEAL, "moves": moves})
    assert kept["state"] == "kept"
    mine = client.get(f"/api/classes/{code}/me", headers=ann).json()
    assert [row["uid"] for row in mine["records"]] == [kept["uid"]]
    assert client.get(f"/api/classes/{code}/me", headers=bob).json()["records"] == []
    # Bob's token under Ann's name is Bob, and Ann's record is not his to ask about
    posing = {**bob, "X-Student-Name": "Ann"}
    me = client.get(f"/api/classes/{code}/me", headers=posing).json()
    assert (me["name"], me["records"]) == ("Bob", [])
    assert client.get(f"/api/records/{kept['uid']}", headers=bob).status_code == 404
    stolen = client.post(
        "/api/records", json={"kind": "deal", "uid": kept["uid"], "code": DEAL}, headers=bob
    )
    assert (stolen.status_code, stolen.json()["error"]["id"]) == (409, "classroom:api.uid-taken")
    assert client.get(f"/api/classes/{code}/me", headers=bob).json()["records"] == []
    # a forged token is no student; a board needs the teacher key, not a student's token
    forged_token = {**ann, "Authorization": "Bearer " + "x" * 32}
    assert client.get(f"/api/classes/{code}/me", headers=forged_token).status_code == 401
    assert client.get(f"/api/classes/{code}/board", headers=ann).status_code == 401
    # the teacher renames and removes students; a removed student's token is nobody's
    ids = {s["name"]: s["id"] for s in board(client, code, key)["students"]}
    teacher = {"X-Teacher-Key": key}
    renamed = client.patch(
        f"/api/classes/{code}/students/{ids['Ann']}", json={"name": "Anna"}, headers=teacher
    )
    assert renamed.json() == {"id": ids["Ann"], "name": "Anna"}
    assert client.get(f"/api/classes/{code}/me", headers=ann).json()["name"] == "Anna"
    gone = client.delete(f"/api/classes/{code}/students/{ids['Ann']}", headers=teacher)
    assert gone.json() == {"id": ids["Ann"], "records": 1}
    assert client.get(f"/api/classes/{code}/me", headers=ann).status_code == 401


def test_cors_answers_only_the_configured_origin(client: httpx.Client) -> None:
    preflight = client.options(
        "/api/records",
        headers={"Origin": SITE, "Access-Control-Request-Method": "POST"},
    )
    assert preflight.status_code == 204
    assert preflight.headers["Access-Control-Allow-Origin"] == SITE
    assert "POST" in preflight.headers["Access-Control-Allow-Methods"]
    allowed = preflight.headers["Access-Control-Allow-Headers"]
    assert {"Authorization", "X-Teacher-Key", "X-Student-Name"} <= set(allowed.split(", "))
    made = client.post("/api/classes", json={"title": "CORS"}, headers={"Origin": SITE})
    assert made.headers["Access-Control-Allow-Origin"] == SITE
    refused = client.get("/api/classes/ZZZZZZ/board", headers={"Origin": SITE})
    assert refused.status_code == 401 and refused.headers["Access-Control-Allow-Origin"] == SITE
    for origin in ("http://evil.test", "http://site.test.evil.test", "null"):
        other = client.options("/api/records", headers={"Origin": origin})
        assert not any(h.lower().startswith("access-control") for h in other.headers), origin
        made = client.post("/api/classes", json={"title": "CORS"}, headers={"Origin": origin})
        assert "Access-Control-Allow-Origin" not in made.headers, origin


def test_a_wrong_teacher_key_is_refused_in_the_readers_language(client: httpx.Client) -> None:
    code, key = new_class(client)
    wrong = client.get(f"/api/classes/{code}/board", headers={"X-Teacher-Key": "N" * 20})
    assert wrong.status_code == 403
    error = wrong.json()["error"]
    assert error == {"id": "classroom:store.key-wrong", "said": in_language("en", error["id"])}
    french = client.get(
        f"/api/classes/{code}/board?lang=fr", headers={"X-Teacher-Key": "N" * 20}
    ).json()["error"]["said"]
    spanish = client.get(
        f"/api/classes/{code}/board",
        headers={"X-Teacher-Key": "N" * 20, "Accept-Language": "de, es;q=0.8, fr;q=0.5"},
    ).json()["error"]["said"]
    assert french == in_language("fr", error["id"]) != error["said"]
    assert spanish == in_language("es", error["id"]) != french
    missing = client.get(f"/api/classes/{code}/board")
    assert (missing.status_code, missing.json()["error"]["id"]) == (401, "classroom:api.no-key")
    assert client.get(f"/api/classes/{code}/board", headers={"X-Teacher-Key": key}).is_success
    nobody = client.post("/api/classes/ZZZZZZ/students", json={"name": "Ann"})
    assert (nobody.status_code, nobody.json()["error"]["id"]) == (404, "classroom:store.no-class")
    big = client.post("/api/classes", content=b" " * (600 * 1024))
    assert (big.status_code, big.json()["error"]["id"]) == (413, "classroom:api.too-big")


def in_language(language: str, id: str) -> str:
    """The sentence ``id`` in ``language``."""
    before = spoken()
    speak(language)
    try:
        return render(message(id))
    finally:
        speak(before)


def test_wrong_secrets_meet_the_attempt_limits(tmp_path: Path) -> None:
    limits = Limits(window=2.0, per_address=3, per_class=5)
    running = Running(tmp_path / "class.db", limits=limits)
    try:
        with httpx.Client(base_url=running.url, timeout=WAIT) as http:
            code, key = new_class(http)
            from_a = {"X-Teacher-Key": "N" * 20, "X-Real-Ip": "10.0.0.1"}
            for _ in range(3):
                assert http.get(f"/api/classes/{code}/board", headers=from_a).status_code == 403
            right_from_a = {**from_a, "X-Teacher-Key": key}
            limited = http.get(f"/api/classes/{code}/board", headers=right_from_a)
            assert limited.status_code == 429  # even the right key: the address waits
            wait = int(limited.headers["Retry-After"])
            assert 1 <= wait <= 2
            assert limited.json()["error"]["id"] == "classroom:api.too-many"
            assert f"try again in {wait} second" in limited.json()["error"]["said"]
            # another address may still try; two more wrong ones there fill the class's count
            from_b = {"X-Teacher-Key": key, "X-Real-Ip": "10.0.0.2"}
            assert http.get(f"/api/classes/{code}/board", headers=from_b).status_code == 200
            ann = join(http, code, "Ann")
            for _ in range(2):
                wrong = {**ann, "Authorization": "Bearer " + "y" * 32, "X-Real-Ip": "10.0.0.2"}
                assert http.get(f"/api/classes/{code}/me", headers=wrong).status_code == 401
            from_c = {**ann, "X-Real-Ip": "10.0.0.3"}
            assert http.get(f"/api/classes/{code}/me", headers=from_c).status_code == 429
            # once the window has passed, the right secrets work again
            assert wait_for(lambda: http.get(f"/api/classes/{code}/me", headers=from_c))
            assert http.get(f"/api/classes/{code}/board", headers=right_from_a).status_code == 200
    finally:
        running.close()


def wait_for(ask: Callable[[], httpx.Response], most: float = 5.0) -> bool:
    """Ask again until the answer is not 429 (True), or ``most`` seconds have passed."""
    deadline = time.monotonic() + most
    while time.monotonic() < deadline:
        if ask().status_code != 429:
            return True
    return False


def test_the_limiter_forgets_wrong_tries_out_of_its_window() -> None:
    now = [100.0]
    limiter = AttemptLimiter(Limits(window=10, per_address=2, per_class=3), clock=lambda: now[0])
    keys = ["address:a", "class:K"]
    limiter.wrong(keys)
    now[0] += 4
    limiter.wrong(keys)
    assert limiter.wait(keys) == 6  # the first wrong try leaves the window in 6 s
    assert limiter.wait(["address:b", "class:K"]) == 0  # the class has one more
    now[0] += 6
    assert limiter.wait(keys) == 0


def test_the_queue_takes_the_classes_in_turn(tmp_path: Path) -> None:
    kept: list[str] = []

    async def keep(member: Member, record: Any) -> None:
        kept.append(record.uid)

    async def run() -> None:
        queue = VerifyQueue(verifiers=0, exercises_root=EXERCISES, keep=keep)
        moves, _ = played()
        jobs = []
        for class_id, count in ((1, 4), (2, 1)):
            member = Member(class_id, class_id, "Ann", "ABCDEF")
            for _ in range(count):
                uid = uuid.uuid4().hex
                sent = {"kind": "deal", "code": DEAL, "moves": moves, "uid": uid}
                jobs.append(Job(uid, "deal", sent, member, DEAL))
                assert queue.put(jobs[-1]) is None
        assert [job.uid for job in queue.checking(2)] == [jobs[-1].uid]
        deadline = time.monotonic() + WAIT
        while len(kept) < 5 and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        queue.close()
        # class 2's one record comes second, not after class 1's four
        assert kept == [jobs[0].uid, jobs[4].uid, *(job.uid for job in jobs[1:4])]

    asyncio.run(run())


def test_verifier_processes_check_records_off_the_server(tmp_path: Path) -> None:
    running = Running(tmp_path / "class.db", verifiers=1)
    try:
        with httpx.Client(base_url=running.url, timeout=WAIT) as http:
            code, key = new_class(http)
            ann = join(http, code, "Ann")
            moves, session = played()
            bot = forged(moves, session)["bot"]
            refused = post(http, ann, {"kind": "deal", "code": DEAL, "moves": bot})
            assert refused["state"] == "refused" and "is not" in refused["said"]
            kept = post(http, ann, {"kind": "deal", "code": DEAL, "moves": moves})
            assert kept["state"] == "kept"
            (row,) = board(http, code, key)["records"]
            assert (row["uid"], row["moves"]) == (kept["uid"], own_moves(session))
    finally:
        running.close()


@contextlib.contextmanager
def deal_sent_while_held(
    server: Running, client: httpx.Client
) -> Iterator[tuple[str, str, dict[str, str], str, Any]]:
    """A class, its student Ann, and her finished deal sent while the store's writers are
    held (checked, not stored yet): the class code and key, Ann's headers, the record's uid
    and the lock file held (``fcntl.flock(held, fcntl.LOCK_UN)`` lets the store go on)."""
    code, key = new_class(client)
    ann = join(client, code, "Ann")
    moves, _ = played()
    uid = uuid.uuid4().hex
    lock = Path(str(server.store.engine.url.database) + ".lock")
    with lock.open("a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # the store's writers queue behind this one
        sent = {"kind": "deal", "code": DEAL, "moves": moves, "uid": uid}
        assert client.post("/api/records", json=sent, headers=ann).status_code == 202
        yield code, key, ann, uid, held


def test_a_record_reads_checking_until_it_is_kept(server: Running, client: httpx.Client) -> None:
    with deal_sent_while_held(server, client) as (code, key, ann, uid, held):
        # checked, but not stored yet: the board and its sender read it as checking
        (row,) = board(client, code, key)["records"]
        assert (row["uid"], row["result"], row["id"], row["target"]) == (
            uid,
            "checking",
            None,
            DEAL,
        )
        mine = client.get(f"/api/classes/{code}/me", headers=ann).json()["records"]
        assert [(r["uid"], r["result"]) for r in mine] == [(uid, "checking")]
        assert client.get(f"/api/records/{uid}", headers=ann).json()["state"] == "checking"
        fcntl.flock(held, fcntl.LOCK_UN)
    deadline = time.monotonic() + WAIT
    while client.get(f"/api/records/{uid}", headers=ann).json()["state"] == "checking":
        assert time.monotonic() < deadline, "the record was never kept"
        time.sleep(0.02)
    (row,) = board(client, code, key)["records"]
    assert (row["uid"], row["result"] in ("won", "lost", "tied")) == (uid, True)


def test_a_question_for_a_verdict_is_held_until_the_record_is_decided(
    server: Running, client: httpx.Client
) -> None:
    with deal_sent_while_held(server, client) as (_code, _key, ann, uid, held):
        began = time.monotonic()
        held_for = client.get(f"/api/records/{uid}?wait=0.6", headers=ann).json()
        assert held_for["state"] == "checking" and time.monotonic() - began >= 0.5
        # a wait that is not a finite number of seconds, or below none, is no wait at all
        for odd in ("soon", "nan", "-3", "inf"):
            began = time.monotonic()
            answer = client.get(f"/api/records/{uid}?wait={odd}", headers=ann).json()
            assert answer["state"] == "checking" and time.monotonic() - began < 0.5, odd
        threading.Timer(0.5, fcntl.flock, (held, fcntl.LOCK_UN)).start()
        began = time.monotonic()
        decided = client.get(f"/api/records/{uid}?wait=5", headers=ann).json()
        took = time.monotonic() - began
    assert decided["state"] == "kept"
    assert 0.3 <= took < 4, took  # answered once kept, not after the whole wait
