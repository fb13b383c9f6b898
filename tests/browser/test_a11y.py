"""The accessibility audit: axe-core in Chromium over every page of the app.

The pages are listed in ``a11y_pages.txt`` (add a line for a new page). Each page must have
no critical and no serious violation, and every page must have its landmarks: a ``main``
region holding the content. axe-core comes bundled with ``axe-playwright-python``. Each
page opened here is also checked as a learner meets it (no cell failed, no console error,
every notebook it links to exists): ``test_app_pages.py`` opens only the other pages the
landing page links to.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urljoin

import pytest
from browser_support import HARNESS, TUTORIAL, ConsoleLog, settled
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PAGES = Path(__file__).with_name("a11y_pages.txt")
BLOCKING = {"critical", "serious"}


class Page(NamedTuple):
    """One page to audit: the server that serves it, its notebook, what shows it is ready."""

    server: str
    path: str
    ready: str


def pages() -> list[Page]:
    """The pages of ``a11y_pages.txt`` (comments and blank lines skipped)."""
    found = []
    for line in PAGES.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            server, path, ready = line.split(maxsplit=2)
            found.append(Page(server, path, ready))
    return found


def report(violations: list[dict[str, Any]]) -> str:
    """The violations, one a line with a few of their nodes, for the failure message."""
    lines = []
    for v in violations:
        targets = [" ".join(map(str, n["target"])) for n in v["nodes"][:4]]
        lines.append(f"{v['impact']} {v['id']} ({len(v['nodes'])}): {v['help']} — {targets}")
    return "\n".join(lines)


def blocking_in(results: Any) -> str:
    """The critical and serious violations of an axe run, as ``report`` lists them."""
    return report([v for v in results.response["violations"] if v["impact"] in BLOCKING])


@pytest.fixture(scope="module")
def axe() -> Any:
    """axe-core, injected into each page by axe-playwright-python."""
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


@pytest.mark.parametrize("where", pages(), ids=lambda p: f"{p.server}:{p.path}")
def test_no_critical_or_serious_violation_and_landmarks(where, page, axe, request, artifacts):
    base = request.getfixturevalue("voila_app" if where.server == "app" else "voila_harness")
    console = ConsoleLog().attach(page)
    address = f"{base}/voila/render/{where.path}"
    page.goto(address)
    expect(page.locator(where.ready).first).to_be_visible(timeout=30_000)
    settled(page)  # the last redraws are over: the DOM is quiet
    assert "There was an error when executing cell" not in page.inner_text("body")
    folder = TUTORIAL if where.server == "app" else HARNESS
    for link in page.locator("a[href$='.ipynb']").evaluate_all("as => as.map(a => a.href)"):
        target = urljoin(address, link).split("/voila/render/", 1)[1]
        assert (folder / target).is_file(), link
    results = axe.run(page)
    found = results.response["violations"]
    (artifacts / f"axe-{where.server}-{where.path.replace('/', '-')}.txt").write_text(
        report(found), encoding="utf-8"
    )
    blocking = [v for v in found if v["impact"] in BLOCKING]
    assert blocking == [], report(blocking)
    assert page.locator("main, [role=main]").count() == 1
    outside = [v for v in found if v["id"] == "region"]
    assert outside == [], report(outside)
    assert console.messages == [], where.path


def test_the_table_in_its_other_states_has_no_critical_or_serious_violation(page, axe, voila_app):
    page.goto(f"{voila_app}/voila/render/mille/practice.ipynb")
    table = page.locator(".cs-root")
    expect(table.locator("button.cs-card").first).to_be_visible(timeout=30_000)
    expect(table.locator(".cs-seat.cs-mine.cs-to-move")).to_have_count(1, timeout=30_000)
    table.locator('[data-action="hint"]').click()  # the hint panel open
    expect(table.locator(".cs-hints")).to_be_visible()
    table.locator("button.cs-stock").click()  # a move: a new deal now asks first
    expect(table.locator(".cs-message")).to_contain_text("You draw from the stock")
    table.locator(".cs-code-input").fill("XYZ")  # a refused code, explained beside the box
    table.locator('[data-action="deal-code"]').click()
    expect(table.locator(".cs-code-error")).not_to_be_empty()
    assert blocking_in(axe.run(page, context=".cs-root")) == ""
    table.locator('[data-action="replay"]').click()  # the replay bar
    expect(table.locator(".cs-replay")).to_be_visible()
    table.locator('[data-action="new-deal"]').click()  # the question
    expect(table.locator(".cs-confirm")).to_be_visible()
    assert blocking_in(axe.run(page, context=".cs-root")) == ""
