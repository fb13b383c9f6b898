"""Issue 26 in Chromium: work given up is on the board (8), a record the database refused is
kept by the browser and sent again by the next page (7: a read-only SQLite file, and a real
PostgreSQL server stopped and started again), the two-tab notice on a phone (3).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_support import ARTIFACTS, wait_until
from class_kept import SETTING
from classroom.conftest import fresh_pg_database
from classroom.postgres import pg_bin, running_postgres
from playwright.sync_api import expect
from table_pages import hand_of, my_turn, open_table, play_legal
from test_class import join, new_page, play_the_rounds

from cardschool.widgets.classroom.board import board_html, build_board
from cardschool.widgets.classroom.store import ClassStore
from cardschool.widgets.classroom.teacher import deal_assignment

pytestmark = pytest.mark.browser

DEAL = "MLA-0042"
PHONE = {"width": 390, "height": 844}
REFUSABLE = '.cs-hand button.cs-card[data-legal="false"]'


def refuse(table: Any, times: int, counted: Any) -> None:
    """Click a card the rules refuse ``times`` times, on the learner's turn (playing legal
    cards until one is refused: while following suit); ``counted(n)`` waits until the
    class record counts the n-th refusal of these."""
    for _ in range(40):
        my_turn(table)
        if table.locator(REFUSABLE).count():
            break
        play_legal(table)
    for _ in range(times):
        my_turn(table)
        before = len(hand_of(table))
        table.locator(REFUSABLE).first.click()
        counted(_ + 1)
        assert len(hand_of(table)) == before


def the_record(store: ClassStore, code: str, key: str, **wanted: Any) -> Any:
    """The class's one record once its fields are as ``wanted`` (``refused``: summed)."""

    def found() -> Any:
        rows = store.records(code, key)
        if len(rows) != 1:
            return None
        row = rows[0]
        refused = sum(json.loads(row.illegal or "{}").values())
        fields = {"refused": refused, "result": row.result, "hints": row.hints}
        return row if all(fields[k] == v for k, v in wanted.items()) else None

    return wait_until(found, f"a record with {wanted}")


def test_half_a_deal_is_playing_across_a_reload_with_its_counts_and_a_new_deal_gives_it_up(
    browser, voila_app, class_db
):
    store = ClassStore(str(class_db))
    code, key = store.create_class("Half a deal")
    deal = deal_assignment(DEAL, "random")
    store.add_assignment(code, key, "deal", deal)
    context, page = new_page(browser)
    join(page, voila_app, code, "Pat")
    expect(page.locator(".cs-class-name")).to_have_text("Pat", timeout=60_000)
    url = f"{voila_app}/voila/render/mililla/practice.ipynb?deal={deal}"
    table = open_table(page, url)
    play_legal(table)
    refuse(table, 2, lambda n: the_record(store, code, key, result="playing", refused=n))
    table.locator('[data-action="hint"]').click()
    the_record(store, code, key, result="playing", refused=2, hints=1)
    page.reload()  # a new kernel: the save comes back, and the counts from the store
    table = open_table(page, url)
    refuse(table, 2, lambda n: the_record(store, code, key, refused=2 + n, hints=1))
    the_record(store, code, key, result="playing", refused=4, hints=1)
    shown = board_html(build_board(store, code, key))
    assert "playing, 4 refused moves, 1 hint" in shown
    table.locator('[data-action="new-deal"]').click()
    table.locator('[data-action="confirm-yes"]').click()  # the deal in progress is given up
    the_record(store, code, key, result="gave up", refused=4, hints=1)
    assert "gave up, 4 refused moves, 1 hint" in board_html(build_board(store, code, key))
    context.close()


def kept_in_browser(page: Any) -> dict[str, Any]:
    """The sealed class records this page's browser keeps, by storage key."""
    return page.evaluate(
        """() => Object.fromEntries(Object.entries(localStorage)
            .filter(([k]) => k.includes("/v1/class-record/"))
            .map(([k, v]) => [k, JSON.parse(v)]))"""
    )


