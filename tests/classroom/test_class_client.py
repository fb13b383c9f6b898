"""Kernels record through the class server (issue 28.4): ``client.py`` against a real server.

A class server runs on a free loopback port over a SQLite file (verifiers=0: records are
checked in its own process); a :class:`ClassClient` joins, records a finished Basic Mililla
deal played in a real session and an exercise solved after a wrong try, and reads them back;
a forged record is refused with the server's sentence; a server that does not answer is a
StoreError and the Recorder keeps the record for later; a practice table's membership
records through the client when ``CARDSCHOOL_CLASS_SERVER`` names the server.
"""

from __future__ import annotations

import csv
import fcntl
import io
import json
import random
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from cardschool.engine import dealcode
from cardschool.engine.exercises import load_file
from cardschool.engine.exercises.answers import judged_tries
from cardschool.engine.exercises.progress import stars_for
from cardschool.engine.languages import speak, spoken
from cardschool.engine.messages import message, render
from cardschool.engine.session import Session
from cardschool.widgets.classroom.board import board_csv, board_html, build_board
from cardschool.widgets.classroom.client import (
    ClassClient,
    ServerDown,
    ServerMember,
    ServerRefused,
    record_sent,
    urllib_transport,
)
from cardschool.widgets.classroom.deals import deal_record, outcome, own_moves
from cardschool.widgets.classroom.recording import Recorder
from cardschool.widgets.classroom.sealing import SECRET_VAR
from cardschool.widgets.classroom.store import ClassStore, MembershipError, store_here
from cardschool.widgets.classroom.student import ClassPage, ClassWidget
from cardschool.widgets.classroom.teacher import TeacherPage
from cardschool.widgets.exercise import ExerciseWidget
from cardschool.widgets.practice import practice

from .drive import from_browser, play_out, send
from .test_class_server import EXERCISES, Running

DEAL = dealcode.encode("mililla", 4321)  # Basic bots


@pytest.fixture
def running(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Running]:
    """A class server checking records in its own process, and a sealing secret for tests."""
    monkeypatch.setenv(SECRET_VAR, "a test secret")
    server = Running(tmp_path / "class.db")
    yield server
    server.close()


@pytest.fixture
def teacher(running: Running) -> tuple[ClassClient, str, str]:
    """A client of the server, a class it made and its teacher key."""
    client = ClassClient(running.url)
    code, key = client.create_class("Year 8")
    return client, code, key


class Table:
    """What ``deal_record`` reads of a table: its session and the learner's seat."""

    def __init__(self, session: Session) -> None:
        self.session, self.seat = session, 0


def finished_deal(code: str = DEAL) -> Session:
    """The deal ``code`` played to its end: the learner's first legal move, the bots' own."""
    session = Session.from_code(code)
    while not session.deal_over:
        if session.human_to_move:
            session.play(session.legal_moves()[0])
        else:
            session.step()
    return session


def test_a_student_joins_records_a_deal_and_an_exercise_and_reads_them_back(teacher):
    client, code, key = teacher
    member, token = client.join(code, "Zoé")
    assert isinstance(member, ServerMember) and member.token == token
    assert (member.code, member.name, client.class_title(code)) == (code, "Zoé", "Year 8")
    other = ClassClient(client.base_url)  # another kernel's
    again = other.member(code, "Zoé", token)
    assert (again.student_id, again.class_id) == (member.student_id, member.class_id)

    session = finished_deal()
    record = deal_record(Table(session), {}, hints=1, coach=0, seconds=40)
    assert client.record(member, record) is True
    result, score = outcome(session, 0)
    [row] = client.own_records(member)
    assert (row.kind, row.target, row.result, row.score) == ("deal", DEAL, result, score)
    assert row.moves == own_moves(session) and row.hints == 1 and row.uid == record.uid

    path = EXERCISES / "mililla" / "beat.toml"
    widget = ExerciseWidget(load_file(path), str(path))
    lines: list[str] = []
    Recorder(other, again, lines.append).watch_exercises(widget)
    tries = judged_tries(widget.exercise)
    wrong, rule = next((a, v.rule) for a, v in tries if not v.right)
    right = next(a for a, v in tries if v.right)
    send(widget, type="try", **{"try": str(wrong)})
    send(widget, type="try", **{"try": str(right)})
    assert lines == ["Exercise 1 is recorded for your class (Zoé)."]
    kept = client.kept_record(member, "exercises", f"mililla/beat.toml#{widget.exercise.id}")
    assert kept is not None
    assert (kept.result, kept.stars, json.loads(kept.illegal)) == (
        "solved",
        stars_for(1),
        {rule: 1},
    )

    board = build_board(client, code, key)  # the teacher's board, read through the server
    [(student, name)] = board.students
    assert (student, name) == (member.student_id, "Zoé")
    [(_id, who, deal, _how, _when)] = board.deals
    assert (who, deal) == ("Zoé", DEAL)
    assert Session.from_json(client.saved_deal(code, key, _id)).deal_over


