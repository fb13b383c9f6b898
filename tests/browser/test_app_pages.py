"""The app in Chromium: the landing page loads and every notebook it links to renders."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urljoin

import pytest
from browser_support import ConsoleLog, kernel_alive, wait_until
from playwright.sync_api import expect
from table_pages import kernel_id
from test_a11y import pages

from cardschool.engine.learning_path import load_path

pytestmark = pytest.mark.browser

TUTORIAL = Path(__file__).parents[2] / "tutorial"
WITH_A_TABLE = {
    "mille/first-hand.ipynb",
    "mililla/first-round.ipynb",
    "mille/practice.ipynb",
    "mililla/practice.ipynb",
}


RULES_PAGES = {"mille/rules.ipynb", "mililla/rules.ipynb"}
"""Each game's Rules page, linked from the landing page."""


def rendered(link: str) -> str:
    """The notebook path of a Voilà render link."""
    return link.split("/voila/render/", 1)[1]


def test_the_landing_page_loads_and_its_links_render(browser, page, console, voila_app):
    page.goto(f"{voila_app}/voila/render/index.ipynb")
    expect(page.locator("h1").first).to_contain_text("cardschool", timeout=30_000)
    expect(page.locator(".cs-landing-go").first).to_be_visible(timeout=30_000)  # the path
    links = page.locator("a[href$='.ipynb']").evaluate_all("as => as.map(a => a.href)")
    assert {rendered(link) for link in links} >= WITH_A_TABLE | RULES_PAGES, links
    assert console.messages == []
    assert all((TUTORIAL / rendered(link)).is_file() for link in links), links
    # each page of a kind in a page of its own (a tab the learner opens), closed without
    # leaving it; the other lessons are of the same shape (nbval runs every one of them),
    # and the pages the accessibility audit opens are checked there the same way
    path = load_path(TUTORIAL / "path.toml")
    kinds = {(step.game, step.kind): step.notebook for step in reversed(path.steps)}
    checked = WITH_A_TABLE | set(kinds.values()) | {"glossary.ipynb", *RULES_PAGES}
    checked -= {where.path for where in pages() if where.server == "app"}
    assert checked, "every kind of page is audited: this test opens none of them again"
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    for link in sorted({link for link in links if rendered(link) in checked}):
        tab = context.new_page()
        errors = ConsoleLog().attach(tab)
        tab.goto(link)
        expect(tab.locator("h1").first).to_be_visible(timeout=30_000)
        if rendered(link) in WITH_A_TABLE:  # a lesson runs its cells before its table shows
            expect(tab.locator(".cs-root button.cs-card").first).to_be_visible(timeout=30_000)
        assert "There was an error when executing cell" not in tab.inner_text("body")
        for back in tab.locator("a[href$='.ipynb']").evaluate_all("as => as.map(a => a.href)"):
            assert (TUTORIAL / rendered(urljoin(link, back))).is_file(), back
        assert errors.messages == [], link
        tab.close()
    context.close()


def test_leaving_a_page_shuts_its_kernel_down_without_errors(page, console, voila_app):
    # Voila's page sends its shutdown beacon without an _xsrf field (voila issue #1458);
    # tutorial/voila.json turns the XSRF check off so that the kernel really stops.
    page.goto(f"{voila_app}/voila/render/mille/practice.ipynb")
    expect(page.locator(".cs-root button.cs-card").first).to_be_visible(timeout=30_000)
    kernel = kernel_id(page)
    page.goto(f"{voila_app}/voila/render/index.ipynb")  # leaving sends the shutdown beacon
    expect(page.locator("h1").first).to_be_visible(timeout=30_000)
    wait_until(lambda: not kernel_alive(voila_app, kernel), "the left page's kernel stopped")
    assert console.messages == []
