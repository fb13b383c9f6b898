"""The static site (``make static``) in Chromium: Python runs in the page, no server, no outside.

The site is built once per session (``build/static`` is reused while it is newer than the
sources), served by Python's ``http.server`` on a free 127.0.0.1 port, and opened in
Chromium with every request to another host aborted and counted: none is allowed. The
landing page, the lesson its Continue link leads to, each game's practice page and the class
page are opened (each page load starts Pyodide: the test's time goes there); at each table
a card is played and a bot is seen to move (the bots' timers run on Pyodide's event loop).
A practice page opened with ``?lang=fr`` speaks French (its table's words, its prose cells),
then Spanish from the switch, the deal kept.
Each page's kernel starts from the build's memory snapshot, with random numbers of its own;
with the snapshot damaged, a page starts its kernel as before and plays.
A cold start of Pyodide takes 10-15 s on a busy two-core machine: timeouts are generous.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from static_support import SITE_PAGES, PageErrors, kernel_prints, serve
from table_pages import set_speed

from cardschool.engine.languages import SOURCE
from cardschool.engine.messages import message, render
from cardschool.engine.session import Session
from cardschool.widgets.site.offline import WORKER
from cardschool.widgets.site.snapshot import SNAPSHOT

pytestmark = pytest.mark.static

TUTORIAL = Path(__file__).parents[2] / "tutorial"
LOAD = 120_000
"""ms a page may take to show its first table (a cold Pyodide start, two busy cores)."""
LEVEL = "basic"


def mililla_code() -> str:
    """A deal where a bot leads first and the learner then plays."""
    for seed in range(1, 400):
        session = Session.new("mililla", seed=seed, seats=["human", LEVEL, LEVEL, LEVEL])
        if session.run_bots() and session.human_to_move:
            return session.code
    raise AssertionError("no deal found")


def mille_code() -> str:
    """A deal where the learner moves first (the bot moves after the learner's discard)."""
    for seed in range(1, 400):
        session = Session.new("mille", seed=seed, seats=["human", LEVEL])
        if not session.run_bots() and session.human_to_move:
            return session.code
    raise AssertionError("no deal found")


def my_turn(table: Any) -> None:
    """Wait until the bots are done and the learner is to play."""
    expect(table.locator(".cs-felt")).to_have_attribute("aria-busy", "false", timeout=LOAD)
    expect(table.locator(".cs-seat.cs-mine.cs-to-move")).to_have_count(1, timeout=LOAD)


def open_table(page: Any, url: str, code: str) -> Any:
    """Open a practice page on a deal link (``?deal=CODE``); its table once it shows."""
    page.goto(url + f"?deal={code}")
    table = page.locator(".cs-root")
    expect(table.locator("button.cs-card").first).to_be_visible(timeout=LOAD)
    expect(table.locator(".cs-code")).to_have_text(f"Deal {code}", timeout=LOAD)
    set_speed(table, 100)
    return table


LINKS = """async () => {
  // every link of the page to the site: its address as written, and what the host answers
  const links = [...document.querySelectorAll("a[href]")]
    .map((a) => a.getAttribute("href"))
    .filter((href) => !/^(https?:|mailto:|#)/.test(href));
  const answers = await Promise.all(links.map(async (href) => {
    const url = new URL(href, location.href);
    url.hash = "";
    return (await fetch(url, { method: "HEAD" })).status;
  }));
  return links.map((href, i) => [href, answers[i]]);
}"""
"""Page JavaScript: the page's links within the site, each with the status its address gets."""


def links_work(page: Any) -> list[str]:
    """The page's links within the site (none to a notebook; each answered by the host)."""
    links = page.evaluate(LINKS)
    assert links, "no link on the page"
    assert [(href, status) for href, status in links if ".ipynb" in href or status != 200] == []
    return [href for href, _ in links]


def test_the_landing_page_leads_to_a_lesson_that_runs(site_page, offline_site):
    page = site_page
    page.goto(offline_site.url(SITE_PAGES["landing"]))
    expect(page.locator("h1").first).to_contain_text("cardschool", timeout=LOAD)
    expect(page.locator(".cs-landing-go").first).to_be_visible(timeout=LOAD)  # Python ran
    # every link is the page's own address, opened in a new tab or copied as well as clicked:
    # the path's steps, Continue, the practice pages, the glossary, the class pages
    hrefs = links_work(page)
    assert {"glossary.html", "class.html", "mille/practice.html"} <= set(hrefs)
    assert page.locator(".cs-site-problem").count() == 0  # this host serves .wasm right
    page.locator(".cs-landing-go").first.click()  # the path's Continue link: the first lesson
    expect(page).to_have_url(re.compile(r"/voici/render/.+\.html$"), timeout=LOAD)
    expect(page.locator("h1").first).to_be_visible(timeout=LOAD)
    # the lesson's notebook ran: its first widget (an exercise or a table) is on show
    expect(page.locator(".cs-root, .cs-ex").first).to_be_visible(timeout=LOAD)
    assert "There was an error when executing cell" not in page.inner_text("body")
    links_work(page)  # the lessons' navigation: the path, the glossary, the next step
    assert offline_site.problems(page) == []


def test_mililla_practice_plays_a_card_and_the_bots_answer(site_page, offline_site):
    page = site_page
    table = open_table(page, offline_site.url(SITE_PAGES["mililla"]), mililla_code())
    my_turn(table)
    assert "saved game" not in table.inner_text()  # a fresh profile has none to refuse
    before = table.locator(".cs-hand button.cs-card").count()
    table.locator('.cs-hand button.cs-card[data-legal="true"]').first.click()
    expect(table.locator(".cs-hand button.cs-card")).to_have_count(before - 1, timeout=LOAD)
    # the three bots finish the trick on their timers
    expect(table.locator(".cs-log")).to_contain_text("wins the trick", timeout=LOAD)
    my_turn(table)
    assert offline_site.problems(page) == []


def test_mille_practice_plays_a_turn_and_the_bot_answers(site_page, offline_site):
    page = site_page
    table = open_table(page, offline_site.url(SITE_PAGES["mille"]), mille_code())
    my_turn(table)
    cards = table.locator(".cs-hand button.cs-card")
    before = cards.count()
    table.locator("button.cs-stock").click()
    # the drawn card is in the hand (a click before it came would pick another card)
    expect(cards).to_have_count(before + 1, timeout=LOAD)
    last = cards.last
    last.click()
    expect(last).to_have_attribute("aria-pressed", "true", timeout=LOAD)
    table.locator('.cs-actions [data-action="discard"]').click()
    expect(table.locator(".cs-log")).to_contain_text("You discard", timeout=LOAD)
    entries = table.locator(".cs-log li")
    after_mine = entries.count()
    my_turn(table)  # the bot has drawn and discarded on its timer
    assert entries.count() > after_mine
    assert offline_site.problems(page) == []


def said_in(language: str, message_id: str) -> str:
    """A sentence of the checkout's catalogs in ``language``: what the site's .mo files say."""
    return render(message(message_id), language=language)


def prose_cells(notebook: str) -> int:
    """How many English prose cells (tag ``lang-en``) the tutorial's ``notebook`` has: each
    has one French and one Spanish cell after it."""
    cells = json.loads((TUTORIAL / notebook).read_text())["cells"]
    return sum("lang-en" in cell["metadata"].get("tags", []) for cell in cells)


def shows_prose_in(page: Any, language: str, cells: int) -> None:
    """The page shows its prose cells of ``language``, and none of the others."""
    expect(page.locator("html")).to_have_attribute("lang", language, timeout=LOAD)
    expect(page.locator(f".jp-Cell:has(.celltag_lang-{language}):visible")).to_have_count(cells)
    for other in {"en", "fr", "es"} - {language}:
        expect(page.locator(f".jp-Cell:has(.celltag_lang-{other}):visible")).to_have_count(0)


def test_a_lang_link_and_the_switch_speak_french_then_spanish(site_page, offline_site):
    # the translations are the wheel's .mo files, read by Pyodide's gettext; the prose cells'
    # stylesheet is the app's (voici builds with its own template: pages.self_contained)
    page, code = site_page, mille_code()
    page.goto(offline_site.url(SITE_PAGES["mille"]) + f"?lang=fr&deal={code}")
    table = page.locator(".cs-root")
    expect(table.locator("button.cs-card").first).to_be_visible(timeout=LOAD)
    undo = table.locator('.cs-tools [data-action="undo"]')
    french = said_in("fr", "table:front.undo")
    assert french != said_in(SOURCE, "table:front.undo")  # widgets/locale/fr.po has it
    expect(undo).to_have_text(french, timeout=LOAD)
    cells = prose_cells("mille/practice.ipynb")
    assert cells > 0
    shows_prose_in(page, "fr", cells)

    table.locator('[data-action="language"][data-lang="es"]').click()
    expect(undo).to_have_text(said_in("es", "table:front.undo"), timeout=LOAD)
    shows_prose_in(page, "es", cells)
    expect(table.locator(".cs-code")).to_contain_text(code)  # the same deal, in Spanish
    assert "lang=es" in page.url  # a reload, or a copied address, keeps the choice
    assert kernel_prints(page, SPOKEN).split() == ["es", "True"]
    # back to English: the choice is kept in the browser, and the module's next pages read it
    table.locator('[data-action="language"][data-lang="en"]').click()
    expect(undo).to_have_text(said_in(SOURCE, "table:front.undo"), timeout=LOAD)
    shows_prose_in(page, "en", cells)
    assert offline_site.problems(page) == []


SPOKEN = """
import sys
from cardschool.engine.languages import spoken
print(spoken(), "cardschool.widgets.language_files" not in sys.modules)
"""
"""Python for a page's kernel: the language it speaks; the translators' tool never imported
(it is left out of the snapshot: build.NOT_IN_PAGES)."""


SNAPSHOT_SAYS = """
import comm, random, sitecustomize
print(sitecustomize.RESTORED, random.random(), "jupyter.widget" in comm.get_comm_manager().targets)
"""
"""Python for a page's kernel: started from the snapshot? a number of its own; widgets' target."""


def test_each_page_starts_from_the_snapshot_and_draws_its_own_numbers(site_page, offline_site):
    said = []
    for page in (site_page, offline_site.context.new_page()):
        offline_site.errors.setdefault(page, PageErrors(page))
        page.goto(offline_site.url(SITE_PAGES["landing"]))
        expect(page.locator(".cs-landing-go").first).to_be_visible(timeout=LOAD)
        said.append(kernel_prints(page, SNAPSHOT_SAYS).split())
        assert offline_site.problems(page) == []
    assert [(started, target) for started, _, target in said] == [("True", "True")] * 2
    assert said[0][1] != said[1][1]  # the build's random state was drawn afresh on each page


def damaged(route: Any) -> None:
    """A snapshot that is not one (a broken download, a host that mangles files)."""
    route.fulfill(body=b"not the memory of a Python")


def test_a_damaged_snapshot_costs_a_learner_nothing_but_time(site_page, offline_site):
    page, context = site_page, offline_site.context
    context.route(f"**/{SNAPSHOT}", damaged)  # the context's: the kernel's worker fetches it
    try:
        table = open_table(page, offline_site.url(SITE_PAGES["mililla"]), mililla_code())
        my_turn(table)
        assert kernel_prints(page, SNAPSHOT_SAYS).split()[::2] == ["False", "True"]
        table.locator('.cs-hand button.cs-card[data-legal="true"]').first.click()
        expect(table.locator(".cs-log")).to_contain_text("wins the trick", timeout=LOAD)
    finally:
        context.unroute(f"**/{SNAPSHOT}", damaged)
    assert offline_site.problems(page) == []


def test_the_class_page_says_it_needs_the_served_app(site_page, offline_site):
    page = site_page  # the teacher's page says so too: tests/widgets/test_without_server.py
    page.goto(offline_site.url(SITE_PAGES["class"]))
    note = page.locator(".cs-needs-server")
    expect(note).to_contain_text("Joining a class needs a class server", timeout=LOAD)
    assert note.locator("a").count() == 0  # no hard-wired public server
    assert "press Join" not in page.inner_text("body")  # there is no Join box here
    assert offline_site.problems(page) == []


def test_a_host_that_cannot_run_the_school_tells_the_publisher_what_to_change(
    site_page, offline_site, built_site
):
    page, problem = site_page, site_page.locator(".cs-site-problem")
    with serve(built_site, types={".wasm": "application/octet-stream"}) as wrong:
        page.goto(f"{wrong}/{SITE_PAGES['landing']}")
        expect(problem).to_contain_text("application/octet-stream", timeout=LOAD)
        expect(problem).to_contain_text("application/wasm")
        page.goto((built_site / SITE_PAGES["landing"]).as_uri())  # opened as a file
        expect(problem).to_contain_text("file://", timeout=LOAD)
        expect(problem).to_contain_text("python3 -m http.server")


KEPT = """async (url) => {
  for (const name of await caches.keys()) {
    if (name.startsWith("cardschool-site ") && (await (await caches.open(name)).match(url))) {
      return true;
    }
  }
  return false;
}"""
"""Page JavaScript: is ``url`` kept by the site's own service worker (in its cache, not in
JupyterLite's)? An async function: read with ``page.evaluate``, which awaits it
(``wait_for_function`` would take its promise for a true value at once)."""


def wait_kept(page: Any, url: str) -> None:
    """Wait until the site's service worker has kept ``url``; fail after the load timeout."""
    deadline = time.monotonic() + LOAD / 1000
    while not page.evaluate(KEPT, url):
        assert time.monotonic() < deadline, f"{url} was not kept for offline use"
        page.wait_for_timeout(250)  # a poll interval under the deadline


@contextlib.contextmanager
def failures_told(site: Any, page: Any) -> Iterator[None]:
    """A failed check says what went wrong meanwhile: the page's errors, and which of the
    pages' requests failed (not the service worker's own tries at the network: offline,
    they fail by design)."""
    failed: list[str] = []

    def note(request: Any) -> None:
        if request.service_worker is None:
            failed.append(f"{request.url}: {request.failure}")

    site.context.on("requestfailed", note)
    try:
        yield
    except AssertionError as error:
        told = "\n".join([*site.errors[page].messages, *failed][-40:]) or "nothing"
        raise AssertionError(f"{error}\nwhat failed meanwhile:\n{told}") from error
    finally:
        site.context.remove_listener("requestfailed", note)


def test_after_a_first_visit_every_page_opens_offline(site_page, offline_site, built_site):
    # last: the module's pages were visited online (the landing page the snapshot's test left
    # open has kept the site by now, or does so KEEP_AFTER its load); this lesson was not opened
    page, lesson = site_page, offline_site.url(SITE_PAGES["unvisited"])
    page.goto(offline_site.url(SITE_PAGES["landing"]))
    expect(page.locator(".cs-landing-go").first).to_be_visible(timeout=LOAD)
    worker = (built_site / WORKER).read_text()
    last = json.loads(re.search(r"const FIRST = (\[.*?\]);", worker).group(1))[-1]
    for url in (lesson, offline_site.url(last)):  # kept in order: the last once all are
        wait_kept(page, url)
    with offline_site.offline(), failures_told(offline_site, page):
        page.goto(lesson)
        expect(page.locator(".cs-root, .cs-ex").first).to_be_visible(timeout=LOAD)
        page.goto(offline_site.url(SITE_PAGES["mille"]) + "?deal=" + mille_code())  # a deal link
        expect(page.locator(".cs-root button.cs-card").first).to_be_visible(timeout=LOAD)
        assert offline_site.outside.urls == []
