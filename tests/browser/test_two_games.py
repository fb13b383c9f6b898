"""Tables of both games on one page, each class with its own front end (Chromium, Voilà).

Each table class joins the core with its own game module (``widgets/front_end.py``), so a
page showing a Mille table, then a Mililla table, holds two style sheets, each with the
core: the second one's core rules must not undo the first one's game rules, which is why
every game rule is scoped to its game's tables. The Mille table also shows the melds that
the learner's selection may join as buttons, named by Python in the state.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import ConsoleLog
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# (selector, what is measured, the share of a hand card's width it should be)
MILLE_SIZES = [
    (".cs-stack > .cs-face:nth-child(2)", "marginLeft", -0.97),  # the stock: a tight stack
    (".cs-north .cs-meld > .cs-face:nth-child(2)", "marginLeft", -0.72 * 0.68),  # a meld's fan
]
MILILLA_SIZES = [(".cs-watermark", "width", 0.8)]  # the trump emblem in the middle of the trick


@pytest.fixture(scope="module")
def two_games(browser, voila_harness) -> Iterator[tuple[Any, Any, Any, ConsoleLog]]:
    """The page with a Mille table, then a Mililla table."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(20_000)
    page = context.new_page()
    console = ConsoleLog().attach(page)
    page.goto(f"{voila_harness}/voila/render/two_games.ipynb")
    tables = page.locator(".cs-root")
    expect(tables).to_have_count(2, timeout=30_000)
    mille, mililla = tables.nth(0), tables.nth(1)
    expect(mille).to_have_attribute("data-game", "mille")
    expect(mililla).to_have_attribute("data-game", "mililla")
    for table in (mille, mililla):
        expect(table.locator("button.cs-card.cs-legal").first).to_be_visible()
    yield page, mille, mililla, console
    context.close()


def shares(table: Any, sizes: list[tuple[str, str, float]]) -> list[tuple[float, float]]:
    """Each measure as a share of a hand card's width, beside the share it should be."""
    card = table.locator(".cs-hand button.cs-card").first.evaluate("b => b.offsetWidth")
    found = []
    for selector, measure, wanted in sizes:
        value = table.locator(selector).first.evaluate(
            f"e => parseFloat(getComputedStyle(e).{measure})"
        )
        found.append((round(value / card, 2), round(wanted, 2)))
    return found


def test_each_table_keeps_its_game_look_beside_the_other_game(two_games):
    page, mille, mililla, console = two_games
    sheets = page.evaluate(
        "() => [...document.querySelectorAll('style')].filter(s => s.id.startsWith("
        "'cardschool.')).map(s => s.id)"
    )
    assert [name.rsplit(".", 1)[1] for name in sheets] == ["MilleTable", "MilillaTable"]
    for found, wanted in shares(mille, MILLE_SIZES) + shares(mililla, MILILLA_SIZES):
        assert found == pytest.approx(wanted, abs=0.02)
    expect(mille.locator(".cs-stock")).to_have_css("border-top-style", "dashed")
    expect(mililla.locator(".cs-trick")).to_have_css("display", "grid")
    expect(mililla.locator(".cs-badge")).to_have_css("background-color", "rgb(31, 107, 67)")
    expect(mililla.locator(".cs-badge")).to_contain_text("Trumps:")
    expect(mille.locator(".cs-badge")).to_be_empty()
    assert console.messages == []


def test_a_meld_the_selection_may_join_is_a_button(two_games):
    _page, mille, _mililla, console = two_games
    mine = mille.locator(".cs-south .cs-melds")
    expect(mine.locator(".cs-meld-target")).to_have_count(0)  # nothing selected yet
    mille.locator('.cs-hand button[data-card="2C"]').click()  # a 2 may join either meld
    targets = mine.locator("button.cs-meld-target")
    expect(targets).to_have_count(2)
    assert targets.evaluate_all("bs => bs.map(b => b.dataset.action)") == ["add-to-k", "add-to-7"]
    expect(mille.locator(".cs-north button.cs-meld-target")).to_have_count(0)
    targets.nth(1).click()
    expect(mine.locator(".cs-meld-tag")).to_have_text(["K ×3", "7 ×4"])
    expect(mille.locator('.cs-hand button[data-card="2C"]')).to_have_count(0)
    expect(mine.locator(".cs-meld-target")).to_have_count(0)
    assert console.messages == []


def test_what_a_deal_code_is_is_told_on_demand_at_each_table(two_games):
    _page, mille, mililla, console = two_games
    for table in (mille, mililla):  # not said on every table of the page
        expect(table.locator(".cs-code-about")).to_be_hidden()
    help_ = mililla.locator('[data-action="code-help"]')
    expect(help_).to_have_attribute("aria-expanded", "false")
    help_.click()
    expect(help_).to_have_attribute("aria-expanded", "true")
    about = mililla.locator(".cs-code-about")
    expect(about).to_be_visible()
    expect(about).to_contain_text("the same code gives everyone the same deal")
    expect(mille.locator(".cs-code-about")).to_be_hidden()  # the other table's stays closed
    help_.click()
    expect(about).to_be_hidden()
    assert console.messages == []
