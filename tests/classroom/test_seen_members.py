"""The class server trusts a student's check for a short time (issue 28): their next requests
skip the store, until the teacher removes or renames them, or a rejoin code gives them a new
token, which the very next request sees."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from cardschool.widgets.classroom.basics import Member
from cardschool.widgets.classroom.seen_members import SeenMembers
from tests.classroom.test_class_server import WAIT, Running, join, new_class

TOKEN = "t" * 32


@pytest.fixture
def counted(tmp_path: Path) -> Iterator[tuple[httpx.Client, list[Any]]]:
    """A class server whose store counts its students' checks: (a client, the checks)."""
    running = Running(tmp_path / "class.db")
    checks: list[Any] = []
    member = running.store.member

    def checked(*args: Any) -> Any:
        checks.append(args)
        return member(*args)

    running.store.member = checked  # type: ignore[method-assign]  (the real check, counted)
    try:
        with httpx.Client(base_url=running.url, timeout=WAIT) as http:
            yield http, checks
    finally:
        running.close()


def test_a_removed_student_is_refused_at_once_though_their_check_was_kept(counted):
    http, checks = counted
    code, key = new_class(http)
    ann = join(http, code, "Ann")
    for _ in range(3):
        assert http.get(f"/api/classes/{code}/me", headers=ann).status_code == 200
    assert len(checks) == 1  # checked by the store once, then trusted
    me = http.get(f"/api/classes/{code}/me", headers=ann).json()
    gone = http.delete(
        f"/api/classes/{code}/students/{me['student']}", headers={"X-Teacher-Key": key}
    )
    assert gone.status_code == 200
    refused = http.get(f"/api/classes/{code}/me", headers=ann)
    assert refused.status_code == 401
    assert refused.json()["error"]["id"] == "classroom:member.invalid"


def test_a_renamed_student_is_read_under_their_new_name_at_once(counted):
    http, checks = counted
    code, key = new_class(http)
    bob = join(http, code, "Bob")
    me = http.get(f"/api/classes/{code}/me", headers=bob).json()
    assert me["name"] == "Bob"
    renamed = http.patch(
        f"/api/classes/{code}/students/{me['student']}",
        json={"name": "Robert"},
        headers={"X-Teacher-Key": key},
    )
    assert renamed.status_code == 200
    assert http.get(f"/api/classes/{code}/me", headers=bob).json()["name"] == "Robert"
    assert len(checks) == 2


def test_a_token_replaced_by_a_rejoin_holds_no_more_at_once(counted):
    http, _checks = counted
    code, key = new_class(http)
    cai = join(http, code, "Cai")
    me = http.get(f"/api/classes/{code}/me", headers=cai).json()
    teacher = {"X-Teacher-Key": key}
    rejoin = http.post(f"/api/classes/{code}/students/{me['student']}/rejoin", headers=teacher)
    back = http.post(
        f"/api/classes/{code}/students", json={"name": "Cai", "rejoin": rejoin.json()["rejoin"]}
    )
    assert back.status_code == 201
    assert http.get(f"/api/classes/{code}/me", headers=cai).status_code == 401
    again = {**cai, "Authorization": f"Bearer {back.json()['token']}"}
    assert http.get(f"/api/classes/{code}/me", headers=again).status_code == 200


def test_a_check_is_kept_a_short_time_a_bounded_number_and_never_over_a_forgetting():
    now = [0.0]
    seen = SeenMembers(seconds=10, most=2, clock=lambda: now[0])
    ann = Member(1, 7, "Ann", "K7RT2Q")
    seen.keep("k7rt2q", "Ann", TOKEN, ann, seen.epoch)
    assert seen.get("K7RT2Q", "Ann", TOKEN) == ann  # the code as the store reads it
    assert seen.get("K7RT2Q", "Ann", "u" * 32) is None  # another token
    assert seen.get("not a code!", "Ann", TOKEN) is None
    now[0] = 10
    assert seen.get("K7RT2Q", "Ann", TOKEN) is None  # too old: asked of the store again
    begun = seen.epoch
    seen.forget("K7RT2Q", 8)  # another student changed while Ann's check was under way
    seen.keep("K7RT2Q", "Ann", TOKEN, ann, begun)
    assert seen.get("K7RT2Q", "Ann", TOKEN) is None
    for number in range(3):
        seen.keep("K7RT2Q", f"S{number}", TOKEN, ann, seen.epoch)
    assert [seen.get("K7RT2Q", f"S{n}", TOKEN) is not None for n in range(3)] == [
        False,
        True,
        True,
    ]
