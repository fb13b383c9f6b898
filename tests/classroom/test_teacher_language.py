"""The teacher's page speaks the page's language: the switch above it, every word said again
on a ``language`` intent, what the teacher typed and the board shown kept."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardschool.engine.languages import SOURCE, speak, spoken
from cardschool.engine.messages import message, render
from cardschool.widgets.classroom.store import ClassStore
from cardschool.widgets.classroom.teacher import TeacherPage
from cardschool.widgets.speaking import PageHTML, choose

from .drive import from_browser
from .test_pages import EXERCISES, teacher_with_class


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Every test starts and ends in English, whatever it chose."""
    speak(SOURCE)
    yield
    choose(SOURCE)


@pytest.fixture
def db(tmp_path):
    path = str(tmp_path / "class.db")
    return lambda: ClassStore(path)


def _words(page: TeacherPage) -> dict[str, object]:
    """What the teacher reads on the page: labels, buttons, choices, lines, the board."""
    return {
        "headings": (page.new_class_heading.value, page.board_heading.value),
        "title": page.title_box.description,
        "create": page.create_button.description,
        "open": page.open_button.description,
        "refresh": page.refresh_button.description,
        "kinds": [label for label, _value in page.kind_box.options],
        "levels": [label for label, _value in page.level_box.options],
        "example": page.target_box.placeholder,
        "key label": page.key_made.label,
        "copy": page.key_made.words_shown["button"],
        "created": page.created.value,
        "tool line": page.tool_message.value,
        "board": page.board_view.value,
        "rename": page.people.rename_button.description,
    }


def test_the_switch_stands_above_the_teacher_page(db) -> None:
    page = TeacherPage(db, EXERCISES)
    assert isinstance(page.language, PageHTML) and page.language.switch
    assert page.children[0] is page.language


def test_a_language_intent_says_the_teacher_page_again_in_french(db) -> None:
    page, code, key = teacher_with_class(db)
    page.kind_box.value, page.target_box.value = "exercises", "mililla/beat.toml"
    page.add_assignment()
    page.kind_box.value, page.level_box.value = "deal", "expert"
    page.title_box.value, page.target_box.value = "typed <title>", "MLA-half typed"
    board = page.board
    english = _words(page)
    from_browser(page.language, {"type": "language", "lang": "fr"})
    assert spoken() == "fr"
    french = _words(page)
    changed = {name for name in english if english[name] != french[name]}
    assert changed == set(english), set(english) - changed  # every word said again
    assert page.create_button.description == render(message("classroom:teach.create"))
    assert page.board is board  # the board shown, not read again
    assert render(message("classroom:board.student")) in page.board_view.value
    # what the teacher typed and chose stays
    assert (page.title_box.value, page.target_box.value) == ("typed <title>", "MLA-half typed")
    assert (page.code_box.value, page.key_box.value, page.key_made.text) == (code, key, key)
    assert (page.kind_box.value, page.level_box.value) == ("deal", "expert")
    choose(SOURCE)
    assert _words(page) == english


def test_a_forged_language_on_the_teacher_page_changes_nothing(db) -> None:
    page, _code, _key = teacher_with_class(db)
    english = _words(page)
    from_browser(page.language, {"type": "language", "lang": "de"})
    assert spoken() == "en" and _words(page) == english
    assert "en, fr, es" in page.language.speech["refused"]
