"""The practice tables on a laptop's screen (1280x900) in Chromium: the hand in view at once.

A learner who opens a practice page sees the cards of their hand without scrolling, on the
tallest openings found. Mililla: the learner deals (the trump card shows at their seat) and
the three bots play before them. Mille: North plays first, takes the turned-up card (a known
card at their seat) and melds, or melds three times; and a deal the learner opens. The
status line stays one line however many moves the bots made: the others are folded.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect
from table_pages import my_turn

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 900}  # the ``page`` fixture's size
TALLEST_OPENING = "MLA-6KVJ"
MILLE_OPENINGS = {
    "MIL-0002": "North takes the turned-up card and melds four threes",
    "MIL-000F": "North melds three times",
    "MIL-0006": "the learner plays first",
}


def hand_box(page: Any, base: str, game: str, code: str) -> dict[str, float]:
    """Open a practice page on a deal; the bounding box of the hand once it is the
    learner's turn (the bots' moves, and what they say, all drawn)."""
    page.goto(f"{base}/voila/render/{game}/practice.ipynb?deal={code}")
    expect(page.locator(".cs-code")).to_have_text(f"Deal {code}", timeout=30_000)
    my_turn(page.locator(".cs-root"))
    hand = page.locator(".cs-hand")
    expect(hand.locator("button.cs-card").first).to_be_visible()
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
    box = hand_box(page, voila_app, "mililla", TALLEST_OPENING)
    page.screenshot(path=artifacts / "laptop-mililla.png")
    # the learner deals: the face-up card shows once, in the hand, not again by the name (25.17)
    assert page.locator(".cs-south .cs-known").count() == 0
    # the bonus and the three bots' cards, folded under the trump's sentence
    expect(page.locator(".cs-message-more summary")).to_have_text("4 more")
    assert_one_line_status(page)
    assert inside_the_screen(box), f"the hand is at {box}, the screen {LAPTOP}"
    # the page's heading names the table; the table's own is for screen readers only
    expect(page.locator("h1:visible")).to_contain_text("Mililla: practice")
    title = page.locator(".cs-title")
    expect(title).to_have_text("Mililla: practice")
    assert title.bounding_box()["width"] <= 1, "the table's heading repeats the page's"


@pytest.mark.parametrize("code", sorted(MILLE_OPENINGS))
def test_the_mille_hand_is_in_view_at_once_on_a_laptop(page, voila_app, artifacts, code):
    box = hand_box(page, voila_app, "mille", code)
    page.screenshot(path=artifacts / f"laptop-mille-{code}.png")
    north = page.locator(".cs-north")
    if code == "MIL-0002":  # the tall case: a known card and a meld at North's seat
        expect(north.locator(".cs-known .cs-face")).to_have_count(1)
        expect(north.locator(".cs-meld-wrap")).to_have_count(1)
    elif code == "MIL-000F":
        expect(north.locator(".cs-meld-wrap")).to_have_count(3)
    assert_one_line_status(page)
    assert inside_the_screen(box), (
        f"{MILLE_OPENINGS[code]}: the hand is at {box}, the screen {LAPTOP}"
    )


def assert_one_line_status(page: Any) -> None:
    """The status line's sentence, its rule's chip and "N more" take one line."""
    message = page.locator(".cs-message")
    fold = message.locator("details.cs-message-more")
    if fold.count():  # the bots' other moves, folded: hidden until asked for
        expect(fold.locator("li").first).to_be_hidden()
    lines = message.evaluate(ONE_LINE)
    assert lines < 1.5, f"the status line takes {lines:.1f} lines"


ONE_LINE = """m => {
  const line = m.querySelector(".cs-message-text").getClientRects()[0].height;
  const style = getComputedStyle(m);
  const inner = m.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  return inner / line;
}"""
