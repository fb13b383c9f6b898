"""The page's language in Chromium, on the served app: a ``?lang=`` link, the switch, a reload.

A practice page opened with ``?lang=fr`` speaks French (the sentences translated when this
test was written: Mille's "Draw first..." in ``engine/mille/locale/fr.po``, its "A turn has
one draw..." in ``es.po``; the widgets' own catalog had no translation yet); the switch
turns it to Spanish with the game in progress kept (the same hand, the same deal), and a
reload stays in Spanish with the game back. The choice is kept in the browser, so the next
page speaks it too; the switch's buttons are 44 px tap targets on a phone.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect
from table_pages import hand_of, my_turn, set_speed

pytestmark = pytest.mark.browser

PRACTICE = "voila/render/mille/practice.ipynb"
CODE = re.compile(r"[A-Z]{3}-[A-Z0-9-]+")


def choice(scope: Any, lang: str) -> Any:
    """The language switch's button for ``lang``."""
    return scope.locator(f'[data-action="language"][data-lang="{lang}"]')


def speaks(page: Any, scope: Any, lang: str) -> None:
    """Wait until the page says it speaks ``lang``: its ``lang`` and its switch."""
    expect(page.locator("html")).to_have_attribute("lang", lang, timeout=30_000)
    expect(choice(scope, lang)).to_have_attribute("aria-pressed", "true")
    for other in {"en", "fr", "es"} - {lang}:
        expect(choice(scope, other)).to_have_attribute("aria-pressed", "false")


def deal_code(table: Any) -> str:
    """The deal code on show, whatever words stand around it."""
    found = CODE.search(table.locator(".cs-code").text_content() or "")
    assert found, "no deal code on show"
    return found.group()


def test_a_lang_link_the_switch_and_a_reload_keep_the_language_and_the_game(
    page, console, voila_app
):
    page.goto(f"{voila_app}/{PRACTICE}?lang=fr")
    table = page.locator(".cs-root")
    expect(table.locator("button.cs-card").first).to_be_visible(timeout=30_000)
    set_speed(table, 0)
    speaks(page, table, "fr")
    my_turn(table)
    cards = table.locator(".cs-hand button.cs-card")
    # a card that cannot take the pile (one that can says how it would, whatever the deal)
    unplayable = table.locator('.cs-hand button.cs-card[data-legal="false"]').first
    expect(unplayable).to_have_attribute("title", re.compile(r"^Piochez d'abord"))

    before = len(hand_of(table))
    table.locator("button.cs-stock").click()  # a move: the game is in progress
    expect(cards).to_have_count(before + 1)
    my_turn(table)
    hand, code = hand_of(table), deal_code(table)

    choice(table, "es").click()
    speaks(page, table, "es")
    stock = table.locator("button.cs-stock")
    expect(stock).to_have_attribute("title", re.compile(r"^En un turno se roba una vez"))
    assert hand_of(table) == hand and deal_code(table) == code  # the same game
    assert "lang=es" in page.url  # the link's language follows the switch

    page.reload()
    table = page.locator(".cs-root")
    speaks(page, table, "es")
    expect(table.locator(".cs-hand button.cs-card")).to_have_count(len(hand), timeout=30_000)
    expect(table.locator("button.cs-stock")).to_have_attribute(
        "title", re.compile(r"^En un turno se roba una vez"), timeout=30_000
    )
    my_turn(table)
    assert hand_of(table) == hand and deal_code(table) == code

    page.set_viewport_size({"width": 390, "height": 844})
    for lang in ("en", "fr", "es"):
        box = choice(table, lang).bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, (lang, box)
    choice(table, "en").click()  # English again for the next pages of this browser
    speaks(page, table, "en")
    assert console.messages == []


def test_the_landing_pages_choice_carries_to_the_next_page(page, console, voila_app):
    page.goto(f"{voila_app}/voila/render/index.ipynb")
    landing = page.locator(".cs-landing-bar")
    expect(choice(landing, "en")).to_have_attribute("aria-pressed", "true", timeout=30_000)
    choice(landing, "fr").click()
    speaks(page, landing, "fr")
    page.goto(f"{voila_app}/voila/render/mille/melds.ipynb")  # a lesson: no ?lang= in its link
    bar = page.locator("nav.cardschool-path").first
    speaks(page, bar, "fr")
    choice(bar, "en").click()
    speaks(page, bar, "en")
    assert console.messages == []
