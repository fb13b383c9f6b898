"""The teacher's board read on a phone (issue 26): no empty copy lines on a page that opens a
board, the student column kept in view when the table scrolls sideways, the CSV download
drawn as a link, the replay list inside the screen and the rejoin code standing out; no cell
showing through at the student column's left edge, the refused-moves chart's words readable."""

from __future__ import annotations

import base64
import re
from typing import Any

import pytest
from playwright.sync_api import expect
from test_class import field

from cardschool.widgets.classroom.store import ClassStore, RecordIn
from cardschool.widgets.classroom.teacher import deal_assignment

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
COLORS = """async (url) => {
  const img = new Image(); img.src = url; await img.decode();
  const canvas = document.createElement("canvas");
  canvas.width = img.width; canvas.height = img.height;
  const paint = canvas.getContext("2d"); paint.drawImage(img, 0, 0);
  const data = paint.getImageData(0, 0, img.width, img.height).data;
  const seen = new Set();
  for (let i = 0; i < data.length; i += 4) seen.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
  return [...seen];
}"""
"""The colours of a PNG (as a data URL), read back through a canvas."""


def colors(reader: Any, png: bytes) -> set[str]:
    """The colours a screenshot holds, as ``"r,g,b"``."""
    return set(reader.evaluate(COLORS, "data:image/png;base64," + base64.b64encode(png).decode()))


def test_a_teacher_reads_the_board_on_a_phone(browser, voila_app, class_db, artifacts):
    store = ClassStore(str(class_db))
    code, key = store.create_class("A long class title to read on a phone")
    deal = deal_assignment("MLA-0042", "random")
    store.add_assignment(code, key, "deal", deal)
    store.add_assignment(code, key, "exercises", "mililla/beat.toml")
    for name in ("Ann", "Bartholomew"):
        member, _token = store.join(code, name)
        refused = {"mililla.follow": 3, "mille.draw.pile": 2}  # the chart has bars to read
        store.record(
            member, RecordIn("deal", deal, "gave up", moves=4, live=4, hints=1, illegal=refused)
        )
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
    # at every place of the scroll, the box's first pixel column is the student column's own
    # (white, and its grey lines): no cell behind it shows through a hair-thin gap
    reader = context.new_page()
    width = scroll.evaluate("n => n.scrollWidth - n.clientWidth")
    scroll.scroll_into_view_if_needed()
    box = scroll.bounding_box()
    edge = {"x": box["x"], "y": box["y"], "width": 1, "height": box["height"]}
    # the first pixels one at a time, then a dozen places across the whole scroll
    places = sorted({*range(8), *range(0, width + 1, max(4, width // 12)), width})
    for left in places:
        scroll.evaluate("(n, left) => { n.scrollLeft = left; }", left)
        assert colors(reader, page.screenshot(clip=edge)) <= {"255,255,255", "153,153,153"}, left
    reader.close()
    # the refused-moves chart's words are not shrunk with it: 12 px or more on a phone
    chart = board.locator("svg.cs-rules-chart")
    expect(chart).to_contain_text("Follow suit")
    sizes = chart.locator("text").evaluate_all(
        "ts => ts.map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)"
    )
    assert sizes and min(sizes) >= 12, sizes
    chart_box = chart.bounding_box()
    assert chart_box["x"] >= 0 and chart_box["x"] + chart_box["width"] <= PHONE["width"]
    page.screenshot(path=artifacts / "board-phone.png", full_page=True)  # to look at
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
