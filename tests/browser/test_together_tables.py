"""Two people at one shared table on the served app (issue 29), each in a Chromium context.

A class server runs in a thread (with a kernel key, as ``make app`` gives it) and Voilà
serves the app with that server and key and no database. One player opens a Mililla table
on ``together.ipynb`` with two seats for people (the bots play the other two), the other
joins by the table's link; each sees only their own hand; one reloads the page mid-deal
and takes the seat back; they play the round out, and both see the same deal and scores.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest
from browser_support import TUTORIAL, voila_server
from classroom.test_class_server import EXERCISES, Running
from playwright.sync_api import expect

from cardschool.widgets.classroom.api import make_app
from cardschool.widgets.classroom.server import serve

pytestmark = pytest.mark.browser

KEY = "kernel-key-of-this-test"
MOVES = ".cs-hand button.cs-card.cs-legal"


class WithTables(Running):
    """The class server of ``Running``, with the served app's kernel key."""

    async def _main(self) -> None:
        app = make_app(
            self.store,
            origins=self.origins,
            exercises_root=EXERCISES,
            verifiers=self.verifiers,
            limits=self.limits,
            kernel_key=KEY,
        )
        http, self.port = serve(app, "127.0.0.1", 0, xheaders=True)
        self.app = app
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self._ready.set()
        await self._stop.wait()
        http.stop()
        app.class_server.close()


@pytest.fixture(scope="module")
def voila_together(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of Voilà on ``tutorial/`` whose kernels reach the class server with its key."""
    server = WithTables(tmp_path_factory.mktemp("tables") / "class.db", origins=[])
    env = {"CARDSCHOOL_CLASS_SERVER": server.url, "CARDSCHOOL_KERNEL_KEY": KEY}
    try:
        with mock.patch.dict(os.environ, env):
            os.environ.pop("CARDSCHOOL_DB", None)  # no database for any kernel
            with voila_server(TUTORIAL) as url:
                yield url
    finally:
        server.close()


def hand(page: Any) -> list[str]:
    return page.locator(".cs-hand button.cs-card").evaluate_all(
        "(cards) => cards.map((card) => card.dataset.card)"
    )


def fast(page: Any) -> None:
    speed = page.locator(".cs-root input[data-action=speed]")
    speed.fill("0")
    speed.dispatch_event("change")


def play_until(pages: list[Any], done: Any, limit: float = 120) -> None:
    """Click a legal card on each page in turn until ``done()``."""
    deadline = time.monotonic() + limit
    while not done():
        assert time.monotonic() < deadline, "the table did not get there"
        clicked = False
        for page in pages:
            if not page.locator(MOVES).count():  # the others' turn, or the deal is over
                continue
            try:
                page.locator(MOVES).first.click(timeout=1_000)
                clicked = True
            except Exception:  # redrawn under the click: look again
                pass
        if not clicked:
            pages[0].wait_for_timeout(50)


def test_two_people_and_two_bots_play_a_mililla_round_at_one_table(browser, voila_together):
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    for context in contexts:
        context.set_default_timeout(60_000)
    ana, ben = (context.new_page() for context in contexts)
    ana.goto(f"{voila_together}/voila/render/together.ipynb")
    ana.locator(".cs-together-game").select_option("mililla")
    ana.locator(".cs-together-level").select_option("random")
    for seat in (1, 3):  # East and West for the bots
        ana.locator(f".cs-together-people input[data-seat='{seat}']").uncheck()
    ana.locator("[data-action=open-table]").click()
    code = ana.locator(".cs-together-table-code").inner_text()
    link = ana.locator(".cs-together-link").get_attribute("href")
    assert link.endswith(f"together.ipynb?table={code}")
    expect(ana.locator(".cs-root button.cs-card").first).to_be_visible()

    ben.goto(link)
    expect(ben.locator(".cs-together-code")).to_have_value(code)
    ben.locator("[data-action=join-table]").click()
    expect(ben.locator(".cs-together-line")).to_contain_text("North")
    expect(ben.locator(".cs-root button.cs-card").first).to_be_visible()
    for page in (ana, ben):
        fast(page)
        expect(page.locator("[data-action=undo]")).to_be_hidden()  # no undo at a shared table
        expect(page.locator("[data-action=new-deal]")).to_be_hidden()
    assert not set(hand(ana)) & set(hand(ben))  # each sees only their own hand

    # a few tricks, then Ben reloads: the browser's kept seat brings him back to North
    play_until([ana, ben], lambda: len(hand(ana)) <= 8)
    ben.reload()
    expect(ben.locator(".cs-together-line")).to_contain_text("North")
    expect(ben.locator(".cs-root button.cs-card").first).to_be_visible()
    fast(ben)

    play_until(
        [ana, ben],
        lambda: (
            ana.locator(".cs-result-card").is_visible()
            and ben.locator(".cs-result-card").is_visible()
        ),
    )
    shown = [page.locator(".cs-root .cs-code").inner_text() for page in (ana, ben)]
    assert shown[0] == shown[1] and shown[0]  # the deal code, once the deal is over
    logs = [page.locator(".cs-log li").count() for page in (ana, ben)]
    assert logs[0] == logs[1] > 40  # every move on both screens
    totals = [page.locator(".cs-scores").inner_text() for page in (ana, ben)]
    assert totals[0] == totals[1]  # partners: the same columns, the same figures
    for context in contexts:
        context.close()
