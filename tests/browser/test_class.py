"""A class in Chromium: a teacher makes a class, two students join and finish a deal.

The teacher creates the class on ``teacher.ipynb`` and hands out a Mililla deal; two
students, each in a browser context of their own, join on ``class.ipynb`` and play the
rounds out by clicking legal cards in turn (bots at no delay); the board shows both, the teacher
opens one student's deal as a replay, and a wrong teacher key shows nothing. A joined student
who follows a link to a deal or to a lesson has that work recorded and shown on the board.
"""

from __future__ import annotations

import re
import time
from typing import Any
from urllib.parse import quote

import pytest
from browser_support import TUTORIAL, wait_until
from playwright.sync_api import expect
from test_learning_route import solve

from cardschool.engine.learning_path import load_path
from cardschool.widgets.classroom.board import board_html, build_board
from cardschool.widgets.classroom.links import lesson_of
from cardschool.widgets.classroom.roster import rename_student
from cardschool.widgets.classroom.store import ClassStore
from cardschool.widgets.classroom.teacher import deal_assignment

pytestmark = pytest.mark.browser

DEAL = "MLA-0042"
MOVES = ".cs-hand button.cs-card.cs-legal, button.cs-move.cs-legal"
"""A legal card or move button at a table."""
PATH = load_path(TUTORIAL / "path.toml")


def field(page: Any, label: str) -> Any:
    """The input of the ipywidgets text field with this description."""
    return page.locator(
        ".widget-inline-hbox", has=page.locator(f"label:text-is('{label}')")
    ).locator("input")


def new_page(browser: Any) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    return context, context.new_page()


def join(page: Any, base: str, code: str, name: str) -> None:
    """Join the class ``code`` on the class page as ``name``, as a student types it."""
    page.goto(f"{base}/voila/render/class.ipynb")
    page.locator(".cs-class-code").fill(code)
    page.locator(".cs-class-yourname").fill(name)
    page.locator(".cs-class-join").click()


def play_the_rounds(pages: list[Any]) -> None:
    """Click a legal card (or button) on each page in turn, until every result shows."""
    tables = [page.locator(".cs-root") for page in pages]
    for table in tables:
        speed = table.locator("input[data-action=speed]")
        speed.fill("0")
        speed.dispatch_event("change")
    deadline = time.monotonic() + 240
    playing = list(zip(pages, tables, strict=True))
    while playing:
        assert time.monotonic() < deadline, "a round did not end"
        for page, table in list(playing):
            if table.locator(".cs-result-card").is_visible():
                playing.remove((page, table))
                continue
            move = table.locator(MOVES)
            try:
                move.first.click(timeout=1_000)
            except Exception:  # redrawn under the click, or the bots are moving: look again
                expect(table.locator(f"{MOVES}, .cs-result-card").first).to_be_visible()


