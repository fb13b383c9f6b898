"""The class pages as the notebooks open them: the real page where the class store can run.

The class records live in a database on a server (SQLAlchemy, Alembic: the ``app`` extra),
reached directly or through a class server (``reaching.py``). The static site runs Python
in the browser, where there is no such database: there the pages are the real ones when the
site knows a class server (built with one, or one typed), and otherwise say plainly that a
class needs the served app or a class server (no Join box, no board), instead of failing
on an import, above a box where the class server's address can be typed once
(:class:`~.server_box.ServerBox`): once it answers, the real page takes the note's place.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets

from cardschool.engine.messages import message

from ..speaking import language_bar
from .reaching import class_store_reachable
from .words import Words

__all__ = ["ServerNote", "join_class", "needs_server", "teacher"]

_PAGE = Words()
"""Where these notes' messages become words (the reader's language, issue 27)."""


def _paragraphs(*ids: str) -> str:
    """The messages ``ids``, each its own paragraph (escaped)."""
    return "".join(f"<p>{html.escape(_PAGE.words(message(id)))}</p>" for id in ids)


class ServerNote(ipywidgets.VBox):
    """A plain note that something (a message id: joining or teaching) needs the served app,
    under the language switch; said again when the page speaks another language (issue 27:
    on the static site it is the page's only widget, so it asks for the page's language).

    With ``then`` (the real page's maker), the note has a box for a class server's address
    under it; once one answers, the real page takes the note's place."""

    def __init__(self, what: str, then: Callable[[], Any] | None = None) -> None:
        self.what = what
        self.note = ipywidgets.HTML(self._html())
        bar = language_bar()
        bar.respoken.append(self._speak_again)
        self.box: Any = None
        """The class server box (``server_box.py``), or None."""
        shown: list[Any] = [bar, self.note]
        if then is not None:
            from .server_box import ServerBox

            self.box = ServerBox()
            self.box.listeners.append(lambda _address: self._open(then))
            shown.append(self.box)
        super().__init__(shown)

    def _open(self, then: Callable[[], Any]) -> None:
        """A class server answers: the real page in the note's place."""
        self.children = (then(),)

    @property
    def value(self) -> str:
        """The note's HTML (the page was one ``ipywidgets.HTML`` before it had a switch)."""
        return self.note.value

    def _html(self) -> str:
        head = html.escape(_PAGE.words(message(self.what)))
        return (
            "<div class='cs-needs-server' role='note'>"
            f"<p><strong>{head}</strong></p>"
            + _paragraphs(
                "classroom:why-not-here", "classroom:what-works-here", "classroom:where-instead"
            )
            + "</div>"
        )

    def _speak_again(self) -> None:
        """The page speaks another language: the note in its words (the box's too)."""
        self.note.value = self._html()
        if self.box is not None:
            self.box.speak_again()


def needs_server(what: str, then: Callable[[], Any] | None = None) -> ServerNote:
    """A plain note that ``what`` (a message id: joining or teaching) needs the served app;
    with ``then``, a box for a class server's address, and ``then()``'s page once one answers."""
    return ServerNote(what, then)


def teacher(exercises: str | Path = "exercises") -> Any:
    """The teacher's page, or a note that it needs the served version or a class server
    (no class store here), with a box for the class server's address."""
    if not class_store_reachable():
        return needs_server("classroom:teach-needs-server", lambda: _teacher_page(exercises))
    return _teacher_page(exercises)


def _teacher_page(exercises: str | Path) -> Any:
    """The real teacher's page."""
    from .teacher import teacher as teacher_page

    return teacher_page(exercises)


def join_class(exercises: str | Path = "exercises") -> Any:
    """The student's class page, or a note that it needs the served version or a class
    server, with a box for the class server's address."""
    if not class_store_reachable():
        return needs_server("classroom:join-needs-server", lambda: _class_page(exercises))
    return _class_page(exercises)


def _class_page(exercises: str | Path) -> Any:
    """The real class page, with how to join above its Join box."""
    from .student import join_class as class_page

    page = class_page(exercises)
    said = ("classroom:join-how", "classroom:join-leave")
    how = ipywidgets.HTML(_paragraphs(*said))
    page.children = (how, *page.children)  # said only where the Join box is

    def speak_again() -> None:
        """The page speaks another language: the note in its words too (issue 27)."""
        how.value = _paragraphs(*said)

    page.widget.respoken.append(speak_again)
    return page
