"""Choose tasks beyond the legal cards (Mille's marks) and Mililla positions written with
hidden hands: judged by the engine's rules, the same answer on every filling, and a
broken one (the learner's own cards partly hidden) caught with its line."""

from __future__ import annotations

import pytest
from test_exercises import EXERCISES, MILLE_DRAW, problems_of, prompt_in, toml

from cardschool.engine.exercises import Choose, answers, judge, load_text
from cardschool.engine.exercises.answers import choose_cards, game_of
from cardschool.engine.exercises.check import SEEDS

MILLE_MELD = """
to move: South
phase: meld
South hand: KD 9H 7S 4H 2S QS
South melds: KH KS KC | 2H 2D 2C
North hand: +12
North melds: 7H 7D 7C
pile: 3C
"""


def mille_choose(position: str = MILLE_MELD, **changes: object) -> str:
    keys: dict[str, object] = {
        "id": "lay",
        "game": "mille",
        "rules": ["mille.meld.own"],
        "prompt": prompt_in("Mark every card you may add to your melds.", "Marquez.", "Marca."),
        "task": "choose",
        "mark": "lay-off",
    }
    keys.update(changes)
    return toml(position, **keys)


def test_lay_off_marks_the_cards_that_may_join_your_own_melds():
    (exercise,) = load_text(mille_choose())
    assert exercise.task == Choose("lay-off")
    game = game_of(exercise)
    assert choose_cards(exercise, game) == ["KD", "QS", "9H", "7S", "4H", "2S"]
    assert answers(exercise) == ("2S KD",)  # mille.wild: the 2 joins the Kings or the 2s
    assert judge(exercise, ["KD", "2S"]).right
    missed = judge(exercise, ["KD"])
    assert (missed.right, missed.rule) == (False, "mille.meld.own")
    assert missed.text.startswith("2S should be marked too")
    theirs = judge(exercise, ["KD", "2S", "7S"])
    assert (theirs.right, theirs.rule) == (False, "mille.meld.own")
    assert "7S should not be marked" in theirs.text and "not your opponent's" in theirs.text
    assert not judge(exercise, ["KD", "2S", "QS"]).right
    assert not judge(exercise, ["KD", "2S", "AH"]).right  # not in the hand


def test_worth_marks_the_cards_of_a_value():
    text = mille_choose(
        MILLE_DRAW,
        rules=["mille.values"],
        mark="worth",
        about="10",
        prompt=prompt_in("Worth 10?", "10 ?", "10?"),
    )
    (exercise,) = load_text(text)
    assert answers(exercise) == ("KD",)  # not QS (100), JD (50), AC (15), 9H (5), 2C (20)
    assert judge(exercise, ["KD"]).right
    wrong = judge(exercise, ["KD", "JD"])
    assert (wrong.right, wrong.rule) == (False, "mille.values")
    assert wrong.text == "JD should not be marked: The Jack of diamonds is worth 50"
    assert problems_of(text) == []


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"mark": "legal"}, "mille offers no choose task of legal cards"),
        ({"mark": "fly"}, "mille has no choose mark 'fly'"),
        ({"mark": "worth"}, "worth needs a number of points"),
        ({"about": "K"}, "lay-off takes no about"),
    ],
)
def test_a_choose_task_that_does_not_fit_is_reported(changes, message):
    problems = problems_of("# a comment\n" + mille_choose(**changes))
    assert len(problems) == 1 and problems[0].line == 3, problems
    assert message in problems[0].message


def test_lay_off_needs_a_drawn_hand():
    problems = problems_of(mille_choose(MILLE_DRAW))
    assert problems and "phase: meld" in problems[0].message


HIDDEN = [
    e
    for e in EXERCISES
    if e.game == "mililla" and any("+" in line for line in e.position.splitlines())
]


def test_at_least_three_mililla_exercises_hide_the_other_hands():
    assert len(HIDDEN) >= 3
    for exercise in HIDDEN:
        written = [
            line for line in exercise.position.splitlines() if line[:5] in ("East:", "West:")
        ]
        assert written and all(line.split(":")[1].strip().startswith("+") for line in written)


@pytest.mark.parametrize("exercise", HIDDEN, ids=lambda e: e.id)
def test_every_filling_differs_and_the_answer_does_not(exercise):
    assert len(SEEDS) >= 5
    fillings = {game_of(exercise, seed).position() for seed in SEEDS}
    assert len(fillings) == len(SEEDS)  # the checker really tries five different deals
    assert {answers(exercise, seed) for seed in SEEDS} == {answers(exercise)}


def test_an_answer_that_turns_on_the_learners_hidden_cards_is_caught_with_its_line():
    position = """
dealer East
trump 5O
South: 2C +9
East: +10
North: +9
West: +9
trick North: 4C HC
"""
    text = "# beat with some of your own cards hidden\n\n" + toml(
        position,
        id="mililla.hidden.broken",
        game="mililla",
        rules=["mililla.beat", "mililla.follow"],
        prompt=prompt_in("Mark every card you may play.", "Marquez.", "Marca."),
        task="choose",
    )
    problems = problems_of(text)
    assert [(p.line, p.id) for p in problems] == [(4, "mililla.hidden.broken")], problems
    assert "depends on the hidden cards" in problems[0].message
    assert str(problems[0]).startswith("t.toml:4: mililla.hidden.broken:")
