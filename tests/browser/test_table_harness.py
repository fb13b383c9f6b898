"""The table front end in Chromium, served by Voilà, driven by hand-written states.

The harness notebook (``harness/table_harness.ipynb``) shows a Mililla table, then a
Mille table; Python echoes every intent into the message line, so these tests prove
the whole path: state -> drawing -> click/keyboard -> intent -> Python -> redraw.
The page is opened once for the module; each test first presses "New deal", which
the harness answers by going back to its hand-written state.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from browser_support import ConsoleLog
from playwright.sync_api import expect
from table_harness import mililla_state, mille_state

from cardschool.engine.cards import FrenchCard, SpanishCard

pytestmark = pytest.mark.browser


@dataclass
class Harness:
    """The open harness page, its two tables and its console."""

    page: Any
    mililla: Any
    mille: Any
    console: ConsoleLog


@pytest.fixture(scope="module")
def harness(browser, voila_harness) -> Iterator[Harness]:
    """The harness notebook, opened once in a laptop-sized page."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(20_000)
    page = context.new_page()
    console = ConsoleLog().attach(page)
    page.goto(f"{voila_harness}/voila/render/table_harness.ipynb")
    tables = page.locator(".cs-root")
    expect(tables).to_have_count(2, timeout=30_000)
    expect(tables.nth(1).locator("button.cs-card").first).to_be_visible()
    yield Harness(page, tables.nth(0), tables.nth(1), console)
    context.close()


def fresh(table) -> Any:
    """Press "New deal" and wait until Python has put the hand-written state back.

    The echo reads the same after every "New deal", so the wait is on the table's
    revision: a key pressed before the new one arrives would be refused as stale.
    """
    before = table.get_attribute("data-rev")
    table.locator('[data-action="new-deal"]').click()
    expect(table).not_to_have_attribute("data-rev", before or "")
    expect(table.locator(".cs-message")).to_contain_text('Received {"type": "new-deal"}')
    return table


def hand_of(table) -> list[list[Any]]:
    """The hand's buttons as [data-card, aria-label, data-legal, has a mark] lists."""
    return table.locator(".cs-hand button.cs-card").evaluate_all(
        """bs => bs.map(b => [b.dataset.card, b.getAttribute('aria-label'), b.dataset.legal,
                           Boolean(b.querySelector('.cs-mark'))])"""
    )


def test_hand_buttons_name_text_and_legality(harness):
    pairs = (
        (harness.mililla, mililla_state(), SpanishCard),
        (harness.mille, mille_state(), FrenchCard),
    )
    for table, state, kind in pairs:
        shown = hand_of(fresh(table))
        assert [card for card, *_ in shown] == [entry.card for entry in state.hand]
        for (card, label, legal, marked), entry in zip(shown, state.hand, strict=True):
            assert label == kind.parse(card).name
            assert legal == ("true" if entry.legal else "false")
            assert marked is entry.legal  # a visible mark on every legal option, and only there
    mililla, mille = harness.mililla, harness.mille
    assert any(legal == "false" for _, _, legal, _ in hand_of(mililla))
    # roving tab stop: one hand card in the tab order, the others reached by arrows
    assert mililla.locator('.cs-hand button[tabindex="0"]').count() == 1
    # in JupyterLab, keys pressed on a control are the table's (see test_jupyterlab.py)
    opted_out = "button[data-lm-suppress-shortcuts], input[data-lm-suppress-shortcuts]"
    assert mililla.locator("button, input").count() == mililla.locator(opted_out).count() > 10
    expect(mililla.locator(".cs-badge")).to_contain_text("Trumps: cups")
    expect(mille.locator('button[data-action="stock"]')).to_have_attribute("data-legal", "false")
    tools = ("hint", "coach", "undo", "redo", "replay", "review", "new-deal", "deal-code", "speed")
    tools += ("large",)
    for action in tools:
        expect(mille.locator(f'[data-action="{action}"]')).to_have_count(1)
    assert harness.console.messages == []


def test_illegal_click_shows_reason_and_rule_and_changes_nothing(harness):
    mililla = fresh(harness.mililla)
    before = hand_of(mililla)
    refused = next(e for e in mililla_state().hand if not e.legal and e.rule == "mililla.beat")
    mililla.locator(f'.cs-hand button[data-card="{refused.card}"]').click()
    message = mililla.locator('.cs-message[aria-live="polite"]')
    expect(message).to_have_class(re.compile(r"\bcs-error\b"))
    expect(message).to_contain_text(refused.why)
    expect(message.locator(".cs-rule")).to_have_text("mililla.beat")
    assert hand_of(mililla) == before
    assert harness.console.messages == []


