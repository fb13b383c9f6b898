"""The static site in French and Spanish shows no English sentence (issue 27's done-when).

The landing page opened with ``?lang=fr`` at 1280 px, then switched to Spanish; Mille's
practice page opened with ``?lang=es`` at 390 px, a discard refused before drawing and the
hints open, then switched to French. Each time the page's visible text is compared with
every English catalog entry and the notebooks' English prose (``tests/browser/
english_left.py``). Two page loads only: each starts Pyodide.

The path's step titles with no translation yet (:data:`STILL_ENGLISH`) the pages accept,
as in ``tests/browser/test_walk_in_languages.py``; then
:func:`test_no_english_is_left_on_the_site` is a strict expected failure.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from static_support import SITE_PAGES

from cardschool.engine.messages import message, render

sys.path.insert(0, str(Path(__file__).parents[1] / "browser"))
from browser_support import settled
from english_left import english_left, path_titles

pytestmark = pytest.mark.static

LOAD = 120_000
"""ms a page may take to speak (a cold Pyodide start, two busy cores)."""
ERROR = re.compile(r"\bcs-error\b")

STILL_ENGLISH = path_titles()
"""English the site may still show: the learning path's step titles with no translation in
``tutorial/path.toml`` yet."""

FOUND: dict[str, list[str]] = {}
"""What each look found, by page and language: for the expected failure below."""


def speaks(page: Any, lang: str) -> None:
    """Wait until Python speaks ``lang`` on the page (its switch's label) and the page's
    ``lang`` says so."""
    label = render(message("table:language.label"), language=lang)
    expect(page.locator(".cs-lang").first).to_have_attribute("aria-label", label, timeout=LOAD)
    expect(page.locator("html")).to_have_attribute("lang", lang)


def switch_to(page: Any, lang: str) -> None:
    """Choose ``lang`` on the page's first switch and wait until the page speaks it."""
    page.locator(f'[data-action="language"][data-lang="{lang}"]').first.click()
    speaks(page, lang)


def look(page: Any, name: str, lang: str) -> list[str]:
    """The English left on the page, kept under ``name`` for the expected failure; what the
    translations do not already owe."""
    settled(page)
    found = [left.words for left in english_left(page.inner_text("body"), lang)]
    FOUND[f"{name}-{lang}"] = found
    return [words for words in found if words not in STILL_ENGLISH]


def test_the_landing_page_in_french_then_spanish(site_page, offline_site):
    page = site_page
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(offline_site.url(SITE_PAGES["landing"]) + "?lang=fr")
    expect(page.locator(".cs-landing-go").first).to_be_visible(timeout=LOAD)  # Python ran
    speaks(page, "fr")
    assert look(page, "landing", "fr") == []
    switch_to(page, "es")
    assert look(page, "landing", "es") == []
    assert offline_site.problems(page) == []


def test_the_mille_practice_page_in_spanish_then_french(site_page, offline_site):
    page = site_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(offline_site.url(SITE_PAGES["mille"]) + "?lang=es&deal=MIL-0042")
    table = page.locator(".cs-root")
    expect(table.locator("button.cs-card").first).to_be_visible(timeout=LOAD)
    speaks(page, "es")
    expect(table.locator(".cs-felt")).to_have_attribute("aria-busy", "false", timeout=LOAD)
    expect(table.locator(".cs-seat.cs-mine.cs-to-move")).to_have_count(1, timeout=LOAD)
    table.locator('.cs-actions [data-action="discard"]').click()  # before drawing: refused
    expect(table.locator('.cs-message[aria-live="polite"]')).to_have_class(ERROR, timeout=LOAD)
    table.locator('[data-action="hint"]').first.click()
    expect(table.locator(".cs-hints")).to_be_visible(timeout=LOAD)
    assert look(page, "mille", "es") == []
    switch_to(page, "fr")
    expect(table.locator(".cs-hints")).to_be_visible()
    assert look(page, "mille", "fr") == []
    assert offline_site.problems(page) == []


@pytest.mark.xfail(
    condition=bool(STILL_ENGLISH),
    strict=True,
    reason="English still on the site: the path's untranslated step titles (STILL_ENGLISH)",
)
def test_no_english_is_left_on_the_site():
    if len(FOUND) < 4:
        pytest.skip("the pages were not all looked at")
    assert not any(FOUND.values()), FOUND
