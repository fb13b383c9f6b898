"""The glossary speaks the page's language: the switch above it, the games' measures said
again on a ``language`` intent."""

from __future__ import annotations

import html
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardschool.engine.languages import SOURCE, speak, spoken
from cardschool.engine.messages import message, render
from cardschool.widgets.lessons import glossary_definitions
from cardschool.widgets.speaking import PageHTML, choose, language_bar

GLOSSARY = Path(__file__).parents[2] / "tutorial" / "glossary.ipynb"


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Every test starts and ends in English, whatever it chose."""
    speak(SOURCE)
    yield
    choose(SOURCE)


def _code_cells() -> list[str]:
    cells = json.loads(GLOSSARY.read_text(encoding="utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]


def test_the_glossary_draws_the_switch_above_everything_it_computes() -> None:
    cells = _code_cells()
    assert cells[0].endswith("language_bar()")
    assert cells[-1].endswith("glossary_definitions()")


def test_a_language_intent_says_the_glossarys_measures_again_in_french() -> None:
    bar = language_bar()
    shown = PageHTML(glossary_definitions()._repr_html_)
    english = shown.html
    assert "<strong>Mille</strong>. The chance to win the hand: " in english
    from_browser = {"method": "custom", "content": {"type": "language", "lang": "fr"}}
    bar._handle_msg({"content": {"data": from_browser}, "buffers": []})
    assert spoken() == "fr" and bar.speech["lang"] == "fr"
    french = render(message("mille:measure.defined"))
    assert french not in english and html.escape(french) in shown.html
    choose(SOURCE)
    assert shown.html == english