def test_click_reaches_python_then_bots_play_in_turn(harness, artifacts):
    mililla = fresh(harness.mililla)
    mililla.locator('.cs-hand button[data-card="JO"]').click()
    # Python echoed the intent and marked the table busy; two bots then played, one at a
    # time, after the table's delay (asyncio timers in the kernel)
    expect(mililla.locator(".cs-felt")).to_have_attribute("aria-busy", "true")
    expect(mililla.locator(".cs-seat.cs-to-move .cs-turn")).to_have_text("thinking…")
    expect(mililla.locator(".cs-message")).to_contain_text("Seat 2 played 4O", timeout=15_000)
    expect(mililla.locator(".cs-trick .cs-slot .cs-face")).to_have_count(4)
    expect(mililla.locator(".cs-hand button.cs-card")).to_have_count(8)
    expect(mililla.locator('.cs-hand button[data-card="JO"]')).to_have_count(0)
    expect(mililla.locator(".cs-felt")).to_have_attribute("aria-busy", "false")
    mililla.screenshot(path=artifacts / "harness-mililla-after-trick.png")
    assert harness.console.messages == []


def press_redraw_release(page, table, pressed: int, keyed: int) -> None:
    """Press the mouse on hand card ``pressed``; while it is down, pick card ``keyed`` from
    the keyboard (Python's answer redraws the whole hand: every card a new node); then
    release the mouse where it was pressed."""
    cards = table.locator(".cs-hand button.cs-card")
    card = cards.nth(pressed)
    card.scroll_into_view_if_needed()
    box = card.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    rev = table.get_attribute("data-rev")
    cards.nth(keyed).focus()
    page.keyboard.press("Space")
    expect(table).not_to_have_attribute("data-rev", rev or "")  # redrawn under the mouse
    expect(cards.nth(keyed)).to_have_attribute("aria-pressed", "true")
    page.mouse.up()


def test_a_press_the_redraw_replaced_is_still_a_click(harness):
    page, mille = harness.page, fresh(harness.mille)
    hand = [entry.card for entry in mille_state().hand]
    cards = mille.locator(".cs-hand button.cs-card")
    # the state came between the press on the third card and its release: the third card,
    # drawn again the same, is clicked (the browser alone makes no click of it)
    press_redraw_release(page, mille, pressed=2, keyed=4)
    expect(mille.locator(".cs-message")).to_contain_text(f'"card": "{hand[2]}", "index": 2')
    expect(cards.nth(2)).to_have_attribute("aria-pressed", "true")
    expect(cards.nth(4)).to_have_attribute("aria-pressed", "true")
    # the state changed the pressed card itself (picked from the keyboard meanwhile): the
    # control under the release is another one, and the press makes no second intent
    mille = fresh(harness.mille)
    press_redraw_release(page, mille, pressed=3, keyed=3)
    rev = mille.get_attribute("data-rev")
    page.wait_for_timeout(500)  # a click would have reached Python and been drawn by now
    assert mille.get_attribute("data-rev") == rev
    expect(cards.nth(3)).to_have_attribute("aria-pressed", "true")
    assert harness.console.messages == []


def test_keyboard_over_the_hand(harness):
    page, mille = harness.page, fresh(harness.mille)
    cards = mille.locator(".cs-hand button.cs-card")
    cards.first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    third = mille_state().hand[2].card
    assert page.evaluate("document.activeElement.dataset.card") == third
    page.keyboard.press("Space")  # Python toggles the selection and redraws
    expect(mille.locator(".cs-message")).to_contain_text(f'"card": "{third}", "index": 2')
    expect(cards.nth(2)).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("document.activeElement.dataset.index") == "2"  # focus kept
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    expect(cards.last).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Tab")  # the hand is one tab stop: Tab goes on to the moves
    assert page.evaluate("document.activeElement.dataset.action") == "meld"
    assert harness.console.messages == []


def shoot(page, table, path, width, height=1800):
    """Screenshot one table in a viewport tall enough for all of it (Voilà scrolls inside)."""
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("document.fonts.ready")
    table.screenshot(path=path)


def test_browser_traits_and_screenshots(harness, artifacts):
    page, mililla, mille = harness.page, fresh(harness.mililla), fresh(harness.mille)
    shoot(page, mililla, artifacts / "harness-mililla.png", 1280)
    shoot(page, mille, artifacts / "harness-mille.png", 1280)
    speed = mille.locator('[data-action="speed"]')
    speed.evaluate("s => { s.value = '1200'; s.dispatchEvent(new Event('change')); }")
    mille.locator('[data-action="large"]').click()
    expect(mille).to_have_class(re.compile(r"\bcs-large\b"))
    expect(mille.locator('[data-action="large"]')).to_have_attribute("aria-pressed", "true")
    expect(speed).to_have_value("1200")
    expect(mille.locator(".cs-message")).not_to_have_class(re.compile(r"\bcs-error\b"))
    shoot(page, mille, artifacts / "harness-mille-large.png", 1920, 2200)
    mille.locator('[data-action="large"]').click()
    shoot(page, mililla, artifacts / "harness-mililla-narrow.png", 900)
    page.set_viewport_size({"width": 1280, "height": 900})
    assert harness.console.messages == []
