"""Records that mean what they say: moves played live, one record per work, judged tries."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
import sqlalchemy as sa

from cardschool.engine.exercises import load_file
from cardschool.engine.exercises.answers import judged_tries
from cardschool.engine.messages import render
from cardschool.engine.session import Session
from cardschool.widgets import MilillaTable, saves
from cardschool.widgets.classroom.db import migrate, open_engine
from cardschool.widgets.classroom.recording import Recorder
from cardschool.widgets.classroom.store import ClassStore, RecordIn, StoreError
from cardschool.widgets.classroom.student import ClassPage, ClassWidget
from cardschool.widgets.exercise import ExerciseWidget

from .drive import from_browser, play_out, send
from .test_pages import EXERCISES, student, teacher_with_class

SEATS = ("human", "random", "random", "random")
BEAT = Path(__file__).parents[2] / "tutorial" / "exercises" / "mililla" / "beat.toml"


def a_try(box, right: bool) -> str | list[str]:
    """A right or a wrong try of the exercise on show (a card, or the cards marked)."""
    tried = next(a for a, verdict in judged_tries(box.exercise) if verdict.right == right)
    return [str(card) for card in tried] if box.state["kind"] == "choose" else str(tried)


def a_class(url):
    store = ClassStore(url)
    code, key = store.create_class("Year 7")
    member, _token = store.join(code, "Ann")
    return store, code, key, member


def a_page(store, member, save=None):
    """A practice page's table with a recorder, the browser's save replayed onto it."""
    table = MilillaTable(Session.new("mililla", 11, seats=SEATS), speed=0)
    Recorder(store, member, [].append).watch_table(table)
    send(table, type="resume", save=save, query="")
    return table


def test_a_deal_restored_from_the_browser_is_recorded_as_restored_and_never_twice(tmp_path):
    store, code, key, member = a_class(str(tmp_path / "class.db"))
    played = a_page(store, member)
    play_out(played, random.Random(4))
    [row] = store.records(code, key)
    assert row.moves and row.live == row.moves  # every move played on the page
    first = (row.id, row.seconds, row.uid)
    browser_save = saves.save(played)
    # the finished deal's page opened again (and again): the save replayed, nothing played
    for _reopen in range(2):
        a_page(store, member, browser_save)
    [row] = store.records(code, key)
    assert (row.id, row.seconds, row.uid, row.live) == (*first, row.moves)
    # a winning line searched offline, written into another student's browser storage
    bob = store.join(code, "Bob")[0]
    forged = a_page(store, bob, browser_save)
    assert forged.session.deal_over
    [mine] = [r for r in store.records(code, key) if r.student_id == bob.student_id]
    assert (mine.moves, mine.live) == (row.moves, 0)


def test_a_later_record_of_the_same_work_updates_the_one_kept(db_url):
    store, code, key, member = a_class(db_url)
    deal = {"kind": "deal", "target": "MLA-7K3Q", "moves": 10}
    assert store.record(member, RecordIn(result="lost", score=20, live=10, **deal))
    assert store.record(member, RecordIn(result="won", score=90, live=10, **deal))
    assert not store.record(member, RecordIn(result="won", score=99, live=0, **deal))
    [row] = store.records(code, key)
    assert (row.result, row.score, row.live) == ("won", 90, 10)
    work = {"kind": "exercises", "target": "mililla/beat.toml#1"}
    assert store.record(member, RecordIn(result="shown", stars=0, **work))
    assert not store.record(member, RecordIn(result="solved", stars=3, **work))  # first stands
    assert [(r.result, r.stars) for r in store.records(code, key)][1] == ("shown", 0)
    with store.engine.begin() as connection, pytest.raises(sa.exc.IntegrityError):
        connection.execute(
            sa.insert(type(row)).values(
                uid="f" * 32,
                class_id=row.class_id,
                student_id=row.student_id,
                result="won",
                illegal="{}",
                finished=row.finished,
                kind="deal",
                target="MLA-7K3Q",
            )
        )


def test_duplicate_records_are_merged_by_the_migration_keeping_the_deal_played(db_url):
    engine = open_engine(db_url, upgrade=False)
    migrate(engine, "0002")
    with engine.begin() as connection:
        connection.execute(
            sa.text(
                "INSERT INTO classes (id, code, title, key_hash, created) "
                "VALUES (1, 'ABCDEF', 'Old', 'scrypt$1$1$1$00$00', '2026-01-01')"
            )
        )
        connection.execute(
            sa.text(
                "INSERT INTO students (id, class_id, name, token_hash, joined) "
                "VALUES (1, 1, 'Ann', 'x', '2026-01-01')"
            )
        )
        for uid, seconds in (("a", 0), ("b", 480), ("c", 0), ("d", None)):
            target = "MLA-OTHER" if uid == "d" else "MLA-7K3Q"
            connection.execute(
                sa.text(
                    "INSERT INTO records (uid, class_id, student_id, kind, target, result, "
                    "illegal, finished, seconds, hints, coach) VALUES (:uid, 1, 1, 'deal', "
                    ":target, 'lost', '{}', '2026-01-02', :seconds, 0, 0)"
                ),
                {"uid": uid, "target": target, "seconds": seconds},
            )
    migrate(engine)
    with engine.connect() as connection:
        rows = connection.execute(sa.text("SELECT uid FROM records ORDER BY uid")).all()
    assert [row.uid for row in rows] == ["b", "d"]


def test_names_are_normalised_and_look_alikes_refused_before_the_uniqueness_check(db_url):
    store, code, key, _ann = a_class(db_url)
    twin, _token = store.join(code, "Twin")
    assert store.join(code, "Ｚｏë")[0].name == "Zoë"  # NFKC: full-width letters are letters
    for same in ("twin", "Tw\u200bin", "TWIN", "\ufeffTwin"):  # case, invisible characters
        with pytest.raises(StoreError, match="already called Twin"):
            store.join(code, same)
    with pytest.raises(ValueError, match="letter Т in this name is from another alphabet"):
        store.join(code, "\u0422win")  # a Cyrillic Т in a Latin name
    with pytest.raises(ValueError, match="formatting characters"):
        store.join(code, "\u202eniwT")  # a right-to-left override turns the board around
    assert store.join(code, "Anna Петрова")[0].name == "Anna Петрова"  # one alphabet a word
    assert store.create_class("Year 7 – Русский язык")[0]  # a title is never compared
    store.join(code, "Kay")
    with pytest.raises(StoreError, match="already called Kay"):
        store.join(code, "\u041a\u0430\u0443")  # all Cyrillic letters drawn as K, a, y
    names = [name for _id, name in store.students(code, key)]
    assert names == ["Ann", "Twin", "Zoë", "Anna Петрова", "Kay"] and twin.name == "Twin"


def test_a_student_who_lost_their_membership_gets_back_in_with_the_teachers_code(db_url):
    store, code, key, _ann = a_class(db_url)
    _member, old = store.join(code, "Bob")
    bob_id = next(i for i, name in store.students(code, key) if name == "Bob")
    with pytest.raises(StoreError, match="already called Bob"):
        store.join(code, "bob")  # the browser's storage lost: the name is held
    said = render(store.let_in_again(code, key, bob_id))
    rejoin = said.split("rejoin code ")[1].split(" ")[0]
    assert "Bob can join again" in said and len(rejoin) == 6
    with pytest.raises(StoreError, match="not the one your teacher made for Bob"):
        store.join(code, "Bob", rejoin="ZZZZZZ")
    again, new = store.join(code, "bob", rejoin=rejoin.lower())
    assert (again.student_id, again.name) == (bob_id, "Bob")
    assert store.member(code, "Bob", new) == again
    with pytest.raises(StoreError):
        store.member(code, "Bob", old)  # the old browsers stop recording
    with pytest.raises(StoreError, match="not the one"):
        store.join(code, "Bob", rejoin=rejoin)  # the code works once
    with pytest.raises(StoreError, match="not in this class"):
        store.let_in_again(code, key, 10**6)


def test_tries_are_kept_across_back_and_next_and_a_shown_answer_across_a_reload(tmp_path):
    store, code, key, member = a_class(str(tmp_path / "class.db"))

    def page():
        box = ExerciseWidget(load_file(BEAT), str(BEAT))
        Recorder(store, member, [].append).watch_exercises(box)
        return box

    box = page()
    ids = tuple(e.id for e in box.items[:2])
    for _ in range(2):
        send(box, type="try", **{"try": a_try(box, False)})
    send(box, type="next")
    send(box, type="back")  # the two wrong tries stay
    assert box.state["wrong"] == 2 and box.state["can_show"]
    send(box, type="try", **{"try": a_try(box, True)})
    assert box.state["stars"][0] == 1
    send(box, type="next")
    for _ in range(2):
        send(box, type="try", **{"try": a_try(box, False)})
    send(box, type="show")
    send(box, type="back")
    send(box, type="next")
    send(box, type="try", **{"try": a_try(box, True)})  # the answer was shown: no star
    assert box.state["stars"][1] == 0
    send(box, type="next")
    send(box, type="try", **{"try": a_try(box, False)})  # exercise 3: one wrong try, then...
    again = page()  # a reload: the browser's stars forgotten, the store's judgement kept
    send(again, type="next")
    send(again, type="try", **{"try": a_try(again, True)})
    assert again.state["stars"][1] == 0
    send(again, type="next")
    assert again.state["wrong"] == 1  # ...its wrong try is still counted
    send(again, type="try", **{"try": a_try(again, True)})
    assert again.state["stars"][2] == 2
    rows = {r.target.split("#")[1]: r for r in store.records(code, key)}
    assert {i: (rows[i].result, rows[i].stars) for i in ids} == {
        ids[0]: ("solved", 1),
        ids[1]: ("shown", 0),
    }
    assert sum(json.loads(rows[ids[0]].illegal).values()) == 2
    third = rows[box.items[2].id]
    assert (third.result, third.stars, sum(json.loads(third.illegal).values())) == ("solved", 2, 1)


def test_the_teacher_lets_a_student_in_again_from_the_board(tmp_path):
    path = str(tmp_path / "class.db")

    def db():
        return ClassStore(path)

    page, code, _key = teacher_with_class(db)
    bob = student(db, code, "Bob")
    bob_id = bob.widget.member.student_id
    from_browser(bob.widget, {"type": "leave"})  # "Leave this class" on a shared computer
    lost = student(db, code, "bob")
    assert lost.widget.member is None and "already called Bob" in lost.widget.state["message"]
    page.refresh()
    page.people.who.value = bob_id
    page.people.let_in_again()
    said = page.people.message.value
    [rejoin] = re.findall(r"rejoin code <strong class='cs-roster-code'>(\w{6})</strong>", said)
    again = ClassPage(ClassWidget(db), EXERCISES)
    join = {"type": "join", "code": code, "name": "Bob", "rejoin": rejoin}
    from_browser(again.widget, join)
    assert again.widget.member is not None and again.widget.member.name == "Bob"
    assert again.widget.state["rejoin_label"].startswith("Rejoin code")
