"""The page's language: a ``language`` intent from any widget changes the words of the page.

One kernel serves one page's reader: the intent is checked like any click (a language the
school does not speak is refused with a plain line and nothing changes), then every widget
that speaks draws its words again, as a widget made in that language would, and the game
in progress, the exercise on show and its stars stay.
"""

from __future__ import annotations

import json
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from table_driver import Paced, click_card
from test_table_widget import from_browser

from cardschool.engine.languages import SOURCE, speak, spoken
from cardschool.engine.learning_path import load_path
from cardschool.engine.session import Session
from cardschool.widgets import MilillaTable, MilleTable, practice
from cardschool.widgets.landing import LandingWidget
from cardschool.widgets.learning import PathView
from cardschool.widgets.lessons import demo
from cardschool.widgets.rules_page import rules_html, rules_page
from cardschool.widgets.speaking import LANGUAGE_NAMES, choose

TUTORIAL = Path(__file__).parents[2] / "tutorial"
PATH = load_path(TUTORIAL / "path.toml")
FORGED = ["de", "EN", 42, None, True, ["fr"], "fr" * 600]


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Every test starts and ends in English, whatever it chose."""
    speak(SOURCE)
    yield
    choose(SOURCE)


def _table() -> MilleTable:
    return MilleTable(Session.new("mille", seed=3, seats=["human", "random"]))


def _hand_why(table: MilleTable) -> list[str]:
    return [card["why"] for card in table.state["hand"]]


def _without(state: dict[str, Any], *keys: str) -> str:
    return json.dumps({k: v for k, v in state.items() if k not in keys}, sort_keys=True)


def test_a_language_intent_changes_the_tables_words_and_keeps_its_game() -> None:
    table = _table()
    from_browser(table, {"type": "action", "action": "stock"})  # a move: the game goes on
    steps, english = len(table.session.steps), _hand_why(table)
    assert table.speech["lang"] == "en" and table.labels["undo"] == "Undo"

    from_browser(table, {"type": "language", "lang": "fr"})

    assert spoken() == "fr" and table.speech["lang"] == "fr"
    assert len(table.session.steps) == steps  # the same game, not a new deal
    born_french = _table()  # a table made while French is spoken: the same words
    assert table.labels == born_french.labels
    assert table.kept["words"] == born_french.kept["words"]
    assert table.speech["label"] == born_french.speech["label"]
    choose(SOURCE)
    assert _hand_why(table) == english and table.labels["undo"] == "Undo"


def test_a_french_table_says_its_rules_in_french() -> None:
    table = _table()
    assert any(why.startswith("Draw first") for why in _hand_why(table))
    from_browser(table, {"type": "language", "lang": "fr"})
    # engine/mille/locale/fr.po: mille:explain.draw-first
    assert any(why.startswith("Piochez d'abord") for why in _hand_why(table))


@pytest.mark.parametrize("lang", FORGED, ids=lambda v: repr(v)[:12])
def test_a_forged_language_is_refused_plainly_and_nothing_changes(lang: object) -> None:
    table = _table()
    labels, state = dict(table.labels), table.state
    from_browser(table, {"type": "language", "lang": lang})
    assert spoken() == "en" and table.speech["lang"] == "en"
    assert table.labels == labels
    assert _without(table.state, "message", "rev") == _without(state, "message", "rev")
    refusal = table.state["message"]
    assert refusal["kind"] == "error" and "en, fr, es" in refusal["text"]
    assert len(refusal["text"]) < 200  # a long value is cut, not echoed


def test_a_language_intent_with_other_fields_is_refused() -> None:
    table = _table()
    from_browser(table, {"type": "language", "lang": "fr", "also": 1})
    from_browser(table, {"type": "language"})
    assert spoken() == "en" and table.state["message"]["kind"] == "error"


def test_the_language_is_asked_for_while_the_bots_move_or_a_replay_is_on_show() -> None:
    table = _table()
    table.state = {**table.state, "busy": True}  # the bots are moving: clicks wait, not this
    from_browser(table, {"type": "language", "lang": "es", "rev": 999})
    assert spoken() == "es" and table.speech["lang"] == "es"


def test_the_exercise_is_drawn_again_with_its_stars_and_tries() -> None:
    view = PathView(PATH)
    box = view.exercises("mille/melds.ipynb").children[0]
    from_browser(box, {"type": "try", "try": "zz", "rev": box.state["rev"]})
    from_browser(box, {"type": "next", "rev": box.state["rev"]})
    before = box.state
    from_browser(box, {"type": "language", "lang": "es"})
    after = box.state
    assert (after["index"], after["stars"], after["wrong"]) == (1, before["stars"], 0)
    fresh = view.exercises("mille/melds.ipynb").children[0]
    from_browser(fresh, {"type": "next", "rev": fresh.state["rev"]})
    assert after["words"] == fresh.state["words"] and box.picture == fresh.picture


def test_a_forged_language_on_an_exercise_is_a_plain_line() -> None:
    box = PathView(PATH).exercises("mille/melds.ipynb").children[0]
    words = box.state["words"]
    from_browser(box, {"type": "language", "lang": "de"})
    assert spoken() == "en" and box.state["words"] == words
    assert "en, fr, es" in box.state["notice"]


def test_the_landing_page_and_the_bars_are_drawn_again() -> None:
    landing = LandingWidget(PATH)
    view = PathView(PATH)
    bar = view.nav("mille/melds.ipynb")
    rules = rules_page("mille")
    practice_page = practice("mille")
    assert bar.switch and rules.switch
    from_browser(landing, {"type": "language", "lang": "fr"})
    assert all(w.speech["lang"] == "fr" for w in (landing, bar, rules, practice_page.table))
    assert landing.state == LandingWidget(PATH).state
    assert bar.html == view.links("mille/melds.ipynb")
    assert rules.html == rules_html("mille")
    assert practice_page.level.value == "basic"
    choose(SOURCE)
    assert bar.html == view.links("mille/melds.ipynb") and rules.html == rules_html("mille")


def test_a_forged_language_on_the_landing_page_or_a_bar_changes_nothing() -> None:
    landing, bar = LandingWidget(PATH), PathView(PATH).nav("mille/melds.ipynb")
    state, html = landing.state, bar.html
    from_browser(landing, {"type": "language", "lang": "xx"})
    from_browser(bar, {"type": "language", "lang": 7})
    assert spoken() == "en" and bar.html == html
    assert landing.state["games"] == state["games"] and landing.state["notices"]
    assert "en, fr, es" in bar.speech["refused"]
    from_browser(bar, {"type": "language", "lang": "en"})
    assert bar.speech["refused"] == ""


def test_each_language_is_named_in_its_own_language_whatever_is_spoken() -> None:
    bar = PathView(PATH).nav("mille/melds.ipynb")
    choose("es")
    assert bar.speech["choices"] == [["en", "English"], ["fr", "Français"], ["es", "Español"]]
    assert list(LANGUAGE_NAMES) == ["en", "fr", "es"]


def test_a_demonstration_on_a_page_is_drawn_again_in_its_language(monkeypatch) -> None:
    shown: list[Any] = []
    monkeypatch.setattr("IPython.display.display", shown.append)
    demo("discard")._ipython_display_()  # as a lesson's cell shows it
    (widget,) = shown
    english = widget.html
    from_browser(widget, {"type": "language", "lang": "fr"})
    assert widget.html == demo("discard")._repr_html_() != english
    choose(SOURCE)
    assert widget.html == english


def test_the_status_line_is_said_again_as_a_table_born_in_that_language_says_it() -> None:
    def played() -> MilleTable:
        table = _table()
        from_browser(table, {"type": "action", "action": "stock"})  # the learner's own move
        return table

    english = played()
    said = english.state["message"]
    from_browser(english, {"type": "language", "lang": "fr"})
    assert english.state["message"] == played().state["message"] != said


def _within(seconds: int) -> Any:
    """A guard: the test fails (rather than blocks) when its body takes longer."""

    def _late(_signum: int, _frame: object) -> None:
        raise TimeoutError(f"still running after {seconds} s: a hang")

    class _Guard:
        def __enter__(self) -> None:
            self._old = signal.signal(signal.SIGALRM, _late)
            signal.alarm(seconds)

        def __exit__(self, *_exc: object) -> None:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, self._old)

    return _Guard()


def test_a_mililla_tables_status_line_is_said_again_without_a_hang() -> None:
    def played() -> MilillaTable:
        table = MilillaTable(Session.new("mililla", seed=3, seats=["human", *["random"] * 3]))
        legal = [entry["card"] for entry in table.state["hand"] if entry["legal"]]
        click_card(table, legal[0])  # the learner's card: the bots answer, a trick is won
        return table

    with _within(20):
        english = played()
        said = english.state["message"]
        from_browser(english, {"type": "language", "lang": "fr"})
        assert english.speech["lang"] == "fr"
        assert english.state["message"] == played().state["message"] != said


class _PacedMililla(Paced, MilillaTable):
    """A Mililla table whose bot moves wait for the test."""


def test_a_language_intent_while_a_mililla_trick_is_on_show_lets_the_bots_go_on() -> None:
    table = _PacedMililla(Session.new("mililla", seed=3, seats=["human", *["random"] * 3]))
    for _ in range(20):  # the bots before the learner play first
        if table.waiting:
            table.waiting.pop(0)[0]()
    legal = [entry["card"] for entry in table.state["hand"] if entry["legal"]]
    click_card(table, legal[0])
    assert table.waiting  # the bots wait to answer the learner's card
    with _within(20):
        for _ in range(200):  # the bots move one step at a time, never forever
            if not table.waiting:
                break
            act, _delay = table.waiting.pop(0)
            act()
            from_browser(table, {"type": "language", "lang": "fr" if spoken() == "en" else "en"})
        assert not table.waiting and not table.state["busy"]
