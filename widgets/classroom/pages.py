"""The class pages as the notebooks open them: the real page where the class store can run.

The class records live in a database on a server (SQLAlchemy, Alembic: the ``app`` extra).
The static site runs Python in the browser, where there is no such database: there the
teacher's and the students' pages say so plainly, with a link to the served version,
instead of failing on an import.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import ipywidgets

from .joined import class_store_runs_here

__all__ = ["SERVED_APP", "join_class", "needs_server", "teacher"]

SERVED_APP = "https://mybinder.org/v2/gh/cardschool/cardschool/HEAD?urlpath=voila%2Frender%2Ftutorial%2F{page}"
"""The served version of a page (``{page}``: the notebook): the README's Binder launch."""


def needs_server(page: str, what: str) -> ipywidgets.HTML:
    """A plain note that ``what`` needs the served version, with a link to that page there."""
    link = html.escape(SERVED_APP.format(page=page), quote=True)
    return ipywidgets.HTML(
        "<div class='cs-needs-server' role='note'>"
        f"<p><strong>{html.escape(what)} needs the served version of cardschool.</strong> "
        "This copy of the school runs in your browser alone, and a class's records are kept "
        "on a server, so there is no class here. Lessons, exercises and practice work "
        "here as everywhere.</p>"
        f"<p><a href='{link}' target='_blank' rel='noopener'>Open this page on the served "
        "version</a>, or ask your teacher for their school's address.</p></div>"
    )


def teacher(exercises: str | Path = "exercises") -> Any:
    """The teacher's page, or a note that it needs the served version (no class store here)."""
    if not class_store_runs_here():
        return needs_server("teacher.ipynb", "Teaching a class")
    from .teacher import teacher as teacher_page

    return teacher_page(exercises)


def join_class(exercises: str | Path = "exercises") -> Any:
    """The student's class page, or a note that it needs the served version."""
    if not class_store_runs_here():
        return needs_server("class.ipynb", "Joining a class")
    from .student import join_class as class_page

    return class_page(exercises)