def test_a_class_from_creation_to_the_board_and_a_replay(browser, voila_app):
    context, teacher = new_page(browser)
    teacher.goto(f"{voila_app}/voila/render/teacher.ipynb")
    field(teacher, "Class title").fill("Year <7>")
    teacher.get_by_role("button", name="Create class").click()
    code = teacher.locator(".cs-class-code-made").inner_text(timeout=60_000)
    key = teacher.locator(".cs-teacher-key-made").inner_text()
    # the key has its Copy button, as a table's link does
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=voila_app)
    teacher.get_by_role("button", name="Copy the teacher key").click()
    expect(teacher.locator(".cs-copy-told").last).to_have_text("Copied.")
    assert teacher.evaluate("navigator.clipboard.readText()") == key
    field(teacher, "Teacher key").fill(key + "x")
    teacher.get_by_role("button", name="Open board").click()
    expect(teacher.locator(".cs-teacher-error")).to_contain_text("do not match")
    expect(teacher.locator(".cs-board")).to_have_count(0)
    field(teacher, "Teacher key").fill(key)
    teacher.get_by_role("button", name="Open board").click()
    expect(teacher.locator(".cs-board")).to_contain_text("Year <7>")
    teacher.locator(".widget-text input[placeholder^='MLA']").fill(DEAL)
    teacher.get_by_role("button", name="Add assignment").click()
    expect(teacher.locator(".cs-teacher-info")).to_contain_text(f"Added: {DEAL}")

    students = []
    for name in ("<b>Ann</b>", "Bob"):
        student_context, page = new_page(browser)
        join(page, voila_app, code.lower(), name)
        expect(page.locator(".cs-class-name")).to_have_text(name, timeout=60_000)
        # the assignment listed once: its link, and the button that opens it here
        expect(page.locator(".cs-assignment-link")).to_have_text(re.compile(rf"^1\. Deal {DEAL}"))
        expect(page.get_by_text(f"1. Deal {DEAL}")).to_have_count(1)
        page.get_by_role("button", name="Open it here").click()
        expect(page.locator(".cs-root")).to_be_visible()
        students.append((student_context, page))
    play_the_rounds([page for _context, page in students])
    for _context, page in students:
        expect(page.locator(".cs-class-status")).to_contain_text("recorded for your class")
    for student_context, page in students:  # a reload: the browser keeps the membership
        page.reload()
        expect(page.locator(".cs-class-joined")).to_be_visible(timeout=60_000)
        page.close(run_before_unload=True)
        student_context.close()

    teacher.get_by_role("button", name="Open board").click()
    board = teacher.locator(".cs-board")
    expect(board.locator(".cs-student")).to_have_text(["<b>Ann</b>", "Bob"])
    expect(board.locator("td.cs-done")).to_have_count(2)
    assert board.locator("b").count() == 0  # the name's markup is text, not markup
    choice = teacher.locator("select").last
    # the two played at once, so either may have finished first: Ann's deal by its label
    labels = choice.locator("option").all_inner_texts()
    choice.select_option(label=next(label for label in labels if label.startswith("<b>Ann</b>")))
    teacher.get_by_role("button", name="Open replay").click()
    replay = teacher.locator(".cs-root")
    expect(replay).to_be_visible()
    expect(replay.locator(".cs-heading")).to_contain_text("<b>Ann</b>")
    expect(replay.locator(".cs-mini").first).to_be_visible()  # the other hands, face up
    # for the class: the replay's controls and Large, none of a practice table's tools
    expect(replay.locator('[data-action="replay-forward"]')).to_be_visible()
    expect(replay.locator('[data-action="large"]')).to_be_visible()
    for tool in ("hint", "new-deal", "deal-code", "speed", "replay-close", "copy-link"):
        expect(replay.locator(f'[data-action="{tool}"]')).to_be_hidden()
    teacher.close(run_before_unload=True)
    context.close()


def test_a_joined_student_follows_an_assignment_link_and_the_board_shows_it(
    browser, voila_app, class_db
):
    store = ClassStore(str(class_db))
    code, key = store.create_class("Links")
    deal = deal_assignment(DEAL, "random")
    store.add_assignment(code, key, "deal", deal)
    context, page = new_page(browser)
    join(page, voila_app, code, "<i>Dee</i>")
    link = page.locator("a.cs-assignment-link").first
    expect(link).to_have_attribute("href", f"mililla/practice.ipynb?deal={deal}", timeout=60_000)
    here = page.locator(".cs-assignment-here").first.bounding_box()
    assert here["height"] >= 44  # "Open it here" is a comfortable tap target
    link.click()  # the practice page, in the same tab: the membership comes along in storage
    page.wait_for_url(f"**/mililla/practice.ipynb?deal={deal}")
    expect(page.locator(".cs-root")).to_be_visible(timeout=60_000)
    play_the_rounds([page])
    [row] = wait_until(lambda: store.records(code, key), "the finished deal is recorded")
    assert (row.kind, row.target) == ("deal", deal)
    shown = board_html(build_board(store, code, key))
    assert "&lt;i&gt;Dee" in shown and shown.count("class='cs-done'") == 1
    # issue 26.1-2: the finished deal's page opened again replays the save, records nothing
    # new; the save put into another student's browser storage is recorded as restored
    page.goto(f"{voila_app}/voila/render/mililla/practice.ipynb?deal={deal}")
    expect(page.locator(".cs-result-card")).to_be_visible(timeout=60_000)
    saved = page.evaluate("Object.fromEntries(Object.entries(localStorage))")
    eve_context, eve = new_page(browser)
    join(eve, voila_app, code, "Eve")
    expect(eve.locator(".cs-class-name")).to_have_text("Eve", timeout=60_000)
    games = {k: v for k, v in saved.items() if "class" not in k}
    eve.evaluate("(items) => { for (const k in items) localStorage.setItem(k, items[k]); }", games)
    eve.goto(f"{voila_app}/voila/render/mililla/practice.ipynb?deal={deal}")
    expect(eve.locator(".cs-result-card")).to_be_visible(timeout=60_000)
    rows = wait_until(lambda: store.records(code, key)[1:], "Eve's restored deal is recorded")
    [dee, eve_row] = store.records(code, key)
    assert (dee.uid, dee.live) == (row.uid, dee.moves) and (eve_row.live, eve_row.moves) == (
        0,
        dee.moves,
    ), rows
    shown = board_html(build_board(store, code, key))
    assert "restored from the browser, no move played here" in shown
    eve_context.close()
    page.goto(f"{voila_app}/voila/render/index.ipynb")  # the landing page names the class
    joined = page.locator(".cs-landing-class")
    expect(joined).to_have_text("In class Links as <i>Dee</i> · your assignments", timeout=60_000)
    assert joined.locator("i").count() == 0
    page.close(run_before_unload=True)
    context.close()