def test_a_record_refused_is_kept_by_the_browser_and_sent_once_by_the_next_page(
    browser, voila_harness, tmp_path
):
    db = tmp_path / "class.db"
    store = ClassStore(str(db))
    code, key = store.create_class("Kept")
    _member, token = store.join(code, "Kim")
    context, page = new_page(browser)
    url = f"{voila_harness}/voila/render/class_kept.ipynb"
    SETTING.write_text(json.dumps({"db": str(db), "read_only": True}))
    page.goto(url)
    membership = json.dumps({"code": code, "name": "Kim", "token": token})
    page.evaluate(f"localStorage.setItem('cardschool/v1/class/membership', {membership!r})")
    table = open_table(page, url)
    play_the_rounds([page])
    expect(table.locator(".cs-message")).to_contain_text("not recorded for your class yet")
    [sealed] = wait_until(lambda: list(kept_in_browser(page).values()), "the record kept")
    assert store.records(code, key) == []
    # the kernel goes with the page; the database is back; the next page sends the record
    SETTING.write_text(json.dumps({"db": str(db), "read_only": False}))
    page.goto(url)
    [row] = wait_until(lambda: store.records(code, key), "the kept record recorded")
    assert row.uid == sealed["uid"]
    wait_until(lambda: kept_in_browser(page) == {}, "the browser's copy dropped")
    # an altered copy put back into the browser's storage is refused, and dropped
    body = json.loads(sealed["body"])
    body["record"]["result"] = "won" if body["record"]["result"] != "won" else "lost"
    altered = {**sealed, "body": json.dumps(body)}
    page.evaluate(
        """(record) => {
            const key = `cardschool/v1/class-record/${record.uid}`;
            localStorage.setItem(key, JSON.stringify(record));
            localStorage.setItem("cardschool/v1/class/records", JSON.stringify([record.uid]));
        }""",
        altered,
    )
    page.goto(url)
    # the page may continue the finished round it saved (no card in hand): the table is enough
    expect(page.locator(".cs-root .cs-felt")).to_be_visible(timeout=30_000)
    wait_until(lambda: kept_in_browser(page) == {}, "the altered copy dropped")
    [again] = store.records(code, key)
    assert (again.uid, again.result) == (row.uid, row.result)
    context.close()
    SETTING.unlink()


def test_a_record_made_while_postgresql_is_down_is_kept_and_recorded_once_when_it_is_back(
    browser, voila_harness
):
    bin_dir = pg_bin()
    if bin_dir is None:
        pytest.skip("PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin")
    with running_postgres(bin_dir) as server:
        db = fresh_pg_database(server)
        store = ClassStore(db)
        code, key = store.create_class("Kept on PostgreSQL")
        _member, token = store.join(code, "Kim")
        context, page = new_page(browser)
        url = f"{voila_harness}/voila/render/class_kept.ipynb"
        SETTING.write_text(json.dumps({"db": db, "read_only": False}))
        page.goto(url)
        membership = json.dumps({"code": code, "name": "Kim", "token": token})
        page.evaluate(f"localStorage.setItem('cardschool/v1/class/membership', {membership!r})")
        table = open_table(page, url)
        play_legal(table)  # recorded as playing: the membership holds, the server answers
        the_record(store, code, key, result="playing")
        server.stop()  # the server goes down while the student finishes the deal
        play_the_rounds([page])
        expect(table.locator(".cs-message")).to_contain_text("not recorded for your class yet")
        [sealed] = wait_until(lambda: list(kept_in_browser(page).values()), "the record kept")
        server.start()  # back (it answers queries): the next page sends the kept record
        page.goto(url)
        row = the_record(store, code, key, result=json.loads(sealed["body"])["record"]["result"])
        assert row.uid == sealed["uid"] and row.result in ("won", "lost", "tied")
        wait_until(lambda: kept_in_browser(page) == {}, "the browser's copy dropped")
        page.goto(url)  # and once only: another page has nothing more to send
        expect(page.locator(".cs-root button.cs-card").first).to_be_visible(timeout=30_000)
        [again] = store.records(code, key)
        assert (again.uid, again.result) == (row.uid, row.result)
        context.close()
        SETTING.unlink()


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    """True when two boxes share some area."""
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def test_the_two_tab_notice_fits_a_phone_screen(browser, voila_app):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(30_000)
    first = context.new_page()
    url = f"{voila_app}/voila/render/mililla/practice.ipynb"
    open_table(first, url)
    second = context.new_page()
    second.goto(url)
    table = second.locator(".cs-root")
    notice = table.locator(".cs-elsewhere")
    expect(notice).to_contain_text("open in another tab", timeout=30_000)
    take = notice.locator('[data-action="take-over"]')
    expect(take).to_have_text("Take it over here")
    notice.scroll_into_view_if_needed()
    expect(notice).to_be_in_viewport(ratio=1)
    box = notice.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    button = take.bounding_box()
    assert button["height"] >= 44 and button["width"] >= 44, button
    text = notice.locator(".cs-elsewhere-text").bounding_box()
    assert not overlap(text, button)  # the sentence and its button side by side or stacked
    others = table.locator(":scope > :not(.cs-elsewhere):not([hidden])")
    for n in range(others.count()):
        other = others.nth(n).bounding_box()
        if other and other["width"] and other["height"]:
            assert not overlap(box, other), (n, box, other)
    second.screenshot(path=ARTIFACTS / "two-tabs-phone.png")
    context.close()
