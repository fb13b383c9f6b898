"""A student the teacher renamed keeps their place by their token; a removed one is refused."""

from __future__ import annotations

import random

import pytest

from cardschool.widgets import practice
from cardschool.widgets.classroom.roster import remove_student, rename_student
from cardschool.widgets.classroom.store import ClassStore, MembershipError
from cardschool.widgets.classroom.student import ClassWidget

from .drive import from_browser, play_out


def bob_joined(store: ClassStore) -> tuple[str, str, int, dict[str, str]]:
    """A class with Bob in it: its code and key, Bob's id and the membership his browser keeps."""
    code, key = store.create_class("Year 7")
    bob, token = store.join(code, "Bob")
    return code, key, bob.student_id, {"code": code, "name": "Bob", "token": token}


def test_a_renamed_student_is_found_by_token_under_the_new_name(db_url):
    store = ClassStore(db_url)
    code, key, bob, kept = bob_joined(store)
    assert rename_student(store, code, key, bob, "Robert") == "Robert"
    member = store.member(code, "Bob", kept["token"])
    assert (member.student_id, member.name) == (bob, "Robert")
    assert store.member(code, "Robert", kept["token"]) == member
    forged = kept["token"][:-1] + ("y" if kept["token"].endswith("x") else "x")
    for name in ("Bob", "Robert"):
        with pytest.raises(MembershipError):
            store.member(code, name, forged)
    other, _ = store.create_class("Year 8")
    with pytest.raises(MembershipError):  # a token is known in its own class only
        store.member(other, "Bob", kept["token"])
    new_bob, new_token = store.join(code, "Bob")  # the old name is free for someone else
    assert store.member(code, "Bob", kept["token"]) == member  # the token decides, not the name
    assert store.member(code, "Bob", new_token) == new_bob != member


def test_a_removed_student_stays_refused(db_url):
    store = ClassStore(db_url)
    code, key, bob, kept = bob_joined(store)
    rename_student(store, code, key, bob, "Robert")
    remove_student(store, code, key, bob)
    for name in ("Bob", "Robert"):
        with pytest.raises(MembershipError):
            store.member(code, name, kept["token"])


def test_the_class_page_keeps_the_new_name_and_tables_record_under_it(tmp_path, monkeypatch):
    path = str(tmp_path / "class.db")
    monkeypatch.setenv("CARDSCHOOL_DB", path)
    store = ClassStore(path)
    code, key, bob, kept = bob_joined(store)
    rename_student(store, code, key, bob, "Robert")
    page = ClassWidget(lambda: store)
    from_browser(page, {"type": "restore", "entry": dict(kept)})
    assert page.member is not None and page.member.name == "Robert"
    assert page.membership == {**kept, "name": "Robert"}  # storage.js keeps this one
    assert "Robert" in page.state["joined_html"] and not page.state["message"]
    table = practice("mililla", speed=0).table  # a practice page sends the old membership
    from_browser(table, {"type": "member", "entry": dict(kept)})
    assert table.class_membership.recorder is not None
    play_out(table, random.Random(3))
    [row] = store.records(code, key)
    assert row.student_id == bob
    remove_student(store, code, key, bob)
    gone = ClassWidget(lambda: store)
    from_browser(gone, {"type": "restore", "entry": {**kept, "name": "Robert"}})
    assert gone.member is None and gone.membership == {} and "join again" in gone.state["message"]
