"""The exercise widget in Chromium under Voilà: solve after a wrong try, progress kept.

One exercise solved by clicking after a wrong try (two stars); the stars are still there
after a reload (the browser's storage, read back and checked by Python); a forged record
in the storage is ignored with a plain line and the page still works.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from exercises import STORAGE_KEY
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

FIRST = "mililla.beat.in-suit"


def open_exercises(page: Any, url: str) -> Any:
    page.goto(f"{url}/voila/render/exercises.ipynb")
    widget = page.locator(".cs-ex")
    expect(widget.locator(".cs-ex-card").first).to_be_visible(timeout=30_000)
    return widget


def errors(console: Any) -> list[str]:
    """The console's errors but the harness server's refusal of Voila's shutdown beacon on a
    reload (sent without an _xsrf field, voila issue #1458; the app's voila.json allows it)."""
    return [m for m in console.messages if "/voila/api/shutdown/" not in m]


def stored(page: Any) -> Any:
    text = page.evaluate(f"() => window.localStorage.getItem({json.dumps(STORAGE_KEY)})")
    return None if text is None else json.loads(text)


def test_solve_after_a_wrong_try_and_the_stars_last_a_reload(page, console, voila_harness):
    widget = open_exercises(page, voila_harness)
    summary = widget.locator(".cs-ex-summary")
    expect(summary).to_have_text("Solved 0 of 5 · 0 stars")
    widget.locator('.cs-ex-card[data-card="6O"]').click()
    wrong = widget.locator(".cs-ex-feedback")
    expect(wrong).to_have_attribute("data-right", "false")
    expect(wrong).to_contain_text("✗ Not right.")
    expect(wrong).to_contain_text("(mililla.")
    expect(wrong).to_contain_text("Try again.")
    widget.locator('.cs-ex-card[data-card="KC"]').click()
    expect(widget.locator(".cs-ex-feedback")).to_contain_text("✓ Right.")
    expect(widget.locator(".cs-ex-earned")).to_contain_text("2 stars")
    expect(summary).to_have_text("Solved 1 of 5 · 2 stars")
    expect(widget.locator(".cs-ex-card").first).to_be_disabled()
    record = stored(page)
    assert record == {
        "version": 1,
        "file": "mililla/beat.toml",
        "stars": {"mililla.beat.in-suit": 2},
    }

    page.reload()
    widget = open_exercises(page, voila_harness)
    expect(widget.locator(".cs-ex-summary")).to_have_text("Solved 1 of 5 · 2 stars")
    first = widget.locator(".cs-ex-progress li").first
    expect(first).to_have_attribute("aria-label", "Exercise 1: 2 stars")
    expect(widget.locator(".cs-ex-notice")).to_have_count(0)
    assert errors(console) == []


@pytest.mark.parametrize(
    "forged",
    [
        json.dumps({"version": 1, "file": "mililla/beat.toml", "stars": {"someone.else": 3}}),
        json.dumps(
            {"version": 1, "file": "mililla/beat.toml", "stars": {"mililla.beat.in-suit": 9}}
        ),
        "{damaged",
    ],
)
def test_a_forged_record_is_ignored_with_a_plain_line(page, console, voila_harness, forged):
    open_exercises(page, voila_harness)
    page.evaluate(
        "([key, value]) => window.localStorage.setItem(key, value)", [STORAGE_KEY, forged]
    )
    page.reload()
    widget = open_exercises(page, voila_harness)
    expect(widget.locator(".cs-ex-notice")).to_contain_text(
        "Saved progress for this file was ignored"
    )
    expect(widget.locator(".cs-ex-summary")).to_have_text("Solved 0 of 5 · 0 stars")
    widget.locator('.cs-ex-card[data-card="KC"]').focus()
    page.keyboard.press("Enter")
    expect(widget.locator(".cs-ex-feedback")).to_contain_text("✓ Right.")
    expect(widget.locator(".cs-ex-summary")).to_have_text("Solved 1 of 5 · 3 stars")
    assert stored(page)["stars"] == {"mililla.beat.in-suit": 3}
    assert errors(console) == []
