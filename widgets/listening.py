"""Listeners of a widget: told what happened, as the kernel saw it, for a class record.

A widget that others follow (a game table, an exercise) keeps a list of ``listeners``,
each called as ``listener(event, detail)``; the class recorder (``classroom/recording.py``)
and the practice page are such listeners. :func:`tell` tells them, and a listener that
fails is logged and never stops the widget. :class:`Listened` gives a widget that telling;
:class:`TableListeners` is a game table's: what a class record of a deal counts (a move
refused by a rule, the session on the table, the deal ended by the kernel).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from cardschool.engine.session import Session

__all__ = ["Listened", "Listener", "TableListeners", "tell"]

log = logging.getLogger(__name__)

Listener = Callable[[str, Any], None]
"""Called as ``listener(event, detail)``."""


def tell(listeners: list[Listener], event: str, detail: Any, owner: str) -> None:
    """Tell every listener; one that fails is logged (with ``owner``) and never stops the rest."""
    for listener in list(listeners):
        try:
            listener(event, detail)
        except Exception:
            log.exception("%s: a listener failed on %r", owner, event)


class Listened:
    """A widget with ``listeners``: :meth:`_notify` tells each of them an event."""

    listeners: list[Listener]

    def _notify(self, event: str, detail: Any) -> None:
        """Tell every listener; one that fails is logged and never stops the widget."""
        tell(getattr(self, "listeners", []), event, detail, type(self).__name__)


class TableListeners:
    """One game table's listeners, and the finish of a deal already told."""

    def __init__(self, owner: str) -> None:
        self._owner = owner
        self.listeners: list[Listener] = []
        """Called as ``listener(event, detail)`` for what a class record counts: ``"refused"``
        (the rule id), ``"hint"``, ``"coach"``, ``"session"`` (a new one is on the table) and
        ``"finished"`` (the deal just ended, as the kernel played it; ``None``)."""
        self._finished_at: int | None = None

    def tell(self, event: str, detail: Any) -> None:
        """Tell every listener; one that fails is logged and never stops the table."""
        tell(self.listeners, event, detail, self._owner)

    def new_session(self, session: Session) -> None:
        """A session was just put on the table: told, and its finish not told yet."""
        self._finished_at = None
        self.tell("session", session)

    def finished(self, session: Session) -> None:
        """Tell a deal the kernel just ended, once per finish (an undo and a new end: again)."""
        plies = len(session.steps)
        if session.deal_over and self._finished_at != plies:
            self._finished_at = plies
            self.tell("finished", None)
