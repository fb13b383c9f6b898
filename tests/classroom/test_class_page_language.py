"""The class page speaks the page's language: a ``language`` intent redraws its words."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardschool.engine.languages import SOURCE, speak, spoken
from cardschool.engine.messages import message, render
from cardschool.widgets.classroom.store import ClassStore
from cardschool.widgets.classroom.student import ClassWidget
from cardschool.widgets.speaking import choose

from .drive import from_browser


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Every test starts and ends in English, whatever it chose."""
    speak(SOURCE)
    yield
    choose(SOURCE)


@pytest.fixture
def widget(tmp_path) -> ClassWidget:
    path = str(tmp_path / "class.db")
    return ClassWidget(lambda: ClassStore(path), hub_user="")


def test_a_language_intent_redraws_the_join_form_in_french(widget: ClassWidget) -> None:
    english = widget.state["words"]
    from_browser(widget, {"type": "language", "lang": "fr"})
    assert spoken() == "fr" and widget.speech["lang"] == "fr"
    assert widget.state["words"] != english
    assert widget.state["rejoin_label"] == render(message("classroom:rejoin.label"))
    choose(SOURCE)
    assert widget.state["words"] == english


@pytest.mark.parametrize("lang", ["de", "EN", 42, None, ["fr"]])
def test_a_forged_language_on_the_class_page_changes_nothing(
    widget: ClassWidget, lang: object
) -> None:
    state = widget.state
    from_browser(widget, {"type": "language", "lang": lang})
    assert spoken() == "en" and widget.state == state
    assert "en, fr, es" in widget.speech["refused"]


def test_the_class_pages_assignments_are_said_again(tmp_path) -> None:
    from .test_pages import student, teacher_with_class

    path = str(tmp_path / "class.db")

    def db() -> ClassStore:
        return ClassStore(path)

    teacher, code, _key = teacher_with_class(db)
    teacher.kind_box.value, teacher.target_box.value = "exercises", "mililla/beat.toml"
    teacher.add_assignment()
    page = student(db, code, "Ana")
    (row,) = page.assignments.children
    english = (row.text, row.button.description)
    assert row.text == "1. Exercises: Mililla: beating the card that wins"  # the file's title
    from_browser(page.widget, {"type": "language", "lang": "fr"})
    assert row.button.description == render(message("classroom:assignment.here"))
    assert row.text == "1. Exercices\u00a0: Mililla\u00a0: monter sur la carte qui gagne"
    choose(SOURCE)
    assert (row.text, row.button.description) == english
