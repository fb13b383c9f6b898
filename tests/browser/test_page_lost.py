"""A page says by itself, within 5 s, that its kernel or its server is gone (issue 26.11):
no click needed. Chromium on the app's Voilà server, a kernel killed; a stopped server is
checked in ``test_saved_games.py`` (its server restart)."""

from __future__ import annotations

import os
import signal
import time
from typing import Any

import pytest
from browser_support import wait_until
from playwright.sync_api import expect
from table_pages import kernel_id, open_table
from test_saved_games import _running, kernel_process

pytestmark = pytest.mark.browser

LOST = "lost its connection to the server"


def said_within(page: Any, seconds: float, since: float) -> None:
    """The page's own notice shows, unasked, within ``seconds`` of ``since``."""
    notice = page.locator(".cs-page-lost")
    expect(notice).to_be_visible(timeout=seconds * 1000)
    assert time.monotonic() - since < seconds
    expect(notice).to_contain_text(LOST)
    expect(notice.get_by_role("button", name="Reload")).to_be_visible()


@pytest.mark.parametrize("where", ["class.ipynb", "mililla/practice.ipynb"])
def test_a_killed_kernel_is_said_by_the_page_itself(page, voila_app, where):
    url = f"{voila_app}/voila/render/{where}"
    if where.endswith("practice.ipynb"):
        open_table(page, url)
    else:
        page.goto(url)
        expect(page.locator(".cs-class-form")).to_be_visible(timeout=30_000)
        page.reload()  # leaving a page closes its socket: no notice for that
        expect(page.locator(".cs-class-form")).to_be_visible(timeout=30_000)
        page.wait_for_timeout(2000)
    assert page.locator(".cs-page-lost").count() == 0
    process = kernel_process(kernel_id(page))
    os.kill(process.pid, signal.SIGKILL)
    killed = time.monotonic()
    wait_until(lambda: not _running(process), "the killed kernel's process is gone")
    said_within(page, 5, killed)


def test_the_class_page_shows_no_join_form_while_its_database_is_down(page, voila_harness):
    page.goto(f"{voila_harness}/voila/render/class_down.ipynb")
    said = page.locator(".cs-class-message")
    expect(said).to_contain_text("the database server is not answering", timeout=30_000)
    assert "path or address" not in said.text_content()
    assert page.locator(".cs-class-form").count() == 0
    page.locator(".cs-class-retry").click()  # still down: still said, still no form
    page.wait_for_timeout(1000)
    expect(said).to_contain_text("not answering")
    assert page.locator(".cs-class-form").count() == 0


def test_a_refused_membership_on_a_practice_page_stays_readable(page, voila_app):
    url = f"{voila_app}/voila/render/mililla/practice.ipynb"
    page.goto(f"{voila_app}/voila/render/class.ipynb")  # the app's origin, for its storage
    forged = '{"code": "ABCDEF", "name": "Ann", "token": "forged-token"}'
    page.evaluate(f"localStorage.setItem('cardschool/v1/class/membership', {forged!r})")
    table = open_table(page, url)
    notice = table.locator(".cs-notice")
    expect(notice).to_contain_text("Nothing here is recorded for a class", timeout=10_000)
    page.wait_for_timeout(3000)  # the game's own lines came and went: the notice stays
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("There is no class ABCDEF")


def test_a_deal_link_shows_no_other_deal_first(page, voila_app):
    # every 10 ms from the page's start: the deal code of a table a person could see
    page.add_init_script(
        """window.cardschoolSeen = new Set();
        setInterval(() => {
          const root = document.querySelector(".cs-root");
          const code = root && root.querySelector(".cs-code");
          const shown = root && getComputedStyle(root).visibility === "visible";
          if (code && code.textContent && shown) window.cardschoolSeen.add(code.textContent);
        }, 10);"""
    )
    table = open_table(page, f"{voila_app}/voila/render/mililla/practice.ipynb?deal=MLA-0042")
    expect(table.locator(".cs-code")).to_contain_text("MLA-0042", timeout=10_000)
    page.wait_for_timeout(300)
    seen = page.evaluate("[...window.cardschoolSeen]")
    assert seen and all("MLA-0042" in code for code in seen), seen
