"""Exercises as data: the shipped files pass the checker, broken ones are caught with their
line, the engine judges right and wrong tries with its rule, and the command's exit status."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardschool.engine.exercises import (
    Choose,
    Decide,
    ExerciseFileError,
    Play,
    Score,
    answers,
    check_paths,
    file_title,
    judge,
    load_file,
    load_text,
)
from cardschool.engine.exercises.__main__ import main
from cardschool.engine.exercises.check import SEEDS, check_text, exercise_files
from cardschool.engine.languages import LANGUAGES
from cardschool.engine.rulebook import RULES

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "tutorial" / "exercises"
FILES = exercise_files([SHIPPED])
EXERCISES = [exercise for path in FILES for exercise in load_file(path)]

MILILLA_BEAT = """
dealer East
trump 5O
South: KC 2C 6O AE 3E KB 5B 4B 2B AB
East: 5O KO JO 3O AO 7C 6C 5C 2E JB
North: JC 7O 4O KE HE 6E 5E 3B 6B
West: 3C AC HO 2O 7E JE 4E HB 7B
trick North: 4C HC
"""
MILLE_DRAW = """
to move: South
phase: draw
South hand: 9H 9C 5D QS JD 2C 4H 4S KD 7C 8D 3S 6H AC
North hand: +15
pile: 4D 3C 9S
"""


def prompt_in(en: str, fr: str, es: str) -> dict[str, str]:
    """A prompt in each language, for :func:`toml`."""
    return {"en": en, "fr": fr, "es": es}


def toml(position: str, **keys: object) -> str:
    """One ``[[exercise]]`` table: the keys given (text, a list as TOML, a dict as dotted
    keys: ``prompt.en = ...``) and a position."""
    lines = ["[[exercise]]"]
    for key, value in keys.items():
        if isinstance(value, dict):
            lines += [f'{key}.{part} = "{text}"' for part, text in value.items()]
        elif isinstance(value, list):
            lines.append(f"{key} = [{', '.join(repr(v).replace(chr(39), chr(34)) for v in value)}]")
        else:
            lines.append(f'{key} = "{value}"')
    lines.append(f'position = """{position}"""')
    return "\n".join(lines) + "\n"


def beat(**changes: object) -> str:
    keys: dict[str, object] = {
        "id": "beat",
        "game": "mililla",
        "rules": ["mililla.beat"],
        "prompt": prompt_in("Beat it.", "Montez.", "Monta."),
        "task": "play",
        "goal": "beat",
    }
    keys.update(changes)
    return toml(MILILLA_BEAT, **keys)


def problems_of(text: str) -> list:
    return check_text(text, "t.toml")[1]


# -- the shipped files --------------------------------------------------------------------


def test_the_shipped_files_pass_the_checker():
    count, problems = check_paths([SHIPPED])
    assert not problems, "\n".join(map(str, problems))
    assert count == len(EXERCISES) >= 40
    assert len({exercise.id for exercise in EXERCISES}) == count


def test_shipped_exercises_practise_every_rule_id():
    covered = {rule for exercise in EXERCISES for rule in exercise.rules}
    assert sorted(set(RULES) - covered) == []
    assert {exercise.game for exercise in EXERCISES} == {"mille", "mililla"}
    kinds = {type(exercise.task) for exercise in EXERCISES}
    assert kinds == {Play, Choose, Decide, Score}


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.id)
def test_shipped_answers_do_not_depend_on_the_seed(exercise):
    first = answers(exercise, SEEDS[0])
    assert first
    for seed in (*SEEDS[1:], 1234):
        assert answers(exercise, seed) == first


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.id)
def test_each_shipped_answer_is_judged_right(exercise):
    for answer in answers(exercise):
        verdict = judge(exercise, answer)
        assert verdict.right and verdict.rule and verdict.text


# -- judging ------------------------------------------------------------------------------


def test_judge_a_play_task_right_and_wrong_with_the_engines_rule():
    (exercise,) = load_text(beat())
    assert answers(exercise) == ("KC",)
    right = judge(exercise, "KC")
    assert right.right and right.rule == "mililla.beat"
    wrong = judge(exercise, "2C")
    assert not wrong.right and wrong.rule == "mililla.beat" and "King of cups" in wrong.text
    off_suit = judge(exercise, "6O")
    assert not off_suit.right and off_suit.rule == "mililla.follow"
    unreadable = judge(exercise, "nonsense")
    assert not unreadable.right and unreadable.rule == ""


def test_judge_a_legal_move_that_misses_the_goal():
    text = toml(
        MILLE_DRAW,
        id="pile",
        game="mille",
        rules=["mille.draw.pile"],
        prompt=prompt_in("Take the pile.", "Prenez la defausse.", "Toma la pila."),
        task="play",
        goal="take-pile",
    )
    (exercise,) = load_text(text)
    assert answers(exercise) == ("pile 9H 9C",)
    assert judge(exercise, "pile 9C 9H").right
    stock = judge(exercise, "stock")
    assert not stock.right and stock.rule == "mille.draw.pile"
    # the move in words, not its notation ("Stock is legal" read as English on a Spanish page)
    assert stock.text == "drawing from the stock is allowed, but the goal is to take the pile"
    wild = judge(exercise, "pile 9H 2C")
    assert not wild.right and wild.rule == "mille.draw.pile"


def test_judge_choose_decide_and_score():
    (choose,) = load_text(beat(task="choose", goal=None).replace('goal = "None"\n', ""))
    assert answers(choose) == ("KC",)
    assert judge(choose, ["KC"]).right
    missed = judge(choose, [])
    assert not missed.right and missed.rule == "mililla.beat" and "KC may be played" in missed.text
    extra = judge(choose, "KC 2C")
    assert not extra.right and "2C may not be played" in extra.text
    (decide,) = load_text(
        beat(task="decide", goal=None, question="may", about="2C").replace('goal = "None"\n', "")
    )
    assert answers(decide) == ("no",)
    assert judge(decide, "No").right
    assert judge(decide, "yes").rule == "mililla.beat"
    score = next(e for e in EXERCISES if e.id == "mille.score.naturals")
    assert isinstance(score.task, Score) and answers(score) == ("90",)
    wrong = judge(score, "45")
    assert not wrong.right and wrong.rule == "mille.score.naturals"
    assert "went out natural: double" in wrong.text and "90 in all" in wrong.text


def test_a_marking_is_told_every_card_marked_wrongly_and_every_card_missing():
    """Marking only KB (issue 25.1): KB is wrong and both cups are missing, all in one verdict."""
    partner = next(e for e in EXERCISES if e.id == "mililla.follow.partner")
    assert answers(partner) == ("4C JC",)
    told = judge(partner, ["KB"])
    assert not told.right and told.rule == "mililla.follow"
    assert told.text.startswith("Marked but wrong: KB. Not marked but right: JC, 4C.")
    assert "KB may not be played" in told.text
    assert "JC may be played too" in told.text and "4C may be played too" in told.text
    half = judge(partner, ["4C"])
    assert half.text.startswith("JC may be played too") and "wrong" not in half.text
    extra = judge(partner, ["4C", "JC", "KB", "AB"])
    assert extra.text.startswith("Marked but wrong: KB, AB.") and "missing" not in extra.text


def test_a_trick_winner_the_rest_of_the_trick_can_change_is_refused():
    """Issue 25.11: West's Horse wins so far, but South's King of cups can still beat it."""
    text = beat(task="decide", goal=None, question="trick-winner", rules=["mililla.trick"])
    (problem,) = problems_of(text.replace('goal = "None"\n', ""))
    assert "asks about a trick still being played" in problem.message
    assert "South could still change the answer with KC" in problem.message
    shipped = next(e for e in EXERCISES if e.id == "mililla.trick.winner")
    assert answers(shipped) == ("West",)  # nobody left to play can beat West's trump there


def test_a_wrong_try_never_changes_the_answer():
    (exercise,) = load_text(beat())
    for attempt in ("2C", "6O", "KC", "xx"):
        judge(exercise, attempt)
    assert answers(exercise) == ("KC",)


# -- the checker catches every problem, with its line ---------------------------------------


def test_a_file_that_is_not_toml_is_reported_with_its_line():
    (problem,) = problems_of('[[exercise]]\nid = "a"\ngame = mililla\n')
    assert problem.line == 3 and "not TOML" in problem.message


def test_a_position_that_does_not_read_gives_the_files_line():
    bad = beat().replace("trick North: 4C HC", "trick North: 4C 3C")
    bad = bad.replace("West: 3C AC", "West: HC AC")
    (problem,) = problems_of(bad)
    assert problem.id == "beat" and "the position does not read" in problem.message
    assert "West cannot play 3C" in problem.message
    assert bad.splitlines()[problem.line - 1] == "trick North: 4C 3C"


def test_no_right_answer_and_no_wrong_one():
    lead = toml(
        "\ndealer West\ntrump 5O\n"
        "South: 7E 3E 5E KB 5B 4B 2B AB 4C HC\n"
        "East: HO 6C 3B 7C 2E AC JE 3O 7O KC\n"
        "North: AO KE 6E 5C 7B 2C HE 4O JC 3C\n"
        "West: KO 4E 6O 6B AE JO JB 2O HB 5O\n",
        id="lead",
        game="mililla",
        rules=["mililla.lead"],
        prompt=prompt_in("Lead.", "Entamez.", "Sal."),
        task="play",
    )
    (problem,) = problems_of(lead)
    assert problem.message == "the task has no wrong answer" and problem.line == 2
    beat_on_lead = lead.replace('task = "play"', 'task = "play"\ngoal = "beat"')
    messages = [p.message for p in problems_of(beat_on_lead)]
    assert "the task has no right answer" in messages


def test_a_rule_that_does_not_decide_it():
    (problem,) = problems_of(beat(rules=["mililla.seven"]))
    assert "the rules mililla.seven do not decide it" in problem.message
    assert "mililla.beat" in problem.message and problem.line == 2


@pytest.mark.parametrize(
    ("shipped", "rules", "cited"),
    [
        ("mille.score.naturals", ["mille.score.stack"], "mille.score.naturals"),
        ("mililla.trick.winner", ["mililla.beat"], "mililla.trick"),
        ("mille.meld.own.theirs", ["mille.meld.set"], "mille.meld.own"),
    ],
)
def test_score_and_decide_tasks_must_be_decided_by_their_rules(shipped, rules, cited):
    exercise = next(e for e in EXERCISES if e.id == shipped)
    text = Path(exercise.file).read_text()
    lines = text.splitlines()
    start = exercise.line - 2  # the [[exercise]] header
    end = next(
        (n for n in range(start + 1, len(lines)) if lines[n].startswith("[[exercise]]")),
        len(lines),
    )
    table = "\n".join(lines[start:end]).replace(
        f"rules = {list(exercise.rules)!r}".replace("'", '"'),
        f"rules = {rules!r}".replace("'", '"'),
    )
    (problem,) = problems_of(table)
    assert "do not decide it" in problem.message and cited in problem.message


def test_an_answer_that_depends_on_hidden_cards():
    text = toml(
        "\nto move: South\nphase: meld\nSouth hand: 9H +5\nNorth hand: +15\npile: 4D\n",
        id="hidden",
        game="mille",
        rules=["mille.meld.set"],
        prompt=prompt_in("Meld.", "Posez.", "Baja."),
        task="play",
        goal="meld",
    )
    messages = [p.message for p in problems_of(text)]
    assert any("depends on the hidden cards" in m for m in messages), messages


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": "poker"}, "unknown game 'poker'"),
        ({"rules": ["mililla.nothing"]}, "'mililla.nothing' is not a rule id"),
        ({"rules": ["mille.deck"]}, "'mille.deck' is not a rule of Mililla"),
        ({"task": "guess"}, "task must be play, choose, decide, score"),
        ({"colour": "red"}, "unknown key 'colour'"),
        ({"id": "Bad Id"}, "an id is lower-case"),
        ({"goal": "fly"}, "mililla has no play goal 'fly'"),
    ],
)
def test_malformed_exercises_are_reported_with_id_and_line(change, message):
    problems = problems_of("# a comment\n\n" + beat(**change))
    assert problems and message in problems[0].message
    assert problems[0].line == 4


def test_a_missing_key_and_a_repeated_id():
    text = beat() + "\n" + beat()
    (problem,) = problems_of(text)
    second = len(beat().splitlines()) + 3  # the blank line, the header, then the id
    assert problem.message == "id already used on line 2" and problem.line == second
    without = "\n".join(line for line in beat().splitlines() if not line.startswith("prompt"))
    (problem,) = problems_of(without)
    assert problem.message == "missing key 'prompt'"
    with pytest.raises(ExerciseFileError, match="missing key 'prompt'"):
        load_text(without)


def test_a_prompt_is_kept_in_every_language():
    (exercise,) = load_text(beat())
    assert dict(exercise.prompt) == {"en": "Beat it.", "fr": "Montez.", "es": "Monta."}
    assert exercise.prompt.said() == "Beat it." and exercise.prompt.said("es") == "Monta."
    shipped = {language: 0 for language in LANGUAGES}
    for each in EXERCISES:
        assert tuple(each.prompt) == LANGUAGES, each.id
        for language, text in each.prompt.items():
            shipped[language] += bool(text.strip())
    assert shipped == {language: len(EXERCISES) for language in LANGUAGES}


@pytest.mark.parametrize(
    ("prompt", "message"),
    [
        (
            {"en": "Beat it.", "fr": "Montez."},
            "prompt.es is missing: a prompt is written in en, fr, es",
        ),
        (
            {"en": "Beat it."},
            "prompt.fr and prompt.es are missing: a prompt is written in en, fr, es",
        ),
        ({"en": "Beat it.", "fr": "  ", "es": "Monta."}, "prompt.fr is empty"),
        (
            {"en": "Beat it.", "fr": "Montez.", "es": "Monta.", "de": "Schlag es."},
            "prompt.de: 'de' is not a language the school speaks (en, fr, es)",
        ),
    ],
    ids=["missing", "two-missing", "empty", "unknown"],
)
def test_a_prompt_missing_or_empty_in_a_language_is_refused(prompt, message):
    problems = problems_of("# a comment\n\n" + beat(prompt=prompt))
    assert [str(problem) for problem in problems] == [f"t.toml:4: beat: {message}"]
    with pytest.raises(ExerciseFileError, match=re.escape(message)):
        load_text(beat(prompt=prompt), "t.toml")


def test_a_plain_text_prompt_is_refused_naming_the_fix():
    (problem,) = problems_of(beat(prompt="Beat it."))
    assert (problem.line, problem.id) == (2, "beat")
    assert problem.message == (
        'a prompt is written once per language: prompt.en = "...", prompt.fr = "...", '
        'prompt.es = "...", not prompt = "..."'
    )
    assert "prompt.es" in str(problems_of(beat(prompt="")).pop())
    number = beat().replace('prompt.fr = "Montez."', "prompt.fr = 7")
    assert problems_of(number)[0].message == "prompt.fr must be text"


def test_a_file_s_title_is_written_once_per_language_and_every_shipped_file_has_one(tmp_path):
    """The class page names an exercise file by its title, in the page's language."""
    titled = '# a comment\ntitle.en = "Beating"\ntitle.fr = "Monter"\ntitle.es = "Montar"\n\n'
    assert problems_of(titled + beat()) == []
    (tmp_path / "t.toml").write_text(titled + beat(), encoding="utf-8")
    title = file_title(tmp_path / "t.toml")
    assert title is not None and dict(title) == {"en": "Beating", "fr": "Monter", "es": "Montar"}
    half = 'title.en = "Beating"\ntitle.fr = "Monter"\n\n'
    (problem,) = problems_of(half + beat())
    assert problem.message == "title.es is missing: a title is written in en, fr, es"
    (tmp_path / "half.toml").write_text(half + beat(), encoding="utf-8")
    assert file_title(tmp_path / "half.toml") is None  # malformed: the checker says why
    assert file_title(tmp_path / "gone.toml") is None
    for path in sorted(SHIPPED.glob("*/*.toml")):
        title = file_title(path)
        assert title is not None and tuple(title) == LANGUAGES, path


