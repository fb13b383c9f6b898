"""The class server's limits on costly work (issue 28): classes made per address, and the
time one record's check may take in a verifier process (a record over it refused, its
verifier killed and replaced, the others served meanwhile: a check that hangs is made by
``stuck_check.py``, which the verifier processes run)."""

from __future__ import annotations

import asyncio
import time
import uuid
from pathlib import Path
from typing import Any

import httpx

from cardschool.engine import dealcode
from cardschool.engine.messages import message, render
from cardschool.widgets.classroom.checking import CHECKING, KEPT, REFUSED, Job, VerifyQueue
from cardschool.widgets.classroom.limits import Limits, creations
from cardschool.widgets.classroom.members import Member
from tests.classroom.lines import played
from tests.classroom.stuck_check import stuck_or_checked
from tests.classroom.test_class_server import EXERCISES, WAIT, Running, new_class

LIMIT = 2.5
"""The time limit of a check in this test, in seconds (a Basic deal's takes about 10 ms)."""


def test_an_address_makes_only_its_count_of_classes_in_the_window(tmp_path: Path) -> None:
    limits = Limits(classes_per_address=2, classes_window=3600)
    running = Running(tmp_path / "class.db", limits=limits)
    try:
        with httpx.Client(base_url=running.url, timeout=WAIT) as http:
            refused = http.post("/api/classes", json={"title": ""})
            assert refused.status_code == 400  # no class made: it does not count
            new_class(http, "4B")
            new_class(http, "4C")
            over = http.post("/api/classes?lang=fr", json={"title": "4D"})
            assert over.status_code == 429
            assert 3500 <= int(over.headers["Retry-After"]) <= 3600
            error = over.json()["error"]
            assert error["id"] == "classroom:api.too-many-classes"
            assert error["said"] == render(
                message("classroom:api.too-many-classes", minutes=60), language="fr"
            )
            # another address is not held back (X-Forwarded-For: the server is behind a proxy)
            other = {"X-Forwarded-For": "10.0.0.7"}
            assert http.post("/api/classes", json={"title": "5A"}, headers=other).status_code == 201
    finally:
        running.close()


def test_the_classes_limit_frees_an_address_as_its_window_moves() -> None:
    now = [0.0]
    made = creations(Limits(classes_per_address=2, classes_window=100), clock=lambda: now[0])
    keys = ["address:a"]
    made.wrong(keys)
    now[0] = 30
    made.wrong(keys)
    assert made.wait(keys) == 70
    made.take_back(keys)  # the second one made nothing after all
    assert made.wait(keys) == 0
    made.wrong(keys)
    now[0] = 100.5
    assert made.wait(keys) == 0  # the first one left the window


def alive(pid: int) -> bool:
    """True while the process ``pid`` runs (a zombie counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[-1][0] != "Z"
    except FileNotFoundError:
        return False


def test_a_check_over_its_time_is_refused_and_its_verifier_replaced() -> None:
    kept: list[str] = []

    async def keep(member: Member, record: Any) -> None:
        kept.append(record.uid)

    def job(member: Member, seed: int, **marks: Any) -> Job:
        uid = uuid.uuid4().hex
        code = dealcode.encode("mille", seed)
        return Job(uid, "deal", {"uid": uid, **played(code), **marks}, member, code)

    async def settled(jobs: list[Job]) -> float:
        """When the jobs are all kept or refused."""
        deadline = time.monotonic() + WAIT
        while any(j.state == CHECKING for j in jobs) and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        return time.monotonic()

    async def run() -> None:
        queue = VerifyQueue(
            verifiers=2, exercises_root=EXERCISES, keep=keep, seconds=LIMIT, check=stuck_or_checked
        )
        try:
            started = [v.ready.result(timeout=60) for v in queue._idle]
            ann, bob = Member(1, 1, "Ann", "ABCDEF"), Member(2, 2, "Bob", "GHJKMN")
            stuck, other = job(ann, 1, stuck=True), job(bob, 2)
            began = time.monotonic()
            assert queue.put(stuck) is None and queue.put(other) is None
            other_done = await settled([other])
            stuck_done = await settled([stuck])
            assert (other.state, kept) == (KEPT, [other.uid])  # the other verifier served Bob
            assert other_done < stuck_done  # while Ann's was stuck, until its time was up
            assert stuck_done - began >= LIMIT
            assert stuck.state == REFUSED and stuck.said is not None
            said = render(stuck.said, language="es")
            assert said == render(message("classroom:api.too-long", seconds=3), language="es")
            gone_by = time.monotonic() + WAIT  # the kill is sent; the process ends soon after
            while sum(alive(pid) for pid in started) != 1 and time.monotonic() < gone_by:
                await asyncio.sleep(0.05)
            assert sum(alive(pid) for pid in started) == 1  # its verifier killed...
            more = [job(ann, seed) for seed in (3, 4, 5)]
            for one in more:
                assert queue.put(one) is None
            await settled(more)  # ...and a new one in its place: both go on checking
            assert [one.state for one in more] == [KEPT] * 3
            assert len(queue._idle) == 2 and not queue._busy
        finally:
            queue.close()

    asyncio.run(run())
