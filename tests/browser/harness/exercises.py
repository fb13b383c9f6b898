"""The Mililla file of exercises on beating a card, for the browser tests.

The notebook runs in this folder, so the path reaches the shipped file from here, as a
lesson's path reaches it from its own folder.
"""

from __future__ import annotations

from cardschool.widgets import ExerciseWidget, exercises

BEAT = "../../../tutorial/exercises/mililla/beat.toml"
STORAGE_KEY = "cardschool/v1/progress/mililla/beat.toml"


def beat_exercises() -> ExerciseWidget:
    """The widget over ``tutorial/exercises/mililla/beat.toml``."""
    return exercises(BEAT)
