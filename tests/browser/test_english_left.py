"""The English-left checker (``english_left.py``) on texts whose language is known.

The same table sentences and lesson prose, rendered in English then in French: the English
is found (each sentence with the message id or notebook cell it comes from), the French is
not; a short English label counts on a line of its own only; a code or a name that reads
the same in the translation never counts.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from browser_support import TUTORIAL
from english_left import english_left

from cardschool.engine import languages
from cardschool.engine.messages import Seat, message, render

SAID = [
    message("mille:narrate.stock", who=Seat(1)),
    message("table:hints-count", count=3),
    message("mille:explain.draw-first"),
    message("session:match-over"),
]
LABEL = "mille:breakdown.next-hand"  # "Next hand": a button's two words
LESSON = "mille/cards.ipynb"


@pytest.fixture
def in_french() -> Iterator[None]:
    """Sentences rendered in French for the test, English again after it."""
    languages.speak("fr")
    yield
    languages.speak(languages.SOURCE)


def rendered() -> str:
    """The sentences and the label, one a line, in the language spoken now."""
    return "\n".join([*(render(said) for said in SAID), render(message(LABEL))])


def lesson_cells(tag: str) -> str:
    """The lesson's Markdown cells tagged ``tag`` (``lang-en``, ``lang-fr``), as a page
    shows their words: markup left out roughly (headings' hashes, emphasis)."""
    cells = json.loads((TUTORIAL / LESSON).read_text(encoding="utf-8"))["cells"]
    texts = ["".join(cell["source"]) for cell in cells if tag in cell["metadata"].get("tags", [])]
    return "\n".join(texts).replace("**", "").replace("# ", "")


def test_english_sentences_are_found_with_their_ids() -> None:
    found = english_left(rendered(), "fr")
    sources = {leftover.source for leftover in found}
    assert {"mille:narrate.stock", "table:hints-count", "mille:explain.draw-first"} <= sources
    assert "session:match-over" in sources
    assert LABEL in sources  # alone on its line
    said = render(message("mille:narrate.stock", who=Seat(1)))
    assert any(leftover.words in said for leftover in found)


def test_french_sentences_are_not_english(in_french) -> None:
    french = rendered()
    assert "Next hand" not in french  # the catalogs have them all in French
    assert english_left(french, "fr") == []


def test_a_short_label_counts_on_a_line_of_its_own_only() -> None:
    assert [f.source for f in english_left("Next hand", "fr")] == [LABEL]
    assert english_left("Le next hand du coach", "fr") == []


def test_codes_and_names_that_read_alike_are_not_english() -> None:
    assert english_left("Donne MIL-0042\nmille.turn\nMililla\nEnglish\nFrançais", "fr") == []


def test_a_lessons_english_prose_is_found_and_its_french_is_not() -> None:
    found = english_left(lesson_cells("lang-en"), "fr")
    assert any(leftover.source.startswith(f"{LESSON}#") for leftover in found)
    assert english_left(lesson_cells("lang-fr"), "fr") == []
