"""The learning path in a notebook: a lesson's links and its exercises, from ``path.toml``.

A lesson notebook stays thin::

    path = learning_path("../path.toml")
    path.nav("mililla/following.ipynb")        # the path, the glossary, the rules, the next step
    ...prose and demonstrations...
    path.exercises("mililla/following.ipynb")  # the lesson's exercises, then the next step

A lesson may show only some exercises of a topic file (those whose first rule id it
teaches), while the browser keeps one progress record per file: :class:`LessonExercises`
checks that record against every id of the file, so the stars a learner earned in
another lesson are kept, never dropped.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets

from cardschool.engine.exercises import Exercise, file_key
from cardschool.engine.exercises import messages as _exercise_messages  # noqa: F401
from cardschool.engine.learning_path import LearningPath, PathError, load_path
from cardschool.engine.messages import Message, message, render

from . import lesson_messages as _words  # noqa: F401  (registers the links' words)
from .exercise import ExerciseWidget
from .first_deal import DealDone
from .speaking import PageHTML

__all__ = ["GLOSSARY", "LANDING", "RULES_PAGE", "LessonExercises", "PathView", "learning_path"]

log = logging.getLogger(__name__)

LANDING = "index.ipynb"
"""The landing page, where the path is shown (relative to the path file)."""
GLOSSARY = "glossary.ipynb"
"""The glossary page (relative to the path file)."""
RULES_PAGE = "rules.ipynb"
"""A game's Rules page, in the game's folder (``<game>/rules.ipynb``, relative to the path file)."""
_A = 'style="color:#0b57d0;text-decoration:underline" href='
"""How a link of the path looks: like a link, whatever the page's own styles."""


class LessonExercises(ExerciseWidget):
    """Some exercises of a file; the file's progress record is checked against all its ids."""

    def __init__(
        self,
        items: Sequence[Exercise],
        file: str,
        every_id: Sequence[str],
        *,
        first: int = 1,
        of: int | None = None,
        more_below: bool = False,
    ) -> None:
        self.every_id = tuple(every_id)
        super().__init__(items, file, first=first, of=of, more_below=more_below)

    def _progress_ids(self) -> Sequence[str]:
        """Every exercise id of the lesson's file, not only this box's."""
        return self.every_id


class PathView:
    """The learning path as a notebook shows it: links and exercises per lesson."""

    def __init__(self, path: LearningPath) -> None:
        self.path = path

    def words(self, said: Message) -> str:
        """``said`` in words, HTML-escaped: the one place the path's links become text."""
        return html.escape(render(said), quote=False)

    def links(self, notebook: str) -> str:
        """The HTML links of a lesson: the path, the glossary, the game's rules, the next step."""
        path, words = self.path, self.words
        step = path.step(notebook)
        steps = path.of_game(step.game)
        title = path.titles[step.game]
        where = message("lesson:link.step", game=title, at=steps.index(step) + 1, steps=len(steps))
        rules = words(message("lesson:link.rules"))
        parts = [
            link(path.href(notebook, LANDING), words(message("lesson:link.path"))),
            f"<span>{words(where)}</span>",
            link(path.href(notebook, GLOSSARY), words(message("lesson:link.glossary"))),
            link(path.href(notebook, f"{step.game}/{RULES_PAGE}"), rules),
        ]
        after = path.next_step(notebook)
        if after is not None:
            said = message("lesson:link.next", title=after.title)
            parts.append(link(path.href(notebook, after.notebook), words(said)))
        else:
            practice = path.href(notebook, f"{step.game}/practice.ipynb")
            parts.append(link(practice, words(message("lesson:link.practice"))))
        label = words(message("lesson:link.label"))
        return f'<nav class="cardschool-path" aria-label="{label}">{" · ".join(parts)}</nav>'

    def deal_done(self, notebook: str, table: Any) -> DealDone:
        """Keep in the browser that the whole-deal step ``notebook`` is done once ``table``'s
        deal is over (the landing page marks the step done)."""
        step = self.path.step(notebook)
        if step.kind != "hand":
            raise PathError(f"{notebook} is not a whole-deal step of the path")
        return DealDone(table, file_key(step.notebook))

    def nav(self, notebook: str) -> PageHTML:
        """A lesson's links, shown at its top with the language switch (a widget: its links
        open in the same tab; drawn again in the page's language)."""
        return PageHTML(lambda: self.links(notebook), switch=True)

    def exercises(self, notebook: str) -> ipywidgets.VBox:
        """A lesson's exercises, file by file, then its links (the next step)."""
        shown = self.path.shown(notebook)
        if not shown:
            raise PathError(f"{notebook} shows no exercises")
        parts: list[ipywidgets.Widget] = []
        total = sum(len(items) for _name, items in shown)
        first = 1
        for at, (name, items) in enumerate(shown):
            last = first + len(items) - 1
            if len(shown) > 1:  # one lesson, several files: say which part of the lesson this is
                span = ".span" if last > first else ""
                said = message(f"exercise:box{span}", first=first, last=last, total=total)
                parts.append(PageHTML(lambda said=said: f"<h4>{self.words(said)}</h4>"))
            every = [e.id for e in self.path.file_exercises(name)]
            # numbered on through the lesson: the second box starts where the first ended, and
            # Next on the last exercise of a box goes on to the box below
            below = at + 1 < len(shown)
            box = LessonExercises(
                items, str(self.path.root / name), every, first=first, of=total, more_below=below
            )
            parts.append(box)
            first = last + 1
        parts.append(PageHTML(lambda: self.links(notebook)))
        return ipywidgets.VBox(parts)


def link(href: str, text: str) -> str:
    """A link of the path's bar to ``href`` (escaped here), reading ``text`` (HTML already)."""
    return f'<a {_A}"{html.escape(href)}">{text}</a>'


def learning_path(path: str | Path = "../path.toml") -> PathView:
    """The learning path of ``path.toml`` (relative to the notebook), for a lesson to show."""
    return PathView(load_path(path))
