"""Records the database refused are kept sealed by the browser and taken back once (26.7)."""

from __future__ import annotations

import json
import random
import stat

import pytest

from cardschool.engine.exercises import load_file
from cardschool.engine.session import Session
from cardschool.widgets import MilillaTable
from cardschool.widgets.classroom import sealing
from cardschool.widgets.classroom.joined import Joined, take
from cardschool.widgets.classroom.store import ClassStore, RecordIn
from cardschool.widgets.exercise import ExerciseWidget

from .drive import play_out, send
from .test_records_mean import BEAT, a_try

SEATS = ("human", "random", "random", "random")


@pytest.fixture(autouse=True)
def _fresh_secrets():
    sealing.secret_for.cache_clear()
    yield
    sealing.secret_for.cache_clear()


def a_page(url: str, entry: dict, records: list | None = None) -> tuple[MilillaTable, list]:
    """A practice table of a new kernel whose page sent ``entry`` and the kept ``records``;
    what the kernel sent the browser."""
    table = MilillaTable(Session.new("mililla", 11, seats=SEATS), speed=0)
    sent: list = []
    table.send = sent.append  # the browser's end of the comm
    table.class_membership = Joined(table, lambda: ClassStore(url))
    content = {"type": "member", "entry": entry}
    if records is not None:
        content["records"] = records
    assert take(table, content)
    return table, sent


def kept(sent: list) -> list:
    return [content["keep-record"] for content in sent if "keep-record" in content]


def test_a_refused_record_is_kept_by_the_browser_and_recorded_once_by_the_next_kernel(
    tmp_path, monkeypatch
):
    monkeypatch.delenv(sealing.SECRET_VAR, raising=False)
    path = tmp_path / "class.db"
    store = ClassStore(str(path))
    code, key = store.create_class("Year 7")
    _ann, token = store.join(code, "Ann")
    entry = {"code": code, "name": "Ann", "token": token}
    read_only = f"sqlite:///file:{path}?mode=ro&uri=true"  # the database refuses writes
    table, sent = a_page(read_only, entry)
    play_out(table, random.Random(1))
    [sealed] = kept(sent)
    assert store.records(code, key) == []
    # the secret: a file made once beside the database, for the server only, not in it
    secret = tmp_path / sealing.SECRET_FILE
    assert stat.S_IMODE(secret.stat().st_mode) == 0o600
    assert secret.read_text().strip().encode() not in path.read_bytes()
    # that kernel is gone; the database is back; the next page sends the kept record back
    again, sent = a_page(str(path), entry, [sealed])
    [row] = store.records(code, key)
    assert (row.uid, row.result) == (sealed["uid"], json.loads(sealed["body"])["record"]["result"])
    assert {"drop-record": sealed["uid"]} in sent  # the browser forgets it
    # sent once more (the drop did not reach the browser): still one record
    a_page(str(path), entry, [sealed])
    assert [r.uid for r in store.records(code, key)] == [sealed["uid"]]
    assert again.class_membership.recorder is not None


def test_a_database_servers_secret_is_one_file_for_the_pages_of_every_folder(tmp_path, monkeypatch):
    monkeypatch.delenv(sealing.SECRET_VAR, raising=False)
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    url = "postgresql+psycopg://cardschool@127.0.0.1:5432/cardschool"
    seen = []
    for folder in ("tutorial", "tutorial/mililla"):  # the class page, a practice page
        (tmp_path / folder).mkdir(parents=True)
        monkeypatch.chdir(tmp_path / folder)  # each page's kernel runs in its own folder
        sealing.secret_for.cache_clear()  # a new kernel
        seen.append(sealing.secret_for(url))
        assert not (tmp_path / folder / sealing.SECRET_FILE).exists()
    assert seen[0] == seen[1]
    secret = home / ".cardschool" / sealing.SECRET_FILE
    assert secret.read_text().strip().encode() == seen[0]
    assert stat.S_IMODE(secret.stat().st_mode) == 0o600
    assert stat.S_IMODE(secret.parent.stat().st_mode) == 0o700


