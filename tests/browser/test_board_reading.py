"""The teacher's board read on a phone (issue 26): no empty copy lines on a page that opens a
board, the student column kept in view when the table scrolls sideways, the CSV download
drawn as a link, the replay list inside the screen and the rejoin code standing out."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from test_class import field

from cardschool.widgets.classroom.store import ClassStore, RecordIn
from cardschool.widgets.classroom.teacher import deal_assignment

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def test_a_teacher_reads_the_board_on_a_phone(browser, voila_app, class_db):
    store = ClassStore(str(class_db))
    code, key = store.create_class("A long class title to read on a phone")
    deal = deal_assignment("MLA-0042", "random")
    store.add_assignment(code, key, "deal", deal)
    store.add_assignment(code, key, "exercises", "mililla/beat.toml")
    for name in ("Ann", "Bartholomew"):
        member, _token = store.join(code, name)
        store.record(member, RecordIn("deal", deal, "gave up", moves=4, live=4, hints=1))
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.goto(f"{voila_app}/voila/render/teacher.ipynb")
    expect(page.get_by_role("button", name="Create class")).to_be_visible(timeout=60_000)
    # no class made on this page: the key's and the code's lines are not drawn, Copy neither
    expect(page.locator(".cs-copy")).to_have_count(2)
    for n in range(2):
        expect(page.locator(".cs-copy-button").nth(n)).to_be_hidden()
    field(page, "Class code").fill(code)
    field(page, "Teacher key").fill(key)
    page.get_by_role("button", name="Open board").click()
    board = page.locator(".cs-board")
    expect(board.locator(".cs-student")).to_have_text(["Ann", "Bartholomew"])
    # the table scrolls in its own box; the student column stays where it is
    scroll = board.locator(".cs-board-scroll")
    name = board.locator(".cs-student").last
    before = name.bounding_box()
    assert scroll.evaluate("n => n.scrollWidth > n.clientWidth")  # wider than a phone
    scroll.evaluate("n => { n.scrollLeft = n.scrollWidth; }")
    last = board.locator("th", has_text="Coach")
    right = last.bounding_box()
    assert right["x"] + right["width"] <= PHONE["width"] + 1, right  # scrolled into sight
    assert name.bounding_box()["x"] == pytest.approx(before["x"], abs=1)
    # the CSV download looks like a link, not like the text around it
    link = page.locator(".cs-board-csv a")
    style = "n => [getComputedStyle(n).color, getComputedStyle(n).textDecorationLine]"
    color, line = link.evaluate(style)
    assert line == "underline" and color != page.locator(".cs-board-as-of").evaluate(
        "n => getComputedStyle(n).color"
    )
    # the replay list's choice fits the screen
    choice = page.locator(".widget-dropdown", has=page.locator("label:text-is('Deal')"))
    box = choice.locator("select").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    # the rejoin code a teacher hands over is set apart from its sentence
    page.get_by_role("button", name="Let in again").click()
    given = page.locator(".cs-roster-code")
    expect(given).to_have_text(re.compile(r"^[A-Z0-9]{6}$"))
    assert given.evaluate("n => getComputedStyle(n).fontWeight") in ("700", "bold")
    context.close()
