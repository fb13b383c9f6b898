"""A file of shipped exercises, for the browser tests: ``?file=mille/draw.toml`` picks it.

The notebook runs in this folder, so the path reaches the shipped file from here, as a
lesson's path reaches it from its own folder. Voilà hands the page's query string to the
kernel as ``QUERY_STRING``; without one the page shows the Mililla file on beating a card.
"""

from __future__ import annotations

import os
from urllib.parse import parse_qs

from cardschool.widgets import ExerciseWidget, exercises

FILES = ("mililla/beat.toml", "mille/draw.toml", "mille/meld.toml", "mille/scoring.toml")
"""The files a page may ask for."""
STORAGE_KEY = "cardschool/v1/progress/mililla/beat.toml"


def page_exercises() -> ExerciseWidget:
    """The widget over the file the page asks for (``mililla/beat.toml`` by default)."""
    name = parse_qs(os.environ.get("QUERY_STRING", "")).get("file", [FILES[0]])[0]
    if name not in FILES:
        raise ValueError(f"the harness shows only {', '.join(FILES)}")
    return exercises(f"../../../tutorial/exercises/{name}")
