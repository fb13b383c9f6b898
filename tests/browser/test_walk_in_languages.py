"""A walk through the served app in French at 1280 px and in Spanish at 390 px finds no
English sentence on screen (issue 27's done-when).

Each walk opens, with ``?lang=`` links: the landing page; a lesson, where an exercise gets
a wrong try and a hint; Mille's practice page (a refused discard before drawing, the hints,
the coach); Mililla's (a refused card, the hints, the coach, the round played out by
clicking legal cards, its review opened at a moment); the glossary; the class page (a
refused join). On each, the page's visible text and the words its elements give in
attributes (``aria-label``, ``title``, ``placeholder``) are compared with every English
catalog entry, the notebooks' English prose and the path's titles (``english_left.py``).
One server and one browser serve both walks.

English the walks may still find while it has no translation, the path's step titles
(:data:`STILL_ENGLISH`, read from ``tutorial/path.toml``), the walks accept; then
:func:`test_no_english_is_left` is a strict expected failure, and a plain test once every
title is translated.
"""

from __future__ import annotations

import contextlib
import re
import time
from typing import Any

import pytest
from browser_support import settled
from english_left import english_left, path_titles
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect
from table_pages import my_turn, set_speed
from test_app_practice import mililla_code, mille_code

from cardschool.engine.messages import message, render

pytestmark = pytest.mark.browser

WALKS = [("fr", 1280, 900), ("es", 390, 844)]
"""Each walk's language and screen (width, height)."""

STILL_ENGLISH = path_titles()
"""English the walks may still find: the learning path's step titles with no translation in
``tutorial/path.toml`` yet (the landing page, the lessons' bars)."""

FOUND: dict[str, dict[str, list[str]]] = {}
"""What each walk found, by language then page: for :func:`test_no_english_is_left`."""

READ_ALOUD = """() => [...document.querySelectorAll("[aria-label], [title], [placeholder]")]
  .filter((node) => !node.closest("[hidden]"))
  .flatMap((node) => ["aria-label", "title", "placeholder"].map((name) => node.getAttribute(name)))
  .filter(Boolean)"""
"""Page JavaScript: the words the page's shown elements give in attributes (read aloud by a
screen reader, or shown on hover), one a line."""

ERROR = re.compile(r"\bcs-error\b")
LOAD = 30_000


def url(base: str, path: str, lang: str, query: str = "") -> str:
    """The app's page ``path`` asked for in ``lang``."""
    return f"{base}/voila/render/{path}?lang={lang}{query}"


def speaks(page: Any, lang: str) -> None:
    """Wait until the page speaks ``lang``: its ``lang`` and its first switch (which the
    page sets at once), that switch's label (which Python says), and its redraws are over."""
    expect(page.locator("html")).to_have_attribute("lang", lang, timeout=LOAD)
    chosen = page.locator(f'[data-action="language"][data-lang="{lang}"]').first
    expect(chosen).to_have_attribute("aria-pressed", "true", timeout=LOAD)
    label = render(message("table:language.label"), language=lang)
    expect(page.locator(".cs-lang").first).to_have_attribute("aria-label", label, timeout=LOAD)
    settled(page)


def wrong_try_and_hint(page: Any) -> None:
    """The lesson's first exercise box: a wrong answer (the next exercise's, when the first
    choice was right), then the hint."""
    box = page.locator("section.cs-ex").first
    expect(box.locator(".cs-ex-tools button").first).to_be_visible(timeout=LOAD)
    feedback = box.locator(".cs-ex-feedback")
    for _ in range(6):
        box.locator(".cs-ex-card:enabled, .cs-ex-option:enabled").first.click()
        expect(feedback).to_have_count(1)
        if feedback.get_attribute("data-right") == "false":
            break
        box.locator('[data-key="next"]').click()
        expect(feedback).to_have_count(0)
    expect(feedback).to_have_attribute("data-right", "false")
    box.locator('[data-key="hint"]').click()
    expect(box.locator(".cs-ex-hint")).to_be_visible()