# -- the command ----------------------------------------------------------------------------


def test_the_command_exit_status(tmp_path, capsys):
    assert main(["check", str(SHIPPED)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"ok: {len(EXERCISES)} exercises in {len(FILES)} file(s)")
    assert out.count("\n") == 1
    bad = tmp_path / "bad.toml"
    bad.write_text(beat(rules=["mililla.seven"]))
    assert main(["check", str(bad)]) == 1
    assert f"{bad}:2: beat: the rules mililla.seven" in capsys.readouterr().out
    assert main([]) == 2 and main(["verify", str(bad)]) == 2


def test_the_module_runs_as_a_command():
    run = subprocess.run(
        [sys.executable, "-m", "cardschool.engine.exercises", "check", str(SHIPPED)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0 and run.stdout.startswith("ok: ")


def test_the_readme_example_file_passes_the_checker():
    readme = (ROOT / "README.md").read_text()
    example = readme.split("```toml\n", 1)[1].split("```", 1)[0]
    count, problems = check_text(example, "README.md")
    assert count == 2 and not problems


def test_verdicts_task_misfits_and_progress_refusals_are_messages():
    """A verdict carries its sentence as a message; a task that does not fit and a damaged
    progress record are Told errors whose ``str`` is the catalog's English."""
    from cardschool.engine.errors import Told
    from cardschool.engine.exercises import ProgressError, check_record
    from cardschool.engine.exercises.answers import TaskError, question_answer
    from cardschool.engine.exercises.answers import game_of as position_of
    from cardschool.engine.messages import Message

    (exercise,) = load_text(beat())
    verdict = judge(exercise, "2C")
    assert isinstance(verdict.said, Message) and verdict.text and "King of cups" in verdict.text
    keys = {
        "id": "ask",
        "game": "mililla",
        "rules": ["mililla.beat"],
        "prompt": prompt_in("Who?", "Qui ?", "Quien?"),
    }
    (asked,) = load_text(toml(MILILLA_BEAT, **keys, task="decide", question="no-such"))
    with pytest.raises(TaskError) as caught:
        question_answer(asked, position_of(asked))
    assert isinstance(caught.value, Told) and isinstance(caught.value, ValueError)
    assert str(caught.value) == "mililla has no question 'no-such'"
    with pytest.raises(ProgressError) as refused:
        check_record({"version": 1, "file": "a/b.toml", "stars": {"x": 9}}, "a/b.toml", ["x"])
    assert refused.value.said.id == "exercise:record.stars"
    assert str(refused.value) == "stars must be a whole number from 0 to 3"
