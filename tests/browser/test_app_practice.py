"""The practice notebooks in Chromium, played by clicking, as a learner would.

Each test types a deal code (found in Python first, where the situation it needs
occurs), sets the bots' delay low, then clicks: a whole Mille turn (draw, meld,
discard) and a whole Mililla trick, plus refused clicks that show their reason and
rule id. Screenshots of both tables go to ``tests/artifacts/``, or, with
``CARDSCHOOL_SCREENSHOTS=1``, to ``tutorial/images/`` for the README.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from browser_support import TUTORIAL
from playwright.sync_api import expect
from table_pages import hand_of, my_turn, set_speed

from cardschool.engine.cards import FrenchCard, SpanishCard
from cardschool.engine.session import Session

pytestmark = pytest.mark.browser

LEVEL = "basic"  # what the practice notebooks deal against by default


def screenshot_path(artifacts: Path, name: str) -> Path:
    """Where a table's picture goes: the README's folder only when asked for."""
    if os.environ.get("CARDSCHOOL_SCREENSHOTS") == "1":
        folder = TUTORIAL / "images"
        folder.mkdir(exist_ok=True)
        return folder / name
    return artifacts / name


def natural_triple(hand: list[str]) -> str | None:
    """A rank of which the hand holds three natural cards (not 2s), if any."""
    counts = Counter(card[:-1] for card in hand if not card.startswith("2"))
    return next((rank for rank, n in counts.items() if n >= 3), None)


def hand_texts(session: Session) -> list[str]:
    """The learner's Mille hand as card texts."""
    return [str(card) for card in session.view(0).hand]


def mille_code() -> str:
    """A deal where the learner draws from the stock on the first turn and can then meld."""
    for seed in range(1, 400):
        session = Session.new("mille", seed=seed, seats=["human", LEVEL])
        session.run_bots()
        if session.to_move != 0 or natural_triple(hand_texts(session)):
            continue  # a triple already in hand would make the test's choice ambiguous
        session.play("stock")
        if natural_triple(hand_texts(session)):
            return session.code
    raise AssertionError("no deal found")


def mililla_code() -> str:
    """A deal where a bot leads first and the learner may not play every card."""
    for seed in range(1, 400):
        session = Session.new("mililla", seed=seed, seats=["human", LEVEL, LEVEL, LEVEL])
        if not session.run_bots() or not session.human_to_move:
            continue
        if any(not hint.legal for hint in session.hints()):
            return session.code
    raise AssertionError("no deal found")


def open_practice(page: Any, base: str, game: str, code: str) -> Any:
    """Open a practice notebook, type the deal code, set the bots' delay low."""
    page.goto(f"{base}/voila/render/{game}/practice.ipynb")
    table = page.locator(".cs-root")
    expect(table.locator("button.cs-card").first).to_be_visible(timeout=30_000)
    set_speed(table, 100)
    table.locator(".cs-code-input").fill(code)
    table.locator(".cs-code-input").press("Enter")
    expect(table.locator(".cs-code")).to_have_text(f"Deal {code}")
    return table


def test_a_whole_mille_turn_by_clicking(page, console, voila_app, artifacts):
    code = mille_code()
    table = open_practice(page, voila_app, "mille", code)
    my_turn(table)
    message = table.locator('.cs-message[aria-live="polite"]')
    table.locator('.cs-actions [data-action="discard"]').click()  # before drawing: refused
    expect(message).to_have_class(re.compile(r"\bcs-error\b"))
    expect(message.locator(".cs-rule")).to_have_text("mille.turn")
    before = len(hand_of(table))
    expect(table.locator('button.cs-stock[data-legal="true"]')).to_have_count(1)
    table.locator("button.cs-stock").click()
    expect(table.locator(".cs-hand button.cs-card")).to_have_count(before + 1)
    hand = hand_of(table)
    rank = natural_triple(hand)
    assert rank is not None
    places = [i for i, card in enumerate(hand) if card[:-1] == rank][:3]
    for place in places:
        table.locator(f'.cs-hand button[data-index="{place}"]').click()
        expect(table.locator(f'.cs-hand button[data-index="{place}"]')).to_have_attribute(
            "aria-pressed", "true"
        )
    meld = table.locator('.cs-actions [data-action="meld"]')
    expect(meld).to_have_attribute("data-legal", "true")
    meld.click()
    mine = table.locator(".cs-south .cs-melds .cs-meld-wrap")
    expect(mine).to_have_count(1)
    expect(table.locator(".cs-hand button.cs-card")).to_have_count(before - 2)
    last = FrenchCard.parse(hand_of(table)[-1])
    table.locator(".cs-hand button.cs-card").last.click()
    # the selection comes back from the kernel before Discard may use it
    expect(table.locator(".cs-hand button.cs-card").last).to_have_attribute("aria-pressed", "true")
    expect(table.locator('.cs-actions [data-action="discard"]')).to_have_attribute(
        "data-legal", "true"
    )
    table.locator('.cs-actions [data-action="discard"]').click()
    expect(table.locator(".cs-log")).to_contain_text(f"You discard the {last.symbol_text}")
    my_turn(table)  # North (a bot) has played its turn meanwhile
    table.locator('[data-action="hint"]').click()
    expect(table.locator(".cs-hints li").first).to_contain_text("Draw the top card of the stock")
    page.set_viewport_size({"width": 1280, "height": 1400})
    page.mouse.move(0, 0)  # no hover effect in the picture
    table.screenshot(path=screenshot_path(artifacts, "mille-table.png"))
    assert console.messages == []


