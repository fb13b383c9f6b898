"""The class pages' notes follow the page's language (issue 27): how joining works, beside the
Join box; that a class needs the served app, where there is none (the static site)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardschool.engine.languages import SOURCE, speak
from cardschool.engine.messages import message, render
from cardschool.widgets.classroom.pages import join_class, needs_server
from cardschool.widgets.speaking import choose

from .drive import from_browser


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Every test starts and ends in English, whatever it chose."""
    speak(SOURCE)
    yield
    choose(SOURCE)


def test_the_join_note_is_said_again_in_the_pages_language(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("CARDSCHOOL_DB", str(tmp_path / "class.db"))
    page = join_class()
    note = page.children[0]
    english = render(message("classroom:join-leave"))
    assert english in note.value
    from_browser(page.widget, {"type": "language", "lang": "fr"})
    french = render(message("classroom:join-leave"))
    assert french != english and french in note.value and english not in note.value


@pytest.mark.parametrize("what", ["classroom:join-needs-server", "classroom:teach-needs-server"])
def test_the_needs_the_server_note_has_the_switch_and_follows_it(what: str) -> None:
    note = needs_server(what)
    bar = note.children[0]
    assert bar.switch  # the page's language switch, above the note
    english = render(message(what))
    assert english in note.value
    from_browser(bar, {"type": "language", "lang": "es"})
    spanish = render(message(what))
    assert spanish != english and spanish in note.value and english not in note.value
