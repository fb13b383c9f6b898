"""The path's order: an exercise asks only what its lesson or an earlier one has taught.

``check_order(path_file)`` walks each game's steps of the learning path in order, adding up
the rule ids taught so far, and returns a problem for every exercise a step shows that
names a rule id not taught yet, or that the expert judges (a ``best`` play goal) before the
rules its measure rests on (``GameSpec.measure_rules``: what wins a hand or a round).
"""

from __future__ import annotations

from pathlib import Path

from ..games import game_spec
from ..learning_path import load_path
from .model import Exercise, Play, Problem

__all__ = ["check_order", "untaught"]


def untaught(exercise: Exercise, taught: set[str]) -> list[str]:
    """The rule ids an exercise needs that are not in ``taught``: its own rules, and those
    of the expert's measure when the expert judges it."""
    needed = list(exercise.rules)
    if isinstance(exercise.task, Play) and exercise.task.goal == "best":
        needed += game_spec(exercise.game).measure_rules
    return [rule for rule in dict.fromkeys(needed) if rule not in taught]


def check_order(path_file: str | Path) -> list[Problem]:
    """Every exercise of the path shown before the lesson teaching what it asks."""
    path = load_path(path_file)
    found: list[Problem] = []
    for game in path.games():
        taught: set[str] = set()
        for step in path.of_game(game):
            taught |= set(step.teaches)
            for _name, exercises in path.shown(step.notebook):
                for exercise in exercises:
                    missing = untaught(exercise, taught)
                    if missing:
                        found.append(
                            Problem(
                                exercise.file,
                                exercise.line,
                                exercise.id,
                                f"shown in {step.notebook}, before the lesson teaching "
                                f"{', '.join(missing)}",
                            )
                        )
    return found