def refused(table: Any) -> None:
    """Wait for the table's line to say a click was refused."""
    expect(table.locator('.cs-message[aria-live="polite"]')).to_have_class(ERROR)


def hints_and_coach(table: Any) -> None:
    """Open the hints and the coach, and wait for the coach's advice."""
    table.locator('[data-action="hint"]').first.click()
    expect(table.locator(".cs-hints")).to_be_visible()
    table.locator('[data-action="coach"]').first.click()
    expect(table.locator(".cs-coach p strong")).to_have_count(1, timeout=LOAD)


def open_table(page: Any, address: str) -> Any:
    """Open a practice page and wait for the learner's turn, the bots at no delay."""
    page.goto(address)
    table = page.locator(".cs-root")
    expect(table.locator("button.cs-card").first).to_be_visible(timeout=LOAD)
    set_speed(table, 0)
    my_turn(table)
    return table


def finish_the_round(table: Any) -> None:
    """Click a legal card whenever there is one, until the round's breakdown shows."""
    result = table.locator(".cs-result")
    legal = table.locator('.cs-hand button.cs-card[data-legal="true"]')
    deadline = time.monotonic() + 60
    while not result.is_visible():
        assert time.monotonic() < deadline, "the round did not end"
        # a card redrawn under the click, or the bots moving: look again
        with contextlib.suppress(PlaywrightTimeout):
            legal.first.click(timeout=2_000)


@pytest.mark.parametrize(("lang", "width", "height"), WALKS, ids=[w[0] for w in WALKS])
def test_a_walk_finds_no_english(browser, voila_app, lang, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(LOAD)
    page = context.new_page()
    found: dict[str, list[str]] = {}

    def look(name: str) -> None:
        settled(page)
        text = page.inner_text("body") + "\n" + "\n".join(page.evaluate(READ_ALOUD))
        found[name] = [left.words for left in english_left(text, lang)]

    page.goto(url(voila_app, "index.ipynb", lang))
    speaks(page, lang)
    look("landing")

    page.goto(url(voila_app, "mille/cards.ipynb", lang))
    speaks(page, lang)
    wrong_try_and_hint(page)
    look("lesson")

    table = open_table(page, url(voila_app, "mille/practice.ipynb", lang, f"&deal={mille_code()}"))
    table.locator('.cs-actions [data-action="discard"]').click()  # before drawing
    refused(table)
    hints_and_coach(table)
    look("mille")

    code = mililla_code()
    table = open_table(page, url(voila_app, "mililla/practice.ipynb", lang, f"&deal={code}"))
    table.locator('.cs-hand button.cs-card[data-legal="false"]').first.click()
    refused(table)
    hints_and_coach(table)
    look("mililla")
    finish_the_round(table)
    table.locator('.cs-result [data-action="review-deal"]').click()
    moment = table.locator(".cs-review-moment").first
    expect(moment).to_be_visible(timeout=90_000)
    moment.click()
    expect(table.locator(".cs-replay")).to_be_visible()
    look("review")

    page.goto(url(voila_app, "glossary.ipynb", lang))
    speaks(page, lang)
    look("glossary")

    page.goto(url(voila_app, "class.ipynb", lang))
    speaks(page, lang)
    page.locator(".cs-class-code").fill("NOPE00")
    page.locator(".cs-class-yourname").fill("Zoé")
    page.locator(".cs-class-join").click()
    expect(page.locator(".cs-class-message")).to_be_visible()
    look("class")
    context.close()

    FOUND[lang] = {name: words for name, words in found.items() if words}
    unknown = {
        name: [words for words in left if words not in STILL_ENGLISH]
        for name, left in found.items()
    }
    assert {name: left for name, left in unknown.items() if left} == {}


@pytest.mark.xfail(
    condition=bool(STILL_ENGLISH),
    strict=True,
    reason="English still on screen: the path's untranslated step titles (STILL_ENGLISH)",
)
def test_no_english_is_left():
    if set(FOUND) != {lang for lang, *_ in WALKS}:
        pytest.skip("the walks did not run")
    assert not any(FOUND.values()), FOUND
