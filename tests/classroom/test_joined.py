"""A joined student's work is recorded on the practice pages and in the lessons' exercises too."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardschool.engine.exercises.answers import judged_tries
from cardschool.engine.learning_path import load_path
from cardschool.widgets import practice
from cardschool.widgets.classroom.board import build_board
from cardschool.widgets.classroom.links import lesson_of
from cardschool.widgets.classroom.store import ClassStore
from cardschool.widgets.classroom.student import ClassPage, ClassWidget
from cardschool.widgets.learning import LessonExercises, learning_path

from .drive import from_browser, play_out, send

TUTORIAL = Path(__file__).parents[2] / "tutorial"
NASTY = "<img src=x onerror=alert(1)>&"
LANDING = "cardschool.widgets.landing"  # the landing page's logger


@pytest.fixture
def store(tmp_path, monkeypatch) -> ClassStore:
    """The class store the kernel opens (``CARDSCHOOL_DB``), with a class and two assignments."""
    path = str(tmp_path / "class.db")
    monkeypatch.setenv("CARDSCHOOL_DB", path)
    store = ClassStore(path)
    code, key = store.create_class("Year 7")
    store.add_assignment(code, key, "deal", "MLA-0042-RE")
    store.add_assignment(code, key, "exercises", "mililla/beat.toml")
    store.opened = (code, key)  # type: ignore[attr-defined]
    return store


def membership(store: ClassStore, name: str = "Ann") -> dict[str, str]:
    """What the class page left in the browser after ``name`` joined."""
    code = store.opened[0]  # type: ignore[attr-defined]
    _member, token = store.join(code, name)
    return {"code": code, "name": name, "token": token}


def lesson_widget(file: str) -> LessonExercises:
    """The first exercise widget of the lesson a link to ``file`` opens."""
    notebook = lesson_of(load_path(TUTORIAL / "path.toml"), file)
    assert notebook is not None
    shown = learning_path(TUTORIAL / "path.toml").exercises(notebook)
    return next(w for w in shown.children if isinstance(w, LessonExercises) and w.file == file)


def solve(widget: LessonExercises) -> None:
    tries = judged_tries(widget.exercise)
    right = next(attempt for attempt, verdict in tries if verdict.right)
    send(widget, type="try", **{"try": str(right)})


def test_a_deal_link_on_the_practice_page_is_recorded_against_the_assignment(store):
    code, key = store.opened  # type: ignore[attr-defined]
    [(_i, _k, deal), _exercises] = store.assignments(code)
    page = practice("mililla", speed=0)
    table = page.table
    from_browser(table, {"type": "member", "entry": membership(store, NASTY)})
    assert table.class_membership.recorder is not None
    send(table, type="resume", save=None, query=f"?deal={deal}")  # the link, as the page starts
    assert table.session.code == deal
    play_out(table, random.Random(4))
    [row] = store.records(code, key)
    assert (row.kind, row.target) == ("deal", deal)
    assert "recorded for your class" in table.state["message"]["text"]
    board = build_board(store, code, key)
    [(student, _name)] = board.students
    assert board.cells[(student, _i)].done


def test_an_exercise_in_its_lesson_is_recorded_for_the_joined_student(store):
    code, key = store.opened  # type: ignore[attr-defined]
    widget = lesson_widget("mililla/beat.toml")
    from_browser(widget, {"type": "member", "entry": membership(store)})
    solve(widget)
    [row] = store.records(code, key)
    assert (row.kind, row.target, row.result) == (
        "exercises",
        f"mililla/beat.toml#{widget.exercise.id}",
        "solved",
    )
    ident = store.assignments(code)[1][0]
    board = build_board(store, code, key)
    assert board.cells[(board.students[0][0], ident)].done


@pytest.mark.parametrize(
    "entry",
    [
        "forged",  # a token the store never issued
        {"code": "K7RT2Q", "name": "Ann"},  # a field missing
        {"code": "ZZZZZZ", "name": "Ann", "token": "x" * 32},  # no such class
        {"code": 7, "name": "Ann", "token": "x" * 32},
    ],
)
def test_a_forged_membership_records_nothing(store, entry):
    code, key = store.opened  # type: ignore[attr-defined]
    real = membership(store)
    if entry == "forged":
        entry = {**real, "token": real["token"][::-1]}
    table = practice("mililla", speed=0).table
    from_browser(table, {"type": "member", "entry": entry})
    assert table.class_membership.recorder is None
    assert "Nothing here is recorded" in table.state["message"]["text"]
    from_browser(table, {"type": "member", "entry": real})  # a second one changes nothing
    assert table.class_membership.recorder is None
    play_out(table, random.Random(7))
    widget = lesson_widget("mililla/beat.toml")
    from_browser(widget, {"type": "member", "entry": entry})
    solve(widget)
    assert store.records(code, key) == []


def test_without_a_membership_the_store_is_never_opened(tmp_path, monkeypatch):
    path = tmp_path / "never.db"
    monkeypatch.setenv("CARDSCHOOL_DB", str(path))
    table = practice("mililla", speed=0).table
    play_out(table, random.Random(8))
    solve(lesson_widget("mililla/beat.toml"))
    assert not path.exists() and getattr(table, "class_membership", None) is None


def test_the_class_page_shows_assignments_as_links_and_records_once(store):
    code, key = store.opened  # type: ignore[attr-defined]
    entry = membership(store, NASTY)
    page = ClassPage(ClassWidget(lambda: store), TUTORIAL / "exercises")
    from_browser(page.widget, {"type": "restore", "entry": entry})
    deal = store.assignments(code)[0][2]
    rows = page.assignments.children
    links = [row.link.value for row in rows]
    assert len(links) == len(store.assignments(code))  # each assignment listed once
    assert f"href='mililla/practice.ipynb?deal={deal}'" in links[0] and "1. Deal" in links[0]
    lesson = lesson_of(load_path(TUTORIAL / "path.toml"), "mililla/beat.toml")
    assert any(f"href='{lesson}'" in link for link in links)
    rows[0].button.click()  # done here, on the class page
    from_browser(page.shown, {"type": "member", "entry": entry})  # its table's browser side
    play_out(page.shown, random.Random(9))
    assert len(store.records(code, key)) == 1  # recorded once, not once per listener
    assert "✓" in rows[0].link.value and rows[0].text.endswith("✓")


def test_the_landing_page_names_the_class_only_for_a_checked_membership(store):
    from cardschool.widgets.landing import LandingWidget

    real = membership(store, NASTY)
    forged = LandingWidget(load_path(TUTORIAL / "path.toml"))
    from_browser(forged, {"type": "member", "entry": {**real, "token": "y" * 32}})
    assert forged.state["member"] is None
    shown = LandingWidget(load_path(TUTORIAL / "path.toml"))
    from_browser(shown, {"type": "member", "entry": real})
    assert shown.state["member"] == {"title": "Year 7", "name": NASTY}
    assert shown.state["games"] == forged.state["games"]  # the path itself is unchanged


def test_the_landing_page_tells_the_log_when_the_store_cannot_check_a_membership(
    store, monkeypatch, tmp_path, caplog
):
    from cardschool.widgets.landing import LandingWidget

    real = membership(store)
    with caplog.at_level("INFO", logger=LANDING):
        forged = LandingWidget(load_path(TUTORIAL / "path.toml"))
        from_browser(forged, {"type": "member", "entry": {**real, "token": "y" * 32}})
    assert forged.state["member"] is None
    assert [r.levelname for r in caplog.records if r.name == LANDING] == ["INFO"]  # a refusal
    caplog.clear()
    damaged = tmp_path / "damaged.db"
    damaged.write_bytes(b"not a database, " * 64)
    monkeypatch.setenv("CARDSCHOOL_DB", str(damaged))
    with caplog.at_level("INFO", logger=LANDING):
        unread = LandingWidget(load_path(TUTORIAL / "path.toml"))
        from_browser(unread, {"type": "member", "entry": real})
    assert unread.state["member"] is None  # nothing known either way: no class named
    [said] = [r for r in caplog.records if r.name == LANDING]
    assert said.levelname == "WARNING" and "could not check the class" in said.getMessage()


def test_on_a_hub_a_membership_under_another_name_records_nothing(store, monkeypatch):
    code, key = store.opened  # type: ignore[attr-defined]
    bob = membership(store, "Bob")  # a real membership, but the hub signed in Ann
    monkeypatch.setenv("JUPYTERHUB_USER", "Ann")
    table = practice("mililla", speed=0).table
    from_browser(table, {"type": "member", "entry": bob})
    assert table.class_membership.recorder is None
    assert "another name" in table.state["message"]["text"]
    monkeypatch.setenv("JUPYTERHUB_USER", "Bob")
    table = practice("mililla", speed=0).table
    from_browser(table, {"type": "member", "entry": bob})
    play_out(table, random.Random(10))
    assert len(store.records(code, key)) == 1