def test_without_its_secret_a_refused_record_waits_in_the_kernel_and_the_browsers_stay(
    tmp_path, monkeypatch
):
    monkeypatch.delenv(sealing.SECRET_VAR, raising=False)
    path = tmp_path / "class.db"
    store = ClassStore(str(path))
    code, key = store.create_class("Year 7")
    ann, token = store.join(code, "Ann")
    entry = {"code": code, "name": "Ann", "token": token}
    (tmp_path / sealing.SECRET_FILE).mkdir()  # the secret's file can be neither made nor read
    read_only = f"sqlite:///file:{path}?mode=ro&uri=true"
    table, sent = a_page(read_only, entry)
    play_out(table, random.Random(1))
    assert kept(sent) == [] and len(table.class_membership.recorder.pending) == 1
    assert "not recorded for your class yet" in table.state["message"]["text"]
    lost = RecordIn(kind="deal", target="MLA-7K3Q", result="lost", moves=10, live=10)
    elsewhere = sealing.seal(lost, ann, b"the secret the browser's record was sealed with")
    _table, sent = a_page(str(path), entry, [elsewhere])
    assert store.records(code, key) == [] and sent == []  # not taken, and not dropped


def test_a_forged_or_altered_or_another_students_kept_record_is_not_taken(tmp_path, monkeypatch):
    monkeypatch.setenv(sealing.SECRET_VAR, "a secret of the server's")
    path = tmp_path / "class.db"
    store = ClassStore(str(path))
    code, key = store.create_class("Year 7")
    ann, token = store.join(code, "Ann")
    bob, _bobs = store.join(code, "Bob")
    entry = {"code": code, "name": "Ann", "token": token}
    secret = sealing.secret_for(str(path))
    lost = RecordIn(kind="deal", target="MLA-7K3Q", result="lost", score=20, moves=10, live=10)
    good = sealing.seal(lost, ann, secret)
    body = json.loads(good["body"])
    body["record"]["result"] = "won"  # altered in the browser's storage
    altered = {**good, "body": json.dumps(body)}
    forged = sealing.seal(
        RecordIn(kind="deal", target="MLA-9ZZZ", result="won", moves=9, live=9), ann, b"guessed"
    )
    bobs = sealing.seal(RecordIn(kind="deal", target="MLA-8YYY", result="won"), bob, secret)
    assert sealing.unseal(altered, ann, secret) is None
    assert sealing.unseal(forged, ann, secret) is None
    assert sealing.unseal(bobs, ann, secret) == sealing.OTHERS
    assert sealing.unseal({"uid": good["uid"], "body": 3, "sig": ""}, ann, secret) is None
    _table, sent = a_page(str(path), entry, [altered, forged, bobs, "junk"])
    assert store.records(code, key) == []
    dropped = {content["drop-record"] for content in sent if "drop-record" in content}
    assert dropped == {good["uid"], forged["uid"]}  # Bob's stays for Bob's page
    # the real one is taken, and only while no newer record of that work was written
    store.record(ann, RecordIn(kind="deal", target="MLA-7K3Q", result="won", moves=12, live=12))
    _table, sent = a_page(str(path), entry, [good])
    [row] = store.records(code, key)
    assert row.result == "won" and {"drop-record": good["uid"]} in sent


def test_an_exercise_judged_while_the_database_refuses_is_kept_by_the_browser_too(
    tmp_path, monkeypatch
):
    monkeypatch.setenv(sealing.SECRET_VAR, "another secret of the server's")
    path = tmp_path / "class.db"
    store = ClassStore(str(path))
    code, key = store.create_class("Year 7")
    _ann, token = store.join(code, "Ann")
    entry = {"code": code, "name": "Ann", "token": token}

    def box(url: str, records: list | None = None) -> tuple[ExerciseWidget, list]:
        widget = ExerciseWidget(load_file(BEAT), str(BEAT))
        sent: list = []
        widget.send = sent.append
        widget.class_membership = Joined(widget, lambda: ClassStore(url))
        assert take(widget, {"type": "member", "entry": entry, "records": records or []})
        return widget, sent

    widget, sent = box(f"sqlite:///file:{path}?mode=ro&uri=true")
    send(widget, type="try", **{"try": a_try(widget, True)})
    [sealed] = kept(sent)
    assert store.records(code, key) == []
    _widget, sent = box(str(path), [sealed])
    [row] = store.records(code, key)
    assert (row.kind, row.result, row.uid) == ("exercises", "solved", sealed["uid"])
    assert {"drop-record": sealed["uid"]} in sent
