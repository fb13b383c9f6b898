"""Assignments as links from the class page: a deal to its practice page, exercises to a lesson.

A deal opens ``<game>/practice.ipynb?deal=CODE`` (the practice page opens a link's deal, see
``widgets/saves.py``); an exercise file opens the first lesson of the learning path
(``path.toml``) that shows exercises of that file. Work done there by a joined student is
recorded with the same target (the deal code, or ``<file>#<id>``), so the board counts it
against the assignment. Links are relative to the class page, which sits beside
``path.toml``; every part is escaped or quoted where it is shown.
"""

from __future__ import annotations

import html
from pathlib import Path
from urllib.parse import quote

from cardschool.engine import dealcode
from cardschool.engine.learning_path import LearningPath, load_path

__all__ = ["assignment_href", "lesson_of", "link_html"]

PRACTICE = "{game}/practice.ipynb"
"""Each game's practice notebook, relative to the class page."""


def lesson_of(path: LearningPath, file: str) -> str | None:
    """The first lesson notebook that shows exercises of ``file`` (``<game>/<topic>.toml``)."""
    for step in path.steps:
        for name, _items in path.shown(step.notebook) if step.files else ():
            if path.file_keys().get(name) == file:
                return step.notebook
    return None


def assignment_href(kind: str, target: str, path: LearningPath | None) -> str | None:
    """The link that opens an assignment, relative to the class page; None if there is none."""
    if kind == "deal":
        try:
            game = dealcode.read(target).game
        except ValueError:
            return None
        return f"{PRACTICE.format(game=quote(game))}?deal={quote(target, safe='')}"
    if path is None:
        return None
    notebook = lesson_of(path, target)
    return quote(notebook) if notebook else None


def load_links_path(exercises: Path) -> LearningPath | None:
    """The learning path beside the exercises folder, or None when it cannot be read."""
    try:
        return load_path(exercises.parent / "path.toml")
    except (OSError, ValueError):
        return None


def link_html(words: str, href: str | None) -> str:
    """An assignment's words as a link to its page (no href: the words only), escaped."""
    text = html.escape(words)
    if not href:
        return f"<span class='cs-assignment-words'>{text}</span>"
    return f"<a class='cs-assignment-link' href='{html.escape(href)}'>{text}</a>"
