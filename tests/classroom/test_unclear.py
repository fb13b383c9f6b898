"""What a page says when the class database is not there to answer (issue 26, item 12)."""

from __future__ import annotations

import pytest

from cardschool.widgets.classroom.store import ClassStore, StoreError

from .conftest import fresh_pg_database
from .postgres import pg_bin, running_postgres


def test_a_stopped_postgresql_server_is_said_to_be_not_answering():
    bin_dir = pg_bin()
    if bin_dir is None:
        pytest.skip("PostgreSQL server binaries not found")
    with running_postgres(bin_dir) as server:
        url = fresh_pg_database(server)
        store = ClassStore(url)
        code, _key = store.create_class("Year 7")
    # the server is stopped now: the open store and a new one both say so
    for attempt in (lambda: store.class_title(code), lambda: ClassStore(url)):
        with pytest.raises(StoreError) as refused:
            attempt()
        said = str(refused.value)
        assert "the database server is not answering" in said and "path or address" not in said


def test_a_wrong_database_path_still_asks_about_the_path(tmp_path):
    with pytest.raises(StoreError, match=r"is its path or address right\?"):
        ClassStore(str(tmp_path / "no such folder" / "class.db"))


def test_an_exercise_file_that_cannot_be_read_is_named_without_a_server_path(tmp_path):
    from cardschool.widgets.classroom.teacher import TeacherPage

    from .test_pages import student

    folder = tmp_path / "exercises"
    (folder / "mille").mkdir(parents=True)
    (folder / "mille" / "broken.toml").write_text("x = [")
    db = lambda: ClassStore(str(tmp_path / "class.db"))  # noqa: E731
    page = TeacherPage(db, folder)
    page.title_box.value = "Year 7"
    page.create_class()
    page.key_box.value = page.key_made.text
    page.open_board()
    page.kind_box.value = "exercises"
    for target, said in [
        ("mille/nothing.toml", "there is no exercise file mille/nothing.toml"),
        ("mille/broken.toml", "the exercise file mille/broken.toml cannot be read"),
    ]:
        page.target_box.value = target
        page.add_assignment()
        assert said in page.tool_message.value and str(tmp_path) not in page.tool_message.value
    page.store.add_assignment(*page._opened, "exercises", "mille/broken.toml")
    ann = student(db, page.code_box.value, "Ann")
    ann.exercises = folder
    ann.assignments.children[0].button.click()
    assert "cannot be read" in ann.status.value and str(tmp_path) not in ann.status.value


def test_the_class_form_waits_for_the_database_and_comes_back_with_it(tmp_path):
    from cardschool.widgets.classroom.student import ClassWidget

    from .drive import from_browser

    folder = tmp_path / "not yet"
    widget = ClassWidget(lambda: ClassStore(str(folder / "class.db")))
    assert widget.state["down"] and "cannot be opened" in widget.state["message"]
    from_browser(widget, {"type": "join", "code": "ABCDEF", "name": "Ann"})
    assert widget.state["down"]  # still down: the form stays away
    folder.mkdir()
    from_browser(widget, {"type": "retry"})
    assert not widget.state["down"] and widget.state["message"] is None


def test_a_tables_notice_of_a_membership_wait_goes_once_it_holds(tmp_path, monkeypatch):
    import random

    from cardschool.engine.session import Session
    from cardschool.widgets import MilillaTable
    from cardschool.widgets.classroom.db import DatabaseError
    from cardschool.widgets.classroom.joined import Joined

    from .drive import click_legal, from_browser

    path = str(tmp_path / "class.db")
    store = ClassStore(path)
    code, _key = store.create_class("Year 7")
    _member, token = store.join(code, "Ann")
    down = [True]

    def open_store() -> ClassStore:
        if down[0]:
            raise DatabaseError("The class database could not be used: it is not answering.")
        return ClassStore(path)

    table = MilillaTable(Session.new("mililla", 11, seats=("human",) + ("random",) * 3), speed=0)
    sent: list[dict] = []
    monkeypatch.setattr(table, "send", lambda content, buffers=None: sent.append(content))
    table.class_membership = Joined(table, open_store)
    entry = {"code": code, "name": "Ann", "token": token}
    from_browser(table, {"type": "member", "entry": entry})
    assert [n for n in sent if "notice" in n][-1]["notice"]  # the wait, where it stays read
    down[0] = False
    rng = random.Random(1)
    while table.class_membership.recorder is None and not table.session.deal_over:
        click_legal(table, rng)
    assert table.class_membership.recorder is not None
    assert [n for n in sent if "notice" in n][-1] == {"notice": ""}  # and it goes
