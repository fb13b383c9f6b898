"""Records the class database could not take are sent again once it is back (issue 26.7),
with a real PostgreSQL server stopped and started again."""

from __future__ import annotations

import random

import pytest

from cardschool.engine.session import Session
from cardschool.widgets import MilillaTable
from cardschool.widgets.classroom import recording
from cardschool.widgets.classroom.joined import Joined
from cardschool.widgets.classroom.store import ClassStore

from .conftest import fresh_pg_database
from .drive import from_browser, play_out
from .postgres import pg_bin, running_postgres

SEATS = ("human", "random", "random", "random")


def a_table(url: str, entry: dict[str, str]) -> MilillaTable:
    """A practice table whose page sent ``entry`` (a membership) as it opened."""
    table = MilillaTable(Session.new("mililla", 11, seats=SEATS), speed=0)
    table.class_membership = Joined(table, lambda: ClassStore(url))  # a kernel's own store
    from_browser(table, {"type": "member", "entry": entry})
    return table


def test_records_refused_while_postgresql_is_down_are_sent_again_once_it_is_back(monkeypatch):
    bin_dir = pg_bin()
    if bin_dir is None:
        pytest.skip("PostgreSQL server binaries not found")
    monkeypatch.setattr(recording, "RETRY_S", 0.0)
    with running_postgres(bin_dir) as server:
        url = fresh_pg_database(server)
        store = ClassStore(url)
        code, key = store.create_class("Year 7")
        entries = {}
        for name in ("Ann", "Bob"):
            _member, token = store.join(code, name)
            entries[name] = {"code": code, "name": name, "token": token}
        ann = a_table(url, entries["Ann"])  # opened while the server runs
        assert ann.class_membership.recorder is not None
        server.stop()
        play_out(ann, random.Random(1))  # the deal ends while the server is down
        said = ann.state["message"]["text"]
        assert "not recorded for your class yet" in said and "sent again" in said
        bob = a_table(url, entries["Bob"])  # a page opened while the server is down
        said = bob.state["message"]["text"]
        assert "records it once the database is back" in said
        server.start()
        ann.new_deal()  # the next thing the page does sends the kept record
        [row] = store.records(code, key)  # Ann's deal, sent again
        assert row.student_id == ann.class_membership.recorder.member.student_id
        play_out(bob, random.Random(2))  # Bob's page records once the server is back
        assert bob.class_membership.recorder is not None
        ann.new_deal()
        rows = store.records(code, key)
        assert sorted(row.student_id for row in rows) == sorted(
            [
                ann.class_membership.recorder.member.student_id,
                bob.class_membership.recorder.member.student_id,
            ]
        )  # one record each: the one sent again is kept once
