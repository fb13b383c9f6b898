"""A lesson's prose in the page's language only, in Chromium on the served app (issue 27.3).

Each English markdown cell of a lesson is followed by its French and its Spanish cell
(``make translations``, from ``tutorial/locale/<language>.po``); the template's stylesheet
shows the cells of the page's language (``<html lang>``) only. Mille's first lesson had
two cells translated into French when this test was written: its opening (the heading
"Mille 1 : les cartes et la donne") and its "Exercices"; its other French cells still
show the English.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_support import TUTORIAL
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LESSON = "mille/cards.ipynb"
ENGLISH_TITLE = "Mille 1: the cards and the deal"
FRENCH_TITLE = "Mille 1 : les cartes et la donne"


def english_cells() -> int:
    """How many English markdown cells the lesson has (each with a French and a Spanish one)."""
    cells = json.loads((TUTORIAL / LESSON).read_text(encoding="utf-8"))["cells"]
    return sum("lang-en" in cell["metadata"].get("tags", []) for cell in cells)


def speaks(page: Any, lang: str) -> None:
    """Wait until the page speaks ``lang``: its ``lang``, and its bar's switch says so."""
    expect(page.locator("html")).to_have_attribute("lang", lang, timeout=30_000)
    chosen = page.locator(f'[data-action="language"][data-lang="{lang}"]').first
    expect(chosen).to_have_attribute("aria-pressed", "true", timeout=30_000)


def shown(page: Any, lang: str) -> Any:
    """The rendered Markdown of the cells in ``lang`` that show."""
    return page.locator(f"#rendered_cells .celltag_lang-{lang}:visible")


def test_a_lesson_opened_in_french_shows_its_french_cells_only(page, console, voila_app):
    page.goto(f"{voila_app}/voila/render/{LESSON}?lang=fr")
    speaks(page, "fr")
    expect(shown(page, "fr")).to_have_count(english_cells())
    expect(shown(page, "en")).to_have_count(0)
    expect(shown(page, "es")).to_have_count(0)
    expect(page.locator("h1:visible")).to_contain_text(FRENCH_TITLE)
    expect(page.locator("h2:visible", has_text="Exercices")).to_have_count(1)
    assert ENGLISH_TITLE not in page.locator("#rendered_cells").inner_text()
    # every cell in its French words, none in English
    expect(page.locator("h2:visible", has_text="Deux paquets en un")).to_have_count(1)
    expect(page.locator("h2:visible", has_text="Two decks in one")).to_have_count(0)
    assert console.messages == []


def test_a_lesson_opened_without_a_language_shows_its_english_cells_only(page, console, voila_app):
    page.goto(f"{voila_app}/voila/render/{LESSON}")
    speaks(page, "en")
    expect(shown(page, "en")).to_have_count(english_cells())
    expect(shown(page, "fr")).to_have_count(0)
    expect(shown(page, "es")).to_have_count(0)
    expect(page.locator("h1:visible")).to_contain_text(ENGLISH_TITLE)
    assert FRENCH_TITLE not in page.locator("#rendered_cells").inner_text()
    assert console.messages == []
