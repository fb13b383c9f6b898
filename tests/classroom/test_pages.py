"""The class pages: students join and do assignments; the teacher sees the board and replays."""

from __future__ import annotations

import csv
import io
import random
from pathlib import Path

import pytest

from cardschool.engine.exercises.answers import judged_tries
from cardschool.engine.session import Session
from cardschool.widgets.classroom.board import result_words
from cardschool.widgets.classroom.joined import checked_member
from cardschool.widgets.classroom.store import ClassStore, MembershipError
from cardschool.widgets.classroom.student import ClassPage, ClassWidget
from cardschool.widgets.classroom.teacher import TeacherPage

from .drive import from_browser, play_out

EXERCISES = Path(__file__).parents[2] / "tutorial" / "exercises"
NASTY = "<img src=x onerror=alert(1)>&"


@pytest.fixture
def db(tmp_path):
    path = str(tmp_path / "class.db")
    return lambda: ClassStore(path)


def teacher_with_class(db, title="Year <7>"):
    page = TeacherPage(db, EXERCISES)
    page.title_box.value = title
    page.create_class()
    code = page.code_box.value
    key = page.key_made.text  # shown with its Copy button
    assert page.code_made.text == code and key
    assert page.key_box.value == key  # put in for the board as well: no typing it again
    page.open_board()
    return page, code, key


def student(db, code, name, hub_user=None):
    page = ClassPage(ClassWidget(db, hub_user=hub_user), EXERCISES)
    from_browser(page.widget, {"type": "join", "code": code.lower(), "name": name})
    return page


def test_a_teacher_creates_a_class_and_sees_the_key_once_escaped(db):
    page, code, key = teacher_with_class(db)
    assert page.tools.layout.display is None and "Year &lt;7&gt;" in page.board_view.value
    again = TeacherPage(db, EXERCISES)  # the key is shown once, to its maker
    assert again.key_made.text == "" and key not in again.created.value
    assert page.key_made.kind == "cs-teacher-key-made" and page.key_made.label == "Teacher key"
    update = {"method": "update", "state": {"text": "forged"}, "buffer_paths": []}
    page.key_made._handle_msg({"content": {"data": update}, "buffers": []})
    assert page.key_made.text == key  # the browser only shows and copies it
    other = TeacherPage(db, EXERCISES)
    other.code_box.value, other.key_box.value = code, key + "x"
    other.open_board()
    assert "do not match" in other.message.value and other.board is None
    assert other.tools.layout.display == "none" and code not in other.board_view.value


def test_students_join_do_a_deal_and_the_board_shows_them(db):
    page, code, _key = teacher_with_class(db)
    page.kind_box.value, page.target_box.value, page.level_box.value = "deal", "MLA-0042", "random"
    page.add_assignment()
    page.kind_box.value, page.target_box.value = "exercises", "mililla/beat.toml"
    page.add_assignment()
    [deal_code] = [t for _i, k, t in ClassStore.assignments(db(), code) if k == "deal"]
    assert Session.from_code(deal_code).seats[1] == "random"
    ann, bob = student(db, code, NASTY), student(db, code, "Bob")
    assert ann.widget.state["name"] == NASTY and ann.widget.membership["token"]
    assert ann.assignments.children[0].text.startswith("1. Deal MLA-0042-")
    ann.assignments.children[0].button.click()
    play_out(ann.shown, random.Random(5))
    assert "recorded for your class" in ann.status.value and "&lt;img" in ann.status.value
    ticks = [row.text.endswith("✓") for row in ann.assignments.children]
    assert ticks == [True, False]  # the deal is done, the exercises not
    late = student(db, code, "Cy")  # a student sees only their own work
    assert not any(row.text.endswith("✓") for row in late.assignments.children)
    bob.assignments.children[0].button.click()
    play_out(bob.shown, random.Random(6))
    page.refresh()
    shown = page.board_view.value
    assert "&lt;img src=x onerror=alert(1)&gt;&amp;" in shown and "<img src=x" not in shown
    assert shown.count("class='cs-done'") == 2
    rows = list(csv.DictReader(io.StringIO(page.csv)))
    assert [(r["student"], r["done"]) for r in rows] == [
        (NASTY, "yes"), (NASTY, "no"), ("Bob", "yes"), ("Bob", "no"), ("Cy", "no"), ("Cy", "no"),
    ]  # fmt: skip
    assert len(page.deals.options) == 2
    assert page.deals.value == page.deals.options[0][1]  # the newest deal is chosen at first
    page.deals.value = page.deals.options[-1][1]  # Ann's deal
    page.refresh()
    assert page.deals.value == page.deals.options[-1][1]  # a refresh keeps the choice
    page.open_replay()
    table = page.table
    assert table.replay is not None and table.session.deal_over
    assert all(seat["open"] for seat in table.state["seats"] if seat["seat"] != table.seat)
    assert table.session.names[0] == NASTY and "You" not in table.session.steps[-1].text
    assert [step.move for step in table.session.steps] == [
        step.move for step in ann.shown.session.steps
    ]  # the very moves Ann's kernel played


