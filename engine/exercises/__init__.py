"""Exercises as data: a position, a prompt and a task, answered by the engine.

An exercise file (TOML, one per topic) never holds an answer: ``answers`` and ``judge``
ask the game's engine, through the registry, so an exercise can never teach something
the engine does not do. ``python -m cardschool.engine.exercises check PATH...`` checks
files. No Jupyter imports here: widgets call this package, notebooks only show.
"""

from __future__ import annotations

from .answers import answers, game_of, judge
from .check import Problem, check_exercise, check_paths
from .load import ExerciseFileError, file_title, load_file, load_text
from .model import Choose, Decide, Exercise, Play, Score, Task, Verdict
from .progress import (
    Progress,
    ProgressError,
    check_record,
    empty_record,
    file_key,
    progress_summary,
)

__all__ = [
    "Choose",
    "Decide",
    "Exercise",
    "ExerciseFileError",
    "Play",
    "Problem",
    "Progress",
    "ProgressError",
    "Score",
    "Task",
    "Verdict",
    "answers",
    "check_exercise",
    "check_paths",
    "check_record",
    "empty_record",
    "file_key",
    "file_title",
    "game_of",
    "judge",
    "load_file",
    "load_text",
    "progress_summary",
]
