"""The practice tables on a laptop's screen (1280x900) in Chromium: the hand in view at once.

A learner who opens a practice page sees the cards of their hand without scrolling. The
Mililla deal below is the tallest opening found: the learner deals (the trump card shows at
their seat) and the three bots play before them (a four-line message over the hand).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 900}  # the ``page`` fixture's size
TALLEST_OPENING = "MLA-6KVJ"


def hand_box(page: Any, base: str, notebook: str) -> dict[str, float]:
    """Open a practice page; the bounding box of the hand once its cards are drawn."""
    page.goto(f"{base}/voila/render/{notebook}")
    hand = page.locator(".cs-hand")
    expect(hand.locator("button.cs-card").first).to_be_visible(timeout=30_000)
    expect(page.locator(".cs-felt")).to_have_attribute("aria-busy", "false", timeout=30_000)
    return hand.bounding_box()


def inside_the_screen(box: dict[str, float]) -> bool:
    """True when the box lies wholly inside the laptop's viewport."""
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= LAPTOP["width"]
        and box["y"] + box["height"] <= LAPTOP["height"]
    )


def test_the_mililla_hand_is_in_view_at_once_on_a_laptop(page, voila_app, artifacts):
    box = hand_box(page, voila_app, f"mililla/practice.ipynb?deal={TALLEST_OPENING}")
    page.screenshot(path=artifacts / "laptop-mililla.png")
    assert page.locator(".cs-south .cs-known").count() == 1  # the learner deals: the tall case
    assert inside_the_screen(box), f"the hand is at {box}, the screen {LAPTOP}"
