"""What browser tests do at a game table on a page: open it, wait for the learner's turn,
read the hand, play a legal card, find the page's kernel.

Shared by the tests that drive the app's practice pages (``test_app_practice.py``,
``test_saved_games.py``); every wait is Playwright's ``expect``, so a slow kernel waits
and a wrong table fails with what was shown.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import expect

__all__ = ["hand_of", "kernel_id", "my_turn", "open_table", "play_legal", "set_speed"]


def set_speed(table: Any, ms: int) -> None:
    """Set the bots' delay slider, as a learner dragging it does (a ``change`` event)."""
    speed = table.locator('[data-action="speed"]')
    speed.evaluate(f"s => {{ s.value = '{int(ms)}'; s.dispatchEvent(new Event('change')); }}")


def open_table(page: Any, url: str, speed: int = 0) -> Any:
    """Open a page and wait for its table, the bots' delay set low."""
    page.goto(url)
    table = page.locator(".cs-root")
    expect(table.locator("button.cs-card").first).to_be_visible(timeout=30_000)
    set_speed(table, speed)
    return table


def my_turn(table: Any) -> None:
    """Wait until the bots are done and the learner is to play."""
    expect(table.locator(".cs-felt")).to_have_attribute("aria-busy", "false", timeout=30_000)
    expect(table.locator(".cs-seat.cs-mine.cs-to-move")).to_have_count(1, timeout=30_000)


def hand_of(table: Any) -> list[str]:
    """The learner's cards as shown."""
    return table.locator(".cs-hand button.cs-card").evaluate_all(
        "bs => bs.map(b => b.dataset.card)"
    )


def play_legal(table: Any) -> None:
    """Wait for the learner's turn and play the first legal card."""
    my_turn(table)
    before = len(hand_of(table))
    table.locator('.cs-hand button.cs-card[data-legal="true"]').first.click()
    expect(table.locator(".cs-hand button.cs-card")).to_have_count(before - 1)


def kernel_id(page: Any) -> str:
    """The id of the page's kernel, from Voilà's page configuration."""
    return json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]
