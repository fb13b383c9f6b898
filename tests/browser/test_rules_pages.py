"""The Rules pages in Chromium: every entry shown, opened at the rule the address names."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from cardschool.engine.games import GAMES
from cardschool.engine.rulebook import entries

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_rules_page_shows_every_entry_and_opens_at_the_rule_named(
    page, console, voila_app, artifacts, game
):
    last = entries(game)[-1]
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{voila_app}/voila/render/{game}/rules.ipynb#{last.id}")
    expect(page.locator("h1").first).to_contain_text(f"{GAMES[game].title}: the rules")
    rules = page.locator(".cardschool-rules .cs-rules-entry")
    expect(rules).to_have_count(len(entries(game)), timeout=30_000)
    anchored = page.locator(f'[id="{last.id}"]')
    expect(anchored).to_contain_text(last.title)
    expect(anchored).to_be_in_viewport()  # the page opened at the rule, not at its top
    page.screenshot(path=artifacts / f"{game}-rules.png")
    assert console.messages == []