def test_a_membership_from_the_browser_is_checked_like_a_click(db):
    _page, code, _key = teacher_with_class(db)
    ann = student(db, code, "Ann")
    kept = dict(ann.widget.membership)
    back = ClassWidget(db)
    from_browser(back, {"type": "restore", "entry": kept})
    assert back.member == ann.widget.member
    renamed = ClassWidget(db)  # another name with Ann's token: Ann, under her own name
    from_browser(renamed, {"type": "restore", "entry": {**kept, "name": "Bob"}})
    assert renamed.member == ann.widget.member and renamed.membership == kept
    forged_token = kept["token"][:-1] + ("B" if kept["token"].endswith("A") else "A")
    for forged in (
        {**kept, "token": forged_token},
        {**kept, "name": "Bob", "token": forged_token},
        {"code": kept["code"], "name": "Ann"},
        "Ann",
    ):
        other = ClassWidget(db)
        from_browser(other, {"type": "restore", "entry": forged})
        assert other.member is None and other.membership == {}
        assert "join again" in other.state["message"]
    for odd in ({"type": "record", "result": "won"}, {"type": "join", "code": code}, 7):
        other = ClassWidget(db)
        from_browser(other, odd)
        assert other.member is None and "should not" in other.state["message"]


def test_on_a_hub_the_hub_name_is_used_and_cannot_be_changed(db):
    _page, code, key = teacher_with_class(db)
    page = student(db, code, "Mallory", hub_user="ann")
    assert page.widget.member.name == "ann" and page.widget.state["hub_name"] == "ann"
    kept = dict(page.widget.membership)
    again = ClassWidget(db, hub_user="ann")  # another browser of the same hub user
    from_browser(again, {"type": "join", "code": code, "name": "ann"})
    assert again.member == page.widget.member
    stale = ClassWidget(db, hub_user="ann")
    from_browser(stale, {"type": "restore", "entry": kept})  # the older token was replaced
    assert stale.member is None
    elsewhere = ClassWidget(db, hub_user="bob")
    from_browser(elsewhere, {"type": "restore", "entry": dict(again.membership)})
    assert elsewhere.member is None and "another name" in elsewhere.state["message"]
    assert [name for _i, name in ClassStore.students(db(), code, key)] == ["ann"]


def test_the_class_page_takes_the_hub_name_where_the_tables_check_it(db, monkeypatch):
    _page, code, _key = teacher_with_class(db)
    monkeypatch.setenv("JUPYTERHUB_USER", "ann")  # as JupyterHub starts a user's server
    page = ClassPage(ClassWidget(db), EXERCISES)
    from_browser(page.widget, {"type": "join", "code": code, "name": "Mallory"})
    assert page.widget.member.name == "ann" and page.widget.state["hub_name"] == "ann"
    kept = dict(page.widget.membership)
    assert checked_member(kept, db)[1] == page.widget.member  # a table takes it too
    monkeypatch.setenv("JUPYTERHUB_USER", "bob")
    elsewhere = ClassWidget(db)
    from_browser(elsewhere, {"type": "restore", "entry": kept})
    assert elsewhere.member is None and "another name" in elsewhere.state["message"]
    with pytest.raises(MembershipError, match="another name"):
        checked_member(kept, db)


def test_nothing_is_recorded_without_joining_and_after_leaving(db):
    page, code, key = teacher_with_class(db)
    page.target_box.value = "MLA-0042"
    page.add_assignment()
    ann = student(db, code, "Ann")
    from_browser(ann.widget, {"type": "leave"})
    assert ann.widget.member is None and ann.widget.membership == {}
    assert ann.assignments.children == () and ann.shown is None
    ann.start(1, "deal", "MLA-0042")
    assert ann.shown is None and "Join the class first" in ann.status.value
    assert ClassStore.records(db(), code, key) == []


