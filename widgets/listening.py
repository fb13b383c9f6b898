"""Listeners of a widget: told what happened, as the kernel saw it, for a class record.

A widget that others follow (a game table, an exercise) keeps a list of ``listeners``,
each called as ``listener(event, detail)``; the class recorder (``classroom/recording.py``)
and the practice page are such listeners. :class:`Listened` tells them, and a listener that
fails is logged and never stops the widget. :class:`TellsListeners` is a game table's part:
what a class record of a deal counts (a move refused by a rule, the session on the table,
the deal ended by the kernel).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from cardschool.engine.session import Session

__all__ = ["Listened", "TellsListeners"]

log = logging.getLogger(__name__)

Listener = Callable[[str, Any], None]
"""Called as ``listener(event, detail)``."""


class Listened:
    """A widget with ``listeners``: :meth:`_notify` tells each of them an event."""

    listeners: list[Listener]

    def _notify(self, event: str, detail: Any) -> None:
        """Tell every listener; one that fails is logged and never stops the widget."""
        for listener in list(getattr(self, "listeners", ())):
            try:
                listener(event, detail)
            except Exception:
                log.exception("%s: a listener failed on %r", type(self).__name__, event)


class TellsListeners(Listened):
    """The listened part of a game table (mixed into :class:`GameTable`, which has the
    session and the replay these methods read, and the ``refuse`` this one extends)."""

    _session: Session
    _replay: Any
    _finished_at: int | None

    def _init_listeners(self) -> None:
        """No listener yet, no deal told as finished (before the first session is put on)."""
        self.listeners = []
        """Called as ``listener(event, detail)`` for what a class record counts: ``"refused"``
        (the rule id), ``"hint"``, ``"coach"``, ``"session"`` (a new one is on the table) and
        ``"finished"`` (the deal just ended, as the kernel played it; ``None``)."""
        self._finished_at = None

    def refuse(self, text: str, *, rule: str | None = None) -> None:
        """Show why a click was refused; a refusal by a rule is told to the listeners."""
        if rule is not None:
            self._notify("refused", rule)
        super().refuse(text, rule=rule)

    def _tell_new_session(self) -> None:
        """A session was just put on the table: told, and its finish not told yet."""
        self._finished_at = None
        self._notify("session", self._session)

    def _tell_if_finished(self) -> None:
        """Tell a deal the kernel just ended, once per finish (an undo and a new end: again)."""
        plies = len(self._session.steps)
        if self._session.deal_over and self._finished_at != plies and self._replay is None:
            self._finished_at = plies
            self._notify("finished", None)
