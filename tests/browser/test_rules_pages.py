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


def test_the_tables_rules_link_opens_the_page_at_the_rule_that_refused(page, console, voila_app):
    page.goto(f"{voila_app}/voila/render/mille/first-hand.ipynb")
    link = page.locator(".cs-root a.cs-rules")
    expect(link).to_have_attribute("href", "rules.ipynb", timeout=30_000)
    expect(link).to_have_text("Rules")
    page.locator(".cs-hand button.cs-card").first.click()  # a card before the draw: refused
    # the refusal's chip (the deal's narration before it may carry a chip of its own: the
    # link opens at the rule of the message on show when it is clicked)
    chip = page.locator(".cs-message.cs-error .cs-rule")
    expect(chip).to_be_visible()
    rule = chip.inner_text()
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.bring_to_front()  # as a reader's browser shows the tab the link opened
    # a kernel started on a busy machine may take a while: drawn first, then brought into view
    expect(rules.locator(f'[id="{rule}"]')).to_be_attached(timeout=60_000)
    # in the window, as its box says (polled on a timer: a tab may get no animation frame,
    # and with none Playwright's in-viewport check, an intersection observer, reads 0)
    in_view = """(id) => {
        const box = document.getElementById(id).getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
    }"""
    rules.wait_for_function(in_view, arg=rule, polling=100, timeout=15_000)
    assert rules.url.endswith(f"/mille/rules.ipynb#{rule}")
    rules.close(run_before_unload=True)
    assert console.messages == []
