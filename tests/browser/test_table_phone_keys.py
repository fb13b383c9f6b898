"""A Mille practice table on a phone, driven from the keyboard (issue 25, items 18-21).

One page at 390 px: every control of the table's bar is a tap target of at least 44 px and
the hand's rows do not overlap; a turn played from the keyboard leaves the focus on a
control that may be played next, never on a card that cannot; Undo says what it undid; a
refusal's mark is SVG, not an emoji glyph; the coach is still on after a reload.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
TARGET = 44  # px: the smallest comfortable tap target

# Pairs of hand cards on different rows whose boxes meet (each as drawn: a playable card
# is lifted a little), with how many px they overlap.
ROWS_MEET = """
hand => {
  const boxes = [...hand.querySelectorAll("button.cs-card")].map((b) => b.getBoundingClientRect());
  const out = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b, j) => {
    const otherRow = Math.abs(a.top - b.top) > a.height / 2;
    const across = a.left < b.right - 0.5 && b.left < a.right - 0.5;
    const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (otherRow && across && down > 0.5) out.push([i, i + 1 + j, Math.round(down)]);
  }));
  return out;
}
"""

# Whatever the focus is on, in words: its card or action, and whether it may be played.
FOCUS = """
() => {
  const el = document.activeElement;
  return { card: el.dataset.card || null, action: el.dataset.action || null,
           legal: el.dataset.legal || null, disabled: Boolean(el.disabled),
           hand: el.classList.contains("cs-hand") };
}
"""


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A page the size of a phone's screen, with touch."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(30_000)
    yield context.new_page()
    context.close()


def learners_turn(table: Any) -> None:
    """Wait until the bots are done and the learner may draw."""
    expect(table.locator(".cs-felt")).to_have_attribute("aria-busy", "false", timeout=30_000)
    expect(table.locator('[data-action="stock"][data-legal="true"]')).to_have_count(1)


def test_a_phone_table_played_from_the_keyboard(phone, voila_app, artifacts):
    phone.goto(f"{voila_app}/voila/render/mille/practice.ipynb?deal=MIL-0042")
    table = phone.locator(".cs-root")
    expect(table.locator("button.cs-card").first).to_be_visible(timeout=60_000)
    speed = table.locator('[data-action="speed"]')
    speed.evaluate("s => { s.value = s.min; s.dispatchEvent(new Event('change')); }")
    learners_turn(table)

    # item 19: the bar's controls and the hand's rows, at phone width
    controls = table.locator(".cs-bar .cs-btn:visible, .cs-bar input[type=text]:visible")
    small = controls.evaluate_all(
        "els => els.map((e) => { const box = e.getBoundingClientRect();"
        " return [e.dataset.action || e.textContent.trim(), box.height, box.width]; })"
    )
    assert small and [b for b in small if min(b[1], b[2]) < TARGET] == []
    assert table.locator(".cs-hand").evaluate(ROWS_MEET) == []
    table.screenshot(path=artifacts / "phone-keys-mille.png")

    # item 18: a turn from the keyboard; after the discard the focus is never on a card
    # that cannot be played, and when the turn comes back it is on a control that can be
    table.locator('[data-action="stock"]').focus()
    phone.keyboard.press("Enter")
    discard = table.locator('.cs-actions [data-action="discard"]')
    expect(discard).to_have_count(1)  # drawn: the meld phase
    expect(table.locator(".cs-hand button.cs-card")).to_have_count(16)
    table.locator('.cs-hand button.cs-card[data-legal="true"]').first.focus()
    phone.keyboard.press("Enter")  # selects it
    expect(table.locator('.cs-hand button.cs-card[aria-pressed="true"]')).to_have_count(1)
    expect(discard).to_have_attribute("data-legal", "true")
    discard.focus()
    phone.keyboard.press("Enter")
    focus = phone.evaluate(FOCUS)
    assert focus["hand"] or focus["legal"] == "true", focus  # waiting on the hand, or playable
    learners_turn(table)
    focus = phone.evaluate(FOCUS)
    assert focus["legal"] == "true" and not focus["disabled"], focus
    assert focus["action"] == "stock"

    # item 18: Undo says what it took back
    table.locator('[data-action="undo"]').click()
    expect(table.locator(".cs-message")).to_contain_text("Undone: Discard")

    # item 20: a refusal's mark is drawn as SVG, not as an emoji glyph
    table.locator('.cs-actions button[data-legal="false"]').first.click()  # nothing selected
    error = table.locator(".cs-message.cs-error .cs-message-text")
    expect(error).to_be_visible()
    mark = error.evaluate(
        "e => { const s = getComputedStyle(e, '::before'); return [s.content, s.backgroundImage]; }"
    )
    assert mark[0] in ('""', "none") and "svg" in mark[1], mark

    # item 21: the coach is still on after a reload
    coach = table.locator('[data-action="coach"]')
    coach.click()
    expect(coach).to_have_attribute("aria-pressed", "true")
    phone.wait_for_timeout(500)  # the save is written after the redraw
    phone.reload()
    table = phone.locator(".cs-root")
    expect(table.locator(".cs-message")).to_contain_text("Continued your game", timeout=60_000)
    expect(table.locator('[data-action="coach"]')).to_have_attribute("aria-pressed", "true")


SIZES = "els => els.filter((e) => e.offsetParent).map((e) => [e.textContent.trim(),"
SIZES += " e.getBoundingClientRect().height, e.getBoundingClientRect().width])"


def test_the_path_and_the_exercises_are_tap_targets_on_a_phone(phone, voila_app):
    phone.goto(f"{voila_app}/voila/render/index.ipynb")
    links = phone.locator(".cs-landing a")
    expect(links.first).to_be_visible(timeout=60_000)
    sizes = links.evaluate_all(SIZES)  # Continue and each step of the path
    assert len(sizes) > 4 and [s for s in sizes if s[1] < TARGET] == []
    phone.goto(f"{voila_app}/voila/render/mililla/following.ipynb")
    check = phone.get_by_role("button", name="Check").first
    expect(check).to_be_visible(timeout=60_000)
    sizes = phone.locator(".cs-ex button:not(.cs-ex-card)").evaluate_all(SIZES)
    assert {"Check", "Hint", "Next"} <= {s[0] for s in sizes}
    assert [s for s in sizes if min(s[1], s[2]) < TARGET] == []
