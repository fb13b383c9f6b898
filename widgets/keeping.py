"""A game table's part that keeps its game in the browser and takes it back (``saves.py``).

After every redraw the table publishes its save in the synced ``kept`` trait, which the
front end (``static/saves.js``) writes to the browser's storage. As the page starts, the
front end sends what it had stored with the page's query string, once, as a ``resume``
intent; :func:`~cardschool.widgets.saves.resume` checks it like any click and, when it
holds, the table goes on with the session it describes (:meth:`KeepsGame.continue_with`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import traitlets

from cardschool.engine.session import Session

from . import saves

__all__ = ["KeepsGame"]


class KeepsGame(traitlets.HasTraits):
    """The kept part of a game table (mixed into :class:`GameTable`, which has the session,
    ``set_session``, ``refresh`` and the guard of intents these methods use)."""

    kept = traitlets.Dict().tag(sync=True)
    """``{"name", "save"}``: the game as the browser keeps it (``saves.py``), after each redraw."""

    _hints_open: bool
    _resumed: bool
    on_continue: Callable[[Session], None] | None
    checking_save: object | None

    def _init_keeping(self) -> None:
        """Nothing taken back yet (before the first session is put on the table)."""
        self._resumed = False
        self.on_continue = None
        """Called with the session a save brought back (Practice sets its level from it)."""
        self.checking_save = None
        """The save being replayed a slice at a time (the table waits), or None; a new
        session on the table drops it (``saves.resume``)."""

    def start_checking_save(self) -> object:
        """The table waits (bots stopped, clicks refused) while a save is replayed; the
        ticket returned stays :attr:`checking_save` until a session is put on the table."""
        self.cancel_later()
        self.checking_save = ticket = object()
        return ticket

    def waiting_for(self) -> str:
        """While a save is checked, a click is told so (else the table's usual words)."""
        if self.checking_save is not None:
            return "your saved game is still being checked"
        return super().waiting_for()  # type: ignore[misc]

    def keep(self) -> None:
        """Publish the save of the game as it stands now (after every redraw)."""
        self.kept = {"name": saves.storage_name(self), "save": saves.save(self)}

    def continue_with(self, session: Session, *, hints: bool, typed: bool) -> None:
        """Go on with a session a save brought back (its hints setting, its typed code)."""
        self.set_session(session, code=session.code if typed else None)
        self._hints_open = hints
        if self.on_continue is not None:
            self.on_continue(session)
        self.refresh()

    def safely(self, act: Callable[[], None]) -> None:
        """Run ``act`` as an intent is run: a refusal or an error ends as a message."""
        self._guarded(act)

    def _on_resume(self, intent: dict[str, Any]) -> None:
        """Once, as the page starts: a link's deal or the browser's save (later ones: nothing)."""
        if not self._resumed:
            self._resumed = True
            saves.resume(self, intent["save"], intent["query"])
