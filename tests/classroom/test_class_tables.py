"""A class's shared tables (issue 29.4): opened by the teacher, students seated by the class,
each deal ended recorded once per student, listed and watched on the teacher's board.

The store's side runs over SQLite and PostgreSQL (``db_url``) where races are decided by the
database; the class server's routes run on a real Tornado server (``Running``) over SQLite.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from cardschool.engine.messages import render
from cardschool.engine.session import HUMAN, Session
from cardschool.widgets.classroom.board import board_html, build_board, seen_score
from cardschool.widgets.classroom.class_tables import (
    ClassTables,
    Seated,
    record_deal,
    student_session,
)
from cardschool.widgets.classroom.client import ClassClient
from cardschool.widgets.classroom.deals import outcome
from cardschool.widgets.classroom.models import Record
from cardschool.widgets.classroom.roster import remove_student
from cardschool.widgets.classroom.store import ClassStore, StoreError
from cardschool.widgets.classroom.student import ClassPage, ClassWidget
from cardschool.widgets.classroom.table_models import SharedTable, TableMove, TableSeat
from cardschool.widgets.classroom.tables import SharedTables, TableRefused
from cardschool.widgets.classroom.teacher import TeacherPage
from cardschool.widgets.shared_table import SharedSeat

from .drive import from_browser
from .test_class_server import EXERCISES, Running, join, new_class


@pytest.fixture
def school(db_url: str) -> Iterator[tuple[ClassStore, SharedTables, ClassTables]]:
    """A class store over SQLite or PostgreSQL, its shared tables and the class's tables."""
    store = ClassStore(db_url)
    tables = SharedTables(store.engine, wait=20)
    yield store, tables, ClassTables(tables, store)
    store.engine.dispose()


def stored(engine: sa.Engine) -> list[list[tuple]]:
    """Every row of the tables' tables and of the records, to compare before and after."""
    with engine.connect() as connection:
        return [
            [tuple(row) for row in connection.execute(sa.select(model).order_by(model.c.id))]
            for model in (
                SharedTable.__table__,
                TableSeat.__table__,
                TableMove.__table__,
                Record.__table__,
            )
        ]


def refused(engine: sa.Engine, words: str, call: Callable[..., Any], *args: Any) -> None:
    """``call`` is refused with a sentence holding ``words``, and nothing stored changes."""
    before = stored(engine)
    with pytest.raises((TableRefused, StoreError)) as caught:
        call(*args)
    said = caught.value.said
    assert words in (render(said) if not isinstance(said, str) else said)
    assert stored(engine) == before


