"""The checker: every exercise reads, has right and wrong tries, is decided by its rules,
and has the same answers whatever the hidden cards are.

``check_paths(paths)`` returns the problems of files and folders (every ``*.toml`` under
a folder); ``python -m cardschool.engine.exercises check PATH...`` prints them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from ..errors import SavedGameError
from .answers import (
    NO_CLEAR_BEST,
    best_judgement,
    game_of,
    judged_tries,
    question_answer,
    score_lines,
)
from .load import read_text
from .model import Decide, Exercise, Play, Problem, Score

__all__ = ["SEEDS", "Problem", "check_exercise", "check_paths", "check_text", "exercise_files"]

_LINE = re.compile(r"\bline (\d+)\b")

SEEDS = range(5)
"""The fillings of the hidden cards every answer must agree on."""


def _deciding_rules(exercise: Exercise) -> set[str]:
    """The rules that decide the exercise: of its answers and refused tries, its question,
    or its score's lines."""
    game = game_of(exercise, SEEDS[0])
    match exercise.task:
        case Decide():
            return {question_answer(exercise, game).rule}
        case Score():
            return {line.rule for line in score_lines(exercise, game)}
    return {verdict.rule for _, verdict in judged_tries(exercise, SEEDS[0]) if verdict.rule}


def check_exercise(exercise: Exercise) -> list[Problem]:
    """The problems of one exercise (none when it is sound)."""

    def problem(message: str, line: int = 0) -> list[Problem]:
        return [Problem(exercise.file, line or exercise.line, exercise.id, message)]

    try:
        game_of(exercise, SEEDS[0])
    except (SavedGameError, ValueError) as error:
        found = _LINE.search(str(error))
        line = exercise.file_line(int(found.group(1))) if found else 0
        return problem(f"the position does not read: {error}", line)
    if isinstance(exercise.task, Play) and exercise.task.goal == "best":
        try:
            judgement = best_judgement(game_of(exercise, SEEDS[0]))
        except ValueError as error:
            return problem(f"the task does not fit the position: {error}")
        if not judgement.clear:
            return problem(f"{NO_CLEAR_BEST} (best {judgement.best}, not by a clear margin)")
    try:
        filled = [judged_tries(exercise, seed) for seed in SEEDS]
        rules = _deciding_rules(exercise)
    except (SavedGameError, ValueError) as error:
        return problem(f"the task does not fit the position: {error}")
    found: list[Problem] = []
    first = filled[0]
    if not any(verdict.right for _, verdict in first):
        found += problem("the task has no right answer")
    if not any(not verdict.right for _, verdict in first):
        found += problem("the task has no wrong answer")
    if not rules & set(exercise.rules):
        named, deciding = ", ".join(exercise.rules), ", ".join(sorted(rules))
        found += problem(f"the rules {named} do not decide it (the engine cites {deciding})")

    def right(tries: list) -> set[str]:
        return {str(attempt) for attempt, verdict in tries if verdict.right}

    for seed, tries in zip(SEEDS, filled, strict=True):
        if right(tries) != right(first):
            found += problem(
                f"the answer depends on the hidden cards (seed {seed} differs from seed "
                f"{SEEDS[0]}): write out the cards it turns on"
            )
            break
    return found


def check_text(text: str, file: str = "<text>") -> tuple[int, list[Problem]]:
    """How many exercises a file's text holds, and every problem found in it."""
    exercises, problems = read_text(text, file)
    for exercise in exercises:
        problems += check_exercise(exercise)
    return len(exercises), problems


def exercise_files(paths: Iterable[str | Path]) -> list[Path]:
    """The files named, and every ``*.toml`` under the folders named."""
    files: list[Path] = []
    for path in map(Path, paths):
        files += sorted(path.rglob("*.toml")) if path.is_dir() else [path]
    return files


def check_paths(paths: Iterable[str | Path]) -> tuple[int, list[Problem]]:
    """Check files and folders: the number of exercises and every problem, ids unique."""
    count, problems = 0, []
    ids: dict[str, str] = {}
    for path in exercise_files(paths):
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            problems.append(Problem(str(path), 0, "", f"cannot read: {error.strerror}"))
            continue
        exercises, found = read_text(text, str(path))
        for exercise in exercises:
            if exercise.id in ids:
                found.append(
                    Problem(
                        exercise.file, exercise.line, exercise.id, f"id also in {ids[exercise.id]}"
                    )
                )
            ids.setdefault(exercise.id, f"{exercise.file}:{exercise.line}")
            found += check_exercise(exercise)
        count += len(exercises)
        problems += found
    return count, problems
