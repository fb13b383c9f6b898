"""The teacher's page and the glossary in Chromium: a ``?lang=fr`` link shows French at
once (``<html lang>``, the switch above the page), and the page's words follow in French."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from cardschool.engine.languages import speak
from cardschool.engine.messages import message, render
from cardschool.widgets.classroom.messages import CLASSROOM  # noqa: F401  (the catalog)

pytestmark = pytest.mark.browser


def said(lang: str, id: str) -> str:
    """The words of the message ``id`` in ``lang`` (English spoken again after)."""
    speak(lang)
    try:
        return render(message(id))
    finally:
        speak("en")


def test_the_teacher_page_and_the_glossary_switch_to_french(page, console, voila_app):
    page.goto(f"{voila_app}/voila/render/teacher.ipynb?lang=fr")
    bar = page.locator("nav.cs-language-bar")
    expect(page.locator("html")).to_have_attribute("lang", "fr", timeout=30_000)
    expect(bar.locator('[data-lang="fr"]')).to_have_attribute("aria-pressed", "true")
    create = page.get_by_role("button", name=said("fr", "classroom:teach.create"), exact=True)
    expect(create).to_be_visible(timeout=30_000)
    bar.locator('[data-lang="es"]').click()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    crear = page.get_by_role("button", name=said("es", "classroom:teach.create"), exact=True)
    expect(crear).to_be_visible()
    bar.locator('[data-lang="en"]').click()  # English again for the next pages
    expect(page.get_by_role("button", name="Create class", exact=True)).to_be_visible()

    page.goto(f"{voila_app}/voila/render/glossary.ipynb?lang=fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr", timeout=30_000)
    measure = said("fr", "mille:measure.defined").split(":")[0]
    expect(page.locator("ul.cs-definitions")).to_contain_text(measure, timeout=30_000)
    page.locator('nav.cs-language-bar [data-lang="en"]').click()
    expect(page.locator("ul.cs-definitions")).to_contain_text("The chance to win the hand")
    assert console.messages == []
