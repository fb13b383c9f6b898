"""The landing page's path: progress per lesson from checked records, and where to continue."""

from __future__ import annotations

from pathlib import Path

from test_table_widget import from_browser

from cardschool.engine.learning_path import load_path
from cardschool.widgets.front_end import with_storage
from cardschool.widgets.landing import LandingWidget

TUTORIAL = Path(__file__).parents[2] / "tutorial"
PATH = load_path(TUTORIAL / "path.toml")


def _game(widget: LandingWidget, name: str) -> dict:
    return next(g for g in widget.state["games"] if g["name"] == name)


def _solve_lesson(notebook: str, stars: int = 3) -> dict:
    """The records a browser holds once every exercise of a lesson is solved."""
    records: dict[str, dict] = {}
    for name, group in PATH.shown(notebook):
        key = PATH.file_keys()[name]
        record = records.setdefault(key, {"version": 1, "file": key, "stars": {}})
        record["stars"] |= {e.id: stars for e in group}
    return records


def test_a_new_learner_sees_every_step_unsolved_and_continues_with_the_first():
    widget = LandingWidget(PATH)
    from_browser(widget, {"type": "progress", "records": {}})
    mililla = _game(widget, "mililla")
    assert [s["href"] for s in mililla["steps"]] == [s.notebook for s in PATH.of_game("mililla")]
    first = mililla["steps"][0]
    assert first["solved"] == 0 and first["total"] > 0 and not first["done"]
    assert mililla["continue"]["href"] == "mililla/cards.ipynb"
    assert widget.state["notices"] == []


def test_a_solved_lesson_shows_as_done_and_the_next_is_to_continue():
    widget = LandingWidget(PATH)
    from_browser(widget, {"type": "progress", "records": _solve_lesson("mililla/cards.ipynb")})
    mililla = _game(widget, "mililla")
    first = mililla["steps"][0]
    assert first["done"] and first["solved"] == first["total"]
    assert first["stars"] == 3 * first["total"]
    assert mililla["continue"]["href"] == "mililla/following.ipynb"
    assert not _game(widget, "mille")["steps"][0]["done"]


def test_a_damaged_record_is_ignored_with_a_plain_line_and_the_others_count():
    widget = LandingWidget(PATH)
    records = _solve_lesson("mililla/cards.ipynb", stars=2)
    records["mililla/beat.toml"] = {"version": 1, "file": "mililla/beat.toml", "stars": {"x": 9}}
    from_browser(widget, {"type": "progress", "records": records})
    assert any("mililla/beat.toml was ignored" in line for line in widget.state["notices"])
    assert _game(widget, "mililla")["steps"][0]["stars"] > 0


def test_a_forged_message_changes_nothing_but_a_plain_line():
    widget = LandingWidget(PATH)
    from_browser(widget, {"type": "progress", "records": _solve_lesson("mililla/cards.ipynb")})
    before = _game(widget, "mililla")
    for forged in (
        {"type": "progress", "records": {"../../etc/passwd": {}}},
        {"type": "progress", "records": []},
        {"type": "delete"},
        "<script>",
    ):
        from_browser(widget, forged)
        assert widget.state["notices"], forged
        assert _game(widget, "mililla") == before
    from_browser(widget, update={"state": {"games": []}})
    assert _game(widget, "mililla") == before


def test_the_landing_front_end_reads_through_the_storage_module_and_draws_text_only():
    esm, css = with_storage("landing")
    assert "function readEntry" in esm and "import" not in esm
    assert "innerHTML" not in esm and "textContent" in esm
    assert ".cs-landing" in css


def test_a_whole_deal_step_is_named_with_its_games_word_for_a_deal():
    widget = LandingWidget(PATH)
    for game, word in (("mille", "hand"), ("mililla", "round")):
        hands = [s for s in _game(widget, game)["steps"] if s["kind"] == "hand"]
        assert hands and all(s["deal"] == word for s in hands), game
        # the step's title says the same word as the line under it
        assert all(word in s["title"] for s in hands), game


def test_a_whole_deal_step_is_done_once_its_deal_was_played_to_the_end():
    """Issue 25.9: the first hand/round is marked done after a finished deal: the lesson's
    marker keeps a record once the table's deal is over, and the landing page reads it."""
    from types import SimpleNamespace

    import traitlets

    from cardschool.widgets.learning import learning_path

    class Table(traitlets.HasTraits):
        state = traitlets.Dict()

        def __init__(self) -> None:
            super().__init__()
            self.session = SimpleNamespace(game=SimpleNamespace(deal_over=False))

    table = Table()
    marker = learning_path(TUTORIAL / "path.toml").deal_done("mille/first-hand.ipynb", table)
    assert marker.record == {}
    table.session.game.deal_over = True
    table.state = {"rev": 2}
    kept = marker.record
    assert kept == {"version": 1, "file": "mille/first-hand.ipynb", "stars": {"deal": 1}}
    widget = LandingWidget(PATH)
    hand = next(s for s in _game(widget, "mille")["steps"] if s["kind"] == "hand")
    assert not hand["done"] and "mille/first-hand.ipynb" in widget.files
    from_browser(widget, {"type": "progress", "records": {"mille/first-hand.ipynb": kept}})
    hand = next(s for s in _game(widget, "mille")["steps"] if s["kind"] == "hand")
    assert hand["done"] and widget.state["notices"] == []
    rounds = next(s for s in _game(widget, "mililla")["steps"] if s["kind"] == "hand")
    assert not rounds["done"]


def test_every_word_the_page_shows_comes_in_words_from_python():
    """Each step's progress line, the labels and the notices are rendered messages, so the
    front end only places them."""
    widget = LandingWidget(PATH)
    from_browser(widget, {"type": "progress", "records": []})
    assert widget.notices[0].id == "lesson:landing.unreadable"
    assert widget.state["notices"] == [
        "Your saved progress could not be read: the records must be an object, by file."
    ]
    mililla = _game(widget, "mililla")
    assert mililla["steps_label"] == "Mililla: the steps"
    lesson = next(s for s in mililla["steps"] if s["kind"] != "hand")
    assert lesson["progress"] == f"0 of {lesson['total']} solved, ★ 0"
    hand = next((s for s in mililla["steps"] if s["kind"] == "hand"), None)
    if hand is not None:
        assert hand["progress"] == f"a whole {hand['deal']} against the bots"
    assert widget.state["words"]["continue"] == "Continue: "
    assert widget.state["words"]["label"] == "Your learning path"