def test_a_membership_the_browser_cannot_keep_is_said_in_pythons_words(
    browser, voila_app, class_db
):
    code, _key = ClassStore(str(class_db)).create_class("Full")
    context, page = new_page(browser)
    page.add_init_script(
        "Storage.prototype.setItem = function () {"
        " throw new DOMException('full', 'QuotaExceededError'); };"
    )
    join(page, voila_app, code, "Fay")
    expect(page.locator(".cs-class-name")).to_have_text("Fay", timeout=60_000)
    expect(page.locator(".cs-class-storage")).to_have_text(
        "Your progress could not be kept: this browser's storage is full."
    )
    context.close()


def test_a_student_the_teacher_renamed_keeps_their_membership_under_the_new_name(
    browser, voila_app, class_db
):
    store = ClassStore(str(class_db))
    code, key = store.create_class("Renamed")
    context, page = new_page(browser)
    join(page, voila_app, code, "Bob")
    expect(page.locator(".cs-class-name")).to_have_text("Bob", timeout=60_000)
    [(bob, _name)] = store.students(code, key)
    rename_student(store, code, key, bob, "Robert")  # as the board's Rename does (issue 26)
    kept = "() => Object.entries(localStorage).filter(([k]) => k.endsWith('/v1/class/membership'))"
    [(_key, entry)] = page.evaluate(kept)
    assert '"name":"Bob"' in entry  # the old name still in this browser
    page.goto(f"{voila_app}/voila/render/index.ipynb")  # a page that sends it: known by its token
    expect(page.locator(".cs-landing-class")).to_have_text(
        "In class Renamed as Robert · your assignments", timeout=60_000
    )
    page.goto(f"{voila_app}/voila/render/class.ipynb")
    expect(page.locator(".cs-class-name")).to_have_text("Robert", timeout=60_000)
    expect(page.locator(".cs-class-message")).to_have_count(0)  # no "join again"
    wait_until(lambda: '"name":"Robert"' in page.evaluate(kept)[0][1], "the new name is kept")
    context.close()


def test_a_lesson_exercise_done_by_a_joined_student_shows_on_the_teachers_board(
    browser, voila_app, class_db
):
    first_lesson = PATH.of_game("mililla")[0].notebook
    file = PATH.file_keys()[PATH.shown(first_lesson)[0][0]]  # its first exercise file
    lesson = lesson_of(PATH, file)
    assert lesson is not None
    names = [PATH.file_keys()[name] for name, _group in PATH.shown(lesson)]
    exercise = PATH.shown(lesson)[names.index(file)][1][0]
    store = ClassStore(str(class_db))
    code, key = store.create_class("Lessons")
    store.add_assignment(code, key, "exercises", file)
    context, page = new_page(browser)
    join(page, voila_app, code, "<u>Eve</u>")
    link = page.locator("a.cs-assignment-link").first
    expect(link).to_have_attribute("href", quote(lesson), timeout=60_000)
    link.click()  # the lesson, in the same tab: the membership comes along in storage
    page.wait_for_url(f"**/{lesson}")
    widget = page.locator(".cs-ex").nth(names.index(file))
    expect(widget.locator(".cs-ex-tools button").first).to_be_visible(timeout=60_000)
    widget.scroll_into_view_if_needed()
    solve(widget, exercise)  # the engine's right answer, clicked at the first try
    expect(widget.locator(".cs-ex-notice")).to_contain_text(
        "Exercise 1 is recorded for your class (<u>Eve</u>)."
    )
    [row] = store.records(code, key)  # recorded by the kernel before it said so
    assert (row.kind, row.target, row.result) == ("exercises", f"{file}#{exercise.id}", "solved")
    page.close(run_before_unload=True)
    context.close()

    context, teacher = new_page(browser)
    teacher.goto(f"{voila_app}/voila/render/teacher.ipynb")
    field(teacher, "Class code").fill(code)
    field(teacher, "Teacher key").fill(key)
    teacher.get_by_role("button", name="Open board").click()
    board = teacher.locator(".cs-board")
    expect(board.locator(".cs-student")).to_have_text(["<u>Eve</u>"], timeout=60_000)
    expect(board.locator("thead")).to_contain_text(file)
    done = board.locator("td.cs-done")
    expect(done).to_have_count(1)
    expect(done).to_contain_text(f"1 solved, {row.stars}★")
    assert row.stars == 3 and board.locator("u").count() == 0  # the name is text, not markup
    teacher.close(run_before_unload=True)
    context.close()