def test_leaving_this_class_keeps_a_way_back_under_the_same_name(db):
    _page, code, _key = teacher_with_class(db)
    ann = student(db, code, "Ann")
    who = ann.widget.member.student_id
    from_browser(ann.widget, {"type": "leave"})  # on a shared computer (issue 26.10)
    said = ann.widget.state["message"]
    assert "Your rejoin code is " in said and code in said
    rejoin = said.split("Your rejoin code is ")[1][:6]
    back = ClassWidget(db)  # another browser, or this one with its storage lost
    from_browser(back, {"type": "join", "code": code, "name": "ann", "rejoin": rejoin})
    assert back.member is not None and (back.member.name, back.member.student_id) == ("Ann", who)
    again = ClassWidget(db)  # the code works once
    from_browser(again, {"type": "join", "code": code, "name": "Ann", "rejoin": rejoin})
    assert again.member is None


def test_a_missing_database_gives_a_plain_line(tmp_path):
    missing = lambda: ClassStore(str(tmp_path / "nowhere" / "class.db"))  # noqa: E731
    widget = ClassWidget(missing)
    from_browser(widget, {"type": "join", "code": "ABCDEF", "name": "Ann"})
    assert "cannot be opened" in widget.state["message"] and widget.member is None
    page = TeacherPage(missing, EXERCISES)
    page.title_box.value = "Year 7"
    page.create_class()
    assert "cannot be opened" in page.created.value


def test_an_exercise_assignment_is_recorded_and_counted_on_the_board(db):
    page, code, _key = teacher_with_class(db)
    page.kind_box.value, page.target_box.value = "exercises", "mille/draw.toml"
    page.add_assignment()
    ann = student(db, code, '=HYPERLINK("http://x")')
    ann.assignments.children[0].button.click()
    widget = ann.shown
    right = next(a for a, verdict in judged_tries(widget.exercise) if verdict.right)
    from_browser(widget, {"type": "try", "try": right, "rev": widget.state["rev"]})
    page.refresh()
    [cell] = page.board.cells.values()
    assert (result_words(cell), cell.stars, cell.solved) == ("1 solved", 3, 1)
    row = next(csv.DictReader(io.StringIO(page.csv)))
    assert row["student"] == '\'=HYPERLINK("http://x")'  # kept as text in a spreadsheet


@pytest.mark.parametrize(
    ("kind", "target", "why"),
    [
        ("deal", "MLA-ZZ", "4 to 12"),
        ("deal", "XYZ-0001", "should start with"),
        ("exercises", "../../etc/passwd", "game/topic.toml"),
        ("exercises", "mille/nothing.toml", "nothing.toml"),
    ],
)
def test_a_bad_assignment_is_refused_with_the_reason(db, kind, target, why):
    page, code, _key = teacher_with_class(db)
    page.kind_box.value, page.target_box.value = kind, target
    page.add_assignment()
    assert "was not added" in page.tool_message.value and why in page.tool_message.value
    assert ClassStore.assignments(db(), code) == []


def test_the_bots_level_is_labelled_and_offered_for_a_deal_only(db):
    page, _code, _key = teacher_with_class(db)
    assert page.level_box.description == "Bots"
    assert page.kind_box.value == "deal" and page.level_box.layout.display is None
    page.kind_box.value = "exercises"  # an exercise file has no bots
    assert page.level_box.layout.display == "none"
    page.kind_box.value = "deal"
    assert page.level_box.layout.display is None


def test_a_hub_student_leaving_is_given_no_rejoin_code_the_hub_signs_them_in_again(db):
    _page, code, _key = teacher_with_class(db)
    ann = student(db, code, "ignored", hub_user="ann")
    who = ann.widget.member.student_id
    from_browser(ann.widget, {"type": "leave"})
    said = ann.widget.state["message"]
    assert ann.widget.member is None and "rejoin code" not in said and "no code" in said
    back = ClassWidget(db, hub_user="ann")  # the hub's sign-in is the way back
    from_browser(back, {"type": "join", "code": code, "name": "ann"})
    assert back.member is not None and back.member.student_id == who