def test_a_forged_record_is_refused_with_the_servers_sentence_and_never_kept(teacher):
    client, code, key = teacher
    member, _token = client.join(code, "Ann")
    session = finished_deal()
    record = deal_record(Table(session), {}, hints=0, coach=0, seconds=5)
    _result, score = outcome(session, 0)
    forged = type(record)(**{**_fields(record), "score": score + 10})
    with pytest.raises(ServerRefused) as refused:
        client.record(member, forged)
    why = message("classroom:verify.wrong-score", sent=score + 10, score=score)
    assert str(refused.value) == render(message("classroom:verify.refused", why=why))
    assert client.own_records(member) == [] and client.records(code, key) == []

    lines: list[str] = []
    recorder = Recorder(client, member, lines.append)
    recorder._keep(forged, message("classroom:record.what-deal", deal="round"))
    assert recorder.pending == [] and lines == [str(refused.value)]  # not sent again
    with pytest.raises(MembershipError):
        client.member(code, "Ann", "x" * 32)


def _fields(record) -> dict:
    """A record's fields, to forge one like it."""
    return {name: getattr(record, name) for name in record.__dataclass_fields__}


def _closed_port() -> int:
    """A loopback port nothing listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_server_that_does_not_answer_keeps_the_record_pending_until_it_does(teacher):
    client, code, key = teacher
    member, _token = client.join(code, "Bea")
    record = deal_record(Table(finished_deal()), {}, hints=0, coach=0, seconds=5)
    down = ClassClient(f"http://127.0.0.1:{_closed_port()}")
    with pytest.raises(ServerDown) as error:
        down.record(member, record)
    assert str(error.value) == "The class server cannot be reached."

    lines: list[str] = []
    sealed: list[dict] = []
    recorder = Recorder(down, member, lines.append)
    recorder._to_browser = sealed.append
    recorder._keep(record, message("classroom:record.what-deal", deal="round"))
    assert [waiting.uid for waiting, _what in recorder.pending] == [record.uid]
    assert "The class server cannot be reached." in lines[0]
    assert [entry["keep-record"]["uid"] for entry in sealed] == [record.uid]  # sealed

    down.base_url = client.base_url  # the server answers again
    recorder.send_pending(at_once=True)
    assert recorder.pending == [] and sealed[-1] == {"drop-record": record.uid}
    [row] = client.records(code, key)
    assert row.uid == record.uid


def test_a_practice_tables_membership_records_through_the_class_server(
    teacher, monkeypatch: pytest.MonkeyPatch
):
    client, code, key = teacher
    monkeypatch.setenv("CARDSCHOOL_DB", "/nonexistent/never-opened.db")
    monkeypatch.setenv("CARDSCHOOL_CLASS_SERVER", client.base_url)
    assert isinstance(store_here(), ClassClient)
    _member, token = client.join(code, "Cy")
    table = practice("mililla", speed=0).table
    from_browser(table, {"type": "member", "entry": {"code": code, "name": "Cy", "token": token}})
    recorder = table.class_membership.recorder
    assert recorder is not None and isinstance(recorder.store, ClassClient)
    play_out(table, random.Random(5))
    assert "recorded for your class" in table.state["message"]["text"]
    [row] = client.records(code, key)
    assert (row.kind, row.target) == ("deal", table.session.code)
    assert (row.result, row.score) == outcome(table.session, 0)
    assert row.moves == own_moves(table.session) and row.live == row.moves  # seen played
    send(table, type="next")  # the match's next round: its line holds the first's too
    play_out(table, random.Random(6))
    [row] = client.records(code, key)
    assert (row.result, row.score) == outcome(table.session, 0)
    assert row.moves == own_moves(table.session)


def test_the_class_and_teacher_pages_work_through_the_class_server(
    running: Running, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("CARDSCHOOL_DB", "/nonexistent/never-opened.db")
    monkeypatch.setenv("CARDSCHOOL_CLASS_SERVER", running.url)
    page = TeacherPage(ClassStore, EXERCISES)
    page.title_box.value = "Year 9"
    page.create_class()
    code, key = page.code_box.value, page.key_made.text
    page.key_box.value = key
    page.open_board()
    assert isinstance(page.store, ClassClient) and page.tools.layout.display is None
    page.kind_box.value, page.target_box.value, page.level_box.value = "deal", "MLA-0042", "basic"
    page.add_assignment()
    ann = ClassPage(ClassWidget(ClassStore), EXERCISES)
    from_browser(ann.widget, {"type": "join", "code": code.lower(), "name": "Ann"})
    assert ann.widget.member is not None and not ann.widget.down
    assert ann.assignments.children[0].text.startswith("1. Deal MLA-0042")
    ann.assignments.children[0].button.click()
    play_out(ann.shown, random.Random(7))
    assert "recorded for your class" in ann.status.value
    assert ann.assignments.children[0].text.endswith("✓")
    page.refresh()
    assert page.board_view.value.count("class='cs-done'") == 1
    page.open_replay()  # the deal's save, read through the server
    assert [step.move for step in page.table.session.steps] == [
        step.move for step in ann.shown.session.steps
    ]
    page.people.who.value = ann.widget.member.student_id
    page.people.new_name.value = "Anna"
    page.people.rename()
    assert page.board.students == [(ann.widget.member.student_id, "Anna")]
    from_browser(ann.widget, {"type": "leave"})  # a way back under the same name
    rejoin = ann.widget.state["message"].split("Your rejoin code is ")[1][:6]
    back = ClassWidget(ClassStore)
    from_browser(back, {"type": "join", "code": code, "name": "Anna", "rejoin": rejoin})
    assert back.member is not None and back.member.name == "Anna"
    page.people.let_in_again()  # the teacher's rejoin code, for a membership lost again
    said = page.people.message.value
    [rejoin] = re.findall(r"rejoin code <strong class='cs-roster-code'>(\w{6})</strong>", said)
    lost = ClassWidget(ClassStore)
    from_browser(lost, {"type": "join", "code": code, "name": "anna", "rejoin": rejoin})
    assert lost.member is not None and lost.member.student_id == back.member.student_id
    page.people.remove()
    page.people.remove()  # asked once, then done: Anna and her deal go
    assert page.board.students == [] and page.store.records(code, key) == []


def test_another_transport_carries_every_request(running: Running):
    asked: list[tuple[str, str, dict, bytes | None]] = []

    def carried(method: str, url: str, headers, body: bytes | None) -> tuple[int, object]:
        asked.append((method, url, dict(headers), body))
        return urllib_transport(method, url, headers, body)

    client = ClassClient(running.url + "/", carried)
    code, _key = client.create_class("Year 11")
    member, token = client.join(code, "Éa")
    assert client.own_records(member) == []
    [made, joined_, me] = asked
    assert made[0] == "POST" and made[1] == f"{running.url}/api/classes?lang={spoken()}"
    assert json.loads(joined_[3]) == {"name": "Éa"}
    assert me[2]["Authorization"] == f"Bearer {token}" and me[2]["X-Student-Name"] == "%C3%89a"


def test_an_answer_shown_stands_when_the_exercise_is_solved_later(teacher):
    client, code, _key = teacher
    member, _token = client.join(code, "Flo")
    path = EXERCISES / "mililla" / "beat.toml"
    widget = ExerciseWidget(load_file(path), str(path))
    lines: list[str] = []
    Recorder(client, member, lines.append).watch_exercises(widget)
    tries = judged_tries(widget.exercise)
    wrong = next(a for a, v in tries if not v.right)
    right = next(a for a, v in tries if v.right)
    for _ in range(2):
        send(widget, type="try", **{"try": str(wrong)})
    send(widget, type="show")  # the server checks the two wrong tries before it
    target = f"mililla/beat.toml#{widget.exercise.id}"
    kept = client.kept_record(member, "exercises", target)
    assert kept is not None and (kept.result, kept.stars) == ("shown", 0)
    send(widget, type="next")
    send(widget, type="back")
    send(widget, type="try", **{"try": str(right)})  # solved, no star: nothing refused
    assert lines == ["Exercise 1 is recorded for your class (Flo)."] * 2
    assert client.kept_record(member, "exercises", target) == kept


def test_on_a_hub_a_join_is_sent_with_the_hub_token(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "hub-secret")
    asked: list[dict] = []
    joined_ = {"code": "K7RT2Q", "name": "ann", "token": "t" * 32, "title": "Y", "student": 3}

    def hub(method: str, url: str, headers, body: bytes | None) -> tuple[int, object]:
        asked.append(dict(headers))
        return 201, {**joined_, "class": 9}

    client = ClassClient("http://hub.test/services/cardschool", hub)
    member, _token = client.join("K7RT2Q", "ann", vouched=True)  # the class page on a hub
    client.join("K7RT2Q", "ann")  # off a hub: no hub token sent
    assert (member.student_id, member.class_id) == (3, 9)
    assert [headers.get("Authorization") for headers in asked] == ["token hub-secret", None]


@pytest.mark.parametrize("answer", [(200, None), (200, ["a list"]), (500, None), (404, {"x": 1})])
def test_an_answer_that_is_not_the_apis_reads_as_a_server_down(answer: tuple[int, object]):
    client = ClassClient("http://class.test", lambda *_request: answer)
    with pytest.raises(ServerDown, match=re.escape("The class server cannot be reached.")):
        client.create_class("Year 12")


def test_the_kernels_board_says_which_records_the_server_is_still_checking(teacher, running):
    client, code, key = teacher
    ident = client.add_assignment(code, key, "deal", DEAL)
    member, token = client.join(code, "Gus")
    record = deal_record(Table(finished_deal()), {}, hints=0, coach=0, seconds=30)
    headers = {
        "Authorization": f"Bearer {token}",
        "X-Class-Code": code,
        "X-Student-Name": "Gus",
    }
    lock = Path(str(running.store.engine.url.database) + ".lock")
    with lock.open("a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # the store's writers wait: the record stays checking
        sent = httpx.post(f"{running.url}/api/records", json=record_sent(record), headers=headers)
        assert sent.json()["state"] == "checking"
        board = build_board(client, code, key)
        cell = board.cells[(member.student_id, ident)]
        assert cell.checking and not cell.done and board.deals == []
        said = message("classroom:board.checking")
        assert f"<td class='cs-checking'>{render(said)}</td>" in board_html(board)
        [_head, row] = list(csv.reader(io.StringIO(board_csv(board))))
        assert row[8] == "being checked by the class server"  # the result column
        before = spoken()
        speak("fr")  # said in the page's language
        try:
            french = board_html(board)
        finally:
            speak(before)
        assert "being checked" not in french and render(said, language="fr") in french
        fcntl.flock(held, fcntl.LOCK_UN)
    deadline = time.monotonic() + 10
    while not any(row.id for row in client.records(code, key)):  # kept once the store writes
        assert time.monotonic() < deadline, "the record was never kept"
        time.sleep(0.02)
    board = build_board(client, code, key)
    cell = board.cells[(member.student_id, ident)]
    assert cell.done and not cell.checking
    assert "being checked" not in board_html(board)


def test_the_client_waits_for_a_verdict_without_sleeping(
    running: Running, teacher: tuple[ClassClient, str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Python in the browser cannot sleep (Pyodide's time.sleep raises there): the client
    # leaves the waiting to the server, which holds its question until the record is kept
    client, code, _key = teacher
    member, _token = client.join(code, "Ann")
    record = deal_record(Table(finished_deal()), {}, hints=0, coach=0, seconds=40)

    def no_sleep(seconds: float) -> None:
        raise AssertionError(f"the class client slept {seconds} s")

    lock = Path(str(running.store.engine.url.database) + ".lock")
    with lock.open("a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # the record stays "checking" while this is held
        threading.Timer(1.0, fcntl.flock, (held, fcntl.LOCK_UN)).start()
        monkeypatch.setattr(time, "sleep", no_sleep)
        assert client.record(member, record) is True
        monkeypatch.undo()
    [row] = client.own_records(member)
    assert row.uid == record.uid