def at_once(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run ``calls`` in threads let go together; each one's result or the error it raised."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(place: int) -> None:
        barrier.wait()
        try:
            results[place] = calls[place]()
        except (TableRefused, StoreError) as error:
            results[place] = error

    threads = [threading.Thread(target=run, args=(place,)) for place in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def play_people(tables: SharedTables, code: str, tokens: dict[int, str], *, last: bool) -> None:
    """Play the table on, each person's first legal move, the bots when it is theirs; stop
    before the deal's last move (``last`` False) or when only the bots have moves left."""
    while True:
        some = next(iter(tokens.values()))
        view = tables.view(code, some)
        seat = view["to_move"]
        if view["over"]:
            return
        if seat in tokens:
            mine = tables.view(code, tokens[seat])
            if not last and sum(view["view"]["hand_sizes"]) == 1:
                return
            tables.play(code, tokens[seat], mine["next"], mine["legal"][0])
        elif all(tables.view(code, token)["view"]["hand"] == [] for token in tokens.values()):
            return
        else:
            made = tables.play_bots(code)
            assert made, "the bots did not play their seat"


def seat_all(classes: ClassTables, store: ClassStore, code: str, names: list[str]) -> list[Any]:
    """Join the class as each of ``names`` and be seated by it: (member, seated) each."""
    people = []
    for name in names:
        member, _token = store.join(code, name)
        people.append((member, classes.seat(member)))
    return people


def test_the_teacher_opens_tables_of_one_deal_and_the_class_seats_its_students(school):
    store, tables, classes = school
    code, key = store.create_class("Class 4B")
    other_code, other_key = store.create_class("Class 4C")
    refused(store.engine, "teacher key", classes.open_tables, code, "wrong key", "mililla")
    refused(
        store.engine,
        "from 1 to 40",
        classes.open_tables,
        code,
        key,
        "mililla",
        "basic",
        None,
        [0],
        0,
    )
    refused(store.engine, "no game", classes.open_tables, code, key, "chess")
    codes = classes.open_tables(code, key, "mililla", "expert", None, [0, 2], 2)
    assert len(codes) == 2
    with store.engine.connect() as connection:
        rows = connection.execute(sa.select(SharedTable).order_by(SharedTable.id)).all()
    assert [row.code for row in rows] == codes
    assert len({row.seed for row in rows}) == 1  # one deal for the whole set
    assert {row.level for row in rows} == {"expert"} and rows[0].class_id is not None
    people = seat_all(classes, store, code, ["Ann", "Bob", "Cy", "Di"])
    assert [(seated.code, seated.seat) for _member, seated in people] == [
        (codes[0], 0),
        (codes[0], 2),
        (codes[1], 0),
        (codes[1], 2),
    ]
    ann, first = people[0]
    assert tables.view(codes[0], first.token)["seat"] == 0
    again = classes.seat(ann)  # Ann again (a reload, a lost token): her own seat back
    assert (again.code, again.seat) == (codes[0], 0) and again.token != first.token
    refused(store.engine, "no seat at this table", tables.view, codes[0], first.token)
    eve, _token = store.join(code, "Eve")
    refused(store.engine, "Every seat kept for a student", classes.seat, eve)  # a full set
    outsider, _token = store.join(other_code, "Olga")  # another class has no table here
    refused(store.engine, "your teacher opens them", classes.seat, outsider)
    refused(store.engine, "class page seats", tables.take_seat, codes[1])  # not by its code
    refused(store.engine, "class page seats", tables.take_seat, codes[1], 1)
    assert classes.live(outsider.class_id) == []
    live = classes.live(ann.class_id)
    assert [table.code for table in live] == codes
    assert [(seat.student, seat.bot) for seat in live[1].seats] == [
        ("Cy", False),
        (None, True),
        ("Di", False),
        (None, True),
    ]
    assert live[0].next == 1 and live[0].to_move is not None
    tables.leave(codes[0], again.token)  # Ann gives her seat up: Eve may take it
    taken = classes.seat(eve)
    assert (taken.code, taken.seat) == (codes[0], 0)
    di = people[3][0]
    assert remove_student(store, code, key, di.student_id) == 0  # the seat is no longer hers
    assert [seat.student for seat in classes.live(di.class_id)[1].seats] == ["Cy", None, None, None]
    opened = tables.clock()
    tables.clock = lambda: opened + timedelta(hours=13)  # the lesson is long over
    assert classes.live(di.class_id) == []
    refused(store.engine, "your teacher opens them", classes.seat, di)
    assert other_key  # the other class's teacher opened nothing


def test_two_students_claiming_the_last_seat_at_once_get_it_once(school):
    store, _tables, classes = school
    code, key = store.create_class("Class 4B")
    classes.open_tables(code, key, "mille", "basic", None, [0, 1], 1)
    first, _token = store.join(code, "Ann")
    classes.seat(first)
    racers = [store.join(code, name)[0] for name in ("Bob", "Cy")]
    results = at_once([lambda member=member: classes.seat(member) for member in racers])
    seated = [result for result in results if isinstance(result, Seated)]
    assert len(seated) == 1 and seated[0].seat == 1
    (lost,) = [result for result in results if isinstance(result, TableRefused)]
    assert "Every seat kept for a student" in str(lost)
    # two free seats, two students at once: each gets one of them
    classes.open_tables(code, key, "mille", "basic", None, [0, 1], 1)
    racers = [store.join(code, name)[0] for name in ("Di", "Eve")]
    results = at_once([lambda member=member: classes.seat(member) for member in racers])
    assert all(isinstance(result, Seated) for result in results)
    assert sorted(result.seat for result in results) == [0, 1]
    # one student asking twice at once (two browsers): one seat, theirs, both times
    classes.open_tables(code, key, "mille", "basic", None, [0, 1], 1)
    fay, _token = store.join(code, "Fay")
    results = at_once([lambda: classes.seat(fay)] * 2)
    assert all(isinstance(result, Seated) for result in results)
    assert len({(result.code, result.seat) for result in results}) == 1
    with store.engine.connect() as connection:
        held = connection.scalar(
            sa.select(sa.func.count(TableSeat.id)).where(TableSeat.student_id == fay.student_id)
        )
    assert held == 1


def test_a_teacher_opens_a_match_without_the_coach(school):
    store, tables, classes = school
    code, key = store.create_class("Class 4B")
    refused(
        store.engine,
        "true",
        classes.open_tables,
        code,
        key,
        "mille",
        "basic",
        None,
        [0, 1],
        1,
        "no",
    )
    (match,) = classes.open_tables(code, key, "mille", "basic", None, [0, 1], 1, False)
    ann, _token = store.join(code, "Ann")
    seated = classes.seat(ann)
    assert seated.code == match
    view = tables.view(match, seated.token)
    assert view["coach"] is False and view["creator"] is False
    with pytest.raises(TableRefused) as no:  # the class's table is nobody's to switch
        tables.set_coach(match, seated.token, True)
    assert no.value.said.id == "classroom:table.coach-creator"
    assert tables.view(match, seated.token)["coach"] is False


def expected(tables: SharedTables, code: str, seat: int) -> tuple[str, int | None]:
    """How the table's deal went for ``seat``, said by ``deals.outcome`` from a replay."""
    session = Session.from_code(tables._deal_code(tables._table(code)), (HUMAN,) * 4)
    for move in tables.moves_since(code):
        session.play(move.move, move.seat)
    return outcome(session, seat)


def test_a_deal_ended_by_two_racing_players_is_recorded_once_for_each_student(school):
    store, tables, classes = school
    code, key = store.create_class("Class 4B")
    (table,) = classes.open_tables(code, key, "mililla", "basic", None, [0, 1, 2, 3], 1)
    people = seat_all(classes, store, code, ["Ann", "Bob", "Cy", "Di"])
    tokens = {seated.seat: seated.token for _member, seated in people}
    play_people(tables, table, tokens, last=False)
    view = tables.view(table, tokens[0])
    last = view["to_move"]
    move = tables.view(table, tokens[last])["legal"][0]
    sends = [lambda: tables.play(table, tokens[last], view["next"], move)] * 2
    results = at_once(sends)
    assert sorted(map(type, results), key=str) == sorted([str, TableRefused], key=str)
    assert tables.view(table, tokens[0])["over"]
    for member, seated in people:
        (record,) = store.own_records(member)
        result, score = expected(tables, table, seated.seat)
        assert (record.kind, record.result, record.score) == ("deal", result, score)
        assert record.target == tables.view(table, tokens[0])["deal_code"]
        assert (record.moves, record.live) == (10, 10)  # ten cards, every one played live
        game_score, points = seen_score(record)  # the board reads the save as the student's
        assert (points if points is not None else game_score) == score
        replayed = Session.from_json(record.save)
        assert replayed.deal_over and replayed.seats[seated.seat] == HUMAN
    assert record_deal(tables, table) == 0  # written again: kept once
    with store.engine.begin() as connection:  # as if the server had stopped before them
        connection.execute(sa.delete(Record).where(Record.student_id == people[0][0].student_id))
    assert classes.live(people[0][0].class_id) == []  # listing the tables records it again
    assert len(store.own_records(people[0][0])) == 1 and classes.missed(people[0][0].class_id) == 0
    assert classes.live(people[0][0].class_id) == []  # no longer being played


def test_a_deal_the_bots_end_at_once_twice_is_recorded_once_for_each_student(school):
    store, tables, classes = school
    tables.seeds = lambda: 2  # a deal whose last card is a bot's when the people play so
    code, key = store.create_class("Class 4B")
    (table,) = classes.open_tables(code, key, "mililla", "random", None, [0, 2], 1)
    people = seat_all(classes, store, code, ["Ann", "Bob"])
    tokens = {seated.seat: seated.token for _member, seated in people}
    play_people(tables, table, tokens, last=True)  # the people's cards are all played
    left = 40 - len(tables.moves_since(table))
    assert left > 0
    both = at_once([lambda: tables.play_bots(table)] * 2)
    assert sum(len(made) for made in both) == left  # each move written once
    moves = tables.moves_since(table)
    assert [move.number for move in moves] == list(range(1, 41))
    with store.engine.connect() as connection:
        assert connection.scalar(sa.select(sa.func.count(Record.id))) == 2
    for member, seated in people:
        (record,) = store.own_records(member)
        assert (record.result, record.score) == expected(tables, table, seated.seat)
        assert (record.moves, record.live) == (10, 10)


FORGED_COUNTS = (  # not counts, or a rule of another game: refused, nothing kept
    {"hints": -1},
    {"hints": True},
    {"coach": 1001},
    {"hints": 1, "stars": 3},
    {"illegal": {"mille.draw.pile": 1}},
    {"illegal": {"mililla.follow": 0}},
    {"illegal": ["mililla.follow"]},
    "lots",
)
"""Counts a forged request might send with a move (at a Mililla table)."""


def test_a_student_s_record_carries_the_hints_coach_and_refusals_sent_with_their_moves(school):
    store, tables, classes = school
    code, key = store.create_class("Class 4B")
    (table,) = classes.open_tables(code, key, "mililla", "basic", None, [0, 2], 1)
    people = seat_all(classes, store, code, ["Ann", "Bob"])
    tokens = {seated.seat: seated.token for _member, seated in people}
    sent = {  # what each seat's kernel counted before each of its moves, in order
        0: [{"hints": 1, "illegal": {"mililla.follow": 1}}, None, {"coach": 2, "hints": 1}],
        2: [],
    }
    while not tables.view(table, tokens[0])["over"]:
        seat = tables.view(table, tokens[0])["to_move"]
        if seat not in tokens:
            tables.play_bots(table)
            continue
        mine = tables.view(table, tokens[seat])
        args = (table, tokens[seat], mine["next"], mine["legal"][0], None)
        for forged in FORGED_COUNTS if mine["next"] < 4 else ():  # each seat's first move
            refused(store.engine, "counts sent with a move", tables.play, *args, forged)
        counts = sent[seat].pop(0) if sent[seat] else None
        tables.play(*args, counts)
    (ann,), (bob,) = (store.own_records(member) for member, _seated in people)
    assert (ann.hints, ann.coach, json.loads(ann.illegal)) == (2, 2, {"mililla.follow": 1})
    assert (bob.hints, bob.coach, json.loads(bob.illegal)) == (0, 0, {})
    assert (ann.moves, ann.live) == (10, 10)


def test_the_board_lists_the_live_table_and_the_teacher_sees_no_hand_until_the_end(school):
    store, tables, classes = school
    code, key = store.create_class("Class 4B")
    (table,) = classes.open_tables(code, key, "mililla", "basic", None, [0, 2], 1)
    people = seat_all(classes, store, code, ["<b>Ann</b>", "Bob"])
    tokens = {seated.seat: seated.token for _member, seated in people}
    class_id = people[0][0].class_id
    board = build_board(store, code, key)
    (live,) = board.tables
    assert live.code == table and [seat.student for seat in live.seats] == [
        "<b>Ann</b>",
        None,
        "Bob",
        None,
    ]
    shown = board_html(board)
    assert "&lt;b&gt;Ann&lt;/b&gt;" in shown and "<b>Ann" not in shown
    assert table in shown and "Tables being played" in shown and "bot" in shown
    dealt = [tables.view(table, token)["view"]["hand"] for token in tokens.values()]
    for _turn in range(12):  # a few moves in: still every hand hidden
        watched = classes.watch(class_id, table)
        text = json.dumps(watched)
        assert watched["hands"] is None and watched["deal_code"] is None
        for seat, token in tokens.items():
            for card in tables.view(table, token)["view"]["hand"]:
                assert f'"{card}"' not in text, (seat, card)
        to_move = watched["to_move"]
        if to_move in tokens:
            mine = tables.view(table, tokens[to_move])
            tables.play(table, tokens[to_move], mine["next"], mine["legal"][0])
        else:
            tables.play_bots(table)
    assert watched["moves"] and watched["moves"][0]["said"]
    refused(store.engine, "No table", classes.watch, class_id + 1, table)  # not that class's
    play_people(tables, table, tokens, last=True)
    tables.play_bots(table)
    watched = classes.watch(class_id, table)
    assert watched["over"] and watched["deal_code"]
    assert watched["hands"][0] == dealt[0] and watched["hands"][2] == dealt[1]
    assert all(len(hand) == 10 for hand in watched["hands"])
    board = build_board(store, code, key)
    assert board.tables == [] and "No table of the class is being played." in board_html(board)
    (deal,) = [deal for deal in board.deals if deal[1] == "Bob"]
    assert deal[2] == watched["deal_code"]  # the board's replay opens Bob's record of it
    member = people[1][0]
    (record,) = store.own_records(member)
    assert student_session(tables._table(table), 2).code == record.target


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    """A class server over SQLite (its tables' default wait and sweep)."""
    running = Running(tmp_path / "class.db")
    yield running
    running.close()


def test_the_class_server_opens_seats_lists_and_watches_a_class_s_tables(server):
    with httpx.Client(base_url=server.url, timeout=10) as http:
        code, key = new_class(http)
        other, _other_key = new_class(http, "Class 4C")
        teacher = {"X-Teacher-Key": key}
        path = f"/api/classes/{code}/tables"
        body = {"game": "mililla", "level": "basic", "people": [0, 2], "count": 2}
        before = stored(server.store.engine)
        answer = http.post(path, json=body, headers={"X-Teacher-Key": "not the key"})
        assert (
            answer.status_code == 403
            and answer.json()["error"]["id"] == "classroom:store.key-wrong"
        )
        assert http.post(path, json=body).status_code == 401
        answer = http.post(path, json={**body, "count": 99}, headers=teacher)
        assert answer.status_code == 400 and "from 1 to 40" in answer.json()["error"]["said"]
        assert stored(server.store.engine) == before
        answer = http.post(path, json=body, headers=teacher)
        assert answer.status_code == 201, answer.text
        codes = answer.json()["tables"]
        students = [join(http, code, name) for name in ("Ann", "Bob", "<i>Cy</i>", "Di")]
        seats = []
        for student in students:
            answer = http.post(f"/api/classes/{code}/me/seat", headers=student)
            assert answer.status_code == 201, answer.text
            seats.append(answer.json())
        assert [(seat["code"], seat["seat"]) for seat in seats] == [
            (codes[0], 0),
            (codes[0], 2),
            (codes[1], 0),
            (codes[1], 2),
        ]
        view = http.get(
            f"/api/tables/{codes[1]}", headers={"Authorization": f"Bearer {seats[2]['token']}"}
        )
        assert view.status_code == 200 and view.json()["seat"] == 0
        before = stored(server.store.engine)
        late = join(http, code, "Eve")
        answer = http.post(f"/api/classes/{code}/me/seat", headers=late)
        assert answer.status_code == 409 and "Every seat" in answer.json()["error"]["said"]
        outsider = join(http, other, "Olga")  # another class's student, this class's code
        answer = http.post(
            f"/api/classes/{code}/me/seat", headers={**outsider, "X-Class-Code": code}
        )
        assert answer.status_code == 401, answer.text
        answer = http.post(f"/api/classes/{other}/me/seat", headers=outsider)
        assert answer.status_code == 409  # their own class has no table
        assert "No table of the class is being played" in answer.json()["error"]["said"]
        kernel = ClassClient(server.url)  # a served app's kernel asks for a student
        member, _token = kernel.join(code, "Ed")
        refused_by = pytest.raises(StoreError, match="Every seat kept for a student")
        with refused_by:
            kernel.class_seat(member)
        answer = http.post(f"/api/tables/{codes[0]}/seats", json={})  # a browser with the code
        assert answer.status_code == 400 and "class page" in answer.json()["error"]["said"]
        # no table or seat changed (the moves may have: the bots play their seats meanwhile)
        assert stored(server.store.engine)[:2] == before[:2]
        board = http.get(f"/api/classes/{code}/board", headers=teacher).json()
        assert [table["code"] for table in board["tables"]] == codes
        assert [seat["student"] for seat in board["tables"][1]["seats"]] == [
            "<i>Cy</i>",
            None,
            "Di",
            None,
        ]
        listed = http.get(path, headers=teacher).json()["tables"]
        assert listed == board["tables"]
        watched = http.get(f"{path}/{codes[0]}", headers=teacher)
        assert watched.status_code == 200 and watched.json()["hands"] is None
        assert watched.json()["deal_code"] is None
        answer = http.get(f"{path}/{codes[0]}", headers={"X-Teacher-Key": "not the key"})
        assert answer.status_code == 403
        other_teacher = {"X-Teacher-Key": _other_key}
        answer = http.get(f"/api/classes/{other}/tables/{codes[0]}", headers=other_teacher)
        assert answer.status_code == 404  # another class's table
        answer = http.post(path, json={**body, "people": [0], "count": 1}, headers=teacher)
        assert answer.status_code == 201
        seated = kernel.class_seat(member)  # a new table: Ed sits at its first seat
        assert (seated.code, seated.seat) == (answer.json()["tables"][0], 0)
        mine = http.get(
            f"/api/tables/{seated.code}", headers={"Authorization": f"Bearer {seated.token}"}
        )
        assert mine.status_code == 200 and mine.json()["seat"] == 0
        answer = http.post(f"/api/classes/{code}/me/seat?lang=fr", headers=late)
        assert answer.status_code == 409
        assert "Toutes les places réservées aux élèves" in answer.json()["error"]["said"]


def test_the_teacher_s_page_lists_and_watches_a_table_then_replays_a_student_s_deal(tmp_path):
    store = ClassStore(str(tmp_path / "class.db"))
    tables = SharedTables(store.engine, wait=20)
    classes = ClassTables(tables, store)
    code, key = store.create_class("Class 4B")
    page = TeacherPage(lambda: store, EXERCISES)
    page.code_box.value, page.key_box.value = code, key
    page.open_board()
    page.open_game.value = "mille"
    assert len(page.open_seats.options) == 2 and page.open_seats.value == (0, 1)
    assert "hold Ctrl, or ⌘ on a Mac, to choose several" in page.open_heading.value  # said
    page.open_game.value, page.open_level.value = "mililla", "random"
    page.open_seats.value, page.open_count.value = (), 1
    page.open_tables()  # no seat kept for a student: refused, said
    assert "No table was opened" in page.tool_message.value and page.board.tables == []
    page.open_seats.value = (0, 2)
    page.open_tables()
    (live,) = page.board.tables
    table = live.code
    assert f"1 table opened, one deal for all: {table}." in page.tool_message.value
    people = seat_all(classes, store, code, ["Ann", "<i>Bob</i>"])
    tokens = {seated.seat: seated.token for _member, seated in people}
    tables.play_bots(table)
    page.refresh()
    assert table in page.board_view.value and "&lt;i&gt;Bob&lt;/i&gt;" in page.board_view.value
    assert page.live_tables.value == table
    page.watch_table()
    watched = page.watch_view.value
    assert "Every hand stays hidden" in watched and "&lt;i&gt;Bob&lt;/i&gt;" in watched
    for token in tokens.values():
        for card in tables.view(table, token)["view"]["hand"]:
            assert f" {card} " not in watched and f">{card}<" not in watched
    play_people(tables, table, tokens, last=True)
    tables.play_bots(table)
    page.watch_table()
    deal_code = tables.view(table, tokens[0])["deal_code"]
    assert deal_code in page.watch_view.value and "The hands as dealt" in page.watch_view.value
    page.refresh()  # the table is no longer played; the one watched stays on the list
    assert page.board is not None and page.board.tables == []
    assert page.live_tables.value == table
    assert len(page.deals.options) == 2  # each student's record of the deal, to replay
    page.open_replay()
    assert page.table is not None and page.table.replay is not None
    store.engine.dispose()


def test_the_class_page_seats_its_student_at_the_class_s_table(tmp_path):
    store = ClassStore(str(tmp_path / "class.db"))
    code, key = store.create_class("Class 4B")
    (table,) = store.open_class_tables(code, key, "mililla", "random", None, [0, 2], 1)
    pages = []
    for name in ("Ann", "Bob", "Cy"):
        page = ClassPage(ClassWidget(lambda: store), EXERCISES)
        assert page.sit_button.layout.display == "none"  # not a member yet
        from_browser(page.widget, {"type": "join", "code": code, "name": name})
        assert page.sit_button.layout.display is None
        page.sit_button.click()
        pages.append(page)
    ann, bob, cy = pages
    assert isinstance(ann.shown, SharedSeat) and (ann.shown.table_code, ann.shown.seat) == (
        table,
        0,
    )
    assert isinstance(bob.shown, SharedSeat) and bob.shown.seat == 2
    # each is told where they sit and who their partner is (South and North, one team)
    for page, seat, partner in ((ann, "South", "North"), (bob, "North", "South")):
        assert f"in the seat of {seat}." in page.status.value
        assert f"Your team: you and {partner}, against the others." in page.status.value
    assert cy.shown is None and "No seat was found for you. Every seat" in cy.status.value
    again = ann.shown
    ann.sit()  # asked again (a reload): her own seat, the old seat's table put away
    assert ann.shown is not again and ann.shown.seat == 0
    for page in (ann, bob):
        page.shown.close()
    store.engine.dispose()


def test_the_teacher_s_page_opens_a_match_without_the_coach_through_the_class_server(tmp_path):
    server = Running(tmp_path / "class.db", origins=[])
    try:
        kernel = ClassClient(server.url)  # the teacher page's store on a served app
        code, key = kernel.create_class("Class 4B")
        page = TeacherPage(lambda: kernel, EXERCISES)
        page.code_box.value, page.key_box.value = code, key
        page.open_board()
        assert page.open_coach.value is True  # the coach allowed unless the teacher says not
        assert page.open_coach.description == "Coach allowed"
        # a description is plain text: words with an apostrophe are not written as HTML
        assert page.open_seats.description == "Students' seats"
        page.open_game.value, page.open_seats.value = "mille", (0, 1)
        page.open_coach.value = False
        page.open_tables()
        (match,) = [table.code for table in page.board.tables]
        page.open_coach.value = True
        page.open_tables()
        practice = next(table.code for table in page.board.tables if table.code != match)
        coach_at = {}
        for name in ("Ann", "Bob"):
            member, _token = kernel.join(code, name)
            seated = kernel.class_seat(member)
            answer = httpx.get(
                f"{server.url}/api/tables/{seated.code}",
                headers={"Authorization": f"Bearer {seated.token}"},
            )
            coach_at[seated.code] = answer.json()["coach"]
        assert coach_at == {match: False}  # both seated at the first table: the match
        with server.store.engine.connect() as connection:
            coach = dict(connection.execute(sa.select(SharedTable.code, SharedTable.coach)).all())
        assert coach == {match: False, practice: True}
    finally:
        server.close()
