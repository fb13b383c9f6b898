"""The learning path: every lesson listed, each ends in exercises, each rule taught once,
where its exercises are; every exercise file and every exercise used."""

from pathlib import Path

import nbformat
import pytest

from cardschool.engine.exercises import load_file
from cardschool.engine.exercises.check import exercise_files
from cardschool.engine.learning_path import PathError, load_path
from cardschool.engine.rulebook import RULES

TUTORIAL = Path(__file__).parents[2] / "tutorial"
PATH = load_path(TUTORIAL / "path.toml")
SETUP = {
    "mille.cut",
    "mille.deal",
    "mille.next-dealer",
    "mililla.teams",
    "mililla.direction",
    "mililla.dealer",
    "mililla.deal",
}
"""The set-up rules (cut, deal, seats, direction): taught in each game's first lesson."""


def test_the_path_lists_every_lesson_notebook():
    lessons = {
        str(path.relative_to(TUTORIAL))
        for path in TUTORIAL.glob("*/*.ipynb")
        if path.name not in {"practice.ipynb", "rules.ipynb"}
        and ".ipynb_checkpoints" not in path.parts
    }
    assert lessons == {step.notebook for step in PATH.steps}
    assert PATH.games() == ["mille", "mililla"]


def test_every_rule_id_is_taught_in_exactly_one_lesson_set_up_rules_first():
    taught = [rule for step in PATH.steps for rule in step.teaches]
    assert sorted(taught) == sorted(RULES)
    for game in PATH.games():
        first = PATH.of_game(game)[0]
        assert {rule for rule in SETUP if rule.startswith(game + ".")} <= set(first.teaches)


def test_every_exercise_file_is_used_and_every_exercise_shown_exactly_once():
    files = {str(p.relative_to(TUTORIAL)) for p in exercise_files([TUTORIAL / "exercises"])}
    assert files == set(PATH.files())
    for name in files:
        for exercise in load_file(TUTORIAL / name):
            showing = [s.notebook for s in PATH.steps if name in s.files and s.shows(exercise)]
            assert len(showing) == 1, (exercise.id, showing)
            assert PATH.step(showing[0]).game == exercise.game


def test_each_rule_is_taught_in_the_lesson_whose_exercises_practise_it():
    practised = {
        rule for name in PATH.files() for e in PATH.file_exercises(name) for rule in e.rules
    }
    for step in PATH.steps:
        shown = [e for _file, group in PATH.shown(step.notebook) for e in group]
        for exercise in shown:
            if step.teaches:
                assert exercise.rules[0] in step.teaches, (step.notebook, exercise.id)
        for rule in step.teaches:
            if rule in practised:
                assert any(rule in e.rules for e in shown), (step.notebook, rule)
    assert practised == set(RULES)


def _code(notebook: str) -> list[str]:
    cells = nbformat.read(TUTORIAL / notebook, as_version=4).cells
    return [cell.source for cell in cells if cell.cell_type == "code"]


@pytest.mark.parametrize("step", PATH.steps, ids=lambda step: step.notebook)
def test_each_lesson_ends_in_its_exercises_and_links_on(step):
    code = _code(step.notebook)
    if step.kind == "hand":
        assert "Table(" in "".join(code)
    else:
        assert PATH.shown(step.notebook), step.notebook
        assert "exercises(" in code[-1], "the lesson's last code cell shows its exercises"
    assert f'"{step.notebook}"' in "".join(code), "the lesson asks the path for its links"


STEP_A = '[[game]]\nname = "mille"\n[[game.step]]\nnotebook = "mille/a.ipynb"\n'
TITLES = 'title.en = "A"\ntitle.fr = "A"\ntitle.es = "A"\n'
"""A path file's one step, and its title in each language."""


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[game]]\nname = "chess"\n', "names a game"),
        ('[[game]]\nname = "mille"\n', "has no steps"),
        ('[[game]]\nname = "mille"\n[[game.step]]\nnotebook = "../x.ipynb"\n', "notebook"),
        (
            STEP_A + TITLES + 'teaches = ["mille.dance"]\n'
            'exercises = ["exercises/mille/draw.toml"]\n',
            "not rule ids",
        ),
        (
            STEP_A + TITLES,
            "ends in exercises",
        ),
        ("[[game]\n", "path.toml"),
        (
            STEP_A + 'title = "A"\n',
            "needs a title in each language: title.en, title.fr, title.es",
        ),
        (
            STEP_A + 'title.en = "A"\ntitle.fr = " "\nkind = "hand"\n',
            r"needs a title in each language: title\.fr, title\.es missing or empty",
        ),
        (
            STEP_A + TITLES + 'title.de = "A"\nkind = "hand"\n',
            "title.de is not in a language the school speaks",
        ),
    ],
)
def test_a_bad_path_file_is_refused_with_the_reason(tmp_path, text, message):
    (tmp_path / "path.toml").write_text(text)
    with pytest.raises(PathError, match=message):
        load_path(tmp_path / "path.toml")