def test_drawing_with_the_keyboard_leaves_the_focus_on_the_hand(page, console, voila_app):
    table = open_practice(page, voila_app, "mille", mille_code())
    my_turn(table)
    before = len(hand_of(table))
    table.locator("button.cs-stock").focus()
    page.keyboard.press("Enter")
    expect(table.locator(".cs-hand button.cs-card")).to_have_count(before + 1)
    # the stock was drawn again under the focus; the focus went on to the hand
    expect(table.locator('.cs-hand button.cs-card[tabindex="0"]')).to_be_focused()
    expect(table.locator(".cs-message")).to_contain_text("You draw from the stock: the ")
    page.keyboard.press("ArrowRight")  # the hand's keys work at once
    assert page.evaluate("document.activeElement.dataset.index") is not None
    assert console.messages == []


def test_a_whole_mililla_trick_by_clicking(page, console, voila_app, artifacts):
    code = mililla_code()
    table = open_practice(page, voila_app, "mililla", code)
    my_turn(table)
    expect(table.locator(".cs-badge")).to_contain_text("Trumps:")
    cards = table.locator(".cs-hand button.cs-card")
    refused = cards.and_(table.locator('[data-legal="false"]')).first
    why = refused.get_attribute("title")
    before = hand_of(table)
    refused.click()
    message = table.locator('.cs-message[aria-live="polite"]')
    expect(message).to_have_class(re.compile(r"\bcs-error\b"))
    expect(message).to_contain_text(why)
    expect(message.locator(".cs-rule")).to_have_text(re.compile(r"^mililla\.[a-z.]+$"))
    assert hand_of(table) == before
    played = cards.and_(table.locator('[data-legal="true"]')).first
    card = SpanishCard.parse(played.get_attribute("data-card"))
    played.click()
    expect(table.locator(".cs-hand button.cs-card")).to_have_count(len(before) - 1)
    # the others finish the trick; it is shown whole, then gathered into "Last trick"
    expect(table.locator(".cs-lasttrick")).to_be_visible(timeout=30_000)
    last = table.locator(".cs-lasttrick .cs-mini")
    expect(last).to_have_attribute("aria-label", re.compile(r"Last trick, won by "))
    shown = last.get_attribute("aria-label").split(": ", 1)[1].split(", ")
    assert len(shown) == 4 and card.name in shown  # four cards, yours among them
    expect(table.locator(".cs-log")).to_contain_text("wins the trick")
    my_turn(table)
    table.locator('[data-action="hint"]').click()
    legal = table.locator('.cs-hand button.cs-card[data-legal="true"]').count()
    moves = "1 legal move" if legal == 1 else f"{legal} legal moves"
    expect(table.locator(".cs-hints h3")).to_have_text(f"Hints: {moves}")
    page.set_viewport_size({"width": 1280, "height": 1400})
    page.mouse.move(0, 0)  # no hover effect in the picture
    table.screenshot(path=screenshot_path(artifacts, "mililla-table.png"))
    assert console.messages == []


