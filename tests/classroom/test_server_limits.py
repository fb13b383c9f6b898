"""The class server's limits on costly work (issue 28): classes made per address, and the
time one record's check may take in a verifier process (a record over it refused, its
verifier killed and replaced, the others served meanwhile)."""

from __future__ import annotations

import time
from pathlib import Path

import httpx

from cardschool.engine import dealcode
from cardschool.engine.messages import message, render
from cardschool.widgets.classroom.limits import Limits, creations
from tests.classroom.lines import played
from tests.classroom.test_class_server import WAIT, Running, join, new_class, post

EXPERT = dealcode.encode("mililla", 1234, level="expert")
"""A deal whose bots are Expert: checking it takes about 0.6 s of CPU."""
BASIC = dealcode.encode("mille", 77)
"""A deal whose bots are Basic: checking it takes about 10 ms."""
SHORT = 0.2
"""The time limit of a check in these tests, in seconds: an Expert deal goes over it."""


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


def test_a_check_over_its_time_is_refused_and_its_verifier_replaced(tmp_path: Path) -> None:
    limits = Limits(window=60, per_address=50, per_class=50, verify_seconds=SHORT)
    running = Running(tmp_path / "class.db", verifiers=2, limits=limits)
    try:
        queue = running.app.class_server.queue
        started = [verifier.ready.result(timeout=60) for verifier in queue._idle]
        with httpx.Client(base_url=running.url, timeout=WAIT) as http:
            code, _key = new_class(http)
            ann = join(http, code, "Ann")
            slow = {"uid": "a" * 32, "kind": "deal", **played(EXPERT)}
            answer = http.post("/api/records?lang=es", json=slow, headers=ann)
            assert answer.status_code == 202
            # the other verifier checks a cheap deal meanwhile
            assert post(http, ann, {"kind": "deal", **played(BASIC)})["state"] == "kept"
            deadline = time.monotonic() + WAIT
            while (state := http.get(f"/api/records/{'a' * 32}?lang=es", headers=ann).json())[
                "state"
            ] == "checking" and time.monotonic() < deadline:
                time.sleep(0.05)
            assert state["state"] == "refused"
            assert state["said"] == render(
                message("classroom:api.too-long", seconds=1), language="es"
            )
            # its verifier was killed, a new one took its place, and both go on checking
            deadline = time.monotonic() + WAIT
            while all(alive(pid) for pid in started) and time.monotonic() < deadline:
                time.sleep(0.05)
            assert sum(alive(pid) for pid in started) == 1
            assert len(queue._idle) + len(queue._busy) == 2
            for seed in (78, 79):
                sent = {"kind": "deal", **played(dealcode.encode("mille", seed))}
                assert post(http, ann, sent)["state"] == "kept"
    finally:
        running.close()
