"""The served app records through the class server (issue 28.4): no kernel opens the database.

A class server runs in a thread on a free loopback port over a SQLite file; Voilà serves the
app with ``CARDSCHOOL_CLASS_SERVER`` naming it and no ``CARDSCHOOL_DB`` at all. A teacher
(through the server's API) gives a class a Mililla deal; a student joins on the class page in
Chromium and plays the deal out; the server replays the record, keeps it, and the teacher
reads it on the board.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest
from browser_support import NO_PREHEAT, TUTORIAL, voila_server
from classroom.test_class_server import Running
from playwright.sync_api import expect
from test_class import join, new_page, play_the_rounds

from cardschool.widgets.classroom.client import ClassClient
from cardschool.widgets.classroom.record_in import FINISHED

pytestmark = pytest.mark.browser

DEAL = "MLA-0042"


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The class server's address."""
    server = Running(tmp_path_factory.mktemp("class-server") / "class.db", origins=[])
    yield server.url
    server.close()


@pytest.fixture(scope="module")
def voila_recording(class_server: str) -> Iterator[str]:
    """Base URL of a Voilà server on ``tutorial/`` whose kernels know only the class server."""
    with mock.patch.dict(os.environ, {"CARDSCHOOL_CLASS_SERVER": class_server}):
        os.environ.pop("CARDSCHOOL_DB", None)  # no database for any kernel
        with voila_server(TUTORIAL, NO_PREHEAT) as url:
            yield url


def test_a_students_deal_on_the_served_app_is_kept_by_the_class_server(
    browser: Any, class_server: str, voila_recording: str
) -> None:
    teacher = ClassClient(class_server)
    code, key = teacher.create_class("Year 10")
    teacher.add_assignment(code, key, "deal", DEAL)
    context, page = new_page(browser)
    join(page, voila_recording, code.lower(), "Dana")
    expect(page.locator(".cs-class-name")).to_have_text("Dana", timeout=60_000)
    page.get_by_role("button", name="Open it here").click()
    expect(page.locator(".cs-root")).to_be_visible()
    play_the_rounds([page])
    expect(page.locator(".cs-class-status")).to_contain_text("recorded for your class")
    [row] = teacher.records(code, key)
    assert (row.kind, row.target.split("-")[:2]) == ("deal", DEAL.split("-"))
    assert row.result in FINISHED and row.moves and row.live == row.moves
    assert [name for _id, name in teacher.students(code, key)] == ["Dana"]
    page.close(run_before_unload=True)
    context.close()
