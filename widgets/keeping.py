"""A game table's part that keeps its game in the browser and takes it back (``saves.py``).

After every redraw the table publishes its save in its synced ``kept`` trait, which the
front end (``static/saves.js``) writes to the browser's storage. As the page starts, the
front end sends what it had stored with the page's query string, once, as a ``resume``
intent; :func:`~cardschool.widgets.saves.resume` checks it like any click and, when it
holds, the table goes on with the session it describes (:meth:`TableKeeper.continue_with`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardschool.engine.messages import message
from cardschool.engine.session import Session

from . import saves
from .intents import ResumeIntent

if TYPE_CHECKING:
    from .game_table import GameTable

__all__ = ["WORDS", "TableKeeper"]

WORDS = {"elsewhere": "table:open-elsewhere", "take": "table:open-elsewhere.take"}
"""What the front end says when this game is kept by another tab of the browser: its
messages, by the key the front end reads (in the table's words in ``kept``)."""


class TableKeeper:
    """One table's kept game: the save being checked, whether a save was taken back yet.

    It sets the table's ``kept`` trait and calls its ``set_session``, ``cancel_later`` and
    ``refresh``; ``saves.py`` reads the table through its public face.
    """

    def __init__(self, table: GameTable) -> None:
        self._table = table
        self._resumed = False
        self.on_continue: Callable[[Session], None] | None = None
        """Called with the session a save brought back (Practice sets its level from it)."""
        self.checking_save: object | None = None
        """The save being replayed a slice at a time (the table waits), or None; a new
        session on the table drops it (``saves.resume``)."""

    def start_checking_save(self) -> object:
        """The table waits (bots stopped, clicks refused) while a save is replayed; the
        ticket returned stays :attr:`checking_save` until a session is put on the table."""
        self._table.cancel_later()
        self.checking_save = ticket = object()
        return ticket

    def keep(self) -> None:
        """Publish the save of the game as it stands now (after every redraw)."""
        table = self._table
        words = {key: table.words(message(id)) for key, id in WORDS.items()}
        table.kept = {"name": saves.storage_name(table), "save": saves.save(table), "words": words}

    def continue_with(
        self, session: Session, *, hints: bool, typed: bool, coach: bool = False
    ) -> None:
        """Go on with a session a save brought back (its hints and coach, its typed code)."""
        table = self._table
        table.set_session(session, code=session.code if typed else None)
        table.hints_open = hints
        if self.on_continue is not None:
            self.on_continue(session)
        table.refresh()
        if coach != table.coach.on:  # the coach stays on across a reload
            table.coach.toggle()

    def resume(self, intent: ResumeIntent) -> None:
        """Once, as the page starts: a link's deal or the browser's save (later ones: nothing)."""
        if not self._resumed:
            self._resumed = True
            saves.resume(self._table, intent.save, intent.query)
