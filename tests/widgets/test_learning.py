"""A lesson's links and exercises from the learning path; progress of a shared topic file kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_table_widget import from_browser

from cardschool.engine.exercises import answers
from cardschool.widgets.learning import LessonExercises, learning_path

TUTORIAL = Path(__file__).parents[2] / "tutorial"
PATH = learning_path(TUTORIAL / "path.toml")


def test_a_lesson_links_back_to_the_path_the_glossary_and_on_to_the_next_step():
    links = PATH.links("mililla/following.ipynb")
    assert 'href="../index.ipynb">← The path' in links
    assert 'href="../glossary.ipynb"' in links
    assert 'href="rules.ipynb">Rules</a>' in links  # the game's Rules page, beside the lesson
    assert 'href="trumps-and-sevens.ipynb">Next: Trumps, the tricks and the 7s' in links
    assert "step 2 of" in links
    last = PATH.path.of_game("mille")[-1].notebook
    assert 'href="practice.ipynb"' in PATH.links(last)


def test_a_lesson_shows_only_the_exercises_of_the_rules_it_teaches():
    box = PATH.exercises("mililla/following.ipynb")
    widgets = [child for child in box.children if isinstance(child, LessonExercises)]
    assert widgets, "the lesson shows exercises"
    for widget in widgets:
        assert all(e.rules[0] in ("mililla.follow", "mililla.beat") for e in widget.items)
    assert "Next:" in box.children[-1].value
    total = sum(len(w.items) for w in widgets)
    heads = [c.value for c in box.children if not isinstance(c, LessonExercises)][:-1]
    assert len(heads) == len(widgets) and f"of this lesson's {total}" in heads[-1]


def test_a_lessons_boxes_number_their_exercises_on_through_the_lesson():
    box = PATH.exercises("mililla/cards.ipynb")
    widgets = [child for child in box.children if isinstance(child, LessonExercises)]
    assert len(widgets) > 1, "this lesson shows exercises of more than one file"
    total = sum(len(w.items) for w in widgets)
    numbers = []
    for widget in widgets:
        assert widget.state["of"] == total
        for index in range(len(widget.items)):
            numbers.append(widget.state["first"] + index)
    assert numbers == list(range(1, total + 1))


def test_next_on_a_boxs_last_exercise_goes_on_to_the_box_below():
    """Issue 25.9: "Exercise 7 of 9" has Next (to the box below), and a box of one exercise
    is headed "Exercise 9 of this lesson's 9", not "Exercises 9 of the lesson's 9"."""
    box = PATH.exercises("mililla/cards.ipynb")
    widgets = [child for child in box.children if isinstance(child, LessonExercises)]
    heads = [c.value for c in box.children if not isinstance(c, LessonExercises)][:-1]
    for widget, head in zip(widgets, heads, strict=True):
        last = widget.state["first"] + len(widget.items) - 1
        span = f"{widget.state['first']} to {last}" if len(widget.items) > 1 else f"{last}"
        word = "Exercises" if len(widget.items) > 1 else "Exercise"
        assert f"{word} {span} of this lesson's {widget.state['of']}" in head
    for widget in widgets[:-1]:
        widget._go(len(widget.items) - 1)
        assert widget.state["can_next"] and widget.state["next_below"]
    widgets[-1]._go(len(widgets[-1].items) - 1)
    assert not widgets[-1].state["can_next"] and not widgets[-1].state["next_below"]


def test_numbers_that_do_not_fit_the_lesson_are_refused():
    widget = _follow_widget()
    with pytest.raises(ValueError, match="do not fit"):
        LessonExercises(widget.items, widget.file, widget.every_id, first=2, of=len(widget.items))


def _follow_widget() -> LessonExercises:
    box = PATH.exercises("mililla/trumps-and-sevens.ipynb")
    return next(w for w in box.children if isinstance(w, LessonExercises) and "follow" in w.file)


def test_stars_earned_in_another_lesson_on_the_same_file_are_kept():
    widget = _follow_widget()
    elsewhere = next(i for i in widget.every_id if i not in {e.id for e in widget.items})
    record = {"version": 1, "file": widget.file, "stars": {elsewhere: 3}}
    from_browser(widget, {"type": "progress", "record": record})
    assert widget.record["stars"] == {elsewhere: 3}
    assert widget.state["notice"] is None
    right = answers(widget.exercise)[0]
    try_ = right if isinstance(right, str) else list(right)
    from_browser(widget, {"type": "try", "try": try_, "rev": widget.state["rev"]})
    assert widget.record["stars"] == {elsewhere: 3, widget.exercise.id: 3}


def test_a_forged_record_is_ignored_with_a_plain_line():
    widget = _follow_widget()
    forged = {"version": 1, "file": widget.file, "stars": {"<script>": 3}}
    from_browser(widget, {"type": "progress", "record": forged})
    assert widget.record["stars"] == {}
    assert "ignored" in widget.state["notice"]


def test_a_table_takes_only_a_relative_notebook_link_to_the_glossary():
    import pytest
    import traitlets

    from cardschool.engine.session import Session
    from cardschool.widgets import MilleTable

    session = Session.from_code("MIL-0042", seats=["human", "basic"])
    table = MilleTable(session, glossary="../glossary.ipynb")
    assert table.glossary == "../glossary.ipynb"
    for bad in ("javascript:alert(1)", "https://example.org/x.ipynb", "../a b.ipynb"):
        with pytest.raises(traitlets.TraitError, match="relative"):
            table.glossary = bad
    assert table.glossary == "../glossary.ipynb"


def test_titles_from_the_path_file_are_escaped_in_the_links(tmp_path):
    from cardschool.widgets.learning import PathView

    (tmp_path / "path.toml").write_text(
        '[[game]]\nname = "mille"\ntitle = "<i>Mille</i>"\n'
        '[[game.step]]\nnotebook = "mille/a.ipynb"\nkind = "hand"\n'
        'title.en = "A"\ntitle.fr = "A"\ntitle.es = "A"\n'
        '[[game.step]]\nnotebook = "mille/b.ipynb"\nkind = "hand"\n'
        'title.en = "<script>x</script>"\ntitle.fr = "<b>"\ntitle.es = "<b>"\n'
    )
    from cardschool.engine.learning_path import load_path

    links = PathView(load_path(tmp_path / "path.toml")).links("mille/a.ipynb")
    assert "<script>" not in links and "&lt;script&gt;x&lt;/script&gt;" in links
    assert "&lt;i&gt;Mille&lt;/i&gt;, step 1 of 2" in links
