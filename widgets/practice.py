"""Practice: a whole match against the bots, with a choice of bot level and deal code.

``practice("mille")`` in a notebook shows a small control row (the bots' level) over a
table where the learner sits at seat 0 and the bots take the other seats. Changing the
level deals a new hand with bots of that level, or the same deal again if a deal code
was typed in the table's code box.
"""

from __future__ import annotations

import importlib
from typing import Any

import ipywidgets

from cardschool.engine import dealcode
from cardschool.engine.games import game_spec
from cardschool.engine.protocol import LEVELS
from cardschool.engine.session import HUMAN, Session

from .game_table import GameTable

__all__ = ["Practice", "practice", "table_class", "table_for"]

LEVEL_LABELS = {"random": "Random", "basic": "Basic", "expert": "Expert"}
"""The words of the level dropdown."""


def table_class(game: str) -> type[GameTable]:
    """The table front end of the game called ``game``, as its spec names it."""
    module, _, name = game_spec(game).table.partition(":")
    return getattr(importlib.import_module(module), name)


def table_for(session: Session, **options: Any) -> GameTable:
    """A table of the session's game over ``session``."""
    if not isinstance(session, Session):
        raise ValueError(f"no table for {session!r}: give a Session")
    return table_class(session.kind)(session, **options)


class Practice(ipywidgets.VBox):
    """A practice table with its control row; ``.table`` is the game table."""

    def __init__(self, table: GameTable, level: str) -> None:
        self.table = table
        self.level = ipywidgets.Dropdown(
            options=[(LEVEL_LABELS[name], name) for name in LEVELS],
            value=level,
            description="Bots:",
            layout=ipywidgets.Layout(width="12rem"),
        )
        self.level.observe(self._level_changed, names="value")
        self._following = False
        table.listeners.append(self._table_event)
        note = ipywidgets.HTML(
            "<small>Changing the level deals a new hand (the same one again if you typed a "
            "deal code).</small>"
        )
        row = ipywidgets.HBox([self.level, note], layout=ipywidgets.Layout(align_items="center"))
        super().__init__([row, table])

    def _table_event(self, event: str, detail: Any) -> None:
        """A new session on the table (a typed deal code carries its bots): the dropdown follows."""
        if event == "session" and detail.level != self.level.value:
            self._following = True
            try:
                self.level.value = detail.level
            finally:
                self._following = False

    def _level_changed(self, change: dict[str, Any]) -> None:
        """The dropdown moved: the bots change, on a new deal or the typed deal code."""
        if self._following:
            return
        level = change["new"]
        self.table.safely(lambda: self.table.set_levels(level))


def practice(
    kind: str, level: str | None = None, code: str | None = None, **options: Any
) -> Practice:
    """A practice match of the game ``kind`` (``"mille"``): you at seat 0, bots at ``level``.

    ``code`` starts from a deal code (``MIL-7K3Q``), whose bots' level is used unless
    ``level`` is given (Basic without either); ``options`` go to the table
    (``hints=True``, ``speed=400``, ``title=...``).
    """
    spec = game_spec(kind)
    if level is None:
        level = dealcode.read(code).level if code else "basic"
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}: choose one of {', '.join(LEVELS)}")
    if code and dealcode.decode(code)[0] != kind:
        raise ValueError(f"{code} is not a {spec.title} deal code")
    seats = (HUMAN,) + (level,) * (spec.seats - 1)
    session = Session.from_code(code, seats) if code else Session.new(kind, seats=seats)
    options.setdefault("title", f"{spec.title}: practice")
    table = table_for(session, **options)
    table.typed_code = code
    return Practice(table, level)