def test_the_deal_so_far_replays_move_by_move(page, console, voila_app, artifacts):
    table = open_practice(page, voila_app, "mililla", mililla_code())
    my_turn(table)
    hand = hand_of(table)
    table.locator('[data-action="replay"]').click()
    bar = table.locator(".cs-replay")
    where = bar.locator(".cs-replay-at")
    expect(where).to_have_text(re.compile(r"^Move 0 of [1-9]\d*$"))
    expect(table.locator(".cs-open")).to_have_count(0)  # mid-deal: the others' hands stay hidden
    expect(table.locator('[data-action="replay"]')).to_have_attribute("aria-pressed", "true")
    expect(table.locator('[data-action="replay-back"]')).to_be_disabled()
    expect(table.locator('.cs-hand button.cs-card[data-legal="true"]')).to_have_count(0)
    table.locator('[data-action="replay-forward"]').click()
    expect(where).to_have_text(re.compile(r"^Move 1 of "))
    expect(table.locator(".cs-message .cs-rule")).to_have_text(re.compile(r"^mililla\.[a-z.]+$"))
    table.screenshot(path=artifacts / "mililla-replay.png")
    table.locator(".cs-hand button.cs-card").first.click()  # no moves while replaying
    expect(table.locator(".cs-message")).to_contain_text("close it to play on")
    page.keyboard.press("ArrowLeft")  # the keys step through the replay too
    expect(where).to_have_text(re.compile(r"^Move 0 of "))
    table.locator('[data-action="replay-end"]').click()
    expect(table.locator('[data-action="replay-forward"]')).to_be_disabled()
    page.keyboard.press("Home")  # End, now disabled, left the focus in the bar
    expect(where).to_have_text(re.compile(r"^Move 0 of "))
    page.keyboard.press("End")
    expect(table.locator('[data-action="replay-forward"]')).to_be_disabled()
    assert hand_of(table) == hand  # the last frame is the table as it stands
    table.locator('[data-action="replay-close"]').click()
    expect(bar).to_be_hidden()
    expect(table.locator('.cs-hand button.cs-card[data-legal="true"]').first).to_be_visible()
    assert hand_of(table) == hand
    assert console.messages == []


def test_a_finished_round_replays_with_every_hand_open(page, console, voila_app):
    table = open_practice(page, voila_app, "mililla", mililla_code())
    result = table.locator(".cs-result")
    for _ in range(10):
        my_turn(table)
        table.locator('.cs-hand button.cs-card[data-legal="true"]').first.click()
        expect(table.locator(".cs-felt")).to_have_attribute("aria-busy", "false", timeout=30_000)
        if result.is_visible():
            break
    expect(result).to_be_visible()
    table.locator('[data-action="replay"]').click()
    expect(result).to_be_hidden()
    expect(table.locator(".cs-prompt")).to_contain_text("every hand open")
    hands = table.locator(".cs-open .cs-mini")
    expect(hands).to_have_count(3)
    ten_cards = re.compile(r"hand: ([^,]+, ){9}[^,]+$")
    for k in range(3):  # as dealt: ten cards each (the dealer's includes the face-up trump)
        expect(hands.nth(k)).to_have_attribute("aria-label", ten_cards)
    expect(table.locator(".cs-hand button.cs-card")).to_have_count(10)
    table.locator('[data-action="replay-end"]').click()
    expect(table.locator(".cs-open")).to_have_count(0)  # every card has been played
    table.locator('[data-action="replay-close"]').click()
    expect(result).to_be_visible()  # back to the breakdown, as before
    assert console.messages == []


def test_a_new_deal_in_mid_match_asks_first_from_the_keyboard(page, console, voila_app):
    code = mille_code()
    table = open_practice(page, voila_app, "mille", code)
    my_turn(table)
    table.locator("button.cs-stock").click()  # the learner's first move
    expect(table.locator(".cs-message")).to_contain_text("You draw from the stock")
    hand = hand_of(table)
    box = table.locator(".cs-code-input")
    expect(box).to_have_attribute("placeholder", "e.g. MIL-7K3Q")  # this game's example
    box.fill("MLA-0042")  # another game's code: refused beside the box, nothing asked
    box.press("Enter")
    expect(table.locator(".cs-codebox .cs-code-error")).to_contain_text("Mililla deal code")
    expect(box).to_have_attribute("aria-invalid", "true")
    question = table.locator('.cs-confirm[role="alertdialog"]')
    expect(question).to_be_hidden()
    table.locator('[data-action="new-deal"]').focus()
    page.keyboard.press("Enter")
    expect(question).to_be_visible()
    expect(question).to_contain_text("will be lost")
    expect(question.locator('[data-action="confirm-no"]')).to_be_focused()  # the safe answer
    page.keyboard.press("Escape")  # a no: everything stays as it was
    expect(question).to_be_hidden()
    assert hand_of(table) == hand
    expect(table.locator(".cs-code")).to_have_text(f"Deal {code}")
    table.locator('[data-action="new-deal"]').focus()
    page.keyboard.press("Enter")
    expect(question.locator('[data-action="confirm-no"]')).to_be_focused()
    page.keyboard.press("Shift+Tab")  # the other answer is just before it
    expect(question.locator('[data-action="confirm-yes"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(question).to_be_hidden()
    expect(table.locator(".cs-code")).not_to_have_text(f"Deal {code}")
    assert console.messages == []
